import CBenchSupport
import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import Foundation

/// Diffable snapshots: the diff and the view's plan of its batch (no display), then the main
/// thread while a diffable data source applies 1% changes to a million items in a real window,
/// next to GtkGridView taking the same change through GtkStringList splices.
@MainActor
enum DiffBenchmark {
    static func run() {
        print("Diffable snapshots\n")
        core()
        print("")
        guard gtk_init_check() != 0 else {
            print("(no display: the main-thread part needs one; run it under xvfb-run)")
            return
        }
        mainThread()
    }

    // MARK: Data

    /// Seeded, so every run diffs the same changes.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// One change of sectioned data: the item identifiers of every section before and after,
    /// the reloaded items, and the same change as splices of the flattened list.
    struct Change {
        var old: [[Int]]
        var new: [[Int]]
        var reloaded: [Int] = []
        /// Flat positions before the change of the items that leave (deleted or moved), descending.
        var removals: [Int] = []
        /// Flat positions after the change of the items that arrive (inserted or moved), ascending.
        var arrivals: [(position: Int, id: Int)] = []
        /// Flat positions after the change of the reloaded items.
        var reloads: [(position: Int, id: Int)] = []
    }

    /// `count` sections sharing `items` identifiers, numbered in order.
    static func sections(_ count: Int, items: Int) -> [[Int]] {
        let per = items / count
        return (0..<count).map { s in Array((s * per)..<((s + 1) * per)) }
    }

    /// Changes `fraction` of the items: of the changes 30% delete, 30% insert new items, 20% move
    /// an item to a random place in a random section, 20% reload; all at random places.
    static func randomChange(_ old: [[Int]], fraction: Double, nextID: inout Int, rng: inout SplitMix64) -> Change {
        var starts = [0]
        for section in old { starts.append(starts.last! + section.count) }
        let total = starts.last!
        let k = Int(Double(total) * fraction)
        let deletes = k * 3 / 10, inserts = k * 3 / 10, moves = k / 5, reloads = k - deletes - inserts - moves
        var picked = Set<Int>(), order: [Int] = []
        while order.count < deletes + moves + reloads {
            let p = Int.random(in: 0..<total, using: &rng)
            if picked.insert(p).inserted { order.append(p) }
        }
        func id(at flat: Int) -> Int {
            var s = 0
            while starts[s + 1] <= flat { s += 1 }
            return old[s][flat - starts[s]]
        }
        var leaving = [Bool](repeating: false, count: total)
        for p in order[0..<(deletes + moves)] { leaving[p] = true }
        let moved = order[deletes..<(deletes + moves)].map(id(at:))
        let reloaded = order[(deletes + moves)...].map(id(at:))
        var new: [[Int]] = old.indices.map { s in
            var kept: [Int] = []
            kept.reserveCapacity(old[s].count + k)
            for (i, id) in old[s].enumerated() where !leaving[starts[s] + i] { kept.append(id) }
            return kept
        }
        // New identifiers and the moved ones, each into a random gap of a random section.
        var incoming = Array(repeating: [(gap: Int, id: Int)](), count: old.count)
        var arriving = Set<Int>()
        for i in 0..<(inserts + moves) {
            let id: Int
            if i < inserts { id = nextID; nextID += 1 } else { id = moved[i - inserts] }
            arriving.insert(id)
            let s = Int.random(in: 0..<old.count, using: &rng)
            incoming[s].append((Int.random(in: 0...new[s].count, using: &rng), id))
        }
        for s in new.indices where !incoming[s].isEmpty {
            let arrivals = incoming[s].sorted { $0.gap < $1.gap }
            var merged: [Int] = []
            merged.reserveCapacity(new[s].count + arrivals.count)
            var a = 0
            for gap in 0...new[s].count {
                while a < arrivals.count && arrivals[a].gap == gap { merged.append(arrivals[a].id); a += 1 }
                if gap < new[s].count { merged.append(new[s][gap]) }
            }
            new[s] = merged
        }
        var change = Change(old: old, new: new, reloaded: reloaded)
        change.removals = (0..<total).reversed().filter { leaving[$0] }
        let reloadedSet = Set(reloaded)
        var flat = 0
        for section in new {
            for id in section {
                if arriving.contains(id) { change.arrivals.append((flat, id)) }
                if reloadedSet.contains(id) { change.reloads.append((flat, id)) }
                flat += 1
            }
        }
        return change
    }

