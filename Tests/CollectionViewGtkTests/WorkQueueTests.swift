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

/// Safe points: app code the view calls as the last step of what it does may run structural
/// work at once, but not inside a loop of the view, nor ahead of work already waiting.
final class WorkQueueSafePointTests: XCTestCase {
    func testWorkAskedForAtASafePointRunsAtOnce() { MainActor.assumeIsolated {
        let queue = WorkQueue()
        var log: [String] = []
        queue.runAtSafePoint {  // nothing under way
            queue.runOrDefer { log.append("at once, outside") }
            log.append("after")
        }
        queue.runWithSafePoints {
            queue.runNow { log.append("the view's own step") }
            queue.runAtSafePoint {
                queue.runOrDefer {
                    log.append("at once, after the view's step")
                    queue.runOrDefer { log.append("asked for inside it: after it") }
                    log.append("its end")
                }
                log.append("back in the app's code")
            }
        }
        XCTAssertEqual(log, ["at once, outside", "after", "the view's own step", "at once, after the view's step", "its end",
                             "asked for inside it: after it", "back in the app's code"])
    }}

    func testInsideALoopOrBehindWaitingWorkItWaits() { MainActor.assumeIsolated {
        let queue = WorkQueue()
        var log: [String] = []
        queue.runWithSafePoints {
            queue.runNow {  // a loop of the view: its callbacks are no safe points
                for i in 0..<2 { queue.runAtSafePoint { queue.runOrDefer { log.append("from the loop \(i)") } } }
                log.append("loop ends")
            }
        }
        XCTAssertEqual(log, ["loop ends", "from the loop 0", "from the loop 1"])
        log = []
        queue.runWithSafePoints {
            queue.runNow { queue.runOrDefer { log.append("asked for earlier") } }
            queue.runAtSafePoint {
                XCTAssertTrue(queue.isBusy, "work waits: what is asked for now goes after it")
                queue.runOrDefer { log.append("asked for at the safe point") }
                log.append("the app's code ends")
            }
        }
        XCTAssertEqual(log, ["the app's code ends", "asked for earlier", "asked for at the safe point"])
        XCTAssertFalse(queue.isBusy)
    }}

    /// A click's last step first runs what its earlier steps queued (a did-deselect's work):
    /// then what the last step asks for runs at once, in order after it. Inside a loop of the
    /// view nothing runs early.
    func testWorkQueuedEarlierInTheInputRunsBeforeTheLastStep() { MainActor.assumeIsolated {
        let queue = WorkQueue()
        var log: [String] = []
        queue.runWithSafePoints {
            queue.runNow { queue.runOrDefer { log.append("asked for earlier") } }
            XCTAssertTrue(queue.runQueuedWorkAtSafePoint())
            queue.runAtSafePoint {
                XCTAssertFalse(queue.isBusy, "nothing waits now")
                queue.runOrDefer { log.append("asked for at the safe point: at once") }
                log.append("the app's code ends")
            }
        }
        XCTAssertEqual(log, ["asked for earlier", "asked for at the safe point: at once", "the app's code ends"])
        log = []
        queue.runWithSafePoints {
            queue.runNow {
                queue.runOrDefer { log.append("queued") }
                XCTAssertFalse(queue.runQueuedWorkAtSafePoint(), "inside a loop of the view")
                log.append("loop ends")
            }
        }
        XCTAssertEqual(log, ["loop ends", "queued"])
        XCTAssertFalse(queue.isBusy)
    }}
}
