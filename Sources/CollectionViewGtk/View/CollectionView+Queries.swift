import CGtk
import CollectionLayout

extension CollectionView {
    /// The cells on screen and in the overscan, in index path order (`visibleCells`). Cells
    /// animating out after their item went are not among them.
    ///
    /// - Complexity: O(v log v) for v visible elements.
    public var visibleCells: [CollectionViewCell] {
        elements.visibleElements(.cell).compactMap { $0.view as? CollectionViewCell }
    }

    /// The items of the visible cells, in index path order (`indexPathsForVisibleItems`).
    ///
    /// - Complexity: O(v log v) for v visible elements.
    public var indexPathsForVisibleItems: [IndexPath] {
        elements.visibleElements(.cell).map(\.key.indexPath)
    }

    /// The cell showing the item, or nil when it has none (`cellForItem(at:)`): it is outside
    /// the viewport and its overscan, or its cell is still to be made.
    ///
    /// - Complexity: O(1).
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
        elements.view(for: .cell(indexPath)) as? CollectionViewCell
    }

    /// The item a cell shows (`indexPath(for:)`); nil for a cell that shows no item now
    /// (queued for reuse, or animating out after its item went).
    ///
    /// - Complexity: O(1).
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
        guard let key = cell.elementKey, key.category == .cell, elements.view(for: key) === cell else { return nil }
        return key.indexPath
    }

    /// The item whose frame contains `point`, in content coordinates (`indexPathForItem(at:)`);
    /// the one with the highest zIndex when several do. It asks the layout, so the item need
    /// not have a cell.
    ///
    /// - Complexity: one layout query for a 1-point rectangle, after a `prepare()` when the
    ///   layout was invalidated.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        work.runNow { installedLayout.prepareIfNeeded() }
        let probe = Rect(x: point.x, y: point.y, width: 1, height: 1)
        return collectionViewLayout.layoutAttributesForElements(in: probe)
            .filter { $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point) }
            .max { $0.zIndex < $1.zIndex }?.indexPath
    }

    /// The visible supplementary view of `kind` at `indexPath`, or nil
    /// (`supplementaryView(forElementKind:at:)`).
    ///
    /// - Complexity: O(1).
    public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath) -> ReusableView? {
        elements.view(for: .supplementary(kind, indexPath))
    }

    /// The visible supplementary views of `kind`, in index path order
    /// (`visibleSupplementaryViews(ofKind:)`).
    ///
    /// - Complexity: O(v log v) for v visible elements.
    public func visibleSupplementaryViews(ofKind kind: String) -> [ReusableView] {
        elements.visibleElements(.supplementaryView, kind: kind).map(\.view)
    }

    /// The index paths of the visible supplementary views of `kind`
    /// (`indexPathsForVisibleSupplementaryElements(ofKind:)`).
    ///
    /// - Complexity: O(v log v) for v visible elements.
    public func indexPathsForVisibleSupplementaryElements(ofKind kind: String) -> [IndexPath] {
        elements.visibleElements(.supplementaryView, kind: kind).map(\.key.indexPath)
    }

    /// The visible decoration views of `kind`, in index path order, for tests and debugging.
    ///
    /// - Complexity: O(v log v) for v visible elements.
    public func visibleDecorationViews(ofKind kind: String) -> [ReusableView] {
        elements.visibleElements(.decorationView, kind: kind).map(\.view)
    }

    /// The attributes the view last applied to a visible element: mid-animation, those of the
    /// current frame. Nil when the element has no view.
    ///
    /// - Complexity: O(1).
    public func appliedLayoutAttributes(for key: ElementKey) -> LayoutAttributes? {
        elements.view(for: key)?.appliedAttributes
    }

    /// The views the canvas drew in its last frame, in drawing order: what a frame showed, for
    /// benchmarks (a jump's frames) and tests.
    package var viewsDrawnInLastFrame: [ReusableView] {
        elements.canvasDrawn().compactMap { ReusableView.view(for: $0) }
    }
}