    /// The same items in a random order, each section keeping its count; across sections or
    /// within each.
    static func shuffled(_ old: [[Int]], acrossSections: Bool, rng: inout SplitMix64) -> [[Int]] {
        guard acrossSections else { return old.map { $0.shuffled(using: &rng) } }
        var all = Array(old.joined())
        all.shuffle(using: &rng)
        var start = 0
        return old.map { section in
            defer { start += section.count }
            return Array(all[start..<(start + section.count)])
        }
    }

    /// A snapshot with sections 0, 1, 2... holding `sections`' items, and `reloaded` marked.
    static func snapshot(_ sections: [[Int]], reloaded: [Int] = []) -> DiffableSnapshot<Int, Int> {
        snapshot(sections, reloaded: reloaded) { $0 }
    }

    /// The same with each item identifier made by `id`.
    static func snapshot<ID: Hashable & Sendable>(_ sections: [[Int]], reloaded: [Int] = [], id: (Int) -> ID) -> DiffableSnapshot<Int, ID> {
        var snapshot = DiffableSnapshot<Int, ID>()
        try! snapshot.appendSections(Array(sections.indices))
        for (s, items) in sections.enumerated() { try! snapshot.appendItems(items.map(id), toSection: s) }
        if !reloaded.isEmpty { try! snapshot.reloadItems(reloaded.map(id)) }
        return snapshot
    }

    /// An identifier type the diff has no prepared copy for: it takes the generic path, as an
    /// app's own identifier types do.
    struct CustomID: Hashable, Sendable {
        let value: Int
    }

    /// The fewest item moves by the diff's rule, worked out here on its own: in each section, the
    /// items that stay in it minus one longest increasing run of their new indexes, plus every
    /// item that changed section. (Sections keep their identifiers and order in these cases.)
    static func moveBound<ID>(_ old: [[Int]], _ new: DiffableSnapshot<Int, ID>, id: (Int) -> ID) -> Int {
        var bound = 0
        for (s, items) in old.enumerated() {
            var tails: [Int] = []
            var kept = 0
            for item in items {
                guard let p = new.indexPath(ofItem: id(item)) else { continue }
                guard p.section == s else { bound += 1; continue }
                kept += 1
                var low = 0, high = tails.count
                while low < high {
                    let mid = (low + high) / 2
                    if tails[mid] < p.item { low = mid + 1 } else { high = mid }
                }
                if low == tails.count { tails.append(p.item) } else { tails[low] = p.item }
            }
            bound += kept - tails.count
        }
        return bound
    }

    // MARK: 1. The diff and the plan

