import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk

/// For `collection-bench folder`: with GALLERY_BENCH_FLING=SECONDS (and GALLERY_LOG), once the
/// first screen of thumbnails shows, the view is flung to the end and back, each way in
/// SECONDS, through its scroll offset frame by frame (what kinetic scrolling does), and the
/// figures are logged: the worst interval between frames, and resident memory after.
@MainActor
enum BenchFling {
    static var seconds: Double? {
        getenv("GALLERY_BENCH_FLING").flatMap { Double(String(cString: $0)) }
    }

    static func start(_ gallery: GalleryWindow) {
        guard GalleryLog.enabled, let seconds else { return }
        let cv = gallery.collectionView
        let end = max(0, cv.contentSize.height - cv.bounds.size.height)
        var startTime: Double?
        var last: Double?
        var intervals: [Double] = []
        // The frame clock's own times: GTK paces them to the display, so an interval there is
        // one refresh when the frame was on time and two or more when one was missed, without
        // the wake-up jitter of the timer that drives frames under Xvfb.
        var lastClock: Double?
        var clockIntervals: [Double] = []
        var leg = 0  // 0 down, 1 up
        var cpuStart = threadCPUSeconds()
        Tick.add(cv.widget) { clock in
            let now = Double(g_get_monotonic_time()) / 1e6
            if let last { intervals.append(now - last) }
            if let lastClock { clockIntervals.append(clock - lastClock) }
            last = now
            lastClock = clock
            let begun = startTime ?? now
            startTime = begun
            // Ease out, as a fling slows down.
            let t = min(1, (now - begun) / seconds)
            let eased = 1 - (1 - t) * (1 - t)
            cv.contentOffset = Point(x: 0, y: leg == 0 ? end * eased : end * (1 - eased))
            guard t >= 1 else { return true }
            report(leg == 0 ? "down" : "up", intervals, clockIntervals, cpu: threadCPUSeconds() - cpuStart, gallery)
            cpuStart = threadCPUSeconds()
            intervals.removeAll()
            clockIntervals.removeAll()
            leg += 1
            startTime = nil
            last = nil
            lastClock = nil
            return leg < 2
        }
    }

    /// CPU time of the calling (main) thread: what a frame costs the UI thread, whatever else
    /// the machine runs.
    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func report(_ leg: String, _ intervals: [Double], _ clockIntervals: [Double], cpu: Double, _ gallery: GalleryWindow) {
        let sorted = intervals.sorted()
        let p95 = sorted.isEmpty ? 0 : sorted[Int(Double(sorted.count - 1) * 0.95)]
        let clockSorted = clockIntervals.sorted()
        let clockP95 = clockSorted.isEmpty ? 0 : clockSorted[Int(Double(clockSorted.count - 1) * 0.95)]
        let missed = clockIntervals.filter { $0 > 0.025 }.count
        let loader = gallery.thumbnails
        let cpuPerFrame = sorted.isEmpty ? 0 : cpu / Double(sorted.count) * 1000
        func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
        GalleryLog.event("fling \(leg) frames=\(sorted.count) p50Ms=\(ms(sorted.isEmpty ? 0 : sorted[sorted.count / 2])) p95Ms=\(ms(p95)) "
            + "worstMs=\(ms(sorted.last ?? 0)) clockP95Ms=\(ms(clockP95)) missed=\(missed) "
            + "mainCpuMsPerFrame=\(String(format: "%.1f", cpuPerFrame)) "
            + "rssKB=\(FrameStats.residentKB()) ownKB=\(FrameStats.anonymousKB()) cached=\(loader.cache.count) cacheKB=\(loader.cache.bytes / 1024) "
            + "capKB=\(loader.cache.capacityBytes / 1024) decoded=\(loader.decoded) shared=\(loader.fromSharedCache) cancelled=\(loader.cancelled)")
    }
}
