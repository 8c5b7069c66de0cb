import CGtk
import GtkGlue
import CollectionLayout

/// Sections of a ``CompositionalLayout`` that scroll across the view
/// (`orthogonalScrollingBehavior`): a wheel or touchpad scroll across the view over such a row,
/// or a drag along it, moves the row's own offset instead of the view's; when it ends the row
/// eases to where its behaviour rests (a page, a group's leading edge, a group centred). The
/// layout names only the row's cells when its offset changes, so a frame of it costs what the
/// row shows.
///
/// It shares the input as ``ScrollSnapDriver`` does: its controllers sit on the viewport and see
/// events before the scrolled window; it takes only what falls on a row that scrolls across
/// and moves across, and lets everything else through.
@MainActor
final class OrthogonalScrollDriver {
    private weak var collectionView: CollectionView?
    private let scroll: OpaquePointer
    private let drag: OpaquePointer  // GtkGestureDrag
    /// The row the wheel or touchpad is scrolling, until it rests.
    private var wheelSection: Int?
    private var wheelTimeout: guint = 0
    /// The row a drag is moving, its offset when the drag began, and whether the drag has
    /// become the row's (it moved across first).
    private var dragSection: Int?
    private var dragStartOffset = 0.0
    private var dragging = false
    /// Recent (time, offset) of the row under the pointer, for the release velocity.
    private var samples: [(time: Double, offset: Double)] = []
    private var tween: Tween?
    /// Eases run so far and the last one's row and target: tests read them.
    private(set) var easeCount = 0
    private(set) var lastEase: (section: Int, target: Double)?
    /// Where the pointer is over the viewport (a scroll event's own position is the surface's).
    private var lastPointer: (Double, Double)?
    /// How far a drag moves across before it is the row's rather than a press.
    static let dragThreshold = 8.0

    init(collectionView: CollectionView) {
        self.collectionView = collectionView
        scroll = gtk_event_controller_scroll_new(
            GtkEventControllerScrollFlags(rawValue: GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue
                                            | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue))!
        drag = gtk_gesture_drag_new()!
        Signal.connectScroll(raw(scroll)) { [weak self] dx, dy in self?.scrolled(dx, dy) ?? false }
        Signal.connectPoint(raw(scroll), "decelerate") { [weak self] vx, vy in self?.decelerated(vx, vy) }
        gtk_widget_add_controller(collectionView.viewport, scroll)
        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(raw(motion), "enter") { [weak self] x, y in self?.lastPointer = (x, y) }
        Signal.connectPoint(raw(motion), "motion") { [weak self] x, y in self?.lastPointer = (x, y) }
        Signal.connect(raw(motion), "leave") { [weak self] in self?.lastPointer = nil }
        gtk_widget_add_controller(collectionView.viewport, motion)

        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        Signal.connectPoint(raw(drag), "drag-begin") { [weak self] x, y in self?.dragBegan(x, y) }
        Signal.connectPoint(raw(drag), "drag-update") { [weak self] dx, dy in self?.dragMoved(dx, dy) }
        Signal.connectPoint(raw(drag), "drag-end") { [weak self] _, _ in self?.dragEnded() }
        gtk_widget_add_controller(collectionView.viewport, drag)
    }

    private var layout: CompositionalLayout? { collectionView?.collectionViewLayout as? CompositionalLayout }

    /// Whether the layout's rows run sideways (a vertical layout) or up and down.
    private var crossIsHorizontal: Bool { layout?.configuration.scrollDirection != .horizontal }

    /// The row that scrolls across under a viewport point, if any.
    func section(at x: Double, _ y: Double) -> Int? {
        guard let cv = collectionView, let layout, cv.transitionLayout == nil else { return nil }
        let offset = cv.contentOffset
        let point = Point(x: cv.layoutViewportX(x) + offset.x, y: y + offset.y)
        let probe = crossIsHorizontal ? Rect(x: offset.x, y: point.y, width: cv.bounds.width, height: 1)
            : Rect(x: point.x, y: offset.y, width: 1, height: cv.bounds.height)
        for a in layout.layoutAttributesForElements(in: probe) where a.representedElementCategory == .cell {
            let section = a.indexPath.section
            if layout.orthogonalScrollGeometry(inSection: section) != nil { return section }
        }
        return nil
    }

    /// A delta along the row, in its offset's direction (mirrored views run the other way).
    private func across(_ dx: Double, _ dy: Double) -> Double {
        guard crossIsHorizontal else { return dy }
        return collectionView?.isMirrored == true ? -dx : dx
    }

    // MARK: Wheel and touchpad

