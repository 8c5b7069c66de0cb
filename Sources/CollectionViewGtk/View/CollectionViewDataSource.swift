import CollectionLayout

/// Supplies a collection view's content (`UICollectionViewDataSource`). The view asks for counts
/// when it is first shown, when the data source is replaced, on `reloadData()` and around batch
/// updates, and for views only for the elements it is about to show.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    /// Default 1.
    func numberOfSections(in collectionView: CollectionView) -> Int
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// Return a cell from `dequeueReusableCell(withReuseIdentifier:for:)`, configured for the item.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
    /// Return a view from `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`.
    /// Required when the layout places supplementary views.
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> ReusableView
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> ReusableView {
        collectionView.report(.missingSupplementaryView(kind: kind, indexPath: indexPath))
        return MissingSupplementaryView()
    }
}

/// What a data source without supplementary views hands back: an empty view, after a report.
final class MissingSupplementaryView: ReusableView {}
