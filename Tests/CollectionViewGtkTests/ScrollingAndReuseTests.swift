import XCTest
import CGtk
@testable import CollectionLayout
import CollectionTestSupport
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A real window under Xvfb: scrolling a million items, reuse, and both-axis scrolling.
final class ScrollingAndReuseTests: XCTestCase {
    /// After each jump to a random offset, the visible cells are exactly the items the layout
    /// puts in view, each showing its own item, each where GTK drew it.
    func testRightCellsAfterRandomScrollsInAMillionItems() { MainActor.assumeIsolated {
        let source = GridSource(counts: [1_000_000])
        let layout = FlowLayout()
        let cv = makeCollectionView(layout, source)
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        let content = cv.contentSize
        XCTAssert(content.height == 76_924 * 60 - 10, "13 per 800-wide line: 76,924 lines of 60 px, less the last spacing")

        var rng = SystemRandomNumberGenerator()
        var maxVisible = 0
        for round in 0..<25 {
            let y = Double.random(in: 0...(content.height - cv.bounds.height), using: &rng).rounded()
            GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: y) }
            XCTAssert(cv.contentOffset.y == y)
            let inView = Set(layout.layoutAttributesForElements(in: cv.bounds).map(\.indexPath))
            XCTAssert(inView.isSubset(of: Set(cv.indexPathsForVisibleItems)), "round \(round): the viewport is filled in the first pass")
            GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }  // the overscan fills over the next frames
            let expected = Set(layout.layoutAttributesForElements(in: (cv.elements.preparedArea ?? cv.bounds)).map(\.indexPath))
            let shown = Set(cv.indexPathsForVisibleItems)
            XCTAssert(shown == expected, "round \(round) at y \(y)")
            let inViewport = Set(layout.layoutAttributesForElements(in: cv.bounds).map(\.indexPath))
            XCTAssert(inViewport.isSubset(of: shown), "round \(round): every item in the viewport has a cell")
            for cell in cv.visibleCells {
                let numberCell = cell as! NumberCell
                guard let path = numberCell.shownPath else { XCTFail("a visible cell shows nothing"); continue }
                XCTAssert(cv.cellForItem(at: path) === cell, "the cell shows the item it is filed under")
                let frame = layout.layoutAttributesForItem(at: path)!.frame
                let drawn = GtkHarness.bounds(of: cell.widget, in: cv.viewport)!
                XCTAssert(abs(drawn.minX - frame.minX) < 0.01 && abs(drawn.minY - (frame.minY - y)) < 0.01,
                        "round \(round): \(path) drawn at \(drawn), laid out at \(frame) - \(y)")
                XCTAssert(drawn.width == 50 && drawn.height == 50)
            }
            maxVisible = max(maxVisible, shown.count)
        }
        // The viewport shows 800x600 of 50x50 items; with a quarter overscan each way, that is
        // at most 23 lines of 13: the views made stay near that, whatever the item count.
        let stats = cv.reuseStatistics
        XCTAssert(maxVisible <= 23 * 13)
        XCTAssert(stats.created <= maxVisible + 13 * 2, "views made: \(stats.created), most visible: \(maxVisible)")
        XCTAssert(stats.created == stats.queued + stats.visible, "every view is either shown or queued")
        XCTAssert(source.countQueries == 1, "counts are asked once, not per scroll")
    } }

    /// Views that scroll away are queued and reused after prepareForReuse(); will-display and
    /// did-end-displaying pair up.
    func testScrolledAwayViewsAreReusedAfterPrepareForReuse() { MainActor.assumeIsolated {
        let source = GridSource(counts: [5_000])
        let cv = makeCollectionView(FlowLayout(), source)
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        let firstCells = Set(cv.visibleCells.map { ObjectIdentifier($0) })
        XCTAssert(cv.visibleCells.allSatisfy { ($0 as! NumberCell).reuseCount == 0 })
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 20_000) }
        let reused = cv.visibleCells.filter { firstCells.contains(ObjectIdentifier($0)) }
        XCTAssert(!reused.isEmpty, "the far cells are the near ones, reused")
        XCTAssert(reused.allSatisfy { ($0 as! NumberCell).reuseCount >= 1 })
        XCTAssert(reused.allSatisfy { ($0 as! NumberCell).shownPath != nil }, "reconfigured after the reset")
        XCTAssert(source.ended.count == source.displayed.count - cv.indexPathsForVisibleItems.count)
        XCTAssert(source.ended.contains("0.0") && !cv.indexPathsForVisibleItems.contains(IndexPath(item: 0, section: 0)))
        // Only the visible views are shown; queued ones are hidden (unmapped, not drawn).
        var shown = 0, hidden = 0
        var child = gtk_widget_get_first_child(cv.canvas)
        while let c = child {
            if gtk_widget_get_child_visible(c) != 0 { shown += 1; XCTAssert(gtk_widget_get_mapped(c) != 0) }
            else { hidden += 1; XCTAssert(gtk_widget_get_mapped(c) == 0) }
            child = gtk_widget_get_next_sibling(c)
        }
        XCTAssertEqual(shown, cv.reuseStatistics.visible)
        XCTAssertEqual(hidden, cv.reuseStatistics.queued)
    } }

    /// Ten million items: the same views, the same per-scroll work.
    func testTenMillionItemsKeepTheLiveCountOfAFew() { MainActor.assumeIsolated {
        let source = GridSource(counts: [10_000_000])
        let cv = makeCollectionView(FlowLayout(), source)
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        for y in stride(from: 0.0, to: 40_000_000, by: 4_000_000) {
            GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: y) }
        }
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: cv.contentSize.height) }
        XCTAssert(cv.indexPathsForVisibleItems.contains(IndexPath(item: 9_999_999, section: 0)))
        XCTAssert(cv.reuseStatistics.created < 400)
    } }

    /// Content larger than the viewport both ways scrolls both ways.
    func testScrollsInBothDirections() { MainActor.assumeIsolated {
        let source = GridSource(counts: [3600])
        let cv = makeCollectionView(BigGridLayout(), source)
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        XCTAssert(cv.contentSize == Size(width: 6000, height: 6000))
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 1234, y: 2345) }
        XCTAssert(cv.contentOffset == Point(x: 1234, y: 2345))
        let path = IndexPath(item: 24 * 60 + 13, section: 0)  // row 24, column 13: at (1300, 2400)
        guard let cell = cv.cellForItem(at: path) else { return XCTFail("no cell at \(path)") }
        let drawn = GtkHarness.bounds(of: cell.widget, in: cv.viewport)!
        XCTAssert(drawn == Rect(x: 66, y: 55, width: 100, height: 100))
        XCTAssert(cv.indexPathForItem(at: Point(x: 1350, y: 2450)) == path)
        // Scrolling past the end is clamped to the content.
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 99_999, y: 99_999) }
        XCTAssert(cv.contentOffset == Point(x: 6000 - cv.bounds.width, y: 6000 - cv.bounds.height))
    } }

    /// Small scrolls in every direction (which ask the layout only for the strips that come
    /// into the prepared area) keep exactly the views a full query of the prepared area gives,
    /// each at the layout's frame, with sections of headers and footers on the way.
    func testSmallScrollsKeepTheViewsAFullQueryGives() { MainActor.assumeIsolated {
        for layout in [BigGridLayout(), FlowLayout()] as [CollectionViewLayout] {
            if let flow = layout as? FlowLayout {
                flow.itemSize = Size(width: 70, height: 50)
                flow.headerReferenceSize = Size(width: 0, height: 30)
                flow.footerReferenceSize = Size(width: 0, height: 20)
            }
            let source = GridSource(counts: layout is FlowLayout ? Array(repeating: 37, count: 60) : [3600])
            let cv = makeCollectionView(layout, source)
            let window = GtkHarness.window(for: cv)
            var rng = SplitMix64(seed: 7)
            var offset = Point(x: 0, y: 0)
            for step in 0..<150 {
                let dx = layout is FlowLayout ? 0 : Double(Int.random(in: -60...90, using: &rng))
                let dy = Double(Int.random(in: -60...90, using: &rng))
                let size = cv.contentSize
                offset = Point(x: max(0, min(size.width - cv.bounds.width, offset.x + dx)),
                               y: max(0, min(size.height - cv.bounds.height, offset.y + dy)))
                GtkHarness.settle(cv) { cv.contentOffset = offset }
                GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
                let expected = Set(layout.layoutAttributesForElements(in: (cv.elements.preparedArea ?? cv.bounds)).map(\.elementKey))
                let shown = Set(cv.elements.visible.keys)
                guard shown == expected else {
                    XCTFail("\(type(of: layout)) step \(step) at \(offset): \(shown.subtracting(expected).count) extra, \(expected.subtracting(shown).count) missing")
                    break
                }
                for (key, view) in cv.elements.visible where view.appliedAttributes?.frame != layout.layoutAttributes(for: key)?.frame {
                    XCTFail("\(key) is at \(String(describing: view.appliedAttributes?.frame))")
                    break
                }
            }
            GtkHarness.close(window)
        }
    } }

    /// scrollToItem puts the item where asked.
    func testScrollToItemPositions() { MainActor.assumeIsolated {
        let source = GridSource(counts: [1000])
        let layout = FlowLayout()
        let cv = makeCollectionView(layout, source)
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        let path = IndexPath(item: 500, section: 0)
        let frame = layout.layoutAttributesForItem(at: path)!.frame
        GtkHarness.settle(cv) { cv.scrollToItem(at: path, at: .top, animated: false) }
        XCTAssert(cv.contentOffset.y == frame.minY)
        GtkHarness.settle(cv) { cv.scrollToItem(at: path, at: .centeredVertically, animated: false) }
        XCTAssert(cv.contentOffset.y == frame.midY - cv.bounds.height / 2)
        GtkHarness.settle(cv) { cv.scrollToItem(at: path, at: .bottom, animated: false) }
        XCTAssert(cv.contentOffset.y == frame.maxY - cv.bounds.height)
        // Animated: it gets there on the frame clock.
        let target = layout.layoutAttributesForItem(at: IndexPath(item: 100, section: 0))!.frame.minY
        cv.scrollToItem(at: IndexPath(item: 100, section: 0), at: .top, animated: true)
        XCTAssert(GtkHarness.pump(timeout: 20) { cv.contentOffset.y == target })
        XCTAssert(cv.cellForItem(at: IndexPath(item: 100, section: 0)) != nil)
    } }

    /// Many invalidations in a row cost one prepare, on the next frame.
    func testInvalidationsCoalesceIntoOnePass() { MainActor.assumeIsolated {
        let source = GridSource(counts: [10])
        let layout = FixedLayout()
        let cv = makeCollectionView(layout, source)
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        let before = layout.prepareCount
        for _ in 0..<10 { layout.invalidateLayout() }
        XCTAssert(layout.prepareCount == before, "nothing happens until the frame")
        GtkHarness.settle(cv)
        GtkHarness.waitForFrames(2, of: cv.viewport)  // later frames prepare nothing more
        XCTAssert(layout.prepareCount == before + 1)
    } }

    /// reloadData asks the data source again and rebuilds the visible views.
    func testReloadDataAsksAgain() { MainActor.assumeIsolated {
        let source = GridSource(counts: [10])
        let cv = makeCollectionView(FlowLayout(), source)
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        XCTAssert(cv.indexPathsForVisibleItems.count == 10)
        source.counts = [3, 2]
        GtkHarness.settle(cv) { cv.reloadData() }
        XCTAssert(cv.numberOfSections == 2 && cv.numberOfItems(inSection: 1) == 2)
        XCTAssert(cv.indexPathsForVisibleItems == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0),
                                                 IndexPath(item: 0, section: 1), IndexPath(item: 1, section: 1)])
        XCTAssert(cv.reuseStatistics.created == 10, "the old cells served the new items")
    } }
}
