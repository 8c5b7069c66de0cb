import CGtk

/// A GObject pointer of any imported type, as the `gpointer` GLib's functions take.
@inline(__always)
public func raw<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

/// An opaquely imported GObject pointer (GtkScrolledWindow, GtkLabel...) as a `gpointer`.
@inline(__always)
public func raw(_ pointer: OpaquePointer) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

/// Casts between GObject pointer types: GTK's own casts are C macros that do not import.
extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The widget as an opaque pointer, for GTK types that import opaque (GtkScrolledWindow...).
    public var opaque: OpaquePointer { OpaquePointer(self) }

    /// The widget as another GTK struct type it is an instance of: `window.as(GtkWindow.self)`.
    public func `as`<T>(_ type: T.Type) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }
}
