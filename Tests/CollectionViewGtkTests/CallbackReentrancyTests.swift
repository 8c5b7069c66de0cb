import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

private func ip(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

/// A data source and delegate of item ids whose callbacks do what real apps do from inside
/// them: the hooks run inside `cellForItemAt`, `willDisplay` and `didEndDisplaying`.
@MainActor
private final class HookSource: CollectionViewDataSource, CollectionViewDelegate {
    var ids: [Int]
    var onCell: ((CollectionView, IndexPath) -> Void)?
    var onWillDisplay: ((CollectionView, IndexPath) -> Void)?
    var onDidEndDisplaying: ((CollectionView, IndexPath) -> Void)?
    var cellQueries = 0

    init(count: Int) { ids = Array(0..<count) }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { ids.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        cellQueries += 1
        onCell?(collectionView, indexPath)
        let cell: NumberCell = collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
        cell.shownPath = IndexPath(item: ids.indices.contains(indexPath.item) ? ids[indexPath.item] : -1, section: -1)
        return cell
    }
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        onWillDisplay?(collectionView, indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        onDidEndDisplaying?(collectionView, indexPath)
    }
}

/// What the view reported.
@MainActor
private final class Reports { var errors: [String] = [] }

/// 100x100 items in 800x600: eight a line.
@MainActor
private func open(_ source: HookSource, layout: CollectionViewLayout? = nil, reports: Reports = Reports())
    -> (CollectionView, WidgetPointer) {
    let flow = FlowLayout()
    flow.itemSize = Size(width: 100, height: 100)
    let cv = bareCollectionView(layout ?? flow)
    cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
    cv.errorHandler = { error in reports.errors.append("\(error)") }
    cv.dataSource = source
    cv.delegate = source
    let window = GtkHarness.window(for: cv)
    GtkHarness.wait(for: "the views, the queued work and the animations to be done") { !cv.hasPendingViews && !cv.work.hasQueuedWork && !cv.isAnimatingUpdates }
    return (cv, window)
}

/// Every visible cell shows the id the data source has for its item now.
@MainActor
private func assertCellsMatch(_ cv: CollectionView, _ source: HookSource, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(cv.numberOfItems(inSection: 0), source.ids.count, "counts", file: file, line: line)
    for path in cv.indexPathsForVisibleItems {
        let shown = (cv.cellForItem(at: path) as? NumberCell)?.shownPath?.item
        XCTAssertEqual(shown, source.ids[path.item], "item \(path.item)", file: file, line: line)
    }
}

/// What real apps do from inside callbacks: work asked for there is queued and runs right
/// after, in order; nothing crashes, nothing is lost, and the element owner's invariants hold
/// after every pass (the harness checks them).
final class CallbackReentrancyTests: XCTestCase {
    /// "Load more": when the last cell is about to show, the app appends a page and inserts
    /// it. On first show (the last cell of the first page is in view) and while scrolling.
    func testLoadMoreFromWillDisplay() { MainActor.assumeIsolated {
        let source = HookSource(count: 30)
        var loads = 0
        source.onWillDisplay = { cv, path in
            guard path.item == source.ids.count - 1, source.ids.count < 300 else { return }
            let old = source.ids.count
            source.ids += (old..<old + 30)
            loads += 1
            cv.insertItems(at: (old..<old + 30).map { ip($0) })
        }
        let reports = Reports()
        let (cv, window) = open(source, reports: reports)
        defer { GtkHarness.close(window) }
        XCTAssertEqual(loads, 1, "30 items fill four lines: the last is on screen at once, and a page loads")
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 60)
        assertCellsMatch(cv, source)
        for _ in 0..<40 where source.ids.count < 300 {
            GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 1e9) }
            GtkHarness.wait(for: "the views to be made and the animations to end") { !cv.hasPendingViews && !cv.isAnimatingUpdates }
        }
        XCTAssertEqual(source.ids.count, 300, "scrolling to the end loaded every page")
        XCTAssertEqual(loads, 9)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates })
        assertCellsMatch(cv, source)
        XCTAssertEqual(reports.errors, [], "every queued insert matched the data source")
    }}

    /// `reloadData()` from inside `cellForItemAt` runs after the view has finished making
    /// views, and the view shows the data source's content.
    func testReloadDataFromCellForItemAt() { MainActor.assumeIsolated {
        let source = HookSource(count: 40)
        var reloads = 0
        source.onCell = { cv, path in
            guard path.item == 5, reloads == 0 else { return }
            reloads += 1
            source.ids = source.ids.map { $0 + 1000 }
            cv.reloadData()
        }
        let reports = Reports()
        let (cv, window) = open(source, reports: reports)
        defer { GtkHarness.close(window) }
        XCTAssertEqual(reloads, 1)
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        assertCellsMatch(cv, source)
        XCTAssertEqual((cv.cellForItem(at: ip(0)) as? NumberCell)?.shownPath?.item, 1000, "the reload made the views again")
        XCTAssertEqual(reports.errors, [])
    }}

    /// A batch update from inside `cellForItemAt` (the app deletes an item as it configures
    /// another) is applied right after and animates.
    func testBatchUpdateFromCellForItemAt() { MainActor.assumeIsolated {
        let source = HookSource(count: 40)
        let (cv, window) = open(source)
        defer { GtkHarness.close(window) }
        var completions: [Bool] = []
        var updated = false
        source.onCell = { cv, path in
            guard !updated else { return }
            updated = true
            source.ids.remove(at: 0)
            cv.performBatchUpdates({ cv.deleteItems(at: [ip(0)]) }, completion: { completions.append($0) })
            XCTAssertEqual(cv.numberOfItems(inSection: 0), 40, "not applied inside the callback")
        }
        cv.reloadData()
        XCTAssertTrue(GtkHarness.pump { updated })
        XCTAssertTrue(GtkHarness.pump { completions == [true] }, "\(completions)")
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 39)
        assertCellsMatch(cv, source)
    }}

    /// A batch issued from `didEndDisplaying` as a delete animation ends (the deleted cell
    /// retires) runs and animates, and no cell is left transparent.
    func testBatchFromDidEndDisplayingAsAnAnimationEnds() { MainActor.assumeIsolated {
        let source = HookSource(count: 20)
        let (cv, window) = open(source)
        defer { GtkHarness.close(window) }
        var second: [Bool] = []
        var sent = false
        source.onDidEndDisplaying = { cv, path in
            guard !sent else { return }
            sent = true
            source.ids.append(99)
            cv.performBatchUpdates({ cv.insertItems(at: [ip(source.ids.count - 1)]) }, completion: { second.append($0) })
        }
        var first: [Bool] = []
        source.ids.remove(at: 0)
        cv.performBatchUpdates({ cv.deleteItems(at: [ip(0)]) }, completion: { first.append($0) })
        XCTAssertTrue(GtkHarness.pump { first == [true] }, "\(first)")
        XCTAssertTrue(sent, "the deleted cell ended its display as the animation ended")
        XCTAssertTrue(GtkHarness.pump { second == [true] }, "the batch from didEndDisplaying ran and finished: \(second)")
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 20)
        for cell in cv.visibleCells {
            XCTAssertEqual(cell.appliedAttributes?.alpha, 1, "no cell stays transparent")
            XCTAssertEqual(gtk_widget_get_opacity(cell.widget), 1)
        }
        assertCellsMatch(cv, source)
    }}

    /// A nested `performBatchUpdates` completes with the outer batch, with its result: true
    /// when the merged batch animates to its end, false when it is rejected.
    func testNestedBatchCompletesWithTheOuterOne() { MainActor.assumeIsolated {
        let source = HookSource(count: 20)
        let reports = Reports()
        let (cv, window) = open(source, reports: reports)
        defer { GtkHarness.close(window) }
        var log: [String] = []
        source.ids.insert(100, at: 0)
        source.ids.insert(101, at: 0)
        cv.performBatchUpdates({
            cv.insertItems(at: [ip(0)])
            cv.performBatchUpdates({ cv.insertItems(at: [ip(1)]) }, completion: { log.append("inner \($0)") })
            XCTAssertEqual(log, [], "the inner batch does not complete before the outer one")
        }, completion: { log.append("outer \($0)") })
        XCTAssertEqual(log, [])
        XCTAssertTrue(GtkHarness.pump { log.count == 2 })
        XCTAssertEqual(Set(log), ["inner true", "outer true"])
        assertCellsMatch(cv, source)

        log = []
        source.ids.append(7)  // but the batch says nothing of it: rejected
        cv.performBatchUpdates({
            cv.performBatchUpdates({ cv.deleteItems(at: [ip(3)]) }, completion: { log.append("inner \($0)") })
        }, completion: { log.append("outer \($0)") })
        XCTAssertTrue(GtkHarness.pump { log.count == 2 })
        XCTAssertEqual(Set(log), ["inner false", "outer false"])
        XCTAssertEqual(reports.errors.count, 1)
        XCTAssertTrue(reports.errors.first?.contains("invalid number of items") ?? false, "\(reports.errors)")
        assertCellsMatch(cv, source)
    }}

    /// Scrolling from inside `willDisplay` (an app that jumps to an item as it appears) moves
    /// the view right after the callback, and the view goes on working. The queued scroll used
    /// to queue itself again for ever: the main loop never turned again.
    func testScrollFromWillDisplay() { MainActor.assumeIsolated {
        let source = HookSource(count: 400)
        var scrolled = false
        source.onWillDisplay = { cv, path in
            guard !scrolled, path.item == 3 else { return }
            scrolled = true
            cv.contentOffset = Point(x: 0, y: 2000)
        }
        let (cv, window) = open(source)
        defer { GtkHarness.close(window) }
        XCTAssertTrue(scrolled)
        XCTAssertEqual(cv.contentOffset.y, 2000)
        XCTAssertTrue(GtkHarness.pump { !cv.hasPendingViews })
        XCTAssertTrue(cv.indexPathsForVisibleItems.contains(ip(166)), "the view shows where it was scrolled to")
        assertCellsMatch(cv, source)
        // And a scroll inside a layout swap's own offset change (a swap that keeps the focused
        // item in view moves the offset while the view is busy) settles too.
        let other = FlowLayout()
        other.itemSize = Size(width: 50, height: 50)
        var done = false
        cv.setCollectionViewLayout(other, animated: true) { _ in done = true }
        XCTAssertTrue(GtkHarness.pump { done })
    }}

    /// `invalidateLayout()` inside a layout's `prepare()` gets another pass, which shows what
    /// the second `prepare()` worked out.
    func testInvalidateInsidePrepareGetsAnotherPass() { MainActor.assumeIsolated {
        let layout = SelfSizingLayout()
        let source = HookSource(count: 5)
        let (cv, window) = open(source, layout: layout)
        defer { GtkHarness.close(window) }
        XCTAssertTrue(GtkHarness.pump { layout.prepareCount >= 2 })
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        XCTAssertEqual(cv.cellForItem(at: ip(2))?.appliedAttributes?.frame.height, 80, "the second prepare's sizes are shown")
        XCTAssertEqual(layout.prepareCount, 2, "and then it settles")
    }}
}

/// A layout that measures in two steps: its first `prepare()` guesses 40 points a row and
/// invalidates itself; the second uses the measured 80.
@MainActor
private final class SelfSizingLayout: CollectionViewLayout {
    var prepareCount = 0
    var rowHeight = 40.0
    override func prepare() {
        prepareCount += 1
        if prepareCount == 1 {
            invalidateLayout()  // measured: the next pass uses the real height
        } else {
            rowHeight = 80
        }
    }
    override var collectionViewContentSize: Size {
        Size(width: 400, height: Double(collectionView?.numberOfItems(inSection: 0) ?? 0) * rowHeight)
    }
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        (0..<(collectionView?.numberOfItems(inSection: 0) ?? 0)).compactMap { layoutAttributesForItem(at: ip($0)) }
            .filter { $0.frame.intersects(rect) }
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        let a = LayoutAttributes(forCellWith: indexPath)
        a.frame = Rect(x: 0, y: Double(indexPath.item) * rowHeight, width: 400, height: rowHeight)
        return a
    }
}
