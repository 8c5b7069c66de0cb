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
        testStyle = OpaquePointer(provider)
        return true
    }()

    /// The tests' own stylesheet (visible cells), above the library's.
    private static var testStyle: OpaquePointer?

    /// Runs `body` with the tests' stylesheet taken away, so windows show the library's own
    /// style over the theme (its focus ring and selection colours), and puts it back after.
    package static func withoutTestStyle<T>(_ body: () -> T) -> T {
        guard ready, let provider = testStyle, let display = gdk_display_get_default() else { return body() }
        gtk_style_context_remove_provider_for_display(display, provider)
        defer { gtk_style_context_add_provider_for_display(display, provider, 800) }
        return body()
    }

    /// The pixels of `widget` (a window, or any widget in one) as its renderer draws it now:
    /// cairo's ARGB32 (B, G, R, A in memory), `stride` bytes a row. At scale 1, or with
    /// `deviceScale` at the window's scale, in device pixels as the screen shows them; with
    /// `saveAs` and `CV_SCREENSHOT_DIR` set, also saved there as a PNG of that name.
    package static func renderedPixels(of widget: WidgetPointer, deviceScale: Bool = false, saveAs name: String? = nil)
        -> (bytes: [UInt8], width: Int, height: Int, stride: Int) {
        waitForFrames(2, of: widget)  // what was asked for is drawn
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        // A widget's paintable gives the node of its last frame, which GTK drops when the
        // window is to be drawn again: wait for a frame to keep one.
        var drawn: OpaquePointer?
        wait(for: "the node of the widget's last frame") { () -> Bool in
            let paintable = gtk_widget_paintable_new(widget)!
            defer { g_object_unref(raw(paintable)) }
            let snapshot = gtk_snapshot_new()!
            gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
            drawn = gtk_snapshot_free_to_node(snapshot)
            return drawn != nil
        }
        guard let logical = drawn else { return ([], 0, 0, 0) }
        let scale = deviceScale ? Float(gtk_widget_get_scale_factor(widget)) : 1
        let node = scale == 1 ? logical : gsk_transform_node_new(logical, gsk_transform_scale(nil, scale, scale))!
        if scale != 1 { gsk_render_node_unref(logical) }
        defer { gsk_render_node_unref(node) }
        let renderer = gtk_native_get_renderer(gtk_widget_get_native(widget))
        var area = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                   size: graphene_size_t(width: Float(width) * scale, height: Float(height) * scale))
        guard let texture = gsk_renderer_render_texture(renderer, node, &area) else { return ([], 0, 0, 0) }
        defer { g_object_unref(raw(texture)) }
        if let name, let dir = getenv("CV_SCREENSHOT_DIR").map({ String(cString: $0) }) { _ = gdk_texture_save_to_png(texture, "\(dir)/\(name).png") }
        let stride = Int(gdk_texture_get_width(texture)) * 4
        var bytes = [UInt8](repeating: 0, count: stride * Int(gdk_texture_get_height(texture)))
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(stride)) }
        return (bytes, Int(gdk_texture_get_width(texture)), Int(gdk_texture_get_height(texture)), stride)
    }

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
        let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
        slot.pointee = UnsafeMutableRawPointer(window)
        g_object_add_weak_pointer(raw(window).assumingMemoryBound(to: GObject.self), slot)
        gtk_window_destroy(window.as(GtkWindow.self))
        // What GTK does as the window goes (its surface, the idles it queued) may warn: the
        // warnings belong to this test. Then nothing of it is left to run.
        wait(for: "the closed window to be finalized", file: file, line: line) { slot.pointee == nil }
        if slot.pointee != nil { g_object_remove_weak_pointer(raw(window).assumingMemoryBound(to: GObject.self), slot) }
        slot.deallocate()
        drain()
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
    package static func pump(timeout: Double = 20, until condition: () -> Bool) -> Bool {
        let deadline = now() + timeout
        while !condition() {
            if now() > deadline { return false }
            if g_main_context_iteration(nil, 0) == 0 { usleep(500) }
        }
        return true
    }

    /// Runs the main loop until `condition` holds, for up to `timeout` seconds (generous: a
    /// loaded machine is slow, a passing test does not wait for it); when it does not hold by
    /// then, fails the test saying what it waited for. Returns the condition.
    @discardableResult
    package static func wait(for what: String, timeout: Double = 20, file: StaticString = #filePath, line: UInt = #line,
                             until condition: () -> Bool) -> Bool {
        if pump(timeout: timeout, until: condition) { return true }
        XCTFail("waited \(Int(timeout)) s for \(what), in vain", file: file, line: line)
        return false
    }

    /// Runs the main loop for `seconds` where time passing is itself what the test needs (a
    /// double-click interval running out, a timer of GTK's firing): never to wait for
    /// something that happens, which `wait(for:)` waits for. `reason` says which it is.
    package static func letTimePass(_ seconds: Double, because reason: StaticString) {
        let deadline = now() + seconds
        while now() < deadline {
            if g_main_context_iteration(nil, 0) == 0 { usleep(500) }
        }
    }

    /// Dispatches what the main loop has ready now, until nothing is (bounded: a running
    /// animation is always ready).
    package static func drain() {
        for _ in 0..<1000 where g_main_context_iteration(nil, 0) != 0 {}
    }

    /// The frame counter of the frame clock `widget` paints with (0 before it is realized).
    package static func frameCounter(of widget: WidgetPointer) -> Int {
        gtk_widget_get_frame_clock(widget).map { gdk_frame_clock_get_frame_counter($0) } ?? 0
    }

    /// Asks `widget` to draw and waits until its frame clock has run `count` more frames (a
    /// frame handles the input before it, lays out and paints): what the widget shows is
    /// then what it has.
    @discardableResult
    package static func waitForFrames(_ count: Int = 2, of widget: WidgetPointer, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let start = frameCounter(of: widget)
        return wait(for: "\(count) frames of \(typeName(of: OpaquePointer(widget)))", file: file, line: line) {
            if frameCounter(of: widget) >= start + count { return true }
            gtk_widget_queue_draw(widget)
            return false
        }
    }

    /// Waits until `widget` (a popover, a menu) is on screen and has drawn: it has its place,
    /// and a popover has taken the keyboard and pointer from its window.
    @discardableResult
    package static func waitUntilShown(_ widget: WidgetPointer, _ what: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        wait(for: "\(what) to be shown", file: file, line: line) { gtk_widget_get_mapped(widget) != 0 }
            && waitForFrames(2, of: widget, file: file, line: line)
    }

    /// Waits until GTK has handled every input event the X server sent before now: a round
    /// trip to the server puts them in GDK's queue, and two frames of each shown window
    /// deliver them (GDK hands input over at the start of a frame).
    package static func roundTrip(file: StaticString = #filePath, line: UInt = #line) {
        guard let display = gdk_display_get_default() else { return }
        gdk_display_sync(display)
        let toplevels = gtk_window_get_toplevels()!
        for i in 0..<g_list_model_get_n_items(toplevels) {
            guard let window = g_list_model_get_item(toplevels, i) else { continue }
            let widget = window.assumingMemoryBound(to: GtkWidget.self)
            if gtk_widget_get_mapped(widget) != 0 { waitForFrames(2, of: widget, file: file, line: line) }
            g_object_unref(window)
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

    /// Where a test that is about pictures saves them: $CV_SCREENSHOT_DIR when set (to look
    /// at), else a new temporary folder (`temporary`), which the test removes.
    package static func screenshotDirectory() -> (path: String, temporary: Bool) {
        if let dir = getenv("CV_SCREENSHOT_DIR").map({ String(cString: $0) }) { return (dir, false) }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cv-shots-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return (dir, true)
    }

    /// Renders `widget` to a PNG named `name` in `directory`, or else in $CV_SCREENSHOT_DIR
    /// when that is set (for looking at). Returns the file's path, nil when none was written.
    @discardableResult
    package static func screenshot(_ widget: WidgetPointer, name: String, in directory: String? = nil) -> String? {
        guard let dir = directory ?? getenv("CV_SCREENSHOT_DIR").map({ String(cString: $0) }) else { return nil }
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        let paintable = gtk_widget_paintable_new(widget)!
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { g_object_unref(raw(paintable)); return nil }
        let renderer = gtk_native_get_renderer(gtk_widget_get_native(widget))
        var area = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        var saved = false
        if let texture = gsk_renderer_render_texture(renderer, node, &area) {
            saved = gdk_texture_save_to_png(texture, "\(dir)/\(name).png") != 0
            g_object_unref(raw(texture))
        }
        gsk_render_node_unref(node)
        g_object_unref(raw(paintable))
        return saved ? "\(dir)/\(name).png" : nil
    }

    /// How many pixels of a PNG file are opaque and of the colour `rgb` (0xRRGGBB).
    package static func pixelCount(ofColour rgb: UInt32, inPNG path: String) -> Int {
        guard let texture = gdk_texture_new_from_filename(path, nil) else { return 0 }
        defer { g_object_unref(raw(texture)) }
        let width = Int(gdk_texture_get_width(texture)), height = Int(gdk_texture_get_height(texture))
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        let (r, g, b) = (UInt8(rgb >> 16 & 0xff), UInt8(rgb >> 8 & 0xff), UInt8(rgb & 0xff))
        var count = 0
        for i in stride(from: 0, to: bytes.count, by: 4) where bytes[i + 3] == 255 && bytes[i + 2] == r && bytes[i + 1] == g && bytes[i] == b {
            count += 1  // cairo's ARGB32: B, G, R, A in memory on a little-endian machine
        }
        return count
    }

    // MARK: Real input through xdotool

    /// The GType name of a GObject instance ("GdkX11Display", "GskCairoRenderer").
    package static func typeName(of instance: OpaquePointer) -> String {
        String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(instance).assumingMemoryBound(to: GTypeInstance.self)))
    }

    /// Whether xdotool reaches the windows: an X11 display (not Wayland).
    package static var drivesInputThroughX11: Bool {
        // GTK opens its display on first use: asked before any window (a test run's first
        // test), there would be no display yet, and the answer wrong.
        guard available else { return false }
        return gdk_display_get_default().map { typeName(of: $0) == "GdkX11Display" } ?? false
    }

    /// Whether a window manager runs, which maximizes windows: a Wayland compositor does; on
    /// X11 one names itself on the root window (Xvfb alone has none). Without xprop, none.
    package static var hasWindowManager: Bool {
        guard available else { return false }
        guard drivesInputThroughX11 else { return true }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xprop") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xprop")
        process.arguments = ["-root", "_NET_SUPPORTING_WM_CHECK"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return false }
        wait(for: "xprop to finish") { !process.isRunning }
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("window id")
    }

    /// Runs xdotool with `arguments` while the main loop keeps running, so GTK sees the events
    /// as they come. Returns its standard output.
    /// GTK has handled the events it sent when this returns.
    @discardableResult
    package static func xdotool(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> String {
        defer { roundTrip(file: file, line: line) }
        return run(xdotool: arguments, file: file, line: line)
    }

    /// Runs xdotool, the main loop running meanwhile, and returns its output.
    private static func run(xdotool arguments: [String], file: StaticString, line: UInt) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { fatalError("xdotool could not run: \(error)") }
        wait(for: "xdotool \(arguments.joined(separator: " ")) to finish", timeout: 30, file: file, line: line) { !process.isRunning }
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// The X window id of a test window.
    package static func xid(of window: WidgetPointer) -> String {
        let title = String(cString: gtk_window_get_title(window.as(GtkWindow.self)))
        return run(xdotool: ["search", "--name", "^\(title)$"], file: #filePath, line: #line).split(separator: "\n").first.map(String.init) ?? ""
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
    package static func pointer(_ window: WidgetPointer, at point: (Int, Int), then commands: [String] = [],
                                file: StaticString = #filePath, line: UInt = #line) {
        xdotool(["mousemove", "--window", xid(of: window), String(point.0), String(point.1)] + commands, file: file, line: line)
    }

    /// A long press on `cell`: the button goes down on it and stays down until the view took
    /// the press as a long one (that takes the press's highlight away), then comes up.
    package static func longPress(_ cell: CollectionViewCell, in window: WidgetPointer, file: StaticString = #filePath, line: UInt = #line) {
        pointer(window, at: centre(of: cell, in: window), then: ["mousedown", "1"], file: file, line: line)
        wait(for: "the long press to be recognised (the highlight goes while the button is down)", file: file, line: line) { !cell.isHighlighted }
        xdotool(["mouseup", "1"], file: file, line: line)
    }

    /// Types keys into the window (it has the keyboard focus under Xvfb, there being no
    /// window manager to give it elsewhere).
    package static func keys(_ keys: String..., file: StaticString = #filePath, line: UInt = #line) {
        xdotool(["key", "--delay", "30"] + keys, file: file, line: line)
    }

    /// Saves the whole screen to `directory`/name.png, or else to $CV_SCREENSHOT_DIR when that
    /// is set. Returns the file's path, nil when none was written.
    @discardableResult
    package static func screenCapture(name: String, in directory: String? = nil) -> String? {
        guard let dir = directory ?? getenv("CV_SCREENSHOT_DIR").map({ String(cString: $0) }) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/import")
        process.arguments = ["-window", "root", "\(dir)/\(name).png"]
        guard (try? process.run()) != nil else { return nil }
        wait(for: "import to save the screen") { !process.isRunning }
        let path = "\(dir)/\(name).png"
        return process.terminationStatus == 0 && FileManager.default.fileExists(atPath: path) ? path : nil
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
