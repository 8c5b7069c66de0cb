import CGtk
import GtkGlue
import CollectionLayout

/// Drags out of the view and drops onto it: a GtkDragSource and a GtkDropTargetAsync on the
/// viewport, between GTK and the drag and drop delegates. Drags start only from items (empty
/// space belongs to the rubber band), and not from items the view reorders itself
/// (``CollectionView/installsStandardGestureForInteractiveMovement`` with a data source that
/// can move them).
@MainActor
final class DragAndDrop {
    private weak var collectionView: CollectionView?
    private let source: OpaquePointer  // GtkDragSource
    private let target: OpaquePointer  // GtkDropTargetAsync
    /// The press whose drag the delegate declined: GTK asks again on every motion past the
    /// threshold, and the answer does not change within one press.
    private var declinedPress: (Double, Double)?
    /// The drag hovering the view, or being dropped. Cells on screen learn when one starts or
    /// ends (their ``CellConfigurationState/cellDropState``).
    package private(set) var session: DropSession? {
        didSet { if (oldValue == nil) != (session == nil) { updateDropStates() } }
    }
    /// The cell marked as the drop's target (insert-into proposals).
    private var targetCell: ReusableView?
    /// The item the drop goes into, for insert-into proposals.
    package private(set) var dropTargetItem: IndexPath?
    /// Scrolls while the drop hovers near an edge.
    private let autoscroll: EdgeAutoscroll
    /// The pointer of the hovering drop, in viewport coordinates.
    private var hoverPoint: (x: Double, y: Double)?

    /// The CSS class of the cell an insert-into drop would go into.
    static let dropTargetClass = "drop-target"

    init(collectionView: CollectionView) {
        self.collectionView = collectionView
        autoscroll = EdgeAutoscroll(collectionView: collectionView)
        let viewport = collectionView.viewport

        source = gtk_drag_source_new()!
        target = gtk_drop_target_async_new(nil, GdkDragAction(rawValue: GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue))!
        // Copy only: a receiver that moved what it took (a file manager) would delete the
        // app's own files.
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        Signal.connectPointer(raw(source), "begin") { [weak self] in self?.declinedPress = nil }
        Signal.connectPrepare(raw(source)) { [weak self] x, y in self?.prepare(x: x, y: y) }
        Signal.connectDragEnd(raw(source)) { [weak self] drag, _ in self?.dragEnded(drag) }
        gtk_widget_add_controller(viewport, source)

        Signal.connectDropAccept(raw(target)) { [weak self] drop in self?.accept(drop) ?? false }
        Signal.connectDropMotion(raw(target), "drag-enter") { [weak self] drop, x, y in
            self?.entered(drop, x: x, y: y) ?? GdkDragAction(rawValue: 0)
        }
        Signal.connectDropMotion(raw(target), "drag-motion") { [weak self] drop, x, y in
            self?.moved(drop, x: x, y: y) ?? GdkDragAction(rawValue: 0)
        }
        Signal.connectDropLeave(raw(target)) { [weak self] _ in self?.left() }
        Signal.connectDrop(raw(target)) { [weak self] drop, x, y in self?.dropped(drop, x: x, y: y) ?? false }
        gtk_widget_add_controller(viewport, target)
        autoscroll.scrolled = { [weak self] in self?.scrolledUnderDrop() }
    }

    // MARK: Dragging out

    /// The content a drag starting at a viewport point carries, or nil for no drag: the
    /// point is on empty space, the view reorders items itself, or the delegate gives nothing.
    /// The caller owns the returned reference.
    package func contentProvider(atViewportX x: Double, y: Double) -> UnsafeMutablePointer<GdkContentProvider>? {
        guard let collectionView, let delegate = collectionView.dragDelegate,
              let path = collectionView.interaction.item(atViewportX: x, y: y), collectionView.isValidItem(path),
              !canReorder(path, in: collectionView) else { return nil }
        // A selected item drags the whole selection with it, itself first.
        var paths = [path]
        if collectionView.selection.selected.contains(path) {
            paths += collectionView.indexPathsForSelectedItems.filter { $0 != path && collectionView.isValidItem($0) }
        }
        let items = collectionView.work.runNow {
            paths.flatMap { delegate.collectionView(collectionView, itemsForBeginningDragAt: $0) }
        }
        guard collectionView.isValidItem(path) else { return nil }  // the delegate changed the data
        return DragItem.contentProvider(for: items.filter { !$0.isEmpty })
    }

