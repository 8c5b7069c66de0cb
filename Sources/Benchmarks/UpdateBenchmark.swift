import CBenchSupport
import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import Foundation

/// Batch updates: validating and mapping a batch of 10,000 random changes on 100,000 items,
/// and the CPU cost of animation frames with about 500 cells moving at once.
@MainActor
enum UpdateBenchmark {
    static func run() {
        print("Batch updates\n")
        validation()
        print("")
        animation()
    }

    /// 100,000 items in 10 sections; 10,000 changes: 3,000 deletes, 3,000 inserts, 2,000
    /// moves and 2,000 reloads, at random places.
    static func validation() {
        var rng = SystemRandomNumberGenerator()
        let sections = 10, perSection = 10_000
        var rows: [[String]] = []
        var plans: [Double] = [], visibleMaps: [Double] = [], allMaps: [Double] = []
        for _ in 0..<7 {
            var u = BatchUpdate()
            var oldUsed = Set<IndexPath>(), newCounts = Array(repeating: perSection, count: sections)
            func freshOld() -> IndexPath {
                while true {
                    let p = IndexPath(item: Int.random(in: 0..<perSection, using: &rng), section: Int.random(in: 0..<sections, using: &rng))
                    if oldUsed.insert(p).inserted { return p }
                }
            }
            for _ in 0..<3000 { let p = freshOld(); u.deletedItems.append(p); newCounts[p.section] -= 1 }
            for _ in 0..<2000 { u.reloadedItems.append(freshOld()) }
            var movesOut: [IndexPath] = []
            for _ in 0..<2000 { let p = freshOld(); movesOut.append(p); newCounts[p.section] -= 1 }
            // Destinations and inserts: distinct new positions per section.
            var incoming = Array(repeating: 0, count: sections)
            for _ in movesOut { incoming[Int.random(in: 0..<sections, using: &rng)] += 1 }
            var inserts = Array(repeating: 0, count: sections)
            for _ in 0..<3000 { inserts[Int.random(in: 0..<sections, using: &rng)] += 1 }
            var moveIndex = 0
            for s in 0..<sections {
                let total = newCounts[s] + incoming[s] + inserts[s]
                var slots = Array(0..<total)
                slots.shuffle(using: &rng)
                for _ in 0..<incoming[s] {
                    u.movedItems.append((movesOut[moveIndex], IndexPath(item: slots.removeLast(), section: s)))
                    moveIndex += 1
                }
                for _ in 0..<inserts[s] { u.insertedItems.append(IndexPath(item: slots.removeLast(), section: s)) }
                newCounts[s] = total
            }
            let old = Array(repeating: perSection, count: sections)
            var t = now()
            let plan = try! BatchUpdatePlan(oldCounts: old, newCounts: newCounts, update: u)
            plans.append(now() - t)
            // What the view maps: the ~500 visible elements.
            let start = Int.random(in: 0..<(perSection - 500), using: &rng)
            t = now()
            var mapped = 0
            for i in start..<(start + 500) { if plan.newIndexPath(forOld: IndexPath(item: i, section: 3)) != nil { mapped += 1 } }
            visibleMaps.append(now() - t)
            t = now()
            for s in 0..<sections { for i in 0..<perSection { if plan.newIndexPath(forOld: IndexPath(item: i, section: s)) != nil { mapped += 1 } } }
            allMaps.append(now() - t)
        }
        rows.append(["validate and plan 10,000 changes", formatDuration(median(plans))])
        rows.append(["map the 500 visible items", formatDuration(median(visibleMaps))])
        rows.append(["map all 100,000 items (for scale; the view never does)", formatDuration(median(allMaps))])
        printTable(["100,000 items in 10 sections (median of 7)", "time"], rows)
    }

    final class Source: CollectionViewDataSource {
        var count: Int
        init(count: Int) { self.count = count }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell: ScrollBenchmark.LabelCell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
            cv_bench_cell_set_number(cell.label, UInt32(indexPath.item))
            return cell
        }
    }

    /// About 500 cells of 40x40 in a 1200x900 window; one insert at the front moves all of
    /// them for 0.3 s. CPU per frame from tick to tick while it runs, over 20 updates.
    static func animation() {
        gtk_init()
        let layout = FlowLayout()
        layout.itemSize = Size(width: 40, height: 40)
        layout.minimumLineSpacing = 4
        layout.minimumInteritemSpacing = 4
        let cv = CollectionView(collectionViewLayout: layout)
        cv.register(ScrollBenchmark.LabelCell.self, forCellWithReuseIdentifier: "label")
        ScrollBenchmark.cellSize = (40, 40)
        let source = Source(count: 100_000)
        cv.dataSource = source
        cv.overscanFraction = 0
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.as(GtkWindow.self), 1200, 900)
        gtk_window_set_child(window.as(GtkWindow.self), cv.widget)
        gtk_window_present(window.as(GtkWindow.self))
        let deadline = now() + 3
        while now() < deadline && cv.visibleCells.count < 400 { g_main_context_iteration(nil, 0) }
        for _ in 0..<20 { g_main_context_iteration(nil, 0) }
        var frames: [Double] = [], layoutFrames: [Double] = []
        var last: Double?
        let clock = gtk_widget_get_frame_clock(window)!
        Signal.connect(UnsafeMutableRawPointer(clock), "layout") {
            if let last, cv.isAnimatingUpdates { layoutFrames.append(cpuTime() - last) }
        }
        Tick.add(window) { _ in
            let cpu = cpuTime()
            if let last, cv.isAnimatingUpdates { frames.append(cpu - last) }
            last = cpu
            return true
        }
        for _ in 0..<20 {
            source.count += 1
            cv.insertItems(at: [IndexPath(item: 0, section: 0)])
            while cv.isAnimatingUpdates { g_main_context_iteration(nil, 1) }
            last = nil
        }
        let shown = cv.visibleCells.count
        printTable(["animation frames, \(shown) cells moving (20 updates, \(frames.count) frames)", "median", "p99"], [
            ["CPU per frame (everything, drawing included)", formatDuration(median(frames)), formatDuration(percentile(frames, 0.99))],
            ["CPU to the end of layout (animation and placement)", formatDuration(median(layoutFrames)), formatDuration(percentile(layoutFrames, 0.99))],
        ])
    }
}
