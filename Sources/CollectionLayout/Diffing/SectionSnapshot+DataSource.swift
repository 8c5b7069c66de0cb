/// What a data source needs to turn an expand or collapse into rows without listing the whole
/// section: the rows below one item, and whether an item has children.
extension SectionSnapshot {
    /// The visible items below `item` while it is expanded, depth first: the rows an expand of
    /// it inserts right after its own row. Empty for an item the snapshot does not hold.
    ///
    /// - Complexity: O(r) for r rows below the item.
    package func visibleItems(below item: ItemID) -> [ItemID] {
        guard let s = slots[item] else { return [] }
        return depthFirst(from: childLists[s], visibleOnly: true, capacity: shownBelow[s])
    }

    /// Whether `item` has children; false for an item the snapshot does not hold.
    ///
    /// - Complexity: O(1) expected.
    package func hasChildren(_ item: ItemID) -> Bool {
        slots[item].map { !childLists[$0].isEmpty } ?? false
    }

    /// `item` and every item below it that has children: what expanding it with all its
    /// descendants expands. Empty for an item the snapshot does not hold.
    ///
    /// - Complexity: O(m) for m items below it.
    package func itemsWithChildren(from item: ItemID) -> [ItemID] {
        guard let s = slots[item] else { return [] }
        var result: [ItemID] = []
        forEachDepthFirst(from: [s], visibleOnly: false) { if !childLists[$0].isEmpty { result.append(ids[$0]!) } }
        return result
    }
}