    /// Whether a drag of the item reorders it instead (the standard gesture is installed and the
    /// data source can move it).
    private func canReorder(_ path: IndexPath, in collectionView: CollectionView) -> Bool {
        guard collectionView.installsStandardGestureForInteractiveMovement, let dataSource = collectionView.dataSource else { return false }
        return collectionView.work.runNow { dataSource.collectionView(collectionView, canMoveItemAt: path) }
    }

    private func prepare(x: Double, y: Double) -> UnsafeMutablePointer<GdkContentProvider>? {
        if let declined = declinedPress, declined == (x, y) { return nil }
        guard let provider = contentProvider(atViewportX: x, y: y) else {
            declinedPress = (x, y)
            return nil
        }
        // The press becomes a drag: it no longer highlights or selects.
        collectionView?.interaction.pressCancelled()
        setIcon(atViewportX: x, y: y)
        return provider
    }

    /// The dragged cell, as it looks, under the pointer where it was grabbed.
    private func setIcon(atViewportX x: Double, y: Double) {
        guard let collectionView, let path = collectionView.interaction.item(atViewportX: x, y: y),
              let cell = collectionView.cellForItem(at: path) else { return }
        var point = graphene_point_t(x: Float(x), y: Float(y)), inCell = graphene_point_t()
        guard gtk_widget_compute_point(collectionView.viewport, cell.widget, &point, &inCell) != 0,
              let paintable = gtk_widget_paintable_new(cell.widget) else { return }
        gtk_drag_source_set_icon(source, paintable, Int32(inCell.x), Int32(inCell.y))
        g_object_unref(raw(paintable))
    }

    private func dragEnded(_ drag: OpaquePointer?) {
        guard let collectionView, let delegate = collectionView.dragDelegate else { return }
        let action = drag.map { gdk_drag_get_selected_action($0) } ?? GdkDragAction(rawValue: 0)
        collectionView.work.runAtSafePoint { delegate.collectionView(collectionView, dragSessionDidEndWith: DropOperation(gdkAction: action)) }
    }

    // MARK: Dropping in

    private func accept(_ drop: OpaquePointer) -> Bool {
        guard let collectionView, let delegate = collectionView.dropDelegate else { return false }
        if let session, session.drop == drop { return true }
        let candidate = DropSession(drop: drop)
        guard collectionView.work.runNow({ delegate.collectionView(collectionView, canHandle: candidate) }) else { return false }
        session = candidate
        return true
    }

    private func entered(_ drop: OpaquePointer, x: Double, y: Double) -> GdkDragAction {
        guard let collectionView, let delegate = collectionView.dropDelegate, accept(drop), let session else { return GdkDragAction(rawValue: 0) }
        collectionView.work.runNow { delegate.collectionView(collectionView, dropSessionDidEnter: session) }
        return moved(drop, x: x, y: y)
    }

    private func moved(_ drop: OpaquePointer, x: Double, y: Double) -> GdkDragAction {
        guard let collectionView, let session, session.drop == drop, session.operation == nil else { return GdkDragAction(rawValue: 0) }
        let (proposal, destination) = propose(session, x: x, y: y, in: collectionView)
        show(proposal, at: destination, in: collectionView)
        hoverPoint = (x, y)
        autoscroll.update(viewportX: collectionView.layoutViewportX(x), y: y)  // the layout's way round
        return action(for: proposal, in: session)
    }

