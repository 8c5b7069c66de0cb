import CGtk

/// GIO's asynchronous calls: a closure as the GAsyncReadyCallback, run once with the result.
public enum Async {
    /// A callback and its user data for a GIO `_async` call; `f` gets the GAsyncResult, to pass
    /// to the matching `_finish` call.
    ///
    /// - Returns: the `GAsyncReadyCallback` and the `gpointer` user data to pass to the call.
    ///   The closure is kept until GIO calls back, which it does exactly once.
    public static func callback(_ f: @escaping @MainActor (OpaquePointer?) -> Void) -> (GAsyncReadyCallback, gpointer) {
        typealias F = @MainActor (OpaquePointer?) -> Void
        let box = Unmanaged.passRetained(ClosureBox(f) as AnyObject).toOpaque()
        let thunk: GAsyncReadyCallback = { _, result, data in
            let box = Unmanaged<AnyObject>.fromOpaque(data!).takeRetainedValue() as! ClosureBox<F>
            nonisolated(unsafe) let r = result
            MainActor.assumeIsolated { box.function(r) }
        }
        return (thunk, box)
    }

    /// Runs `f` every `milliseconds` on the main loop while it returns true. Returns the
    /// source id (for `g_source_remove`).
    @discardableResult
    public static func every(milliseconds: UInt32, _ f: @escaping @MainActor () -> Bool) -> guint {
        let box = Unmanaged.passRetained(ClosureBox(f) as AnyObject).toOpaque()
        return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
            let box = Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! ClosureBox<@MainActor () -> Bool>
            return MainActor.assumeIsolated { box.function() } ? 1 : 0
        }, box, { data in Unmanaged<AnyObject>.fromOpaque(data!).release() })
    }

    /// Runs `f` once after `milliseconds`. Returns the source id (for `g_source_remove`), which
    /// is valid only until `f` has run.
    @discardableResult
    public static func after(milliseconds: UInt32, _ f: @escaping @MainActor () -> Void) -> guint {
        every(milliseconds: milliseconds) { f(); return false }
    }

    /// Runs `f` on the main loop soon (from any thread).
    public static func onMain(_ f: @escaping @Sendable @MainActor () -> Void) {
        let box = Unmanaged.passRetained(ClosureBox(f) as AnyObject).toOpaque()
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
            let box = Unmanaged<AnyObject>.fromOpaque(data!).takeRetainedValue() as! ClosureBox<@MainActor () -> Void>
            MainActor.assumeIsolated { box.function() }
            return 0
        }, box, nil)
    }
}
