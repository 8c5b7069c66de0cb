import CGtk
import GtkGlue
import CollectionLayout

/// Moves views between attributes on one tween (`CollectionView.animation`). Each track takes
/// one view from where it is to where it goes; a retiring view is queued by the element owner
/// when its track ends. A new animation cuts the running one short: its completions get false,
/// its retiring views go on from where they are, and nothing jumps. A retiring view keeps its
/// own end, though: it arrives when the animation that retired it would have ended, so
/// animations that cut each other short faster than they last (layout swaps in a row) do not
/// keep ever more views alive.
@MainActor
final class Animator {
    struct Track {
        let view: ReusableView
        let from: LayoutAttributes
        let to: LayoutAttributes
        /// The view retires at the end (its element went, or left the prepared area).
        let removeAtEnd: Bool
        /// A retiring track carried into a later animation: it runs on its own clock from
        /// `carriedAt` to `deadline` (monotonic seconds), the end of the animation that began it.
        var carriedAt: Double? = nil
        var deadline: Double? = nil
    }

    private weak var collectionView: CollectionView?
    /// The owner of the views it moves: each frame is a plan for it.
    private let owner: ElementOwner
    private(set) var tracks: [ObjectIdentifier: Track] = [:]
    private var tween: Tween?
    private var completions: [(Bool) -> Void] = []
    /// When the running animation began and how long it lasts: where its retiring views end.
    private var startedAt = 0.0, duration = 0.0
    /// Holds the clock still (tests that step the animation by hand and look at it).
    package var paused = false { didSet { tween?.paused = paused } }

    init(collectionView: CollectionView, owner: ElementOwner) {
        self.collectionView = collectionView
        self.owner = owner
    }

    var isRunning: Bool { !tracks.isEmpty }

    func isAnimating(_ view: ReusableView) -> Bool { tracks[ObjectIdentifier(view)] != nil }

    /// Starts a new animation of `newTracks`.
    func animate(_ newTracks: [Track], animated: Bool = true, completion: ((Bool) -> Void)?) {
        guard let collectionView else { return }
        var all: [ObjectIdentifier: Track] = [:]
        var due: [Track] = []
        let now = Self.now()
        for track in tracks.values where track.removeAtEnd {  // still retiring: on from where it is, to its own end
            let deadline = track.deadline ?? startedAt + duration
            guard deadline > now, !paused else {
                due.append(track)
                continue
            }
            all[ObjectIdentifier(track.view)] = Track(view: track.view, from: track.view.appliedAttributes ?? track.from, to: track.to,
                                                      removeAtEnd: true, carriedAt: now, deadline: deadline)
        }
        startedAt = now
        duration = collectionView.animationsEnabled && animated ? collectionView.animation.duration : 0
        for track in newTracks { all[ObjectIdentifier(track.view)] = track }
        let cut = completions
        completions = completion.map { [$0] } ?? []
        tracks = all
        tween?.stop()
        if !due.isEmpty { retire(due) }
        let tween = Tween(on: collectionView.viewport, collectionView.animation,
                          frame: { [weak self] e in self?.step(e) },
                          end: { [weak self] finished in if finished { self?.finish() } })
        self.tween = tween
        tween.paused = paused
        Self.complete(cut, false, in: collectionView)
        tween.begin(animated: animated && collectionView.animationsEnabled)
    }

    /// Shows every view at fraction `e` of its track (a carried retiring view at its own
    /// fraction, retired when it reaches its end).
    func step(_ e: Double) {
        guard let collectionView else { return }
        let now = Self.now()
        var due: [Track] = []
        var shown: [(view: ReusableView, attributes: LayoutAttributes)] = []
        shown.reserveCapacity(tracks.count)
        for track in tracks.values {
            var fraction = e
            if let start = track.carriedAt, let end = track.deadline, !paused {
                fraction = end > start ? min(1, (now - start) / (end - start)) : 1
                if fraction >= 1 { due.append(track) }
            }
            shown.append((track.view, track.from.interpolated(to: track.to, fraction: fraction)))
        }
        ensure(.frame(show: shown, retire: []), in: collectionView)
        if !due.isEmpty { retire(due) }
        gtk_widget_queue_allocate(collectionView.viewport)
    }

    /// Retiring views whose time is up: at their end, then queued.
    private func retire(_ due: [Track]) {
        guard let collectionView else { return }
        for track in due { tracks[ObjectIdentifier(track.view)] = nil }
        ensure(.frame(show: due.map { ($0.view, $0.to) }, retire: due.map(\.view)), in: collectionView)
    }

    /// Hands the owner a frame's plan, and the delegate hears of the views that left, as a busy
    /// operation: what its calls ask for runs after.
    private func ensure(_ plan: ElementPlan, in collectionView: CollectionView) {
        collectionView.work.runNow {
            collectionView.deliver(owner.ensureViews(plan, using: collectionView.elementSource).events)
        }
    }

    private static func now() -> Double { Double(g_get_monotonic_time()) / 1e6 }

    /// Jumps every track to its end, retires the views that went, and calls the completions
    /// after the current call has returned, as UIKit does.
    func finish() {
        guard let collectionView else { return }
        let (ending, done) = stop()
        ensure(.frame(show: ending.map { ($0.view, $0.to) }, retire: ending.filter(\.removeAtEnd).map(\.view)), in: collectionView)
        // Views measured themselves on the way (the layout took it, the animation did not):
        // the next pass asks the layout for the whole area again.
        if collectionView.installedLayout.selfSizingAxis != nil { ensure(.forgetArea, in: collectionView) }
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
        ensure(.frame(show: [], retire: ending.filter(\.removeAtEnd).map(\.view)), in: collectionView)
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
        collectionView.work.runNow { completions.forEach { $0(finished) } }
    }
}
