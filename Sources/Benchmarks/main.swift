// The benchmark executable: `collection-bench layout` (the layout core, no display) and, with
// a display, the view benchmarks. Build it in release: `swift run -c release collection-bench`.
#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.first ?? "layout"

MainActor.assumeIsolated {
    switch command {
    case "layout":
        LayoutBenchmark.run(quick: arguments.contains("--quick"))
    default:
        print("usage: collection-bench layout [--quick]")
        exit(2)
    }
}
