import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk

/// For `collection-bench viewer`: with GALLERY_BENCH_VIEWER (and GALLERY_LOG), once the first
/// screen of thumbnails shows, the gallery measures its viewer and logs `bench viewer ...`
/// lines: the opening transition frame by frame (the main thread's CPU per frame and the
/// intervals), the first photo's arrival, paging at one photo a second (whether each page
/// showed its decoded picture when it settled), the return, and resident memory while paging
/// through every photo as fast as they decode. GALLERY_BENCH_VIEWER=N pages through N photos
/// only in that last part.
@MainActor
enum BenchViewer {
    static var enabled: Bool { getenv("GALLERY_BENCH_VIEWER") != nil }
    static var memoryPages: Int? { getenv("GALLERY_BENCH_VIEWER").flatMap { Int(String(cString: $0)) }.flatMap { $0 > 1 ? $0 : nil } }
    static let turns = 20

    static func start(_ gallery: GalleryWindow) {
        guard GalleryLog.enabled, enabled else { return }
        // The thumbnails around the first screen settle first (their decoding is not the viewer's).
        Async.after(milliseconds: 1500) { open(gallery) }
    }

    private static func open(_ gallery: GalleryWindow) {
        let viewer = gallery.viewer!
        let first = IndexPath(item: 0, section: 0)
        let started = now()
        measureTransition(gallery, "open", start: { viewer.open(at: first) }) {
            waitFor({ viewer.isOpen && viewer.shownCell.map { $0.showsFullPicture } == true }, timeout: 20) { ok in
                GalleryLog.event("bench viewer first-photo ms=\(Int((now() - started) * 1000))\(ok ? "" : " (not shown in 20 s)")")
                page(gallery, turn: 0, decoded: 0, thumbnailOnly: 0, blank: 0, cpu: [])
            }
        }
    }

    /// One turn a second; each page is looked at when it settles.
    private static func page(_ gallery: GalleryWindow, turn: Int, decoded: Int, thumbnailOnly: Int, blank: Int, cpu: [Double]) {
        let viewer = gallery.viewer!
        guard turn < turns, let from = viewer.shownItem.flatMap({ viewer.layout.page(of: $0) }), from + 1 < viewer.layout.pageCount else {
            GalleryLog.event("bench viewer paging turns=\(turn) interval=1s decodedOnArrival=\(decoded) thumbnailOnly=\(thumbnailOnly) blank=\(blank) "
                + "turnCpu \(figures(cpu))")
            Async.after(milliseconds: 500) { close(gallery) }
            return
        }
        let target = viewer.layout.indexPath(forPage: from + 1)
        let began = now()
        var frames: [Double] = []
        sampleFrames(gallery, into: { frames.append($0) }, while: { viewer.shownItem != target })
        viewer.turn(by: 1)
        waitFor({ viewer.shownItem == target }, timeout: 5) { _ in
            let cell = viewer.shownCell
            let full = cell?.showsFullPicture == true
            let thumbnail = !full && cell?.showsThumbnail == true
            let rest = max(0, 1.0 - (now() - began))
            Async.after(milliseconds: UInt32(rest * 1000)) {
                page(gallery, turn: turn + 1, decoded: decoded + (full ? 1 : 0), thumbnailOnly: thumbnailOnly + (thumbnail ? 1 : 0),
                     blank: blank + (full || thumbnail ? 0 : 1), cpu: cpu + frames)
            }
        }
    }

    private static func close(_ gallery: GalleryWindow) {
        let viewer = gallery.viewer!
        measureTransition(gallery, "return", start: { viewer.close() }) {
            waitFor({ !viewer.isOpen }, timeout: 5) { _ in
                Async.after(milliseconds: 500) { memory(gallery) }
            }
        }
    }

