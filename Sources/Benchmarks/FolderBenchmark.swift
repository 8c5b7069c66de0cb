import CGtk
import CBenchSupport
import GtkGlue
import Foundation

/// `collection-bench folder [DIR]`: the gallery opening a folder of 10,000 photo-sized JPEGs
/// (10 subfolders of 1,000; made once, as hard links to five decoded-for-real sources), then
/// flung to the end and back. Printed: time from opening the folder until every cell on the
/// first screen shows its thumbnail, the worst frame interval while flinging, resident memory
/// after the fling next to the thumbnail cache's cap. In the same run, GtkGridView over the
/// same GTK models with the file names only (no pictures: GTK has no thumbnailing), flung the
/// same way, as the reference for what reading the folder and scrolling cost without pictures.
/// Each round opens the gallery twice on a thumbnail cache of its own (XDG_CACHE_HOME; the
/// user's is never touched): first empty (cold: every thumbnail decoded and written), then
/// with what the first run wrote (warm: read from the shared thumbnail cache).
@MainActor
enum FolderBenchmark {
    static let folders = 10, perFolder = 1000
    static let flingSeconds = 3.0

    static func run(arguments: [String]) {
        let dir = arguments.first ?? "/tmp/cv-bench-folder-10000"
        guard makeFolder(dir) else { exit(1) }
        let bin = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let gallery = bin.appendingPathComponent("gallery").path
        guard FileManager.default.isExecutableFile(atPath: gallery) else {
            print("build the gallery next to the benchmark first: swift build -c release")
            exit(1)
        }
        print("Folder benchmark: \(folders * perFolder) JPEGs of 1600x1200 in \(folders) subfolders (\(dir)), fling \(flingSeconds) s each way")
        print("renderer: \(ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "default")")
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("cv-bench-folder-cache-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        for round in 1...2 {
            // The first round reads the files from disk into the page cache; the second is warm.
            try? FileManager.default.removeItem(atPath: cache)
            for thumbnails in ["cold", "warm"] {
                // Its own app id: a gallery already running in the session must not take the folder.
                let lines = runProcess(gallery, [dir, "--gapplication-app-id=io.github.collectionview.GalleryBench"],
                                       environment: ["GALLERY_LOG": "1", "GALLERY_BENCH_FLING": "\(flingSeconds)", "XDG_CACHE_HOME": cache],
                                       until: { $0.hasPrefix("fling up") }, timeout: 90)
                func field(_ prefix: String) -> String { lines.first { $0.hasPrefix(prefix) } ?? "(missing)" }
                print("round \(round) collection view (gallery, thumbnails), \(thumbnails) thumbnail cache:")
                print("  " + field("opened "))
                print("  " + field("first-screen"))
                print("  " + field("fling down"))
                print("  " + field("fling up"))
            }
            let gtk = runProcess(CommandLine.arguments[0], ["folder-gtk", dir], environment: [:], until: { $0.hasPrefix("RESULT") }, timeout: 90)
            print("round \(round) GtkGridView (names only, no pictures):")
            for line in gtk where line.hasPrefix("RESULT") { print("  " + line.dropFirst(7)) }
        }
    }

    /// GtkGridView over the folder's models: first screen, then the same fling, in this process.
    static func runGtk(dir: String) {
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
        let vadjustment = gtk_scrolled_window_get_vadjustment(scrolled.opaque)!
        var leg = 0
        var begun: Double?, last: Double?
        var worst = [0.0, 0.0]
        Tick.add(window) { _ in
            let t0 = now()
            if let last { worst[leg] = max(worst[leg], t0 - last) }
            last = t0
            begun = begun ?? t0
            let end = gtk_adjustment_get_upper(vadjustment) - gtk_adjustment_get_page_size(vadjustment)
            let t = min(1, (t0 - begun!) / flingSeconds)
            let eased = 1 - (1 - t) * (1 - t)
            gtk_adjustment_set_value(vadjustment, leg == 0 ? end * eased : end * (1 - eased))
            guard t >= 1 else { return true }
            leg += 1
            begun = nil
            last = nil
            return leg < 2
        }
        while leg < 2 { g_main_context_iteration(nil, 1) }
        print("RESULT items=\(g_list_model_get_n_items(model)) first-screen ms=\(Int((firstScreen! - start) * 1000)) "
              + "fling worstMs down=\(Int(worst[0] * 1000)) up=\(Int(worst[1] * 1000)) rssKB=\(residentBytes() / 1024)")
    }

    /// Makes the folder once: five 1600x1200 JPEGs of noise (so decoding costs what a photo
    /// does) and 10,000 hard links to them.
    static func makeFolder(_ dir: String) -> Bool {
        let last = (dir as NSString).appendingPathComponent(String(format: "set-%02d/photo-%d.jpg", folders, perFolder))
        if FileManager.default.fileExists(atPath: last) { return true }
        let sources = (dir as NSString).appendingPathComponent(".sources")
        try? FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        var rng = UInt64(42)
        for s in 0..<5 {
            let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 1600, 1200)!
            let pixels = gdk_pixbuf_get_pixels(pixbuf)!
            let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
            for y in 0..<1200 {
                for x in 0..<1600 {
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
            var values: [UnsafeMutablePointer<CChar>?] = [strdup("85"), nil]
            let ok = gdk_pixbuf_savev(pixbuf, (sources as NSString).appendingPathComponent("\(s).jpg"), "jpeg", &keys, &values, &error)
            keys.forEach { free($0) }
            values.forEach { free($0) }
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            if ok == 0 { print("cannot write the source JPEGs: \(error.map { String(cString: $0.pointee.message) } ?? "")"); return false }
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

    /// Runs a program and collects its output lines until `until` matches one (then stops it).
    static func runProcess(_ path: String, _ arguments: [String], environment: [String: String], until: @escaping (String) -> Bool,
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
            if lines.contains(where: until) || !process.isRunning { break }
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