    /// `SnapshotDiff` between two snapshots, then the index map the view builds from its batch
    /// (`UpdateIndexMap`, which validates the batch first): what `performBatchUpdates` does on
    /// the main thread when the batch lands.
    static func core() {
        var rng = SplitMix64(state: 2024)
        var nextID = 100_000_000
        enum Identifiers { case int, string, custom }
        struct Case {
            let name: String, items: Int, runs: Int, target: Double?
            var identifiers = Identifiers.int
            let make: (inout SplitMix64, inout Int) -> Change
        }
        let fullShuffle: (inout SplitMix64, inout Int) -> Change = { rng, _ in
            let old = sections(10, items: 100_000)
            return Change(old: old, new: shuffled(old, acrossSections: true, rng: &rng))
        }
        let onePercentOfAMillion: (inout SplitMix64, inout Int) -> Change = { rng, next in
            randomChange(sections(10, items: 1_000_000), fraction: 0.01, nextID: &next, rng: &rng)
        }
        let cases: [Case] = [
            Case(name: "full shuffle (across the sections)", items: 100_000, runs: 7, target: 0.050, make: fullShuffle),
            Case(name: "shuffle within each section", items: 100_000, runs: 7, target: nil) { rng, _ in
                let old = sections(10, items: 100_000)
                return Change(old: old, new: shuffled(old, acrossSections: false, rng: &rng))
            },
            Case(name: "1% changes", items: 100_000, runs: 7, target: nil) { rng, next in
                randomChange(sections(10, items: 100_000), fraction: 0.01, nextID: &next, rng: &rng)
            },
            Case(name: "1% changes", items: 1_000_000, runs: 5, target: 0.400, make: onePercentOfAMillion),
            Case(name: "full shuffle, String identifiers", items: 100_000, runs: 7, target: 0.050, identifiers: .string, make: fullShuffle),
            Case(name: "full shuffle, own struct identifiers", items: 100_000, runs: 7, target: 0.050, identifiers: .custom, make: fullShuffle),
            Case(name: "1% changes, own struct identifiers", items: 1_000_000, runs: 5, target: 0.400, identifiers: .custom,
                 make: onePercentOfAMillion),
        ]
        var rows: [[String]] = []
        for c in cases {
            let change = c.make(&rng, &nextID)
            let figures = switch c.identifiers {
            case .int: measure(change, runs: c.runs) { $0 }
            case .string: measure(change, runs: c.runs) { "item-\($0)" }
            case .custom: measure(change, runs: c.runs) { CustomID(value: $0) }
            }
            let u = figures.diff.update
            let total = figures.diffTime + figures.planTime
            rows.append([
                "\(formatCount(c.items)), \(c.name)",
                formatDuration(figures.diffTime), formatDuration(figures.planTime),
                "\(u.deletedItems.count)/\(u.insertedItems.count)/\(u.movedItems.count)/\(u.reloadedItems.count)",
                "\(figures.diff.movedItemCount) (\(figures.diff.crossSectionItemMoveCount) across)",
                "\(figures.bound)\(figures.bound == figures.diff.movedItemCount ? "" : " (!)")",
                c.target.map { "\(formatDuration($0)): \(total < $0 ? "met" : "missed")" } ?? "",
            ])
        }
        print("SnapshotDiff, then the view's plan of its batch (UpdateIndexMap: validation and index map); 10 sections;")
        print("Int identifiers unless said (String and Int have copies of the diff prepared for them, an own struct does not).")
        print("Median of 7 runs (5 for 1M). 1% changes: 30% deletes, 30% inserts, 20% moves (anywhere), 20% reloads.")
        print("Batch: deletes/inserts/moves/reloads (a reloaded item that moves is a delete and an insert).")
        print("Bound: kept items per section minus their longest increasing run, plus items that changed section.\n")
        printTable(["items, change", "diff", "plan", "batch d/i/m/r", "moves", "bound", "target (diff + plan)"], rows)
        print("")
        building(identifiers: "Int") { $0 }
        building(identifiers: "String") { "item-\($0)" }
    }

    /// Building a snapshot of a million items in one section: one `appendItems` of them all,
    /// and the initializer from sections and items. Median of 5; the target is 150 ms.
    static func building<ID: Hashable & Sendable>(identifiers name: String, id: (Int) -> ID) {
        let ids = (0..<1_000_000).map(id)
        var appends: [Double] = [], initializers: [Double] = []
        for _ in 0..<5 {
            var t = now()
            var appended = DiffableSnapshot<Int, ID>()
            try! appended.appendSections([0])
            try! appended.appendItems(ids)
            appends.append(now() - t)
            t = now()
            let built = try! DiffableSnapshot<Int, ID>([(0, ids)])
            initializers.append(now() - t)
            precondition(appended.numberOfItems == ids.count && built.numberOfItems == ids.count)
        }
        let ms = { (t: Double) in String(format: "%.0f", t * 1000) }
        print("build 1M-item snapshot: append \(ms(median(appends))) ms, initializer \(ms(median(initializers))) ms"
              + " (\(name) identifiers, one section; median of 5; target 150 ms)")
    }

