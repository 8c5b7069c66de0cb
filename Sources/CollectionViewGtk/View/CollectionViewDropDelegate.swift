import CollectionLayout

/// Takes drops from other apps and views (`UICollectionViewDropDelegate`). Set it as
/// ``CollectionView/dropDelegate`` (held weakly). While a drag hovers the view, the delegate
/// proposes what a drop there would do; the view then opens a gap at the insertion index path
/// (``DropProposal/Intent/insertAtDestinationIndexPath``) or highlights the item under the
/// pointer (``DropProposal/Intent/insertIntoDestinationIndexPath``, the `drop-target` CSS
/// class on its cell), and on the drop asks the delegate to perform it.
///
/// The destination index path is where an insertion would go: the item under the pointer
/// when the pointer is in its leading half, the next index when in its trailing half; the
/// nearest item decides on empty space, and the end of the last section when there are no
/// items. For an insert-into proposal the view passes the item under the pointer instead.
/// Nil when the view has no sections.
@MainActor
public protocol CollectionViewDropDelegate: AnyObject {
    /// Whether the view takes this drag at all (`collectionView(_:canHandle:)`): look at the
    /// offered formats (``DropSession/canLoadFiles`` and so on). False: no further calls for
    /// this drag. Default true.
    func collectionView(_ collectionView: CollectionView, canHandle session: DropSession) -> Bool
    /// A drag entered the view (`collectionView(_:dropSessionDidEnter:)`). Default: nothing.
    func collectionView(_ collectionView: CollectionView, dropSessionDidEnter session: DropSession)
    /// The drag moved over the view: what would a drop here do
    /// (`collectionView(_:dropSessionDidUpdate:withDestinationIndexPath:)`). Asked on every
    /// motion, so answer quickly; ``DropSession/location`` is the pointer in content
    /// coordinates. Default: `.cancel`.
    func collectionView(_ collectionView: CollectionView, dropSessionDidUpdate session: DropSession,
                        withDestinationIndexPath destinationIndexPath: IndexPath?) -> DropProposal
    /// The user dropped with a proposal whose operation is `.copy` or `.move`
    /// (`collectionView(_:performDropWith:)`): load the content with the session's loaders
    /// and update the data. ``DropSession/operation`` is the operation the drop completes
    /// with; ``DropSession/proposal`` the last proposal. The drop is reported finished to the
    /// source once this has returned and every load it started has called back.
    func collectionView(_ collectionView: CollectionView, performDrop session: DropSession, at destinationIndexPath: IndexPath?)
    /// The drag left the view without a drop (`collectionView(_:dropSessionDidExit:)`).
    /// Default: nothing.
    func collectionView(_ collectionView: CollectionView, dropSessionDidExit session: DropSession)
    /// The view is done with the drag (`collectionView(_:dropSessionDidEnd:)`): after a drop
    /// has finished, or after the drag left. Default: nothing.
    func collectionView(_ collectionView: CollectionView, dropSessionDidEnd session: DropSession)
}

extension CollectionViewDropDelegate {
    /// True: every drag is considered.
    public func collectionView(_ collectionView: CollectionView, canHandle session: DropSession) -> Bool { true }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, dropSessionDidEnter session: DropSession) {}
    /// `.cancel`: no drop here.
    public func collectionView(_ collectionView: CollectionView, dropSessionDidUpdate session: DropSession,
                               withDestinationIndexPath destinationIndexPath: IndexPath?) -> DropProposal {
        DropProposal(operation: .cancel)
    }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, dropSessionDidExit session: DropSession) {}
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, dropSessionDidEnd session: DropSession) {}
}
