import CGtk
import GtkGlue
import CCollectionHost
import CollectionLayout

/// The defaults of the swipe-action delegate methods: no actions.
extension CollectionViewDelegate {
    /// No actions.
    public func collectionView(_ collectionView: CollectionView, leadingSwipeActionsConfigurationForItemAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    /// No actions.
    public func collectionView(_ collectionView: CollectionView, trailingSwipeActionsConfigurationForItemAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
}

/// Swipe actions (``SwipeActionsConfiguration``): a touch drag or a touchpad's two-finger swipe
/// across an item slides its content aside and shows the delegate's actions in the space it
/// leaves, as RecyclerView's ItemTouchHelper and libadwaita's swipe tracker do.
///
/// The axis is decided once a drag passes GTK's drag threshold: across the view it is a swipe
/// (claimed, so the view does not scroll), along it the view scrolls and no swipe begins.
/// Released past half the buttons' width the row stays open; past ``fullSwipeFraction`` of the
/// row and the buttons (when the configuration allows) it performs the first action. One row is open at a
/// time; a press elsewhere, a scroll or Escape closes it.
@MainActor
final class SwipeActions {
    private weak var collectionView: CollectionView?
    private let drag: OpaquePointer
    private let scroll: OpaquePointer

    /// The row whose content is slid aside (under a finger, easing, or open).
    private final class Row {
        var path: IndexPath
        weak var cell: CollectionViewCell?
        let leading: SwipeActionsConfiguration?
        let trailing: SwipeActionsConfiguration?
        /// How far the content is slid, in view pixels (positive: to the right).
        var offset = 0.0
        /// The ease to rest under way, if any.
        var ease: Ease?
        init(path: IndexPath, cell: CollectionViewCell, leading: SwipeActionsConfiguration?, trailing: SwipeActionsConfiguration?) {
            self.path = path
            self.cell = cell
            self.leading = leading
            self.trailing = trailing
        }
    }
    private var row: Row?
    /// Rows easing closed (another row opened, or a tap closed theirs): they finish on their own.
    private var closing: [Row] = []
    private struct Ease {
        let tick: guint
        let from: Double, to: Double
        var start: Double?
        /// A full swipe's ease to the action: past the point of no return, whatever interrupts
        /// it performs the action at once rather than dropping it.
        let commits: Bool
        let then: @MainActor () -> Void
    }

    /// What a drag (or a touchpad scroll) under way is.
    private enum Tracking {
        case idle
        /// Not past the threshold yet: which item it began on.
        case undecided(IndexPath)
        /// Across the view: the row's offset when it began.
        case swiping(startOffset: Double)
        /// Along the view, or on nothing that swipes: not ours until it ends.
        case ignored
    }
    private var tracking = Tracking.idle
    /// The touch under way closed a row: its press does nothing else (no selection).
    private var swallowsPress = false
    /// The touch under way began on the open row's buttons: lifted there, it is their click.
    private var touchBeganOnActions = false
    /// The touch sequences down on the view (a second one makes a pinch, not a swipe).
    private var fingers: Set<UInt> = []
    private var touchpadTotal = (x: 0.0, y: 0.0)
    private var touchpadPointer: (x: Double, y: Double)?

    /// The part of the row's width past which a release performs the first action.
    static let fullSwipeFraction = 0.6
    /// How far a release performs the first action: ``fullSwipeFraction`` of the row, and well
    /// past the buttons on a narrow one (a grid's tile), where that fraction would not reach them.
    static func fullSwipeDistance(width: Double, reveal: Double) -> Double {
        min(width, max(width * fullSwipeFraction, reveal + 32))
    }
    /// How long an ease to rest takes, in seconds.
    static let easeDuration = 0.22

    init(collectionView: CollectionView) {
        self.collectionView = collectionView
        drag = gtk_gesture_drag_new()!
        scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
        gtk_gesture_single_set_touch_only(drag, 1)  // the mouse drags reorder and select
        // Before the cells' own gestures and the scrolled window's, which would scroll.
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        Signal.connectPoint(raw(drag), "drag-begin") { [weak self] x, y in self?.touchBegan(x: x, y: y) }
        Signal.connectPoint(raw(drag), "drag-update") { [weak self] dx, dy in
            guard let self else { return }
            switch self.touchMoved(dx: dx, dy: dy) {
            case .some(true): gtk_gesture_set_state(self.drag, GTK_EVENT_SEQUENCE_CLAIMED)
            case .some(false): gtk_gesture_set_state(self.drag, GTK_EVENT_SEQUENCE_DENIED)
            case nil: break
            }
        }
        Signal.connectPoint(raw(drag), "drag-end") { [weak self] _, _ in self?.touchEnded() }
        Signal.connectPointer(raw(drag), "cancel") { [weak self] in self?.touchCancelled() }
        gtk_widget_add_controller(collectionView.viewport, drag)
        // The drag follows its first finger only: a second finger (a pinch) is watched here.
        let touches = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(touches, GTK_PHASE_CAPTURE)
        Signal.connectEvent(raw(touches)) { [weak self] event in
            self?.touchEvent(event)
            return false  // the other controllers handle it as ever
        }
        gtk_widget_add_controller(collectionView.viewport, touches)
        // A lift that never reaches the view must not leave a finger counted.
        Signal.connect(raw(collectionView.viewport), "unmap") { [weak self] in self?.fingers = [] }

        Signal.connectScroll(raw(scroll)) { [weak self] dx, dy in
            guard let self else { return false }
            // Only a touchpad's (smooth, in surface pixels) scroll swipes; a wheel scrolls.
            guard gtk_event_controller_scroll_get_unit(self.scroll) == GDK_SCROLL_UNIT_SURFACE,
                  let pointer = self.touchpadPointer else { return false }
            return self.touchpadScrolled(dx: dx, dy: dy, atViewportX: pointer.x, y: pointer.y)
        }
        Signal.connect(raw(scroll), "scroll-end") { [weak self] in self?.touchpadScrollEnded() }
        gtk_widget_add_controller(collectionView.viewport, scroll)
        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(raw(motion), "enter") { [weak self] x, y in self?.touchpadPointer = (x, y) }
        Signal.connectPoint(raw(motion), "motion") { [weak self] x, y in self?.touchpadPointer = (x, y) }
        Signal.connect(raw(motion), "leave") { [weak self] in self?.touchpadPointer = nil }
        gtk_widget_add_controller(collectionView.viewport, motion)
    }

    // MARK: What tests and the rest of the view read

    /// The item whose actions show (open, or under a finger), if any.
    package var swipedItem: IndexPath? { row?.path }
    /// How far its content is slid, in view pixels (positive: to the right).
    package var swipeOffset: Double { row?.offset ?? 0 }
    /// Whether the row is still: not under a finger and not easing.
    package var isSettled: Bool {
        if case .swiping = tracking { return false }
        return row?.ease == nil && closing.isEmpty
    }
    /// The open row's action buttons, in the actions' order (tests click them).
    package var actionButtons: [WidgetPointer] { row?.cell?.swipeActionsView?.buttons ?? [] }

    // MARK: Touch (the drag gesture's entry points)

    /// A finger went down at a viewport point.
    package func touchBegan(x: Double, y: Double) {
        guard let collectionView else { return }
        swallowsPress = false
        touchBeganOnActions = false
        if let row { interrupt(row) }
        // A touch on another row (or on nothing) closes the open one and does nothing else.
        // Here, not only at the click gesture's press: in GTK 4.8 a click gesture whose last
        // sequence another gesture claimed (the swipe) can miss the next press.
        let onActions = isOnActions(atViewportX: x, y: y)
        if let row, !onActions, collectionView.interaction.item(atViewportX: x, y: y) != row.path {
            close()
            swallowsPress = true
            tracking = .ignored
            return
        }
        // A tap on a button is the button's: the row must stay open (its buttons parented)
        // until the button's click runs the action.
        touchBeganOnActions = onActions
        if let path = swipeableItem(atViewportX: x, y: y, in: collectionView) {
            tracking = .undecided(path)
        } else {
            tracking = .ignored
        }
    }

    /// The finger moved by (`dx`, `dy`) from where it went down. Returns true when the drag
    /// became a swipe (the gesture claims it), false when it is not one (it lets it go), nil
    /// while undecided or unchanged.
    @discardableResult
    package func touchMoved(dx: Double, dy: Double) -> Bool? {
        guard let collectionView else { return nil }
        switch tracking {
        case .idle, .ignored:
            return nil
        case let .undecided(path):
            guard gtk_drag_check_threshold(collectionView.viewport, 0, 0, Int32(dx), Int32(dy)) != 0 else { return nil }
            guard abs(dx) > abs(dy), begin(path, in: collectionView) else {
                tracking = .ignored
                return false
            }
            // The press became a swipe: no selection, no menu.
            collectionView.interaction.pressCancelled()
            // The content moves from here on, without the jump of the threshold's pixels.
            tracking = .swiping(startOffset: (row?.offset ?? 0) - dx)
            return true
        case let .swiping(start):
            if let row { slide(row, to: start + dx) }
            return nil
        }
    }

    /// The finger came up.
    package func touchEnded() {
        defer { tracking = .idle; swallowsPress = false; touchBeganOnActions = false }
        // A tap on the open row's content closes it.
        if case let .undecided(path) = tracking, !touchBeganOnActions, let row, row.path == path, row.ease == nil {
            close()
            return
        }
        guard case .swiping = tracking else { return }
        tracking = .idle
        release()
    }

    /// The touch was cancelled (another gesture took it, or the system did): no release, so
    /// nothing opens or runs; a row under the finger eases closed.
    package func touchCancelled() {
        let wasSwiping = isTracking
        tracking = .idle
        swallowsPress = false
        touchBeganOnActions = false
        if wasSwiping { close() }
    }

    /// Another finger came down while one is: a pinch or a two-finger gesture, not a swipe;
    /// the swipe under way (or about to be decided) lets go and its row closes.
    package func secondTouchLanded() {
        switch tracking {
        case .undecided, .swiping:
            gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED)
            touchCancelled()
            tracking = .ignored  // until the fingers lift
        case .idle, .ignored:
            break
        }
    }

    private func touchEvent(_ event: OpaquePointer) {
        let type = gdk_event_get_event_type(event)
        let sequence = UInt(bitPattern: gdk_event_get_event_sequence(event).map { Int(bitPattern: UnsafeRawPointer($0)) } ?? 0)
        if type == GDK_TOUCH_BEGIN {
            fingers.insert(sequence)
            if fingers.count > 1 { secondTouchLanded() }
        } else if type == GDK_TOUCH_END || type == GDK_TOUCH_CANCEL {
            fingers.remove(sequence)
        }
    }

    // MARK: Touchpad (the scroll controller's entry points)

    /// A touchpad scroll of (`dx`, `dy`) surface pixels with the pointer at a viewport point.
    /// Returns whether it was a swipe's (then the view does not scroll).
    package func touchpadScrolled(dx: Double, dy: Double, atViewportX x: Double, y: Double) -> Bool {
        guard let collectionView else { return false }
        if case .idle = tracking {
            if let row { interrupt(row) }
            touchpadTotal = (0, 0)
            tracking = swipeableItem(atViewportX: x, y: y, in: collectionView).map(Tracking.undecided) ?? .ignored
        }
        // Fingers moving right scroll left (dx < 0): the content follows the fingers.
        touchpadTotal.x -= dx
        touchpadTotal.y -= dy
        switch tracking {
        case .idle, .ignored:
            return false
        case .undecided:
            let decided = touchMoved(dx: touchpadTotal.x, dy: touchpadTotal.y)
            return decided == true
        case .swiping:
            touchMoved(dx: touchpadTotal.x, dy: touchpadTotal.y)
            return true
        }
    }

    /// The touchpad scroll ended (fingers lifted: `scroll-end`).
    package func touchpadScrollEnded() {
        touchpadTotal = (0, 0)
        touchEnded()
    }

    // MARK: Opening and closing

    /// Closes the open row, easing its content back when `animated`.
    func close(animated: Bool = true) {
        if let row { interrupt(row) }
        guard let row else { return }
        tracking = .idle
        self.row = nil
        stopEase(row)
        guard animated, row.offset != 0, let collectionView, cv_animations_enabled(collectionView.viewport) != 0 else {
            end(row)
            return
        }
        closing.append(row)
        easeTo(0, row) { [weak self] in self?.end(row) }
    }

    /// The view scrolled: an open row closes (a swipe under way keeps its row).
    func viewScrolled() {
        guard !isTracking else { return }
        close()
    }

    /// Whether a viewport point falls on the open row's action buttons.
    func isOnActions(atViewportX x: Double, y: Double) -> Bool {
        guard let collectionView, let actions = row?.cell?.swipeActionsView?.widget,
              var widget = gtk_widget_pick(collectionView.viewport, x, y, GTK_PICK_DEFAULT) else { return false }
        while widget != collectionView.viewport {
            if widget == actions { return true }
            guard let parent = gtk_widget_get_parent(widget) else { return false }
            widget = parent
        }
        return false
    }

    /// A press went down: one elsewhere than on the open row's buttons closes it (and does
    /// nothing else, as in UIKit). Returns whether it closed a row.
    func pressBegan(atViewportX x: Double, y: Double) -> Bool {
        if swallowsPress {
            swallowsPress = false
            return true
        }
        guard row != nil, isSettled, !isOnActions(atViewportX: x, y: y) else { return false }
        close()
        return true
    }

    /// The data was reloaded: the row closes at once.
    func dataReloaded() {
        close(animated: false)
        for row in closing { stopEase(row); end(row) }
    }

    /// A batch update moved items: rows follow their items (easing ones too, so they end on
    /// their cells). The open row closes when its item moved, as in UIKit: its buttons' handlers
    /// were made for the path it had. When its item went, the row is forgotten and its cell
    /// leaves slid, as the update animates it out. A touch not yet decided lets its item go.
    func itemsMoved(_ newPath: (IndexPath) -> IndexPath?) {
        if case .undecided = tracking { tracking = .ignored }
        closing.removeAll { closing in
            guard let path = newPath(closing.path) else {
                stopEase(closing)
                return true
            }
            closing.path = path
            return false
        }
        guard let row else { return }
        if let path = newPath(row.path) {
            let moved = path != row.path
            row.path = path
            if moved { close() }
        } else {
            stopEase(row)
            tracking = .idle
            self.row = nil
        }
    }

    func dispose() {
        // Ended, not only stopped: a cell kept (a reuse pool outliving the view) is not left slid.
        for row in closing + [row].compactMap({ $0 }) { stopEase(row); row.cell?.endSwipe() }
        closing = []
        row = nil
    }

    // MARK: Inside

    /// The item under a viewport point when it has swipe actions, on a row that does not
    /// scroll across itself (a touch there moves the row).
    private func swipeableItem(atViewportX x: Double, y: Double, in collectionView: CollectionView) -> IndexPath? {
        guard !collectionView.isEditing, collectionView.movement == nil, !scrollsHorizontally(collectionView),
              collectionView.orthogonalScroll.section(at: x, y) == nil,
              let path = collectionView.interaction.item(atViewportX: x, y: y) else { return nil }
        if let row, row.path == path { return path }
        let (leading, trailing) = configurations(for: path, in: collectionView)
        return leading != nil || trailing != nil ? path : nil
    }

    /// Whether the view scrolls sideways (a horizontal layout, or content wider than the
    /// viewport): a swipe slides a row across the scroll direction only, so there a sideways
    /// drag or touchpad scroll is the view's scroll, never a swipe that could trash an item.
    private func scrollsHorizontally(_ collectionView: CollectionView) -> Bool {
        switch collectionView.collectionViewLayout {
        case let flow as FlowLayout where flow.scrollDirection == .horizontal: return true
        case let compositional as CompositionalLayout where compositional.configuration.scrollDirection == .horizontal: return true
        default:
            let h = collectionView.hadjustment
            return gtk_adjustment_get_upper(h) > gtk_adjustment_get_page_size(h) + 0.5
        }
    }

    /// The item's leading and trailing configurations, nil for one without actions.
    private func configurations(for path: IndexPath, in collectionView: CollectionView) -> (SwipeActionsConfiguration?, SwipeActionsConfiguration?) {
        guard let delegate = collectionView.delegate, collectionView.isValidItem(path) else { return (nil, nil) }
        let leading = delegate.collectionView(collectionView, leadingSwipeActionsConfigurationForItemAt: path)
        let trailing = delegate.collectionView(collectionView, trailingSwipeActionsConfigurationForItemAt: path)
        return (leading?.actions.isEmpty == false ? leading : nil, trailing?.actions.isEmpty == false ? trailing : nil)
    }

    /// A swipe begins on `path`: an open row elsewhere closes; false when the item has no
    /// actions or no cell.
    private func begin(_ path: IndexPath, in collectionView: CollectionView) -> Bool {
        if let row, row.path == path, row.cell?.elementKey?.indexPath == path { return true }
        close()  // eases closed on its own while this one follows the finger
        if let index = closing.firstIndex(where: { $0.path == path && $0.cell?.elementKey?.indexPath == path }) {
            // Caught while it eases closed: the finger takes it from where it is.
            let caught = closing.remove(at: index)
            stopEase(caught)
            row = caught
            return true
        }
        let (leading, trailing) = configurations(for: path, in: collectionView)
        guard leading != nil || trailing != nil, let cell = collectionView.cellForItem(at: path) else { return false }
        row = Row(path: path, cell: cell, leading: leading, trailing: trailing)
        return true
    }

    private var isRightToLeft: Bool {
        guard let collectionView else { return false }
        return gtk_widget_get_direction(collectionView.viewport) == GTK_TEXT_DIR_RTL
    }

    /// The configuration shown when the content slides right (`onLeft`) or left: leading on
    /// the left, trailing on the right, mirrored right to left.
    private func configuration(onLeft: Bool, of row: Row) -> SwipeActionsConfiguration? {
        onLeft != isRightToLeft ? row.leading : row.trailing
    }

    /// Slides the row's content to `offset` (clamped to what its actions allow), showing the
    /// actions of the side it uncovers.
    private func slide(_ row: Row, to offset: Double) {
        guard let cell = row.cell, cell.elementKey?.indexPath == row.path else {
            if self.row === row { self.row = nil }
            return
        }
        let width = Double(gtk_widget_get_width(cell.widget))
        var offset = offset
        if offset != 0, let configuration = configuration(onLeft: offset > 0, of: row) {
            let view = actionsView(onLeft: offset > 0, configuration, for: row, cell: cell)
            // Without a full swipe the content stops a little past the buttons, resisting.
            let reveal = view.revealWidth
            let limit = configuration.performsFirstActionWithFullSwipe ? width : reveal + max(0, abs(offset) - reveal) / 3
            offset = offset > 0 ? min(offset, limit) : max(offset, -limit)
            view.isFullSwipe = configuration.performsFirstActionWithFullSwipe
                && abs(offset) >= Self.fullSwipeDistance(width: width, reveal: reveal)
        } else {
            offset = 0
        }
        row.offset = offset
        if offset == 0, row.ease == nil, !(isTracking && self.row === row) {
            end(row)
            return
        }
        if let view = cell.swipeActionsView { cv_view_root_set_slide(cell.widget, view.widget, offset) }
        cell.isSwiped = true
    }

    private var isTracking: Bool {
        if case .swiping = tracking { return true }
        return false
    }

    /// The cell's actions view for a side, made (and the other side's removed) when needed.
    private func actionsView(onLeft: Bool, _ configuration: SwipeActionsConfiguration, for row: Row,
                             cell: CollectionViewCell) -> SwipeActionsView {
        if let view = cell.swipeActionsView, view.onLeft == onLeft { return view }
        cell.endSwipe()
        let view = SwipeActionsView(actions: configuration.actions, onLeft: onLeft) { [weak self, weak row] index in
            guard let self, let row else { return }
            self.perform(index, of: row, from: self.row?.cell?.swipeActionsView?.buttons[safe: index])
        }
        gtk_widget_insert_after(view.widget, cell.widget, nil)  // first: the slide layout places it
        cell.swipeActionsView = view
        return view
    }

    /// The finger left: open, close or perform the first action, by how far the row went.
    private func release() {
        guard let row, let cell = row.cell, let view = cell.swipeActionsView, row.offset != 0,
              let configuration = configuration(onLeft: row.offset > 0, of: row) else {
            close()
            return
        }
        let width = Double(gtk_widget_get_width(cell.widget))
        let sign = row.offset > 0 ? 1.0 : -1.0
        if configuration.performsFirstActionWithFullSwipe, abs(row.offset) >= Self.fullSwipeDistance(width: width, reveal: view.revealWidth) {
            easeTo(sign * width, row, commits: true) { [weak self] in self?.perform(0, of: row, from: cell.widget) }
        } else if abs(row.offset) >= view.revealWidth / 2 {
            easeTo(sign * view.revealWidth, row) {}
        } else {
            close()
        }
    }

    /// Calls an action's handler; when it completes the row closes, unless its item went (the
    /// update that removed it animates the row out).
    private func perform(_ index: Int, of row: Row, from source: WidgetPointer?) {
        guard let collectionView, let cell = row.cell, let view = cell.swipeActionsView, index < view.actions.count else { return }
        let action = view.actions[index]
        var completed = false
        // The view is done with the swipe: an update the handler makes lands before it returns.
        collectionView.work.runWithSafePoints {
            collectionView.work.runAtSafePoint {
                action.handler(action, source ?? cell.widget) { [weak self, weak row] _ in
                    guard !completed else { return }
                    completed = true
                    guard let self, let row, self.row === row else { return }
                    self.close()
                }
            }
        }
    }

    /// Ends the swipe on the row's cell: content back in place, buttons gone.
    private func end(_ row: Row) {
        // By the cell itself: a cell another row (open or easing) took since is not this one's.
        if let cell = row.cell, !([self.row].compactMap { $0 } + closing).contains(where: { $0 !== row && $0.cell === cell }) {
            cell.endSwipe()
        }
        if self.row === row { self.row = nil }
        closing.removeAll { $0 === row }
    }

    /// Eases a row's offset to `target` over ``easeDuration``, then runs `then`.
    private func easeTo(_ target: Double, _ row: Row, commits: Bool = false, then: @escaping @MainActor () -> Void) {
        guard let collectionView else { return }
        stopEase(row)
        guard cv_animations_enabled(collectionView.viewport) != 0, row.offset != target else {
            slideSettled(row, to: target)
            then()
            return
        }
        let tick = Tick.add(collectionView.viewport) { [weak self] time in
            guard let self, var ease = row.ease else { return false }
            let start = ease.start ?? time
            ease.start = start
            row.ease = ease
            let t = min(1, (time - start) / Self.easeDuration)
            guard t < 1 else {
                row.ease = nil
                self.slideSettled(row, to: ease.to)
                ease.then()
                return false
            }
            let eased = 1 - (1 - t) * (1 - t) * (1 - t)  // ease-out cubic
            self.slide(row, to: ease.from + (ease.to - ease.from) * eased)
            return true
        }
        row.ease = Ease(tick: tick, from: row.offset, to: target, start: nil, commits: commits, then: then)
    }

    /// Slides to a resting offset (0 ends the swipe).
    private func slideSettled(_ row: Row, to offset: Double) {
        if offset == 0 {
            row.offset = 0
            end(row)
        } else {
            slide(row, to: offset)
        }
    }

    /// Something takes the row (a touch, a scroll, a close): its ease stops where it is, but a
    /// committed full swipe finishes at once and performs its action.
    private func interrupt(_ row: Row) {
        guard let ease = row.ease, ease.commits else { return stopEase(row) }
        stopEase(row)
        slideSettled(row, to: ease.to)
        ease.then()
    }

    private func stopEase(_ row: Row) {
        guard let ease = row.ease, let collectionView else { return }
        row.ease = nil
        gtk_widget_remove_tick_callback(collectionView.viewport, ease.tick)
    }
}

extension CollectionViewCell {
    /// Puts the content back and removes the swipe actions (a closed swipe, or reuse).
    func endSwipe() {
        if let view = swipeActionsView {
            cv_view_root_set_slide(widget, nil, 0)
            if gtk_widget_get_parent(view.widget) == widget { gtk_widget_unparent(view.widget) }
            swipeActionsView = nil
        }
        isSwiped = false
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