    /// The diff from `change.old` to `change.new` with identifiers made by `id`, and the plan of
    /// its batch, `runs` times: the median times, the diff, and the fewest moves.
    static func measure<ID: Hashable & Sendable>(_ change: Change, runs: Int, id: (Int) -> ID)
        -> (diffTime: Double, planTime: Double, diff: SnapshotDiff, bound: Int) {
        let old = snapshot(change.old, id: id), new = snapshot(change.new, reloaded: change.reloaded, id: id)
        var diffs: [Double] = [], plans: [Double] = []
        var diff: SnapshotDiff?
        for _ in 0..<runs {
            var t = now()
            let d = SnapshotDiff(from: old, to: new)
            diffs.append(now() - t)
            t = now()
            _ = try! UpdateIndexMap(oldCounts: d.oldCounts, newCounts: d.newCounts, update: d.update)
            plans.append(now() - t)
            diff = d
        }
        return (median(diffs), median(plans), diff!, moveBound(change.old, new, id: id))
    }

    // MARK: 2. The main thread during an apply

    static let items = 1_000_000
    static let runs = 5

    static func mainThread() {
        ScrollBenchmark.cellSize = (ScrollBenchmark.cellWidth, ScrollBenchmark.cellHeight)
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, "gridview > child { padding: 0; margin: 0; }", -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider), 600)
        LoopWatch.install()

        var rng = SplitMix64(state: 7)
        var nextID = 100_000_000
        var data = sections(10, items: items)
        var changes: [Change] = []
        for _ in 0..<runs {
            let change = randomChange(data, fraction: 0.01, nextID: &nextID, rng: &rng)
            changes.append(change)
            data = change.new
        }
        let base = changes[0].old

        print("Main thread during an apply: 1,000,000 items (10 sections), 1% changes, animated; 1000x800 window,")
        print("111x40 label cells, scrolled to item 50,000. A stretch is the main loop's time from one poll() to the")
        print("next (a 1 ms high-priority timeout keeps it polling): the longest one is the longest stall.")
        print("Median of \(runs) applies, each 1% changes on the last.\n")

        var rows: [[String]] = []
        rows += collectionViewRuns(base: base, changes: changes)
        rows += gridViewRuns(base: base, changes: changes)
        printTable(["", "longest stall", "its CPU", "> 4 ms: wall / CPU", "to completion"], rows)
        print("\nTo completion: from the call to the apply's completion (the diff, the landing, the 0.3 s animation);")
        print("for GtkGridView, from the first splice to the end of the frame that shows them.")
        print("Frames: from before-paint to after-paint; the drawing part is GTK's snapshot and cairo rendering.")
        print("CPU: the main thread's own; a wall time well above it was spent waiting for a core (2 cores, shared).\n")
        printTable(["the pieces (CollectionView)", "median"], pieceRows)
    }

    /// Timings of the landing's pieces, filled by `collectionViewRuns`.
    private static var pieceRows: [[String]] = []

    static func collectionViewRuns(base: [[Int]], changes: [Change]) -> [[String]] {
        let layout = FlowLayout()
        layout.itemSize = Size(width: Double(ScrollBenchmark.cellWidth), height: Double(ScrollBenchmark.cellHeight))
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        let cv = CollectionView(collectionViewLayout: layout)
        cv.register(ScrollBenchmark.LabelCell.self, forCellWithReuseIdentifier: "label")
        let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: cv) { cv, path, id in
            let cell: ScrollBenchmark.LabelCell = cv.dequeueReusableCell(withReuseIdentifier: "label", for: path)
            cv_bench_cell_set_number(cell.label, UInt32(truncatingIfNeeded: id))
            return cell
        }
        var loaded = false
        source.applySnapshotUsingReloadData(snapshot(base)) { loaded = true }
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.as(GtkWindow.self), 1000, 800)
        gtk_window_set_child(window.as(GtkWindow.self), cv.widget)
        gtk_window_present(window.as(GtkWindow.self))
        LoopWatch.watchFrames(of: window)
        pump(until: { loaded && cv.visibleCells.count > 100 }, timeout: 10)
        cv.scrollToItem(at: IndexPath(item: 50_000, section: 0), at: .centeredVertically, animated: false)
        pump(seconds: 0.5)

        var runs = Runs()
        var diffs: [Double] = [], plans: [Double] = [], prepares: [Double] = [], updateItems: [Double] = []
        for change in changes {
            let new = snapshot(change.new, reloaded: change.reloaded)
            // Off the clock: the diff and the plan as the view makes them, for the pieces table.
            var t = now()
            let diff = SnapshotDiff(from: source.snapshot(), to: new)
            diffs.append(now() - t)
            t = now()
            let map = try! UpdateIndexMap(oldCounts: diff.oldCounts, newCounts: diff.newCounts, update: diff.update)
            plans.append(now() - t)
            t = now()
            _ = map.update.updateItems
            updateItems.append(now() - t)
            pump(seconds: 0.2)

            var done: Double?, landed = false
            LoopWatch.start()
            let start = now()
            source.apply(new, animatingDifferences: true) { done = now() }
            while done == nil {
                g_main_context_iteration(nil, 1)
                if !landed && cv.isAnimatingUpdates {
                    landed = true
                    LoopWatch.mark(LoopWatch.landing)
                }
            }
            pump(seconds: 0.1)
            runs.add(LoopWatch.stop(), LoopWatch.frames, total: done! - start)

            // The layout's prepare for a million items, as the landing runs it.
            t = now()
            layout.invalidateLayout()
            layout.prepareIfNeeded()
            prepares.append(now() - t)
        }
        pieceRows = [
            ["diff (off the main thread; timed here on it)", formatDuration(median(diffs))],
            ["plan: UpdateIndexMap, validation and index map (off the main thread, with the diff)", formatDuration(median(plans))],
            ["the layout's update items, BatchUpdate.updateItems (off the main thread too)", formatDuration(median(updateItems))],
            ["FlowLayout prepare for 1M items (in the landing)", formatDuration(median(prepares))],
        ]
        gtk_window_destroy(window.as(GtkWindow.self))
        pump(seconds: 0.1)
        return runs.rows("CollectionView + diffable data source", landing: "the batch lands (on the main thread)")
    }

    /// The figures of several runs, and their medians as table rows.
    struct Runs {
        var stalls: [(length: Double, cpu: Double)] = [], over: [Double] = [], overCPU: [Double] = [], totals: [Double] = []
        var landings: [(length: Double, cpu: Double)] = [], others: [Double] = []
        var longestFrames: [LoopWatch.Frame] = [], medianFrames: [LoopWatch.Frame] = [], frameCounts: [Double] = []

        mutating func add(_ stretches: [LoopWatch.Stretch], _ frames: [LoopWatch.Frame], total: Double) {
            let longest = stretches.max { $0.length < $1.length }!
            stalls.append((longest.length, longest.cpu))
            over.append(Double(stretches.count { $0.length > 0.004 }))
            overCPU.append(Double(stretches.count { $0.cpu > 0.004 }))
            totals.append(total)
            let landing = stretches.filter { $0.marks & LoopWatch.landing != 0 }.max { $0.length < $1.length }
            landings.append((landing?.length ?? 0, landing?.cpu ?? 0))
            others.append(stretches.filter { $0.marks == 0 }.map(\.length).max() ?? 0)
            let sorted = frames.sorted { $0.length < $1.length }
            longestFrames.append(sorted.last ?? LoopWatch.Frame(length: 0, layout: 0, cpu: 0))
            medianFrames.append(sorted.isEmpty ? LoopWatch.Frame(length: 0, layout: 0, cpu: 0) : sorted[sorted.count / 2])
            frameCounts.append(Double(frames.count))
        }

        func rows(_ name: String, landing: String?) -> [[String]] {
            func d(_ value: Double) -> String { formatDuration(value) }
            /// The run whose figure is the median.
            func mid<T>(_ values: [T], by key: (T) -> Double) -> T { values.sorted { key($0) < key($1) }[values.count / 2] }
            func split(_ f: LoopWatch.Frame) -> String { "\(d(f.length)) = \(d(f.layout)) + \(d(f.drawing))" }
            let stall = mid(stalls) { $0.length }, land = mid(landings) { $0.length }
            let longest = mid(longestFrames) { $0.length }, typical = mid(medianFrames) { $0.length }
            var rows = [[name, d(stall.length), d(stall.cpu), "\(Int(median(over))) / \(Int(median(overCPU)))", d(median(totals))]]
            if let landing { rows.append(["  \(landing)", d(land.length), d(land.cpu), "", ""]) }
            rows.append(["  longest of \(Int(median(frameCounts))) frames: to the end of layout + drawing", split(longest), d(longest.cpu), "", ""])
            rows.append(["  median frame", split(typical), d(typical.cpu), "", ""])
            if landing != nil { rows.append(["  longest other stretch", d(median(others)), "", "", ""]) }
            return rows
        }
    }

    /// GtkGridView over a GtkStringList: the same changes as splices, made in one go on the main
    /// thread (removals from the back, then arrivals and reloads from the front), until the next
    /// frame has drawn them. GTK has no diff or batch: the model changes one splice at a time.
    static func gridViewRuns(base: [[Int]], changes: [Change]) -> [[String]] {
        let list = cv_bench_string_list_new(UInt32(items))!
        g_object_ref(UnsafeMutableRawPointer(list))  // the grid view takes one reference
        let grid = cv_bench_grid_view_new(list, ScrollBenchmark.columns,
                                          ScrollBenchmark.cellWidth, ScrollBenchmark.cellHeight)
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(scrolled.opaque, grid)
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.as(GtkWindow.self), 1000, 800)
        gtk_window_set_child(window.as(GtkWindow.self), scrolled)
        gtk_window_present(window.as(GtkWindow.self))
        LoopWatch.watchFrames(of: window)
        pump(seconds: 0.5)
        let vadjustment = gtk_scrolled_window_get_vadjustment(scrolled.opaque)!
        gtk_adjustment_set_value(vadjustment, Double(50_000 / Int(ScrollBenchmark.columns)) * Double(ScrollBenchmark.cellHeight) - 400)
        pump(seconds: 0.5)

        var perChange = Runs()
        var splices: [Int] = []
        let runs = Self.runs
        for change in changes {
            pump(seconds: 0.2)
            LoopWatch.start()
            let start = now()
            for p in change.removals { cv_bench_string_list_splice_number(list, UInt32(p), 1, -1) }
            for a in change.arrivals { cv_bench_string_list_splice_number(list, UInt32(a.position), 0, a.id) }
            for r in change.reloads { cv_bench_string_list_splice_number(list, UInt32(r.position), 1, r.id) }
            LoopWatch.mark(LoopWatch.landing)
            let painted = LoopWatch.framesPainted
            while LoopWatch.framesPainted == painted { g_main_context_iteration(nil, 1) }
            let end = now()
            pump(seconds: 0.1)
            perChange.add(LoopWatch.stop(), LoopWatch.frames, total: end - start)
            splices.append(change.removals.count + change.arrivals.count + change.reloads.count)
        }
        // GTK's bulk path: the whole new list in one splice (no identity: the grid view rebinds
        // what it shows, nothing moves).
        var whole = Runs()
        for change in changes {
            let ids = change.new.flatMap { $0 }
            pump(seconds: 0.2)
            LoopWatch.start()
            let start = now()
            cv_bench_string_list_replace_all(list, ids, UInt32(ids.count))
            LoopWatch.mark(LoopWatch.landing)
            let painted = LoopWatch.framesPainted
            while LoopWatch.framesPainted == painted { g_main_context_iteration(nil, 1) }
            let end = now()
            pump(seconds: 0.1)
            whole.add(LoopWatch.stop(), LoopWatch.frames, total: end - start)
        }
        // For scale, frames that redraw the whole window, as the collection view's animation
        // frames do: GtkGridView scrolling 30 px a frame.
        var scrolling = Runs()
        for _ in 0..<runs {
            var frames = 0
            LoopWatch.start()
            let start = now()
            Tick.add(window) { _ in
                gtk_adjustment_set_value(vadjustment, gtk_adjustment_get_value(vadjustment) + 30)
                frames += 1
                return frames < 20
            }
            while frames < 20 { g_main_context_iteration(nil, 1) }
            pump(seconds: 0.05)
            scrolling.add(LoopWatch.stop(), LoopWatch.frames, total: now() - start)
        }
        gtk_window_destroy(window.as(GtkWindow.self))
        g_object_unref(UnsafeMutableRawPointer(list))
        pump(seconds: 0.1)
        return perChange.rows("GtkGridView + GtkStringList, a splice per change", landing: "\(splices[0]) splices (on the main thread)")
            + whole.rows("GtkGridView + GtkStringList, one splice of it all", landing: "the splice (on the main thread)")
            + scrolling.rows("GtkGridView scrolling 30 px a frame, for scale", landing: nil)
    }

    static func pump(seconds: Double) {
        let end = now() + seconds
        while now() < end { g_main_context_iteration(nil, 0) ; usleep(200) }
    }

    static func pump(until condition: () -> Bool, timeout: Double) {
        let end = now() + timeout
        while !condition() && now() < end { g_main_context_iteration(nil, 1) }
    }
}

