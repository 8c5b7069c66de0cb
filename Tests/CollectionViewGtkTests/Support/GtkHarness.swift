import CGtk
import CollectionLayout
@testable import CollectionViewGtk
#if canImport(Glibc)
import Glibc
#endif

/// Real windows for tests: GTK is initialised once; a test opens a window around a collection
/// view, changes something, and pumps the main loop until the view's next layout pass.
@MainActor
enum GtkHarness {
    private static let ready: Bool = {
        gtk_disable_setlocale()
        guard gtk_init_check() != 0 else { return false }
        // Visible cells, so screenshots of tests show what they check.
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, """
            collectionview { background: white; }
            .cell { background: #3584e4; border: 2px solid #1c1c1c; border-radius: 6px; }
            reusableview:not(.cell):not(.content) { background: rgba(246, 211, 45, 0.5); }
            """, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider), 800)
        return true
    }()

    /// True when a display is there (tests run under Xvfb).
    static var available: Bool { ready }

    /// A window of the given size showing the collection view, presented and laid out.
    static func window(for collectionView: CollectionView, width: Int32 = 800, height: Int32 = 600) -> WidgetPointer {
        precondition(ready, "GTK could not open a display: run the tests under xvfb-run")
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.as(GtkWindow.self), width, height)
        gtk_window_set_child(window.as(GtkWindow.self), collectionView.widget)
        gtk_window_present(window.as(GtkWindow.self))
        let passes = collectionView.layoutPassCount
        pump { collectionView.layoutPassCount > passes && collectionView.bounds.width > 0 }
        return window
    }

    static func close(_ window: WidgetPointer) {
        gtk_window_destroy(window.as(GtkWindow.self))
        pump(seconds: 0.02)
    }

    /// Runs the main loop until `condition` holds or `timeout` passes; returns the condition.
    @discardableResult
    static func pump(timeout: Double = 5, until condition: () -> Bool) -> Bool {
        let deadline = now() + timeout
        while !condition() {
            if now() > deadline { return false }
            if g_main_context_iteration(nil, 0) == 0 { usleep(500) }
        }
        return true
    }

    /// Runs the main loop for a while.
    static func pump(seconds: Double) {
        let deadline = now() + seconds
        while now() < deadline {
            if g_main_context_iteration(nil, 0) == 0 { usleep(500) }
        }
    }

    /// Runs `change` and waits for the layout pass that follows it.
    @discardableResult
    static func settle(_ collectionView: CollectionView, after change: () -> Void = {}) -> Bool {
        let passes = collectionView.layoutPassCount
        change()
        gtk_widget_queue_allocate(collectionView.viewport)
        return pump { collectionView.layoutPassCount > passes }
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Renders `widget` to a PNG in $CV_SCREENSHOT_DIR, when that is set (for looking at).
    static func screenshot(_ widget: WidgetPointer, name: String) {
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

    /// Where GTK actually put a widget, in the viewport's coordinates (transform included).
    static func bounds(of widget: WidgetPointer, in viewport: WidgetPointer) -> Rect? {
        var r = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, viewport, &r) != 0 else { return nil }
        return Rect(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
    }
}
