/// Re-entrancy by structure. The view is busy while it runs one of its operations (a layout
/// pass, a scroll, an update, an animation frame) and while app code runs inside one (a data
/// source or delegate call, a completion, a layout's `prepare()`). Structural work that app
/// code asks for meanwhile (an update, `reloadData()`, a layout change) is queued and runs
/// right after the outermost operation, in the order it was asked for. So no loop of the view
/// ever sees its collections change under it, and nothing app code asks for is lost.
@MainActor
final class WorkQueue {
    private var depth = 0
    private var queue: [@MainActor () -> Void] = []
    private var draining = false
    /// Called with the number of items dropped when the queue keeps refilling itself.
    var onRunaway: (Int) -> Void = { _ in }

    /// How much work one drain runs before it decides app code is asking for more work from
    /// every piece of work (a loop that would stop the main loop for good): far more than any
    /// real burst of callbacks.
    static let drainLimit = 10_000

    /// True inside an operation or a callback: structural work must wait.
    var isBusy: Bool { depth > 0 }

    /// True when nothing is under way, or queued work is running (and has not called into
    /// app code): structural work may run here and now.
    var isAtSafePoint: Bool { depth == 0 || (draining && depth == 1) }

    /// Runs `body` now, as an operation; when it is the outermost one, queued work runs after it.
    func runNow<T>(_ body: () throws -> T) rethrows -> T {
        depth += 1
        defer {
            depth -= 1
            if depth == 0 { drain() }
        }
        return try body()
    }

    /// Runs `work` now when nothing is under way, else defers it to right after the current
    /// operation.
    func runOrDefer(_ work: @escaping @MainActor () -> Void) {
        if isBusy { queue.append(work) } else { runNow(work) }
    }

    /// Whether work is waiting (tests).
    var hasQueuedWork: Bool { !queue.isEmpty }

    private func drain() {
        guard !draining else { return }
        draining = true
        defer { draining = false }
        var ran = 0
        while !queue.isEmpty {
            guard ran < Self.drainLimit else {
                let dropped = queue.count
                queue.removeAll()
                onRunaway(dropped)
                return
            }
            let work = queue.removeFirst()
            runNow(work)
            ran += 1
        }
    }
}
