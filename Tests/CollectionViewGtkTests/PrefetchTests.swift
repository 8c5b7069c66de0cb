import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// Records prefetch calls.
@MainActor
private final class PrefetchRecorder: CollectionViewDataSourcePrefetching {
    var prefetched: [[IndexPath]] = []
    var cancelled: [[IndexPath]] = []
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) { prefetched.append(indexPaths) }
    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) { cancelled.append(indexPaths) }
}

/// Prefetching in a real window: 100x100 items, eight a line, 800x600.
final class PrefetchTests: XCTestCase {
    func testPrefetchRunsAheadOfTheScrollAndCancelsWhatWasPassedBy() { MainActor.assumeIsolated {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        let source = GridSource(counts: [800])
        let recorder = PrefetchRecorder()
        let cv = makeCollectionView(layout, source)
        cv.prefetchDataSource = recorder
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }

        // At rest on the first screen: the items below the prepared area are announced.
        let first = recorder.prefetched.flatMap { $0 }
        XCTAssertFalse(first.isEmpty)
        let lastShown = cv.indexPathsForVisibleItems.map(\.item).max()!
        XCTAssertTrue(first.allSatisfy { $0.item > lastShown }, "ahead of what is shown: \(first.map(\.item))")
        XCTAssertTrue(first.allSatisfy { cv.cellForItem(at: $0) == nil })

        // Scrolling down: each announcement is further down than the cells then shown, and
        // nothing is announced twice.
        var all = first
        for step in 1...4 {
            recorder.prefetched = []
            GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: Double(step) * 400) }
            GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
            let batch = recorder.prefetched.flatMap { $0 }
            let shownMax = cv.indexPathsForVisibleItems.map(\.item).max()!
            XCTAssertTrue(batch.allSatisfy { $0.item > shownMax - 8 }, "step \(step): \(batch.map(\.item)) vs shown up to \(shownMax)")
            XCTAssertTrue(Set(batch).isDisjoint(with: all), "step \(step): announced once")
            all += batch
        }
        XCTAssertEqual(recorder.cancelled.flatMap { $0 }, [], "nothing passed by while going down")

        // Turning back up: what was announced below and never shown is cancelled; what is
        // announced now lies above.
        recorder.prefetched = []
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 600) }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        let cancelled = recorder.cancelled.flatMap { $0 }
        XCTAssertFalse(cancelled.isEmpty, "the items ahead of the old direction are taken back")
        XCTAssertTrue(Set(cancelled).isSubset(of: Set(all)), "only announced items are cancelled")
        XCTAssertTrue(cancelled.allSatisfy { cv.cellForItem(at: $0) == nil }, "none of them is shown")
        let shownMin = cv.indexPathsForVisibleItems.map(\.item).min()!
        XCTAssertTrue(recorder.prefetched.flatMap { $0 }.allSatisfy { $0.item < shownMin }, "now ahead is above")

        // A reload takes back what is outstanding.
        recorder.cancelled = []
        GtkHarness.settle(cv) { cv.reloadData() }
        XCTAssertFalse(recorder.cancelled.flatMap { $0 }.isEmpty)
    }}
}
