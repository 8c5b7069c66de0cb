import CBenchSupport
import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import Foundation

/// Scrolling our collection view, GtkGridView and GtkFlowBox side by side: the same 1000x800
/// window, the same cell widget (a 111x40 label), nine columns, the same scroll speed. Each case
/// runs in a process of its own so its memory figures are its own.
@MainActor
enum ScrollBenchmark {
    static let columns: UInt32 = 9
    static let cellWidth: Int32 = 111, cellHeight: Int32 = 40
    /// The label size LabelCell makes; the update benchmark uses smaller cells.
    static var cellSize: (Int32, Int32) = (cellWidth, cellHeight)
    static let pixelsPerFrame = 30.0
    static let warmupFrames = 20
    /// The self-sizing case's estimate: off from the 40 px the cells measure, so that each row
    /// that comes in is measured, taken by the layout and moves everything after it.
    static let selfSizingEstimate = 52.0

    // MARK: The driver

    /// `selfSizingOnly`: just the million-item self-sizing, fixed and GtkGridView cases.
    static func runAll(quick: Bool, selfSizingOnly: Bool = false, compositionalOnly: Bool = false, tilesOnly: Bool = false,
                       listCellsOnly: Bool = false) {
        let frames = quick ? 120 : 300
        var cases: [(String, Int)] = []
        let counts = quick ? [1_000, 1_000_000] : [1_000, 100_000, 1_000_000]
        for n in counts { cases.append(("collectionview", n)); cases.append(("gridview", n)) }
        cases.append(("collectionview", 10_000_000))
        // Self-sizing: estimated 52 high, each cell measures 40 with GTK as it comes in, so
        // every new row is an invalidation that moves what follows (see selfSizingEstimate).
        cases.append(("selfsizing", 1_000_000))
        for n in (quick ? [1_000] : [1_000, 10_000]) { cases.append(("flowbox", n)) }
        if selfSizingOnly { cases = [("collectionview", 1_000_000), ("gridview", 1_000_000), ("selfsizing", 1_000_000)] }
        // The compositional layout from a section provider against the flow layout, on the same
        // cells in 100 sections of 1,000 (a horizontal group of nine a row), and GtkGridView.
        if compositionalOnly { cases = [("flowsections", 100_000), ("compositional", 100_000), ("gridview", 100_000)] }
        // The tile cache: the view with it and without it, GtkGridView, and the floor (one
        // viewport of pixels drawn a frame, three ways), at 1k, 1M and 10M items.
        if tilesOnly {
            // 10M right after 1k, so the two see the machine in the same state.
            cases = [("tiles", 1_000), ("tiles", 10_000_000), ("collectionview", 1_000), ("collectionview", 10_000_000), ("gridview", 1_000),
                     ("tiles", 1_000_000), ("tiles-auto", 1_000_000), ("collectionview", 1_000_000), ("gridview", 1_000_000),
                     ("floor", 1_000_000), ("floor-image", 1_000_000), ("floor-pixmap", 1_000_000), ("floor-held-image", 1_000_000), ("empty", 1_000_000),
                     // Cells that cost more to draw: a card (gradient, rounded corners, shadow).
                     ("tiles-heavy", 1_000_000), ("tiles-auto-heavy", 1_000_000), ("collectionview-heavy", 1_000_000), ("gridview-heavy", 1_000_000)]
        }
        if listCellsOnly { cases = ListCellsBenchmark.cases }
        let cells = listCellsOnly ? "list rows of an icon, a title, a subtitle and a disclosure arrow, 55 px high"
            : "111x40 label cells, 9 columns"
        print("Scrolling, \(frames) frames at \(Int(pixelsPerFrame)) px/frame, 1000x800 window, \(cells), renderer \(String(cString: getenv("GSK_RENDERER") ?? strdup("default")))")
        print("CPU/frame: process CPU time from one frame-clock tick to the next (everything: scroll handling, layout, snapshot, drawing).")
        print("layout CPU: from the tick to the end of the frame's layout phase: the widget's own work, without drawing.")
        print("X server/frame: the CPU the X server (Xvfb) used over the measured frames, a frame's share; under cairo on X11 GTK uploads each frame to it.")
        print("After \(warmupFrames) warm-up frames. Widgets: every widget under the scrolled window, hidden ones included.\n")
        // Rounds interleave the cases so a slow spell of the machine hits every widget alike;
        // each figure is the median over the rounds.
        let rounds = quick ? 1 : Int(ProcessInfo.processInfo.environment["CV_BENCH_ROUNDS"] ?? "") ?? 7
        var results: [[[String]]] = Array(repeating: [], count: cases.count)
        for _ in 0..<rounds {
            for (index, (kind, count)) in cases.enumerated() {
                if let fields = runCaseProcess(kind: kind, count: count, frames: frames) { results[index].append(fields) }
            }
        }
        var rows: [[String]] = []
        for (index, (kind, count)) in cases.enumerated() {
            let runs = results[index]
            guard !runs.isEmpty else {
                rows.append([label(kind), formatCount(count), "failed", "", "", "", "", "", "", "", ""])
                continue
            }
            func mid(_ column: Int) -> String {
                runs.map { $0[column] }.sorted { magnitude($0) < magnitude($1) }[runs.count / 2]
            }
            rows.append([label(kind), formatCount(count)] + (2..<11).map(mid))
        }
        print("(median of \(rounds) interleaved round\(rounds == 1 ? "" : "s"))")
        printTable(["widget", "items", "first frame", "CPU/frame med", "p99", "layout CPU med", "p99", "widgets", "memory", "row", "X server/frame"], rows)
        // Round by round: each round runs the two widgets one after the other, so a pair sees
        // the machine in the same state; the medians above can each fall in a different spell.
        if !listCellsOnly { print("\nCPU per frame (median), CollectionView against GtkGridView in the same round:") }
        for (index, (kind, count)) in cases.enumerated() where kind != "gridview" && kind != "flowbox" && kind != "gridview-heavy" && !kind.hasPrefix("list") {
            // Card cells against GtkGridView's card cells.
            let grid = kind.hasSuffix("-heavy") ? "gridview-heavy" : "gridview"
            guard let other = cases.firstIndex(where: { $0 == (grid, count) }) else { continue }
            let pairs = zip(results[index], results[other]).map { magnitude($0[3]) - magnitude($1[3]) }
            guard !pairs.isEmpty else { continue }
            let below = pairs.filter { $0 < 0 }.count
            print("  \(label(kind)) \(formatCount(count)): below in \(below) of \(pairs.count) rounds, median difference \(String(format: "%+.2f", pairs.sorted()[pairs.count / 2])) ms")
        }
        compareSelfSizing(cases, results)
        compareCompositional(cases, results)
        compareTiles(cases, results)
        ListCellsBenchmark.compare(cases, results)
    }

