import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A flow layout that the view does not mirror right to left, as a custom layout is by default
/// (the gallery's waterfall, circle and stack).
private final class UnflippedFlowLayout: FlowLayout {
    override var flipsHorizontallyInOppositeLayoutDirection: Bool { false }
}

private func p(_ i: Int) -> IndexPath { IndexPath(item: i, section: 0) }

/// A grid of 100-point tiles in a window `width` wide, scrolled to `offset`, with 600 items.
@MainActor
private func openGrid(_ grid: FlowLayout = FlowLayout(), width: Int32 = 800, direction: GtkTextDirection = GTK_TEXT_DIR_LTR,
                      offset: Point = Point(x: 0, y: 3000)) -> (CollectionView, IDSource, WidgetPointer) {
    grid.itemSize = Size(width: 100, height: 100)
    let cv = bareCollectionView(grid)
    cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
    let source = IDSource([Array(0..<600)])
    cv.dataSource = source
    for widget in [cv.widget, cv.viewport, cv.canvas] { gtk_widget_set_direction(widget, direction) }
    let window = GtkHarness.window(for: cv, width: width)
    GtkHarness.settle(cv) { cv.contentOffset = offset }
    GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
    return (cv, source, window)
}

/// Where GTK drew each item of `items` in the viewport, as it is on screen (not mirrored back).
@MainActor
private func drawnFrames(_ cv: CollectionView, _ items: [Int]) -> [Int: Rect] {
    var frames: [Int: Rect] = [:]
    for item in items {
        if let cell = cv.cellForItem(at: p(item)), let r = GtkHarness.bounds(of: cell.widget, in: cv.viewport) { frames[item] = r }
    }
    return frames
}

private func near(_ a: Rect?, _ b: Rect?, _ tolerance: Double = 0.5) -> Bool {
    guard let a, let b else { return false }
    return abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance && abs(a.width - b.width) < tolerance && abs(a.height - b.height) < tolerance
}

/// Interactive transitions when something else happens meanwhile: the viewport is resized, a
/// pinch meets a transition it did not start, one of the two layouts does not flip right to
/// left.
final class InteractiveTransitionEdgeTests: XCTestCase {
    /// Opening item 300's page in a window 900 wide, resized to 1200 half way (the screen is
    /// 1280 wide): finishing lands on the item's page at the new width (not where the old page
    /// width put it, item 225), and the transition's end shows that page all along; cancelling lands on the
    /// grid with the item's tile in view.
    func testResizingDuringTheTransitionLandsOnTheKeptItem() { MainActor.assumeIsolated {
        for finish in [true, false] {
            let grid = FlowLayout()
            let (cv, source, window) = openGrid(grid, width: 900, offset: Point(x: 0, y: 5000))
            defer { GtkHarness.close(window); _ = source }
            let pages = PageRowLayout()
            let kept = p(300)
            var completions: [Bool] = []
            let transition = cv.startInteractiveTransition(to: pages, keepingItemAt: kept) { completions.append($0) }
            XCTAssertEqual(transition.nextContentOffset, Point(x: 300 * 900, y: 0))
            transition.transitionProgress = 0.5
            GtkHarness.settle(cv)
            gtk_window_set_default_size(window.as(GtkWindow.self), 1200, 600)
            GtkHarness.wait(for: "the window to be 1200 wide") { cv.bounds.width == 1200 }
            GtkHarness.settle(cv)
            let what = finish ? "finished" : "cancelled"
            XCTAssertEqual(transition.nextContentOffset, pages.page(of: kept).origin, "\(what): the end's offset is the item's page at the new width")
            XCTAssertEqual(pages.page(of: kept).minX, 300 * 1200)
            let tile = grid.layoutAttributesForItem(at: kept)!.frame
            XCTAssertTrue(Rect(origin: transition.currentContentOffset, size: cv.bounds.size).contains(tile),
                          "\(what): the start's offset shows the item's tile in the reflowed grid")
            XCTAssertEqual(cv.contentOffset.x, transition.contentOffset.x, accuracy: 0.001, "\(what): the view follows the refitted transition")
            XCTAssertEqual(cv.contentOffset.y, transition.contentOffset.y, accuracy: 0.001, "\(what): the view follows the refitted transition")
            if finish {
                transition.transitionProgress = 1
                GtkHarness.settle(cv)
                let page = cv.cellForItem(at: kept)?.appliedAttributes?.frame.offsetBy(dx: -cv.contentOffset.x, dy: -cv.contentOffset.y)
                XCTAssertTrue(near(page, Rect(origin: .zero, size: cv.bounds.size), 1e-6), "at progress 1 the page fills the viewport: \(String(describing: page))")
                cv.finishInteractiveTransition()
            } else {
                cv.cancelInteractiveTransition()
            }
            XCTAssertTrue(GtkHarness.pump { cv.transitionLayout == nil })
            GtkHarness.settle(cv)
            XCTAssertEqual(completions, [finish], what)
            if finish {
                XCTAssertTrue(cv.collectionViewLayout === pages)
                XCTAssertEqual(cv.contentOffset, pages.page(of: kept).origin, "on the item's page")
                XCTAssertEqual(cv.indexPathForItem(at: cv.bounds.center), kept, "item 300 shows, not another")
            } else {
                XCTAssertTrue(cv.collectionViewLayout === grid)
                XCTAssertTrue(cv.bounds.contains(grid.layoutAttributesForItem(at: kept)!.frame), "back on the grid with the item's tile in view")
            }
        }
    }}

