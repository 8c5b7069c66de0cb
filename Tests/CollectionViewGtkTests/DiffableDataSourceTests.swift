import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// Snapshots applied to a real collection view: the view ends showing exactly the snapshot,
/// cells of items that stayed are reused, and applies land in call order.
final class DiffableDataSourceTests: XCTestCase {
    func testApplyAnimatesToTheSnapshotReusingCells() throws { try MainActor.assumeIsolated {
        let fixture = DiffableWindow()
        defer { fixture.close() }
        let cv = fixture.cv, source = fixture.source
        var snapshot = source.snapshot()
        try snapshot.appendSections(["a", "b"])
        try snapshot.appendItems((0..<8).map { "a\($0)" }, toSection: "a")
        try snapshot.appendItems((0..<5).map { "b\($0)" }, toSection: "b")
        var landed = 0
        source.apply(snapshot, animatingDifferences: false) { landed += 1 }
        XCTAssertTrue(GtkHarness.pump { landed == 1 && !cv.hasPendingViews })
        XCTAssertEqual(fixture.shownItems(), [(0..<8).map { "a\($0)" }, (0..<5).map { "b\($0)" }])
        let cellOfA3 = cv.cellForItem(at: source.indexPath(for: "a3")!)

        // Reverse section a, move b0 into a, delete a5, insert a new item.
        var next = source.snapshot()
        try next.deleteItems(["a5"])
        for item in ["a0", "a1", "a2", "a3", "a4", "a6"] { XCTAssertNoThrow(try next.moveItem(item, afterItem: "a7")) }
        try next.moveItem("b0", beforeItem: "a7")
        try next.appendItems(["new"], toSection: "b")
        source.apply(next) { landed += 1 }
        XCTAssertTrue(cv.isAnimatingUpdates, "the change animates")
        XCTAssertTrue(GtkHarness.pump { landed == 2 })
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        XCTAssertEqual(fixture.shownItems(), [next.itemIdentifiers(inSection: "a"), next.itemIdentifiers(inSection: "b")])
        XCTAssertTrue(cv.cellForItem(at: source.indexPath(for: "a3")!) === cellOfA3, "an item that moved kept its cell")
        XCTAssertEqual(source.itemIdentifier(for: IndexPath(item: 0, section: 0)), "b0", "b0 moved in before a7, now first")
        XCTAssertEqual(source.sectionIdentifier(for: 1), "b")
    }}

