import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// `contentUnavailableConfiguration`: the empty state shows while the view has no item, goes
/// when a diffable apply brings items, comes back when they are deleted, and its button runs
/// its action on a real click.
final class EmptyStateTests: XCTestCase {
    /// Shown and opaque (its fade in done), over the whole viewport.
    @MainActor
    private static func isShown(_ cv: CollectionView) -> Bool {
        guard let view = cv.contentUnavailableView?.widget else { return false }
        return cv.isShowingContentUnavailable && gtk_widget_get_mapped(view) != 0 && gtk_widget_get_opacity(view) == 1
            && gtk_widget_get_width(view) == gtk_widget_get_width(cv.viewport) && gtk_widget_get_height(view) == gtk_widget_get_height(cv.viewport)
    }

    /// Gone: not drawn, not picked, not in the accessible tree (unmapped once its fade out ended).
    @MainActor
    private static func isHidden(_ cv: CollectionView) -> Bool {
        guard let view = cv.contentUnavailableView?.widget else { return true }
        return !cv.isShowingContentUnavailable && gtk_widget_get_mapped(view) == 0
    }

    func testItShowsWithNoItemsLeavesWithItemsAndComesBack() throws { try MainActor.assumeIsolated {
        let fixture = DiffableWindow()
        defer { fixture.close() }
        let cv = fixture.cv, source = fixture.source
        var added = 0
        cv.contentUnavailableConfiguration = ContentUnavailableConfiguration(
            iconName: "folder-symbolic", text: "Nothing Here Yet", secondaryText: "Items you add appear here.",
            button: .init(title: "_Add an Item") { added += 1 })
        // No snapshot applied yet: no section, no item.
        GtkHarness.wait(for: "the empty state to show") { Self.isShown(cv) }
        let view = try XCTUnwrap(cv.contentUnavailableView)
        XCTAssertTrue(gtk_widget_get_parent(view.widget) == cv.viewport)
        XCTAssertTrue(gtk_widget_get_next_sibling(view.widget) == cv.canvas, "just under the canvas")
        XCTAssertEqual(String(cString: gtk_label_get_text(view.labels.title.opaque)), "Nothing Here Yet")
        XCTAssertEqual(String(cString: gtk_label_get_text(view.labels.description.opaque)), "Items you add appear here.")
        XCTAssertEqual(gtk_label_get_justify(view.labels.description.opaque), GTK_JUSTIFY_CENTER)
        GtkHarness.screenshot(fixture.window, name: "empty-state")

        // Its button, clicked for real.
        let button = try XCTUnwrap(view.buttonWidget)
        GtkHarness.pointer(fixture.window, at: GtkHarness.windowPoint(of: button, x: Double(gtk_widget_get_width(button)) / 2,
                                                                        y: Double(gtk_widget_get_height(button)) / 2), then: ["click", "1"])
        GtkHarness.wait(for: "the button's action") { added == 1 }

        // Items come through an animated apply: it fades out.
        var snapshot = source.snapshot()
        try snapshot.appendSections(["a"])
        try snapshot.appendItems(["x", "y", "z"])
        XCTAssertTrue(fixture.applyAndWait(snapshot, animated: true))
        GtkHarness.wait(for: "the empty state to go") { Self.isHidden(cv) }
        XCTAssertNil(fixture.mismatch(snapshot))

        // The items deleted: it comes back, over the empty section.
        var none = source.snapshot()
        try none.deleteItems(["x", "y", "z"])
        XCTAssertTrue(fixture.applyAndWait(none, animated: true))
        GtkHarness.wait(for: "the empty state to come back") { Self.isShown(cv) }
        XCTAssertEqual(cv.numberOfSections, 1, "a section without items is empty too")

        // A reload that brings items (no animation), then one that takes them away.
        XCTAssertTrue(fixture.applyAndWait(snapshot))
        GtkHarness.wait(for: "the empty state to go after a reload") { Self.isHidden(cv) }
        source.applySnapshotUsingReloadData(none)
        GtkHarness.wait(for: "the empty state after a reload") { Self.isShown(cv) }

        // Another configuration changes the widgets in place; nil takes them away.
        cv.contentUnavailableConfiguration = .search()
        XCTAssertTrue(cv.contentUnavailableView === view, "the same widgets")
        XCTAssertEqual(String(cString: gtk_label_get_text(view.labels.title.opaque)), "No Results")
        XCTAssertNil(view.buttonWidget, "no button")
        cv.contentUnavailableConfiguration = nil
        XCTAssertNil(gtk_widget_get_parent(view.widget))
        XCTAssertNil(cv.contentUnavailableView)
    }}

    /// A long description wraps into lines no wider than its maximum, centred in the view, left
    /// to right and right to left.
    func testLongTextWrapsCentredWithinItsWidth() throws { try MainActor.assumeIsolated {
        for direction in [GTK_TEXT_DIR_LTR, GTK_TEXT_DIR_RTL] {
            let fixture = DiffableWindow(width: 1000, height: 700)
            defer { fixture.close() }
            let cv = fixture.cv
            for widget in [cv.widget, cv.viewport, cv.canvas] { gtk_widget_set_direction(widget, direction) }
            let sentence = "A description long enough to need several lines in the empty state. "
            cv.contentUnavailableConfiguration = ContentUnavailableConfiguration(iconName: "folder-symbolic", text: "Nothing",
                                                                                 secondaryText: String(repeating: sentence, count: 4))
            GtkHarness.wait(for: "the empty state to show") { Self.isShown(cv) }
            let label = try XCTUnwrap(cv.contentUnavailableView?.labels.description)
            gtk_widget_set_direction(label, direction)
            XCTAssertTrue(GtkHarness.settle(cv))
            let bounds = try XCTUnwrap(GtkHarness.bounds(of: label, in: cv.viewport))
            let oneLine = Double(gtk_widget_get_height(try XCTUnwrap(cv.contentUnavailableView?.labels.title))) / 2
            XCTAssertGreaterThan(bounds.height, 3 * oneLine, "wrapped into lines (\(bounds))")
            XCTAssertLessThan(bounds.width, 720, "no wider than its maximum (\(bounds))")
            XCTAssertEqual(bounds.midX, Double(gtk_widget_get_width(cv.viewport)) / 2, accuracy: 1, "centred (\(bounds))")
            XCTAssertEqual(gtk_label_get_justify(label.opaque), GTK_JUSTIFY_CENTER)
            GtkHarness.screenshot(fixture.window, name: "empty-state-long-\(direction == GTK_TEXT_DIR_RTL ? "rtl" : "ltr")")
        }
    }}

    /// Activated as the keyboard activates it (Enter or Space on the focused button: GTK's
    /// activate, which clicks it after showing it pressed), the button runs its action.
    func testTheButtonActivates() throws { try MainActor.assumeIsolated {
        let fixture = DiffableWindow()
        defer { fixture.close() }
        var ran = 0
        fixture.cv.contentUnavailableConfiguration = ContentUnavailableConfiguration(text: "Empty", button: .init(title: "Reload") { ran += 1 })
        GtkHarness.wait(for: "the empty state to show") { Self.isShown(fixture.cv) }
        let button = try XCTUnwrap(fixture.cv.contentUnavailableView?.buttonWidget)
        XCTAssertTrue(gtk_widget_activate(button) != 0)
        GtkHarness.wait(for: "the action") { ran == 1 }
    }}
}
