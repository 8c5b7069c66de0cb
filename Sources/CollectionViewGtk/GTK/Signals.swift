import CGtk
import CCollectionHost

/// Connects Swift closures to GObject signals. A `@convention(c)` handler cannot capture, so
/// each closure travels in a retained box as the handler's user data and is released by the
/// signal's destroy notify when the handler is disconnected or the object finalized.
final class ClosureBox<F>: @unchecked Sendable {
    let function: F
    init(_ function: F) { self.function = function }
}

private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

@discardableResult
private func connect<F>(_ instance: UnsafeMutableRawPointer, _ signal: String, _ function: F, handler: GCallback) -> gulong {
    let box = Unmanaged.passRetained(ClosureBox(function) as AnyObject).toOpaque()
    return cv_signal_connect(instance, signal, handler, box, releaseBox)
}

private func unbox<F>(_ data: gpointer?) -> F {
    (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! ClosureBox<F>).function
}

public enum Signal {
    /// A signal whose handler takes no arguments besides the instance: "clicked", "activate"...
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ f: @escaping @MainActor () -> Void) -> gulong {
        typealias F = @MainActor () -> Void
        let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let f: F = unbox(data)
            MainActor.assumeIsolated { f() }
        }
        return CollectionViewGtk.connect(instance, signal, f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkGestureClick's "pressed" and "released": (n_press, x, y).
    @discardableResult
    public static func connectPress(_ instance: UnsafeMutableRawPointer, _ signal: String,
                             _ f: @escaping @MainActor (Int, Double, Double) -> Void) -> gulong {
        typealias F = @MainActor (Int, Double, Double) -> Void
        let thunk: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = { _, n, x, y, data in
            let f: F = unbox(data)
            MainActor.assumeIsolated { f(Int(n), x, y) }
        }
        return CollectionViewGtk.connect(instance, signal, f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Handlers with two doubles: GtkGestureLongPress "pressed" (x, y), GtkGestureDrag
    /// "drag-update" (dx, dy)...
    @discardableResult
    public static func connectPoint(_ instance: UnsafeMutableRawPointer, _ signal: String,
                             _ f: @escaping @MainActor (Double, Double) -> Void) -> gulong {
        typealias F = @MainActor (Double, Double) -> Void
        let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
            let f: F = unbox(data)
            MainActor.assumeIsolated { f(x, y) }
        }
        return CollectionViewGtk.connect(instance, signal, f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkEventControllerScroll "scroll": (dx, dy) -> handled.
    @discardableResult
    public static func connectScroll(_ instance: UnsafeMutableRawPointer,
                              _ f: @escaping @MainActor (Double, Double) -> Bool) -> gulong {
        typealias F = @MainActor (Double, Double) -> Bool
        let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gboolean = { _, dx, dy, data in
            let f: F = unbox(data)
            return MainActor.assumeIsolated { f(dx, dy) } ? 1 : 0
        }
        return CollectionViewGtk.connect(instance, "scroll", f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkEventControllerKey "key-pressed": (keyval, keycode, modifiers) -> handled.
    @discardableResult
    public static func connectKey(_ instance: UnsafeMutableRawPointer,
                                  _ f: @escaping @MainActor (UInt32, UInt32, GdkModifierType) -> Bool) -> gulong {
        typealias F = @MainActor (UInt32, UInt32, GdkModifierType) -> Bool
        let thunk: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = { _, keyval, keycode, state, data in
            let f: F = unbox(data)
            return MainActor.assumeIsolated { f(keyval, keycode, state) } ? 1 : 0
        }
        return CollectionViewGtk.connect(instance, "key-pressed", f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GAction "activate" and "change-state": (GVariant parameter or nil).
    @discardableResult
    public static func connectVariant(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                      _ f: @escaping @MainActor (OpaquePointer?) -> Void) -> gulong {
        typealias F = @MainActor (OpaquePointer?) -> Void
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, variant, data in
            let f: F = unbox(data)
            nonisolated(unsafe) let v = variant
            MainActor.assumeIsolated { f(v) }
        }
        return CollectionViewGtk.connect(instance, signal, f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A handler with one int: GtkNativeDialog "response".
    @discardableResult
    public static func connectInt(_ instance: UnsafeMutableRawPointer, _ signal: String, _ f: @escaping @MainActor (Int) -> Void) -> gulong {
        typealias F = @MainActor (Int) -> Void
        let thunk: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, value, data in
            let f: F = unbox(data)
            MainActor.assumeIsolated { f(Int(value)) }
        }
        return CollectionViewGtk.connect(instance, signal, f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A handler with one double: GtkGestureZoom "scale-changed".
    @discardableResult
    public static func connectValue(_ instance: UnsafeMutableRawPointer, _ signal: String,
                             _ f: @escaping @MainActor (Double) -> Void) -> gulong {
        typealias F = @MainActor (Double) -> Void
        let thunk: @convention(c) (gpointer?, gdouble, gpointer?) -> Void = { _, value, data in
            let f: F = unbox(data)
            MainActor.assumeIsolated { f(value) }
        }
        return CollectionViewGtk.connect(instance, signal, f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A handler with one pointer argument: GtkGesture "cancel" (sequence), "end"...
    @discardableResult
    public static func connectPointer(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ f: @escaping @MainActor () -> Void) -> gulong {
        typealias F = @MainActor () -> Void
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
            let f: F = unbox(data)
            MainActor.assumeIsolated { f() }
        }
        return CollectionViewGtk.connect(instance, signal, f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }
}

/// Frame-clock callbacks (`gtk_widget_add_tick_callback`): the closure gets the frame time in
/// seconds and returns whether to keep ticking.
public enum Tick {
    @discardableResult
    public static func add(_ widget: WidgetPointer, _ f: @escaping @MainActor (Double) -> Bool) -> guint {
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

/// GIO's asynchronous calls: a closure as the GAsyncReadyCallback, run once with the result.
public enum Async {
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

    /// Runs `f` once after `milliseconds`. Returns the source id (for `g_source_remove`).
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
