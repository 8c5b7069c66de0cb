import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// The validation stage alone: every rule and every wording of it, the order the rules are
/// checked in, each check function carrying its own rule, and whole families of small batches.
@Suite struct UpdateValidationTests {
    struct Case: CustomStringConvertible {
        let rule: BatchUpdateError.Rule
        let old: [Int], new: [Int]
        let update: BatchUpdate
        let message: String
        var description: String { "\(rule): \(update)" }
    }

    static func ip(_ item: Int, _ section: Int) -> IndexPath { IndexPath(item: item, section: section) }

    static func make(_ rule: BatchUpdateError.Rule, _ old: [Int], _ new: [Int], _ message: String,
                     _ build: (inout BatchUpdate) -> Void) -> Case {
        var u = BatchUpdate()
        build(&u)
        return Case(rule: rule, old: old, new: new, update: u, message: message)
    }

    /// One batch per wording of every rule, each breaking only that rule.
    static let cases: [Case] = [
        make(.sectionOutOfRange, [3], [2], "attempt to delete section 1, but there are only 1 sections before the update") { $0.deletedSections = [1] },
        make(.sectionOutOfRange, [3], [3], "attempt to reload section 1, but there are only 1 sections before the update") { $0.reloadedSections = [1] },
        make(.sectionOutOfRange, [3], [3, 0], "attempt to insert section 2, but there are only 2 sections after the update") { $0.insertedSections = [2] },
        make(.sectionOutOfRange, [3], [3], "attempt to move section 1, but there are only 1 sections before the update") { $0.movedSections = [(1, 0)] },
        make(.sectionOutOfRange, [3], [3], "attempt to move section 0 to 1, but there are only 1 sections after the update") { $0.movedSections = [(0, 1)] },
        make(.duplicateSection, [1, 1], [1], "section 0 is deleted and reloaded in the same update") { $0.deletedSections = [0]; $0.reloadedSections = [0] },
        make(.duplicateSection, [1, 1], [1, 1], "section 1 is reloaded and moved in the same update") { $0.reloadedSections = [1]; $0.movedSections = [(1, 0)] },
        make(.duplicateSection, [1, 1], [1, 1, 1], "section 1 after the update is both inserted and the destination of a move") {
            $0.insertedSections = [1]; $0.movedSections = [(0, 1)]
        },
        make(.sectionCount, [1, 1], [1, 1, 1], "invalid number of sections. The number of sections contained in the collection view after the update (3) must be equal to the number of sections contained in the collection view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).") { _ in },
        make(.sectionCount, [1, 1], [1], "invalid number of sections. The number of sections contained in the collection view after the update (1) must be equal to the number of sections contained in the collection view before the update (2), plus or minus the number of sections inserted or deleted (1 inserted, 1 deleted).") {
            $0.deletedSections = [0]; $0.insertedSections = [0]
        },
        make(.itemOutOfRange, [3], [2], "attempt to delete [0], which is not an item index path") { $0.deletedItems = [IndexPath(index: 0)] },
        make(.itemOutOfRange, [3], [4], "attempt to insert [0, 1, 2], which is not an item index path") { $0.insertedItems = [IndexPath(indexes: [0, 1, 2])] },
        make(.itemOutOfRange, [3], [3], "attempt to reload item 0 in section 1, but there are only 1 sections before the update") { $0.reloadedItems = [ip(0, 1)] },
        make(.itemOutOfRange, [3], [2], "attempt to delete item 3 in section 0, which only contains 3 items before the update") { $0.deletedItems = [ip(3, 0)] },
        make(.itemOutOfRange, [3], [2], "attempt to delete item -1 in section 0, which only contains 3 items before the update") { $0.deletedItems = [ip(-1, 0)] },
        make(.itemOutOfRange, [3], [4], "attempt to insert item 0 in section 1, but there are only 1 sections after the update") { $0.insertedItems = [ip(0, 1)] },
        make(.itemOutOfRange, [3], [4], "attempt to insert item 4 in section 0, but there are only 4 items in section 0 after the update") { $0.insertedItems = [ip(4, 0)] },
        make(.itemOutOfRange, [3], [3], "attempt to move an item to item 3 in section 0, but there are only 3 items in section 0 after the update") { $0.movedItems = [(ip(0, 0), ip(3, 0))] },
        make(.itemInChangedSection, [3, 2], [2], "attempt to delete item 0 in section 0, which is being deleted") { $0.deletedSections = [0]; $0.deletedItems = [ip(0, 0)] },
        make(.itemInChangedSection, [3, 2], [2, 2], "attempt to delete item 0 in section 0, which is being reloaded") { $0.reloadedSections = [0]; $0.deletedItems = [ip(0, 0)] },
        make(.itemInChangedSection, [3, 2], [3], "attempt to move item 0 in section 1, which is being deleted") {
            $0.deletedSections = [1]; $0.movedItems = [(ip(0, 1), ip(0, 0))]
        },
        make(.itemInChangedSection, [3], [3, 2], "attempt to insert item 0 in section 1, which is being inserted") { $0.insertedSections = [1]; $0.insertedItems = [ip(0, 1)] },
        make(.itemInChangedSection, [3, 2], [3, 3], "attempt to insert item 0 in section 1, which is being reloaded") { $0.reloadedSections = [1]; $0.insertedItems = [ip(0, 1)] },
        make(.itemInChangedSection, [3], [2, 1], "attempt to move an item to item 0 in section 1, which is being inserted") {
            $0.insertedSections = [1]; $0.movedItems = [(ip(0, 0), ip(0, 1))]
        },
        make(.duplicateItem, [3], [1], "item 1 in section 0 is deleted and deleted in the same update") { $0.deletedItems = [ip(1, 0), ip(1, 0)] },
        make(.duplicateItem, [3], [2], "item 1 in section 0 is deleted and moved in the same update") { $0.deletedItems = [ip(1, 0)]; $0.movedItems = [(ip(1, 0), ip(0, 0))] },
        make(.duplicateItem, [3], [3], "item 1 in section 0 is reloaded and moved in the same update") { $0.reloadedItems = [ip(1, 0)]; $0.movedItems = [(ip(1, 0), ip(0, 0))] },
        make(.duplicateItem, [3], [4], "item 0 in section 0 after the update is both inserted and the destination of a move") {
            $0.insertedItems = [ip(0, 0)]; $0.movedItems = [(ip(2, 0), ip(0, 0))]
        },
        make(.itemCount, [3], [5], "invalid number of items in section 0. The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).") {
            $0.insertedItems = [ip(0, 0)]
        },
        make(.itemCount, [3, 3], [3, 3], "invalid number of items in section 0. The number of items contained in an existing section after the update (3) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 1 moved out).") {
            $0.deletedItems = [ip(2, 0)]; $0.movedItems = [(ip(0, 0), ip(0, 1))]
        },
        make(.itemCount, [3, 1], [1, 4], "invalid number of items in section 0 (section 1 after the update). The number of items contained in an existing section after the update (4) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).") {
            $0.movedSections = [(0, 1)]
        },
    ]

