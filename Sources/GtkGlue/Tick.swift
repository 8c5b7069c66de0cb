import CGtk

/// Frame-clock callbacks (`gtk_widget_add_tick_callback`): the closure gets the frame time in
/// seconds and returns whether to keep ticking.
public enum Tick {
    /// Adds `f` as a tick callback of `widget`. Returns its id (for
    /// `gtk_widget_remove_tick_callback`).
    @discardableResult
    public static func add(_ widget: UnsafeMutablePointer<GtkWidget>, _ f: @escaping @MainActor (Double) -> Bool) -> guint {
        typealias F = @MainActor (Double) -> Bool
        let thunk: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean = { _, clock, data in
            let f: F = unbox(data)
            let time = Double(gdk_frame_clock_get_frame_time(clock)) / 1e6
            return MainActor.assumeIsolated { f(time) } ? 1 : 0
        }
        let box = Unmanaged.passRetained(ClosureBox(f) as AnyObject).toOpaque()
        let destroy: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        return gtk_widget_add_tick_callback(widget, thunk, box, destroy)
    }
}
