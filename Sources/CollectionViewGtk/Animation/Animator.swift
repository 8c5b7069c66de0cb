import CGtk
import GtkGlue
import CollectionLayout

/// Moves views between attributes on the frame clock: 0.3 s ease-in-out by default. Each track
/// takes one view from where it is to where it goes; a disappearing view is queued when its
/// track ends. A new animation on a view starts from where the view is now, so nothing jumps.
@MainActor
final class Animator {
    struct Track {
        let view: ReusableView
        let from: LayoutAttributes
        let to: LayoutAttributes
        /// Hide and queue the view at the end (it disappeared or left the prepared area).
        let removeAtEnd: Bool
    }

    private weak var collectionView: CollectionView?
    private(set) var tracks: [ObjectIdentifier: Track] = [:]
    private var start: Double?
    private var completions: [(Bool) -> Void] = []
    private var ticking = false
    var duration = 0.3
    /// Holds the clock still (tests that step the animation by hand and look at it).
    package var paused = false

    init(collectionView: CollectionView) { self.collectionView = collectionView }

    var isRunning: Bool { !tracks.isEmpty }

    func isAnimating(_ view: ReusableView) -> Bool { tracks[ObjectIdentifier(view)] != nil }

    /// Starts a new animation of `tracks`. A running one is cut short: its completions get
    /// false, and its disappearing views go on disappearing from where they are.
    func animate(_ newTracks: [Track], completion: ((Bool) -> Void)?) {
        var carried: [Track] = []
        for track in tracks.values where track.removeAtEnd && newTracks.allSatisfy({ $0.view !== track.view }) {
            carried.append(Track(view: track.view, from: track.view.appliedAttributes ?? track.from, to: track.to, removeAtEnd: true))
        }
        let cut = completions
        completions = completion.map { [$0] } ?? []
        tracks = [:]
        for track in newTracks + carried { tracks[ObjectIdentifier(track.view)] = track }
        start = nil
        cut.forEach { $0(false) }
        guard let collectionView, collectionView.animationsEnabled, gtk_widget_get_mapped(collectionView.viewport) != 0 else {
            finish()
            return
        }
        if !ticking {
            ticking = true
            Tick.add(collectionView.viewport) { [weak self] time in self?.tick(time) ?? false }
        }
    }

    private func tick(_ time: Double) -> Bool {
        guard !tracks.isEmpty else { ticking = false; return false }
        if paused { start = nil; return true }
        let begin = start ?? time
        start = begin
        let t = min(1, (time - begin) / duration)
        step(easeInOut(t))
        if t >= 1 {
            finish()
            ticking = false
            return false
        }
        return true
    }

    /// Shows every view at fraction `e` of its track.
    func step(_ e: Double) {
        guard let collectionView else { return }
        for track in tracks.values {
            collectionView.present(track.from.interpolated(to: track.to, fraction: e), on: track.view)
        }
        gtk_widget_queue_allocate(collectionView.viewport)
    }

    /// Jumps every track to its end, queues the views that went, and calls completions.
    func finish() {
        guard let collectionView else { return }
        let ending = tracks.values
        tracks = [:]
        for track in ending {
            collectionView.present(track.to, on: track.view)
            if track.removeAtEnd { collectionView.retire(track.view) }
        }
        gtk_widget_queue_allocate(collectionView.viewport)
        let done = completions
        completions = []
        if !done.isEmpty {
            // Completions run after the update call has returned, as in UIKit.
            let box = Unmanaged.passRetained(ClosureBox({ done.forEach { $0(true) } } as @MainActor () -> Void)).toOpaque()
            g_idle_add_full(G_PRIORITY_DEFAULT, { data in
                let box = Unmanaged<ClosureBox<@MainActor () -> Void>>.fromOpaque(data!).takeRetainedValue()
                MainActor.assumeIsolated { box.function() }
                return 0
            }, box, nil)
        }
    }

    /// Drops a view's track (the view left the widget tree some other way).
    func forget(_ view: ReusableView) { tracks[ObjectIdentifier(view)] = nil }

    /// Stops without moving anything further: completions get false (a reload cut it short).
    func cancel() {
        guard let collectionView else { return }
        let ending = tracks.values
        tracks = [:]
        for track in ending where track.removeAtEnd { collectionView.retire(track.view) }
        let cut = completions
        completions = []
        cut.forEach { $0(false) }
    }
}
