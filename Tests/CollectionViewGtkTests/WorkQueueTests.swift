import XCTest
@testable import CollectionViewGtk

/// The work queue alone: work asked for while busy runs after, in order; a queue that keeps
/// refilling itself is cut off with a report instead of stopping the main loop for good.
final class WorkQueueTests: XCTestCase {
    func testWorkAskedForWhileBusyRunsAfterInOrder() { MainActor.assumeIsolated {
        let queue = WorkQueue()
        var log: [String] = []
        queue.run {
            log.append("operation")
            queue.perform { log.append("first") }
            queue.run { queue.perform { log.append("second") } }  // nested: still after the outermost
            log.append("operation ends")
        }
        XCTAssertEqual(log, ["operation", "operation ends", "first", "second"])
        queue.perform { log.append("idle: at once") }
        XCTAssertEqual(log.last, "idle: at once")
    }}

    func testWorkThatAlwaysAsksForMoreIsCutOffAndReported() { MainActor.assumeIsolated {
        let queue = WorkQueue()
        var dropped: [Int] = []
        queue.onRunaway = { dropped.append($0) }
        let refiller = Refiller(queue)
        queue.run { queue.perform { refiller.again() } }
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
        queue.perform { self.again() }
    }
}