    /// Reconfiguring gives the item's own cell back to the provider: nothing new is made.
    func testReconfigureConfiguresTheSameCell() throws { try MainActor.assumeIsolated {
        let fixture = DiffableWindow()
        defer { fixture.close() }
        let cv = fixture.cv, source = fixture.source
        var snapshot = source.snapshot()
        try snapshot.appendSections(["s"])
        try snapshot.appendItems(["x", "y", "z"])
        var landed = false
        source.apply(snapshot, animatingDifferences: false) { landed = true }
        XCTAssertTrue(GtkHarness.pump { landed && !cv.hasPendingViews })
        let cell = cv.cellForItem(at: IndexPath(item: 1, section: 0)) as! ItemCell
        let made = cv.reuseStatistics.created
        var next = source.snapshot()
        try next.reconfigureItems(["y"])
        landed = false
        source.apply(next) { landed = true }
        XCTAssertTrue(GtkHarness.pump { landed })
        XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 1, section: 0)) === cell)
        XCTAssertEqual(cell.configured, 2, "configured again in place")
        XCTAssertEqual(cv.reuseStatistics.created, made, "no view was made")
    }}

    /// Applies land in call order, a big one diffed off the main thread without blocking.
    func testAppliesLandInOrderAndBigDiffsRunOffTheMainThread() throws { try MainActor.assumeIsolated {
        let fixture = DiffableWindow()
        defer { fixture.close() }
        let cv = fixture.cv, source = fixture.source
        var big = source.snapshot()
        try big.appendSections(["s"])
        try big.appendItems((0..<30_000).map { "i\($0)" })
        var order: [String] = []
        source.apply(big) { order.append("big") }
        XCTAssertEqual(order, [], "a big diff does not land inline")
        var small = big
        try small.deleteItems(["i0", "i1"])
        source.apply(small) { order.append("small") }
        XCTAssertEqual(source.snapshot().numberOfItems, 29_998, "snapshot() already shows the last apply")
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { order.count == 2 })
        XCTAssertEqual(order, ["big", "small"])
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 29_998)
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        XCTAssertEqual(fixture.shownItems().first?.first, "i2")
    }}

    // MARK: Bad input

    /// A window showing sections "fruit" (apple, banana) and "veg" (carrot), landed and settled.
    @MainActor
    private static func openFruit() throws -> (DiffableWindow, DiffableWindow.Snapshot) {
        let fixture = DiffableWindow()
        var snapshot = fixture.source.snapshot()
        try snapshot.appendSections(["fruit", "veg"])
        try snapshot.appendItems(["apple", "banana"], toSection: "fruit")
        try snapshot.appendItems(["carrot"], toSection: "veg")
        XCTAssertTrue(fixture.applyAndWait(snapshot))
        XCTAssertNil(fixture.mismatch(snapshot))
        return (fixture, snapshot)
    }

    /// Runs `change` on a copy of `before`: it must throw `expected`, whose description names
    /// `identifier` and says `rule`, and leave the copy equal to `before`.
    @MainActor
    private static func assertRefused(_ before: DiffableWindow.Snapshot, _ expected: SnapshotError, naming identifier: String?, rule: String,
                               _ change: (inout DiffableWindow.Snapshot) throws -> Void,
                               file: StaticString = #filePath, line: UInt = #line) {
        var copy = before
        do {
            try change(&copy)
            XCTFail("accepted; expected \(expected)", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? SnapshotError, expected, file: file, line: line)
            if let identifier {
                XCTAssertTrue("\(error)".contains(identifier), "'\(error)' names \(identifier)", file: file, line: line)
            }
            XCTAssertTrue("\(error)".contains(rule), "'\(error)' says '\(rule)'", file: file, line: line)
        }
        XCTAssertEqual(copy, before, "the failed call changed the snapshot", file: file, line: line)
        XCTAssertEqual(DiffableWindow.lists(copy), DiffableWindow.lists(before), file: file, line: line)
        XCTAssertEqual(copy.reloadedItemIdentifiers + copy.reconfiguredItemIdentifiers, before.reloadedItemIdentifiers + before.reconfiguredItemIdentifiers,
                       file: file, line: line)
    }

    /// After refused calls the view is untouched, and a good apply lands and shows its state
    /// with the cells of the items that stayed.
    @MainActor
    private static func assertStillWorks(_ fixture: DiffableWindow, before: DiffableWindow.Snapshot, good: DiffableWindow.Snapshot,
                                  file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(fixture.source.snapshot(), before, "the data source kept its snapshot", file: file, line: line)
        XCTAssertNil(fixture.mismatch(before), file: file, line: line)
        let cells = Dictionary(uniqueKeysWithValues: before.itemIdentifiers.map { ($0, fixture.cv.cellForItem(at: fixture.source.indexPath(for: $0)!)) })
        XCTAssertTrue(fixture.applyAndWait(good, animated: true), "the good apply landed", file: file, line: line)
        XCTAssertNil(fixture.mismatch(good), file: file, line: line)
        for id in good.itemIdentifiers {
            guard let cell = cells[id], let path = fixture.source.indexPath(for: id) else { continue }
            XCTAssertTrue(fixture.cv.cellForItem(at: path) === cell, "\(id) kept its cell", file: file, line: line)
        }
        XCTAssertEqual(fixture.reports, [], file: file, line: line)
    }

    /// An item identifier that is already in the snapshot, in its own section or another, or
    /// given twice in one call, is refused (appendItems, insertItems before and after), naming
    /// the identifier; the snapshot is unchanged, also when the other identifiers of the call
    /// were new; then the view takes a good apply.
    func testDuplicateItemIdentifierIsAnErrorAndChangesNothing() throws { try MainActor.assumeIsolated {
        let (fixture, before) = try Self.openFruit()
        defer { fixture.close() }
        let rule = "Item identifiers must be unique"
        Self.assertRefused(before, .duplicateItem(identifier: "apple"), naming: "apple", rule: rule) { try $0.appendItems(["apple"]) }
        Self.assertRefused(before, .duplicateItem(identifier: "apple"), naming: "apple", rule: rule) { try $0.appendItems(["apple"], toSection: "veg") }
        Self.assertRefused(before, .duplicateItem(identifier: "apple"), naming: "apple", rule: rule) { try $0.appendItems(["kiwi", "apple"], toSection: "veg") }
        Self.assertRefused(before, .duplicateItem(identifier: "kiwi"), naming: "kiwi", rule: rule) { try $0.appendItems(["kiwi", "lime", "kiwi"], toSection: "fruit") }
        Self.assertRefused(before, .duplicateItem(identifier: "carrot"), naming: "carrot", rule: rule) { try $0.insertItems(["carrot"], afterItem: "apple") }
        Self.assertRefused(before, .duplicateItem(identifier: "fig"), naming: "fig", rule: rule) { try $0.insertItems(["fig", "fig"], beforeItem: "banana") }

        var good = before
        try good.appendItems(["kiwi", "lime"], toSection: "fruit")
        try good.insertItems(["fig"], beforeItem: "carrot")
        Self.assertStillWorks(fixture, before: before, good: good)
    }}

    /// An operation on an identifier that is not in the snapshot is refused, naming it: items
    /// (delete, move either way, insert before or after, reload, reconfigure, also with known
    /// items in the same call) and sections (append to, delete, move, insert next to, reload;
    /// appending with no section at all). The snapshot is unchanged; then the view takes a good
    /// apply.
    func testUnknownIdentifierIsAnErrorAndChangesNothing() throws { try MainActor.assumeIsolated {
        let (fixture, before) = try Self.openFruit()
        defer { fixture.close() }
        let ghost = SnapshotError.unknownItem(identifier: "ghost"), item = "Invalid item identifier"
        Self.assertRefused(before, ghost, naming: "ghost", rule: item) { try $0.deleteItems(["ghost"]) }
        Self.assertRefused(before, ghost, naming: "ghost", rule: item) { try $0.deleteItems(["apple", "ghost"]) }
        Self.assertRefused(before, ghost, naming: "ghost", rule: item) { try $0.moveItem("ghost", afterItem: "apple") }
        Self.assertRefused(before, ghost, naming: "ghost", rule: item) { try $0.moveItem("apple", beforeItem: "ghost") }
        Self.assertRefused(before, ghost, naming: "ghost", rule: item) { try $0.insertItems(["kiwi"], afterItem: "ghost") }
        Self.assertRefused(before, ghost, naming: "ghost", rule: item) { try $0.insertItems(["kiwi"], beforeItem: "ghost") }
        Self.assertRefused(before, ghost, naming: "ghost", rule: item) { try $0.reloadItems(["apple", "ghost"]) }
        Self.assertRefused(before, ghost, naming: "ghost", rule: item) { try $0.reconfigureItems(["banana", "ghost"]) }
        let nowhere = SnapshotError.unknownSection(identifier: "nowhere"), section = "Invalid section identifier"
        Self.assertRefused(before, nowhere, naming: "nowhere", rule: section) { try $0.appendItems(["kiwi"], toSection: "nowhere") }
        Self.assertRefused(before, nowhere, naming: "nowhere", rule: section) { try $0.deleteSections(["veg", "nowhere"]) }
        Self.assertRefused(before, nowhere, naming: "nowhere", rule: section) { try $0.moveSection("fruit", afterSection: "nowhere") }
        Self.assertRefused(before, nowhere, naming: "nowhere", rule: section) { try $0.moveSection("nowhere", beforeSection: "fruit") }
        Self.assertRefused(before, nowhere, naming: "nowhere", rule: section) { try $0.insertSections(["nuts"], afterSection: "nowhere") }
        Self.assertRefused(before, nowhere, naming: "nowhere", rule: section) { try $0.reloadSections(["fruit", "nowhere"]) }
        Self.assertRefused(DiffableWindow.Snapshot(), .noSectionToAppendTo, naming: nil, rule: "no sections in the snapshot to append items to") {
            try $0.appendItems(["kiwi"])
        }

        var good = before
        try good.deleteItems(["apple"])
        try good.moveItem("carrot", beforeItem: "banana")
        try good.moveSection("veg", beforeSection: "fruit")
        Self.assertStillWorks(fixture, before: before, good: good)
    }}

    /// A section identifier that is already in the snapshot, or given twice in one call, is
    /// refused (append, insert before and after), naming it; the snapshot is unchanged, also
    /// when the other sections of the call were new; then the view takes a good apply.
    func testDuplicateSectionIdentifierIsAnErrorAndChangesNothing() throws { try MainActor.assumeIsolated {
        let (fixture, before) = try Self.openFruit()
        defer { fixture.close() }
        let rule = "Section identifiers must be unique"
        Self.assertRefused(before, .duplicateSection(identifier: "fruit"), naming: "fruit", rule: rule) { try $0.appendSections(["fruit"]) }
        Self.assertRefused(before, .duplicateSection(identifier: "nuts"), naming: "nuts", rule: rule) { try $0.appendSections(["nuts", "nuts"]) }
        Self.assertRefused(before, .duplicateSection(identifier: "veg"), naming: "veg", rule: rule) { try $0.insertSections(["veg"], beforeSection: "fruit") }
        Self.assertRefused(before, .duplicateSection(identifier: "fruit"), naming: "fruit", rule: rule) { try $0.insertSections(["nuts", "fruit"], afterSection: "veg") }

        var good = before
        try good.insertSections(["nuts"], afterSection: "fruit")
        try good.appendItems(["almond", "pecan"], toSection: "nuts")
        Self.assertStillWorks(fixture, before: before, good: good)
    }}

    /// A cell provider that returns nil for one item: the view reports it, naming the item's
    /// place and identifier (again only when it asks again, not every frame), shows nothing
    /// for it and every other item as usual, and updates around it land; once the provider has
    /// a cell again, reloading the item shows it.
    func testCellProviderReturningNilIsReportedAndTheOthersShow() throws { try MainActor.assumeIsolated {
        let fixture = DiffableWindow()
        defer { fixture.close() }
        let cv = fixture.cv, source = fixture.source
        fixture.provide = { _, _, item in item != "broken" }
        var snapshot = source.snapshot()
        try snapshot.appendSections(["s", "t"])
        try snapshot.appendItems(["a", "broken", "c"], toSection: "s")
        try snapshot.appendItems(["d"], toSection: "t")
        XCTAssertTrue(fixture.applyAndWait(snapshot, animated: true))
        let reported = fixture.reports
        XCTAssertFalse(reported.isEmpty)
        for report in reported {
            XCTAssertTrue(report.contains("nothing from the cell provider for item 1 in section 0 (broken)"), report)
        }
        GtkHarness.waitForFrames(5, of: cv.viewport)  // frames ask for nothing again
        XCTAssertEqual(fixture.reports, reported, "no report while nothing asks again")
        XCTAssertEqual(fixture.shownItems(), [["a", "c"], ["d"]])
        XCTAssertNil(cv.cellForItem(at: IndexPath(item: 1, section: 0)))
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 3, "the item is there, without a cell")
        XCTAssertEqual(source.itemIdentifier(for: IndexPath(item: 1, section: 0)), "broken")

        // Updates around the item without a cell still land.
        var next = source.snapshot()
        try next.insertItems(["z"], beforeItem: "a")
        try next.moveItem("d", afterItem: "c")
        XCTAssertTrue(fixture.applyAndWait(next, animated: true))
        XCTAssertEqual(fixture.shownItems(), [["z", "a", "c", "d"], []])
        fixture.reports.removeAll()

        fixture.provide = nil
        var fixed = source.snapshot()
        try fixed.reloadItems(["broken"])
        XCTAssertTrue(fixture.applyAndWait(fixed, animated: true))
        XCTAssertNil(fixture.mismatch(fixed))
        XCTAssertEqual(fixture.reports, [])
    }}

    // MARK: Applies from inside callbacks

    /// "Load more" from the cell provider: when it is asked for the last item's cell, the app
    /// appends a page and applies it (animated) right there. Every page lands and shows, with no
    /// report or warning.
    func testApplyFromInsideTheCellProviderAppendsAPage() throws { try MainActor.assumeIsolated {
        let fixture = DiffableWindow(itemSize: Size(width: 40, height: 40))
        defer { fixture.close() }
        let source = fixture.source
        var pages = 1, landed = 0
        fixture.provide = { _, _, item in
            guard item == "i\(pages * 10 - 1)", pages < 4 else { return true }
            pages += 1
            var more = source.snapshot()
            try! more.appendItems((pages * 10 - 10..<pages * 10).map { "i\($0)" })
            source.apply(more) { landed += 1 }
            return true
        }
        var snapshot = source.snapshot()
        try snapshot.appendSections(["s"])
        try snapshot.appendItems((0..<10).map { "i\($0)" })
        XCTAssertTrue(fixture.applyAndWait(snapshot, animated: true))
        XCTAssertTrue(GtkHarness.pump { landed == 3 } && fixture.settle(), "\(landed) pages landed")
        XCTAssertEqual(pages, 4)
        XCTAssertEqual(source.snapshot().numberOfItems, 40)
        XCTAssertNil(fixture.mismatch(source.snapshot()))
        XCTAssertEqual(fixture.reports, [])
    }}

    /// An apply from the cell provider, asked for the last item's cell while the view makes the
    /// cells of the apply before, that deletes the first item, inserts one at the front, moves
    /// the last but one to the front and reconfigures an item whose index changes: it lands,
    /// and every item shows in its own cell with its new content. (The reconfigure used to
    /// configure the cell at the item's new index before the batch had moved the cells there:
    /// another item's cell.)
    func testApplyFromInsideTheCellProviderThatReordersLands() throws { try MainActor.assumeIsolated {
        let fixture = DiffableWindow(itemSize: Size(width: 40, height: 40))
        defer { fixture.close() }
        let source = fixture.source
        var applied = false, landed = false
        fixture.provide = { _, _, item in
            guard item == "g", !applied else { return true }
            applied = true
            var next = source.snapshot()
            try! next.deleteItems(["a"])
            try! next.insertItems(["new"], beforeItem: "b")
            try! next.moveItem("f", beforeItem: "new")
            try! next.reconfigureItems(["e"])
            fixture.versions["e"] = 1
            source.apply(next) { landed = true }
            return true
        }
        var snapshot = source.snapshot()
        try snapshot.appendSections(["s"])
        try snapshot.appendItems(["a", "b", "c", "d", "e", "f", "g"])
        source.apply(snapshot, animatingDifferences: false)
        XCTAssertTrue(GtkHarness.pump { landed } && fixture.settle(), "the apply from the cell provider landed")
        XCTAssertEqual(DiffableWindow.lists(source.snapshot()), [["f", "new", "b", "c", "d", "e", "g"]])
        XCTAssertNil(fixture.mismatch(source.snapshot()))
        XCTAssertEqual(fixture.reports, [])
    }}

    /// Applies chained from completion handlers, as apps do (the next step once one change
    /// has shown): each moves and reconfigures items and lands, in order, and the view ends
    /// showing the last with every item in its own cell, reconfigured ones showing their new
    /// content, with no report or warning. Animated and not. (From a completion the batch
    /// waits until the callback returns; the reconfigure used to run at once, on the cells
    /// still at their old places.)
    func testApplyFromACompletionHandlerLands() throws { try MainActor.assumeIsolated {
        for animated in [true, false] {
            let fixture = DiffableWindow(itemSize: Size(width: 40, height: 40))
            let source = fixture.source
            var snapshot = source.snapshot()
            try snapshot.appendSections(["s", "t"])
            try snapshot.appendItems(["a", "b", "c", "d"], toSection: "s")
            try snapshot.appendItems(["e", "f"], toSection: "t")
            XCTAssertTrue(fixture.applyAndWait(snapshot))
            let cellOfB = fixture.cv.cellForItem(at: source.indexPath(for: "b")!)

            var order: [Int] = []
            @MainActor func step(_ n: Int) {
                order.append(n)
                guard n < 4 else { return }
                var next = source.snapshot()
                let items = next.itemIdentifiers
                // Move the last item to the front, reconfigure the one that was second.
                try! next.moveItem(items.last!, beforeItem: items.first!)
                try! next.reconfigureItems([items[1]])
                fixture.versions[items[1], default: 0] += 1
                if n == 2 { try! next.moveSection("t", beforeSection: "s") }
                source.apply(next, animatingDifferences: animated) { step(n + 1) }
            }
            step(0)
            XCTAssertTrue(GtkHarness.pump { order.count == 5 } && fixture.settle(), "animated \(animated): \(order)")
            XCTAssertEqual(order, [0, 1, 2, 3, 4])
            XCTAssertNil(fixture.mismatch(source.snapshot()), "animated \(animated)")
            XCTAssertTrue(fixture.cv.cellForItem(at: source.indexPath(for: "b")!) === cellOfB, "animated \(animated): b kept its cell")
            XCTAssertEqual(fixture.reports, [], "animated \(animated)")
            fixture.close()
        }
    }}

    /// Two applies from one completion handler: the first reconfigures an item and moves
    /// another in front of it, the second moves the reconfigured item to the end. Both land in
    /// order and every item shows in its own cell with its content. (The first's reconfigure
    /// runs after its batch, when the data source already has the second snapshot: it must
    /// take the item from the first.)
    func testTwoAppliesFromOneCompletionHandlerLand() throws { try MainActor.assumeIsolated {
        let fixture = DiffableWindow(itemSize: Size(width: 40, height: 40))
        defer { fixture.close() }
        let source = fixture.source
        var snapshot = source.snapshot()
        try snapshot.appendSections(["s"])
        try snapshot.appendItems(["a", "b", "c", "d", "e"])
        var order: [String] = []
        source.apply(snapshot) {
            order.append("first")
            var a = source.snapshot()
            try! a.moveItem("e", beforeItem: "b")
            try! a.reconfigureItems(["b"])
            fixture.versions["b"] = 1
            source.apply(a) { order.append("a") }
            var b = source.snapshot()
            XCTAssertEqual(DiffableWindow.lists(b), [["a", "e", "b", "c", "d"]], "snapshot() has the apply just made")
            try! b.moveItem("b", afterItem: "d")
            source.apply(b) { order.append("b") }
        }
        XCTAssertTrue(GtkHarness.pump { order.count == 3 } && fixture.settle(), "\(order)")
        XCTAssertEqual(order, ["first", "a", "b"])
        XCTAssertEqual(DiffableWindow.lists(source.snapshot()), [["a", "e", "c", "d", "b"]])
        XCTAssertNil(fixture.mismatch(source.snapshot()))
        XCTAssertEqual(fixture.reports, [])
    }}
}
