/// Re-entrancy by structure. The view is busy while it runs one of its operations (a layout
/// pass, a scroll, an update, an animation frame) and while app code runs inside one (a data
/// source or delegate call, a completion, a layout's `prepare()`). Structural work that app
/// code asks for meanwhile (an update, `reloadData()`, a layout change) is queued and runs
/// right after the outermost operation, in the order it was asked for. So no loop of the view
/// ever sees its collections change under it, and nothing app code asks for is lost.
///
/// Some app code is called where the view holds nothing a change could break: a menu's action,
/// an activation, the did-select of a click, a drop. Those calls are safe points
/// (``runAtSafePoint(_:)``): work asked for there runs at once, as from the app's own code (a
/// timeout, a signal handler), so an `apply` made there has landed when it returns, as in
/// UIKit. Work asked for earlier in the same input (by a did-deselect on the way to a
/// did-select) runs first when the view calls ``runQueuedWorkAtSafePoint()`` before the app
/// code; without that call, work asked for at a safe point waits behind what is queued. Either
/// way the order holds.
@MainActor
final class WorkQueue {
    private var depth = 0
    private var queue: [@MainActor () -> Void] = []
    private var draining = false
    /// The depth the running drain started at: its work runs one deeper.
    private var drainDepth = 0
    /// The depth of app code running at a safe point; nil when there is none.
    private var openDepth: Int?
    /// The depth of the innermost operation (``runWithSafePoints(_:)``) whose own calls of
    /// ``runAtSafePoint(_:)`` are safe points; nil when there is none.
    private var safePointDepth: Int?
    /// Called with the number of items dropped when the queue keeps refilling itself.
    var onRunaway: (Int) -> Void = { _ in }

    /// How much work one drain runs before it decides app code is asking for more work from
    /// every piece of work (a loop that would stop the main loop for good): far more than any
    /// real burst of callbacks.
    static let drainLimit = 10_000

    /// True inside an operation or a callback: structural work must wait. False when nothing is
    /// under way, or in app code called at a safe point with nothing queued before it.
    var isBusy: Bool { depth > 0 && !(depth == openDepth && queue.isEmpty) }

    /// True when structural work may run here and now: nothing is under way, app code runs at
    /// a safe point, or queued work is running (and has not called into app code).
    var isAtSafePoint: Bool { !isBusy || (draining && depth == drainDepth + 1) }

    /// Whether a call here could be a safe point: nothing is under way, or this is directly
    /// inside an operation with safe points, or app code at a safe point.
    private var canOpen: Bool { depth == 0 || depth == safePointDepth || depth == openDepth }

    /// Runs `body` now, as an operation; when it is the outermost one (or ends back in app code
    /// at a safe point), queued work runs after it.
    func runNow<T>(_ body: () throws -> T) rethrows -> T {
        depth += 1
        defer { leave() }
        return try body()
    }

    /// Runs `body` as an operation whose calls of ``runAtSafePoint(_:)`` made directly inside it
    /// (not inside a nested ``runNow(_:)``) are safe points: an input handler whose last step is
    /// the app's (an action, a did-select). Entered where no safe point can be (inside another
    /// operation), it is an operation like any other.
    func runWithSafePoints<T>(_ body: () throws -> T) rethrows -> T {
        let outer = safePointDepth
        let opens = canOpen
        depth += 1
        if opens { safePointDepth = depth }
        defer {
            safePointDepth = outer
            leave()
        }
        return try body()
    }

    /// Runs app code the view calls as the last step of what it does (a menu's action, an
    /// activation, a did-select after a click): when called with nothing under way or directly
    /// inside ``runWithSafePoints(_:)``, structural work it asks for runs at once, unless work
    /// asked for earlier still waits (then after it, in order). Anywhere else, as inside a loop
    /// of the view, it is a callback like any other (``runNow(_:)``).
    func runAtSafePoint<T>(_ body: () throws -> T) rethrows -> T {
        guard canOpen else { return try runNow(body) }
        let outerOpen = openDepth, outerSafe = safePointDepth
        depth += 1
        openDepth = depth
        safePointDepth = nil
        defer {
            openDepth = outerOpen
            safePointDepth = outerSafe
            leave()
        }
        return try body()
    }

    /// At a place where ``runAtSafePoint(_:)`` would make a safe point, runs the work queued so
    /// far now instead of after the outermost operation: a click's last step (its did-select)
    /// first lets what earlier callbacks of the same click asked for (a did-deselect's apply)
    /// land, so the work the last step asks for runs at once too, in order. Elsewhere (inside a
    /// loop of the view) it does nothing: the work waits as before. Returns whether work ran
    /// (index paths the caller holds may name other items now).
    @discardableResult
    func runQueuedWorkAtSafePoint() -> Bool {
        guard canOpen, !draining, !queue.isEmpty else { return false }
        drain()
        return true
    }

    /// Runs `work` now when nothing is under way (or at a safe point), else defers it to right
    /// after the current operation.
    func runOrDefer(_ work: @escaping @MainActor () -> Void) {
        if isBusy { queue.append(work) } else { runNow(work) }
    }

    /// Whether work is waiting (tests).
    var hasQueuedWork: Bool { !queue.isEmpty }

    /// Ends an operation: back at the outside, or in app code at a safe point, what was queued
    /// inside runs.
    private func leave() {
        depth -= 1
        if depth == 0 || depth == openDepth { drain() }
    }

    private func drain() {
        guard !draining, !queue.isEmpty else { return }
        draining = true
        let outerDrainDepth = drainDepth
        drainDepth = depth
        defer {
            draining = false
            drainDepth = outerDrainDepth
        }
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
