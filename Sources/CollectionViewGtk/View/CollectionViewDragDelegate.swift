import CollectionLayout

/// Supplies what dragging items out of the view carries (`UICollectionViewDragDelegate`). Set
/// it as ``CollectionView/dragDelegate`` (held weakly): a press on an item and a drag beyond
/// GTK's threshold then start a drag whose content other apps (a file manager, an editor) and
/// other views can take. Drags never start on empty space (it belongs to other gestures), nor
/// when ``CollectionView/installsStandardGestureForInteractiveMovement`` is true.
@MainActor
public protocol CollectionViewDragDelegate: AnyObject {
    /// What dragging the item carries (`collectionView(_:itemsForBeginning:at:)`); empty: the
    /// item cannot be dragged. When the item is selected along with others, the drag carries
    /// every selected item, and this is asked for each of them (the dragged one first).
    func collectionView(_ collectionView: CollectionView, itemsForBeginningDragAt indexPath: IndexPath) -> [DragItem]
    /// The drag the view started ended (`collectionView(_:dragSessionDidEnd:)`): dropped
    /// somewhere (`operation` is what the receiver did) or cancelled (`.cancel`). Default:
    /// nothing.
    func collectionView(_ collectionView: CollectionView, dragSessionDidEndWith operation: DropOperation)
}

extension CollectionViewDragDelegate {
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, dragSessionDidEndWith operation: DropOperation) {}
}
