import CGtk
import GtkGlue
import CollectionLayout
#if canImport(Glibc)
import Glibc
#endif

/// Paging and snapping: when the user's scrolling ends, the offset eases to a page boundary
/// (``CollectionView/isPagingEnabled``) or to where the layout wants it
/// (``CollectionViewLayout/targetContentOffset(forProposedContentOffset:withScrollingVelocity:)``
/// with ``CollectionViewLayout/snapsScrolling``). Otherwise it stays out of the way and GTK's
/// scrolled window scrolls as always.
///
/// How it shares the input with GtkScrolledWindow: a kinetic scroll controller on the viewport
/// sees each scroll event before the scrolled window does (the viewport is its child, events
/// bubble up) and normally lets it through, so GTK keeps tracking the fingers 1:1 with its own
/// scaling. When a touchpad scroll ends, the controller's "decelerate" gives the velocity; GTK
/// starts its own deceleration from the same event, and the driver cancels it right after (by
/// turning the scrolled window's kinetic scrolling off and on, which GTK documents as stopping
/// a deceleration) and eases to its target instead. Mouse wheel notches with paging are the
/// driver's own: one page per notch, as GNOME's carousel turns them; without paging the wheel
/// scrolls as usual and the view settles once the wheel has been still a moment. Touchscreen
/// drags are GTK's gesture, which the viewport does not see: a legacy controller on the
/// scrolled window watches their touches (in the capture phase, never handling them), and when
/// the one finger of a drag that scrolled the view lifts, the offset's speed over its last
/// tenth of a second is the fling's; GTK's deceleration stops as for a touchpad, and the view
/// eases to its page (or the layout's target) at once, a quick short swipe turning the page.
@MainActor
final class ScrollSnapDriver {
    private weak var collectionView: CollectionView?
    private let controller: OpaquePointer
    private var wheelTimeout: guint = 0
    /// The page the last wheel notch turned to (its ease's target: the layout may say somewhere
    /// near the boundary). While the view heads there or rests there, the next notch goes on
    /// from the page's boundary: not from where the ease has got to, and not from the layout's
    /// answer, which could hold the wheel on one page.
    private var wheelTarget: SettleTarget?
    /// Wheel movement not yet a whole notch (high-resolution wheels, smooth X11 scrolling).
    private var wheelNotches = Point.zero
    /// The ease this driver started (the view's scroll while it runs).
    private var ease: ScrollAnimation?
    /// How long the wheel must be still before a snapping layout settles: longer than the gap
    /// between the notches of one turn of the wheel (30-100 ms), short enough to feel like the
    /// end of the scroll.
    static let wheelPause: guint = 150
    /// The longest ease after a fling, in seconds: a fast fling to a near page does not crawl.
    static let longestEase = 1.0
    /// Eases run so far and the last one's (from, to, duration): tests read them.
    private(set) var easeCount = 0
    private(set) var lastEase: (from: Point, to: Point, duration: Double)?

    init(collectionView: CollectionView) {
        self.collectionView = collectionView
        let scroll = gtk_event_controller_scroll_new(
            GtkEventControllerScrollFlags(rawValue: GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue
                                            | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue))!
        controller = scroll
        Signal.connectScroll(raw(scroll)) { [weak self] dx, dy in self?.scrolled(dx, dy) ?? false }
        Signal.connectPoint(raw(scroll), "decelerate") { [weak self] vx, vy in self?.decelerated(vx, vy) }
        gtk_widget_add_controller(collectionView.viewport, scroll)
        let touches = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(touches, GTK_PHASE_CAPTURE)
        Signal.connectEvent(raw(touches)) { [weak self] event in
            self?.touchEvent(event)
            return false  // the scrolled window and the cells handle it as ever
        }
        gtk_widget_add_controller(collectionView.widget, touches)
        // A finger whose lift never reaches the view (it was hidden or replaced under it)
        // must not leave every later touch counted as a second finger.
        Signal.connect(raw(collectionView.widget), "unmap") { [weak self] in self?.touchDrag = nil }
    }

    /// The touchscreen drag being watched: its first finger, the offsets while it moved (event
    /// time in seconds), whether another finger came down (a pinch: not a fling), and whether
    /// it stopped a page's ease (a tap then settles the page again).
    private var touchDrag: (sequence: OpaquePointer?, samples: [(time: Double, offset: Point)], others: Bool, stoppedEase: Bool)?
    /// How far back from the lift the fling's speed is measured, in seconds.
    static let flingWindow = 0.1

