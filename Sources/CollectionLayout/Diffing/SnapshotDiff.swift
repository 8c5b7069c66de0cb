/// The batch update that turns one ``DiffableSnapshot`` into another, by identity: what UIKit's
/// `UICollectionViewDiffableDataSource.apply(_:animatingDifferences:)` works out before it calls
/// `performBatchUpdates(_:completion:)`. It only computes; nothing is displayed.
///
/// The ``update`` follows UIKit's index rules, so `UpdateIndexMap(oldCounts:newCounts:update:)`
/// accepts it with ``oldCounts`` and ``newCounts``:
/// - Sections only in the old snapshot are deleted, sections only in the new one inserted, and
///   their items are not listed one by one. Of the sections in both, those outside one longest
///   increasing subsequence of their new indexes (taken in old order) move: the fewest moves
///   that give the new order.
/// - Items only in the old snapshot are deleted, items only in the new one inserted. An item
///   that stays in its section (by identifier) moves when it is outside one longest increasing
///   subsequence of that section's kept items, counted within the section, so the items of a
///   moved section follow it without moving themselves. An item whose section changed is one
///   move, unless either section is deleted, inserted or reloaded: then it is a delete or an
///   insert, as the section's items change as a whole.
/// - The new snapshot's reloaded sections and items are reloaded in place. One that also moved
///   is deleted at its old place and inserted at its new one, which gives it a new view where it
///   lands (UIKit's batch rules do not allow a reload and a move of one element).
/// - The new snapshot's reconfigured items that keep their view are in ``reconfiguredItems``,
///   apart from the batch: their views stay and are only configured again.
///
/// Every list in ``update`` is sorted (moves by their source).
///
/// - Complexity: O(n log n + s log s) for n items and s sections in the two snapshots.
public struct SnapshotDiff: Sendable {
    /// The item count of every section of the old snapshot.
    public let oldCounts: [Int]
    /// The item count of every section of the new snapshot.
    public let newCounts: [Int]
    /// The changes, by UIKit's index rules (old index space for deletes, reloads and move
    /// sources; new for inserts and move destinations).
    public let update: BatchUpdate
    /// The new index paths of the reconfigured items (`reconfigureItems(_:)`) whose views stay:
    /// configure them again after the batch. Sorted.
    public let reconfiguredItems: [IndexPath]
    /// How many sections changed their order relative to the others: the sections in both
    /// snapshots minus one longest increasing subsequence. The section moves of ``update``, plus
    /// the reloaded sections among them, which are a delete and an insert.
    public let movedSectionCount: Int
    /// How many items changed place: in each section kept in both snapshots, its kept items
    /// minus one longest increasing subsequence, plus ``crossSectionItemMoveCount``. The item
    /// moves of ``update``, plus the reloaded items among them, which are a delete and an insert.
    public let movedItemCount: Int
    /// How many of ``movedItemCount`` went from one section to another.
    public let crossSectionItemMoveCount: Int

    /// The diff from `old` to `new`, using `new`'s reloaded and reconfigured identifiers.
    ///
    /// - Complexity: O(n log n + s log s) for n items and s sections in the two snapshots.
    public init<SectionID, ItemID>(from old: DiffableSnapshot<SectionID, ItemID>, to new: DiffableSnapshot<SectionID, ItemID>) {
        var update = BatchUpdate()
        let sections = Self.diffSections(old, new, &update)
        let items = Self.diffItems(old, new, sections, &update)
        update.deletedSections.sort()
        update.insertedSections.sort()
        update.reloadedSections.sort()
        update.movedSections.sort { $0.from < $1.from }
        // The item lists come out of `diffItems` sorted (sorting them again costs more than
        // making them, with index paths' comparisons).
        assert(update.deletedItems == update.deletedItems.sorted() && update.insertedItems == update.insertedItems.sorted()
               && update.reloadedItems == update.reloadedItems.sorted()
               && update.movedItems.map(\.from) == update.movedItems.map(\.from).sorted())
        self.update = update
        oldCounts = old.items.map(\.count)
        newCounts = new.items.map(\.count)
        reconfiguredItems = items.reconfigured.sorted()
        movedSectionCount = sections.moved
        movedItemCount = items.moved
        crossSectionItemMoveCount = items.crossSection
    }
}

/// Which sections' items are diffed one by one: those in both snapshots that are neither
/// reloaded nor replaced (reloaded and moved).
struct DiffedSections {
    /// Old section index → new section index, for the diffed sections; nil for the others.
    var newOfOld: [Int?]
    /// New section index → old section index, for the diffed sections; nil for the others.
    var oldOfNew: [Int?]
    /// The sections that changed order (see `SnapshotDiff.movedSectionCount`).
    var moved = 0
}

extension SnapshotDiff {
    /// Adds the section changes to `update`, and says which sections' items to diff.
    ///
    /// - Complexity: O(s log s) for s sections.
    static func diffSections<SectionID, ItemID>(_ old: DiffableSnapshot<SectionID, ItemID>, _ new: DiffableSnapshot<SectionID, ItemID>,
                                                _ update: inout BatchUpdate) -> DiffedSections {
        var result = DiffedSections(newOfOld: Array(repeating: nil, count: old.sections.count),
                                    oldOfNew: Array(repeating: nil, count: new.sections.count))
        var kept: [(old: Int, new: Int)] = []
        for (s, id) in old.sections.enumerated() {
            if let t = new.sectionIndex[id] { kept.append((s, t)) } else { update.deletedSections.append(s) }
        }
        for (t, id) in new.sections.enumerated() where old.sectionIndex[id] == nil {
            update.insertedSections.append(t)
        }
        let stays = longestIncreasingSubsequence(kept.map(\.new))
        for (k, (s, t)) in kept.enumerated() {
            let reloaded = new.reloadedSections.contains(old.sections[s])
            if !stays[k] { result.moved += 1 }
            switch (stays[k], reloaded) {
            case (true, true):
                update.reloadedSections.append(s)
            case (false, true):  // a new section where it lands
                update.deletedSections.append(s)
                update.insertedSections.append(t)
            case (let stays, false):
                if !stays { update.movedSections.append((s, t)) }
                result.newOfOld[s] = t
                result.oldOfNew[t] = s
            }
        }
        return result
    }
}
