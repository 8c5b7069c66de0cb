import FoundationEssentials

/// The first stage of a batch update (RecyclerView's `AdapterHelper`): checks a `BatchUpdate`
/// against the section and item counts before and after it, by UIKit's rules, and throws the
/// first rule it breaks (what UIKit reports as `NSInternalInconsistencyException`).
///
/// The rules, in the order they are checked (so a batch with several faults always reports the
/// same one):
/// 1. section indexes are in range (`checkSectionRanges`);
/// 2. each old section and each new section takes part in at most one change
///    (`checkSectionConflicts`);
/// 3. the section count adds up (`checkSectionCount`);
/// 4. item paths have two indexes, are in range, and are not in a section that is itself
///    deleted, inserted or reloaded (`checkItemPaths`);
/// 5. each old item and each new item takes part in at most one change (`checkItemConflicts`);
/// 6. every surviving section's item count adds up (`checkItemCounts`).
///
/// `UpdateIndexMap` runs it before it builds anything.
///
/// - Complexity: O(c log c + s) for c changes and s sections; items that did not change are
///   never visited.
public struct UpdateValidation: Sendable {
    /// The item count of every section before the batch.
    public let oldCounts: [Int]
    /// The item count of every section after the batch, as the data source reports it.
    public let newCounts: [Int]
    /// The changes to check.
    public let update: BatchUpdate

    let deletedSections: Set<Int>
    let insertedSections: Set<Int>
    let reloadedSections: Set<Int>
    /// Per section before the batch, in range: `deleted` and `reloaded` bits; per section after
    /// it: the `inserted` bit. What the item rules ask for every path, without hashing.
    let oldSectionChanges: [UInt8]
    let newSectionChanges: [UInt8]
    static let deleted: UInt8 = 1, reloaded: UInt8 = 2, inserted: UInt8 = 4

    /// Prepares to check `update` from `oldCounts` to `newCounts`; nothing is checked yet.
    public init(oldCounts: [Int], newCounts: [Int], update: BatchUpdate) {
        self.oldCounts = oldCounts
        self.newCounts = newCounts
        self.update = update
        deletedSections = Set(update.deletedSections)
        insertedSections = Set(update.insertedSections)
        reloadedSections = Set(update.reloadedSections)
        var old = [UInt8](repeating: 0, count: oldCounts.count), new = [UInt8](repeating: 0, count: newCounts.count)
        for s in update.deletedSections where old.indices.contains(s) { old[s] |= Self.deleted }
        for s in update.reloadedSections where old.indices.contains(s) { old[s] |= Self.reloaded }
        for s in update.insertedSections where new.indices.contains(s) { new[s] |= Self.inserted }
        oldSectionChanges = old
        newSectionChanges = new
    }

    /// Checks every rule, in order.
    ///
    /// - Throws: `BatchUpdateError` naming the first rule broken, in words like UIKit's.
    /// - Complexity: O(c log c + s) for c changes and s sections.
    public func validate() throws(BatchUpdateError) {
        _ = try validated()
    }

    /// Checks every rule and returns what the checks worked out on the way (where sections go,
    /// and the item changes by section), so the index map builds on it instead of again.
    func validated() throws(BatchUpdateError) -> (sections: SectionMap, items: ItemChanges) {
        try checkSectionRanges()
        try checkSectionConflicts()
        try checkSectionCount()
        // The item rules need to know where sections go, which is only defined once the
        // section rules hold.
        let sections = SectionMap(oldCount: oldCounts.count, newCount: newCounts.count, update: update)
        try checkItemPaths(sections)
        let items = ItemChanges(update, oldSections: oldCounts.count, newSections: newCounts.count)
        // The sorted lists show at once whether any item changes twice; only then does the
        // rule look for the first such claim, to name it.
        if !items.eachItemChangesOnce { try checkItemConflicts() }
        try checkItemCounts(sections, items)
        return (sections, items)
    }

    func fail(_ rule: BatchUpdateError.Rule, _ message: String) -> BatchUpdateError {
        BatchUpdateError(rule: rule, message: message)
    }
}
