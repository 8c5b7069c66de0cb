import CGtk

/// GtkWidget pointers, as GTK's complete struct imports them.
public typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>

/// Casts between GObject pointer types: GTK's own casts are C macros that do not import.
@inline(__always)
func cast<T>(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<T> {
    pointer.assumingMemoryBound(to: T.self)
}

/// A GObject pointer of any imported type, as the `gpointer` GLib's functions take.
@inline(__always)
public func raw<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

@inline(__always)
public func raw(_ pointer: OpaquePointer) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The widget as an opaque pointer, for GTK types that import opaque (GtkScrolledWindow...).
    public var opaque: OpaquePointer { OpaquePointer(self) }

    /// The widget as another GTK struct type it is an instance of: `window.as(GtkWindow.self)`.
    public func `as`<T>(_ type: T.Type) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }
}

/// A strong reference to a GObject, released when the owner goes away.
///
/// It is a separate, non-isolated class so that `deinit` of main-actor types need not touch
/// GTK: the last Swift reference to a view drops this, and this drops the GObject.
final class ObjectRef: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer

    /// Takes a reference (sinking a floating one, as for a new widget).
    init(sinking pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
        g_object_ref_sink(pointer)
    }

    /// Adopts a reference the caller already owns.
    init(adopting pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
    }

    deinit { g_object_unref(pointer) }
}