    private func touchEvent(_ event: OpaquePointer) {
        guard let cv = collectionView else { return }
        let type = gdk_event_get_event_type(event)
        guard type == GDK_TOUCH_BEGIN || type == GDK_TOUCH_UPDATE || type == GDK_TOUCH_END || type == GDK_TOUCH_CANCEL else { return }
        let sequence = gdk_event_get_event_sequence(event)
        let time = Double(gdk_event_get_time(event)) / 1000
        if type == GDK_TOUCH_BEGIN {
            guard touchDrag == nil else { touchDrag?.others = true; return }
            let stopped = applies && isEasing
            if applies { stopEase() }  // the finger catches the page
            touchDrag = (sequence, [(time, cv.contentOffset)], false, stopped)
            return
        }
        guard let drag = touchDrag, drag.sequence == sequence else { return }
        if type == GDK_TOUCH_UPDATE {
            touchDrag?.samples.append((time, cv.contentOffset))
            if drag.samples.count > 32 { touchDrag?.samples.removeFirst(16) }
            return
        }
        touchDrag = nil
        let end = (time: time, offset: cv.contentOffset)
        guard type == GDK_TOUCH_END, !drag.others, applies, let first = drag.samples.first,
              abs(end.offset.x - first.offset.x) + abs(end.offset.y - first.offset.y) > 0.5 else {  // a tap, or a pan inside a cell
            // A tap that caught a page half way (or a cancelled touch): the page settles.
            if drag.stoppedEase, applies { flingEnded(velocity: .zero) }
            return
        }
        let recent = drag.samples.first { end.time - $0.time <= Self.flingWindow } ?? end
        let seconds = end.time - recent.time
        let velocity = seconds > 0.005
            ? Point(x: (end.offset.x - recent.offset.x) / seconds, y: (end.offset.y - recent.offset.y) / seconds) : .zero
        flingEnded(velocity: velocity)
    }

    /// Whether the view intervenes at all.
    private var applies: Bool {
        guard let cv = collectionView, cv.interactiveTransition == nil else { return false }  // a transition owns the offset
        return cv.isPagingEnabled || cv.collectionViewLayout.snapsScrolling
    }

    var isEasing: Bool { ease?.isRunning ?? false }

    private var state: GdkModifierType { gtk_event_controller_get_current_event_state(controller) }

    private var isWheel: Bool {
        gtk_event_controller_scroll_get_unit(controller) == GDK_SCROLL_UNIT_WHEEL
    }

    /// Shift turns a vertical wheel horizontal, as in the scrolled window.
    private func axes(_ x: Double, _ y: Double) -> Point {
        var p = state.rawValue & GDK_SHIFT_MASK.rawValue != 0 ? Point(x: y, y: x) : Point(x: x, y: y)
        // GTK's horizontal deltas move the adjustment, which runs the other way when mirrored.
        if collectionView?.isMirrored == true { p.x = -p.x }
        return p
    }

    private func scrolled(_ dx: Double, _ dy: Double) -> Bool {
        guard let cv = collectionView, applies else { return false }
        guard state.rawValue & GDK_CONTROL_MASK.rawValue == 0 else { return false }  // Ctrl + wheel zooms
        if cv.isPagingEnabled && isWheel {
            turnPages(axes(dx, dy))
            return true
        }
        // GTK scrolls; an ease of ours stops following the fingers.
        stopEase()
        guard isWheel else { return false }
        restartWheelPause()
        let delta = axes(dx, dy)
        let paging = cv.paging
        if delta.x == 0, delta.y != 0, paging.maxOffset.y == 0, paging.maxOffset.x > 0 {
            // GtkScrolledWindow leaves a vertical wheel alone in a view that only scrolls
            // sideways; a snapping layout there (a cover flow) is meant to turn with it: the
            // scrolled window's own wheel step, sideways.
            let offset = cv.contentOffset
            cv.setOffset(Point(x: offset.x + delta.y * pow(cv.bounds.width, 2.0 / 3), y: offset.y))
            return true
        }
        return false
    }

    /// One page per notch, from the page the previous notches head to.
    private func turnPages(_ delta: Point) {
        guard let cv = collectionView else { return }
        let paging = cv.paging
        var notches = Point(x: wheelNotches.x + delta.x, y: wheelNotches.y + delta.y)
        // A vertical wheel turns the pages of a view that only scrolls sideways.
        if paging.maxOffset.y == 0 && paging.maxOffset.x > 0 {
            notches = Point(x: notches.x + notches.y, y: 0)
        }
        let pages = Point(x: notches.x.rounded(.towardZero), y: notches.y.rounded(.towardZero))
        wheelNotches = Point(x: notches.x - pages.x, y: notches.y - pages.y)
        guard pages != .zero else { return }
        var from = cv.contentOffset
        if let last = wheelTarget, let page = last.pages {
            let target = last.offset(in: cv)
            if isEasing || abs(from.x - target.x) < 0.5 && abs(from.y - target.y) < 0.5 { from = paging.boundary(atPage: page) }
        }
        let boundary = paging.offset(movingPages: pages, from: from)
        let settle = SettleTarget(page: paging.page(of: boundary), proposal: boundary, velocity: .zero)
        ease(to: settle, speed: nil)
        wheelTarget = settle
    }

