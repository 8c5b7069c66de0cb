import XCTest
import CGtk
import GtkGlue
@testable import CollectionLayout
import CollectionTestSupport
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A window with a 800x600 collection view, GTK's animations on, 0.3 s eases.
@MainActor
private func openPaging(_ layout: CollectionViewLayout = FlowLayout(), items: Int = 1_000)
    -> (CollectionView, GridSource, WidgetPointer) {
    cv_test_set_animations(true)
    let source = GridSource(counts: [items])
    let cv = makeCollectionView(layout, source)
    cv.animation = CollectionViewAnimation(duration: 0.3)
    let window = GtkHarness.window(for: cv)
    return (cv, source, window)
}

/// Offsets on every frame while an ease runs, with the frame times.
@MainActor
private func sampleEase(_ cv: CollectionView, start: () -> Void) -> [(time: Double, y: Double)] {
    var samples: [(time: Double, y: Double)] = []
    let sampler = Tick.add(cv.viewport) { time in
        samples.append((time, cv.contentOffset.y))
        return true
    }
    start()
    XCTAssertTrue(GtkHarness.pump { cv.isSettlingScroll }, "an ease starts")
    XCTAssertTrue(GtkHarness.pump { !cv.isSettlingScroll }, "and ends")
    gtk_widget_remove_tick_callback(cv.viewport, sampler)
    return samples
}

/// Monotonic, and no step larger than the frame's share of the ease's fastest speed (a
/// cubic ease runs at most 3 × distance / duration).
private func assertSmooth(_ samples: [(time: Double, y: Double)], from: Double, to: Double, duration: Double,
                          file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertGreaterThan(samples.count, 5, "several frames", file: file, line: line)
    let direction = to >= from ? 1.0 : -1.0
    let peak = 3 * abs(to - from) / duration
    var previous = (time: samples.first!.time - 1.0 / 30, y: from)
    for s in samples {
        let step = (s.y - previous.y) * direction
        XCTAssertGreaterThanOrEqual(step, -0.01, "monotonic: \(previous.y) then \(s.y)", file: file, line: line)
        XCTAssertLessThanOrEqual(step, peak * max(s.time - previous.time, 1.0 / 60) + 1,
                                 "a jump of \(step) in \(s.time - previous.time) s", file: file, line: line)
        previous = s
    }
}

/// Paging and snapping in a real window under Xvfb: a 800x600 viewport over a flow layout of
/// 50-point cells in 60-point rows.
///
/// Flings go through `simulateFlingEnd(velocity:)`, the code the scroll controller's
/// "decelerate" runs: X11 has no scroll-stop events, so GTK never decelerates a touchpad
/// scroll there and xdotool cannot make one. Wheel notches are real input (xdotool).
final class PagingAndSnappingTests: XCTestCase {
    /// A fling ends exactly on the next page boundary in its direction, easing there smoothly;
    /// a slow release settles on the nearest one.
    func testAFlingEndsOnAPageBoundary() { MainActor.assumeIsolated {
        let (cv, source, window) = openPaging()
        defer { GtkHarness.close(window); _ = source }
        cv.isPagingEnabled = true
        let page = cv.bounds.height
        XCTAssertEqual(page, 600)
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 250) }
        let samples = sampleEase(cv) { cv.simulateFlingEnd(velocity: Point(x: 0, y: 3000)) }
        XCTAssertEqual(cv.contentOffset, Point(x: 0, y: page), "the next page, exactly")
        let ease = cv.scrollSettleRecord.last!
        XCTAssertEqual(ease.from.y, 250)
        XCTAssertEqual(ease.duration, 3 * 350 / 3000, accuracy: 1e-9, "an ease-out that starts at the fling's speed")
        assertSmooth(samples, from: 250, to: page, duration: ease.duration)
        XCTAssertEqual(gtk_scrolled_window_get_kinetic_scrolling(cv.widget.opaque), 1, "GTK's kinetic scrolling is back on")

