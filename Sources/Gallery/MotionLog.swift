import CGtk
import GtkGlue
import CollectionViewGtk
import CollectionLayout

/// With GALLERY_LOG and GALLERY_LOG_MOTION set, what a touch test needs to see move, sampled
/// every 30 ms: an interactive transition's start, progress and end (a pinch), and the content
/// offset (a drag and the kinetic scrolling after it). A pinch that finishes installs the other
/// layout behind the gallery's back, so the gallery follows it here too (currentLayout).
@MainActor
final class MotionLog {
    private weak var gallery: GalleryWindow?
    private var transitionTarget: String?
    private var progress = -1.0
    private var offset: Point?

    static let enabled = GalleryLog.enabled && getenv("GALLERY_LOG_MOTION") != nil

    init?(gallery: GalleryWindow) {
        guard Self.enabled else { return nil }
        self.gallery = gallery
        Async.every(milliseconds: 30) { [weak self] in
            guard let self else { return false }
            self.sample()
            return true
        }
    }

    private func name(_ layout: CollectionViewLayout?, in gallery: GalleryWindow) -> String {
        guard let layout else { return "none" }
        return gallery.layouts.first { $0.value === layout }?.key.rawValue ?? "other"
    }

    private func sample() {
        guard let gallery else { return }
        let cv = gallery.collectionView
        if let transition = cv.transitionLayout {
            if transitionTarget == nil {
                transitionTarget = name(transition.nextLayout, in: gallery)
                GalleryLog.event("transition start from=\(name(transition.currentLayout, in: gallery)) to=\(transitionTarget!)")
                progress = -1
            }
            let p = transition.transitionProgress
            if abs(p - progress) >= 0.02 {
                progress = p
                GalleryLog.event("transition progress=\(String(format: "%.2f", p))")
            }
        } else if transitionTarget != nil {
            transitionTarget = nil
            let installed = name(cv.collectionViewLayout, in: gallery)
            GalleryLog.event("transition end layout=\(installed)")
            if let layout = GalleryLayout(rawValue: installed), layout != gallery.currentLayout {
                gallery.currentLayout = layout
                gallery.settings?.set("layout", layout.rawValue)
            }
        }
        let o = cv.contentOffset
        if let offset, abs(offset.x - o.x) < 0.5, abs(offset.y - o.y) < 0.5 { return }
        offset = o
        GalleryLog.event("offset x=\(Int(o.x.rounded())) y=\(Int(o.y.rounded())) t=\(g_get_monotonic_time() / 1000)")
    }
}