    private func restartWheelPause() {
        if wheelTimeout != 0 { g_source_remove(wheelTimeout) }
        wheelTimeout = Async.after(milliseconds: Self.wheelPause) { [weak self] in
            self?.wheelTimeout = 0
            self?.settle(velocity: .zero)
        }
    }

    /// A kinetic scroll ended: the velocity in the controller's units, per second.
    private func decelerated(_ vx: Double, _ vy: Double) {
        guard let cv = collectionView, applies else { return }
        guard state.rawValue & GDK_CONTROL_MASK.rawValue == 0 else { return }
        var velocity = axes(vx, vy)
        if isWheel {
            // GtkScrolledWindow's wheel step: a notch scrolls the page size to the power 2/3.
            let page = cv.bounds.size
            velocity = Point(x: velocity.x * pow(page.width, 2.0 / 3), y: velocity.y * pow(page.height, 2.0 / 3))
        }
        flingEnded(velocity: velocity)
    }

    /// A fling ended at `velocity` (points per second): GTK starts its deceleration from the
    /// same event, after this handler; stop it as soon as that has run (a zero timeout runs
    /// before the next frame is drawn), then ease to the target.
    func flingEnded(velocity: Point) {
        if wheelTimeout != 0 { g_source_remove(wheelTimeout); wheelTimeout = 0 }
        Async.after(milliseconds: 0) { [weak self] in
            guard let self else { return }
            self.stopDeceleration()
            self.settle(velocity: velocity)
        }
    }

    /// Stops GTK's kinetic deceleration (turning the scrolled window's kinetic scrolling off
    /// and on, which GTK documents as stopping one): the view moves the offset from here on.
    /// Not while a finger is down: that would also reset GTK's drag gesture under it.
    func stopDeceleration() {
        guard let cv = collectionView, touchDrag == nil else { return }
        let scrolled = cv.widget.opaque
        if gtk_scrolled_window_get_kinetic_scrolling(scrolled) != 0 {
            gtk_scrolled_window_set_kinetic_scrolling(scrolled, 0)
            gtk_scrolled_window_set_kinetic_scrolling(scrolled, 1)
        }
    }

    /// The user's scroll ended here at `velocity`: where it would rest, then the page boundary,
    /// then the layout's word, clamped; then ease there.
    func settle(velocity: Point) {
        guard let cv = collectionView, applies else { return }
        wheelTarget = nil  // a fling or a scroll goes on from where it ended
        let current = cv.contentOffset
        let resting = ScrollDeceleration.gtk.restingOffset(from: current, velocity: velocity)
        var settle = SettleTarget(page: nil, proposal: cv.clampedOffset(resting), velocity: velocity)
        if cv.isPagingEnabled {
            let paging = cv.paging
            let boundary = paging.targetOffset(from: current, restingAt: resting, velocity: velocity)
            settle = SettleTarget(page: paging.page(of: boundary), proposal: boundary, velocity: velocity)
        }
        ease(to: settle, speed: (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot())
    }

    /// Eases the offset to `settle`'s offset on the frame clock. After a fling (`speed` in
    /// points per second) the curve is an ease-out that starts about as fast as the fingers
    /// left, so the motion carries on without a jolt; a wheel notch uses the view's animation as
    /// it is. A frame costs two adjustment writes, whatever the number of items; the layout is
    /// asked again only when the content or the viewport changed under the ease.
    private func ease(to settle: SettleTarget, speed: Double?) {
        guard let cv = collectionView else { return }
        stopEase()
        let target = settle.offset(in: cv)
        let from = cv.contentOffset
        let distance = ((target.x - from.x) * (target.x - from.x) + (target.y - from.y) * (target.y - from.y)).squareRoot()
        guard distance >= 0.5 else {
            cv.setOffset(target)
            return
        }
        var animation = cv.animation
        if let speed, speed > 0 {
            // A cubic ease-out starts at 3 × distance / duration.
            animation.curve = .easeOut
            animation.duration = min(max(3 * distance / speed, animation.duration), Self.longestEase)
        }
        easeCount += 1
        lastEase = (from, target, animation.duration)
        // The view's own scroll: rows measured on the way retarget it, the user's scroll ends it.
        let ease = cv.startScroll(to: .settle(settle), animation)
        self.ease = ease?.isRunning == true ? ease : nil  // not when it jumped to the end (animations off)
    }

    private func stopEase() {
        guard let ease, ease.isRunning else { return }
        if collectionView?.scrollAnimation === ease { collectionView?.stopScrollAnimation() } else { ease.stop() }
        self.ease = nil
    }

    func dispose() {
        if wheelTimeout != 0 { g_source_remove(wheelTimeout); wheelTimeout = 0 }
        stopEase()
    }
}

/// Where an ease after the user's scroll settles, kept as what it means rather than as an
/// offset: with paging, a page (its boundary moves when the viewport is resized: the gallery
/// viewer's pages are the window's width); otherwise where the scroll would rest, proposed to
/// the layout, which moves with the content when the view corrects the offset. The offset is
/// asked of the paging and the layout again when a correction, the viewport's size or the
/// content's size changed, so the ease lands on a page or a snap of the content as it is then.
@MainActor
final class SettleTarget {
    /// With paging, the page on each axis (see `Paging.page(of:)`); nil without.
    let pages: Point?
    /// The offset proposed to the layout (without paging); the view's corrections move it.
    private(set) var proposal: Point
    /// The fling's velocity, for the layout.
    let velocity: Point
    /// The last answer, and the viewport's and content's sizes it was asked for.
    private var resolved: (offset: Point, viewport: Size, content: Size)?

