import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

extension CollectionView {
    /// The views the canvas draws, in the order it draws them: the viewport is snapshotted
    /// (as GTK does for a frame) and the canvas reports the children it drew.
    func drawnViews() -> [ReusableView] {
        let paintable = gtk_widget_paintable_new(viewport)!
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(gtk_widget_get_width(viewport)), Double(gtk_widget_get_height(viewport)))
        if let node = gtk_snapshot_free_to_node(snapshot) { gsk_render_node_unref(node) }
        g_object_unref(raw(paintable))
        return elements.canvasDrawn().compactMap { ReusableView.view(for: $0) }
    }

    /// The shown children of the canvas, in child order: what accessibility tools and GTK's
    /// focus chain walk.
    func shownChildren() -> [ReusableView] {
        var result: [ReusableView] = []
        var child = gtk_widget_get_first_child(canvas)
        while let c = child {
            if gtk_widget_get_child_visible(c) != 0, let view = ReusableView.view(for: c) { result.append(view) }
            child = gtk_widget_get_next_sibling(c)
        }
        return result
    }
}

private func p(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

@MainActor private func readingKeys(_ views: [ReusableView]) -> [ElementKey] { views.compactMap(\.elementKey) }

@MainActor private func assertReadingOrder(_ cv: CollectionView, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
    let keys = readingKeys(cv.shownChildren())
    XCTAssertFalse(keys.isEmpty, message, file: file, line: line)
    let sorted = keys.sorted { ReadingOrder(key: $0) < ReadingOrder(key: $1) }
    XCTAssertEqual(keys, sorted, "children in reading order: \(message)", file: file, line: line)
    XCTAssertTrue(cv.elements.invariantViolations().isEmpty, "\(cv.elements.invariantViolations())", file: file, line: line)
}

@MainActor private func assertDrawOrder(_ cv: CollectionView, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
    let drawn = cv.drawnViews()
    XCTAssertEqual(drawn.count, cv.shownChildren().count, "every shown view is drawn once: \(message)", file: file, line: line)
    let orders = drawn.map(\.drawOrder)
    XCTAssertEqual(orders, orders.sorted(), "drawn by zIndex: \(message)", file: file, line: line)
}

/// The canvas's children are in reading order (index paths, a section's header before its
/// items, its footer after) whatever the zIndexes, and the canvas draws them by zIndex.
final class ReadingOrderTests: XCTestCase {
    /// Headers come before their items and footers after, in a flow layout with sections,
    /// after scrolling down and back up and after updates.
    func testChildrenStayInReadingOrderThroughScrollsAndUpdates() { MainActor.assumeIsolated {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 90, height: 60)
        layout.headerReferenceSize = Size(width: 100, height: 30)
        layout.footerReferenceSize = Size(width: 100, height: 20)
        let source = GridSource(counts: [30, 40, 50, 60])
        let cv = makeCollectionView(layout, source)
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        GtkHarness.settle(cv) { cv.reloadData() }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        let first = readingKeys(cv.shownChildren())
        XCTAssertEqual(first.first, .supplementary(CollectionView.elementKindSectionHeader, IndexPath(item: 0, section: 0)), "the first header comes first")
        assertReadingOrder(cv, "at the top")
        assertDrawOrder(cv, "at the top")
        for y in [400.0, 900, 1500, 700, 0] {
            GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: y) }
            GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
            assertReadingOrder(cv, "scrolled to \(y)")
            assertDrawOrder(cv, "scrolled to \(y)")
        }
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 500) }
        source.counts[0] -= 3
        source.counts[1] += 2
        cv.performBatchUpdates({
            cv.deleteItems(at: [p(0), p(1), p(2)])
            cv.insertItems(at: [p(0, 1), p(5, 1)])
            cv.moveItem(at: p(3, 1), to: p(20, 1))
        })
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates })
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        assertReadingOrder(cv, "after a batch update")
        assertDrawOrder(cv, "after a batch update")
    }}

    /// Moves sort the children into reading order outside GTK's layout phase: reordering
    /// children queues a resize, and one queued while the window was being allocated (in the
    /// view's layout pass) left a widget above the view unallocated when GTK drew the frame
    /// ("Trying to snapshot GtkStack ... without a current allocation"), here when a label
    /// beside the view changed in the same frame, as a toast does in an app.
    func testMovesReorderChildrenWithoutAGtkWarning() { MainActor.assumeIsolated {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        let source = IDSource([Array(0..<40)])
        let cv = bareCollectionView(layout)
        cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
        cv.dataSource = source
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        // window > stack > box > (label, view)
        g_object_ref(raw(cv.widget))
        gtk_window_set_child(window.as(GtkWindow.self), nil)
        let stack = gtk_stack_new()!, box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!, label = gtk_label_new("")!
        gtk_box_append(box.as(GtkBox.self), label)
        gtk_widget_set_vexpand(cv.widget, 1)
        gtk_box_append(box.as(GtkBox.self), cv.widget)
        g_object_unref(raw(cv.widget))
        gtk_stack_add_named(stack.opaque, box, "page")
        gtk_window_set_child(window.as(GtkWindow.self), stack)
        GtkHarness.settle(cv)
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        _ = GtkHarness.takeWarnings()
        for round in 0..<6 {
            gtk_label_set_text(label.opaque, String(repeating: "moved \(round) ", count: round % 2 + 1))
            source.sections[0].insert(source.sections[0].remove(at: 0), at: 5)
            cv.performBatchUpdates({ cv.moveItem(at: p(0), to: p(5)) })
            XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates })
            GtkHarness.waitForFrames(2, of: window)
            assertReadingOrder(cv, "after move \(round)")
        }
        XCTAssertEqual(GtkHarness.takeWarnings(), [], "GTK drew a widget it had not allocated")
    }}

    /// A raised zIndex draws the view last but leaves it where it reads; lowering it again
    /// draws it in place. No child moves for a zIndex.
    func testZIndexChangesTheDrawingOrderNotTheChildOrder() { MainActor.assumeIsolated {
        let layout = FixedLayout()
        let source = GridSource(counts: [6])
        @MainActor func attributes(raising raised: Int?, z: Int) -> [LayoutAttributes] {
            (0..<6).map { i in
                let a = LayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
                a.frame = Rect(x: 20 + Double(i) * 40, y: 20, width: 80, height: 80)  // overlapping
                if i == raised { a.zIndex = z }
                return a
            }
        }
        layout.attributes = attributes(raising: nil, z: 0)
        let cv = makeCollectionView(layout, source)
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        GtkHarness.settle(cv)
        let items = { cv.shownChildren().compactMap { ($0 as? CollectionViewCell).flatMap(cv.indexPath(for:))?.item } }
        let drawnItems = { cv.drawnViews().compactMap { ($0 as? CollectionViewCell).flatMap(cv.indexPath(for:))?.item } }
        XCTAssertEqual(items(), Array(0..<6))
        XCTAssertEqual(drawnItems(), Array(0..<6))
        layout.attributes = attributes(raising: 1, z: 10)
        GtkHarness.settle(cv) { layout.invalidateLayout() }
        XCTAssertEqual(items(), Array(0..<6), "a zIndex moves no child")
        XCTAssertEqual(drawnItems(), [0, 2, 3, 4, 5, 1], "zIndex 10 draws last")
        assertReadingOrder(cv, "raised")
        layout.attributes = attributes(raising: 4, z: -1)
        GtkHarness.settle(cv) { layout.invalidateLayout() }
        XCTAssertEqual(items(), Array(0..<6))
        XCTAssertEqual(drawnItems(), [4, 0, 1, 2, 3, 5], "zIndex -1 draws first")
        assertReadingOrder(cv, "lowered")
    }}

    /// The focused item's cell holds GTK's focus (what assistive technologies report as
    /// `focused`), moving with the focus; a cell that scrolls away gives it to the collection,
    /// and the collection's title names it for screen readers when the app gives no label.
    func testTheFocusedCellHoldsGTKFocus() { MainActor.assumeIsolated {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        let source = GridSource(counts: [300])
        let cv = makeCollectionView(layout, source)
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        GtkHarness.settle(cv)
        let gtkWindow = window.as(GtkWindow.self)
        gtk_widget_grab_focus(cv.viewport)
        cv.setFocusedItem(p(0), scroll: false)
        let c0 = cv.cellForItem(at: p(0))!
        XCTAssertEqual(gtk_window_get_focus(gtkWindow), c0.widget, "the focused item's cell has GTK's focus")
        XCTAssertTrue(c0.isFocused)
        cv.moveFocus(.right)
        GtkHarness.settle(cv)
        let c1 = cv.cellForItem(at: p(1))!
        XCTAssertEqual(gtk_window_get_focus(gtkWindow), c1.widget, "the focus moves with the arrow")
        XCTAssertEqual(gtk_widget_get_focusable(c0.widget), 0, "only the focused cell is focusable")
        XCTAssertTrue(cv.containsKeyboardFocus)
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 5000) }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        XCTAssertNil(cv.cellForItem(at: p(1)))
        XCTAssertEqual(gtk_window_get_focus(gtkWindow), cv.viewport, "a cell that left gives the focus to the collection")
        GtkHarness.settle(cv) { cv.contentOffset = .zero }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        XCTAssertEqual(gtk_window_get_focus(gtkWindow), cv.cellForItem(at: p(1))?.widget, "and its cell takes it back")
        cv.accessibilityLabel = "Numbers"
        XCTAssertEqual(cv.accessibilityLabel, "Numbers")
    }}
}
