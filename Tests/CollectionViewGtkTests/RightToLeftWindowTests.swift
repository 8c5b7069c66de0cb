import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A flow layout in a right-to-left widget: mirrored on screen, cells' content not, pointer
/// and keys the visual way round.
final class RightToLeftWindowTests: XCTestCase {
    @MainActor
    private static func open(direction: GtkTextDirection, horizontal: Bool = false) -> (CollectionView, GridSource, WidgetPointer, FlowLayout) {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        layout.minimumInteritemSpacing = 10
        layout.sectionInset = EdgeInsets(top: 0, left: 30, bottom: 0, right: 0)
        if horizontal { layout.scrollDirection = .horizontal }
        let source = GridSource(counts: [horizontal ? 200 : 60])
        let cv = makeCollectionView(layout, source)
        gtk_widget_set_direction(cv.widget, direction)
        gtk_widget_set_direction(cv.viewport, direction)
        gtk_widget_set_direction(cv.canvas, direction)
        let window = GtkHarness.window(for: cv)
        return (cv, source, window, layout)
    }

    /// The direction flipped while an animated scroll runs sideways: the offset moves to the
    /// same place on the flipped adjustment as the view's own move, so the scroll goes on and
    /// lands on its item.
    func testFlippingTheDirectionDuringAScrollKeepsItGoing() { MainActor.assumeIsolated {
        cv_test_set_animations(true)
        let (cv, source, window, layout) = Self.open(direction: GTK_TEXT_DIR_LTR, horizontal: true)
        defer { GtkHarness.close(window); _ = source }
        cv.animation = CollectionViewAnimation(duration: 1.5)
        let target = IndexPath(item: 150, section: 0)
        cv.scrollToItem(at: target, at: .left, animated: true)
        GtkHarness.wait(for: "the scroll under way") { cv.contentOffset.x > 200 }
        for widget in [cv.widget, cv.viewport, cv.canvas] { gtk_widget_set_direction(widget, GTK_TEXT_DIR_RTL) }
        GtkHarness.wait(for: "the view mirrored") { cv.isMirrored }
        XCTAssertTrue(cv.scrollAnimation?.isRunning ?? false, "the flip is not someone scrolling")
        GtkHarness.wait(for: "the scroll to end") { !cv.isScrollingToTarget }
        XCTAssertEqual(cv.contentOffset.x, layout.layoutAttributesForItem(at: target)!.frame.minX, accuracy: 0.5, "on its item")
    }}

    /// Every cell sits where the layout's frame, mirrored across the viewport, says; its own
    /// content is not mirrored (its top-left corner is drawn at the top-left).
    func testCellsAreMirroredAndTheirContentIsNot() { MainActor.assumeIsolated {
        let (cv, _, window, layout) = Self.open(direction: GTK_TEXT_DIR_RTL)
        defer { GtkHarness.close(window) }
        XCTAssertTrue(cv.isMirrored)
        let width = cv.bounds.width
        XCTAssertGreaterThan(cv.indexPathsForVisibleItems.count, 10)
        for path in cv.indexPathsForVisibleItems {
            let frame = layout.layoutAttributesForItem(at: path)!.frame
            let cell = cv.cellForItem(at: path)!
            let shown = GtkHarness.bounds(of: cell.widget, in: cv.viewport)!
            XCTAssertEqual(shown.minX, width - frame.maxX, accuracy: 0.5, "item \(path.item) mirrored")
            XCTAssertEqual(shown.minY, frame.minY - cv.contentOffset.y, accuracy: 0.5)
            var origin = graphene_point_t(), out = graphene_point_t()
            XCTAssertNotEqual(gtk_widget_compute_point(cell.widget, cv.viewport, &origin, &out), 0)
            // The widget's own origin (inside its CSS box) is near its left edge, not its right.
            XCTAssertLessThan(Double(out.x) - shown.minX, shown.width / 4, "item \(path.item): its own left edge is on the left")
            XCTAssertGreaterThanOrEqual(Double(out.x), shown.minX - 0.5)
        }
        let first = GtkHarness.bounds(of: cv.cellForItem(at: IndexPath(item: 0, section: 0))!.widget, in: cv.viewport)!
        XCTAssertEqual(first.maxX, width - 30, accuracy: 0.5, "the first item starts at the right, after the leading inset")
    }}

    /// A click selects the item under the pointer; Left and Right move the focus the way they
    /// point on screen; a left-to-right widget is not mirrored.
    func testClicksAndArrowsFollowWhatIsSeen() { MainActor.assumeIsolated {
        let (cv, _, window, _) = Self.open(direction: GTK_TEXT_DIR_RTL)
        defer { GtkHarness.close(window) }
        let cell = cv.cellForItem(at: IndexPath(item: 3, section: 0))!
        GtkHarness.pointer(window, at: GtkHarness.centre(of: cell, in: window), then: ["click", "1"])
        XCTAssertEqual(cv.indexPathsForSelectedItems, [IndexPath(item: 3, section: 0)])
        GtkHarness.keys("Left")  // on screen item 4 is left of item 3
        XCTAssertEqual(cv.indexPathForFocusedItem, IndexPath(item: 4, section: 0))
        GtkHarness.keys("Right", "Right")
        XCTAssertEqual(cv.indexPathForFocusedItem, IndexPath(item: 2, section: 0))
        let (ltr, _, ltrWindow, _) = Self.open(direction: GTK_TEXT_DIR_LTR)
        defer { GtkHarness.close(ltrWindow) }
        XCTAssertFalse(ltr.isMirrored)
        let zero = GtkHarness.bounds(of: ltr.cellForItem(at: IndexPath(item: 0, section: 0))!.widget, in: ltr.viewport)!
        XCTAssertEqual(zero.minX, 30, accuracy: 0.5)
    }}

    /// Scrolling sideways: the content starts at the right with the scrollbar's slider there;
    /// scrolling towards the layout's end moves the content the other way on screen.
    func testHorizontalContentStartsAtTheRight() { MainActor.assumeIsolated {
        let (cv, _, window, layout) = Self.open(direction: GTK_TEXT_DIR_RTL, horizontal: true)
        defer { GtkHarness.close(window) }
        XCTAssertEqual(cv.contentOffset.x, 0)
        let adjustment = cv.hadjustment
        XCTAssertEqual(gtk_adjustment_get_value(adjustment), gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment),
                       "the slider at the right, where the start is shown")
        cv.contentOffset = Point(x: 400, y: 0)
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertEqual(cv.contentOffset.x, 400)
        let path = cv.indexPathsForVisibleItems.first { layout.layoutAttributesForItem(at: $0)!.frame.minX > 500 }!
        let frame = layout.layoutAttributesForItem(at: path)!.frame
        let shown = GtkHarness.bounds(of: cv.cellForItem(at: path)!.widget, in: cv.viewport)!
        XCTAssertEqual(shown.minX, cv.bounds.width - (frame.maxX - 400), accuracy: 0.5)
    }}
}
