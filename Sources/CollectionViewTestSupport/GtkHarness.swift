import CGtk
import GtkGlue
import XCTest
import Foundation
import CollectionLayout
import CollectionViewGtk
#if canImport(Glibc)
import Glibc
#endif

/// Real windows for tests: GTK is initialised once; a test opens a window around a collection
/// view, changes something, and pumps the main loop until the view's next layout pass.
@MainActor
package enum GtkHarness {
    private static let ready: Bool = {
        g_log_set_writer_func(warningCountingWriter, nil, nil)
        gtk_disable_setlocale()
        guard gtk_init_check() != 0 else { return false }
        // Visible cells, so screenshots of tests show what they check.
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, """
            collectionview { background: white; }
            .cell { background: #3584e4; border: 2px solid #1c1c1c; border-radius: 6px; }
            reusableview:not(.cell):not(.content) { background: rgba(246, 211, 45, 0.5); }
            .cell.highlighted { background: #f6d32d; }
            .cell:selected { background: #2ec27e; }
            .selected-bg { border: 4px solid #1c1c1c; border-radius: 6px; }
            reusableview.cell.focused { outline: 3px solid #e01b24; outline-offset: 2px; }
            """, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider), 800)
        return true
    }()

    /// True when a display is there (tests run under Xvfb).
    package static var available: Bool { ready }

    private static var windowCount = 0

    /// A window of the given size showing the collection view, presented and laid out. Its
    /// title is unique, so `xdotool search --name` finds it.
    package static func window(for collectionView: CollectionView, width: Int32 = 800, height: Int32 = 600) -> WidgetPointer {
        precondition(ready, "GTK could not open a display: run the tests under xvfb-run")
        let window = gtk_window_new()!
        windowCount += 1
        gtk_window_set_title(window.as(GtkWindow.self), "cv-test-\(getpid())-\(windowCount)")
        gtk_window_set_default_size(window.as(GtkWindow.self), width, height)
        gtk_window_set_child(window.as(GtkWindow.self), collectionView.widget)
        gtk_window_present(window.as(GtkWindow.self))
        collectionView.checksInvariants = true  // after every pass; `close` reports what broke
        checkedViews.append(WeakView(value: collectionView))
        let passes = collectionView.layoutPassCount
        pump { collectionView.layoutPassCount > passes && collectionView.bounds.width > 0 }
        return window
    }

    /// Closes a test window and fails the test if GTK or GLib logged a warning or critical
    /// since the last window closed (criticals already abort under G_DEBUG=fatal-criticals).
    package static func close(_ window: WidgetPointer, file: StaticString = #filePath, line: UInt = #line) {
        checkInvariants(file: file, line: line)
        checkedViews.removeAll()
        gtk_window_destroy(window.as(GtkWindow.self))
        pump(seconds: 0.02)
        let warnings = takeWarnings()
        if !warnings.isEmpty { XCTFail("GTK warned: \(warnings)", file: file, line: line) }
    }

    private struct WeakView { weak var value: CollectionView? }
    /// The collection views of open test windows, whose element owners are checked.
    private static var checkedViews: [WeakView] = []

    /// Fails the test if any open collection view's element owner broke an invariant after a
    /// pass, or breaks one now.
    package static func checkInvariants(file: StaticString = #filePath, line: UInt = #line) {
        for view in checkedViews.compactMap(\.value) {
            let problems = view.invariantProblems + view.elementInvariantViolations().map { "now: \($0)" }
            if !problems.isEmpty { XCTFail("element owner invariants broke: \(problems.prefix(5))", file: file, line: line) }
            view.invariantProblems.removeAll()
        }
    }

    /// The warnings logged since the last call, and forgets them.
    package static func takeWarnings() -> [String] {
        defer { loggedWarnings.removeAll() }
        return loggedWarnings
    }

    /// Runs the main loop until `condition` holds or `timeout` passes; returns the condition.
    @discardableResult
    package static func pump(timeout: Double = 5, until condition: () -> Bool) -> Bool {
        let deadline = now() + timeout
        while !condition() {
            if now() > deadline { return false }
            if g_main_context_iteration(nil, 0) == 0 { usleep(500) }
        }
        return true
    }

    /// Runs the main loop for a while.
    package static func pump(seconds: Double) {
        let deadline = now() + seconds
        while now() < deadline {
            if g_main_context_iteration(nil, 0) == 0 { usleep(500) }
        }
    }

    /// Runs `change` and waits for the layout pass that follows it.
    @discardableResult
    package static func settle(_ collectionView: CollectionView, after change: () -> Void = {}) -> Bool {
        let passes = collectionView.layoutPassCount
        change()
        gtk_widget_queue_allocate(collectionView.viewport)
        return pump { collectionView.layoutPassCount > passes }
    }

    package static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Renders `widget` to a PNG in $CV_SCREENSHOT_DIR, when that is set (for looking at).
    package static func screenshot(_ widget: WidgetPointer, name: String) {
        guard let dir = getenv("CV_SCREENSHOT_DIR").map({ String(cString: $0) }) else { return }
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        let paintable = gtk_widget_paintable_new(widget)!
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return }
        let renderer = gtk_native_get_renderer(gtk_widget_get_native(widget))
        var area = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        if let texture = gsk_renderer_render_texture(renderer, node, &area) {
            _ = gdk_texture_save_to_png(texture, "\(dir)/\(name).png")
            g_object_unref(raw(texture))
        }
        gsk_render_node_unref(node)
        g_object_unref(raw(paintable))
    }

    // MARK: Real input through xdotool

    /// The GType name of a GObject instance ("GdkX11Display", "GskCairoRenderer").
    package static func typeName(of instance: OpaquePointer) -> String {
        String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(instance).assumingMemoryBound(to: GTypeInstance.self)))
    }

    /// Whether xdotool reaches the windows: an X11 display (not Wayland).
    package static var drivesInputThroughX11: Bool {
        gdk_display_get_default().map { typeName(of: $0) == "GdkX11Display" } ?? false
    }

    /// Runs xdotool with `arguments` while the main loop keeps running, so GTK sees the events
    /// as they come. Returns its standard output.
    @discardableResult
    package static func xdotool(_ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { fatalError("xdotool could not run: \(error)") }
        pump(timeout: 20) { !process.isRunning }
        pump(seconds: 0.1)
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// The X window id of a test window.
    package static func xid(of window: WidgetPointer) -> String {
        let title = String(cString: gtk_window_get_title(window.as(GtkWindow.self)))
        return xdotool(["search", "--name", "^\(title)$"]).split(separator: "\n").first.map(String.init) ?? ""
    }

    /// A point of `widget` in its window's X coordinates.
    package static func windowPoint(of widget: WidgetPointer, x: Double, y: Double) -> (Int, Int) {
        let root = gtk_widget_get_root(widget)!
        let rootWidget = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
        var p = graphene_point_t(x: Float(x), y: Float(y)), out = graphene_point_t()
        _ = gtk_widget_compute_point(widget, rootWidget, &p, &out)
        var sx = 0.0, sy = 0.0
        gtk_native_get_surface_transform(root, &sx, &sy)
        return (Int((Double(out.x) + sx).rounded()), Int((Double(out.y) + sy).rounded()))
    }

    /// The centre of a cell, in window coordinates.
    package static func centre(of cell: CollectionViewCell, in window: WidgetPointer) -> (Int, Int) {
        windowPoint(of: cell.widget, x: Double(gtk_widget_get_width(cell.widget)) / 2, y: Double(gtk_widget_get_height(cell.widget)) / 2)
    }

    /// Moves the pointer to a window point and runs more xdotool commands after it.
    package static func pointer(_ window: WidgetPointer, at point: (Int, Int), then commands: [String] = []) {
        xdotool(["mousemove", "--window", xid(of: window), String(point.0), String(point.1)] + commands)
    }

    /// Types keys into the window (it has the keyboard focus under Xvfb, there being no
    /// window manager to give it elsewhere).
    package static func keys(_ keys: String...) {
        xdotool(["key", "--delay", "30"] + keys)
    }

    /// Saves the whole screen to $CV_SCREENSHOT_DIR/name.png, when that is set.
    package static func screenCapture(name: String) {
        guard let dir = getenv("CV_SCREENSHOT_DIR").map({ String(cString: $0) }) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/import")
        process.arguments = ["-window", "root", "\(dir)/\(name).png"]
        try? process.run()
        pump(timeout: 20) { !process.isRunning }
    }

    /// The texts of the labels under `widget`, in tree order (a popover menu's items).
    package static func labels(in widget: WidgetPointer) -> [String] {
        var result: [String] = []
        walk(widget) { w in
            if isLabel(w), gtk_widget_get_mapped(w) != 0 {
                result.append(String(cString: gtk_label_get_text(OpaquePointer(w))))
            }
        }
        return result
    }

    package static func label(_ text: String, in widget: WidgetPointer) -> WidgetPointer? {
        var found: WidgetPointer?
        walk(widget) { w in
            if found == nil, isLabel(w),
               String(cString: gtk_label_get_text(OpaquePointer(w))) == text { found = w }
        }
        return found
    }

    private static func isLabel(_ w: WidgetPointer) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(w).assumingMemoryBound(to: GTypeInstance.self), gtk_label_get_type()) != 0
    }

    private static func walk(_ widget: WidgetPointer, _ visit: (WidgetPointer) -> Void) {
        visit(widget)
        var child = gtk_widget_get_first_child(widget)
        while let c = child { walk(c, visit); child = gtk_widget_get_next_sibling(c) }
    }

    /// The centre of a widget inside a popover, in the coordinates of the popover's toplevel
    /// window (the popover is a surface of its own, placed relative to its parent's).
    package static func popoverPoint(of widget: WidgetPointer) -> [Int] {
        let native = gtk_widget_get_native(widget)!
        let nativeWidget = UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self)
        var p = graphene_point_t(x: Float(gtk_widget_get_width(widget)) / 2, y: Float(gtk_widget_get_height(widget)) / 2)
        var out = graphene_point_t()
        _ = gtk_widget_compute_point(widget, nativeWidget, &p, &out)
        var sx = 0.0, sy = 0.0
        gtk_native_get_surface_transform(native, &sx, &sy)
        let surface = gtk_native_get_surface(native)
        let px = gdk_popup_get_position_x(surface), py = gdk_popup_get_position_y(surface)
        return [Int(Double(px) + sx + Double(out.x)), Int(Double(py) + sy + Double(out.y))]
    }

    /// Where GTK actually put a widget, in the viewport's coordinates (transform included).
    package static func bounds(of widget: WidgetPointer, in viewport: WidgetPointer) -> Rect? {
        var r = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, viewport, &r) != 0 else { return nil }
        return Rect(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
    }
}

