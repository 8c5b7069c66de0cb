import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// Animations that cut each other short faster than they last: each retiring view still ends
/// when the animation that retired it would have, so views in flight stay bounded.
final class RapidSwapTests: XCTestCase {
    func testLayoutSwapsEveryFrameKeepViewsBounded() { MainActor.assumeIsolated {
        let small = FlowLayout()
        small.itemSize = Size(width: 40, height: 40)
        let large = FlowLayout()
        large.itemSize = Size(width: 160, height: 120)
        let source = GridSource(counts: [2_000])
        let cv = makeCollectionView(small, source)
        let window = GtkHarness.window(for: cv, width: 800, height: 600)
        defer { GtkHarness.close(window) }
        cv.animation = CollectionViewAnimation(duration: 0.5, curve: .easeInOut)
        let shown = cv.reuseStatistics.visible
        XCTAssertGreaterThan(shown, 100)
        // A swap every frame for three seconds, each moving the other half of the grid out of
        // the area: six animations' worth of swaps.
        let start = GtkHarness.now()
        var swaps = 0
        var early = 0, late = 0  // the most views alive (shown or retiring) in 0.6-1.2 s and in 2.4-3 s
        while GtkHarness.now() - start < 3 {
            let offset = Point(x: 0, y: swaps % 4 < 2 ? 0 : 2_000)
            cv.setCollectionViewLayout(swaps % 2 == 0 ? large : small, animated: true)
            cv.contentOffset = offset
            swaps += 1
            GtkHarness.pump(seconds: 1.0 / 60)
            let stats = cv.reuseStatistics, t = GtkHarness.now() - start
            if t > 0.6 && t < 1.2 { early = max(early, stats.created - stats.queued) }
            if t > 2.4 { late = max(late, stats.created - stats.queued) }
        }
        XCTAssertGreaterThan(swaps, 20)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates })
        // Once the first views retired on time, as many are alive at the end as after a second;
        // before, every swap's leaving views were carried into the next, and the count grew
        // for as long as the swaps went on.
        XCTAssertGreaterThan(early, shown)
        XCTAssertLessThan(Double(late), 1.4 * Double(early), "views in flight stop growing (\(early) after a second, \(late) at the end)")
        GtkHarness.checkInvariants()
    }}
}
