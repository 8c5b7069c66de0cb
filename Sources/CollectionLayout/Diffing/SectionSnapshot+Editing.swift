/// Adding and deleting items, and taking and adding whole subtrees as snapshots.
extension SectionSnapshot {
    /// Adds items at the end of `parent`'s children, or at the end of the root items when
    /// `parent` is nil (`append(_:to:)`). They come collapsed and without children; they are
    /// visible when `parent` is visible and expanded.
    ///
    /// - Throws: ``SectionSnapshotError/unknownItem(identifier:)`` when `parent` is not in the
    ///   snapshot, ``SectionSnapshotError/itemUnderItself(identifier:)`` when a new item is
    ///   `parent` or one of its ancestors, ``SectionSnapshotError/duplicateItem(identifier:)``
    ///   when another is already in the snapshot or given twice; the snapshot is then unchanged.
    /// - Complexity: O(k + d) for k items and `parent` at depth d.
    public mutating func append(_ items: [ItemID], to parent: ItemID? = nil) throws(SectionSnapshotError) {
        let p = try slot(ofParent: parent)
        try checkNewItems(items, under: p)
        guard !items.isEmpty else { return }
        let new = addLeaves(items, parent: p)
        withChildren(of: p) { $0.append(contentsOf: new) }
        propagate([CountChange(slot: p, descendants: new.count, shown: new.count)])
    }

    /// Adds items just before `item`, as its siblings (`insert(_:before:)`). They come collapsed
    /// and without children.
    ///
    /// - Throws: ``SectionSnapshotError/unknownItem(identifier:)`` when `item` is not in the
    ///   snapshot, ``SectionSnapshotError/itemUnderItself(identifier:)`` when a new item is an
    ///   ancestor of `item`, ``SectionSnapshotError/duplicateItem(identifier:)`` when another is
    ///   already in the snapshot or given twice; the snapshot is then unchanged.
    /// - Complexity: O(k + s + d) for k items, `item` at depth d with s siblings.
    public mutating func insert(_ items: [ItemID], before item: ItemID) throws(SectionSnapshotError) {
        try insert(items, next: item, after: false)
    }

    /// Adds items just after `item`, as its siblings (`insert(_:after:)`): in ``items`` they
    /// come after everything below `item`, not between it and its children. They come collapsed
    /// and without children.
    ///
    /// - Throws: as ``insert(_:before:)``.
    /// - Complexity: O(k + s + d) for k items, `item` at depth d with s siblings.
    public mutating func insert(_ items: [ItemID], after item: ItemID) throws(SectionSnapshotError) {
        try insert(items, next: item, after: true)
    }

    private mutating func insert(_ items: [ItemID], next anchor: ItemID, after: Bool) throws(SectionSnapshotError) {
        guard let a = slots[anchor] else { throw .unknown(anchor) }
        let p = parents[a]
        try checkNewItems(items, under: p)
        guard !items.isEmpty else { return }
        let new = addLeaves(items, parent: p)
        withChildren(of: p) { $0.insert(contentsOf: new, at: $0.firstIndex(of: a)! + (after ? 1 : 0)) }
        propagate([CountChange(slot: p, descendants: new.count, shown: new.count)])
    }

    /// Removes items and everything below them (`delete(_:)`). An item named twice, or below
    /// another named one, is deleted once.
    ///
    /// - Throws: ``SectionSnapshotError/unknownItem(identifier:)`` when one is not in the
    ///   snapshot; the snapshot is then unchanged.
    /// - Complexity: O(k + m + s + a log a) for k items named, m items removed with them, s
    ///   siblings of theirs and a ancestors of theirs in all.
    public mutating func delete(_ items: [ItemID]) throws(SectionSnapshotError) {
        let named = Set(try knownSlots(items))
        guard !named.isEmpty else { return }
        // The named items with no named ancestor: their subtrees hold all the others. Each
        // ancestor is looked at once for all of them: slot → whether it or one above is named.
        var underNamed: [Int: Bool] = [Self.top: false]
        var path: [Int] = []
        var tops: [Int] = []
        for s in named {
            var p = parents[s]
            path.removeAll(keepingCapacity: true)
            while underNamed[p] == nil {
                path.append(p)
                p = parents[p]
            }
            var below = underNamed[p]!
            for q in path.reversed() {
                below = below || named.contains(q)
                underNamed[q] = below
            }
            if !underNamed[parents[s]]! { tops.append(s) }
        }
        var byParent: [Int: Set<Int>] = [:]
        var changes: [CountChange] = []
        for t in tops {
            byParent[parents[t], default: []].insert(t)
            changes.append(CountChange(slot: parents[t], descendants: -1 - descendantCounts[t], shown: -rows(t)))
        }
        for (p, gone) in byParent { withChildren(of: p) { $0.removeAll { gone.contains($0) } } }
        propagate(changes)
        var freed: [Int] = []
        forEachDepthFirst(from: tops, visibleOnly: false) { freed.append($0) }
        for s in freed { slots[ids[s]!] = nil }
        for s in freed { free(s) }
        freeSlots.append(contentsOf: freed)
    }