/// Every warning or critical logged in the process, in order; `GtkHarness.close` reports them.
nonisolated(unsafe) private var loggedWarnings: [String] = []

/// Writes log messages as GLib would, and keeps the warnings and criticals for the tests.
private let warningCountingWriter: GLogWriterFunc = { level, fields, count, data in
    let serious = G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue
    if level.rawValue & serious != 0, let fields {
        for i in 0..<Int(count) where strcmp(fields[i].key, "MESSAGE") == 0 {
            if let value = fields[i].value { loggedWarnings.append(String(cString: value.assumingMemoryBound(to: CChar.self))) }
        }
    }
    return g_log_writer_default(level, fields, count, data)
}

/// Turns GTK's gtk-enable-animations setting on or off for the tests' display.
@MainActor
package func cv_test_set_animations(_ on: Bool) {
    precondition(GtkHarness.available)
    let settings = gtk_settings_get_default()!
    var value = GValue()
    _ = g_value_init(&value, gboolean_gtype())
    g_value_set_boolean(&value, on ? 1 : 0)
    g_object_set_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), "gtk-enable-animations", &value)
    g_value_unset(&value)
}

/// G_TYPE_BOOLEAN (a macro: fundamental type 5, shifted by G_TYPE_FUNDAMENTAL_SHIFT).
package func gboolean_gtype() -> GType { GType(5 << 2) }
