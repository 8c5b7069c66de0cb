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
        var swapTimes: [Double] = []
        // The most retiring views per swap of the last half second, in 0.6-1.2 s and in
        // 2.4-3 s. A retiring view lives one animation (0.5 s), so once the first ones retired
        // on time the retiring views follow the swaps of the last half second, however fast
        // the machine makes frames; carried from swap to swap, they would follow every swap
        // so far.
        var early = 0.0, late = 0.0
        var earliestAlive = 0
        while GtkHarness.now() - start < 3 {
            let swaps = swapTimes.count
            let offset = Point(x: 0, y: swaps % 4 < 2 ? 0 : 2_000)
            cv.setCollectionViewLayout(swaps % 2 == 0 ? large : small, animated: true)
            cv.contentOffset = offset
            swapTimes.append(GtkHarness.now() - start)
            GtkHarness.waitForFrames(1, of: cv.viewport)
            let stats = cv.reuseStatistics, t = GtkHarness.now() - start
            let alive = stats.created - stats.queued, retiring = Double(alive - stats.visible)
            let recent = Double(swapTimes.filter { $0 > t - 0.5 }.count)
            if t > 0.6 && t < 1.2 {
                early = max(early, retiring / recent)
                earliestAlive = max(earliestAlive, alive)
            }
            if t > 2.4 { late = max(late, retiring / recent) }
        }
        XCTAssertGreaterThan(swapTimes.count, 20)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates })
        XCTAssertGreaterThan(earliestAlive, shown)
        XCTAssertLessThan(late, 1.4 * early, "retiring views per recent swap stop growing (\(early) after a second, \(late) at the end)")
        GtkHarness.checkInvariants()
    }}
}
