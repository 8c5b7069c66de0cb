import CGtk
import GtkGlue
import CCollectionHost
import CollectionLayout

/// What a drag with the primary button does once it passes GTK's drag threshold: from an item
/// that can move (with ``CollectionView/installsStandardGestureForInteractiveMovement``) it
/// reorders; from empty space (in multiple selection) it draws a rubber band that selects.
/// Either scrolls the view when the pointer nears an edge. Touch drags are left to scrolling.
@MainActor
final class PointerDrag {
    enum Mode { case idle, undecided, moving, band }

    private weak var collectionView: CollectionView?
    private weak var interaction: Interaction?
    private let gesture: OpaquePointer
    private(set) var mode = Mode.idle
    /// Where the drag began and where the pointer is, in viewport coordinates.
    private var start = Point.zero
    /// Where the drag began as GTK gave it (for the release point of a plain click).
    private var rawStart = Point.zero
    private var pointer = Point.zero
    private var startItem: IndexPath?
    /// The pointer's offset from the moving cell's centre, kept so the cell does not jump.
    private var grab = Point.zero
    private var band: RubberBand?
    private var bandWidget: WidgetPointer?
    private let autoscroll: EdgeAutoscroll

    init(collectionView: CollectionView, interaction: Interaction) {
        self.collectionView = collectionView
        self.interaction = interaction
        autoscroll = EdgeAutoscroll(collectionView: collectionView)
        let drag = gtk_gesture_drag_new()!
        gesture = drag
        gtk_gesture_single_set_button(drag, guint(GDK_BUTTON_PRIMARY))
        Signal.connectPoint(raw(drag), "drag-begin") { [weak self] x, y in self?.began(x: x, y: y) }
        Signal.connectPoint(raw(drag), "drag-update") { [weak self] dx, dy in self?.updated(dx: dx, dy: dy) }
        Signal.connectPoint(raw(drag), "drag-end") { [weak self] dx, dy in
            guard let self else { return }
            self.ended(cancelled: false)
            self.interaction?.primaryButtonReleased(x: self.rawStart.x + dx, y: self.rawStart.y + dy,
                                                    modifiers: gtk_event_controller_get_current_event_state(self.gesture))
        }
        Signal.connectPointer(raw(drag), "cancel") { [weak self] in self?.ended(cancelled: true) }
        gtk_widget_add_controller(collectionView.viewport, drag)
        autoscroll.scrolled = { [weak self] in
            guard let self, let collectionView = self.collectionView, self.isActive else { return }
            self.follow(in: collectionView)  // the content moved under the pointer
        }
    }

    /// Another gesture took the drag (a row that scrolls across): no band, no move.
    func standDown() {
        if mode != .idle { gtk_event_controller_reset(gesture) }
    }

    private func began(x: Double, y: Double) {
        guard let collectionView else { return }
        rawStart = Point(x: x, y: y)
        mode = .idle
        if let device = gtk_gesture_get_device(gesture), gdk_device_get_source(device) == GDK_SOURCE_TOUCHSCREEN { return }
        start = Point(x: collectionView.layoutViewportX(x), y: y)  // the layout's way round; picking below is GTK's
        pointer = start
        startItem = interaction?.item(atViewportX: x, y: y)
        mode = .undecided
    }

    private func updated(dx: Double, dy: Double) {
        guard let collectionView, mode != .idle else { return }
        pointer = Point(x: start.x + (collectionView.isMirrored ? -dx : dx), y: start.y + dy)
        if mode == .undecided {
            guard gtk_drag_check_threshold(collectionView.viewport, 0, 0, Int32(dx), Int32(dy)) != 0 else { return }
            decide(in: collectionView)
        }
        follow(in: collectionView)
        if isActive { autoscroll.update(viewportX: pointer.x, y: pointer.y) }
    }

    /// The drag passed the threshold: a move, a band, or nothing of ours.
    private func decide(in collectionView: CollectionView) {
        let offset = collectionView.contentOffset
        let startInContent = Point(x: start.x + offset.x, y: start.y + offset.y)
        if let item = startItem {
            guard collectionView.installsStandardGestureForInteractiveMovement,
                  collectionView.beginInteractiveMovementForItem(at: item), let moving = collectionView.movement else {
                mode = .idle
                return
            }
            grab = Point(x: startInContent.x - moving.position.x, y: startInContent.y - moving.position.y)
            mode = .moving
        } else {
            guard collectionView.allowsSelection, collectionView.allowsMultipleSelection else {
                mode = .idle
                return
            }
            let state = gtk_event_controller_get_current_event_state(gesture)
            band = collectionView.beginRubberBand(at: startInContent, adding: state.rawValue & GDK_CONTROL_MASK.rawValue != 0)
            let widget = cv_rubberband_new()!
            gtk_widget_set_parent(widget, collectionView.viewport)
            bandWidget = widget
            mode = .band
        }
        gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)  // the click and long press let go
        interaction?.pressCancelled()
    }

    /// The pointer moved, or the view scrolled under it.
    private func follow(in collectionView: CollectionView) {
        let offset = collectionView.contentOffset
        let inContent = Point(x: pointer.x + offset.x, y: pointer.y + offset.y)
        switch mode {
        case .moving:
            collectionView.updateInteractiveMovementTargetPosition(Point(x: inContent.x - grab.x, y: inContent.y - grab.y))
        case .band:
            guard var current = band else { return }
            collectionView.updateRubberBand(&current, to: inContent)
            band = current
            gtk_widget_queue_allocate(collectionView.viewport)
        case .idle, .undecided:
            break
        }
    }

    private func ended(cancelled: Bool) {
        let was = mode
        mode = .idle
        autoscroll.stop()
        switch was {
        case .moving:
            guard let collectionView, collectionView.movement != nil else { break }
            if cancelled { collectionView.cancelInteractiveMovement() } else { collectionView.endInteractiveMovement() }
        case .band:
            removeBand()
        case .idle, .undecided:
            break
        }
    }

    /// Escape, a reload or the widget going: a move goes back, a band ends where it is.
    func cancel() {
        guard mode == .moving || mode == .band else { return }
        ended(cancelled: true)
        gtk_event_controller_reset(gesture)
    }

    var isActive: Bool { mode == .moving || mode == .band }

    // MARK: The band

    /// Places the band's widget over the viewport (from the viewport's allocation).
    func allocateBand() {
        guard let widget = bandWidget, let band, let collectionView else { return }
        let offset = collectionView.contentOffset
        let size = collectionView.bounds.size
        var rect = band.rect
        if collectionView.isMirrored {  // drawn where the flipped canvas shows it
            rect = Rect(x: 2 * offset.x + size.width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
        }
        // Clipped a little outside the viewport, so only the band's visible edges are drawn.
        let minX = max(-2, rect.minX - offset.x), minY = max(-2, rect.minY - offset.y)
        let maxX = min(size.width + 2, rect.maxX - offset.x), maxY = min(size.height + 2, rect.maxY - offset.y)
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
        var allocation = GtkAllocation(x: Int32(minX.rounded()), y: Int32(minY.rounded()),
                                       width: Int32(max(0, maxX - minX).rounded()), height: Int32(max(0, maxY - minY).rounded()))
        gtk_widget_size_allocate(widget, &allocation, -1)
    }

    /// The band in content coordinates, while one is drawn.
    var bandRect: Rect? { band?.rect }

    private func removeBand() {
        band = nil
        if let widget = bandWidget {
            bandWidget = nil
            gtk_widget_unparent(widget)
        }
    }

    func dispose() {
        autoscroll.stop()
        removeBand()
        mode = .idle
    }
}