    /// The view scrolled under a pointer held near an edge: the destination moved with it.
    private func scrolledUnderDrop() {
        guard let collectionView, let session, session.operation == nil, let (x, y) = hoverPoint else { return }
        let (proposal, destination) = propose(session, x: x, y: y, in: collectionView)
        show(proposal, at: destination, in: collectionView)
    }

    /// Asks the delegate what a drop at a viewport point would do; the proposal and the
    /// destination it is for (the item itself for insert-into proposals).
    private func propose(_ session: DropSession, x: Double, y: Double, in collectionView: CollectionView) -> (DropProposal, IndexPath?) {
        let offset = collectionView.contentOffset
        session.location = Point(x: collectionView.layoutViewportX(x) + offset.x, y: y + offset.y)
        let (insertion, under) = destination(at: session.location, in: collectionView)
        guard let delegate = collectionView.dropDelegate else { return (DropProposal(operation: .cancel), nil) }
        let proposal = collectionView.work.runNow {
            delegate.collectionView(collectionView, dropSessionDidUpdate: session, withDestinationIndexPath: insertion)
        }
        session.proposal = proposal
        return (proposal, proposal.intent == .insertIntoDestinationIndexPath ? under : insertion)
    }

    /// The GDK action for a proposal: its operation when the source allows it, else none.
    private func action(for proposal: DropProposal, in session: DropSession) -> GdkDragAction {
        let action = proposal.operation.gdkAction
        return gdk_drop_get_actions(session.drop).rawValue & action.rawValue != 0 ? action : GdkDragAction(rawValue: 0)
    }

    /// The gap or the highlighted item for a proposal.
    private func show(_ proposal: DropProposal?, at destination: IndexPath?, in collectionView: CollectionView) {
        let takes = proposal.map { $0.operation == .copy || $0.operation == .move } ?? false
        let gap = takes && proposal?.intent == .insertAtDestinationIndexPath ? destination : nil
        if collectionView.dropGapIndexPath != gap { collectionView.setDropGap(at: gap) }
        let into = takes && proposal?.intent == .insertIntoDestinationIndexPath ? destination : nil
        dropTargetItem = into
        let cell = into.flatMap { collectionView.cellForItem(at: $0) }
        guard cell !== targetCell else { return }
        if let old = targetCell {
            gtk_widget_remove_css_class(old.widget, Self.dropTargetClass)
            (old as? CollectionViewCell)?.dropState = session == nil ? .none : .notTargeted
        }
        if let cell {
            gtk_widget_add_css_class(cell.widget, Self.dropTargetClass)
            cell.dropState = .targeted
        }
        targetCell = cell
    }

    /// A cell's part in the drop now: what the view gives a cell it shows during a drop.
    func dropState(forItemAt indexPath: IndexPath) -> CellConfigurationState.DropState {
        guard session != nil else { return .none }
        return indexPath == dropTargetItem ? .targeted : .notTargeted
    }

    /// A drop began or ended: every cell on screen is told (the target, if any, by `show`).
    private func updateDropStates() {
        guard let collectionView else { return }
        for cell in collectionView.visibleCells where cell !== targetCell {
            cell.dropState = session == nil ? .none : .notTargeted
        }
    }

    private func left() {
        autoscroll.stop()
        hoverPoint = nil
        guard let collectionView, let session, session.operation == nil else { return }
        show(nil, at: nil, in: collectionView)
        self.session = nil
        guard let delegate = collectionView.dropDelegate else { return }
        collectionView.work.runNow {
            delegate.collectionView(collectionView, dropSessionDidExit: session)
            delegate.collectionView(collectionView, dropSessionDidEnd: session)
        }
    }

