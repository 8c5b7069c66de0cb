/// The section rules: ranges, one change per section, the count.
extension UpdateValidation {
    /// Deletes, reloads and move sources name sections before the batch; inserts and move
    /// destinations sections after it.
    func checkSectionRanges() throws(BatchUpdateError) {
        let oldSections = oldCounts.count, newSections = newCounts.count
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
    }

    /// Each old section takes part in at most one change (delete, reload, move), and so does
    /// each new section (insert, move destination): otherwise where it goes is not defined.
    func checkSectionConflicts() throws(BatchUpdateError) {
        try checkOneChangeEach(
            rule: .duplicateSection, name: { "section \($0)" },
            old: update.deletedSections.map { ($0, "deleted") } + update.reloadedSections.map { ($0, "reloaded") }
                + update.movedSections.map { ($0.from, "moved") },
            new: update.insertedSections.map { ($0, "inserted") } + update.movedSections.map { ($0.to, "the destination of a move") })
    }

    /// Each old element (section or item) takes part in at most one change, and so does each
    /// new one; `old` and `new` list the claims in the order the rules are checked.
    func checkOneChangeEach<Key: Hashable>(rule: BatchUpdateError.Rule, name: (Key) -> String,
                                           old: [(Key, String)], new: [(Key, String)]) throws(BatchUpdateError) {
        var oldUse: [Key: String] = [:], newUse: [Key: String] = [:]
        for (key, what) in old {
            if let other = oldUse.updateValue(what, forKey: key) {
                throw fail(rule, "\(name(key)) is \(other) and \(what) in the same update")
            }
        }
        for (key, what) in new {
            if let other = newUse.updateValue(what, forKey: key) {
                throw fail(rule, "\(name(key)) after the update is both \(other) and \(what)")
            }
        }
    }

    /// Sections after = sections before - deleted + inserted.
    func checkSectionCount() throws(BatchUpdateError) {
        let oldSections = oldCounts.count, newSections = newCounts.count
        let inserted = insertedSections.count, deleted = deletedSections.count
        if newSections != oldSections - deleted + inserted {
            throw fail(.sectionCount, "invalid number of sections. The number of sections contained in the collection view after the update (\(newSections)) must be equal to the number of sections contained in the collection view before the update (\(oldSections)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted).")
        }
    }
}
