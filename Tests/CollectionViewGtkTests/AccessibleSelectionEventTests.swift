import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// 100x100 items in 800x600, seven a line, in multiple selection.
@MainActor
private func open() -> (CollectionView, Recorder, WidgetPointer) {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    let cv = bareCollectionView(layout)
    cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
    let recorder = Recorder(count: 40)
    recorder.collectionView = cv
    cv.dataSource = recorder
    cv.delegate = recorder
    cv.allowsMultipleSelection = true
    return (cv, recorder, GtkHarness.window(for: cv))
}

/// How many selection-changed events the view sends after `change`, once it sent all it will.
@MainActor
private func events(_ cv: CollectionView, file: StaticString = #filePath, line: UInt = #line, after change: () -> Void) -> Int {
    let before = cv.selection.accessibilityEventsSent
    change()
    GtkHarness.wait(for: "the selection-changed event to go", file: file, line: line) { !cv.selection.accessibilityEventPending }
    return cv.selection.accessibilityEventsSent - before
}

/// Whether GTK's accessibility reaches a bus here: not turned off (GTK_A11Y=none; GTK 4 ignores
/// NO_AT_BRIDGE) and the session bus has AT-SPI's bus launcher, which dbus-run-session starts
/// when at-spi2-core is installed. Nil when it does; else why not.
@MainActor
private func whyNoAccessibilityBus() -> String? {
    if ProcessInfo.processInfo.environment["GTK_A11Y"] == "none" { return "GTK_A11Y=none turns GTK's accessibility off" }
    var error: UnsafeMutablePointer<GError>?
    guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
        defer { g_error_free(error) }
        return "no D-Bus session bus (run under dbus-run-session): \(String(cString: error!.pointee.message))"
    }
    defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
    guard let reply = g_dbus_connection_call_sync(bus, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", nil, nil,
                                                  G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error) else {
        defer { g_error_free(error) }
        return "no accessibility bus (at-spi2-core's launcher): \(String(cString: error!.pointee.message))"
    }
    g_variant_unref(reply)
    return nil
}

/// The grid tells accessibility tools (AT-SPI's selection-changed) once per change of its
/// selection, as GtkGridView does; `scripts/a11y-probe.py` hears them beside GtkGridView's.
final class AccessibleSelectionEventTests: XCTestCase {

    func testOneEventPerChange() { MainActor.assumeIsolated {
        let (cv, r, window) = open()
        defer { GtkHarness.close(window); _ = r }
        let cell = { (item: Int) in GtkHarness.centre(of: cv.cellForItem(at: IndexPath(item: item, section: 0))!, in: window) }
        XCTAssertEqual(events(cv) { GtkHarness.pointer(window, at: cell(1), then: ["click", "1"]) }, 1, "a click")
        XCTAssertEqual(events(cv) {
            GtkHarness.pointer(window, at: cell(3), then: ["keydown", "ctrl", "click", "1", "keyup", "ctrl"])
        }, 1, "a Ctrl+click")
        XCTAssertEqual(events(cv) { GtkHarness.pointer(window, at: cell(9), then: ["click", "1"]) }, 1,
                       "a click that deselects two items and selects a third is one change")
        XCTAssertEqual(events(cv) { GtkHarness.keys("ctrl+a") }, 1, "Ctrl+A")
        XCTAssertEqual(events(cv) { GtkHarness.keys("Escape") }, 1, "Escape")
        XCTAssertEqual(events(cv) { cv.selectItem(at: IndexPath(item: 4, section: 0), animated: false, scrollPosition: []) }, 1,
                       "the app's selection counts too, as GtkGridView's model tells of it")
        XCTAssertEqual(events(cv) { cv.selectItem(at: IndexPath(item: 4, section: 0), animated: false, scrollPosition: []) }, 0,
                       "selecting a selected item changes nothing")
        XCTAssertEqual(events(cv) {
            cv.selectItems(in: 10..<20, inSection: 0)
            cv.deselectItem(at: IndexPath(item: 4, section: 0), animated: false)
        }, 1, "changes made together are one event")
        XCTAssertEqual(cv.indexPathsForSelectedItems.map(\.item), Array(10..<20))
    }}

    /// Calls that leave the selection as it was send nothing: selecting a range already
    /// selected, selecting all twice, turning multiple selection off with one item selected.
    func testNoEventWithoutAChange() { MainActor.assumeIsolated {
        let (cv, r, window) = open()
        defer { GtkHarness.close(window); _ = r }
        XCTAssertEqual(events(cv) { cv.selectItems(in: 10..<20, inSection: 0) }, 1)
        XCTAssertEqual(events(cv) { cv.selectItems(in: 12..<15, inSection: 0) }, 0, "a range already selected")
        XCTAssertEqual(events(cv) { cv.selectAllItems() }, 1)
        XCTAssertEqual(events(cv) { cv.selectAllItems() }, 0, "everything selected already")
        XCTAssertEqual(events(cv) { cv.deselectAllItems(); cv.selectItem(at: IndexPath(item: 4, section: 0), animated: false, scrollPosition: []) }, 1)
        XCTAssertEqual(events(cv) { cv.allowsMultipleSelection = false }, 0, "one item selected: single selection keeps it")
        XCTAssertEqual(cv.indexPathsForSelectedItems, [IndexPath(item: 4, section: 0)])
    }}

    /// The events go out on the accessibility bus: the shim sent every one (AT-SPI clients
    /// hear them; `scripts/a11y-probe.py --check` listens as one). The shim sends only on the
    /// GTK versions whose private AT-SPI context it was checked against (4.8.3) and when GTK's
    /// accessibility has a bus; anywhere else this is skipped, and the view sends nothing.
    func testTheEventsReachTheAccessibilityBus() throws { try MainActor.assumeIsolated {
        let version = (gtk_get_major_version(), gtk_get_minor_version(), gtk_get_micro_version())
        guard version == (4, 8, 3) else {
            throw XCTSkip("GTK \(version.0).\(version.1).\(version.2): the shim sends on GTK 4.8.3 only, the version it was checked on")
        }
        if let why = whyNoAccessibilityBus() { throw XCTSkip(why) }
        let (cv, r, window) = open()
        defer { GtkHarness.close(window); _ = r }
        let before = cv.selection.accessibilityEventsDelivered
        let sent = events(cv) { GtkHarness.pointer(window, at: GtkHarness.centre(of: cv.cellForItem(at: IndexPath(item: 1, section: 0))!, in: window),
                                                  then: ["click", "1"]) }
            + events(cv) { GtkHarness.keys("ctrl+a") }
            + events(cv) { cv.deselectItem(at: IndexPath(item: 2, section: 0), animated: false) }
        XCTAssertEqual(sent, 3)
        XCTAssertEqual(cv.selection.accessibilityEventsDelivered - before, sent, "every event went out on the bus")
    }}
}
