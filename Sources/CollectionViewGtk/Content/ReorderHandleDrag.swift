import CGtk
import GtkGlue
import CollectionLayout

/// The drag on a ``CellAccessory/reorder(displayed:options:)`` handle: past GTK's drag
/// threshold it starts the collection view's interactive movement of the cell's item, moves it
/// with the pointer (scrolling near the edges), and ends it at the release.
///
/// The press is claimed at once, so the row is neither highlighted nor selected, and the view's
/// own drags (rubber band, its standard reorder gesture) do not start.
@MainActor
final class ReorderHandleDrag {
    private let gesture: OpaquePointer
    private let handle: WidgetPointer
    private weak var accessory: AccessoryView?
    private weak var collectionView: CollectionView?
    private var autoscroll: EdgeAutoscroll?
    /// Where the press began, in the handle's coordinates.
    private var startInHandle = Point.zero
    /// The pointer, in the layout's viewport coordinates (flipped when mirrored).
    private var pointer = Point.zero
    /// The pointer's content point minus the moving cell's centre, kept through the move.
    private var grab = Point.zero
    private var item: IndexPath?
    private var isMoving = false

    init(handle: WidgetPointer, accessory: AccessoryView) {
        self.handle = handle
        self.accessory = accessory
        let drag = gtk_gesture_drag_new()!
        gesture = drag
        gtk_gesture_single_set_button(drag, guint(GDK_BUTTON_PRIMARY))
        Signal.connectPoint(raw(drag), "drag-begin") { [weak self] x, y in self?.began(x: x, y: y) }
        Signal.connectPoint(raw(drag), "drag-update") { [weak self] dx, dy in self?.updated(dx: dx, dy: dy) }
        Signal.connectPoint(raw(drag), "drag-end") { [weak self] _, _ in self?.ended(cancelled: false) }
        Signal.connectPointer(raw(drag), "cancel") { [weak self] in self?.ended(cancelled: true) }
        gtk_widget_add_controller(handle, drag)
    }

    private func began(x: Double, y: Double) {
        guard let cell = accessory?.cell, let collectionView = cell.owner, let path = cell.elementKey?.indexPath,
              cell.elementKey?.category == .cell, collectionView.movement == nil else {
            gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_DENIED)
            return
        }
        gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
        self.collectionView = collectionView
        item = path
        startInHandle = Point(x: x, y: y)
        pointer = viewportPoint(offset: .zero, in: collectionView) ?? pointer
    }

    /// The pointer in the layout's viewport coordinates. The handle moves with the cell while the
    /// item moves, so the point is taken back through the handle's place now, not the start's.
    private func viewportPoint(offset: Point, in collectionView: CollectionView) -> Point? {
        var inHandle = graphene_point_t(x: Float(startInHandle.x + offset.x), y: Float(startInHandle.y + offset.y))
        var inViewport = graphene_point_t()
        guard gtk_widget_compute_point(handle, collectionView.viewport, &inHandle, &inViewport) != 0 else { return nil }
        return Point(x: collectionView.layoutViewportX(Double(inViewport.x)), y: Double(inViewport.y))
    }

    private func updated(dx: Double, dy: Double) {
        guard let collectionView, let item else { return }
        if let point = viewportPoint(offset: Point(x: dx, y: dy), in: collectionView) { pointer = point }
        if !isMoving {
            guard gtk_drag_check_threshold(handle, 0, 0, Int32(dx), Int32(dy)) != 0 else { return }
            guard collectionView.beginInteractiveMovementForItem(at: item), let moving = collectionView.movement else {
                self.item = nil
                return
            }
            let start = contentPoint(in: collectionView)
            grab = Point(x: start.x - moving.position.x, y: start.y - moving.position.y)
            isMoving = true
            let autoscroll = EdgeAutoscroll(collectionView: collectionView)
            autoscroll.scrolled = { [weak self] in self?.follow() }
            self.autoscroll = autoscroll
        }
        follow()
        autoscroll?.update(viewportX: pointer.x, y: pointer.y)
    }

    private func contentPoint(in collectionView: CollectionView) -> Point {
        let offset = collectionView.contentOffset
        return Point(x: pointer.x + offset.x, y: pointer.y + offset.y)
    }

    /// The pointer moved, or the view scrolled under it.
    private func follow() {
        guard isMoving, let collectionView, collectionView.movement != nil else { return }
        let point = contentPoint(in: collectionView)
        collectionView.updateInteractiveMovementTargetPosition(Point(x: point.x - grab.x, y: point.y - grab.y))
    }

    private func ended(cancelled: Bool) {
        autoscroll?.stop()
        autoscroll = nil
        defer {
            isMoving = false
            item = nil
            collectionView = nil
        }
        guard isMoving, let collectionView, collectionView.movement != nil else { return }
        if cancelled { collectionView.cancelInteractiveMovement() } else { collectionView.endInteractiveMovement() }
    }
}
