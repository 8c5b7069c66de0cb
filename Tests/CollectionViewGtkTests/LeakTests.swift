import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk

/// Views are released: scrolling a million items back and forth keeps the live cells bounded,
/// and when the window and the collection view go, every cell goes with them.
final class LeakTests: XCTestCase {
    func testCellsAreReleasedAfterScrollingAndTeardown() { MainActor.assumeIsolated {
        let before = NumberCell.live
        var peak = 0
        do {
            let source = GridSource(counts: [1_000_000])
            let cv = makeCollectionView(FlowLayout(), source)
            let window = GtkHarness.window(for: cv)
            let height = cv.contentSize.height
            for round in 0..<40 {
                let y = round.isMultiple(of: 2) ? Double(round) * 97_000 : height - Double(round) * 97_000
                GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: max(0, y)) }
                GtkHarness.pump { !cv.hasPendingViews }
                // Updates and a layout swap on the way, so the animator and queues take part.
                if round.isMultiple(of: 10) {
                    source.counts[0] += 1
                    cv.insertItems(at: [IndexPath(item: 0, section: 0)])
                    GtkHarness.pump { !cv.isAnimatingUpdates }
                }
                peak = max(peak, NumberCell.live - before)
            }
            XCTAssertLessThan(peak, 400, "live cells stay near the visible count")
            GtkHarness.close(window)
            _ = source
        }
        GtkHarness.pump(seconds: 0.2)
        XCTAssertEqual(NumberCell.live, before, "every cell is released with its collection view (peak was \(peak))")
    }}
}
