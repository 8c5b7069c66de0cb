import CGtk
import CollectionLayout

extension CollectionView {
    /// The cells on screen (and in the overscan), in index path order.
    ///
    /// - Complexity: O(v log v) in the visible elements.
    public var visibleCells: [CollectionViewCell] {
        elements.visibleElements(.cell).compactMap { $0.view as? CollectionViewCell }
    }

    /// The items of the visible cells, in index path order (`indexPathsForVisibleItems`).
    public var indexPathsForVisibleItems: [IndexPath] {
        elements.visibleElements(.cell).map(\.key.indexPath)
    }

    /// The cell showing the item, or nil when it is not visible.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
        elements.view(for: .cell(indexPath)) as? CollectionViewCell
    }

    /// The index path of a visible cell.
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
        guard let key = cell.elementKey, key.category == .cell, elements.view(for: key) === cell else { return nil }
        return key.indexPath
    }

    /// The item whose frame contains `point` (content coordinates), topmost first.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        work.run { installedLayout.prepareIfNeeded() }
        let probe = Rect(x: point.x, y: point.y, width: 1, height: 1)
        return collectionViewLayout.layoutAttributesForElements(in: probe)
            .filter { $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point) }
            .max { $0.zIndex < $1.zIndex }?.indexPath
    }

    /// The visible supplementary view of `kind` at `indexPath`.
    public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath) -> ReusableView? {
        elements.view(for: .supplementary(kind, indexPath))
    }

    /// The visible supplementary views of `kind`, in index path order
    /// (`visibleSupplementaryViews(ofKind:)`).
    public func visibleSupplementaryViews(ofKind kind: String) -> [ReusableView] {
        elements.visibleElements(.supplementaryView, kind: kind).map(\.view)
    }

    /// The index paths of the visible supplementary views of `kind`
    /// (`indexPathsForVisibleSupplementaryElements(ofKind:)`).
    public func indexPathsForVisibleSupplementaryElements(ofKind kind: String) -> [IndexPath] {
        elements.visibleElements(.supplementaryView, kind: kind).map(\.key.indexPath)
    }

    /// The visible decoration views, for tests and debugging.
    public func visibleDecorationViews(ofKind kind: String) -> [ReusableView] {
        elements.visibleElements(.decorationView, kind: kind).map(\.view)
    }

    /// The attributes the view last applied to a visible element.
    public func appliedLayoutAttributes(for key: ElementKey) -> LayoutAttributes? {
        elements.view(for: key)?.appliedAttributes
    }
}
