import CGtk
import GtkGlue
import Foundation

/// `collection-bench viewer [DIR] [--photos N]`: the gallery's photo viewer on a folder of
/// 24-megapixel JPEGs (1,000 by default, hard links to four decoded-for-real sources), in a
/// 1000x800 window. The gallery drives itself (GALLERY_BENCH_VIEWER) once its first screen
/// shows, and logs what it measured:
/// - the opening transition (grid to the first photo) and the return, frame by frame: the main
///   thread's CPU per frame (p50, p95, worst) and the intervals between frames;
/// - paging at one photo a second through the first photos: how many pages showed their decoded
///   picture when the page turn settled, and how many showed only the thumbnail or nothing;
/// - paging through every photo as fast as they decode: resident memory (peak and at the end)
///   against the viewer's cap for full-size pictures.
/// In the same run, the reference GTK offers for a photo viewer: a GtkPicture showing each photo
/// decoded by GdkPixbuf at the window's size (`gdk_pixbuf_new_from_file_at_scale`, on the main
/// thread as GtkPicture's own file loading does), paged through the same photos: the time per
/// photo and resident memory.
@MainActor
enum ViewerBenchmark {
    static let width = 6000, height = 4000
    static let sources = 4

    static func run(arguments: [String]) {
        var photos = 1000
        var positional: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--photos", let n = rest.popFirst().flatMap({ Int($0) }), n >= 2 {
                photos = n
            } else {
                positional.append(argument)
            }
        }
        let dir = positional.first ?? "/tmp/cv-bench-viewer-\(photos)"
        guard makeFolder(dir, photos: photos) else { exit(1) }
        let bin = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let gallery = bin.appendingPathComponent("gallery").path
        guard FileManager.default.isExecutableFile(atPath: gallery) else {
            print("build the gallery next to the benchmark first: swift build -c release")
            exit(1)
        }
        print("Viewer benchmark: \(photos) JPEGs of \(width)x\(height) (\(width * height / 1_000_000) megapixels) in \(dir), window 1000x800")
        print("renderer: \(ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "default")")
        let cache = (dir as NSString).appendingPathComponent(".bench-cache")
        for round in 1...2 {
            try? FileManager.default.removeItem(atPath: cache)
            let lines = runGallery(gallery, dir: dir, cache: cache)
            print("round \(round) collection view (gallery viewer):")
            let measured = lines.filter { $0.hasPrefix("bench viewer ") }
            if measured.isEmpty { print("  (no figures; last lines: \(lines.suffix(4)))") }
            for line in measured { print("  " + line.dropFirst("bench viewer ".count)) }
            let gtk = FolderBenchmark.runProcess(CommandLine.arguments[0], ["viewer-gtk", dir, "\(min(photos, 200))"], environment: [:],
                                                 until: { $0.hasPrefix("RESULT") }, timeout: 600)
            print("round \(round) GtkPicture + GdkPixbuf at the window's size (GTK's own):")
            for line in gtk where line.hasPrefix("RESULT") { print("  " + line.dropFirst(7)) }
        }
    }

    /// The gallery on `dir` in a 1000x800 window (its settings in a keyfile of the benchmark's
    /// own), measuring itself, until it logs that it is done.
    static func runGallery(_ gallery: String, dir: String, cache: String) -> [String] {
        let config = (cache as NSString).appendingPathComponent("config")
        let folder = (config as NSString).appendingPathComponent("glib-2.0/settings")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? "[io/github/collectionview/Gallery]\nwindow-width=1000\nwindow-height=800\n"
            .write(toFile: (folder as NSString).appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
        let environment = ["GALLERY_LOG": "1", "XDG_CACHE_HOME": cache, "GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config,
                           "GALLERY_BENCH_VIEWER": "1"]
        return FolderBenchmark.runProcess(gallery, [dir, "--gapplication-app-id=io.github.collectionview.GalleryBench"], environment: environment,
                                          until: { $0.hasPrefix("bench viewer done") || $0.hasPrefix("bench viewer failed") }, timeout: 1800)
    }

    /// GTK's own: a GtkPicture in a 1000x800 window showing `count` photos in turn, each decoded
    /// by GdkPixbuf at the window's size on the main thread; the time each takes to show and
    /// resident memory.
    static func runGtk(dir: String, count: Int) {
        gtk_init()
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.as(GtkWindow.self), 1000, 800)
        let picture = gtk_picture_new()!
        gtk_window_set_child(window.as(GtkWindow.self), picture)
        gtk_window_present(window.as(GtkWindow.self))
        let paths = photoPaths(dir).prefix(count)
        var times: [Double] = []
        var peak = 0
        let clock = gtk_widget_get_frame_clock(window)!
        var painted = 0
        Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") { painted += 1 }
        for path in paths {
            let start = now()
            var error: UnsafeMutablePointer<GError>?
            guard let pixbuf = gdk_pixbuf_new_from_file_at_scale(path, 1000, 800, 1, &error) else {
                print("RESULT cannot decode \(path): \(error.map { String(cString: $0.pointee.message) } ?? "")")
                return
            }
            let texture = gdk_texture_new_for_pixbuf(pixbuf)!
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            gtk_picture_set_paintable(picture.opaque, texture)
            g_object_unref(UnsafeMutableRawPointer(texture))
            let before = painted
            while painted == before { g_main_context_iteration(nil, 1) }
            times.append(now() - start)
            peak = max(peak, residentBytes() / 1024)
        }
        print("RESULT photos=\(times.count) perPhoto \(FolderBenchmark.figures(times)) peakRssKB=\(peak) endRssKB=\(residentBytes() / 1024)")
    }

    static func photoPaths(_ dir: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix(".jpg") }.sorted().map { (dir as NSString).appendingPathComponent($0) }
    }

    /// Makes the folder once: four 6000x4000 JPEGs of noisy gradients (decoding costs what a
    /// camera's photo does) and `photos` hard links to them, photo-0001.jpg on.
    static func makeFolder(_ dir: String, photos: Int) -> Bool {
        let last = (dir as NSString).appendingPathComponent(String(format: "photo-%04d.jpg", photos))
        if FileManager.default.fileExists(atPath: last) { return true }
        let sourceDir = (dir as NSString).appendingPathComponent(".sources")
        try? FileManager.default.createDirectory(atPath: sourceDir, withIntermediateDirectories: true)
        print("making \(sources) sources of \(width)x\(height) and \(photos) links in \(dir)…")
        for s in 0..<sources {
            let source = (sourceDir as NSString).appendingPathComponent("\(s).jpg")
            if FileManager.default.fileExists(atPath: source) { continue }
            if let problem = FolderBenchmark.writeNoisyJPEG(source, width: width, height: height, variant: s, quality: 90) {
                print("cannot write the source JPEGs: \(problem)")
                return false
            }
        }
        for i in 1...photos {
            let source = (sourceDir as NSString).appendingPathComponent("\(i % sources).jpg")
            let target = (dir as NSString).appendingPathComponent(String(format: "photo-%04d.jpg", i))
            if !FileManager.default.fileExists(atPath: target) { link(source, target) }
        }
        return true
    }
}
