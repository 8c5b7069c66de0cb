import CollectionLayout

/// Hears which items the view will probably show soon, so their data (a decoded image, a
/// file's metadata) can load ahead (`UICollectionViewDataSourcePrefetching`). Set it as the
/// collection view's `prefetchDataSource`.
@MainActor
public protocol CollectionViewDataSourcePrefetching: AnyObject {
    /// Items about one viewport ahead of the visible area, in the direction of scrolling, that
    /// have no cell yet; each is asked for once until it is shown or cancelled.
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])
    /// Items asked for earlier that the view no longer expects to show (the scroll turned
    /// away before they appeared). Default: nothing.
    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewDataSourcePrefetching {
    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}
