import FoundationEssentials

/// A checked batch update: every rule holds, and positions map across it in both directions.
///
/// Building one checks the counts before and after (per section and in all) against the
/// changes, every index against the space it belongs to, and every conflict (the same item
/// deleted twice, deleted and moved, two moves to one place, changes inside a section that is
/// itself deleted, inserted or reloaded). A failed rule throws a `BatchUpdateError` that names it.
///
/// - Complexity: building is O(c log c + s) for c changes and s sections; mapping one position
///   is O(log² c). No item that did not change is ever visited, so a batch on millions of items
///   costs what its changes cost.
public struct BatchUpdatePlan: Sendable {
    public let oldCounts: [Int]
    public let newCounts: [Int]
    public let update: BatchUpdate

    private var newSectionOfOld: [Int?]
    private var oldSectionOfNew: [Int?]
    private let reloadedSections: Set<Int>
    /// Per surviving old section (not deleted, not reloaded): its item changes.
    private var sectionChanges: [Int: SectionChanges] = [:]
    private var movedItemsByOld: [IndexPath: IndexPath] = [:]
    private var movedItemsByNew: [IndexPath: IndexPath] = [:]
    private let reloadedItems: Set<IndexPath>

    private struct SectionChanges: Sendable {
        var removed: SortedIndexes  // old indexes deleted or moved out
        var added: SortedIndexes  // new indexes inserted or moved in
    }