    init(page: Point?, proposal: Point, velocity: Point) {
        pages = page
        self.proposal = proposal
        self.velocity = velocity
    }

    /// The view moved the offset by `delta` to keep what shows in place.
    func shift(by delta: Point) {
        proposal = Point(x: proposal.x + delta.x, y: proposal.y + delta.y)
        resolved = nil
    }

    /// The page's boundary (or the proposal), then the layout's word, clamped to the content.
    ///
    /// - Complexity: a comparison, unless something changed: then one
    ///   `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`.
    func offset(in view: CollectionView) -> Point {
        let viewport = view.bounds.size, content = view.contentSize
        if let resolved, resolved.viewport == viewport, resolved.content == content { return resolved.offset }
        let proposal = pages.map { view.paging.boundary(atPage: $0) } ?? proposal
        let offset = view.clampedOffset(view.collectionViewLayout.targetContentOffset(
            forProposedContentOffset: proposal, withScrollingVelocity: velocity))
        resolved = (offset, viewport, content)
        return offset
    }
}

extension Paging {
    /// The page whose boundary `boundary` is, on each axis: its index, or infinity for the
    /// content's end (the last boundary, wherever the pages' size puts it).
    func page(of boundary: Point) -> Point {
        func axis(_ offset: Double, _ page: Double, _ maxOffset: Double) -> Double {
            guard page > 0, maxOffset > 0 else { return 0 }
            return offset >= maxOffset - 0.5 ? .infinity : (offset / page).rounded()  // Paging's tolerance
        }
        return Point(x: axis(boundary.x, pageSize.width, maxOffset.x), y: axis(boundary.y, pageSize.height, maxOffset.y))
    }

    /// The boundary of `page` (as `page(of:)` gives it) with these pages.
    func boundary(atPage page: Point) -> Point {
        func axis(_ index: Double, _ page: Double, _ maxOffset: Double) -> Double {
            index.isInfinite ? maxOffset : min(max(index * page, 0), maxOffset)
        }
        return Point(x: axis(page.x, pageSize.width, maxOffset.x), y: axis(page.y, pageSize.height, maxOffset.y))
    }
}

extension CollectionView {
    /// Pages of the viewport's size over the current content.
    var paging: Paging {
        let b = bounds, content = contentSize
        return Paging(pageSize: b.size, maxOffset: Point(x: content.width - b.width, y: content.height - b.height))
    }

    /// `offset` within the content (0 to content less viewport, per axis).
    func clampedOffset(_ offset: Point) -> Point {
        let b = bounds, content = contentSize
        return Point(x: max(0, min(offset.x, content.width - b.width)), y: max(0, min(offset.y, content.height - b.height)))
    }

    /// Whether an ease after the user's scroll (paging or snapping) is running.
    package var isSettlingScroll: Bool { scrollSnap.isEasing }

    /// Eases the view has started after a scroll ended, and the last one's start, end and
    /// duration.
    package var scrollSettleRecord: (count: Int, last: (from: Point, to: Point, duration: Double)?) {
        (scrollSnap.easeCount, scrollSnap.lastEase)
    }

    /// Test entry point: what the scroll controller's "decelerate" does when a touchpad fling
    /// ends at `velocity` (points per second). Xvfb cannot make a kinetic scroll: X11 has no
    /// scroll-stop events, so GTK never emits "decelerate" there.
    package func simulateFlingEnd(velocity: Point) {
        scrollSnap.flingEnded(velocity: velocity)
    }
}
