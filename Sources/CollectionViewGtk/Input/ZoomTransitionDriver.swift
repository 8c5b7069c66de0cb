import CGtk
import GtkGlue
import CollectionLayout

/// Pinch (GtkGestureZoom) and Ctrl + scroll wheel drive an interactive transition between the
/// two layouts in `CollectionView.zoomLayouts`: spreading the fingers (or Ctrl + wheel up)
/// goes from the dense layout to the spread one, pinching (or Ctrl + wheel down) comes back.
/// On release, or when the wheel stops, it finishes past half way or on a fast flick, and
/// cancels otherwise.
///
/// The item under the fingers' centre (or the pointer) is the one the transition keeps in
/// view. The delegate may refuse a transition
/// (`collectionView(_:shouldBeginInteractiveTransitionTo:at:)`); then, as when the gesture
/// points nowhere (spreading from the spread layout), Ctrl + scroll is left to others. A
/// touchpad pinch is the same GtkGestureZoom. A gesture that is cancelled rather than ended (a
/// child widget's gesture claimed its touches) settles the transition as a release does.
///
/// It drives only a transition it started and that is not settling yet: during one the app
/// started, or one already finishing or cancelling, a pinch does nothing until the fingers
/// lift, and Ctrl + scroll is taken and ignored (it would otherwise scroll the view).
@MainActor
final class ZoomTransitionDriver {
    private weak var collectionView: CollectionView?
    /// The scale since the gesture began (1 = none).
    private var scale = 1.0
    private var history: [(time: Double, progress: Double)] = []
    private var wheelTimeout: guint = 0
    /// The delegate refused this gesture's transition: it is not asked again until the next one.
    private var refused = false
    /// The transition this driver started, while it drives it.
    private weak var driven: TransitionLayout?
    /// This gesture met a transition it does not drive: it moves nothing until the next one.
    private var standsAside = false
    /// The pointer over the viewport, in viewport coordinates: where Ctrl + scroll zooms.
    private var pointer: (x: Double, y: Double)?
    /// The pinch (and touchpad pinch) gesture on the viewport.
    let zoom: OpaquePointer
    /// Seconds on a monotonic clock: the flick speed is measured with it. Tests set their own.
    var clock: () -> Double = { Double(g_get_monotonic_time()) / 1e6 }
    /// How far the fingers must spread (or come together) for the whole way.
    static let fullSpread = 2.0, fullPinch = 0.5
    /// Progress per second that counts as a flick.
    static let flickSpeed = 2.0
    /// How long the wheel must be still before a Ctrl + scroll transition settles.
    static let wheelPause: guint = 250
    /// How far the scale must move from 1 before a transition starts: a steady two-finger
    /// touch wavers by a percent or so.
    static let startThreshold = 0.02

    init(collectionView: CollectionView) {
        self.collectionView = collectionView
        let viewport = collectionView.viewport
        zoom = gtk_gesture_zoom_new()!
        Signal.connectPointer(raw(zoom), "begin") { [weak self] in self?.begin() }
        Signal.connectValue(raw(zoom), "scale-changed") { [weak self] scale in
            guard let self else { return }
            _ = self.update(scale: scale, at: self.gestureCentre())
        }
        Signal.connectPointer(raw(zoom), "end") { [weak self] in self?.end() }
        // GTK follows a cancel with "end" while the gesture was recognised; settling here too
        // leaves nothing hanging if it does not (settling twice does nothing more).
        Signal.connectPointer(raw(zoom), "cancel") { [weak self] in self?.end() }
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
        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(raw(motion), "enter") { [weak self] x, y in self?.pointer = (x, y) }
        Signal.connectPoint(raw(motion), "motion") { [weak self] x, y in self?.pointer = (x, y) }
        Signal.connect(raw(motion), "leave") { [weak self] in self?.pointer = nil }
        gtk_widget_add_controller(viewport, motion)
    }

    private func begin() {
        scale = 1
        history = []
        refused = false
        standsAside = false
    }

    /// Whether `transition` is one this driver may move: its own, before the app or a release
    /// decided where it settles.
    private func drives(_ transition: InteractiveTransition) -> Bool {
        transition.layout === driven && transition.decision == nil
    }

    /// The fingers' centre in viewport coordinates, while the gesture has one.
    private func gestureCentre() -> (x: Double, y: Double)? {
        var x = 0.0, y = 0.0
        guard gtk_gesture_get_bounding_box_center(zoom, &x, &y) != 0 else { return nil }
        return (x, y)
    }

