import CBenchSupport
import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk

/// Selecting 100,000 items one by one while the app reads the whole selection after each (as a
/// didSelect that updates a "n selected" label does), against GtkMultiSelection selecting the
/// same number of items one by one and reading its selection's size after each.
@MainActor
enum SelectionBenchmark {
    static let count = 100_000

    static func run() {
        print("Selection: \(count) items selected one by one, the selection read after each\n")
        var ours: [Double] = [], gtk: [Double] = []
        for _ in 0..<3 {
            ours.append(collectionView())
            gtk.append(multiSelection())
        }
        print("| (median of 3) | CollectionView | GtkMultiSelection |")
        print("| --- | --- | --- |")
        print("| select \(count), reading the selection after each | \(ms(median(ours))) | \(ms(median(gtk))) |")
    }

    private static func collectionView() -> Double {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 40)
        let cv = CollectionView(collectionViewLayout: layout)
        cv.register(CollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = Source()
        cv.dataSource = source
        cv.allowsMultipleSelection = true
        let start = now()
        var seen = 0
        for item in 0..<count {
            cv.selectItem(at: IndexPath(item: item, section: 0), animated: false, scrollPosition: [])
            seen = cv.indexPathsForSelectedItems.count
        }
        let time = now() - start
        precondition(seen == count)
        return time
    }

    private static func multiSelection() -> Double {
        let model = cv_bench_count_model_new(guint(count))
        let selection = gtk_multi_selection_new(model)!
        let start = now()
        var seen: guint64 = 0
        for item in 0..<count {
            _ = gtk_selection_model_select_item(selection, guint(item), 0)
            let bitset = gtk_selection_model_get_selection(selection)
            seen = gtk_bitset_get_size(bitset)
            gtk_bitset_unref(bitset)
        }
        let time = now() - start
        precondition(seen == guint64(count))
        g_object_unref(raw(selection))
        return time
    }

    private static func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

    @MainActor
    private final class Source: CollectionViewDataSource {
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { SelectionBenchmark.count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
        }
    }
}
