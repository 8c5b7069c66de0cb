import CGtk
import CollectionLayout

extension CollectionView {
    /// The cells on screen (and in the overscan), in index path order.
    public var visibleCells: [CollectionViewCell] {
        visible.filter { $0.key.category == .cell }.sorted { $0.key.indexPath < $1.key.indexPath }
            .compactMap { $0.value as? CollectionViewCell }
    }

    public var indexPathsForVisibleItems: [IndexPath] {
        visible.keys.filter { $0.category == .cell }.map(\.indexPath).sorted()
    }

    /// The cell showing the item, or nil when it is not visible.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
        visible[.cell(indexPath)] as? CollectionViewCell
    }

    /// The index path of a visible cell.
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
        guard let key = cell.elementKey, key.category == .cell, visible[key] === cell else { return nil }
        return key.indexPath
    }

    /// The item whose frame contains `point` (content coordinates), topmost first.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        collectionViewLayout.prepareIfNeeded()
        let probe = Rect(x: point.x, y: point.y, width: 1, height: 1)
        return collectionViewLayout.layoutAttributesForElements(in: probe)
            .filter { $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point) }
            .max { $0.zIndex < $1.zIndex }?.indexPath
    }

    /// The visible supplementary view of `kind` at `indexPath`.
    public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath) -> ReusableView? {
        visible[.supplementary(kind, indexPath)]
    }

    public func visibleSupplementaryViews(ofKind kind: String) -> [ReusableView] {
        visible.filter { $0.key.category == .supplementaryView && $0.key.kind == kind }
            .sorted { $0.key.indexPath < $1.key.indexPath }.map(\.value)
    }

    public func indexPathsForVisibleSupplementaryElements(ofKind kind: String) -> [IndexPath] {
        visible.keys.filter { $0.category == .supplementaryView && $0.kind == kind }.map(\.indexPath).sorted()
    }

    /// The visible decoration views, for tests and debugging.
    public func visibleDecorationViews(ofKind kind: String) -> [ReusableView] {
        visible.filter { $0.key.category == .decorationView && $0.key.kind == kind }
            .sorted { $0.key.indexPath < $1.key.indexPath }.map(\.value)
    }

    /// The attributes the view last applied to a visible element.
    public func appliedLayoutAttributes(for key: ElementKey) -> LayoutAttributes? {
        visible[key]?.appliedAttributes
    }
}