    /// A pinch (or Ctrl + scroll) meets a transition the app started: while the app drives it
    /// the pinch moves nothing and its end settles nothing; while it settles (the app
    /// finished it) neither a pinch nor a Ctrl + wheel notch moves it, and it lands where the
    /// app said. The driver's own transition, once released and settling, is not moved either.
    func testTheZoomDriverLeavesTransitionsItDoesNotDrive() { MainActor.assumeIsolated {
        let grid = FlowLayout()
        let (cv, source, window) = openGrid(grid)
        defer { GtkHarness.close(window); _ = source }
        let pages = PageRowLayout()
        cv.zoomLayouts = (dense: grid, spread: pages)
        let driver = cv.drivers.zoom
        let fingers = (x: 150.0, y: 250.0)

        // The app drives a transition: a pinch neither moves it nor settles it.
        var completions: [Bool] = []
        let apps = cv.startInteractiveTransition(to: pages, keepingItemAt: p(333)) { completions.append($0) }
        apps.transitionProgress = 0.3
        XCTAssertFalse(driver.update(scale: 1.9, at: fingers), "the app's transition is not the pinch's")
        XCTAssertEqual(apps.transitionProgress, 0.3)
        driver.end()
        XCTAssertTrue(cv.transitionLayout === apps, "the pinch's end did not settle the app's transition")
        XCTAssertEqual(completions, [])

        // The app finishes it; the settling is held still to look at it.
        cv.finishInteractiveTransition()
        cv.interactiveTransition?.settling?.paused = true
        let settling = apps.transitionProgress
        XCTAssertFalse(driver.update(scale: 0.5, at: fingers), "a pinch during the settling drives nothing")
        XCTAssertEqual(apps.transitionProgress, settling)
        driver.end()
        let middle = GtkHarness.windowPoint(of: cv.viewport, x: cv.bounds.width / 2, y: cv.bounds.height / 2)
        GtkHarness.pointer(window, at: middle, then: ["keydown", "ctrl", "click", "5", "click", "4", "keyup", "ctrl"])
        XCTAssertTrue(cv.transitionLayout === apps)
        XCTAssertEqual(apps.transitionProgress, settling, "Ctrl + wheel during the settling moves nothing")
        cv.interactiveTransition?.settling?.paused = false
        XCTAssertTrue(GtkHarness.pump { cv.transitionLayout == nil })
        XCTAssertEqual(completions, [true], "landed where the app said")
        XCTAssertTrue(cv.collectionViewLayout === pages)

        // The driver's own transition, released past half way: settling, a new pinch leaves it.
        XCTAssertTrue(driver.update(scale: 0.7, at: fingers))
        let own = cv.transitionLayout
        driver.end()
        cv.interactiveTransition?.settling?.paused = true
        let released = own?.transitionProgress
        XCTAssertFalse(driver.update(scale: 1.5, at: fingers), "a pinch during the driver's own settling drives nothing")
        XCTAssertEqual(own?.transitionProgress, released)
        cv.interactiveTransition?.settling?.paused = false
        XCTAssertTrue(GtkHarness.pump { cv.transitionLayout == nil })
        XCTAssertTrue(cv.collectionViewLayout === grid)
    }}

    /// Right to left, between a layout the view does not mirror and one it does (both ways
    /// round): at progress 0 every cell is drawn where it was before the transition started,
    /// and cancelling leaves them there.
    func testRightToLeftTransitionBetweenAFlippingAndANonFlippingLayout() { MainActor.assumeIsolated {
        for fromFlipping in [false, true] {
            let from: FlowLayout = fromFlipping ? FlowLayout() : UnflippedFlowLayout()
            let (cv, source, window) = openGrid(from, direction: GTK_TEXT_DIR_RTL)
            defer { GtkHarness.close(window); _ = source }
            let to: CollectionViewLayout
            if fromFlipping {
                let unflipped = UnflippedFlowLayout()
                unflipped.itemSize = Size(width: 100, height: 100)
                to = unflipped
            } else {
                to = PageRowLayout()
            }
            let what = fromFlipping ? "flipping grid to unflipped grid" : "unflipped grid to flipping pages"
            XCTAssertEqual(cv.isMirrored, fromFlipping, what)
            let shown = cv.indexPathsForVisibleItems.map(\.item).filter { item in
                cv.bounds.intersects(from.layoutAttributesForItem(at: p(item))!.frame)
            }
            XCTAssertGreaterThan(shown.count, 20, what)
            let before = drawnFrames(cv, shown)
            cv.startInteractiveTransition(to: to)
            GtkHarness.settle(cv)
            GtkHarness.waitForFrames(1, of: cv.viewport)
            XCTAssertEqual(cv.isMirrored, !fromFlipping, "\(what): the view shows the transition as it will show the new layout")
            let atStart = drawnFrames(cv, shown)
            for item in shown {
                XCTAssertTrue(near(atStart[item], before[item]), "\(what): item \(item) drawn at \(String(describing: atStart[item])), was at \(String(describing: before[item]))")
            }
            cv.cancelInteractiveTransition()
            XCTAssertTrue(GtkHarness.pump { cv.transitionLayout == nil })
            GtkHarness.settle(cv)
            GtkHarness.waitForFrames(1, of: cv.viewport)
            XCTAssertEqual(cv.isMirrored, fromFlipping, what)
            let after = drawnFrames(cv, shown)
            for item in shown {
                XCTAssertTrue(near(after[item], before[item]), "\(what), cancelled: item \(item) drawn at \(String(describing: after[item])), was at \(String(describing: before[item]))")
            }
        }
    }}
}
