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
        // Every half second, quietly unless something is wrong.
        Async.every(milliseconds: 500) { [weak self] in
            guard let self else { return false }
            self.checkViews(quiet: true)
            return true
        }
        Async.every(milliseconds: 30) { [weak self] in
            guard let self else { return false }
            self.sample()
            return true
        }
    }

    private func name(_ layout: CollectionViewLayout?, in gallery: GalleryWindow) -> String {
        guard let layout else { return "none" }
        if layout === gallery.viewer.layout { return "viewer" }
        return gallery.layouts.first { $0.value === layout }?.key.rawValue ?? "other"
    }

    /// The collection view's own checks of its views against GTK's widget tree (visible,
    /// retiring, held and queued views; reading and drawing order), and whether the installed
    /// layout is the one the gallery thinks it shows. Quiet: only a problem is logged.
    func checkViews(quiet: Bool = false) {
        guard let gallery else { return }
        let problems = gallery.collectionView.elementInvariantViolations()
        if !problems.isEmpty || !quiet {
            GalleryLog.event(problems.isEmpty ? "views consistent" : "views inconsistent: " + problems.prefix(3).joined(separator: "; "))
        }
        let installed = gallery.collectionView.collectionViewLayout
        // (A transition, or the pinch's just ended, which the next sample takes in; or a layout
        // swap's animation, which may close the viewer at its end.)
        if gallery.collectionView.transitionLayout == nil, transitionTarget == nil, !gallery.collectionView.isAnimatingUpdates, installed !== (gallery.viewer.isOpen ? gallery.viewer.layout : gallery.layouts[gallery.currentLayout]) {
            GalleryLog.event("layout inconsistent: shows \(name(installed, in: gallery)), the gallery says \(gallery.currentLayout.rawValue)")
        }
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
            checkViews()
        }
        let o = cv.contentOffset
        if let offset, abs(offset.x - o.x) < 0.5, abs(offset.y - o.y) < 0.5 { return }
        offset = o
        GalleryLog.event("offset x=\(Int(o.x.rounded())) y=\(Int(o.y.rounded())) t=\(g_get_monotonic_time() / 1000)")
    }
}