    /// Every photo in turn, each as soon as the one before shows its decoded picture (or said
    /// why not): resident memory after each.
    private static func memory(_ gallery: GalleryWindow) {
        let viewer = gallery.viewer!
        viewer.open(at: IndexPath(item: 0, section: 0))
        waitFor({ viewer.isOpen }, timeout: 10) { _ in
            let count = min(memoryPages ?? Int.max, viewer.layout.pageCount)
            let startKB = FrameStats.residentKB()
            let started = now()
            var peakKB = startKB
            var peakCachedKB = 0
            var slow = 0
            @MainActor func next(_ page: Int) {
                guard page < count else {
                    let loader = viewer.photos.loader
                    GalleryLog.event("bench viewer memory pages=\(count) seconds=\(Int(now() - started)) startRssKB=\(startKB) peakRssKB=\(peakKB) "
                        + "endRssKB=\(FrameStats.residentKB()) endOwnKB=\(FrameStats.anonymousKB()) cacheCapKB=\(loader.capacityBytes / 1024) "
                        + "peakCachedKB=\(peakCachedKB) decoded=\(loader.decoded) slowPages=\(slow)")
                    GalleryLog.event("bench viewer done")
                    return
                }
                viewer.go(toPage: page)
                let item = viewer.layout.indexPath(forPage: page)
                waitFor({ viewer.shownItem == item && viewer.shownCell?.showsFullPicture == true }, timeout: 5) { ok in
                    if !ok { slow += 1 }
                    peakKB = max(peakKB, FrameStats.residentKB())
                    peakCachedKB = max(peakCachedKB, viewer.photos.loader.cachedBytes / 1024)
                    if page % 100 == 0 { GalleryLog.event("bench viewer progress page=\(page) rssKB=\(FrameStats.residentKB())") }
                    next(page + 1)
                }
            }
            next(1)
        }
    }

    // MARK: Measuring

    /// Runs `start` and measures every frame until the transition it starts has ended, then
    /// logs the figures and calls `then`.
    private static func measureTransition(_ gallery: GalleryWindow, _ name: String, start: () -> Void, then: @escaping () -> Void) {
        let cv = gallery.collectionView
        var cpu: [Double] = []
        var intervals: [Double] = []
        let began = now()
        sampleFrames(gallery, into: { cpu.append($0) }, intervals: { intervals.append($0) }, while: { cv.transitionLayout != nil || now() - began < 0.05 })
        start()
        waitFor({ cv.transitionLayout == nil && now() - began > 0.05 }, timeout: 10) { _ in
            GalleryLog.event("bench viewer \(name) ms=\(Int((now() - began) * 1000)) frameCpu \(figures(cpu)) interval \(figures(intervals))")
            if getenv("GALLERY_BENCH_FRAMES") != nil { GalleryLog.event("bench viewer \(name) each " + cpu.map { String(format: "%.1f", $0 * 1000) }.joined(separator: " ")) }
            then()
        }
    }

    /// The main thread's CPU time between frames (what each frame cost it) while `condition`
    /// holds, from the frame clock's ticks.
    private static func sampleFrames(_ gallery: GalleryWindow, into cpu: @escaping (Double) -> Void, intervals: ((Double) -> Void)? = nil,
                                     while condition: @escaping () -> Bool) {
        var lastCPU = threadCPUSeconds()
        var lastTime = now()
        Tick.add(gallery.collectionView.widget) { _ in
            let c = threadCPUSeconds(), t = now()
            cpu(c - lastCPU)
            intervals?(t - lastTime)
            lastCPU = c
            lastTime = t
            return condition()
        }
    }

    private static func waitFor(_ condition: @escaping () -> Bool, timeout: Double, then: @escaping (Bool) -> Void) {
        let deadline = now() + timeout
        Async.every(milliseconds: 10) {
            if condition() { then(true); return false }
            if now() > deadline { then(false); return false }
            return true
        }
    }

    private static func figures(_ values: [Double]) -> String {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return "frames=0" }
        func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
        return "frames=\(sorted.count) p50Ms=\(ms(sorted[sorted.count / 2])) p95Ms=\(ms(sorted[Int(Double(sorted.count - 1) * 0.95)])) worstMs=\(ms(sorted.last!))"
    }

    private static func now() -> Double { Double(g_get_monotonic_time()) / 1e6 }

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
