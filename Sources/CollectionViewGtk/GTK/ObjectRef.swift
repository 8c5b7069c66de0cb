import CGtk

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