/// The main loop's busy stretches: from the moment `poll()` returns to the moment it is called
/// again, the main thread is not waiting for anything, so no input, timer or frame is served.
/// A wrapped poll function records them; a 1 ms high-priority timeout keeps the loop polling
/// at least that often while it watches.
@MainActor
enum LoopWatch {
    struct Stretch {
        var start: Double
        var length: Double
        /// The main thread's CPU time in the stretch: near `length` when it was busy, far below
        /// when it was waiting for a core.
        var cpu: Double
        var marks: Int
    }

    /// A frame was drawn in the stretch.
    nonisolated static let frame = 1
    /// The benchmark saw the update land in the stretch.
    nonisolated static let landing = 2

    nonisolated(unsafe) private static var watching = false
    nonisolated(unsafe) private static var leftPoll = 0.0, leftPollCPU = 0.0
    nonisolated(unsafe) private static var marks = 0
    nonisolated(unsafe) private static var stretches: [Stretch] = []
    nonisolated(unsafe) static var framesPainted = 0
    private static var timer: guint = 0

    static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func install() {
        g_main_context_set_poll_func(nil) { fds, count, timeout in
            let entered = now()
            if LoopWatch.watching && LoopWatch.leftPoll > 0 {
                LoopWatch.stretches.append(Stretch(start: LoopWatch.leftPoll, length: entered - LoopWatch.leftPoll,
                                                   cpu: LoopWatch.threadCPU() - LoopWatch.leftPollCPU, marks: LoopWatch.marks))
                LoopWatch.marks = 0
            }
            let result = g_poll(fds, count, timeout)
            LoopWatch.leftPoll = now()
            LoopWatch.leftPollCPU = LoopWatch.threadCPU()
            return result
        }
    }

