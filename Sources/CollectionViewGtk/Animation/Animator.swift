import CGtk
import GtkGlue
import CollectionLayout

/// Moves views between attributes on one tween (`CollectionView.animation`). Each track takes
/// one view from where it is to where it goes; a retiring view is queued by the element owner
/// when its track ends. A new animation cuts the running one short: its completions get false,
/// its retiring views go on from where they are, and nothing jumps.
@MainActor
final class Animator {
    struct Track {
        let view: ReusableView
        let from: LayoutAttributes
        let to: LayoutAttributes
        /// The view retires at the end (its element went, or left the prepared area).
        let removeAtEnd: Bool
    }

    private weak var collectionView: CollectionView?
    private(set) var tracks: [ObjectIdentifier: Track] = [:]
    private var tween: Tween?
    private var completions: [(Bool) -> Void] = []
    /// Holds the clock still (tests that step the animation by hand and look at it).
    package var paused = false { didSet { tween?.paused = paused } }

    init(collectionView: CollectionView) { self.collectionView = collectionView }

    var isRunning: Bool { !tracks.isEmpty }

    func isAnimating(_ view: ReusableView) -> Bool { tracks[ObjectIdentifier(view)] != nil }

    /// Starts a new animation of `newTracks`.
    func animate(_ newTracks: [Track], animated: Bool = true, completion: ((Bool) -> Void)?) {
        guard let collectionView else { return }
        var all: [ObjectIdentifier: Track] = [:]
        for track in tracks.values where track.removeAtEnd {  // still retiring: on from where it is
            all[ObjectIdentifier(track.view)] = Track(view: track.view, from: track.view.appliedAttributes ?? track.from, to: track.to, removeAtEnd: true)
        }
        for track in newTracks { all[ObjectIdentifier(track.view)] = track }
        let cut = completions
        completions = completion.map { [$0] } ?? []
        tracks = all
        tween?.stop()
        let tween = Tween(on: collectionView.viewport, collectionView.animation,
                          frame: { [weak self] e in self?.step(e) },
                          end: { [weak self] finished in if finished { self?.finish() } })
        self.tween = tween
        tween.paused = paused
        Self.complete(cut, false, in: collectionView)
        tween.begin(animated: animated && collectionView.animationsEnabled)
    }

    /// Shows every view at fraction `e` of its track.
    func step(_ e: Double) {
        guard let collectionView else { return }
        collectionView.work.run {
            for track in tracks.values {
                collectionView.elements.present(track.from.interpolated(to: track.to, fraction: e), on: track.view)
            }
        }
        gtk_widget_queue_allocate(collectionView.viewport)
    }

    /// Jumps every track to its end, retires the views that went, and calls the completions
    /// after the current call has returned, as UIKit does.
    func finish() {
        guard let collectionView else { return }
        let (ending, done) = stop()
        collectionView.work.run {
            for track in ending {
                collectionView.elements.present(track.to, on: track.view)
                if track.removeAtEnd { collectionView.elements.finishRetiring(track.view) }
            }
        }
        // Views measured themselves on the way (the layout took it, the animation did not):
        // the next pass asks the layout for the whole area again.
        if collectionView.installedLayout.selfSizingAxis != nil { collectionView.elements.invalidateArea() }
        gtk_widget_queue_allocate(collectionView.viewport)
        if !done.isEmpty {
            Async.onMain { [weak collectionView] in
                guard let collectionView else { return }
                Self.complete(done, true, in: collectionView)
            }
        }
    }

    /// Drops a view's track (the view left some other way).
    func forget(_ view: ReusableView) { tracks[ObjectIdentifier(view)] = nil }

    /// Stops without moving anything further: completions get false (a reload cut it short).
    func cancel() {
        guard let collectionView else { return }
        let (ending, cut) = stop()
        collectionView.work.run {
            for track in ending where track.removeAtEnd { collectionView.elements.finishRetiring(track.view) }
        }
        Self.complete(cut, false, in: collectionView)
    }

    /// Stops the tween and hands over the tracks and completions. Taken before anything else
    /// happens: a batch that didEndDisplaying asks for starts a new animation while the views
    /// retire, and must neither find these tracks nor cut these completions.
    private func stop() -> (tracks: [Track], completions: [(Bool) -> Void]) {
        let taken = (Array(tracks.values), completions)
        tracks = [:]
        completions = []
        tween?.stop()
        tween = nil
        return taken
    }

    /// Completions are app code: they run as a busy operation, so what they ask for runs after.
    private static func complete(_ completions: [(Bool) -> Void], _ finished: Bool, in collectionView: CollectionView) {
        guard !completions.isEmpty else { return }
        collectionView.work.run { completions.forEach { $0(finished) } }
    }
}
