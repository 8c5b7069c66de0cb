import Foundation
import Glibc

/// A serial queue on a thread of its own at nice 10: work that can wait, such as reading
/// dates, yields its core to the main loop and to the thumbnail decoders (libdispatch's
/// user-initiated pool threads, which run at nice -2). A thread of its own, so the niceness
/// stays with this work and does not stick to a shared pool thread. It lives as long as the
/// process.
final class LowPriorityQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    /// Niceness of the queue's thread: 10, as `nice` gives by default.
    static let niceness: Int32 = 10

    init(name: String) {
        let thread = Thread { [self] in self.run() }
        thread.name = name
        thread.start()
    }

    /// Runs `job` after the jobs before it, on the queue's thread.
    func async(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        // Linux keeps a nice value per thread: "process" 0 is the calling thread.
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}
