import CBenchSupport
import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk

/// A `TreeListModelDataSource` expanding and collapsing a row of 100,000 children (GListStores
/// of GtkStringObjects) in a window: the whole call through the data source (GTK's expansion,
/// the rows read for the batch, the batch planned and applied), and the first frame after it.
/// Against it, the same `gtk_tree_list_row_set_expanded` on a tree model nothing listens to:
/// what GTK's own expansion costs.
@MainActor
enum TreeModelBenchmark {
    static let children = 100_000

    static func run() {
        gtk_init()
        let runs = 11
        let (root, stores) = makeStores()
        defer { ([root] + stores).forEach { g_object_unref(UnsafeMutableRawPointer($0)) } }
        let childStore = stores[0]
        let layout = FlowLayout()
        layout.itemSize = Size(width: 300, height: 24)
        layout.minimumLineSpacing = 0
        ScrollBenchmark.cellSize = (300, 24)
        let cv = CollectionView(collectionViewLayout: layout)
        cv.register(ScrollBenchmark.LabelCell.self, forCellWithReuseIdentifier: "label")
        let source = TreeListModelDataSource(collectionView: cv, rootModel: root,
                                             createChildren: { stringOf($0) == "big" ? retained(childStore) : nil }) { cv, indexPath, _, _ in
            let cell: ScrollBenchmark.LabelCell = cv.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
            cv_bench_cell_set_number(cell.label, UInt32(indexPath.item))
            return cell
        }
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.as(GtkWindow.self), 400, 900)
        gtk_window_set_child(window.as(GtkWindow.self), cv.widget)
        gtk_window_present(window.as(GtkWindow.self))
        let clock = gtk_widget_get_frame_clock(window)!
        func frames() -> Int { gdk_frame_clock_get_frame_counter(clock) }
        func nextFrame() {
            let start = frames()
            while frames() <= start + 1 { g_main_context_iteration(nil, 1) }
        }
        let deadline = now() + 5
        while now() < deadline && cv.visibleCells.count < 10 { g_main_context_iteration(nil, 0) }
        let big = IndexPath(item: 1, section: 0)  // the second root row, with rows before and after it

        var expand: [Double] = [], expandFrame: [Double] = [], collapse: [Double] = [], collapseFrame: [Double] = []
        for _ in 0..<runs {
            var t = now()
            source.setExpanded(true, itemAt: big, includingDescendants: false, animated: true)
            expand.append(now() - t)
            nextFrame()
            expandFrame.append(now() - t)
            precondition(cv.numberOfItems(inSection: 0) == children + 3)
            while cv.isAnimatingUpdates { g_main_context_iteration(nil, 1) }
            t = now()
            source.setExpanded(false, itemAt: big, includingDescendants: false, animated: true)
            collapse.append(now() - t)
            nextFrame()
            collapseFrame.append(now() - t)
            precondition(cv.numberOfItems(inSection: 0) == 3)
            while cv.isAnimatingUpdates { g_main_context_iteration(nil, 1) }
        }

        // GTK alone: the same tree, no listener.
        let bare = gtk_tree_list_model_new(retained(root), 0, 0, { item, data in
            stringOf(item!) == "big" ? retained(OpaquePointer(data!)) : nil
        }, UnsafeMutableRawPointer(childStore), nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(bare)) }
        var gtkExpand: [Double] = [], gtkCollapse: [Double] = []
        let row = gtk_tree_list_model_get_row(bare, 1)!
        defer { g_object_unref(UnsafeMutableRawPointer(row)) }
        for _ in 0..<runs {
            var t = now()
            gtk_tree_list_row_set_expanded(row, 1)
            gtkExpand.append(now() - t)
            t = now()
            gtk_tree_list_row_set_expanded(row, 0)
            gtkCollapse.append(now() - t)
        }
        gtk_window_destroy(window.as(GtkWindow.self))
        withExtendedLifetime(source) {}

        printTable(["TreeListModelDataSource, a row of 100,000 children (\(runs) runs)", "median", "worst"], [
            ["expand through the data source (the call)", formatDuration(median(expand)), formatDuration(expand.max()!)],
            ["  to the end of the next frame", formatDuration(median(expandFrame)), formatDuration(expandFrame.max()!)],
            ["collapse through the data source (the call)", formatDuration(median(collapse)), formatDuration(collapse.max()!)],
            ["  to the end of the next frame", formatDuration(median(collapseFrame)), formatDuration(collapseFrame.max()!)],
            ["GTK alone: gtk_tree_list_row_set_expanded, expand", formatDuration(median(gtkExpand)), formatDuration(gtkExpand.max()!)],
            ["GTK alone: collapse", formatDuration(median(gtkCollapse)), formatDuration(gtkCollapse.max()!)],
        ])
    }

    /// A root of three rows ("a", "big", "c") and the 100,000 children of "big".
    static func makeStores() -> (root: OpaquePointer, stores: [OpaquePointer]) {
        func store(_ names: [String]) -> OpaquePointer {
            let store = g_list_store_new(gtk_string_object_get_type())!
            let objects = names.map { gtk_string_object_new($0)! }
            var items = objects.map { Optional(UnsafeMutableRawPointer($0)) }
            items.withUnsafeMutableBufferPointer { g_list_store_splice(store, 0, 0, $0.baseAddress, guint($0.count)) }
            objects.forEach { g_object_unref(UnsafeMutableRawPointer($0)) }
            return store
        }
        return (store(["a", "big", "c"]), [store((0..<children).map { "child \($0)" })])
    }
}

private func stringOf(_ item: UnsafeMutableRawPointer) -> String {
    String(cString: gtk_string_object_get_string(OpaquePointer(item)))
}

/// `model` with a reference taken, for GTK to take over.
private func retained(_ model: OpaquePointer) -> OpaquePointer {
    g_object_ref(UnsafeMutableRawPointer(model))
    return model
}