    public init(oldCounts: [Int], newCounts: [Int], update: BatchUpdate) throws(BatchUpdateError) {
        self.oldCounts = oldCounts
        self.newCounts = newCounts
        self.update = update
        reloadedSections = Set(update.reloadedSections)
        reloadedItems = Set(update.reloadedItems)
        newSectionOfOld = Array(repeating: nil, count: oldCounts.count)
        oldSectionOfNew = Array(repeating: nil, count: newCounts.count)
        let oldSections = oldCounts.count, newSections = newCounts.count
        func fail(_ rule: BatchUpdateError.Rule, _ message: String) -> BatchUpdateError {
            BatchUpdateError(rule: rule, message: message)
        }

        // Sections: ranges.
        for s in update.deletedSections where !(0..<oldSections).contains(s) {
            throw fail(.sectionOutOfRange, "attempt to delete section \(s), but there are only \(oldSections) sections before the update")
        }
        for s in update.reloadedSections where !(0..<oldSections).contains(s) {
            throw fail(.sectionOutOfRange, "attempt to reload section \(s), but there are only \(oldSections) sections before the update")
        }
        for s in update.insertedSections where !(0..<newSections).contains(s) {
            throw fail(.sectionOutOfRange, "attempt to insert section \(s), but there are only \(newSections) sections after the update")
        }
        for m in update.movedSections {
            if !(0..<oldSections).contains(m.from) {
                throw fail(.sectionOutOfRange, "attempt to move section \(m.from), but there are only \(oldSections) sections before the update")
            }
            if !(0..<newSections).contains(m.to) {
                throw fail(.sectionOutOfRange, "attempt to move section \(m.from) to \(m.to), but there are only \(newSections) sections after the update")
            }
        }
        // Sections: conflicts. Each old section takes part in at most one change, and so does
        // each new section.
        var oldUse: [Int: String] = [:], newUse: [Int: String] = [:]
        func claimOld(_ s: Int, _ what: String) throws(BatchUpdateError) {
            if let other = oldUse[s] { throw fail(.duplicateSection, "section \(s) is \(other) and \(what) in the same update") }
            oldUse[s] = what
        }
        func claimNew(_ s: Int, _ what: String) throws(BatchUpdateError) {
            if let other = newUse[s] { throw fail(.duplicateSection, "section \(s) after the update is both \(other) and \(what)") }
            newUse[s] = what
        }
        for s in update.deletedSections { try claimOld(s, "deleted") }
        for s in update.reloadedSections { try claimOld(s, "reloaded") }
        for m in update.movedSections { try claimOld(m.from, "moved") }
        for s in update.insertedSections { try claimNew(s, "inserted") }
        for m in update.movedSections { try claimNew(m.to, "the destination of a move") }
        let deleted = Set(update.deletedSections), inserted = Set(update.insertedSections)
        // Sections: the count.
        if newSections != oldSections - deleted.count + inserted.count {
            throw fail(.sectionCount, "invalid number of sections. The number of sections contained in the collection view after the update (\(newSections)) must be equal to the number of sections contained in the collection view before the update (\(oldSections)), plus or minus the number of sections inserted or deleted (\(inserted.count) inserted, \(deleted.count) deleted).")
        }
        // Sections: the map. Sections that neither go nor move keep their order and fill the new
        // positions that no insert or move claims.
        let movedFrom = Set(update.movedSections.map(\.from))
        let fixed = SortedIndexes(update.insertedSections + update.movedSections.map(\.to))
        var rank = 0
        for s in 0..<oldSections where !deleted.contains(s) && !movedFrom.contains(s) {
            let t = fixed.unoccupied(rank: rank)
            newSectionOfOld[s] = t
            oldSectionOfNew[t] = s
            rank += 1
        }
        for m in update.movedSections {
            newSectionOfOld[m.from] = m.to
            oldSectionOfNew[m.to] = m.from
        }

        // Items: shape and range.
        func checkOld(_ p: IndexPath, _ verb: String) throws(BatchUpdateError) {
            guard p.count == 2 else { throw fail(.itemOutOfRange, "attempt to \(verb) \(Array(p)), which is not an item index path") }
            guard (0..<oldSections).contains(p.section) else {
                throw fail(.itemOutOfRange, "attempt to \(verb) item \(p.item) in section \(p.section), but there are only \(oldSections) sections before the update")
            }
            guard (0..<oldCounts[p.section]).contains(p.item) else {
                throw fail(.itemOutOfRange, "attempt to \(verb) item \(p.item) in section \(p.section), which only contains \(oldCounts[p.section]) items before the update")
            }
            if deleted.contains(p.section) || reloadedSections.contains(p.section) {
                throw fail(.itemInChangedSection, "attempt to \(verb) item \(p.item) in section \(p.section), which is being \(deleted.contains(p.section) ? "deleted" : "reloaded")")
            }
        }
        func checkNew(_ p: IndexPath, _ verb: String) throws(BatchUpdateError) {
            guard p.count == 2 else { throw fail(.itemOutOfRange, "attempt to \(verb) \(Array(p)), which is not an item index path") }
            guard (0..<newSections).contains(p.section) else {
                throw fail(.itemOutOfRange, "attempt to \(verb) item \(p.item) in section \(p.section), but there are only \(newSections) sections after the update")
            }
            guard (0..<newCounts[p.section]).contains(p.item) else {
                throw fail(.itemOutOfRange, "attempt to \(verb) item \(p.item) in section \(p.section), but there are only \(newCounts[p.section]) items in section \(p.section) after the update")
            }
            if inserted.contains(p.section) {
                throw fail(.itemInChangedSection, "attempt to \(verb) item \(p.item) in section \(p.section), which is being inserted")
            }
            if let old = oldSectionOfNew[p.section], reloadedSections.contains(old) {
                throw fail(.itemInChangedSection, "attempt to \(verb) item \(p.item) in section \(p.section), which is being reloaded")
            }
        }
        for p in update.deletedItems { try checkOld(p, "delete") }
        for p in update.reloadedItems { try checkOld(p, "reload") }
        for p in update.insertedItems { try checkNew(p, "insert") }
        for m in update.movedItems {
            try checkOld(m.from, "move")
            try checkNew(m.to, "move an item to")
        }
        // Items: conflicts.
        var oldItemUse: [IndexPath: String] = [:], newItemUse: [IndexPath: String] = [:]
        func claimOldItem(_ p: IndexPath, _ what: String) throws(BatchUpdateError) {
            if let other = oldItemUse[p] {
                throw fail(.duplicateItem, "item \(p.item) in section \(p.section) is \(other) and \(what) in the same update")
            }
            oldItemUse[p] = what
        }
        func claimNewItem(_ p: IndexPath, _ what: String) throws(BatchUpdateError) {
            if let other = newItemUse[p] {
                throw fail(.duplicateItem, "item \(p.item) in section \(p.section) after the update is both \(other) and \(what)")
            }
            newItemUse[p] = what
        }
        for p in update.deletedItems { try claimOldItem(p, "deleted") }
        for p in update.reloadedItems { try claimOldItem(p, "reloaded") }
        for m in update.movedItems { try claimOldItem(m.from, "moved") }
        for p in update.insertedItems { try claimNewItem(p, "inserted") }
        for m in update.movedItems { try claimNewItem(m.to, "the destination of a move") }

        // Items: per-section changes and counts.
        var removedByOld: [Int: [Int]] = [:], addedByNew: [Int: [Int]] = [:]
        var deletedCount: [Int: Int] = [:], movedOut: [Int: Int] = [:], insertedCount: [Int: Int] = [:], movedIn: [Int: Int] = [:]
        for p in update.deletedItems { removedByOld[p.section, default: []].append(p.item); deletedCount[p.section, default: 0] += 1 }
        for p in update.insertedItems { addedByNew[p.section, default: []].append(p.item); insertedCount[p.section, default: 0] += 1 }
        for m in update.movedItems {
            removedByOld[m.from.section, default: []].append(m.from.item)
            addedByNew[m.to.section, default: []].append(m.to.item)
            movedOut[m.from.section, default: 0] += 1
            movedIn[m.to.section, default: 0] += 1
            movedItemsByOld[m.from] = m.to
            movedItemsByNew[m.to] = m.from
        }
        for s in 0..<oldSections where !deleted.contains(s) && !reloadedSections.contains(s) {
            let t = newSectionOfOld[s]!
            let ins = insertedCount[t] ?? 0, del = deletedCount[s] ?? 0, inn = movedIn[t] ?? 0, out = movedOut[s] ?? 0
            let expected = oldCounts[s] + ins - del + inn - out
            if newCounts[t] != expected {
                let which = s == t ? "section \(s)" : "section \(s) (section \(t) after the update)"
                throw fail(.itemCount, "invalid number of items in \(which). The number of items contained in an existing section after the update (\(newCounts[t])) must be equal to the number of items contained in that section before the update (\(oldCounts[s])), plus or minus the number of items inserted or deleted from that section (\(ins) inserted, \(del) deleted) and plus or minus the number of items moved into or out of that section (\(inn) moved in, \(out) moved out).")
            }
            if removedByOld[s] != nil || addedByNew[t] != nil {
                sectionChanges[s] = SectionChanges(removed: SortedIndexes(removedByOld[s] ?? []), added: SortedIndexes(addedByNew[t] ?? []))
            }
        }
    }

