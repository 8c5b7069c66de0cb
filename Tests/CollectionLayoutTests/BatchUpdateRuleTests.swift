import Testing
import CollectionLayout

/// Every rule of a batch update, with the message it reports.
@Suite struct BatchUpdateRuleTests {
    func plan(_ old: [Int], _ new: [Int], _ build: (inout BatchUpdate) -> Void) -> Result<BatchUpdatePlan, BatchUpdateError> {
        var update = BatchUpdate()
        build(&update)
        do { return .success(try BatchUpdatePlan(oldCounts: old, newCounts: new, update: update)) } catch { return .failure(error) }
    }

    func error(_ old: [Int], _ new: [Int], _ build: (inout BatchUpdate) -> Void) -> BatchUpdateError? {
        if case .failure(let e) = plan(old, new, build) { return e }
        return nil
    }

    func ip(_ item: Int, _ section: Int) -> IndexPath { IndexPath(item: item, section: section) }

    @Test func itemCountNamesTheSectionAndTheCounts() {
        let e = error([3], [5]) { $0.insertedItems = [ip(0, 0)] }
        #expect(e?.rule == .itemCount)
        #expect(e?.description == "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).")
        // Moves count on both sides.
        let m = error([3, 3], [3, 3]) { $0.movedItems = [(ip(0, 0), ip(0, 1))] }
        #expect(m?.description.contains("(0 moved in, 1 moved out)") == true)
    }

    @Test func sectionCount() {
        let e = error([1, 1], [1, 1, 1]) { _ in }
        #expect(e?.rule == .sectionCount)
        #expect(e?.description == "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (3) must be equal to the number of sections contained in the collection view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).")
    }

    @Test func outOfRange() {
        #expect(error([3], [2]) { $0.deletedItems = [ip(3, 0)] }?.description
                == "Invalid update: attempt to delete item 3 in section 0, which only contains 3 items before the update")
        #expect(error([3], [4]) { $0.insertedItems = [ip(4, 0)] }?.description
                == "Invalid update: attempt to insert item 4 in section 0, but there are only 4 items in section 0 after the update")
        #expect(error([3], [3]) { $0.reloadedItems = [ip(0, 1)] }?.description
                == "Invalid update: attempt to reload item 0 in section 1, but there are only 1 sections before the update")
        #expect(error([3], [2]) { $0.deletedSections = [1] }?.rule == .sectionOutOfRange)
        #expect(error([3], [3, 0]) { $0.insertedSections = [2] }?.description
                == "Invalid update: attempt to insert section 2, but there are only 2 sections after the update")
        #expect(error([3], [3]) { $0.movedSections = [(0, 1)] }?.rule == .sectionOutOfRange)
        #expect(error([3], [3]) { $0.deletedItems = [IndexPath(index: 0)] }?.rule == .itemOutOfRange)
    }

    @Test func duplicatesAndConflicts() {
        #expect(error([3], [1]) { $0.deletedItems = [ip(1, 0), ip(1, 0)] }?.description
                == "Invalid update: item 1 in section 0 is deleted and deleted in the same update")
        #expect(error([3], [2]) { $0.deletedItems = [ip(1, 0)]; $0.movedItems = [(ip(1, 0), ip(0, 0))] }?.description
                == "Invalid update: item 1 in section 0 is deleted and moved in the same update")
        #expect(error([3], [3]) { $0.reloadedItems = [ip(1, 0)]; $0.deletedItems = [ip(1, 0)] }?.rule == .duplicateItem)
        #expect(error([3], [3]) { $0.movedItems = [(ip(0, 0), ip(2, 0)), (ip(1, 0), ip(2, 0))] }?.description
                == "Invalid update: item 2 in section 0 after the update is both the destination of a move and the destination of a move")
        #expect(error([3], [4]) { $0.insertedItems = [ip(0, 0)]; $0.movedItems = [(ip(2, 0), ip(0, 0))] }?.rule == .duplicateItem)
        #expect(error([1, 1], [1]) { $0.deletedSections = [0]; $0.movedSections = [(0, 0)] }?.description
                == "Invalid update: section 0 is deleted and moved in the same update")
        #expect(error([1, 1], [1, 1]) { $0.movedSections = [(0, 1), (1, 1)] }?.rule == .duplicateSection)
        #expect(error([1], [1, 1]) { $0.insertedSections = [1, 1] }?.rule == .duplicateSection)
    }

    @Test func itemChangesInsideChangedSections() {
        #expect(error([3, 2], [2]) { $0.deletedSections = [0]; $0.deletedItems = [ip(0, 0)] }?.description
                == "Invalid update: attempt to delete item 0 in section 0, which is being deleted")
        #expect(error([3], [3, 2]) { $0.insertedSections = [1]; $0.insertedItems = [ip(0, 1)] }?.description
                == "Invalid update: attempt to insert item 0 in section 1, which is being inserted")
        #expect(error([3, 2], [2, 2]) { $0.reloadedSections = [0]; $0.deletedItems = [ip(0, 0)] }?.rule == .itemInChangedSection)
        // A move out of a deleted section, or into an inserted one.
        #expect(error([3, 2], [3]) { $0.deletedSections = [1]; $0.movedItems = [(ip(0, 1), ip(0, 0))] }?.rule == .itemInChangedSection)
        #expect(error([3], [2, 1]) { $0.insertedSections = [1]; $0.movedItems = [(ip(0, 0), ip(0, 1))] }?.description
                == "Invalid update: attempt to move an item to item 0 in section 1, which is being inserted")
    }

    @Test func validBatchesPassAndMap() throws {
        // Delete item 1, insert at 0, move 3 -> 1, in one section of 5.
        var u = BatchUpdate()
        u.deletedItems = [ip(1, 0)]
        u.insertedItems = [ip(0, 0)]
        u.movedItems = [(ip(3, 0), ip(1, 0))]
        let p = try BatchUpdatePlan(oldCounts: [5], newCounts: [5], update: u)
        // Old [a b c d e] -> remove b, d -> [a c e] -> insert X at 0, d at 1 -> [X d a c e].
        #expect(p.newIndexPath(forOld: ip(0, 0)) == ip(2, 0))
        #expect(p.newIndexPath(forOld: ip(1, 0)) == nil)
        #expect(p.newIndexPath(forOld: ip(2, 0)) == ip(3, 0))
        #expect(p.newIndexPath(forOld: ip(3, 0)) == ip(1, 0))
        #expect(p.newIndexPath(forOld: ip(4, 0)) == ip(4, 0))
        #expect(p.oldIndexPath(forNew: ip(0, 0)) == nil)
        #expect(p.oldIndexPath(forNew: ip(1, 0)) == ip(3, 0))
        #expect(p.oldIndexPath(forNew: ip(2, 0)) == ip(0, 0))
        #expect(u.updateItems.count == 3)
    }
}
