import FoundationEssentials

/// The second stage of a batch update: a validated batch, and where every position goes
/// across it, in both directions (RecyclerView's `AdapterHelper` position lookups; UIKit's
/// `UICollectionView` does the same mapping internally for `performBatchUpdates(_:completion:)`).
///
/// Building one runs `UpdateValidation` first, so a map exists only for a batch whose counts
/// and indexes add up. Sections that neither go nor move keep their order; items keep their
/// order within their section around the ones that leave or arrive. A reloaded item keeps its
/// place but gets a new view; a reloaded section keeps its place but all of its items are new.
/// Element keys (`newKey(forOld:)`, `oldKey(forNew:)`, `isReplaced(old:)`) are in
/// `UpdateIndexMap+ElementKeys.swift`.
///
/// - Complexity: building is O(c log c + s) for c changes and s sections; mapping one position
///   is O(log² c). No item that did not change is ever visited, so a batch on millions of items
///   costs what its changes cost.
public struct UpdateIndexMap: Sendable {
    /// The item count of every section before the batch.
    public let oldCounts: [Int]
    /// The item count of every section after the batch.
    public let newCounts: [Int]
    /// The changes.
    public let update: BatchUpdate

    private let sections: SectionMap
    private let reloadedSections: Set<Int>
    /// Per old section: its reloaded items.
    private let reloadedItems: [SortedIndexes]
    /// Per old section that survives (not deleted, not reloaded) and has item changes: which;
    /// nil for the others. (Internal, not private: ranges map in `UpdateIndexMap+ItemRanges`.)
    let sectionChanges: [SectionChanges?]

    /// One section's item changes as sorted sets, so a position maps by two rank queries, and
    /// a move's other end sits next to its index.
    struct SectionChanges: Sendable {
        var removed: SortedIndexes  // old indexes deleted or moved out
        var removedEntries: [ItemChanges.Entry]  // parallel to `removed`: where each moved one goes
        var added: SortedIndexes  // new indexes inserted or moved in
        var addedEntries: [ItemChanges.Entry]  // parallel to `added`: where each moved one came from
    }

    /// Validates `update` from `oldCounts` to `newCounts` and builds the map.
    ///
    /// - Throws: `BatchUpdateError` naming the first rule the batch breaks (see
    ///   `UpdateValidation`).
    /// - Complexity: O(c log c + s) for c changes and s sections.
    public init(oldCounts: [Int], newCounts: [Int], update: BatchUpdate) throws(BatchUpdateError) {
        let (sections, items) = try UpdateValidation(oldCounts: oldCounts, newCounts: newCounts, update: update).validated()
        self.oldCounts = oldCounts
        self.newCounts = newCounts
        self.update = update
        self.sections = sections
        let reloadedSections = Set(update.reloadedSections)
        self.reloadedSections = reloadedSections
        // Validated: every list is sorted and free of repeats.
        reloadedItems = items.reloaded.map { SortedIndexes(sortedUnique: $0) }
        sectionChanges = oldCounts.indices.map { s in
            guard !reloadedSections.contains(s), let t = sections.newSection(forOld: s) else { return nil }  // reloaded or deleted
            let removed = items.removed[s], added = items.added[t]
            guard !removed.isEmpty || !added.isEmpty else { return nil }
            return SectionChanges(removed: SortedIndexes(sortedUnique: removed.map(\.item)), removedEntries: removed,
                                  added: SortedIndexes(sortedUnique: added.map(\.item)), addedEntries: added)
        }
    }

    // MARK: Sections

    /// Where an old section is after the batch; nil when it was deleted (or is out of range).
    /// A reloaded section keeps its place.
    ///
    /// - Complexity: O(1).
    public func newSection(forOld section: Int) -> Int? { sections.newSection(forOld: section) }

    /// Where a new section was before the batch; nil when it was inserted (or is out of range).
    ///
    /// - Complexity: O(1).
    public func oldSection(forNew section: Int) -> Int? { sections.oldSection(forNew: section) }

    /// True when the old section was reloaded: it keeps its place, and all of its elements get
    /// new views.
    ///
    /// - Complexity: O(1).
    public func isSectionReloaded(old section: Int) -> Bool { reloadedSections.contains(section) }

    /// True when items were inserted into, deleted from or moved into or out of the old
    /// section: false means each of its items keeps its item number (in its section's new place),
    /// so a range of them maps whole (the selection's ranges do).
    public func hasItemChanges(inOldSection section: Int) -> Bool {
        sectionChanges.indices.contains(section) && sectionChanges[section] != nil
    }

    // MARK: Items

    /// Where an old item is after the batch; nil when it was deleted, or its section deleted or
    /// reloaded (or the path is out of range). A reloaded item keeps its place (see
    /// `isReloaded(old:)`).
    ///
    /// - Complexity: O(log² c) for c changes in the item's section.
    public func newIndexPath(forOld path: IndexPath) -> IndexPath? {
        guard path.count == 2, oldCounts.indices.contains(path.section), (0..<oldCounts[path.section]).contains(path.item) else { return nil }
        // (A moved item is never in a deleted or reloaded section: validation saw to that.)
        guard !reloadedSections.contains(path.section), let t = sections.newSection(forOld: path.section) else { return nil }
        guard let changes = sectionChanges[path.section] else { return IndexPath(item: path.item, section: t) }
        if let k = changes.removed.position(of: path.item) { return changes.removedEntries[k].other }  // moved, or deleted
        let rank = changes.removed.rankAmongUnoccupied(path.item)
        return IndexPath(item: changes.added.unoccupied(rank: rank), section: t)
    }

    /// Where a new item was before the batch; nil when it was inserted, or its section was
    /// inserted or reloaded (or the path is out of range). A reloaded item maps to its old place.
    ///
    /// - Complexity: O(log² c) for c changes in the item's section.
    public func oldIndexPath(forNew path: IndexPath) -> IndexPath? {
        guard path.count == 2, newCounts.indices.contains(path.section), (0..<newCounts[path.section]).contains(path.item) else { return nil }
        // (A move never ends in an inserted or reloaded section: validation saw to that.)
        guard let s = sections.oldSection(forNew: path.section), !reloadedSections.contains(s) else { return nil }
        guard let changes = sectionChanges[s] else { return IndexPath(item: path.item, section: s) }
        if let k = changes.added.position(of: path.item) { return changes.addedEntries[k].other }  // moved, or inserted
        let rank = changes.added.rankAmongUnoccupied(path.item)
        return IndexPath(item: changes.removed.unoccupied(rank: rank), section: s)
    }

    /// True when the old item was reloaded (`reloadItems(at:)`): it keeps its place but gets a
    /// new view. False for the items of a reloaded section; see `isSectionReloaded(old:)`.
    ///
    /// - Complexity: O(log r) for r reloaded items in its section.
    public func isReloaded(old path: IndexPath) -> Bool {
        path.count == 2 && reloadedItems.indices.contains(path.section) && reloadedItems[path.section].contains(path.item)
    }
}

/// The index map's earlier name, kept so existing code (the GTK view, the benchmarks) compiles
/// unchanged. New code says `UpdateIndexMap`.
public typealias BatchUpdatePlan = UpdateIndexMap