    /// The tile cache, round by round: against GtkGridView, against the view without it, 10M
    /// against 1k, and the floor; and the cache's memory.
    static func compareTiles(_ cases: [(String, Int)], _ results: [[[String]]]) {
        guard cases.contains(where: { $0.0 == "tiles" }) else { return }
        func ratios(_ a: (String, Int), _ b: (String, Int), column: Int = 3) -> [Double] {
            guard let i = cases.firstIndex(where: { $0 == a }), let j = cases.firstIndex(where: { $0 == b }) else { return [] }
            return zip(results[i], results[j]).map { magnitude($0[column]) / max(1e-9, magnitude($1[column])) }
        }
        func describe(_ values: [Double]) -> String {
            guard !values.isEmpty else { return "no rounds" }
            let sorted = values.sorted()
            return String(format: "median %.2fx, below 1 in %d of %d rounds, rounds %@", sorted[sorted.count / 2],
                          values.filter { $0 < 1 }.count, values.count, values.map { String(format: "%.2f", $0) }.joined(separator: " "))
        }
        print("\nTile cache, CPU per frame in the same round (ratios):")
        for count in [1_000, 1_000_000] where cases.contains(where: { $0 == ("gridview", count) }) {
            print("  \(formatCount(count)): with the cache against GtkGridView: \(describe(ratios(("tiles", count), ("gridview", count))))")
            print("  \(formatCount(count)): with the cache against without: \(describe(ratios(("tiles", count), ("collectionview", count))))")
            if cases.contains(where: { $0 == ("tiles-auto", count) }) {
                print("  \(formatCount(count)): with the cache, automatic, against GtkGridView: \(describe(ratios(("tiles-auto", count), ("gridview", count))))")
            }
            print("  \(formatCount(count)): first frame with the cache against without: \(describe(ratios(("tiles", count), ("collectionview", count), column: 2)))")
        }
        print("  10M against 1k, with the cache: \(describe(ratios(("tiles", 10_000_000), ("tiles", 1_000))))")
        print("  10M against 1k, without the cache: \(describe(ratios(("collectionview", 10_000_000), ("collectionview", 1_000))))")
        print("  the floor against GtkGridView, 1M: \(describe(ratios(("floor", 1_000_000), ("gridview", 1_000_000))))")
        print("  the floor as a recorded image (the cache's way under cairo) against GtkGridView: \(describe(ratios(("floor-image", 1_000_000), ("gridview", 1_000_000))))")
        print("  the floor as a held X pixmap (the least found) against GtkGridView: \(describe(ratios(("floor-pixmap", 1_000_000), ("gridview", 1_000_000))))")
        print("  the floor as a held image (a cairo node holding an image, the cache's way) against GtkGridView: \(describe(ratios(("floor-held-image", 1_000_000), ("gridview", 1_000_000))))")
        print("  an empty frame against GtkGridView, 1M: \(describe(ratios(("empty", 1_000_000), ("gridview", 1_000_000))))")
        print("  card cells, with the cache against GtkGridView: \(describe(ratios(("tiles-heavy", 1_000_000), ("gridview-heavy", 1_000_000))))")
        print("  card cells, with the cache against without: \(describe(ratios(("tiles-heavy", 1_000_000), ("collectionview-heavy", 1_000_000))))")
        print("  card cells, with the cache, automatic, against GtkGridView: \(describe(ratios(("tiles-auto-heavy", 1_000_000), ("gridview-heavy", 1_000_000))))")
        print("  with the cache against the floor, 1M: \(describe(ratios(("tiles", 1_000_000), ("floor", 1_000_000))))")
        for (kind, choices) in automaticChoices.sorted(by: { $0.key < $1.key }) {
            print("  \(label(kind)) chose, round by round: \(choices.joined(separator: " "))")
        }
        let memory = tileMemory.sorted()
        if !memory.isEmpty { print(String(format: "  tile cache memory at the end of a run: median %.1f MB, largest %.1f MB", memory[memory.count / 2], memory.last!)) }
    }