    func error(_ c: Case) -> BatchUpdateError? {
        do { try UpdateValidation(oldCounts: c.old, newCounts: c.new, update: c.update).validate() } catch { return error }
        return nil
    }

    @Test(arguments: cases)
    func everyRuleWithItsMessage(_ c: Case) {
        let e = error(c)
        #expect(e?.rule == c.rule)
        #expect(e?.message == c.message)
        #expect(e?.description == "Invalid update: " + c.message)
        // The index map refuses it with the same error.
        if let e { #expect(throws: e) { try UpdateIndexMap(oldCounts: c.old, newCounts: c.new, update: c.update) } }
    }

    @Test func theCasesCoverEveryRule() {
        #expect(Set(Self.cases.map(\.rule)) == Set(BatchUpdateError.Rule.allCases))
    }

    /// Each check function carries its rule alone: run one by one in order, the first to throw
    /// is the one for the case's rule, and it throws what `validate()` throws.
    @Test(arguments: cases)
    func eachCheckCarriesItsRule(_ c: Case) {
        let v = UpdateValidation(oldCounts: c.old, newCounts: c.new, update: c.update)
        let sections: () -> SectionMap = { SectionMap(oldCount: c.old.count, newCount: c.new.count, update: c.update) }
        let checks: [(String, Set<BatchUpdateError.Rule>, () throws(BatchUpdateError) -> Void)] = [
            ("section ranges", [.sectionOutOfRange], { () throws(BatchUpdateError) in try v.checkSectionRanges() }),
            ("section conflicts", [.duplicateSection], { () throws(BatchUpdateError) in try v.checkSectionConflicts() }),
            ("section count", [.sectionCount], { () throws(BatchUpdateError) in try v.checkSectionCount() }),
            ("item paths", [.itemOutOfRange, .itemInChangedSection], { () throws(BatchUpdateError) in try v.checkItemPaths(sections()) }),
            ("item conflicts", [.duplicateItem], { () throws(BatchUpdateError) in try v.checkItemConflicts() }),
            ("item counts", [.itemCount], { () throws(BatchUpdateError) in try v.checkItemCounts(sections(), ItemChanges(c.update)) }),
        ]
        for (name, rules, check) in checks {
            do { try check() } catch {
                #expect(rules.contains(c.rule), "\(name) threw \(error), expected a \(c.rule) error")
                #expect(error == self.error(c))
                return
            }
            #expect(!rules.contains(c.rule), "\(name) let the \(c.rule) case through")
        }
    }

    /// A batch that breaks two rules reports the one checked first.
    @Test func rulesAreCheckedInOrder() {
        func rule(_ old: [Int], _ new: [Int], _ build: (inout BatchUpdate) -> Void) -> BatchUpdateError.Rule? {
            var u = BatchUpdate()
            build(&u)
            do { try UpdateValidation(oldCounts: old, newCounts: new, update: u).validate() } catch { return error.rule }
            return nil
        }
        let ip = Self.ip
        #expect(rule([1], [1]) { $0.deletedSections = [0, 0, 5] } == .sectionOutOfRange, "ranges before conflicts")
        #expect(rule([1, 1], [1, 1, 1]) { $0.deletedSections = [0]; $0.reloadedSections = [0] } == .duplicateSection, "conflicts before the count")
        #expect(rule([3], [3, 1]) { $0.insertedItems = [ip(9, 0)] } == .sectionCount, "the section count before item paths")
        #expect(rule([3], [1]) { $0.deletedItems = [ip(0, 0), ip(0, 0), ip(7, 0)] } == .itemOutOfRange, "item paths before item conflicts")
        #expect(rule([3], [2]) { $0.deletedItems = [ip(0, 0), ip(0, 0)] } == .duplicateItem, "item conflicts before item counts")
    }

    /// Every single change at every index from -1 to n + 1 on one section of n items, n up to
    /// 6: valid exactly when the index is in range on its side, and a new count one off is an
    /// item-count error exactly then.
    @Test func everySingleChangeOnSmallSections() throws {
        var checked = 0
        for n in 0...6 {
            for i in -1...(n + 1) {
                for j in -1...(n + 1) {
                    var move = BatchUpdate()
                    move.movedItems = [(Self.ip(i, 0), Self.ip(j, 0))]
                    try expect(move, n, n, valid: (0..<n).contains(i) && (0..<n).contains(j))
                }
                var delete = BatchUpdate(), reload = BatchUpdate(), insert = BatchUpdate()
                delete.deletedItems = [Self.ip(i, 0)]
                reload.reloadedItems = [Self.ip(i, 0)]
                insert.insertedItems = [Self.ip(i, 0)]
                try expect(delete, n, n - 1, valid: (0..<n).contains(i))
                try expect(reload, n, n, valid: (0..<n).contains(i))
                try expect(insert, n, n + 1, valid: (0...n).contains(i))
                checked += 3
            }
        }
        #expect(checked == 3 * (3 + 4 + 5 + 6 + 7 + 8 + 9))

        func expect(_ u: BatchUpdate, _ old: Int, _ new: Int, valid: Bool) throws {
            guard new >= 0 else { return }
            #expect(rule(u, old, new) == (valid ? nil : .itemOutOfRange), "\(u) on \(old) -> \(new)")
            guard valid else { return }
            // One off breaks the count, unless an insert or move destination is then out of
            // range, which is checked first.
            let lastNew = (u.insertedItems + u.movedItems.map(\.to)).map(\.item).max() ?? -1
            for wrong in [new - 1, new + 1] where wrong >= 0 {
                #expect(rule(u, old, wrong) == (lastNew < wrong ? .itemCount : .itemOutOfRange), "\(u) on \(old) -> \(wrong)")
            }
        }
        func rule(_ u: BatchUpdate, _ old: Int, _ new: Int) -> BatchUpdateError.Rule? {
            do { try UpdateValidation(oldCounts: [old], newCounts: [new], update: u).validate() } catch { return error.rule }
            return nil
        }
    }

    /// Random valid batches pass; leaving out one delete or insert (of an item or a section)
    /// without changing the counts breaks the count rule it belongs to.
    @Test func randomBatchesPassAndTheirTruncationsFail() {
        var rng = SplitMix64(seed: 0x7A11D)
        var nextID = 0
        var broken = 0
        for round in 0..<1500 {
            let model = BatchModel.random(&rng, nextID: &nextID)
            let (u, new) = model.randomBatch(&rng, nextID: &nextID)
            func rule(_ u: BatchUpdate) -> BatchUpdateError.Rule? {
                do { try UpdateValidation(oldCounts: model.counts, newCounts: new.counts, update: u).validate() } catch { return error.rule }
                return nil
            }
            #expect(rule(u) == nil, "round \(round): \(u)")
            var candidates: [(BatchUpdate, BatchUpdateError.Rule)] = []
            if !u.deletedItems.isEmpty { var c = u; c.deletedItems.removeLast(); candidates.append((c, .itemCount)) }
            if !u.insertedItems.isEmpty { var c = u; c.insertedItems.removeFirst(); candidates.append((c, .itemCount)) }
            if !u.deletedSections.isEmpty { var c = u; c.deletedSections.removeFirst(); candidates.append((c, .sectionCount)) }
            if !u.insertedSections.isEmpty { var c = u; c.insertedSections.removeLast(); candidates.append((c, .sectionCount)) }
            for (c, expected) in candidates {
                #expect(rule(c) == expected, "round \(round): \(c)")
                broken += 1
            }
        }
        #expect(broken > 1500)
    }
}
