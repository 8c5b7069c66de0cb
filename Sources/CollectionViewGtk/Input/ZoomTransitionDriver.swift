import CGtk
import GtkGlue
import CollectionLayout

/// Pinch (GtkGestureZoom) and Ctrl + scroll wheel drive an interactive transition between the
/// two layouts in `CollectionView.zoomLayouts`: spreading the fingers (or Ctrl + wheel up)
/// goes from the dense layout to the spread one, pinching (or Ctrl + wheel down) comes back.
/// On release, or when the wheel stops, it finishes past half way or on a fast flick, and
/// cancels otherwise.
@MainActor
final class ZoomTransitionDriver {
    private weak var collectionView: CollectionView?
    /// The scale since the gesture began (1 = none).
    private var scale = 1.0
    private var history: [(time: Double, progress: Double)] = []
    private var wheelTimeout: guint = 0
    /// How far the fingers must spread (or come together) for the whole way.
    static let fullSpread = 2.0, fullPinch = 0.5
    /// Progress per second that counts as a flick.
    static let flickSpeed = 2.0
    /// How long the wheel must be still before a Ctrl + scroll transition settles.
    static let wheelPause: guint = 250

    init(collectionView: CollectionView) {
        self.collectionView = collectionView
        let viewport = collectionView.viewport
        let zoom = gtk_gesture_zoom_new()!
        Signal.connectPointer(raw(zoom), "begin") { [weak self] in self?.begin() }
        Signal.connectValue(raw(zoom), "scale-changed") { [weak self] scale in self?.update(scale: scale) }
        Signal.connectPointer(raw(zoom), "end") { [weak self] in self?.end() }
        gtk_widget_add_controller(viewport, zoom)

        let wheel = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        nonisolated(unsafe) let controller = wheel  // owned by the viewport, which outlives the handler
        Signal.connectScroll(raw(wheel)) { [weak self] _, dy in
            guard let self else { return false }
            let state = gtk_event_controller_get_current_event_state(controller)
            guard state.rawValue & GDK_CONTROL_MASK.rawValue != 0 else { return false }  // plain scrolling
            return self.wheel(dy)
        }
        gtk_widget_add_controller(viewport, wheel)
    }

    private func begin() {
        scale = 1
        history = []
    }

    /// Sets the transition's progress from the scale, starting it when the scale first points
    /// away from the current layout.
    func update(scale newScale: Double) {
        guard let collectionView, let pair = collectionView.zoomLayouts else { return }
        scale = newScale
        if collectionView.interactiveTransition == nil {
            let current = collectionView.collectionViewLayout
            if current === pair.dense && scale > 1.02 {
                collectionView.startInteractiveTransition(to: pair.spread)
            } else if current === pair.spread && scale < 0.98 {
                collectionView.startInteractiveTransition(to: pair.dense)
            } else {
                return
            }
        }
        guard let transition = collectionView.transitionLayout else { return }
        let spreading = transition.currentLayout === pair.dense
        let progress = spreading ? (scale - 1) / (Self.fullSpread - 1) : (1 - scale) / (1 - Self.fullPinch)
        transition.updateValue(scale, forAnimatedKey: "scale")
        let centre = collectionView.bounds.center
        transition.updateValue(centre.x, forAnimatedKey: "centerX")
        transition.updateValue(centre.y, forAnimatedKey: "centerY")
        transition.transitionProgress = progress
        history.append((now(), transition.transitionProgress))
        if history.count > 4 { history.removeFirst() }
    }

    /// Past half way, or moving fast towards the end: finish; otherwise cancel.
    func end() {
        guard let collectionView, let transition = collectionView.transitionLayout else { return }
        // Speed up to the release: fingers (or a wheel) that stopped before letting go have none.
        var speed = 0.0
        if let first = history.first, let last = history.last, now() > first.time {
            speed = (last.progress - first.progress) / (now() - first.time)
        }
        if transition.transitionProgress > 0.5 || speed > Self.flickSpeed {
            collectionView.finishInteractiveTransition()
        } else {
            collectionView.cancelInteractiveTransition()
        }
        history = []
        scale = 1
    }

    /// Ctrl + wheel: each step up spreads by a tenth, each step down pinches; the transition
    /// settles when the wheel has been still a moment.
    private func wheel(_ dy: Double) -> Bool {
        guard let collectionView, collectionView.zoomLayouts != nil else { return false }
        if collectionView.interactiveTransition == nil { begin() }
        update(scale: scale * pow(1.1, -dy))
        if wheelTimeout != 0 { g_source_remove(wheelTimeout) }
        wheelTimeout = Async.after(milliseconds: Self.wheelPause) { [weak self] in
            self?.wheelTimeout = 0
            self?.end()
        }
        return true
    }

    private func now() -> Double { Double(g_get_monotonic_time()) / 1e6 }
}

#if canImport(Glibc)
import Glibc
#endif

extension CollectionView {
    /// The two layouts a pinch or Ctrl + scroll moves between: spreading the fingers (or Ctrl +
    /// wheel up) goes from `dense` to `spread`. Nil, the default, turns zooming off.
    public var zoomLayouts: (dense: CollectionViewLayout, spread: CollectionViewLayout)? {
        get { transitions.zoomPair }
        set { transitions.zoomPair = newValue }
    }
}
