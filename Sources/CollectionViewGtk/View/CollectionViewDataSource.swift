import CollectionLayout

/// Supplies a collection view's content (`UICollectionViewDataSource`). The view asks for counts
/// when it is first shown, when the data source is replaced, on `reloadData()` and around batch
/// updates, and for views only for the elements it is about to show.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    /// The number of sections (`numberOfSections(in:)`); default 1. A negative count counts as 0.
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// The number of items in `section` (`collectionView(_:numberOfItemsInSection:)`). A
    /// negative count counts as 0.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell for an item (`collectionView(_:cellForItemAt:)`): return a cell from
    /// `dequeueReusableCell(withReuseIdentifier:for:)`, configured for the item. A cell that
    /// this collection view did not dequeue is reported and not shown.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
    /// The view for a header, footer or other supplementary element
    /// (`collectionView(_:viewForSupplementaryElementOfKind:at:)`): return a view from
    /// `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`. Required when the
    /// layout places supplementary views.
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> ReusableView
    /// Whether the user may move the item (`collectionView(_:canMoveItemAt:)`); default false.
    /// Asked when an interactive movement begins.
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// The user moved an item (`collectionView(_:moveItemAt:to:)`): move it in your data. The
    /// view already shows it there, so make no batch update for it. Called when an
    /// interactive movement ends somewhere other than where it began.
    func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
    /// The titles of the view's index (`indexTitles(for:)`): with titles, the view shows a
    /// scrubber along its scrollbar that jumps to them; nil (the default) shows none. Asked
    /// again after a reload or a batch update, and after ``CollectionView/reloadIndexTitles()``.
    /// Give them in content order (months, letters); a long title is shown whole, so keep
    /// them short.
    func indexTitles(for collectionView: CollectionView) -> [String]?
    /// Where the index title `title`, at `index` in ``indexTitles(for:)``, jumps to
    /// (`collectionView(_:indexPathForIndexTitle:at:)`): usually the first item of its
    /// section. Default: the first item of section `index`.
    func collectionView(_ collectionView: CollectionView, indexPathForIndexTitle title: String, at index: Int) -> IndexPath
}

extension CollectionViewDataSource {
    /// One section.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    /// No view: reports ``CollectionViewError/missingSupplementaryView(kind:indexPath:)`` to the
    /// view's ``CollectionView/errorHandler``, and the element is not shown.
    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> ReusableView {
        collectionView.report(.missingSupplementaryView(kind: kind, indexPath: indexPath))
        return MissingSupplementaryView()
    }
}

extension CollectionViewDataSource {
    /// No item moves.
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }

    /// Nothing to move.
    public func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

extension CollectionViewDataSource {
    /// No index: the view shows no scrubber.
    public func indexTitles(for collectionView: CollectionView) -> [String]? { nil }

    /// The first item of section `index`: a title per section.
    public func collectionView(_ collectionView: CollectionView, indexPathForIndexTitle title: String, at index: Int) -> IndexPath {
        IndexPath(item: 0, section: index)
    }
}

/// What a data source without supplementary views hands back: an empty view, after a report.
final class MissingSupplementaryView: ReusableView {}
