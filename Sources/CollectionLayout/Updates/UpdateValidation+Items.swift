import FoundationEssentials

/// The item rules: shape and range, one change per item, the counts.
extension UpdateValidation {
    /// Every item path has two indexes and is in range of its side of the batch (deletes,
    /// reloads and move sources before it; inserts and move destinations after it), and none is
    /// inside a section that is itself deleted, inserted or reloaded: that section's items
    /// change as a whole.
    func checkItemPaths(_ sections: SectionMap) throws(BatchUpdateError) {
        for p in update.deletedItems { try checkOldItem(p, "delete") }
        for p in update.reloadedItems { try checkOldItem(p, "reload") }
        for p in update.insertedItems { try checkNewItem(p, "insert", sections) }
        for m in update.movedItems {
            try checkOldItem(m.from, "move")
            try checkNewItem(m.to, "move an item to", sections)
        }
    }

    private func checkOldItem(_ p: IndexPath, _ verb: String) throws(BatchUpdateError) {
        let oldSections = oldCounts.count
        guard p.count == 2 else { throw fail(.itemOutOfRange, "attempt to \(verb) \(Array(p)), which is not an item index path") }
        let section = p.section, item = p.item  // (read once: each read goes through IndexPath's storage)
        guard (0..<oldSections).contains(section) else {
            throw fail(.itemOutOfRange, "attempt to \(verb) item \(item) in section \(section), but there are only \(oldSections) sections before the update")
        }
        guard (0..<oldCounts[section]).contains(item) else {
            throw fail(.itemOutOfRange, "attempt to \(verb) item \(item) in section \(section), which only contains \(oldCounts[section]) items before the update")
        }
        let changed = oldSectionChanges[section], deleted = changed & Self.deleted != 0
        if deleted || changed & Self.reloaded != 0 {
            throw fail(.itemInChangedSection, "attempt to \(verb) item \(item) in section \(section), which is being \(deleted ? "deleted" : "reloaded")")
        }
    }

    private func checkNewItem(_ p: IndexPath, _ verb: String, _ sections: SectionMap) throws(BatchUpdateError) {
        let newSections = newCounts.count
        guard p.count == 2 else { throw fail(.itemOutOfRange, "attempt to \(verb) \(Array(p)), which is not an item index path") }
        let section = p.section, item = p.item
        guard (0..<newSections).contains(section) else {
            throw fail(.itemOutOfRange, "attempt to \(verb) item \(item) in section \(section), but there are only \(newSections) sections after the update")
        }
        guard (0..<newCounts[section]).contains(item) else {
            throw fail(.itemOutOfRange, "attempt to \(verb) item \(item) in section \(section), but there are only \(newCounts[section]) items in section \(section) after the update")
        }
        if newSectionChanges[section] & Self.inserted != 0 {
            throw fail(.itemInChangedSection, "attempt to \(verb) item \(item) in section \(section), which is being inserted")
        }
        if let old = sections.oldSection(forNew: section), oldSectionChanges[old] & Self.reloaded != 0 {
            throw fail(.itemInChangedSection, "attempt to \(verb) item \(item) in section \(section), which is being reloaded")
        }
    }

    /// Each old item takes part in at most one change (delete, reload, move), and so does each
    /// new item (insert, move destination). Names the first claim that breaks it, in the order
    /// of the batch's lists; `validated()` runs it only once `ItemChanges` found a repeat.
    func checkItemConflicts() throws(BatchUpdateError) {
        try checkOneChangeEach(
            rule: .duplicateItem, name: { "item \($0.item) in section \($0.section)" },
            old: update.deletedItems.map { ($0, "deleted") } + update.reloadedItems.map { ($0, "reloaded") }
                + update.movedItems.map { ($0.from, "moved") },
            new: update.insertedItems.map { ($0, "inserted") } + update.movedItems.map { ($0.to, "the destination of a move") })
    }

    /// In every section that survives unreloaded: items after = items before - deleted
    /// - moved out + inserted + moved in. Deleted, inserted and reloaded sections may have any
    /// count.
    func checkItemCounts(_ sections: SectionMap, _ items: ItemChanges) throws(BatchUpdateError) {
        for s in oldCounts.indices where !deletedSections.contains(s) && !reloadedSections.contains(s) {
            let t = sections.newSection(forOld: s)!  // neither deleted nor out of range
            let expected = oldCounts[s] - items.removedCount(old: s) + items.addedCount(new: t)
            if newCounts[t] != expected { throw itemCountError(old: s, new: t) }
        }
    }

    /// The count error, with the four numbers UIKit names; worked out only on failure.
    private func itemCountError(old s: Int, new t: Int) -> BatchUpdateError {
        let ins = update.insertedItems.count { $0.section == t }
        let del = update.deletedItems.count { $0.section == s }
        let inn = update.movedItems.count { $0.to.section == t }
        let out = update.movedItems.count { $0.from.section == s }
        let which = s == t ? "section \(s)" : "section \(s) (section \(t) after the update)"
        return fail(.itemCount, "invalid number of items in \(which). The number of items contained in an existing section after the update (\(newCounts[t])) must be equal to the number of items contained in that section before the update (\(oldCounts[s])), plus or minus the number of items inserted or deleted from that section (\(ins) inserted, \(del) deleted) and plus or minus the number of items moved into or out of that section (\(inn) moved in, \(out) moved out).")
    }
}
