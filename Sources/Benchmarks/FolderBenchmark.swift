import CGtk
import CBenchSupport
import GtkGlue
import Foundation

/// `collection-bench folder [DIR] [--photos N]`: the gallery opening a folder of photo-sized
/// JPEGs (10,000 by default: 10 subfolders of 1,000, made once as hard links to five
/// decoded-for-real sources), then flung to the end and back. Each round opens the folder twice:
/// cold (the gallery's caches empty: no thumbnail in the shared freedesktop cache, no date in its
/// index) and warm (the second open, what the first one left there). Printed: time from opening
/// until every cell on the first screen shows its thumbnail, the fling's frame intervals (p95 and
/// worst) each way while thumbnails decode, resident memory after the fling next to the
/// thumbnail cache's cap, and the thumbnail loader's counts (read from the shared cache, decoded).
/// In the same run, GtkGridView over the same GTK models with the file names only (no pictures:
/// GTK has no thumbnailing), flung the same way, as the reference for what reading the folder
/// and scrolling cost without pictures.
///
/// The folder is shown by name (the gallery's default: a section per subfolder); with
/// `--by-date`, by date taken (a section per month, from the index of dates).
///
/// With `--photos 100000` (10 subfolders of 10,000) it measures only the warm open, by date: a
/// priming open first fills the caches (and waits for the index to have every date), then the
/// folder is opened again and timed until its first screen shows.
@MainActor
enum FolderBenchmark {
    static let folders = 10
    static let flingSeconds = 3.0

    /// Show folders by date taken (the gallery's Sort setting, through a settings file of the benchmark's own).
    static var byDate = false

