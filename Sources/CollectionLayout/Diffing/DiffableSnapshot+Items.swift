/// Adding, deleting and moving items.
extension DiffableSnapshot {
    /// Adds items at the end of a section, or of the last section when `section` is nil
    /// (`appendItems(_:toSection:)`).
    ///
    /// - Throws: ``SnapshotError/noSectionToAppendTo`` when `section` is nil and there are no
    ///   sections, ``SnapshotError/unknownSection(identifier:)`` when `section` is not in the
    ///   snapshot, ``SnapshotError/duplicateItem(identifier:)`` when an item already is or is
    ///   given twice; the snapshot is then unchanged.
    /// - Complexity: O(k + s) for k items and s sections (O(k) when appending to the last).
    public mutating func appendItems(_ identifiers: [ItemID], toSection section: SectionID? = nil) throws(SnapshotError) {
        let s: Int
        if let section {
            guard let index = sectionIndex[section] else { throw .unknown(section: section) }
            s = index
        } else {
            guard !sections.isEmpty else { throw .noSectionToAppendTo }
            s = sections.count - 1
        }
        try appendNewItems(identifiers, toSectionAt: s)
    }

    /// Adds items just before `item`, in its section (`insertItems(_:beforeItem:)`).
    ///
    /// - Throws: ``SnapshotError/unknownItem(identifier:)`` when `item` is not in the snapshot,
    ///   ``SnapshotError/duplicateItem(identifier:)`` when a new one already is or is given
    ///   twice; the snapshot is then unchanged.
    /// - Complexity: O(k + n + s) for k new items, n items in the section and s sections.
    public mutating func insertItems(_ identifiers: [ItemID], beforeItem item: ItemID) throws(SnapshotError) {
        guard let place = itemPlace[item] else { throw .unknown(item: item) }
        try insertItems(identifiers, inSection: sectionIndex[place.section]!, at: place.index)
    }

    /// Adds items just after `item`, in its section (`insertItems(_:afterItem:)`).
    ///
    /// - Throws: as ``insertItems(_:beforeItem:)``.
    /// - Complexity: O(k + n + s) for k new items, n items in the section and s sections.
    public mutating func insertItems(_ identifiers: [ItemID], afterItem item: ItemID) throws(SnapshotError) {
        guard let place = itemPlace[item] else { throw .unknown(item: item) }
        try insertItems(identifiers, inSection: sectionIndex[place.section]!, at: place.index + 1)
    }

    private mutating func insertItems(_ identifiers: [ItemID], inSection s: Int, at index: Int) throws(SnapshotError) {
        try checkNewItems(identifiers)
        guard !identifiers.isEmpty else { return }
        items[s].insert(contentsOf: identifiers, at: index)
        reindexItems(inSection: s, from: index)
        if s == sections.count - 1 {
            sectionStart[s + 1] += identifiers.count
        } else {
            recount()
        }
    }

    /// Removes items (`deleteItems(_:)`); they are no longer reloaded or reconfigured either.
    /// Their sections stay, even when emptied. An item named twice is deleted once.
    ///
    /// - Throws: ``SnapshotError/unknownItem(identifier:)`` when one is not in the snapshot;
    ///   the snapshot is then unchanged.
    /// - Complexity: O(k + n + s + r) for k items, n items in their sections, s sections and r
    ///   reloaded or reconfigured items.
    public mutating func deleteItems(_ identifiers: [ItemID]) throws(SnapshotError) {
        try checkKnownItems(identifiers)
        let gone = Set(identifiers)
        guard !gone.isEmpty else { return }
        var touched = Set<Int>()
        for id in gone { touched.insert(sectionIndex[itemPlace[id]!.section]!) }
        for id in gone { itemPlace[id] = nil }
        for s in touched {
            let first = items[s].firstIndex { gone.contains($0) }!
            items[s].removeAll { gone.contains($0) }
            reindexItems(inSection: s, from: first)
        }
        recount()
        reloadedItems.remove(gone)
        reconfiguredItems.remove(gone)
    }

    /// Removes every section and every item (`deleteAllItems()`), leaving an empty snapshot.
    /// It cannot fail, so it does not throw.
    ///
    /// - Complexity: O(n + s) for n items and s sections, to free them.
    public mutating func deleteAllItems() {
        self = DiffableSnapshot()
    }

    /// Moves an item to just before `other`, into `other`'s section if that is another
    /// (`moveItem(_:beforeItem:)`). Moving an item before itself changes nothing.
    ///
    /// - Throws: ``SnapshotError/unknownItem(identifier:)`` when either is not in the snapshot;
    ///   the snapshot is then unchanged.
    /// - Complexity: O(n + s) for n items in the two sections and s sections.
    public mutating func moveItem(_ item: ItemID, beforeItem other: ItemID) throws(SnapshotError) {
        try moveItem(item, next: other, after: false)
    }

    /// Moves an item to just after `other`, into `other`'s section if that is another
    /// (`moveItem(_:afterItem:)`). Moving an item after itself changes nothing.
    ///
    /// - Throws: as ``moveItem(_:beforeItem:)``.
    /// - Complexity: O(n + s) for n items in the two sections and s sections.
    public mutating func moveItem(_ item: ItemID, afterItem other: ItemID) throws(SnapshotError) {
        try moveItem(item, next: other, after: true)
    }

    private mutating func moveItem(_ item: ItemID, next other: ItemID, after: Bool) throws(SnapshotError) {
        guard let from = itemPlace[item] else { throw .unknown(item: item) }
        guard itemPlace[other] != nil else { throw .unknown(item: other) }
        guard item != other else { return }
        let s = sectionIndex[from.section]!
        items[s].remove(at: from.index)
        reindexItems(inSection: s, from: from.index)
        let to = itemPlace[other]!  // after the removal, so the index is where `other` is now
        let t = sectionIndex[to.section]!
        let index = to.index + (after ? 1 : 0)
        items[t].insert(item, at: index)
        reindexItems(inSection: t, from: index)
        if s != t { recount() }
    }
}
