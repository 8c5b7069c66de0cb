import XCTest
import CGtk
import GtkGlue
import CollectionViewGtk

/// Another app's drag source, in a window of the test process: a 200x200 window whose whole
/// area starts a real drag (X11's XDND, as a file manager's would) of the given content, moved
/// to the right of the screen so it overlaps neither a test window nor the gallery (windows
/// open at the top left under Xvfb, which has no window manager).
@MainActor
package final class DragSourceWindow {
    package let window: WidgetPointer
    private let source: OpaquePointer
    /// How many drags it began, and the action each ended with (0 when refused).
    package private(set) var endedActions: [UInt32] = []
    /// How many drags GTK asked the content for (it does as a drag begins).
    package private(set) var prepared = 0
    private static var count = 0

    /// - Parameters:
    ///   - items: what the drag carries.
    ///   - actions: what it allows (a file manager allows copy and move).
    ///   - x, y: where its window goes on the screen.
    package init(items: [DragItem], actions: GdkDragAction = GdkDragAction(rawValue: GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue),
         x: Int = 1040, y: Int = 300) {
        Self.count += 1
        window = gtk_window_new()!
        gtk_window_set_title(window.as(GtkWindow.self), "drag-source-\(getpid())-\(Self.count)")
        gtk_window_set_default_size(window.as(GtkWindow.self), 200, 200)
        let label = gtk_label_new("drag me")!
        gtk_window_set_child(window.as(GtkWindow.self), label)
        source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, actions)
        Signal.connectPrepare(raw(source)) { [weak self] _, _ in
            self?.prepared += 1
            return DragItem.contentProvider(for: items)
        }
        Signal.connectDragEnd(raw(source)) { [weak self] drag, _ in
            self?.endedActions.append(drag.map { gdk_drag_get_selected_action($0).rawValue } ?? 0)
        }
        gtk_widget_add_controller(label, source)
        gtk_window_present(window.as(GtkWindow.self))
        GtkHarness.wait(for: "the window to be on screen") { gtk_widget_get_mapped(window) != 0 && !GtkHarness.xid(of: window).isEmpty }
        GtkHarness.xdotool(["windowmove", "--sync", GtkHarness.xid(of: window), String(x), String(y)])
    }

    /// Presses in the window and moves far enough for GTK to start the drag; the button stays
    /// down (finish with `move(to:)` calls and `release()`).
    package func beginDrag(file: StaticString = #filePath, line: UInt = #line) {
        let before = prepared
        var commands = ["mousemove", "--window", GtkHarness.xid(of: window), "100", "100", "mousedown", "1"]
        for _ in 0..<4 { commands += ["sleep", "0.05", "mousemove_relative", "--", "-30", "0"] }
        GtkHarness.xdotool(commands, file: file, line: line)
        GtkHarness.wait(for: "the drag to begin", file: file, line: line) { prepared > before }
    }

    /// Moves the dragging pointer to a point of another window (its X coordinates), in a few
    /// steps, as a hand would; GTK gets the time to send XDND positions and hear the status.
    package static func move(to point: (Int, Int), in target: String, file: StaticString = #filePath, line: UInt = #line) {
        GtkHarness.xdotool(["mousemove", "--window", target, String(point.0 + 6), String(point.1 + 4), "sleep", "0.15",
                            "mousemove", "--window", target, String(point.0 + 2), String(point.1 + 1), "sleep", "0.15",
                            "mousemove", "--window", target, String(point.0), String(point.1), "sleep", "0.2"], file: file, line: line)
        // The source's last XDND position reached the target; a second round trip brings the
        // target's status back (a target in this process answers from its main loop).
        GtkHarness.roundTrip(file: file, line: line)
    }

    /// Lets go of the button: the drop.
    package static func release(file: StaticString = #filePath, line: UInt = #line) {
        GtkHarness.xdotool(["mouseup", "1"], file: file, line: line)
        GtkHarness.roundTrip(file: file, line: line)  // the XDND drop, and the target's answer
    }

    package func close() {
        gtk_window_destroy(window.as(GtkWindow.self))
        GtkHarness.drain()
    }
}
