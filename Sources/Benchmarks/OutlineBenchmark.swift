import CBenchSupport
import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk

/// `collection-bench outline`: the view showing `outline-core`'s million-item tree through a
/// diffable data source's section snapshot, against GtkListView over a GtkTreeListModel of the
/// same tree, in the same run and the same window: expanding and collapsing the parent of
/// 100,000 children (the call, which plans the batch and lands it, and the time to the next
/// painted frame), then CPU per scrolled frame, 40 px label rows in both.
@MainActor
enum OutlineBenchmark {
    static let runs = 7
    static let frames = 300

    static func run() {
        gtk_init()
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, "listview > row { padding: 0; margin: 0; min-height: 0; }", -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider), 600)
        print("A tree of 1M items (\(formatCount(OutlineCoreBenchmark.folders * 1_000)) in expanded folders), expanding and collapsing a parent of 100k children "
              + "about 900k rows down; 1000x800 window, 1000x40 label rows, renderer \(String(cString: getenv("GSK_RENDERER") ?? strdup("default")))")
        print("call: the expand or collapse call (plan and land); to frame: from the call to the next painted frame. "
              + "Median and worst of \(runs). Scroll: CPU per frame over \(frames) frames at \(Int(ScrollBenchmark.pixelsPerFrame)) px/frame.\n")
        let ours = measureCollectionView()
        let theirs = measureTreeListView()
        var rows: [[String]] = []
        for (name, result) in [("CollectionView, section snapshot", ours), ("GtkListView, GtkTreeListModel", theirs)] {
            rows.append([name, "setup", formatDuration(result.setup), ""])
            for (what, times) in [("expand: call", result.expandCall), ("expand: to frame", result.expandFrame),
                                  ("collapse: call", result.collapseCall), ("collapse: to frame", result.collapseFrame)] {
                rows.append(["", what, formatDuration(median(times)), formatDuration(times.max() ?? 0)])
            }
            if !result.topCollapseCall.isEmpty {
                rows.append(["", "first folder (1k children, 900k rows after): collapse call", formatDuration(median(result.topCollapseCall)), formatDuration(result.topCollapseCall.max()!)])
                rows.append(["", "first folder: expand call", formatDuration(median(result.topExpandCall)), formatDuration(result.topExpandCall.max()!)])
            }
            rows.append(["", "scroll: CPU/frame", formatDuration(median(result.scroll)), formatDuration(percentile(result.scroll, 0.99)) + " p99"])
        }
        printTable(["view", "", "median", "worst"], rows)
        print("\nCPU per scrolled frame against GtkListView: \(String(format: "%.2fx", median(ours.scroll) / max(1e-9, median(theirs.scroll))))")
    }

    struct Result {
        var setup = 0.0
        var expandCall: [Double] = [], expandFrame: [Double] = []
        var collapseCall: [Double] = [], collapseFrame: [Double] = []
        var scroll: [Double] = []
        /// Collapsing and expanding the first folder (1,000 children, row 1): the rows after it
        /// (about 900k) change places.
        var topCollapseCall: [Double] = [], topExpandCall: [Double] = []
    }

    final class Cell: CollectionViewCell {
        let label: WidgetPointer
        required init() {
            label = cv_bench_cell_new(1000, ScrollBenchmark.cellHeight)
            super.init()
            gtk_widget_set_parent(label, contentView)
        }
    }

    static func window(showing child: WidgetPointer) -> WidgetPointer {
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.as(GtkWindow.self), 1000, 800)
        gtk_window_set_child(window.as(GtkWindow.self), child)
        gtk_window_present(window.as(GtkWindow.self))
        return window
    }

    /// Runs the main loop until `widget`'s frame clock has painted one more frame.
    static func nextFrame(_ widget: WidgetPointer) {
        let clock = gtk_widget_get_frame_clock(widget)!
        var painted = false
        let handler = Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") { painted = true }
        gtk_widget_queue_draw(widget)
        while !painted { g_main_context_iteration(nil, 1) }
        g_signal_handler_disconnect(UnsafeMutableRawPointer(clock).assumingMemoryBound(to: GObject.self), handler)
    }

    /// Runs the main loop for `frames` frames, the first ones untimed.
    static func frames(_ widget: WidgetPointer, _ count: Int) {
        for _ in 0..<count { nextFrame(widget) }
    }

    /// CPU per frame while `vadjustment` scrolls down and back.
    static func scroll(_ window: WidgetPointer, _ vadjustment: UnsafeMutablePointer<GtkAdjustment>) -> [Double] {
        var perFrame: [Double] = []
        var lastCPU: Double?
        var direction = 1.0
        var ticks = 0
        var done = false
        Tick.add(window) { _ in
            let cpu = cpuTime()
            if let lastCPU, ticks > ScrollBenchmark.warmupFrames { perFrame.append(cpu - lastCPU) }
            lastCPU = cpu
            ticks += 1
            let upper = gtk_adjustment_get_upper(vadjustment) - gtk_adjustment_get_page_size(vadjustment)
            var value = gtk_adjustment_get_value(vadjustment) + direction * ScrollBenchmark.pixelsPerFrame
            if value >= upper || value <= 0 { direction = -direction; value = max(0, min(upper, value)) }
            gtk_adjustment_set_value(vadjustment, value)
            if perFrame.count >= frames { done = true; return false }
            return true
        }
        while !done { g_main_context_iteration(nil, 1) }
        return perFrame
    }

    static func measureCollectionView() -> Result {
        var result = Result()
        let start = now()
        let layout = FlowLayout()
        layout.itemSize = Size(width: 1000, height: Double(ScrollBenchmark.cellHeight))
        layout.minimumLineSpacing = 0
        let cv = CollectionView(collectionViewLayout: layout)
        cv.tileCacheMode = .off
        cv.register(Cell.self, forCellWithReuseIdentifier: "cell")
        let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: cv) { cv, indexPath, item in
            let cell: Cell = cv.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            cv_bench_cell_set_number(cell.label, UInt32(item))
            return cell
        }
        let outline = OutlineCoreBenchmark.makeTree()
        var landed = false
        source.apply(outline, to: 0, animatingDifferences: false) { landed = true }
        let window = window(showing: cv.widget)
        while !landed { g_main_context_iteration(nil, 1) }
        let parent = OutlineCoreBenchmark.parentID
        let row = outline.visibleIndex(of: parent)!
        cv.scrollToItem(at: IndexPath(item: row, section: 0), at: .centeredVertically, animated: false)
        frames(window, 10)
        result.setup = now() - start
        let path = IndexPath(item: row, section: 0)
        precondition(source.itemIdentifier(for: path) == parent)
        for _ in 0..<runs {
            for expand in [true, false] {
                let t = now()
                source.setExpanded(expand, itemAt: path, includingDescendants: false, animated: true)
                let call = now() - t
                nextFrame(window)
                let frame = now() - t
                precondition(cv.numberOfItems(inSection: 0) == (expand ? 999_801 : 899_801))
                if expand { result.expandCall.append(call); result.expandFrame.append(frame) } else { result.collapseCall.append(call); result.collapseFrame.append(frame) }
                while cv.isAnimatingUpdates { g_main_context_iteration(nil, 1) }
            }
        }
        source.setExpanded(true, itemAt: path, includingDescendants: false, animated: false)
        frames(window, 5)
        let top = IndexPath(item: 1, section: 0)
        precondition(source.itemIdentifier(for: top) == 1_000_000)
        for _ in 0..<runs {
            for expand in [false, true] {
                let t = now()
                source.setExpanded(expand, itemAt: top, includingDescendants: false, animated: true)
                (expand ? { result.topExpandCall.append(now() - t) } : { result.topCollapseCall.append(now() - t) })()
                nextFrame(window)
                while cv.isAnimatingUpdates { g_main_context_iteration(nil, 1) }
            }
        }
        result.scroll = scroll(window, gtk_scrolled_window_get_vadjustment(cv.widget.opaque)!)
        gtk_window_destroy(window.as(GtkWindow.self))
        withExtendedLifetime((cv, source)) {}
        return result
    }

    static func measureTreeListView() -> Result {
        var result = Result()
        let start = now()
        let model = cv_bench_outline_tree_new()!
        let list = cv_bench_tree_list_view_new(model, 1000, ScrollBenchmark.cellHeight)!
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(scrolled.opaque, list)
        let window = window(showing: scrolled)
        let parent = UInt32(OutlineCoreBenchmark.parentID)
        // Every row expands as it is made: the parent is found, and collapsed, as in ours.
        let row = UInt32(OutlineCoreBenchmark.makeTree().visibleIndex(of: OutlineCoreBenchmark.parentID)!)
        precondition(cv_bench_tree_row_id(model, row) == parent)
        cv_bench_tree_set_expanded(model, row, 0)
        let vadjustment = gtk_scrolled_window_get_vadjustment(scrolled.opaque)!
        frames(window, 3)
        gtk_adjustment_set_value(vadjustment, Double(row) * Double(ScrollBenchmark.cellHeight) - 400)
        frames(window, 10)
        result.setup = now() - start
        for _ in 0..<runs {
            for expand in [true, false] {
                let t = now()
                cv_bench_tree_set_expanded(model, row, expand ? 1 : 0)
                let call = now() - t
                nextFrame(window)
                let frame = now() - t
                precondition(g_list_model_get_n_items(OpaquePointer(UnsafeMutableRawPointer(model))) == (expand ? 999_801 : 899_801))
                if expand { result.expandCall.append(call); result.expandFrame.append(frame) } else { result.collapseCall.append(call); result.collapseFrame.append(frame) }
            }
        }
        cv_bench_tree_set_expanded(model, row, 1)
        frames(window, 5)
        result.scroll = scroll(window, vadjustment)
        gtk_window_destroy(window.as(GtkWindow.self))
        g_object_unref(UnsafeMutableRawPointer(model))
        return result
    }
}