    // MARK: Mapping

    /// Where an old section is after the update; nil when it was deleted.
    public func newSection(forOld section: Int) -> Int? {
        newSectionOfOld.indices.contains(section) ? newSectionOfOld[section] : nil
    }

    /// Where a new section was before the update; nil when it was inserted.
    public func oldSection(forNew section: Int) -> Int? {
        oldSectionOfNew.indices.contains(section) ? oldSectionOfNew[section] : nil
    }

    public func isSectionReloaded(old section: Int) -> Bool { reloadedSections.contains(section) }

    /// Where an old item is after the update; nil when it was deleted, or its section deleted or
    /// reloaded. A reloaded item keeps its place (see `isReloaded`).
    public func newIndexPath(forOld path: IndexPath) -> IndexPath? {
        guard path.count == 2, oldCounts.indices.contains(path.section), (0..<oldCounts[path.section]).contains(path.item) else { return nil }
        if let moved = movedItemsByOld[path] { return moved }
        guard !reloadedSections.contains(path.section), let t = newSectionOfOld[path.section] else { return nil }
        guard let changes = sectionChanges[path.section] else { return IndexPath(item: path.item, section: t) }
        if changes.removed.contains(path.item) { return nil }
        let rank = changes.removed.rankAmongUnoccupied(path.item)
        return IndexPath(item: changes.added.unoccupied(rank: rank), section: t)
    }

    /// Where a new item was before the update; nil when it was inserted (or its section was).
    public func oldIndexPath(forNew path: IndexPath) -> IndexPath? {
        guard path.count == 2, newCounts.indices.contains(path.section), (0..<newCounts[path.section]).contains(path.item) else { return nil }
        if let moved = movedItemsByNew[path] { return moved }
        guard let s = oldSectionOfNew[path.section], !reloadedSections.contains(s) else { return nil }
        guard let changes = sectionChanges[s] else { return IndexPath(item: path.item, section: s) }
        if changes.added.contains(path.item) { return nil }
        let rank = changes.added.rankAmongUnoccupied(path.item)
        return IndexPath(item: changes.removed.unoccupied(rank: rank), section: s)
    }

    /// True when the old item was reloaded: it keeps its place but gets a new view.
    public func isReloaded(old path: IndexPath) -> Bool { reloadedItems.contains(path) }
}
