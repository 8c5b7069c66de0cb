import XCTest
@testable import CollectionViewGtk

/// The work queue alone: work asked for while busy runs after, in order; a queue that keeps
/// refilling itself is cut off with a report instead of stopping the main loop for good.
final class WorkQueueTests: XCTestCase {
    func testWorkAskedForWhileBusyRunsAfterInOrder() { MainActor.assumeIsolated {
        let queue = WorkQueue()
        var log: [String] = []
        queue.runNow {
            log.append("operation")
            queue.runOrDefer { log.append("first") }
            queue.runNow { queue.runOrDefer { log.append("second") } }  // nested: still after the outermost
            log.append("operation ends")
        }
        XCTAssertEqual(log, ["operation", "operation ends", "first", "second"])
        queue.runOrDefer { log.append("idle: at once") }
        XCTAssertEqual(log.last, "idle: at once")
    }}

    func testWorkThatAlwaysAsksForMoreIsCutOffAndReported() { MainActor.assumeIsolated {
        let queue = WorkQueue()
        var dropped: [Int] = []
        queue.onRunaway = { dropped.append($0) }
        let refiller = Refiller(queue)
        queue.runNow { queue.runOrDefer { refiller.again() } }
        XCTAssertEqual(refiller.runs, WorkQueue.drainLimit)
        XCTAssertEqual(dropped, [1], "the one still queued is dropped and reported")
        XCTAssertFalse(queue.hasQueuedWork)
        XCTAssertFalse(queue.isBusy)
    }}
}

/// Work that asks for itself again every time it runs.
@MainActor
private final class Refiller {
    let queue: WorkQueue
    var runs = 0
    init(_ queue: WorkQueue) { self.queue = queue }
    func again() {
        runs += 1
        queue.runOrDefer { self.again() }
    }
}