    static func run(arguments: [String]) {
        var photos = 10_000
        var positional: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--photos", let n = rest.popFirst().flatMap({ Int($0) }), n >= folders {
                photos = n
            } else if argument == "--by-date" {
                byDate = true
            } else {
                positional.append(argument)
            }
        }
        let perFolder = photos / folders
        let dir = positional.first ?? "/tmp/cv-bench-folder-\(perFolder * folders)"
        guard makeFolder(dir, perFolder: perFolder) else { exit(1) }
        let bin = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let gallery = bin.appendingPathComponent("gallery").path
        guard FileManager.default.isExecutableFile(atPath: gallery) else {
            print("build the gallery next to the benchmark first: swift build -c release")
            exit(1)
        }
        // The gallery's own cache folder for the benchmark: XDG_CACHE_HOME of every run, so the
        // user's caches are never read or filled.
        let cache = (dir as NSString).appendingPathComponent(".bench-cache")
        print("Folder benchmark: \(perFolder * folders) JPEGs of 1600x1200 in \(folders) subfolders (\(dir)), fling \(flingSeconds) s each way")
        print("renderer: \(ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "default"), tile cache: \(ProcessInfo.processInfo.environment["GALLERY_TILE_CACHE"].map { $0 == "0" ? "off" : "on" } ?? "automatic")")
        print("shown: \(byDate || photos > 10_000 ? "by date taken" : "by name")")
        if photos > 10_000 {
            byDate = true
            runLarge(gallery: gallery, dir: dir, cache: cache)
            return
        }
        for round in 1...2 {
            // The first round reads the files from disk into the page cache; the second is warm.
            try? FileManager.default.removeItem(atPath: cache)
            for open in ["cold", "warm"] {
                // After the fling, until the loader has nothing left to load or write (its
                // "thumbnails settled" line): what the cold open wrote is what the warm one reads.
                let lines = runGallery(gallery, dir: dir, cache: cache, fling: true, untilLines: { lines in
                    guard let flung = lines.firstIndex(where: { $0.hasPrefix("fling up") }) else { return false }
                    return lines[flung...].contains { $0.hasPrefix("thumbnails settled") }
                }, timeout: 120)
                func field(_ prefix: String) -> String { lines.first { $0.hasPrefix(prefix) } ?? "(missing \(prefix))" }
                print("round \(round) collection view (gallery, thumbnails), \(open) caches:")
                print("  " + field("opened "))
                print("  " + field("first-screen"))
                print("  " + field("fling down"))
                print("  " + field("fling up"))
                print("  " + (lines.last { $0.hasPrefix("thumbnails settled") } ?? "(no thumbnail counts)"))
            }
            let gtk = runProcess(CommandLine.arguments[0], ["folder-gtk", dir], environment: [:], until: { $0.hasPrefix("RESULT") }, timeout: 90)
            print("round \(round) GtkGridView (names only, no pictures):")
            for line in gtk where line.hasPrefix("RESULT") { print("  " + line.dropFirst(7)) }
        }
    }

    /// 100,000 photos: a priming open (until the index has every date), then two warm opens timed.
    static func runLarge(gallery: String, dir: String, cache: String) {
        let primed = runGallery(gallery, dir: dir, cache: cache, fling: false, until: { $0.hasPrefix("index done") }, timeout: 900)
        print("priming open: " + (primed.last { $0.hasPrefix("index done") } ?? "(the index did not finish: \(primed.suffix(3)))"))
        for round in 1...2 {
            let lines = runGallery(gallery, dir: dir, cache: cache, fling: false, until: { $0.hasPrefix("first-screen") }, timeout: 120)
            func field(_ prefix: String) -> String { lines.first { $0.hasPrefix(prefix) } ?? "(missing \(prefix))" }
            print("round \(round) collection view (gallery, thumbnails), warm caches:")
            print("  " + field("opened "))
            print("  " + field("index open"))
            print("  " + field("first-screen"))
            let gtk = runProcess(CommandLine.arguments[0], ["folder-gtk", dir, "--no-fling"], environment: [:], until: { $0.hasPrefix("RESULT") }, timeout: 120)
            print("round \(round) GtkGridView (names only, no pictures):")
            for line in gtk where line.hasPrefix("RESULT") { print("  " + line.dropFirst(7)) }
        }
    }

    /// The gallery on `dir` with its caches in `cache` and settings in memory (the defaults).
    static func runGallery(_ gallery: String, dir: String, cache: String, fling: Bool, until: @escaping (String) -> Bool,
                           timeout: Double) -> [String] {
        runGallery(gallery, dir: dir, cache: cache, fling: fling, untilLines: { $0.contains(where: until) }, timeout: timeout)
    }

    static func runGallery(_ gallery: String, dir: String, cache: String, fling: Bool, untilLines: @escaping ([String]) -> Bool,
                           timeout: Double) -> [String] {
        var environment = ["GALLERY_LOG": "1", "XDG_CACHE_HOME": cache, "GSETTINGS_BACKEND": "memory"]
        if byDate {
            // The Sort choice as a user who chose By date left it: GSettings' keyfile backend.
            let config = (cache as NSString).appendingPathComponent("config")
            let folder = (config as NSString).appendingPathComponent("glib-2.0/settings")
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try? "[io/github/collectionview/Gallery]\nsort-order='date'\n".write(toFile: (folder as NSString).appendingPathComponent("keyfile"),
                                                                                atomically: true, encoding: .utf8)
            environment["GSETTINGS_BACKEND"] = "keyfile"
            environment["XDG_CONFIG_HOME"] = config
        }
        if fling { environment["GALLERY_BENCH_FLING"] = "\(flingSeconds)" }
        // Its own app id: a gallery already running in the session must not take the folder.
        return runProcess(gallery, [dir, "--gapplication-app-id=io.github.collectionview.GalleryBench"], environment: environment,
                          untilLines: untilLines, timeout: timeout)
    }

    /// GtkGridView over the folder's models: first screen, then the same fling, in this process.
    static func runGtk(dir: String, fling: Bool = true) {
        gtk_init()
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, "gridview > child { padding: 0; margin: 0; }", -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider), 600)
        let start = now()
        let lists = g_ptr_array_new()!
        let model = cv_bench_folder_model_new(dir, lists)!
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.as(GtkWindow.self), 1000, 720)
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(scrolled.opaque, cv_bench_file_grid_view_new(model, 7, 120, 120))
        gtk_window_set_child(window.as(GtkWindow.self), scrolled)
        gtk_window_present(window.as(GtkWindow.self))
        let clock = gtk_widget_get_frame_clock(window)!
        var firstScreen: Double?
        Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") {
            if firstScreen == nil, cv_bench_folder_lists_loading(lists) == 0, g_list_model_get_n_items(model) > 0 { firstScreen = now() }
        }
        while firstScreen == nil {
            g_main_context_iteration(nil, 1)
            if now() - start > 60 { print("RESULT timeout"); return }
        }
        if !fling {
            print("RESULT items=\(g_list_model_get_n_items(model)) first-screen ms=\(Int((firstScreen! - start) * 1000)) rssKB=\(residentBytes() / 1024)")
            return
        }
        let vadjustment = gtk_scrolled_window_get_vadjustment(scrolled.opaque)!
        var leg = 0
        var begun: Double?, last: Double?
        var intervals: [[Double]] = [[], []]
        var lastClock: Double?
        var clockIntervals: [[Double]] = [[], []]  // the frame clock's times, as the gallery reports them
        Tick.add(window) { clock in
            let t0 = now()
            if let last { intervals[leg].append(t0 - last) }
            if let lastClock { clockIntervals[leg].append(clock - lastClock) }
            last = t0
            lastClock = clock
            begun = begun ?? t0
            let end = gtk_adjustment_get_upper(vadjustment) - gtk_adjustment_get_page_size(vadjustment)
            let t = min(1, (t0 - begun!) / flingSeconds)
            let eased = 1 - (1 - t) * (1 - t)
            gtk_adjustment_set_value(vadjustment, leg == 0 ? end * eased : end * (1 - eased))
            guard t >= 1 else { return true }
            leg += 1
            begun = nil
            last = nil
            lastClock = nil
            return leg < 2
        }
        while leg < 2 { g_main_context_iteration(nil, 1) }
        print("RESULT items=\(g_list_model_get_n_items(model)) first-screen ms=\(Int((firstScreen! - start) * 1000)) "
              + "fling down \(figures(intervals[0], clockIntervals[0])) up \(figures(intervals[1], clockIntervals[1])) rssKB=\(residentBytes() / 1024)")
    }

    /// Frame intervals as the gallery logs them: median, 95th percentile and worst, in ms.
    /// With the frame clock's intervals: their 95th percentile and the frames missed (an
    /// interval over 25 ms, a refresh and a half at 60 Hz).
    static func figures(_ intervals: [Double], _ clockIntervals: [Double] = []) -> String {
        let sorted = intervals.sorted()
        guard !sorted.isEmpty else { return "frames=0" }
        func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
        let wall = "frames=\(sorted.count) p50Ms=\(ms(sorted[sorted.count / 2])) p95Ms=\(ms(sorted[Int(Double(sorted.count - 1) * 0.95)])) worstMs=\(ms(sorted.last!))"
        let clock = clockIntervals.sorted()
        guard !clock.isEmpty else { return wall }
        return wall + " clockP95Ms=\(ms(clock[Int(Double(clock.count - 1) * 0.95)])) missed=\(clock.filter { $0 > 0.025 }.count)"
    }

    /// Makes the folder once: five 1600x1200 JPEGs of noise (so decoding costs what a photo
    /// does) and `perFolder` hard links to them in each of the ten subfolders.
    static func makeFolder(_ dir: String, perFolder: Int) -> Bool {
        let last = (dir as NSString).appendingPathComponent(String(format: "set-%02d/photo-%d.jpg", folders, perFolder))
        if FileManager.default.fileExists(atPath: last) { return true }
        let sources = (dir as NSString).appendingPathComponent(".sources")
        try? FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        for s in 0..<5 {
            let source = (sources as NSString).appendingPathComponent("\(s).jpg")
            if let problem = writeNoisyJPEG(source, width: 1600, height: 1200, variant: s, quality: 85) {
                print("cannot write the source JPEGs: \(problem)")
                return false
            }
        }
        for f in 1...folders {
            let sub = (dir as NSString).appendingPathComponent(String(format: "set-%02d", f))
            try? FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            for i in 1...perFolder {
                let source = (sources as NSString).appendingPathComponent("\((i + f) % 5).jpg")
                link(source, (sub as NSString).appendingPathComponent("photo-\(i).jpg"))
            }
        }
        return true
    }

    /// Writes a JPEG of noisy gradients (so that decoding it costs what a photo's does):
    /// `variant` shifts the colours. Returns why it could not, or nil.
    static func writeNoisyJPEG(_ path: String, width: Int, height: Int, variant s: Int, quality: Int) -> String? {
        var rng = UInt64(42 &+ s)
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(width), gint(height))!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        for y in 0..<height {
            for x in 0..<width {
                rng = rng &* 6364136223846793005 &+ 1442695040888963407
                let noise = Int(rng >> 59)
                let p = pixels + y * stride + x * 3
                p[0] = UInt8(truncatingIfNeeded: (x / 7 + s * 40 + noise) & 255)
                p[1] = UInt8(truncatingIfNeeded: (y / 5 + noise * 3) & 255)
                p[2] = UInt8(truncatingIfNeeded: ((x + y) / 11 + s * 17) & 255)
            }
        }
        var error: UnsafeMutablePointer<GError>?
        var keys: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil]
        var values: [UnsafeMutablePointer<CChar>?] = [strdup(String(quality)), nil]
        let ok = gdk_pixbuf_savev(pixbuf, path, "jpeg", &keys, &values, &error)
        keys.forEach { free($0) }
        values.forEach { free($0) }
        return ok != 0 ? nil : (error.map { String(cString: $0.pointee.message) } ?? "unknown error")
    }

    /// Runs a program and collects its output lines until `until` matches one (then stops it).
    static func runProcess(_ path: String, _ arguments: [String], environment: [String: String], until: @escaping (String) -> Bool,
                           timeout: Double) -> [String] {
        runProcess(path, arguments, environment: environment, untilLines: { $0.contains(where: until) }, timeout: timeout)
    }

    /// The same, until `untilLines` holds for the lines so far.
    static func runProcess(_ path: String, _ arguments: [String], environment: [String: String], untilLines: @escaping ([String]) -> Bool,
                           timeout: Double) -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let output = Output()
        pipe.fileHandleForReading.readabilityHandler = { handle in output.append(String(decoding: handle.availableData, as: UTF8.self)) }
        do { try process.run() } catch { return ["cannot run \(path): \(error)"] }
        let deadline = now() + timeout
        var lines: [String] = []
        while now() < deadline {
            lines = output.lines
            if untilLines(lines) || !process.isRunning { break }
            usleep(100_000)
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        pipe.fileHandleForReading.readabilityHandler = nil
        return lines
    }
}

/// A child process's output, appended from the pipe's reading thread.
private final class Output: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func append(_ s: String) { lock.lock(); text += s; lock.unlock() }
    var lines: [String] { lock.lock(); defer { lock.unlock() }; return text.split(separator: "\n").map(String.init) }
}