    private func scrolled(_ dx: Double, _ dy: Double) -> Bool {
        guard let layout else { return false }
        let state = gtk_event_controller_get_current_event_state(scroll).rawValue
        guard state & GDK_CONTROL_MASK.rawValue == 0 else { return false }  // Ctrl + wheel zooms
        let shifted = state & GDK_SHIFT_MASK.rawValue != 0
        let (x, y) = shifted ? (dy, dx) : (dx, dy)  // Shift turns a vertical wheel sideways
        let moveAcross = crossIsHorizontal ? x : y, moveAlong = crossIsHorizontal ? y : x
        guard moveAcross != 0, abs(moveAcross) >= abs(moveAlong) else { return false }
        guard let section = wheelSection ?? lastPointer.flatMap({ self.section(at: $0.0, $0.1) }) else { return false }
        stopEase()
        wheelSection = section
        // A wheel notch moves a row as the scrolled window moves the view (its step).
        let isWheel = gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL
        let step = isWheel ? pow(layout.collectionView?.bounds.width ?? 400, 2.0 / 3) : 1
        let delta = across(crossIsHorizontal ? x : 0, crossIsHorizontal ? 0 : y) * step
        setOffset(layout.orthogonalScrollOffset(inSection: section) + delta, in: section)
        restartWheelPause()
        return true
    }

    private func restartWheelPause() {
        if wheelTimeout != 0 { g_source_remove(wheelTimeout) }
        wheelTimeout = Async.after(milliseconds: ScrollSnapDriver.wheelPause) { [weak self] in
            guard let self else { return }
            self.wheelTimeout = 0
            if let section = self.wheelSection { self.settle(section, velocity: 0) }
            self.wheelSection = nil
        }
    }

    /// A touchpad scroll ended with fingers moving: the row goes on, then rests.
    private func decelerated(_ vx: Double, _ vy: Double) {
        guard let section = wheelSection else { return }
        if wheelTimeout != 0 { g_source_remove(wheelTimeout); wheelTimeout = 0 }
        wheelSection = nil
        settle(section, velocity: across(crossIsHorizontal ? vx : 0, crossIsHorizontal ? 0 : vy))
    }

    // MARK: Drags