    /// What the tile cache held at the end of each run that had it (MB).
    nonisolated(unsafe) static var tileMemory: [Double] = []
    /// What the automatic cache chose at the end of each run, by case.
    nonisolated(unsafe) static var automaticChoices: [String: [String]] = [:]

    /// The compositional layout against the flow layout on the same cells, round by round.
    static func compareCompositional(_ cases: [(String, Int)], _ results: [[[String]]]) {
        guard let composed = cases.firstIndex(where: { $0.0 == "compositional" }),
              let flow = cases.firstIndex(where: { $0.0 == "flowsections" }) else { return }
        let pairs = zip(results[composed], results[flow])
        let cpu = pairs.map { magnitude($0[3]) / max(1e-9, magnitude($1[3])) }.sorted()
        let layoutCPU = pairs.map { magnitude($0[5]) / max(1e-9, magnitude($1[5])) }.sorted()
        guard !cpu.isEmpty else { return }
        print("\nCompositional against flow, 100 sections x 1,000, in the same round (median of the rounds' ratios):")
        print("  CPU per frame \(String(format: "%.2f", cpu[cpu.count / 2]))x, layout CPU \(String(format: "%.2f", layoutCPU[layoutCPU.count / 2]))x")
    }

    /// Self-sizing against fixed-size cells, round by round: the ratios of CPU per frame and of
    /// the first frame (the targets: within 1.3x and 2x).
    static func compareSelfSizing(_ cases: [(String, Int)], _ results: [[[String]]]) {
        guard let sized = cases.firstIndex(where: { $0 == ("selfsizing", 1_000_000) }),
              let fixed = cases.firstIndex(where: { $0 == ("collectionview", 1_000_000) }) else { return }
        let pairs = zip(results[sized], results[fixed])
        let cpu = pairs.map { magnitude($0[3]) / max(1e-9, magnitude($1[3])) }.sorted()
        let first = pairs.map { magnitude($0[2]) / max(1e-9, magnitude($1[2])) }.sorted()
        guard !cpu.isEmpty else { return }
        print("\nSelf-sizing against fixed-size cells, 1M, in the same round (median of the rounds' ratios):")
        print("  CPU per frame \(String(format: "%.2f", cpu[cpu.count / 2]))x, first frame \(String(format: "%.2f", first[first.count / 2]))x")
    }