    private func dropped(_ drop: OpaquePointer, x: Double, y: Double) -> Bool {
        guard let collectionView, let delegate = collectionView.dropDelegate, accept(drop), let session, session.operation == nil else {
            return false
        }
        autoscroll.stop()
        hoverPoint = nil
        let (proposal, destination) = propose(session, x: x, y: y, in: collectionView)
        show(nil, at: nil, in: collectionView)
        let action = action(for: proposal, in: session)
        guard action.rawValue != 0 else {
            self.session = nil
            collectionView.work.runNow {
                delegate.collectionView(collectionView, dropSessionDidExit: session)
                delegate.collectionView(collectionView, dropSessionDidEnd: session)
            }
            return false
        }
        session.operation = proposal.operation
        // The drop is the app's to make: an update there lands before performDrop returns.
        collectionView.work.runAtSafePoint { delegate.collectionView(collectionView, performDrop: session, at: destination) }
        // The source must keep its data until every load has been answered: finish after.
        let finish = { @MainActor [weak self, weak collectionView] in
            gdk_drop_finish(session.drop, action)
            if self?.session === session { self?.session = nil }
            guard let collectionView, let delegate = collectionView.dropDelegate else { return }
            collectionView.work.runAtSafePoint { delegate.collectionView(collectionView, dropSessionDidEnd: session) }
        }
        if session.pendingLoads == 0 { finish() } else { session.whenLoaded = finish }
        return true
    }

    /// Where an insertion at a content point goes, and the item under it. Beside an item: its
    /// index in its leading half, the next one in its trailing half (above or below it: before
    /// or after it); the nearest item decides on empty space; without items, the end of the
    /// last section.
    /// With a drop gap open the view shows one item more than the data source has: both
    /// answers are the data source's index paths (the gap's own place is its insertion point).
    func destination(at point: Point, in collectionView: CollectionView) -> (insertion: IndexPath?, under: IndexPath?) {
        let (insertion, under) = shownDestination(at: point, in: collectionView)
        guard let gap = collectionView.dropGapIndexPath else { return (insertion, under) }
        let dataInsertion = insertion.map { s in
            s.section == gap.section && s.item > gap.item ? IndexPath(item: s.item - 1, section: s.section) : s
        }
        let dataUnder = under.flatMap { $0 == gap ? nil : collectionView.dataSourceIndexPath(forShownIndexPath: $0) }
        return (dataInsertion, dataUnder)
    }

    private func shownDestination(at point: Point, in collectionView: CollectionView) -> (insertion: IndexPath?, under: IndexPath?) {
        let under = collectionView.indexPathForItem(at: point)
        let sections = collectionView.numberOfSections
        guard sections > 0 else { return (nil, under) }
        // The nearest cell within a generous reach; its frame decides before or after.
        let reach = max(200, collectionView.bounds.width, collectionView.bounds.height)
        let near = collectionView.collectionViewLayout.layoutAttributesForElements(
            in: Rect(x: point.x - reach, y: point.y - reach, width: 2 * reach, height: 2 * reach))
            .filter { $0.representedElementCategory == .cell && !$0.isHidden && collectionView.isValidItem($0.indexPath) }
        func distance(_ r: Rect) -> Double {
            let dx = max(r.minX - point.x, 0, point.x - r.maxX), dy = max(r.minY - point.y, 0, point.y - r.maxY)
            return dx * dx + dy * dy
        }
        let nearest = under.flatMap { path in near.first { $0.indexPath == path } }
            ?? near.min { distance($0.frame) < distance($1.frame) }
        guard let nearest else {
            let last = sections - 1
            return (IndexPath(item: collectionView.numberOfItems(inSection: last), section: last), under)
        }
        let frame = nearest.frame
        let after: Bool
        if point.y < frame.minY { after = false }
        else if point.y > frame.maxY { after = true }
        else { after = point.x >= frame.midX }
        let path = nearest.indexPath
        return (IndexPath(item: path.item + (after ? 1 : 0), section: path.section), under)
    }

    /// The widget is going away.
    func dispose() {
        autoscroll.stop()
        hoverPoint = nil
        if let collectionView { show(nil, at: nil, in: collectionView) }
        session = nil
    }
}