        // Back: from 2.2 pages, a fling up goes to page 2, then to page 1.
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 2.2 * page) }
        let back = sampleEase(cv) { cv.simulateFlingEnd(velocity: Point(x: 0, y: -2500)) }
        XCTAssertEqual(cv.contentOffset.y, 2 * page)
        assertSmooth(back, from: 2.2 * page, to: 2 * page, duration: cv.scrollSettleRecord.last!.duration)
        _ = sampleEase(cv) { cv.simulateFlingEnd(velocity: Point(x: 0, y: -2500)) }
        XCTAssertEqual(cv.contentOffset.y, page, "one page per fling")

        // A slow release rests near where it was: the nearest boundary.
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 1.6 * page) }
        _ = sampleEase(cv) { cv.simulateFlingEnd(velocity: Point(x: 0, y: -60)) }
        XCTAssertEqual(cv.contentOffset.y, 2 * page)
        // The last page ends at the content's end.
        let end = cv.contentSize.height - page
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: end - 100) }
        _ = sampleEase(cv) { cv.simulateFlingEnd(velocity: Point(x: 0, y: 5000)) }
        XCTAssertEqual(cv.contentOffset.y, end)
        XCTAssertEqual(cv.contentOffset.x, 0, "the axis that does not scroll stays")
    }}

    /// Each wheel notch turns one page (real xdotool clicks), back and forth, each ending on
    /// a boundary.
    func testWheelNotchesTurnPages() { MainActor.assumeIsolated {
        let (cv, source, window) = openPaging()
        defer { GtkHarness.close(window); _ = source }
        cv.isPagingEnabled = true
        let at = GtkHarness.windowPoint(of: cv.viewport, x: 400, y: 300)
        GtkHarness.pointer(window, at: at, then: ["click", "--repeat", "3", "--delay", "80", "5"])
        XCTAssertTrue(GtkHarness.pump { !cv.isSettlingScroll })
        XCTAssertEqual(cv.contentOffset.y, 1800, "three notches, three pages")
        GtkHarness.pointer(window, at: at, then: ["click", "4"])
        XCTAssertTrue(GtkHarness.pump { !cv.isSettlingScroll })
        XCTAssertEqual(cv.contentOffset.y, 1200)
        // A notch during the ease goes on from where the ease heads, and the offset moves
        // smoothly there.
        let samples = sampleEase(cv) {
            GtkHarness.pointer(window, at: at, then: ["click", "--repeat", "2", "--delay", "100", "5"])
        }
        XCTAssertEqual(cv.contentOffset.y, 2400)
        XCTAssertTrue(samples.allSatisfy { $0.y >= 1200 - 0.01 && $0.y <= 2400 + 0.01 })
        XCTAssertTrue(zip(samples, samples.dropFirst()).allSatisfy { $1.y >= $0.y - 0.01 }, "monotonic")
    }}

    /// A layout's velocity target is honoured: it gets the resting offset (or, with paging,
    /// the page boundary) and the velocity, and the view ends where it says.
    func testTheLayoutsVelocityTargetIsHonoured() { MainActor.assumeIsolated {
        let layout = RowSnappingFlowLayout()
        let (cv, source, window) = openPaging(layout)
        defer { GtkHarness.close(window); _ = source }
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 100) }
        let samples = sampleEase(cv) { cv.simulateFlingEnd(velocity: Point(x: 0, y: 1000)) }
        XCTAssertEqual(layout.asked.last?.proposal, Point(x: 0, y: 350), "where GTK's deceleration would rest: 100 + 1000 / 4")
        XCTAssertEqual(layout.asked.last?.velocity, Point(x: 0, y: 1000))
        XCTAssertEqual(cv.contentOffset.y, 360, "the row past it, as the layout says")
        assertSmooth(samples, from: 100, to: 360, duration: cv.scrollSettleRecord.last!.duration)
        // With paging the proposal is the page boundary.
        cv.isPagingEnabled = true
        _ = sampleEase(cv) { cv.simulateFlingEnd(velocity: Point(x: 0, y: 1000)) }
        XCTAssertEqual(layout.asked.last?.proposal, Point(x: 0, y: 600))
        XCTAssertEqual(cv.contentOffset.y, 600)
        cv.isPagingEnabled = false
        // A wheel (real clicks) scrolls as GTK does, then settles on a row once still.
        let at = GtkHarness.windowPoint(of: cv.viewport, x: 400, y: 300)
        let eases = cv.scrollSettleRecord.count
        GtkHarness.pointer(window, at: at, then: ["click", "--repeat", "2", "--delay", "60", "5"])
        XCTAssertTrue(GtkHarness.pump { cv.scrollSettleRecord.count > eases && !cv.isSettlingScroll })
        XCTAssertEqual(layout.asked.last?.velocity, .zero, "a wheel that stopped has no velocity")
        XCTAssertGreaterThan(cv.contentOffset.y, 600)
        XCTAssertEqual(cv.contentOffset.y.truncatingRemainder(dividingBy: 60), 0, "on a row: \(cv.contentOffset.y)")
        // Scrolling again during an ease stops it where it is; the wheel's own settle follows.
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 100) }
        cv.simulateFlingEnd(velocity: Point(x: 0, y: 4000))
        XCTAssertTrue(GtkHarness.pump { cv.isSettlingScroll })
        GtkHarness.waitForFrames(3, of: cv.viewport)  // a few frames into the ease
        GtkHarness.pointer(window, at: at, then: ["click", "4"])
        let stoppedAt = cv.contentOffset.y
        XCTAssertTrue(GtkHarness.pump { cv.isSettlingScroll })
        XCTAssertTrue(GtkHarness.pump { !cv.isSettlingScroll })
        XCTAssertLessThan(cv.contentOffset.y, 1100, "the fling's target (1100) was given up: \(stoppedAt) -> \(cv.contentOffset.y)")
        XCTAssertEqual(cv.contentOffset.y.truncatingRemainder(dividingBy: 60), 0)
    }}

    /// A view that only scrolls sideways turns with a vertical wheel (real clicks) when it
    /// pages or snaps, which GtkScrolledWindow alone would not do.
    func testAVerticalWheelTurnsASidewaysView() { MainActor.assumeIsolated {
        let layout = RowSnappingFlowLayout()
        layout.scrollDirection = .horizontal
        let (cv, source, window) = openPaging(layout)
        defer { GtkHarness.close(window); _ = source }
        XCTAssertEqual(cv.contentSize.height, cv.bounds.height, "only sideways")
        let at = GtkHarness.windowPoint(of: cv.viewport, x: 400, y: 300)
        GtkHarness.pointer(window, at: at, then: ["click", "--repeat", "2", "--delay", "60", "5"])
        XCTAssertTrue(GtkHarness.pump { cv.scrollSettleRecord.count == 1 && !cv.isSettlingScroll })
        let step = pow(800.0, 2.0 / 3)  // GtkScrolledWindow's wheel step, sideways
        XCTAssertEqual(cv.contentOffset.x, (2 * step / 60).rounded() * 60, "the nearest column to two wheel steps")
        XCTAssertEqual(cv.contentOffset.y, 0)
        cv.isPagingEnabled = true
        GtkHarness.pointer(window, at: at, then: ["click", "--repeat", "2", "--delay", "60", "5"])
        XCTAssertTrue(GtkHarness.pump { !cv.isSettlingScroll })
        XCTAssertEqual(layout.asked.suffix(2).map(\.proposal.x), [800, 1600], "a page per notch from the page it was in")
        XCTAssertEqual(cv.contentOffset.x, 1620, "and the layout's column nearest the page: it has the last word")
        GtkHarness.pointer(window, at: at, then: ["click", "4"])
        XCTAssertTrue(GtkHarness.pump { !cv.isSettlingScroll })
        XCTAssertEqual(cv.contentOffset.x, 780, "page 1, on a column")
    }}

    /// A window resized while a fling's ease heads for the next page: the layout keeps the page
    /// shown at the new width (as the gallery viewer's does, correcting the offset), and the
    /// ease lands on the page it was heading for, at the new width: a page boundary, not the old
    /// target moved by the correction.
    func testAPagingEaseAcrossAResizeLandsOnAPageBoundary() { MainActor.assumeIsolated {
        let (cv, source, window) = openPaging(WindowPagesLayout(), items: 20)
        defer { GtkHarness.close(window); _ = source }
        cv.isPagingEnabled = true
        cv.animation = CollectionViewAnimation(duration: 1)
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 800, y: 0) }
        XCTAssertEqual(cv.contentSize.width, 20 * 800)
        cv.simulateFlingEnd(velocity: Point(x: 3000, y: 0))
        GtkHarness.wait(for: "the ease towards page 2 under way") { cv.isSettlingScroll && cv.contentOffset.x > 805 }
        XCTAssertEqual(cv.scrollSettleRecord.last?.to.x, 1600)
        gtk_window_set_default_size(window.as(GtkWindow.self), 600, 600)
        GtkHarness.wait(for: "the narrower window") { cv.bounds.width == 600 }
        XCTAssertTrue(cv.isSettlingScroll, "resized during the ease")
        GtkHarness.wait(for: "the ease to end") { !cv.isSettlingScroll }
        XCTAssertEqual(cv.contentSize.width, 20 * 600)
        XCTAssertEqual(cv.contentOffset.x, 2 * 600, "page 2 at the new width")
        XCTAssertEqual(cv.contentOffset.x.truncatingRemainder(dividingBy: 600), 0, "on a page boundary: \(cv.contentOffset.x)")
    }}

    /// An arrow key onto an item in view during a page's ease moves the focus and leaves the
    /// ease going: it lands on the page boundary.
    func testAnArrowKeyOntoAnItemInViewLeavesAPagesEaseGoing() { MainActor.assumeIsolated {
        let layout = FlowLayout()
        let (cv, source, window) = openPaging(layout)
        defer { GtkHarness.close(window); _ = source }
        cv.isPagingEnabled = true
        cv.animation = CollectionViewAnimation(duration: 1)
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 250) }
        // An item in view from 250 to 600 (the viewport is 600 tall): the first of the row at 600.
        let row = layout.layoutAttributesForElements(in: Rect(x: 0, y: 600, width: 800, height: 1))
            .filter { $0.representedElementCategory == .cell }.sorted { $0.frame.minX < $1.frame.minX }
        XCTAssertGreaterThan(row.count, 2)
        XCTAssertLessThan(row[1].frame.maxY, 250 + 600, "in view where the ease starts")
        gtk_widget_grab_focus(cv.viewport)
        cv.setFocusedItem(row[0].indexPath, scroll: false)
        cv.simulateFlingEnd(velocity: Point(x: 0, y: 3000))
        GtkHarness.wait(for: "the ease under way") { cv.isSettlingScroll && cv.contentOffset.y > 255 }
        GtkHarness.keys("Right")
        XCTAssertEqual(cv.indexPathForFocusedItem, row[1].indexPath)
        XCTAssertTrue(cv.isSettlingScroll, "the ease goes on")
        GtkHarness.wait(for: "the ease to end") { !cv.isSettlingScroll }
        XCTAssertEqual(cv.contentOffset.y, 600, "on the page")
    }}

    /// Paging off and a layout that does not snap: GTK's scrolling is left alone.
    func testWithoutPagingGTKScrollsAsAlways() { MainActor.assumeIsolated {
        let (cv, source, window) = openPaging()
        defer { GtkHarness.close(window); _ = source }
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 250) }
        cv.simulateFlingEnd(velocity: Point(x: 0, y: 3000))
        GtkHarness.waitForFrames(10, of: cv.viewport)  // an ease would move it on these
        XCTAssertEqual(cv.contentOffset.y, 250, "no ease of the view's own")
        let at = GtkHarness.windowPoint(of: cv.viewport, x: 400, y: 300)
        GtkHarness.pointer(window, at: at, then: ["click", "--repeat", "3", "--delay", "60", "5"])
        let step = pow(600.0, 2.0 / 3)  // GtkScrolledWindow's wheel step
        GtkHarness.wait(for: "GTK's three wheel steps") { abs(cv.contentOffset.y - (250 + 3 * step)) < 1 }
        GtkHarness.letTimePass(0.4, because: "the view's wheel pause (150 ms) runs out: a settle of its own would start then")
        XCTAssertEqual(cv.contentOffset.y, 250 + 3 * step, accuracy: 1, "GTK's wheel steps, unsnapped")
        XCTAssertEqual(cv.scrollSettleRecord.count, 0)
        XCTAssertEqual(gtk_scrolled_window_get_kinetic_scrolling(cv.widget.opaque), 1)
    }}
}