    private func dragBegan(_ x: Double, _ y: Double) {
        dragging = false
        samples = []
        dragSection = section(at: x, y)
        if let dragSection, let layout {
            stopEase()
            dragStartOffset = layout.orthogonalScrollOffset(inSection: dragSection)
        } else {
            gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED)  // not a row: others have it
        }
    }

    private func dragMoved(_ dx: Double, _ dy: Double) {
        guard let section = dragSection else { return }
        let moveAcross = crossIsHorizontal ? dx : dy, moveAlong = crossIsHorizontal ? dy : dx
        if !dragging {
            guard max(abs(moveAcross), abs(moveAlong)) >= Self.dragThreshold else { return }
            guard abs(moveAcross) > abs(moveAlong) else {
                dragSection = nil  // along the view: the view's scroll or a rubber band
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED)
                return
            }
            dragging = true
            // Not claimed: claiming would cancel the click gesture mid-press, and GTK 4.8's click
            // gesture then missed the next click. The press is told it became a scroll instead,
            // and a band or a reorder the same drag might start stands down.
            collectionView?.interaction.viewScrolled()  // a press that moves the row selects nothing
            collectionView?.interaction.pointerDrag?.standDown()
        }
        // The content follows the pointer: dragging left shows what is to the right.
        let offset = dragStartOffset - across(crossIsHorizontal ? dx : 0, crossIsHorizontal ? 0 : dy)
        setOffset(offset, in: section)
        samples.append((g_get_monotonic_time_seconds(), offset))
        if samples.count > 6 { samples.removeFirst(samples.count - 6) }
    }

    private func dragEnded() {
        defer { dragSection = nil; dragging = false }
        guard dragging, let section = dragSection else { return }
        var velocity = 0.0
        if let first = samples.first, let last = samples.last, last.time - first.time > 0.005,
           g_get_monotonic_time_seconds() - last.time < 0.1 {
            velocity = (last.offset - first.offset) / (last.time - first.time)
        }
        settle(section, velocity: velocity)
    }

    // MARK: Resting

    /// Eases the row to where its behaviour rests for a scroll that ends at `velocity` (points
    /// per second along the offset): a fling carries about a third of a second further.
    private func settle(_ section: Int, velocity: Double) {
        guard let layout, let geometry = layout.orthogonalScrollGeometry(inSection: section) else { return }
        let current = layout.orthogonalScrollOffset(inSection: section)
        let proposed = current + velocity * 0.3
        let rest = layout.restingOrthogonalScrollOffset(inSection: section, proposedOffset: proposed, velocity: velocity)
        let target = clamp(rest, geometry, layout, section)
        ease(section, to: target, speed: abs(velocity))
    }

    /// Within the row's content, except where its behaviour rests outside it (a centred
    /// first or last group).
    private func clamp(_ offset: Double, _ geometry: OrthogonalScrollGeometry, _ layout: CompositionalLayout, _ section: Int) -> Double {
        let first = layout.restingOrthogonalScrollOffset(inSection: section, proposedOffset: -1e9, velocity: 0)
        let last = layout.restingOrthogonalScrollOffset(inSection: section, proposedOffset: 1e9, velocity: 0)
        let low = min(0, first), high = max(max(0, geometry.contentExtent - geometry.containerExtent), last)
        return min(max(offset, low), high)
    }

    private func ease(_ section: Int, to target: Double, speed: Double) {
        guard let cv = collectionView, let layout else { return }
        stopEase()
        let from = layout.orthogonalScrollOffset(inSection: section)
        guard abs(target - from) >= 0.5 else {
            setOffset(target, in: section)
            return
        }
        var animation = cv.animation
        if speed > 0 {
            animation.curve = .easeOut
            animation.duration = min(max(3 * abs(target - from) / speed, animation.duration), ScrollSnapDriver.longestEase)
        }
        easeCount += 1
        lastEase = (section, target)
        let tween = Tween(on: cv.viewport, animation, frame: { [weak self] e in
            self?.setOffset(from + (target - from) * e, in: section)
        })
        tween.begin(animated: cv.animationsEnabled && animation.duration > 0)
        if tween.isRunning { self.tween = tween }
    }

    private func stopEase() {
        tween?.stop()
        tween = nil
    }

    private func setOffset(_ offset: Double, in section: Int) {
        layout?.setOrthogonalScrollOffset(offset, inSection: section)
    }

    /// Whether a cell of a row that scrolls across lies out of the viewport across: the layout
    /// leaves those out of its rectangle queries, and a cell the row's scroll named (it was
    /// shown) must go then too, even within the view's prepared margin.
    func isOutsideItsRow(_ attributes: LayoutAttributes) -> Bool {
        guard attributes.representedElementCategory == .cell, let layout,
              let geometry = layout.orthogonalScrollGeometry(inSection: attributes.indexPath.section) else { return false }
        let f = attributes.frame
        let (a, b) = crossIsHorizontal ? (f.minX, f.maxX) : (f.minY, f.maxY)
        return b <= 0 || a >= geometry.containerExtent
    }

    /// The next item along a row that scrolls across, for the keyboard (the layout shows only
    /// the items in sight, so a search by frames would stop at the edge): nil when `move` is
    /// not along such a row.
    func neighbour(of path: IndexPath, _ move: FocusMove) -> IndexPath? {
        guard let cv = collectionView, let layout, layout.orthogonalScrollGeometry(inSection: path.section) != nil else { return nil }
        let step: Int
        switch (move, crossIsHorizontal) {
        case (.right, true), (.down, false): step = cv.isMirrored ? -1 : 1
        case (.left, true), (.up, false): step = cv.isMirrored ? 1 : -1
        default: return nil
        }
        let next = path.item + step
        guard next >= 0, next < cv.numberOfItems(inSection: path.section) else { return path }
        return IndexPath(item: next, section: path.section)
    }

    // MARK: Keyboard focus

    /// Scrolls the row so the item is wholly in sight (the keyboard focus moved to it).
    func reveal(_ path: IndexPath) {
        guard let layout, let geometry = layout.orthogonalScrollGeometry(inSection: path.section),
              let frame = layout.layoutAttributesForItem(at: path)?.frame, let cv = collectionView else { return }
        let bounds = cv.bounds
        let (start, end) = crossIsHorizontal ? (frame.minX - bounds.minX, frame.maxX - bounds.minX)
            : (frame.minY - bounds.minY, frame.maxY - bounds.minY)
        let extent = geometry.containerExtent
        var delta = 0.0
        if start < 0 { delta = start } else if end > extent { delta = min(start, end - extent) }
        guard delta != 0 else { return }
        let current = layout.orthogonalScrollOffset(inSection: path.section)
        let rest = layout.restingOrthogonalScrollOffset(inSection: path.section, proposedOffset: current + delta, velocity: 0)
        // A resting place that still leaves it out would not do: then exactly where it shows.
        ease(path.section, to: clamp(abs(rest - (current + delta)) < extent / 2 ? rest : current + delta, geometry, layout, path.section), speed: 0)
    }

    func dispose() {
        if wheelTimeout != 0 { g_source_remove(wheelTimeout); wheelTimeout = 0 }
        stopEase()
    }
}

/// GLib's monotonic clock in seconds.
private func g_get_monotonic_time_seconds() -> Double { Double(g_get_monotonic_time()) / 1_000_000 }