    /// Sets the transition's progress from the scale, starting it when the scale first points
    /// away from the current layout and the delegate agrees.
    ///
    /// - Parameters:
    ///   - newScale: the scale since the gesture began.
    ///   - point: where the gesture is, in viewport coordinates: the item there stays in view.
    /// - Returns: whether the scale drives a transition (false: it points nowhere, the
    ///   delegate said no, or another transition is under way or settling).
    @discardableResult
    func update(scale newScale: Double, at point: (x: Double, y: Double)?) -> Bool {
        guard let collectionView, let pair = collectionView.zoomLayouts, !standsAside else { return false }
        scale = newScale
        if let running = collectionView.interactiveTransition, !drives(running) {
            standsAside = true  // not this gesture's: leave it alone to the end of the gesture
            return false
        }
        if collectionView.interactiveTransition == nil {
            guard !refused, let target = target(in: pair) else { return false }
            let contentPoint = point.map { collectionView.contentPoint(viewportX: $0.x, y: $0.y) } ?? collectionView.bounds.center
            let allowed = collectionView.work.runNow {
                collectionView.delegate?.collectionView(collectionView, shouldBeginInteractiveTransitionTo: target, at: contentPoint) ?? true
            }
            guard allowed else {
                refused = true
                return false
            }
            let item = point == nil ? nil : collectionView.indexPathForItem(at: contentPoint)
            driven = collectionView.startInteractiveTransition(to: target, keepingItemAt: item)
        }
        guard let transition = collectionView.transitionLayout, transition === driven else { return false }
        let spreading = transition.currentLayout === pair.dense
        let progress = spreading ? (scale - 1) / (Self.fullSpread - 1) : (1 - scale) / (1 - Self.fullPinch)
        transition.updateValue(scale, forAnimatedKey: "scale")
        transition.transitionProgress = progress
        // The visible rectangle's centre at this progress (the view's offset gets there in the
        // next layout pass).
        let offset = transition.contentOffset, size = collectionView.bounds.size
        transition.updateValue(offset.x + size.width / 2, forAnimatedKey: "centerX")
        transition.updateValue(offset.y + size.height / 2, forAnimatedKey: "centerY")
        history.append((clock(), transition.transitionProgress))
        if history.count > 4 { history.removeFirst() }
        return true
    }

    /// The layout the scale points to from the installed one; nil when it points nowhere
    /// (spreading in the spread layout, pinching in the dense one, or not far enough yet).
    private func target(in pair: (dense: CollectionViewLayout, spread: CollectionViewLayout)) -> CollectionViewLayout? {
        let current = collectionView?.collectionViewLayout
        if current === pair.dense && scale > 1 + Self.startThreshold { return pair.spread }
        if current === pair.spread && scale < 1 - Self.startThreshold { return pair.dense }
        return nil
    }

    /// Past half way, or moving fast towards the end: finish; otherwise cancel. Only the
    /// transition this driver drives: another one is not its to settle.
    func end() {
        defer {
            history = []
            scale = 1
            standsAside = false
        }
        guard let collectionView, let running = collectionView.interactiveTransition, drives(running) else { return }
        let transition = running.layout
        // Speed up to the release: fingers (or a wheel) that stopped before letting go have none.
        var speed = 0.0
        let now = clock()
        if let first = history.first, let last = history.last, now > first.time {
            speed = (last.progress - first.progress) / (now - first.time)
        }
        if transition.transitionProgress > 0.5 || speed > Self.flickSpeed {
            collectionView.finishInteractiveTransition()
        } else {
            collectionView.cancelInteractiveTransition()
        }
    }

    /// Ctrl + wheel: each step up spreads by a tenth, each step down pinches; the transition
    /// settles when the wheel has been still a moment. A step that starts nothing is not
    /// consumed: a child widget or the app may zoom with it instead. A step during a transition
    /// this driver does not drive (the app's, or one settling) is taken and does nothing.
    private func wheel(_ dy: Double) -> Bool {
        guard let collectionView, collectionView.zoomLayouts != nil else { return false }
        if let running = collectionView.interactiveTransition, !drives(running) { return true }
        if collectionView.interactiveTransition == nil { begin() }
        guard update(scale: scale * pow(1.1, -dy), at: pointer) else {
            scale = 1
            return false
        }
        if wheelTimeout != 0 { g_source_remove(wheelTimeout) }
        wheelTimeout = Async.after(milliseconds: Self.wheelPause) { [weak self] in
            self?.wheelTimeout = 0
            self?.end()
        }
        return true
    }
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

    /// A point of the viewport (widget coordinates) in content coordinates, mirrored or not.
    func contentPoint(viewportX x: Double, y: Double) -> Point {
        let offset = contentOffset
        return Point(x: layoutViewportX(x) + offset.x, y: y + offset.y)
    }
}