    /// A printed duration ("845.0µs", "1.99ms") in milliseconds; other figures as numbers.
    static func magnitude(_ field: String) -> Double {
        let number = Double(field.filter { "0123456789.".contains($0) }) ?? 0
        if field.hasSuffix("µs") { return number / 1000 }
        if field.hasSuffix("ms") { return number }
        if field.hasSuffix("s") { return number * 1000 }
        return number
    }

    /// Runs one case in a child process and returns its RESULT fields.
    static func runCaseProcess(kind: String, count: Int, frames: Int) -> [String]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["scroll-case", kind, String(count), String(frames)]
        if kind.hasSuffix("-heavy") {
            var environment = ProcessInfo.processInfo.environment
            environment["CV_BENCH_HEAVY"] = "1"
            process.environment = environment
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { print("could not run \(kind) \(count): \(error)"); return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self).split(separator: "\n")
        if let tiles = output.first(where: { $0.hasPrefix("TILES ") }) {
            if kind == "tiles", let mb = Double(tiles.split(separator: " ")[2]) { tileMemory.append(mb) }
            if let chose = tiles.range(of: " chose ") { automaticChoices[kind, default: []].append(String(tiles[chose.upperBound...].prefix { $0 != " " })) }
        }
        if let jump = output.first(where: { $0.hasPrefix("JUMP ") }), let frames = Int(jump.dropFirst(5)) {
            HugeScrollBenchmark.jumpFrames[count, default: []].append(frames)
        }
        let line = output.first { $0.hasPrefix("RESULT ") }
        guard let fields = line?.split(separator: " ").dropFirst().map(String.init), fields.count == 11 else { return nil }
        return fields
    }

    static func label(_ kind: String) -> String {
        switch kind {
        case "collectionview": "CollectionView"
        case "tiles": "CollectionView, tile cache"
        case "tiles-auto": "CollectionView, tile cache automatic"
        case "tiles-auto-heavy": "cards: CollectionView, tile cache automatic"
        case "floor": "floor: one texture a frame"
        case "floor-image": "floor: one recorded image a frame"
        case "floor-pixmap": "floor: one held X pixmap a frame"
        case "floor-held-image": "floor: one held image a frame"
        case "empty": "empty frame: nothing drawn"
        case "tiles-heavy": "cards: CollectionView, tile cache"
        case "collectionview-heavy": "cards: CollectionView"
        case "gridview-heavy": "cards: GtkGridView"
        case "selfsizing": "CollectionView, self-sizing"
        case "flowsections": "CollectionView, flow, 100 sections"
        case "compositional": "CollectionView, compositional, 100 sections"
        case "huge": "CollectionView, 70% down"
        case "gridview": "GtkGridView"
        case "listcells": "CollectionView, list cells"
        case "listview": "GtkListView, rows of widgets"
        default: "GtkFlowBox"
        }
    }

    // MARK: One case, in its own process

