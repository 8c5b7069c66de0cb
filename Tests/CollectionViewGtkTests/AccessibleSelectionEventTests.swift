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
}