    /// Removes every item (`deleteAll()`), leaving an empty snapshot. It cannot fail, so it
    /// does not throw.
    ///
    /// - Complexity: O(n) for n items, to free them.
    public mutating func deleteAll() {
        self = SectionSnapshot()
    }

    // MARK: Snapshots of subtrees

    /// A snapshot of what is below `parent`: its children as root items, with everything below
    /// them, each expanded as here; with `parent` itself as the one root item when
    /// `includingParent` (`snapshot(of:includingParent:)`).
    ///
    /// - Throws: ``SectionSnapshotError/unknownItem(identifier:)`` when `parent` is not in the
    ///   snapshot.
    /// - Complexity: O(m) for m items copied.
    public func snapshot(of parent: ItemID, includingParent: Bool = false) throws(SectionSnapshotError) -> SectionSnapshot {
        guard let p = slots[parent] else { throw .unknown(parent) }
        var result = SectionSnapshot()
        let tops = includingParent ? [p] : childLists[p]
        result.roots = result.copy(tops, of: self, under: Self.top)
        result.visibleCount = result.countChange(adding: result.roots, under: Self.top).shown
        return result
    }

    /// Adds the items of `snapshot`, as they are arranged and expanded there, at the end of
    /// `parent`'s children, or at the end of the root items when `parent` is nil
    /// (`append(_:to:)` with a section snapshot): its root items become `parent`'s last children.
    ///
    /// - Throws: as ``append(_:to:)``, for any item of `snapshot`, the first in its ``items``
    ///   order named; the snapshot is then unchanged.
    /// - Complexity: O(m + d) for m items in `snapshot` and `parent` at depth d.
    public mutating func append(_ snapshot: SectionSnapshot, to parent: ItemID? = nil) throws(SectionSnapshotError) {
        let p = try slot(ofParent: parent)
        try checkNewItems(snapshot.items, under: p)
        guard !snapshot.roots.isEmpty else { return }
        let new = copy(snapshot.roots, of: snapshot, under: p)
        withChildren(of: p) { $0.append(contentsOf: new) }
        propagate([countChange(adding: new, under: p)])
    }

    /// Adds the items of `snapshot`, as they are arranged and expanded there, just before `item`:
    /// its root items become `item`'s siblings (`insert(_:before:)` with a section snapshot).
    ///
    /// - Throws: as ``insert(_:before:)``, for any item of `snapshot`, the first in its ``items``
    ///   order named; the snapshot is then unchanged.
    /// - Complexity: O(m + s + d) for m items in `snapshot`, `item` at depth d with s siblings.
    public mutating func insert(_ snapshot: SectionSnapshot, before item: ItemID) throws(SectionSnapshotError) {
        try insert(snapshot, next: item, after: false)
    }

    /// Adds the items of `snapshot`, as they are arranged and expanded there, just after `item`:
    /// its root items become `item`'s siblings (`insert(_:after:)` with a section snapshot).
    ///
    /// - Throws: as ``insert(_:before:)``.
    /// - Complexity: O(m + s + d) for m items in `snapshot`, `item` at depth d with s siblings.
    public mutating func insert(_ snapshot: SectionSnapshot, after item: ItemID) throws(SectionSnapshotError) {
        try insert(snapshot, next: item, after: true)
    }

    private mutating func insert(_ snapshot: SectionSnapshot, next anchor: ItemID, after: Bool) throws(SectionSnapshotError) {
        guard let a = slots[anchor] else { throw .unknown(anchor) }
        let p = parents[a]
        try checkNewItems(snapshot.items, under: p)
        guard !snapshot.roots.isEmpty else { return }
        let new = copy(snapshot.roots, of: snapshot, under: p)
        withChildren(of: p) { $0.insert(contentsOf: new, at: $0.firstIndex(of: a)! + (after ? 1 : 0)) }
        propagate([countChange(adding: new, under: p)])
    }

    /// The slot of a parent to add to: ``top`` for nil.
    private func slot(ofParent parent: ItemID?) throws(SectionSnapshotError) -> Int {
        guard let parent else { return Self.top }
        guard let p = slots[parent] else { throw .unknown(parent) }
        return p
    }
}
