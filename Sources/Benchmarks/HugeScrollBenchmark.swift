import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import Foundation

/// `collection-bench scroll --huge`: the view scrolling 1k, 100M and 1B uniform items (the flow
/// layout, nothing stored per item: the benchmark's data source answers from the count alone),
/// 70% down the content, where 1B items are 4.4e9 px down, past GTK's 32-bit coordinates. The
/// same cells and window as `scroll`; each case in a process of its own, the cases interleaved
/// round by round. Targets: CPU per frame at 100M and 1B at most 1.1x what 1k costs, and a jump
/// to the last item shown in the next frame.
@MainActor
enum HugeScrollBenchmark {
    static let counts = [1_000, 100_000_000, 1_000_000_000]
    /// Where the scroll starts, as a fraction of the scrollable range.
    static let startFraction = 0.7
    /// How many frames each case's jump to its last item took, by item count.
    nonisolated(unsafe) static var jumpFrames: [Int: [Int]] = [:]

    static func run(quick: Bool) {
        let frames = quick ? 120 : 300
        let rounds = quick ? 1 : Int(ProcessInfo.processInfo.environment["CV_BENCH_ROUNDS"] ?? "") ?? 7
        print("Scrolling huge content, \(frames) frames at \(Int(ScrollBenchmark.pixelsPerFrame)) px/frame from \(Int(startFraction * 100))% down, "
              + "1000x800 window, 111x40 label cells, 9 columns, renderer \(String(cString: getenv("GSK_RENDERER") ?? strdup("default")))")
        print("CPU/frame: process CPU time from one frame-clock tick to the next. Memory: resident growth over the run, "
              + "the same at every count when nothing is stored per item.\n")
        var results: [[[String]]] = Array(repeating: [], count: counts.count)
        for _ in 0..<rounds {
            for (index, count) in counts.enumerated() {
                if let fields = ScrollBenchmark.runCaseProcess(kind: "huge", count: count, frames: frames) { results[index].append(fields) }
            }
        }
        var rows: [[String]] = []
        for (index, count) in counts.enumerated() {
            let runs = results[index]
            guard !runs.isEmpty else {
                rows.append([formatCount(count), "failed", "", "", "", "", "", ""])
                continue
            }
            func mid(_ column: Int) -> String {
                runs.map { $0[column] }.sorted { ScrollBenchmark.magnitude($0) < ScrollBenchmark.magnitude($1) }[runs.count / 2]
            }
            let jumps = (jumpFrames[count] ?? []).sorted()
            rows.append([formatCount(count), mid(2), mid(3), mid(4), mid(5), mid(7), mid(8), jumps.isEmpty ? "n/a" : "\(jumps.last!)"])
        }
        print("(median of \(rounds) interleaved round\(rounds == 1 ? "" : "s"); jump: the most frames any round took)")
        printTable(["items", "first frame", "CPU/frame med", "p99", "layout CPU med", "widgets", "memory", "jump frames"], rows)
        print("\nCPU per frame against 1k in the same round (target <= 1.1x):")
        for (index, count) in counts.enumerated().dropFirst() {
            let ratios = zip(results[index], results[0]).map { ScrollBenchmark.magnitude($0[3]) / max(1e-9, ScrollBenchmark.magnitude($1[3])) }.sorted()
            guard !ratios.isEmpty else { continue }
            print("  \(formatCount(count))/1k: \(String(format: "%.2fx", ratios[ratios.count / 2])) (rounds \(ratios.map { String(format: "%.2f", $0) }.joined(separator: " ")))")
        }
        for count in counts {
            let jumps = jumpFrames[count] ?? []
            print("jump to the last item, \(formatCount(count)): \(jumps.max().map(String.init) ?? "n/a") frames (target 1; rounds \(jumps.map(String.init).joined(separator: " ")))")
        }
    }

    /// Frames painted from `scrollToItem(last, .bottom)` until one shows the last item: its cell
    /// allocated at the viewport's bottom, mapped, and drawn by the canvas in that frame.
    static func framesToShowLastItem(_ cv: CollectionView, count: Int) -> Int {
        let last = IndexPath(item: count - 1, section: 0)
        let clock = gtk_widget_get_frame_clock(cv.viewport)!
        var painted = 0
        var shown = false
        let handler = Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") {
            guard !shown else { return }
            painted += 1
            guard let cell = cv.cellForItem(at: last), gtk_widget_get_mapped(cell.widget) != 0 else { return }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(cell.widget, cv.viewport, &bounds) != 0 else { return }
            let bottom = Double(bounds.origin.y + bounds.size.height)
            shown = abs(bottom - cv.bounds.height) < 0.5 && cv.viewsDrawnInLastFrame.contains { $0 === cell }
        }
        cv.scrollToItem(at: last, at: .bottom, animated: false)
        let deadline = now() + 10
        while !shown && now() < deadline { g_main_context_iteration(nil, 1) }
        g_signal_handler_disconnect(UnsafeMutableRawPointer(clock).assumingMemoryBound(to: GObject.self), handler)
        return shown ? painted : -1
    }
}
