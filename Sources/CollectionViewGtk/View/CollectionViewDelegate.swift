import CollectionLayout

/// Optional callbacks about a collection view's elements (`UICollectionViewDelegate`). Every
/// method has a default. A flow layout also reads `FlowLayoutDelegate` methods from the same
/// object.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
                        forElementKind elementKind: String, at indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
                        forElementOfKind elementKind: String, at indexPath: IndexPath)
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
                               forElementKind elementKind: String, at indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
                               forElementOfKind elementKind: String, at indexPath: IndexPath) {}
}

/// A delegate for a collection view with a flow layout (`UICollectionViewDelegateFlowLayout`).
public typealias CollectionViewDelegateFlowLayout = CollectionViewDelegate & FlowLayoutDelegate
