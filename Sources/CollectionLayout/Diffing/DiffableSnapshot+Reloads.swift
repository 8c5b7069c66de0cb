/// Marking items for a new view or a new configuration.
extension DiffableSnapshot {
    /// Marks items for reloading (`reloadItems(_:)`): the diff gives them new views, at their
    /// new place if they moved.
    ///
    /// - Throws: ``SnapshotError/unknownItem(identifier:)`` when one is not in the snapshot;
    ///   the snapshot is then unchanged.
    /// - Complexity: O(k) for k items.
    public mutating func reloadItems(_ identifiers: [ItemID]) throws(SnapshotError) {
        try checkKnownItems(identifiers)
        reloadedItems.append(contentsOf: identifiers)
    }

    /// Marks items for reconfiguring (`reconfigureItems(_:)`): the diff reports them so their
    /// existing views are configured again, without replacing them.
    ///
    /// - Throws: ``SnapshotError/unknownItem(identifier:)`` when one is not in the snapshot;
    ///   the snapshot is then unchanged.
    /// - Complexity: O(k) for k items.
    public mutating func reconfigureItems(_ identifiers: [ItemID]) throws(SnapshotError) {
        try checkKnownItems(identifiers)
        reconfiguredItems.append(contentsOf: identifiers)
    }
}

extension DiffableSnapshot {
    /// The same snapshot without reload and reconfigure marks: what a data source keeps once
    /// it has applied them, so the next apply does not reload the same items again.
    ///
    /// - Complexity: O(1).
    public var withoutChangeMarks: DiffableSnapshot {
        var copy = self
        copy.reloadedItems = OrderedIdentifiers()
        copy.reconfiguredItems = OrderedIdentifiers()
        copy.reloadedSections = OrderedIdentifiers()
        return copy
    }
}
