import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

@MainActor
private func gridAndList() -> (FlowLayout, FlowLayout) {
    let grid = FlowLayout()
    grid.itemSize = Size(width: 100, height: 100)
    let list = FlowLayout()
    list.itemSize = Size(width: 700, height: 60)
    return (grid, list)
}

@MainActor
private func openWith(_ layout: CollectionViewLayout, items: Int) -> (CollectionView, IDSource, WidgetPointer) {
    let cv = bareCollectionView(layout)
    cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
    let source = IDSource([Array(0..<items)])
    cv.dataSource = source
    let window = GtkHarness.window(for: cv)
    GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
    return (cv, source, window)
}

private func p(_ i: Int) -> IndexPath { IndexPath(item: i, section: 0) }

private func near(_ a: Rect?, _ b: Rect, _ tolerance: Double = 0.01) -> Bool {
    guard let a else { return false }
    return abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance && abs(a.width - b.width) < tolerance && abs(a.height - b.height) < tolerance
}

private func mid(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
    Rect(x: a.minX + (b.minX - a.minX) * t, y: a.minY + (b.minY - a.minY) * t,
         width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
}

final class TransitionTests: XCTestCase {
    /// An animated swap: every view goes from its grid place to its list place, keeping its
    /// view, its selection and the focus.
    func testAnimatedSwapFrames() { MainActor.assumeIsolated {
        let (grid, list) = gridAndList()
        let (cv, source, window) = openWith(grid, items: 6)
        defer { GtkHarness.close(window); _ = source }
        cv.selectItem(at: p(2), animated: false, scrollPosition: [])
        let views = (0..<6).map { cv.cellForItem(at: p($0))! }
        let from = (0..<6).map { grid.layoutAttributesForItem(at: p($0))!.frame }
        var completions: [Bool] = []
        cv.setCollectionViewLayout(list, animated: true) { completions.append($0) }
        XCTAssertTrue(cv.collectionViewLayout === list)
        let to = (0..<6).map { list.layoutAttributesForItem(at: p($0))!.frame }
        for i in 0..<6 {
            XCTAssertTrue(cv.cellForItem(at: p(i)) === views[i], "item \(i) keeps its view")
            XCTAssertTrue(near(views[i].appliedAttributes?.frame, from[i]), "item \(i) starts in the grid")
        }
        cv.animator.step(CollectionViewAnimation.Curve.easeInOut(0.5))
        for i in 0..<6 { XCTAssertTrue(near(views[i].appliedAttributes?.frame, mid(from[i], to[i], 0.5)), "item \(i) half way") }
        GtkHarness.screenshot(cv.viewport, name: "swap-half-way")
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { !cv.isAnimatingUpdates })
        GtkHarness.waitForFrames(2, of: cv.viewport)  // GTK allocates the views where they ended
        for i in 0..<6 {
            XCTAssertTrue(near(views[i].appliedAttributes?.frame, to[i]))
            XCTAssertTrue(near(GtkHarness.bounds(of: views[i].widget, in: cv.viewport), to[i], 0.5), "drawn in the list")
        }
        XCTAssertEqual(completions, [true])
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(2)])
        XCTAssertTrue(views[2].isSelected)
    }}

    /// An interactive transition follows its progress, then finishes or cancels from there.
    func testInteractiveTransitionFinishAndCancel() { MainActor.assumeIsolated {
        let (grid, list) = gridAndList()
        let (cv, source, window) = openWith(grid, items: 6)
        defer { GtkHarness.close(window); _ = source }
        let from = grid.layoutAttributesForItem(at: p(4))!.frame
        for (progress, finish) in [(0.2, true), (0.45, false), (0.7, true), (0.9, false)] {
            let start: FlowLayout = cv.collectionViewLayout === grid ? grid : list
            let other: FlowLayout = start === grid ? list : grid
            var completions: [Bool] = []
            let transition = cv.startInteractiveTransition(to: other) { completions.append($0) }
            XCTAssertTrue(cv.collectionViewLayout === transition && cv.transitionLayout === transition)
            transition.transitionProgress = progress
            GtkHarness.settle(cv)
            let a = start.layoutAttributesForItem(at: p(4))!.frame, b = other.layoutAttributesForItem(at: p(4))!.frame
            XCTAssertTrue(near(cv.cellForItem(at: p(4))?.appliedAttributes?.frame, mid(a, b, progress)), "at \(progress)")
            if finish { cv.finishInteractiveTransition() } else { cv.cancelInteractiveTransition() }
            XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.transitionLayout == nil })
            GtkHarness.settle(cv)
            let end = finish ? other : start
            XCTAssertTrue(cv.collectionViewLayout === end)
            XCTAssertEqual(completions, [finish])
            XCTAssertTrue(near(cv.cellForItem(at: p(4))?.appliedAttributes?.frame, end.layoutAttributesForItem(at: p(4))!.frame))
        }
        _ = from
    }}

    /// Ctrl + wheel drives the transition between the zoom layouts, settling when the wheel stops.
    func testCtrlScrollDrivesTheZoomTransition() { MainActor.assumeIsolated {
        let (grid, list) = gridAndList()
        let (cv, source, window) = openWith(grid, items: 30)
        defer { GtkHarness.close(window); _ = source }
        cv.zoomLayouts = (dense: grid, spread: list)
        let at = GtkHarness.centre(of: cv.cellForItem(at: p(1))!, in: window)
        // Two steps up: scale 1.21, a fifth of the way: it cancels back to the grid.
        GtkHarness.pointer(window, at: at, then: ["keydown", "ctrl", "click", "--repeat", "2", "--delay", "40", "4", "keyup", "ctrl"])
        XCTAssertNotNil(cv.transitionLayout, "the wheel started a transition")
        XCTAssertEqual(cv.transitionLayout?.transitionProgress ?? 0, 0.21, accuracy: 0.01)
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.transitionLayout == nil })
        XCTAssertTrue(cv.collectionViewLayout === grid, "less than half way: back to the grid")
        // Eight steps up: scale 2.14, the whole way: it finishes on the list.
        GtkHarness.pointer(window, at: at, then: ["keydown", "ctrl", "click", "--repeat", "8", "--delay", "40", "4", "keyup", "ctrl"])
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.transitionLayout == nil })
        XCTAssertTrue(cv.collectionViewLayout === list)
        // Without Ctrl the wheel scrolls as usual.
        let before = cv.contentOffset.y
        GtkHarness.pointer(window, at: at, then: ["click", "--repeat", "3", "5"])
        GtkHarness.wait(for: "the wheel to scroll") { cv.contentOffset.y > before }
        XCTAssertGreaterThan(cv.contentOffset.y, before)
        XCTAssertNil(cv.transitionLayout)
    }}

    /// A swap, an update or a reload during an interactive transition settles it first and
    /// goes on from where the views are shown.
    func testChangesDuringATransition() { MainActor.assumeIsolated {
        let (grid, list) = gridAndList()
        let (cv, source, window) = openWith(grid, items: 10)
        defer { GtkHarness.close(window) }
        // A swap at 0.4: the transition cancels (under half way), then the swap animates.
        var first: [Bool] = []
        let t1 = cv.startInteractiveTransition(to: list) { first.append($0) }
        t1.transitionProgress = 0.4
        GtkHarness.settle(cv)
        let shown = cv.cellForItem(at: p(3))!.appliedAttributes!.frame
        let other = FlowLayout()
        other.itemSize = Size(width: 150, height: 150)
        cv.setCollectionViewLayout(other, animated: true)
        XCTAssertEqual(first, [false])
        XCTAssertTrue(near(cv.cellForItem(at: p(3))?.appliedAttributes?.frame, shown), "no jump: it starts where it was shown")
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { !cv.isAnimatingUpdates })
        XCTAssertTrue(cv.collectionViewLayout === other)
        // An update at 0.7: the transition finishes (past half way), then the insert animates.
        var second: [Bool] = []
        let t2 = cv.startInteractiveTransition(to: grid) { second.append($0) }
        t2.transitionProgress = 0.7
        GtkHarness.settle(cv)
        let shown2 = cv.cellForItem(at: p(3))!.appliedAttributes!.frame
        source.sections[0].insert(100, at: 0)
        cv.insertItems(at: [p(0)])
        XCTAssertEqual(second, [true])
        XCTAssertTrue(cv.collectionViewLayout === grid)
        XCTAssertTrue(near(cv.cellForItem(at: p(4))?.appliedAttributes?.frame, shown2), "item 3 (now 4) starts where it was shown")
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { !cv.isAnimatingUpdates })
        // A reload during one.
        let t3 = cv.startInteractiveTransition(to: list)
        t3.transitionProgress = 0.2
        GtkHarness.settle(cv)
        source.sections[0] = Array(0..<4)
        cv.reloadData()
        GtkHarness.settle(cv)
        XCTAssertNil(cv.transitionLayout)
        XCTAssertTrue(cv.collectionViewLayout === grid)
        XCTAssertEqual(cv.indexPathsForVisibleItems.count, 4)
    }}

    /// A picture series of a swap: start, half way, end (in $CV_SCREENSHOT_DIR to look at,
    /// else in a temporary folder): five pictures, each step unlike the others.
    func testSwapScreenshotSeries() throws { try MainActor.assumeIsolated {
        let (grid, list) = gridAndList()
        let (cv, source, window) = openWith(grid, items: 20)
        defer { GtkHarness.close(window); _ = source }
        let dir = GtkHarness.screenshotDirectory()
        defer { if dir.temporary { try? FileManager.default.removeItem(atPath: dir.path) } }
        cv.animator.paused = true
        cv.setCollectionViewLayout(list, animated: true)
        var pictures: [Data] = []
        for (name, e) in [("swap-0", 0.0), ("swap-1", 0.25), ("swap-2", 0.5), ("swap-3", 0.75), ("swap-4", 1.0)] {
            cv.animator.step(e)
            GtkHarness.settle(cv)
            let path = try XCTUnwrap(GtkHarness.screenshot(cv.viewport, name: name, in: dir.path), "\(name) was saved")
            pictures.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        cv.animator.paused = false
        XCTAssertEqual(Set(pictures).count, 5, "every step of the swap looks different")
    }}
}
