import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk
#if canImport(Glibc)
import Glibc
#endif

/// `collection-bench touch-probe`: a window for `scripts/touch-probe`, which pinches it with real
/// touches under GTK's Broadway backend (Xvfb cannot make a touch). A grid of large tiles whose
/// pinch goes to a list (`zoomLayouts`); even items hold a child widget whose own GtkGestureZoom
/// claims its touches, as a photo that zooms within its cell would; odd items hold nothing.
/// Prints, line by line: `cell item=N x=X y=Y` (each tile's centre in the window's surface) then
/// `cells-done` once shown, `child claimed item=N` when a child's gesture claims, `transition
/// start` when the collection view starts one, `layout grid|list` when one ends.
@MainActor
enum TouchProbe {
    static let tile = 300.0

    final class Source: CollectionViewDataSource, CollectionViewDelegate {
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 8 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell: ProbeCell = collectionView.dequeueReusableCell(withReuseIdentifier: "probe", for: indexPath)
            cell.item = indexPath.item
            return cell
        }
        func collectionView(_ collectionView: CollectionView, transitionLayoutForOldLayout fromLayout: CollectionViewLayout,
                            newLayout toLayout: CollectionViewLayout) -> TransitionLayout? {
            say("transition start")
            return nil
        }
    }

    /// A tile; on even items a child that takes pinches for itself.
    final class ProbeCell: CollectionViewCell {
        var item = 0 {
            didSet { gtk_widget_set_visible(child, item % 2 == 0 ? 1 : 0) }
        }
        let child: WidgetPointer
        required init() {
            child = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            super.init()
            gtk_widget_set_hexpand(child, 1)
            gtk_widget_set_vexpand(child, 1)
            gtk_widget_set_parent(child, contentView)
            let zoom = gtk_gesture_zoom_new()!
            nonisolated(unsafe) let gesture = zoom  // owned by the child, which outlives the handler
            Signal.connectPointer(raw(zoom), "begin") { [weak self] in
                gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
                say("child claimed item=\(self?.item ?? -1)")
            }
            gtk_widget_add_controller(child, zoom)
        }
    }

    /// A widget's centre in its window's surface coordinates (what the Broadway page shows).
    static func surfacePoint(of widget: WidgetPointer) -> (x: Double, y: Double) {
        let root = gtk_widget_get_root(widget)!
        let rootWidget = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
        var p = graphene_point_t(x: Float(gtk_widget_get_width(widget)) / 2, y: Float(gtk_widget_get_height(widget)) / 2)
        var out = graphene_point_t()
        _ = gtk_widget_compute_point(widget, rootWidget, &p, &out)
        var sx = 0.0, sy = 0.0
        gtk_native_get_surface_transform(root, &sx, &sy)
        return (Double(out.x) + sx, Double(out.y) + sy)
    }

    static func say(_ line: String) {
        print(line)
        fflush(nil)  // a file, not a terminal: each line as it happens
    }

    static func run() {
        gtk_init()
        let grid = FlowLayout()
        grid.itemSize = Size(width: tile, height: tile)
        let list = FlowLayout()
        list.itemSize = Size(width: 800, height: 100)
        let cv = CollectionView(collectionViewLayout: grid)
        cv.register(ProbeCell.self, forCellWithReuseIdentifier: "probe")
        let source = Source()
        cv.dataSource = source
        cv.delegate = source
        cv.zoomLayouts = (dense: grid, spread: list)
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, "box { background: #3584e4; }", -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider), 600)
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.as(GtkWindow.self), 1000, 760)
        gtk_window_set_child(window.as(GtkWindow.self), cv.widget)
        gtk_window_present(window.as(GtkWindow.self))
        var shown: CollectionViewLayout? = nil
        while true {
            g_main_context_iteration(nil, 1)
            if shown == nil, let first = cv.cellForItem(at: IndexPath(item: 0, section: 0)), gtk_widget_get_width(first.widget) > 0,
               cv.cellForItem(at: IndexPath(item: 1, section: 0)) != nil {
                shown = grid
                for item in 0..<2 {
                    let cell = cv.cellForItem(at: IndexPath(item: item, section: 0))!
                    let centre = surfacePoint(of: cell.widget)
                    say("cell item=\(item) x=\(Int(centre.x)) y=\(Int(centre.y))")
                }
                say("cells-done")
            }
            if cv.transitionLayout == nil, let now = shown, cv.collectionViewLayout !== now {
                shown = cv.collectionViewLayout
                say("layout \(shown === grid ? "grid" : "list")")
            }
        }
    }
}