    /// Counts the frames `window` draws, and marks the stretches they are drawn in.
    static func watchFrames(of window: WidgetPointer) {
        let clock = UnsafeMutableRawPointer(gtk_widget_get_frame_clock(window)!)
        // A frame runs its phases in order: before-paint, update (tick callbacks: the
        // animation), layout (allocation: placing the views), paint (snapshot and drawing),
        // after-paint. These handlers come after GTK's own, so "layout" marks its end.
        var start = 0.0, startCPU = 0.0, layoutEnd = 0.0
        Signal.connect(clock, "before-paint") {
            start = now()
            startCPU = LoopWatch.threadCPU()
        }
        Signal.connect(clock, "layout") { layoutEnd = now() }
        Signal.connect(clock, "after-paint") {
            LoopWatch.framesPainted += 1
            LoopWatch.mark(LoopWatch.frame)
            if LoopWatch.watching {
                LoopWatch.frames.append(Frame(length: now() - start, layout: layoutEnd - start, cpu: LoopWatch.threadCPU() - startCPU))
            }
        }
    }

    /// One frame: from before-paint to after-paint, the part up to the end of its layout, and
    /// the main thread's CPU time in it.
    struct Frame {
        var length: Double
        var layout: Double
        var cpu: Double
        var drawing: Double { length - layout }
    }
    nonisolated(unsafe) private(set) static var frames: [Frame] = []

    static func mark(_ bit: Int) { marks |= bit }

    static func start() {
        stretches.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        marks = 0
        // The stretch under way counts from here: what the caller does next is in it.
        leftPoll = now()
        leftPollCPU = threadCPU()
        watching = true
        timer = g_timeout_add_full(G_PRIORITY_HIGH, 1, { _ in 1 }, nil, nil)
    }

    static func stop() -> [Stretch] {
        watching = false
        g_source_remove(timer)
        return stretches
    }
}
