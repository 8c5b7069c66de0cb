import XCTest
import CGtk
import GtkGlue
import CollectionViewGtk

/// Another app's drop target, in a window of the test process: a 200x200 window with a
/// GtkDropTarget for files, as a file manager has, moved to the right of the screen.
@MainActor
package final class DropReceiverWindow {
    package let window: WidgetPointer
    /// The files of every drop, in order (their paths).
    package private(set) var received: [[String]] = []
    package var id: String { GtkHarness.xid(of: window) }
    private static var count = 0

    package init(x: Int = 1040, y: Int = 300) {
        Self.count += 1
        window = gtk_window_new()!
        gtk_window_set_title(window.as(GtkWindow.self), "drop-receiver-\(getpid())-\(Self.count)")
        gtk_window_set_default_size(window.as(GtkWindow.self), 200, 200)
        let label = gtk_label_new("drop here")!
        gtk_window_set_child(window.as(GtkWindow.self), label)
        let target = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)!
        let (callback, data) = Self.dropCallback { [weak self] value in
            self?.received.append(filePaths(inFileList: value))
        }
        g_signal_connect_data(raw(target), "drop", callback, data, { data, _ in Unmanaged<AnyObject>.fromOpaque(data!).release() },
                              GConnectFlags(rawValue: 0))
        gtk_widget_add_controller(label, target)
        gtk_window_present(window.as(GtkWindow.self))
        GtkHarness.wait(for: "the window to be on screen") { gtk_widget_get_mapped(window) != 0 && !GtkHarness.xid(of: window).isEmpty }
        GtkHarness.xdotool(["windowmove", "--sync", id, String(x), String(y)])
    }

    package func close() {
        gtk_window_destroy(window.as(GtkWindow.self))
        GtkHarness.drain()
    }

    /// GtkDropTarget's "drop" handler (value, x, y) -> gboolean as a closure.
    private static func dropCallback(_ f: @escaping @MainActor (UnsafePointer<GValue>) -> Void) -> (GCallback, gpointer) {
        final class Box {
            let f: @MainActor (UnsafePointer<GValue>) -> Void
            init(_ f: @escaping @MainActor (UnsafePointer<GValue>) -> Void) { self.f = f }
        }
        let thunk: @convention(c) (gpointer?, UnsafePointer<GValue>?, gdouble, gdouble, gpointer?) -> gboolean = { _, value, _, _, data in
            let box = Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! Box
            guard let value else { return 0 }
            nonisolated(unsafe) let v = value
            MainActor.assumeIsolated { box.f(v) }
            return 1
        }
        return (unsafeBitCast(thunk, to: GCallback.self), Unmanaged.passRetained(Box(f) as AnyObject).toOpaque())
    }
}

/// The paths of the files in a GValue holding a GdkFileList (a drop's or a drag's files).
@MainActor
package func filePaths(inFileList value: UnsafePointer<GValue>) -> [String] {
    var paths: [String] = []
    guard let boxed = g_value_get_boxed(value) else { return paths }
    let list = gdk_file_list_get_files(OpaquePointer(boxed))
    var node = list
    while let n = node {
        if let path = g_file_get_path(OpaquePointer(n.pointee.data)) { paths.append(String(cString: path)); g_free(path) }
        node = n.pointee.next
    }
    g_slist_free(list)
    return paths
}
