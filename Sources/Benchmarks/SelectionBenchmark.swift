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
        print()
        runRanges()
    }

    // MARK: Ranges on 10,000,000 items

    static let big = 10_000_000

    /// One step's cost: wall time, and the change in resident memory and C heap in use.
    private struct Cost {
        var seconds: Double, resident: Int, heap: Int
    }

    private static func measure(_ step: () -> Void) -> Cost {
        let resident = residentBytes(), heap = heapBytesInUse(), start = now()
        step()
        let seconds = now() - start
        return Cost(seconds: seconds, resident: residentBytes() - resident, heap: heapBytesInUse() - heap)
    }

    /// Select-all, a range from item 0 to the last (what Shift+End from item 0 selects) and
    /// deselect-all on one section of 10,000,000 items, through the view's public range calls
    /// (`selectAllItems()`, `selectItems(in:inSection:)`, `deselectAllItems()`; the keys call
    /// the same storage, plus one delegate call per range), against GtkMultiSelection's
    /// select_all, select_range and unselect_all over a lazy 10M-item model, in the same run.
    /// Then a select-all followed through a one-item delete (the index map and the range
    /// remap), beside mapping every item one by one, for scale.
    static func runRanges() {
        print("Selection ranges: one section of \(formatCount(big)) items. CollectionView: median time of 3 runs;")
        print("GtkMultiSelection: one run (it takes about a minute). Memory: the change in resident / C heap bytes (first run)\n")
        let steps = ["select all", "deselect all", "item 0, then Shift+End (range 0..<10M)", "deselect all"]
        var ours = Array(repeating: [Cost](), count: steps.count + 1)
        var remaps: [Cost] = [], itemByItem: [Cost] = []
        var gtk = Array(repeating: [Cost](), count: steps.count)
        for run in 0..<3 {
            let cv = bigCollectionView()
            let costs = [
                measure { cv.selectAllItems() },
                measure { cv.deselectAllItems() },
                measure {
                    cv.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
                    cv.selectItems(in: 0..<big, inSection: 0)
                },
                measure { cv.deselectAllItems() },
            ]
            precondition(cv.selectedItemCount == 0)
            for (i, c) in costs.enumerated() { ours[i].append(c) }
            // What reading the whole selection as index paths costs (documented as O(n)).
            cv.selectAllItems()
            var read = 0
            ours[steps.count].append(measure { read = cv.indexPathsForSelectedItems.count })
            precondition(read == big && cv.selectedItemCount == big)
            cv.deselectAllItems()

            // Select all, delete one item in the middle: the batch's index map and the
            // selection's remap, as performBatchUpdates runs them (the layout's share aside).
            var update = BatchUpdate()
            update.deletedItems = [IndexPath(item: big / 2, section: 0)]
            var after: [Int: [Range<Int>]] = [:]
            remaps.append(measure {
                let map = try! UpdateIndexMap(oldCounts: [big], newCounts: [big - 1], update: update)
                after = remapSelectedRanges([0: [0..<big]], through: map)
            })
            precondition(after == [0: [0..<(big - 1)]])
            if run == 0 {
                // For scale: the per-item remap's mapping alone (before ranges it also built a
                // selection of ten million single items).
                let map = try! UpdateIndexMap(oldCounts: [big], newCounts: [big - 1], update: update)
                var kept = 0
                itemByItem.append(measure {
                    for item in 0..<big where map.newIndexPath(forOld: IndexPath(item: item, section: 0)) != nil { kept += 1 }
                })
                precondition(kept == big - 1)
            }

            guard run == 0 else { continue }
            let model = cv_bench_count_model_new(guint(big))
            let selection = gtk_multi_selection_new(model)!
            let gtkCosts = [
                measure { _ = gtk_selection_model_select_all(selection) },
                measure { _ = gtk_selection_model_unselect_all(selection) },
                measure {
                    _ = gtk_selection_model_select_item(selection, 0, 1)
                    _ = gtk_selection_model_select_range(selection, 0, guint(big), 0)
                },
                measure { _ = gtk_selection_model_unselect_all(selection) },
            ]
            for (i, c) in gtkCosts.enumerated() { gtk[i].append(c) }
            g_object_unref(raw(selection))
        }
        func cell(_ costs: [Cost]) -> String {
            let first = costs[0]
            return "\(formatDuration(median(costs.map(\.seconds)))), \(bytes(first.resident)) / \(bytes(first.heap))"
        }
        var rows = steps.indices.map { [steps[$0], cell(ours[$0]), cell(gtk[$0])] }
        rows.append(["read indexPathsForSelectedItems after select all", cell(ours[steps.count]), "-"])
        rows.append(["select all 10M, delete one item, remap (index map + range remap)", cell(remaps), "-"])
        rows.append(["(for scale: mapping the 10M items one by one, the per-item remap's loop)", cell(itemByItem), "-"])
        printTable(["step", "CollectionView", "GtkMultiSelection"], rows)
    }

    private static func bytes(_ n: Int) -> String {
        abs(n) >= 1 << 20 ? String(format: "%+.1f MB", Double(n) / 1_048_576) : String(format: "%+.1f kB", Double(n) / 1024)
    }

    private static func bigCollectionView() -> CollectionView {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 40)
        let cv = CollectionView(collectionViewLayout: layout)
        cv.register(CollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = Source(count: big)
        sources.append(source)  // the data source is weak
        cv.dataSource = source
        cv.allowsMultipleSelection = true
        return cv
    }

    private static var sources: [Source] = []

    private static func collectionView() -> Double {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 40)
        let cv = CollectionView(collectionViewLayout: layout)
        cv.register(CollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = Source(count: count)
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
        let count: Int
        init(count: Int) { self.count = count }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
        }
    }
}
