import CGtk

// A `@convention(c)` handler cannot capture, so each closure travels in a retained
// `ClosureBox` as the handler's user data and is released by the signal's destroy notify when
// the handler is disconnected or the object finalized.
private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

@discardableResult
private func connect<F>(_ instance: UnsafeMutableRawPointer, _ signal: String, _ function: F, handler: GCallback) -> gulong {
    let box = Unmanaged.passRetained(ClosureBox(function) as AnyObject).toOpaque()
    return g_signal_connect_data(instance, signal, handler, box, releaseBox, GConnectFlags(rawValue: 0))
}

/// GObject signal handlers as Swift closures, run on the main actor. Each returns the handler
/// id (for `g_signal_handler_disconnect`).
public enum Signal {
    /// A signal whose handler takes no arguments besides the instance: "clicked", "activate"...
    ///
    /// - Parameters:
    ///   - instance: the GObject, as `raw(_:)` gives it.
    ///   - signal: the signal's name; its handler must take no other arguments (for
    ///     "notify::…", which passes a GParamSpec, use `connectPointer`).
    ///   - f: the handler; it is released when the handler is disconnected or the object goes.
    /// - Returns: the handler id, for `g_signal_handler_disconnect`.
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ f: @escaping @MainActor () -> Void) -> gulong {
        typealias F = @MainActor () -> Void
        let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let f: F = unbox(data)
            MainActor.assumeIsolated { f() }
        }
        return GtkGlue.connect(instance, signal, f, handler: unsafeBitCast(thunk, to: GCallback.self))
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
        return GtkGlue.connect(instance, signal, f, handler: unsafeBitCast(thunk, to: GCallback.self))
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
        return GtkGlue.connect(instance, signal, f, handler: unsafeBitCast(thunk, to: GCallback.self))
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
        return GtkGlue.connect(instance, "scroll", f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkEventControllerLegacy "event": (the GdkEvent) -> handled.
    @discardableResult
    public static func connectEvent(_ instance: UnsafeMutableRawPointer,
                                    _ f: @escaping @MainActor (OpaquePointer) -> Bool) -> gulong {
        typealias F = @MainActor (OpaquePointer) -> Bool
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, event, data in
            guard let event else { return 0 }
            let f: F = unbox(data)
            nonisolated(unsafe) let delivered = event  // GTK's, on the main thread, for the handler's duration
            return MainActor.assumeIsolated { f(delivered) } ? 1 : 0
        }
        return GtkGlue.connect(instance, "event", f, handler: unsafeBitCast(thunk, to: GCallback.self))
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
        return GtkGlue.connect(instance, "key-pressed", f, handler: unsafeBitCast(thunk, to: GCallback.self))
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
        return GtkGlue.connect(instance, signal, f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A handler with one int: GtkNativeDialog "response".
    @discardableResult
    public static func connectInt(_ instance: UnsafeMutableRawPointer, _ signal: String, _ f: @escaping @MainActor (Int) -> Void) -> gulong {
        typealias F = @MainActor (Int) -> Void
        let thunk: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, value, data in
            let f: F = unbox(data)
            MainActor.assumeIsolated { f(Int(value)) }
        }
        return GtkGlue.connect(instance, signal, f, handler: unsafeBitCast(thunk, to: GCallback.self))
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
        return GtkGlue.connect(instance, signal, f, handler: unsafeBitCast(thunk, to: GCallback.self))
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
        return GtkGlue.connect(instance, signal, f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GListModel "items-changed": (position, removed, added).
    ///
    /// - Returns: the handler id, for `g_signal_handler_disconnect`.
    @discardableResult
    public static func connectItemsChanged(_ instance: UnsafeMutableRawPointer,
                                           _ f: @escaping @MainActor (Int, Int, Int) -> Void) -> gulong {
        typealias F = @MainActor (Int, Int, Int) -> Void
        let thunk: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, position, removed, added, data in
            let f: F = unbox(data)
            MainActor.assumeIsolated { f(Int(position), Int(removed), Int(added)) }
        }
        return GtkGlue.connect(instance, "items-changed", f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GFileMonitor "changed": (file, other file, event); the closure gets the event and the
    /// file's URI (which, unlike a String of its path, keeps a name that is not UTF-8).
    @discardableResult
    public static func connectFileMonitorChangedURI(_ monitor: UnsafeMutableRawPointer,
                                                 _ f: @escaping @MainActor (GFileMonitorEvent, String) -> Void) -> gulong {
        typealias F = @MainActor (GFileMonitorEvent, String) -> Void
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void = { _, file, _, event, data in
            let f: F = unbox(data)
            var uri = ""
            if let file, let cURI = g_file_get_uri(OpaquePointer(file)) {
                uri = String(cString: cURI)
                g_free(cURI)
            }
            MainActor.assumeIsolated { f(event, uri) }
        }
        return GtkGlue.connect(monitor, "changed", f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    // MARK: Drag and drop

    /// GtkDragSource "prepare": (x, y) -> a GdkContentProvider (a reference the handler gives
    /// up, as GTK takes it), or nil for no drag.
    @discardableResult
    public static func connectPrepare(_ instance: UnsafeMutableRawPointer,
                                      _ f: @escaping @MainActor (Double, Double) -> UnsafeMutablePointer<GdkContentProvider>?) -> gulong {
        typealias F = @MainActor (Double, Double) -> UnsafeMutablePointer<GdkContentProvider>?
        let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> UnsafeMutablePointer<GdkContentProvider>? = { _, x, y, data in
            let f: F = unbox(data)
            return MainActor.assumeIsolated { UncheckedPointer(f(x, y)) }.pointer
        }
        return GtkGlue.connect(instance, "prepare", f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkDragSource "drag-end": (drag, delete data).
    @discardableResult
    public static func connectDragEnd(_ instance: UnsafeMutableRawPointer,
                                      _ f: @escaping @MainActor (OpaquePointer?, Bool) -> Void) -> gulong {
        typealias F = @MainActor (OpaquePointer?, Bool) -> Void
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gboolean, gpointer?) -> Void = { _, drag, delete, data in
            let f: F = unbox(data)
            nonisolated(unsafe) let d = drag
            MainActor.assumeIsolated { f(d, delete != 0) }
        }
        return GtkGlue.connect(instance, "drag-end", f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkDropTargetAsync "accept": (drop) -> accepted.
    @discardableResult
    public static func connectDropAccept(_ instance: UnsafeMutableRawPointer,
                                         _ f: @escaping @MainActor (OpaquePointer) -> Bool) -> gulong {
        typealias F = @MainActor (OpaquePointer) -> Bool
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, drop, data in
            let f: F = unbox(data)
            guard let drop else { return 0 }
            nonisolated(unsafe) let d = drop
            return MainActor.assumeIsolated { f(d) } ? 1 : 0
        }
        return GtkGlue.connect(instance, "accept", f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkDropTargetAsync "drag-enter" and "drag-motion": (drop, x, y) -> the preferred
    /// GdkDragAction (0 refuses the drop here).
    @discardableResult
    public static func connectDropMotion(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                         _ f: @escaping @MainActor (OpaquePointer, Double, Double) -> GdkDragAction) -> gulong {
        typealias F = @MainActor (OpaquePointer, Double, Double) -> GdkDragAction
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gdouble, gdouble, gpointer?) -> GdkDragAction = { _, drop, x, y, data in
            let f: F = unbox(data)
            guard let drop else { return GdkDragAction(rawValue: 0) }
            nonisolated(unsafe) let d = drop
            return MainActor.assumeIsolated { f(d, x, y) }
        }
        return GtkGlue.connect(instance, signal, f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkDropTargetAsync "drag-leave": (drop).
    @discardableResult
    public static func connectDropLeave(_ instance: UnsafeMutableRawPointer,
                                        _ f: @escaping @MainActor (OpaquePointer?) -> Void) -> gulong {
        typealias F = @MainActor (OpaquePointer?) -> Void
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, drop, data in
            let f: F = unbox(data)
            nonisolated(unsafe) let d = drop
            MainActor.assumeIsolated { f(d) }
        }
        return GtkGlue.connect(instance, "drag-leave", f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkDropTargetAsync "drop": (drop, x, y) -> whether the drop is taken (then the handler
    /// must call `gdk_drop_finish`, maybe later).
    @discardableResult
    public static func connectDrop(_ instance: UnsafeMutableRawPointer,
                                   _ f: @escaping @MainActor (OpaquePointer, Double, Double) -> Bool) -> gulong {
        typealias F = @MainActor (OpaquePointer, Double, Double) -> Bool
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gdouble, gdouble, gpointer?) -> gboolean = { _, drop, x, y, data in
            let f: F = unbox(data)
            guard let drop else { return 0 }
            nonisolated(unsafe) let d = drop
            return MainActor.assumeIsolated { f(d, x, y) } ? 1 : 0
        }
        return GtkGlue.connect(instance, "drop", f, handler: unsafeBitCast(thunk, to: GCallback.self))
    }
}

/// A pointer carried out of a main-actor closure (GTK calls on the main thread).
private struct UncheckedPointer<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>?
    init(_ pointer: UnsafeMutablePointer<T>?) { self.pointer = pointer }
}
