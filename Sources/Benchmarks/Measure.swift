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
    if n >= 1_000_000_000 && n % 1_000_000_000 == 0 { return "\(n / 1_000_000_000)B" }
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

/// The X server this process draws to (an Xvfb or Xorg whose arguments name our DISPLAY), or
/// nil (Wayland, Broadway, a server of another user). Under the cairo renderer on X11 GTK
/// uploads every frame to it, and what that costs there differs between ways of drawing.
func xServerPID() -> Int32? {
    guard getenv("WAYLAND_DISPLAY") == nil || getenv("GDK_BACKEND").map({ String(cString: $0) }) == "x11",
          let display = getenv("DISPLAY").map({ String(cString: $0) }), !display.isEmpty,
          let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
    for entry in entries {
        guard let pid = Int32(entry),
              let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
        let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard let program = arguments.first?.split(separator: "/").last,
              ["Xvfb", "Xorg", "X", "Xephyr"].contains(String(program)),
              arguments.dropFirst().contains(display) else { continue }
        return pid
    }
    return nil
}

/// CPU time process `pid` has used, in seconds (to the kernel's tick, 10 ms here: read it over
/// many frames, not one).
func cpuTime(of pid: Int32) -> Double? {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    guard let close = text.lastIndex(of: ")") else { return nil }
    // After the name: state is field 3; utime and stime are fields 14 and 15.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}
