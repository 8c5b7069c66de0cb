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
