import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// The automatic tile cache keeps whichever way of drawing costs less per scrolled frame. The
/// costs here come from a clock the test sets (a frame through the tiles costs one figure, a
/// frame drawn directly another), so the choice is known; the view is scrolled for real.
final class TileCacheChoiceTests: XCTestCase {
    /// The fake clock: it advances by the cost of the way the view drew its last frame.
    nonisolated(unsafe) private static var time = 0.0
    nonisolated(unsafe) private static var costs = (tiles: 1.0, direct: 1.0)
    nonisolated(unsafe) private static weak var measured: CollectionView?

    private static let clock: @convention(c) (UnsafeMutableRawPointer?) -> Double = { _ in
        MainActor.assumeIsolated {
            time += (measured?.drewThroughTileCache ?? false) ? costs.tiles : costs.direct
            return time
        }
    }

    /// Opens the labels, sets the costs, turns the automatic cache on and scrolls a frame at a
    /// time until the view chose (or `frames` scrolled frames went by); what each frame drew.
    @MainActor
    private static func scroll(tiles: Double, direct: Double, frames limit: Int = 400, scrolling: Bool = true,
                        choices wanted: Int = 1, revisit: Int? = nil, reported: ((Bool) -> Void)? = nil,
                        check: (CollectionView, [Bool]) -> Void) {
        let (cv, labels, window) = TileCacheTests.open()
        defer { GtkHarness.close(window); _ = labels }
        Self.costs = (tiles, direct)
        Self.measured = cv
        cv.setTileCacheCostClock(Self.clock)
        defer { cv.setTileCacheCostClock(nil) }
        if let revisit { cv.setTileCacheRevisit(frames: revisit) }
        cv.tileCacheMode = .automatic
        XCTAssertEqual(cv.tileCacheMode, .automatic)
        XCTAssertTrue(cv.drawsThroughTileCache)
        var drew: [Bool] = []
        var frames = 0
        let clock = gtk_widget_get_frame_clock(window)!
        let handler = Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") {
            drew.append(cv.drewThroughTileCache)
            if cv.tileCacheChoice.choices > 0 { reported?(cv.tileCacheChoice.drawsDirectly) }
        }
        defer { g_signal_handler_disconnect(UnsafeMutableRawPointer(clock).assumingMemoryBound(to: GObject.self), handler) }
        var y = 0.0
        Tick.add(cv.viewport) { _ in
            frames += 1
            if scrolling {
                y += 23
                cv.contentOffset = Point(x: 0, y: y)
            } else {
                gtk_widget_queue_draw(cv.viewport)
            }
            return frames < limit && cv.tileCacheChoice.choices < wanted
        }
        GtkHarness.wait(for: "\(wanted) choices or \(limit) frames") { frames >= limit || cv.tileCacheChoice.choices >= wanted }
        GtkHarness.waitForFrames(2, of: cv.viewport)  // the frames after the choice
        check(cv, drew)
    }

    func testDrawsDirectlyWhereThatCostsLess() { MainActor.assumeIsolated {
        Self.scroll(tiles: 3, direct: 1) { cv, drew in
            XCTAssertEqual(cv.tileCacheChoice.choices, 1, "it chose once")
            XCTAssertTrue(cv.tileCacheChoice.drawsDirectly)
            XCTAssertFalse(cv.drewThroughTileCache, "the frames after the choice are drawn directly")
            XCTAssertTrue(drew.contains(true), "the tiles were tried first: \(drew)")
            XCTAssertEqual(cv.tileCacheStatistics.bytes, 0, "their pictures were let go")
            XCTAssertEqual(cv.tileCacheMode, .automatic)
        }
    }}

    func testKeepsTheTilesWhereTheyCostLessAndStopsTryingEarly() { MainActor.assumeIsolated {
        Self.scroll(tiles: 1, direct: 5) { cv, drew in
            XCTAssertEqual(cv.tileCacheChoice.choices, 1)
            XCTAssertFalse(cv.tileCacheChoice.drawsDirectly)
            XCTAssertTrue(cv.drewThroughTileCache)
            // Frames drawn directly once the tiles had drawn: the trial of the dearer way, cut
            // short after two far dearer frames (one more warms it up).
            let afterTiles = drew.drop { !$0 }
            XCTAssertLessThanOrEqual(afterTiles.filter { !$0 }.count, 3, "direct frames: \(drew)")
            XCTAssertGreaterThan(afterTiles.filter { !$0 }.count, 0, "drawing directly was tried: \(drew)")
        }
    }}

    func testATieKeepsTheTiles() { MainActor.assumeIsolated {
        Self.scroll(tiles: 2, direct: 1.95) { cv, _ in
            XCTAssertEqual(cv.tileCacheChoice.choices, 1)
            XCTAssertFalse(cv.tileCacheChoice.drawsDirectly, "2.5% cheaper is not worth leaving the tiles")
            XCTAssertTrue(cv.drewThroughTileCache)
        }
    }}

    /// After `revisit` scrolled frames both ways are tried again: the tiles draw again for a
    /// while, and the view still reports the choice it made until it makes the next.
    func testTriesAgainAndReportsItsLastChoiceMeanwhile() { MainActor.assumeIsolated {
        var reports: [Bool] = []
        Self.scroll(tiles: 3, direct: 1, frames: 600, choices: 2, revisit: 30, reported: { reports.append($0) }) { cv, drew in
            XCTAssertEqual(cv.tileCacheChoice.choices, 2, "it chose, then chose again")
            XCTAssertTrue(cv.tileCacheChoice.drawsDirectly)
            XCTAssertFalse(cv.drewThroughTileCache)
            // Through the tiles, directly, through the tiles again (the second trial), directly.
            let runs = drew.reduce(into: [Bool]()) { runs, tiles in if runs.last != tiles { runs.append(tiles) } }
            XCTAssertEqual(runs, [false, true, false, true, false], "the first frame is drawn directly; then two trials: \(drew)")
            XCTAssertFalse(reports.isEmpty)
            XCTAssertFalse(reports.contains(false), "from the first choice on it reports drawing directly, during the second trial too")
        }
    }}

    /// Frames in which nothing scrolled measure nothing (a blinking cursor in a cell costs what
    /// it costs either way).
    func testOnlyScrolledFramesCount() { MainActor.assumeIsolated {
        Self.scroll(tiles: 3, direct: 1, frames: 90, scrolling: false) { cv, _ in
            XCTAssertEqual(cv.tileCacheChoice.choices, 0)
            XCTAssertTrue(cv.drewThroughTileCache)
        }
    }}

    /// Turning the cache on, off and automatic is what the mode says, and `drawsThroughTileCache`
    /// is `.on` and `.off`.
    func testModes() { MainActor.assumeIsolated {
        let (cv, labels, window) = TileCacheTests.open()
        defer { GtkHarness.close(window); _ = labels }
        XCTAssertEqual(cv.tileCacheMode, .off)
        cv.drawsThroughTileCache = true
        XCTAssertEqual(cv.tileCacheMode, .on)
        cv.tileCacheMode = .automatic
        XCTAssertEqual(cv.tileCacheMode, .automatic)
        XCTAssertTrue(cv.drawsThroughTileCache)
        cv.drawsThroughTileCache = false
        XCTAssertEqual(cv.tileCacheMode, .off)
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertFalse(cv.drewThroughTileCache)
    }}
}
