// The benchmark executable: `collection-bench layout` and `layout-scroll` (the layout core and
// the layout's share of a scrolled frame, no display), `outline-core` (section snapshots of a
// million items: expand and collapse plans, no display), `tree-model` (a TreeListModelDataSource
// expanding a row of 100,000 children, with a display), `outline` (the same tree in the view
// against GtkListView over a GtkTreeListModel) and, with
// a display, the view benchmarks; `collection-bench diff` diffs snapshots and, with a display,
// watches the main thread while a diffable data source applies one. Build it in release:
// `swift run -c release collection-bench`. `collection-bench touch-probe` is no benchmark: a
// window that scripts/touch-probe pinches with real touches; `outline-probe` neither: an outline
// for scripts/a11y-probe.py --outline and for screenshots; `swipe-probe` one that scripts/touch-swipe swipes.
#if canImport(Glibc)
import Glibc
#endif
import CGtk

let arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.first ?? "layout"

MainActor.assumeIsolated {
    switch command {
    case "layout":
        LayoutBenchmark.run(quick: arguments.contains("--quick"))
    case "layout-scroll":
        LayoutScrollBenchmark.run()
    case "compositional":
        CompositionalBenchmark.run()
    case "outline-core":
        OutlineCoreBenchmark.run()
    case "outline":
        OutlineBenchmark.run()
    case "updates":
        UpdateBenchmark.run()
    case "tree-model":
        TreeModelBenchmark.run()
    case "diff":
        DiffBenchmark.run()
    case "selection":
        gtk_init()
        SelectionBenchmark.run()
    case "scroll" where arguments.contains("--huge"):
        HugeScrollBenchmark.run(quick: arguments.contains("--quick"))
    case "scroll":
        ScrollBenchmark.runAll(quick: arguments.contains("--quick"), selfSizingOnly: arguments.contains("--self-sizing"),
                               compositionalOnly: arguments.contains("--compositional"), tilesOnly: arguments.contains("--tiles"),
                               listCellsOnly: arguments.contains("--list-cells"))
    case "scroll-case" where arguments.count == 4:
        ScrollBenchmark.runCase(kind: arguments[1], count: Int(arguments[2]) ?? 1000, frames: Int(arguments[3]) ?? 300)
    case "folder":
        FolderBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "touch-probe":
        TouchProbe.run()
    case "outline-probe":
        OutlineProbe.run()
    case "swipe-probe":
        SwipeProbe.run()
    case "folder-gtk" where arguments.count >= 2:
        FolderBenchmark.runGtk(dir: arguments[1], fling: !arguments.contains("--no-fling"))
    case "viewer":
        ViewerBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "viewer-gtk" where arguments.count >= 3:
        ViewerBenchmark.runGtk(dir: arguments[1], count: Int(arguments[2]) ?? 100)
    default:
        print("usage: collection-bench layout [--quick] | layout-scroll | compositional | outline-core | outline | tree-model | scroll [--quick] [--self-sizing] [--compositional] [--tiles] [--list-cells] [--huge] | updates | selection | diff | folder [DIR] [--photos N] | viewer [DIR] [--photos N]   (all but layout, layout-scroll, compositional, outline-core and the first part of diff need a display)")
        exit(2)
    }
}
