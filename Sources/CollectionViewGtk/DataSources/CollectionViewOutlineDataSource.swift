import CollectionLayout

/// A data source that shows some of its items as an outline: items with a level, a parent,
/// children that can be shown (expanded) or hidden (collapsed). The view asks its data source
/// for this (`collectionView.dataSource as? CollectionViewOutlineDataSource`) to indent rows,
/// turn disclosure accessories, handle the outline keys and tell screen readers.
@MainActor public protocol CollectionViewOutlineDataSource: AnyObject {
    /// 0 for a root item; nil when the item is not part of an outline.
    func outlineLevel(forItemAt indexPath: IndexPath) -> Int?
    /// Whether the item has (or may load) children.
    func isExpandable(itemAt indexPath: IndexPath) -> Bool
    func isExpanded(itemAt indexPath: IndexPath) -> Bool
    /// The shown parent of an item (nil for a root).
    func parentIndexPath(ofItemAt indexPath: IndexPath) -> IndexPath?
    /// Expands or collapses, asking the app's handlers first (they may refuse); animated as
    /// a batch update. `includingDescendants` expands every item below too (the `*` key).
    func setExpanded(_ expanded: Bool, itemAt indexPath: IndexPath, includingDescendants: Bool, animated: Bool)
}
