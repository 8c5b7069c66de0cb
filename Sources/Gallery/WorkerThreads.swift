import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Threads of their own for work that can wait, below the main loop's priority: the thumbnail
/// loader's (nice 10: on a machine with two cores, two decoding threads and the main loop share
/// them, and a frame of a fling must not wait for a JPEG) and the date index's (nice 15). The
/// main loop's thread keeps its core whenever it has work; these take what it leaves. Threads of
/// their own, as Dispatch's are shared with the rest of the process and a thread's niceness,
/// once raised, cannot be lowered again without privilege.
final class WorkerThreads: @unchecked Sendable {
    private let lock = NSLock()
    private let available = DispatchSemaphore(value: 0)
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0

    /// Starts `count` threads that run jobs in the order given, `niceness` above the process's.
    init(count: Int, niceness: Int32 = 10, name: String) {
        for index in 0..<count {
            let thread = Thread { [self] in
                // On Linux the nice value is the thread's own, and 0 names the calling thread.
                setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
                while true {
                    available.wait()
                    lock.lock()
                    let job = jobs[head]
                    head += 1
                    if head > 64, head * 2 > jobs.count {
                        jobs.removeFirst(head)
                        head = 0
                    }
                    lock.unlock()
                    job()
                }
            }
            thread.name = "\(name) \(index + 1)"
            thread.start()
        }
    }

    /// Runs `job` on one of the threads.
    func run(_ job: @escaping @Sendable () -> Void) {
        lock.lock()
        jobs.append(job)
        lock.unlock()
        available.signal()
    }
}
