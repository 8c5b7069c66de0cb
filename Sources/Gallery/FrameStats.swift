import CGtk
import GtkGlue
import CollectionViewGtk
import Foundation

/// With GALLERY_LOG set, the intervals between the frames the window paints, logged every two
/// seconds: what "stays smooth" means, measured. Passive (the frame clock's after-paint), so it
/// asks for no frames itself; pauses longer than a quarter second are idle time, not frames.
@MainActor
final class FrameStats {
    private var last: Double?
    private var intervals: [Double] = []
    private var reported = 0.0

    private weak var gallery: GalleryWindow?

    init?(window: WidgetPointer, gallery: GalleryWindow) {
        guard GalleryLog.enabled, let clock = gtk_widget_get_frame_clock(window) else { return nil }
        self.gallery = gallery
        Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in self?.painted() }
        // Live widgets and memory every two seconds, painted frames or not (the soak reads
        // them). A GLib timeout, not a tick callback: a tick callback would keep the frame clock
        // painting sixty times a second for nothing.
        Async.every(milliseconds: 2000) { [weak self] in
            guard let self else { return false }
            self.health()
            return true
        }
    }

    private func health() {
        guard let gallery else { return }
        let stats = gallery.collectionView.reuseStatistics
        GalleryLog.event("health widgets=\(Self.count(gallery.collectionView.widget)) views=\(stats.created) shown=\(stats.visible) queued=\(stats.queued) rssKB=\(Self.residentKB()) tileKB=\(gallery.collectionView.tileCacheStatistics.bytes / 1024) tileChoice=\(Self.tileChoice(gallery.collectionView))")
    }

    /// What the tile cache draws through: "tiles", "direct" (chosen by measuring), "trying" or "off".
    static func tileChoice(_ view: CollectionView) -> String {
        switch view.tileCacheMode {
        case .off: "off"
        case .on: "tiles"
        case .automatic: view.tileCacheChoice.choices == 0 ? "trying" : view.tileCacheChoice.drawsDirectly ? "direct" : "tiles"
        }
    }

    static func count(_ widget: WidgetPointer) -> Int {
        var n = 1
        var child = gtk_widget_get_first_child(widget)
        while let c = child { n += count(c); child = gtk_widget_get_next_sibling(c) }
        return n
    }

    static func residentKB() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    /// Of the resident memory, what is the process's own (the heap, thread stacks, pixels)
    /// rather than pages of libraries and files it maps (statm: resident less shared).
    static func anonymousKB() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ").compactMap { Int($0) }
        guard fields.count > 2 else { return 0 }
        return (fields[1] - fields[2]) * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    private func painted() {
        let now = Double(g_get_monotonic_time()) / 1e6
        if let last, now - last < 0.25 { intervals.append(now - last) }
        last = now
        if now - reported >= 2, intervals.count >= 10 {
            reported = now
            let s = intervals.sorted()
            func ms(_ p: Double) -> String { String(format: "%.1f", s[min(s.count - 1, Int(Double(s.count - 1) * p))] * 1000) }
            GalleryLog.event("frames n=\(s.count) p50=\(ms(0.5))ms p95=\(ms(0.95))ms p99=\(ms(0.99))ms max=\(ms(1))ms over50ms=\(s.filter { $0 > 0.05 }.count)")
            intervals.removeAll(keepingCapacity: true)
        }
    }
}
