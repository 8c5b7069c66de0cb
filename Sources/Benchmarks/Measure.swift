import CBenchSupport
import Foundation

/// Monotonic time in seconds.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// CPU time this process has used, in seconds.
func cpuTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Bytes the C heap has handed out (small blocks and mmapped large ones).
func heapBytesInUse() -> Int {
    let info = mallinfo2()
    return Int(info.uordblks) + Int(info.hblkhd)
}

/// Resident memory of this process, in bytes.
func residentBytes() -> Int {
    guard let f = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(f) }
    var size = 0, resident = 0
    withUnsafeMutablePointer(to: &size) { s in
        withUnsafeMutablePointer(to: &resident) { r in _ = withVaList([s, r]) { vfscanf(f, "%ld %ld", $0) } }
    }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.isEmpty ? 0 : s[s.count / 2]
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let s = values.sorted()
    return s.isEmpty ? 0 : s[min(s.count - 1, Int(Double(s.count - 1) * p))]
}

func formatDuration(_ seconds: Double) -> String {
    if seconds < 1e-3 { return String(format: "%.1f µs", seconds * 1e6) }
    if seconds < 1 { return String(format: "%.2f ms", seconds * 1e3) }
    return String(format: "%.2f s", seconds)
}

func formatCount(_ n: Int) -> String {
    if n >= 1_000_000 && n % 1_000_000 == 0 { return "\(n / 1_000_000)M" }
    if n >= 1_000 && n % 1_000 == 0 { return "\(n / 1_000)k" }
    return "\(n)"
}

/// Pads cells into a plain-text table.
func printTable(_ header: [String], _ rows: [[String]]) {
    let widths = header.indices.map { i in max(header[i].count, rows.map { $0[i].count }.max() ?? 0) }
    func line(_ cells: [String]) -> String {
        cells.enumerated().map { i, c in i == 0 ? c.padding(toLength: widths[i], withPad: " ", startingAt: 0)
            : String(repeating: " ", count: widths[i] - c.count) + c }.joined(separator: "  ")
    }
    print(line(header))
    print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
    rows.forEach { print(line($0)) }
}