    final class Source: CollectionViewDataSource {
        let count: Int
        let sections: Int
        init(count: Int, sections: Int = 1) { self.count = count; self.sections = sections }
        func numberOfSections(in collectionView: CollectionView) -> Int { sections }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count / sections }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell: LabelCell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
            cv_bench_cell_set_number(cell.label, UInt32(indexPath.item))
            return cell
        }
    }

    final class LabelCell: CollectionViewCell {
        let label: WidgetPointer
        required init() {
            label = cv_bench_cell_new(ScrollBenchmark.cellSize.0, ScrollBenchmark.cellSize.1)
            super.init()
            gtk_widget_set_parent(label, contentView)
        }
    }

    static func runCase(kind whole: String, count: Int, frames: Int) {
        gtk_init()
        let kind = whole.hasSuffix("-heavy") ? String(whole.dropLast(6)) : whole
        if whole.hasSuffix("-heavy") {
            let cards = gtk_css_provider_new()!
            gtk_css_provider_load_from_data(cards, """
                label.heavy { background: linear-gradient(160deg, #3584e4, #1a5fb4); color: white; border-radius: 10px;
                              box-shadow: 0 2px 5px rgba(0,0,0,0.35); margin: 4px; font-weight: bold; }
                """, -1)
            gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(cards), 600)
        }
        // GTK's theme pads each grid and flow box child by 3 px, which would make their rows
        // 46 px to our 40 and put 15% fewer labels on screen: the same cell means no padding.
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, "gridview > child, flowbox > flowboxchild, listview > row { padding: 0; margin: 0; min-height: 0; }", -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider), 600)
        let baseline = residentBytes()
        let start = now()
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.as(GtkWindow.self), 1000, 800)
        var keepAlive: [AnyObject] = []
        let scrolled: WidgetPointer
        switch kind {
        case "collectionview", "tiles", "tiles-auto", "selfsizing", "flowsections", "compositional", "huge":
            let layout: CollectionViewLayout
            if kind == "compositional" {
                layout = CompositionalBenchmark.compositional(headers: false)
            } else {
                let flow = FlowLayout()
                flow.itemSize = Size(width: Double(cellWidth), height: Double(cellHeight))
                if kind == "selfsizing" { flow.estimatedItemSize = Size(width: Double(cellWidth), height: selfSizingEstimate) }
                flow.minimumLineSpacing = 0
                flow.minimumInteritemSpacing = 0
                layout = flow
            }
            let cv = CollectionView(collectionViewLayout: layout)
            cv.tileCacheMode = kind == "tiles" ? .on : kind == "tiles-auto" ? .automatic : .off
            cv.register(LabelCell.self, forCellWithReuseIdentifier: "label")
            let source = Source(count: count, sections: kind == "flowsections" || kind == "compositional" ? 100 : 1)
            cv.dataSource = source
            keepAlive = [cv, source]
            scrolled = cv.widget
        case "floor", "floor-image", "floor-pixmap", "floor-held-image", "empty":
            scrolled = gtk_scrolled_window_new()
            let rows = (count + Int(columns) - 1) / Int(columns)
            let floor = cv_bench_floor_new(kind == "empty" ? 0 : 1000, 800, Int32(rows) * cellHeight)!
            cv_bench_floor_set_kind(floor, kind == "floor-image" ? Int32(CV_BENCH_FLOOR_RECORDED_IMAGE)
                                    : kind == "floor-pixmap" ? Int32(CV_BENCH_FLOOR_HELD_PIXMAP)
                                    : kind == "floor-held-image" ? Int32(CV_BENCH_FLOOR_HELD_IMAGE) : Int32(CV_BENCH_FLOOR_TEXTURE))
            gtk_scrolled_window_set_child(scrolled.opaque, floor)
            cv_bench_floor_follow(floor, gtk_scrolled_window_get_vadjustment(scrolled.opaque))
        case "listcells", "listview":
            (scrolled, keepAlive) = ListCellsBenchmark.makeScrolled(kind: kind, count: count)
        case "gridview":
            scrolled = gtk_scrolled_window_new()
            gtk_scrolled_window_set_child(scrolled.opaque,
                cv_bench_grid_view_new(cv_bench_count_model_new(UInt32(count)), columns, cellWidth, cellHeight))
        default:
            scrolled = gtk_scrolled_window_new()
            gtk_scrolled_window_set_child(scrolled.opaque, cv_bench_flow_box_new(UInt32(count), columns, cellWidth, cellHeight))
        }
        withExtendedLifetime(keepAlive) {
            // Huge: scrolled far down the content, where coordinates pass GTK's 32 bits.
            measure(window: window, scrolled: scrolled, kind: kind, count: count, frames: frames, start: start, baseline: baseline,
                    startFraction: kind == "huge" ? HugeScrollBenchmark.startFraction : 0)
            if kind == "huge", let cv = keepAlive.first as? CollectionView {
                print("JUMP \(HugeScrollBenchmark.framesToShowLastItem(cv, count: count))")
            }
            if let cv = keepAlive.first as? CollectionView, cv.drawsThroughTileCache {
                let tiles = cv.tileCacheStatistics
                let choice = cv.tileCacheChoice
                print("TILES \(tiles.tiles) \(String(format: "%.1f", Double(tiles.bytes) / 1_048_576)) \(tiles.renders)"
                      + (cv.tileCacheMode == .automatic ? " chose \(choice.drawsDirectly ? "direct" : "tiles") after \(choice.choices) choice(s)" : ""))
            }
        }
    }

    /// `startFraction`: where in the scrollable range the scroll starts (0: the top).
    private static func measure(window: WidgetPointer, scrolled: WidgetPointer, kind: String, count: Int, frames: Int,
                                start: Double, baseline: Int, startFraction: Double = 0) {
        gtk_window_set_child(window.as(GtkWindow.self), scrolled)
        gtk_window_present(window.as(GtkWindow.self))

        var firstFrame: Double?
        let clock = gtk_widget_get_frame_clock(window)!
        Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") {
            if firstFrame == nil { firstFrame = now() }
        }
        while firstFrame == nil { g_main_context_iteration(nil, 1) }

        let vadjustment = gtk_scrolled_window_get_vadjustment(scrolled.opaque)!
        var direction = 1.0
        var lastCPU: Double?
        var perFrame: [Double] = []
        var layoutPerFrame: [Double] = []
        var ticks = 0
        var done = false
        let server = xServerPID()
        var serverStart: Double?
        // The frame clock's "layout" handlers run in connection order; GTK's own came first, so
        // this one runs when the frame's layout is done: tick to here is the widget's own work
        // (scroll handling, binding or configuring cells, allocation), the rest is drawing.
        Signal.connect(UnsafeMutableRawPointer(clock), "layout") {
            if let lastCPU, ticks > warmupFrames + 1 { layoutPerFrame.append(cpuTime() - lastCPU) }
        }
        Tick.add(window) { _ in
            let cpu = cpuTime()
            if let lastCPU, ticks > warmupFrames { perFrame.append(cpu - lastCPU) }
            if ticks == warmupFrames, let server { serverStart = cpuTime(of: server) }
            lastCPU = cpu
            ticks += 1
            let upper = gtk_adjustment_get_upper(vadjustment) - gtk_adjustment_get_page_size(vadjustment)
            if ticks == 1, startFraction > 0 { gtk_adjustment_set_value(vadjustment, (upper * startFraction).rounded()) }
            var value = gtk_adjustment_get_value(vadjustment) + direction * pixelsPerFrame
            if value >= upper || value <= 0 { direction = -direction; value = max(0, min(upper, value)) }
            gtk_adjustment_set_value(vadjustment, value)
            if perFrame.count >= frames { done = true; return false }
            return true
        }
        while !done { g_main_context_iteration(nil, 1) }
        let serverPerFrame = server.flatMap { cpuTime(of: $0) }.flatMap { end in serverStart.map { (end - $0) / Double(perFrame.count) } }
        let widgets = cv_bench_count_widgets(scrolled)
        let memory = Double(residentBytes() - baseline) / 1_048_576
        // Rows of the same height for every widget, or the comparison is off (see the CSS above).
        let rows = kind.hasPrefix("list") ? count : (count + Int(columns) - 1) / Int(columns)
        let rowHeight = gtk_adjustment_get_upper(vadjustment) / Double(rows)
        print("RESULT \(kind) \(count) \(formatDuration(firstFrame! - start).replacingOccurrences(of: " ", with: "")) "
              + "\(formatDuration(median(perFrame)).replacingOccurrences(of: " ", with: "")) "
              + "\(formatDuration(percentile(perFrame, 0.99)).replacingOccurrences(of: " ", with: "")) "
              + "\(formatDuration(median(layoutPerFrame)).replacingOccurrences(of: " ", with: "")) "
              + "\(formatDuration(percentile(layoutPerFrame, 0.99)).replacingOccurrences(of: " ", with: "")) "
              + "\(widgets) \(String(format: "%.1fMB", memory)) \(String(format: "%.0fpx", rowHeight)) "
              + (serverPerFrame.map { formatDuration($0).replacingOccurrences(of: " ", with: "") } ?? "n/a"))
    }
}