/// A flow layout that settles on a 60-point row (or column), onwards in the fling's direction, and keeps
/// what it was asked.
@MainActor
private final class RowSnappingFlowLayout: FlowLayout {
    var asked: [(proposal: Point, velocity: Point)] = []
    override var snapsScrolling: Bool { true }
    override func targetContentOffset(forProposedContentOffset proposal: Point, withScrollingVelocity velocity: Point) -> Point {
        asked.append((proposal, velocity))
        func snap(_ p: Double, _ v: Double) -> Double {
            let row = p / 60
            return (v > 0 ? row.rounded(.up) : v < 0 ? row.rounded(.down) : row.rounded()) * 60
        }
        return Point(x: snap(proposal.x, velocity.x), y: snap(proposal.y, velocity.y))
    }
}

/// Pages the viewport's size in a row, one item each; a resize keeps the page shown, moving
/// the offset to it at the new width, as the gallery's viewer does.
@MainActor
private final class WindowPagesLayout: CollectionViewLayout {
    private var pageSize = Size.zero
    private var count = 0
    override func prepare() {
        super.prepare()
        guard let host = collectionView else { return }
        pageSize = host.bounds.size
        count = host.numberOfSections > 0 ? host.numberOfItems(inSection: 0) : 0
    }
    override var collectionViewContentSize: Size { Size(width: Double(count) * pageSize.width, height: pageSize.height) }
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }.filter { $0.frame.intersects(rect) }
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item < count else { return nil }
        let a = LayoutAttributes(forCellWith: indexPath)
        a.frame = Rect(x: Double(indexPath.item) * pageSize.width, y: 0, width: pageSize.width, height: pageSize.height)
        return a
    }
    override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { newBounds.size != pageSize }
    override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        guard pageSize.width > 0, newBounds.width != pageSize.width else { return super.invalidationContext(forBoundsChange: newBounds) }
        let keeping = type(of: self).invalidationContextClass.init()
        let page = (newBounds.minX / pageSize.width).rounded()
        keeping.contentSizeAdjustment = Size(width: Double(count) * (newBounds.width - pageSize.width), height: newBounds.height - pageSize.height)
        keeping.contentOffsetAdjustment = Point(x: page * newBounds.width - newBounds.minX, y: -newBounds.minY)
        keeping.invalidatedRect = newBounds
        return keeping
    }
}
