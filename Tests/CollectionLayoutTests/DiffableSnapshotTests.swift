import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// Every snapshot operation, every error (after which the snapshot is unchanged), and a random
/// sweep of operations against a plain list model that checks every lookup.
@Suite struct DiffableSnapshotTests {
    typealias Snap = DiffableSnapshot<String, String>

    /// Sections A [a1 a2 a3], B [b1 b2], C [].
    func abc() throws -> Snap {
        var s = Snap()
        try s.appendSections(["A", "B", "C"])
        try s.appendItems(["a1", "a2", "a3"], toSection: "A")
        try s.appendItems(["b1", "b2"], toSection: "B")
        s.checkInvariants()
        return s
    }

    /// The snapshot as one list: each section's identifier, then its items.
    func shape(_ s: Snap) -> [[String]] {
        s.sectionIdentifiers.map { [$0] + s.itemIdentifiers(inSection: $0) }
    }

    @Test func emptySnapshot() {
        let s = Snap()
        #expect(s.numberOfSections == 0 && s.numberOfItems == 0)
        #expect(s.sectionIdentifiers.isEmpty && s.itemIdentifiers.isEmpty)
        #expect(s.numberOfItems(inSection: "A") == 0 && s.itemIdentifiers(inSection: "A").isEmpty)
        #expect(s.indexOfItem("a") == nil && s.indexOfSection("A") == nil && s.sectionIdentifier(containingItem: "a") == nil)
        s.checkInvariants()
    }

    @Test func appendAndLookups() throws {
        var s = try abc()
        try s.appendItems(["c1"])  // nil: the last section
        s.checkInvariants()
        #expect(shape(s) == [["A", "a1", "a2", "a3"], ["B", "b1", "b2"], ["C", "c1"]])
        #expect(s.numberOfSections == 3 && s.numberOfItems == 6)
        #expect(s.numberOfItems(inSection: "A") == 3 && s.numberOfItems(inSection: "C") == 1)
        #expect(s.itemIdentifiers == ["a1", "a2", "a3", "b1", "b2", "c1"])
        #expect(s.indexOfItem("b2") == 4 && s.indexOfItem("c1") == 5 && s.indexOfItem("x") == nil)
        #expect(s.indexOfSection("B") == 1)
        #expect(s.sectionIdentifier(containingItem: "b1") == "B")
        #expect(s.indexPath(ofItem: "b2") == IndexPath(item: 1, section: 1) && s.indexPath(ofItem: "x") == nil)
        try s.appendItems(["a4"], toSection: "A")
        s.checkInvariants()
        #expect(s.indexOfItem("b1") == 4 && s.indexPath(ofItem: "a4") == IndexPath(item: 3, section: 0))
    }

    @Test func insertSections() throws {
        var s = try abc()
        try s.insertSections(["X", "Y"], beforeSection: "B")
        s.checkInvariants()
        try s.insertSections(["Z"], afterSection: "C")
        s.checkInvariants()
        try s.insertSections(["W"], beforeSection: "A")
        s.checkInvariants()
        #expect(s.sectionIdentifiers == ["W", "A", "X", "Y", "B", "C", "Z"])
        #expect(s.indexOfItem("b1") == 3 && s.indexPath(ofItem: "b1") == IndexPath(item: 0, section: 4))
    }

    @Test func deleteSections() throws {
        var s = try abc()
        try s.reloadItems(["a2", "b1"])
        try s.reconfigureItems(["a3"])
        try s.reloadSections(["A", "B"])
        try s.deleteSections(["A", "A"])
        s.checkInvariants()
        #expect(shape(s) == [["B", "b1", "b2"], ["C"]])
        #expect(s.numberOfItems == 2 && s.indexOfItem("a1") == nil && s.indexOfItem("b1") == 0)
        #expect(s.reloadedItemIdentifiers == ["b1"] && s.reconfiguredItemIdentifiers.isEmpty && s.reloadedSectionIdentifiers == ["B"])
        try s.deleteSections([])
        #expect(shape(s) == [["B", "b1", "b2"], ["C"]])
    }

    @Test func moveSections() throws {
        var s = try abc()
        try s.moveSection("A", afterSection: "C")
        s.checkInvariants()
        #expect(s.sectionIdentifiers == ["B", "C", "A"])
        try s.moveSection("A", beforeSection: "B")
        s.checkInvariants()
        #expect(s.sectionIdentifiers == ["A", "B", "C"])
        try s.moveSection("C", beforeSection: "B")
        s.checkInvariants()
        #expect(s.sectionIdentifiers == ["A", "C", "B"] && s.indexOfItem("b1") == 3)
        try s.moveSection("B", afterSection: "A")
        #expect(s.sectionIdentifiers == ["A", "B", "C"])
        let before = s
        try s.moveSection("B", beforeSection: "B")
        try s.moveSection("B", afterSection: "B")
        try s.moveSection("A", beforeSection: "B")  // already there
        s.checkInvariants()
        #expect(s == before)
        #expect(s.itemIdentifiers(inSection: "B") == ["b1", "b2"])
    }

    @Test func reloadSectionsOnce() throws {
        var s = try abc()
        try s.reloadSections(["B", "A", "B"])
        try s.reloadSections(["A"])
        #expect(s.reloadedSectionIdentifiers == ["B", "A"])
    }

    @Test func insertItems() throws {
        var s = try abc()
        try s.insertItems(["x", "y"], beforeItem: "a1")
        s.checkInvariants()
        try s.insertItems(["z"], afterItem: "a3")
        s.checkInvariants()
        try s.insertItems(["w"], afterItem: "b1")
        s.checkInvariants()
        #expect(shape(s) == [["A", "x", "y", "a1", "a2", "a3", "z"], ["B", "b1", "w", "b2"], ["C"]])
        #expect(s.indexOfItem("b2") == 8)
        try s.insertItems([], beforeItem: "a1")
        s.checkInvariants()
        #expect(s.numberOfItems == 9)
    }

    @Test func deleteItems() throws {
        var s = try abc()
        try s.reloadItems(["a1", "a2"])
        try s.reconfigureItems(["a2", "b2"])
        try s.deleteItems(["a2", "b1", "b2", "a2"])
        s.checkInvariants()
        #expect(shape(s) == [["A", "a1", "a3"], ["B"], ["C"]])
        #expect(s.reloadedItemIdentifiers == ["a1"] && s.reconfiguredItemIdentifiers.isEmpty)
        #expect(s.indexOfItem("a3") == 1 && s.numberOfItems == 2)
    }

    @Test func deleteAllItems() throws {
        var s = try abc()
        try s.reloadItems(["a1"])
        s.deleteAllItems()
        s.checkInvariants()
        #expect(s == Snap() && s.numberOfSections == 0 && s.numberOfItems == 0)
    }

    @Test func moveItems() throws {
        var s = try abc()
        try s.moveItem("a1", afterItem: "a3")  // forward in the section
        s.checkInvariants()
        #expect(s.itemIdentifiers(inSection: "A") == ["a2", "a3", "a1"])
        try s.moveItem("a1", beforeItem: "a2")  // back
        s.checkInvariants()
        #expect(s.itemIdentifiers(inSection: "A") == ["a1", "a2", "a3"])
        try s.moveItem("a3", beforeItem: "a2")
        #expect(s.itemIdentifiers(inSection: "A") == ["a1", "a3", "a2"])
        try s.moveItem("a2", beforeItem: "b2")  // to another section
        s.checkInvariants()
        #expect(shape(s) == [["A", "a1", "a3"], ["B", "b1", "a2", "b2"], ["C"]])
        #expect(s.sectionIdentifier(containingItem: "a2") == "B" && s.indexOfItem("a2") == 3)
        try s.moveItem("b1", afterItem: "a3")
        s.checkInvariants()
        #expect(shape(s) == [["A", "a1", "a3", "b1"], ["B", "a2", "b2"], ["C"]])
        let before = s
        try s.moveItem("a2", beforeItem: "a2")
        try s.moveItem("a2", afterItem: "a2")
        try s.moveItem("a1", beforeItem: "a3")  // already there
        s.checkInvariants()
        #expect(s == before)
    }

    @Test func reloadAndReconfigureItems() throws {
        var s = try abc()
        try s.reloadItems(["b1", "a1", "b1"])
        try s.reconfigureItems(["a3"])
        try s.reconfigureItems(["a3", "a2"])
        #expect(s.reloadedItemIdentifiers == ["b1", "a1"])
        #expect(s.reconfiguredItemIdentifiers == ["a3", "a2"])
        s.checkInvariants()
    }

    /// Each bad call throws the error naming the identifier, and leaves the snapshot exactly
    /// as it was (lists, reload marks and lookups).
    @Test func errorsLeaveTheSnapshotUnchanged() throws {
        typealias Operation = (inout Snap) throws(SnapshotError) -> Void
        let cases: [(String, SnapshotError, Operation)] = [
            ("appendSections existing", .duplicateSection(identifier: "A"), { s throws(SnapshotError) in try s.appendSections(["X", "A"]) }),
            ("appendSections twice", .duplicateSection(identifier: "X"), { s throws(SnapshotError) in try s.appendSections(["X", "X"]) }),
            ("insertSections before unknown", .unknownSection(identifier: "Q"), { s throws(SnapshotError) in try s.insertSections(["X"], beforeSection: "Q") }),
            ("insertSections after unknown", .unknownSection(identifier: "Q"), { s throws(SnapshotError) in try s.insertSections(["X"], afterSection: "Q") }),
            ("insertSections existing", .duplicateSection(identifier: "C"), { s throws(SnapshotError) in try s.insertSections(["X", "C"], afterSection: "B") }),
            ("deleteSections unknown", .unknownSection(identifier: "Q"), { s throws(SnapshotError) in try s.deleteSections(["A", "Q"]) }),
            ("moveSection unknown", .unknownSection(identifier: "Q"), { s throws(SnapshotError) in try s.moveSection("Q", beforeSection: "A") }),
            ("moveSection before unknown", .unknownSection(identifier: "Q"), { s throws(SnapshotError) in try s.moveSection("A", beforeSection: "Q") }),
            ("moveSection after unknown", .unknownSection(identifier: "Q"), { s throws(SnapshotError) in try s.moveSection("A", afterSection: "Q") }),
            ("reloadSections unknown", .unknownSection(identifier: "Q"), { s throws(SnapshotError) in try s.reloadSections(["B", "Q"]) }),
            ("appendItems existing", .duplicateItem(identifier: "b1"), { s throws(SnapshotError) in try s.appendItems(["x", "b1"]) }),
            ("appendItems twice", .duplicateItem(identifier: "x"), { s throws(SnapshotError) in try s.appendItems(["x", "x"], toSection: "A") }),
            ("appendItems unknown section", .unknownSection(identifier: "Q"), { s throws(SnapshotError) in try s.appendItems(["x"], toSection: "Q") }),
            ("insertItems before unknown", .unknownItem(identifier: "q"), { s throws(SnapshotError) in try s.insertItems(["x"], beforeItem: "q") }),
            ("insertItems after unknown", .unknownItem(identifier: "q"), { s throws(SnapshotError) in try s.insertItems(["x"], afterItem: "q") }),
            ("insertItems existing", .duplicateItem(identifier: "a3"), { s throws(SnapshotError) in try s.insertItems(["x", "a3"], afterItem: "b1") }),
            ("insertItems twice", .duplicateItem(identifier: "x"), { s throws(SnapshotError) in try s.insertItems(["x", "x"], beforeItem: "b1") }),
            ("deleteItems unknown", .unknownItem(identifier: "q"), { s throws(SnapshotError) in try s.deleteItems(["a1", "q"]) }),
            ("moveItem unknown", .unknownItem(identifier: "q"), { s throws(SnapshotError) in try s.moveItem("q", beforeItem: "a1") }),
            ("moveItem before unknown", .unknownItem(identifier: "q"), { s throws(SnapshotError) in try s.moveItem("a1", beforeItem: "q") }),
            ("moveItem after unknown", .unknownItem(identifier: "q"), { s throws(SnapshotError) in try s.moveItem("a1", afterItem: "q") }),
            ("reloadItems unknown", .unknownItem(identifier: "q"), { s throws(SnapshotError) in try s.reloadItems(["a1", "q"]) }),
            ("reconfigureItems unknown", .unknownItem(identifier: "q"), { s throws(SnapshotError) in try s.reconfigureItems(["a1", "q"]) }),
        ]
        var base = try abc()
        try base.reloadItems(["a2"])
        try base.reconfigureItems(["b2"])
        try base.reloadSections(["C"])
        for (name, expected, operation) in cases {
            var s = base
            do {
                try operation(&s)
                Issue.record("\(name): no error")
            } catch {
                #expect(error == expected, "\(name)")
                switch error {
                case .duplicateItem(let id), .duplicateSection(let id), .unknownItem(let id), .unknownSection(let id):
                    #expect(error.description.contains(id), "\(name): \(error)")
                case .noSectionToAppendTo: Issue.record("\(name)")
                }
            }
            #expect(s == base, "\(name) changed the snapshot")
            s.checkInvariants()
            #expect(s.indexOfItem("b2") == 4 && s.indexOfSection("C") == 2, "\(name)")
        }
        var empty = Snap()
        #expect(throws: SnapshotError.noSectionToAppendTo) { try empty.appendItems(["x"]) }
        #expect(empty == Snap())
        #expect(SnapshotError.unknownItem(identifier: "i9").description.contains("i9"))
        #expect(SnapshotError.duplicateSection(identifier: "S1").description.contains("S1"))
        #expect(!SnapshotError.noSectionToAppendTo.description.isEmpty)
    }

    /// Random operations, checked after each against plain lists: identifiers, counts and
    /// every lookup, and that the failing ones change nothing.
    @Test func randomOperationsAgreeWithPlainLists() throws {
        var rng = SplitMix64(seed: 0x5A_9500)
        var snap = DiffableSnapshot<Int, Int>()
        var model: [(id: Int, items: [Int])] = []
        var next = 0
        for round in 0..<3_000 {
            let before = snap
            let sectionIDs = model.map(\.id), itemIDs = model.flatMap(\.items)
            func someSection() -> Int { sectionIDs.isEmpty || Int.random(in: 0..<10, using: &rng) == 0 ? -1 : sectionIDs.randomElement(using: &rng)! }
            func someItem() -> Int { itemIDs.isEmpty || Int.random(in: 0..<10, using: &rng) == 0 ? -2 : itemIDs.randomElement(using: &rng)! }
            func fresh(_ n: Int) -> [Int] { (0..<n).map { _ in next += 1; return next } }
            func place(_ item: Int) -> (Int, Int) {
                let s = model.firstIndex { $0.items.contains(item) }!
                return (s, model[s].items.firstIndex(of: item)!)
            }
            do {
                switch Int.random(in: 0..<9, using: &rng) {
                case 0:
                    // Now and then an existing one, which must be refused.
                    let ids = fresh(Int.random(in: 0...2, using: &rng)) + (Bool.random(using: &rng) ? [] : sectionIDs.randomElement(using: &rng).map { [$0] } ?? [])
                    try snap.appendSections(ids)
                    model += ids.map { ($0, []) }
                case 1:
                    let ids = fresh(Int.random(in: 0...2, using: &rng)), other = someSection(), after = Bool.random(using: &rng)
                    if after { try snap.insertSections(ids, afterSection: other) } else { try snap.insertSections(ids, beforeSection: other) }
                    let at = model.firstIndex { $0.id == other }! + (after ? 1 : 0)
                    model.insert(contentsOf: ids.map { ($0, []) }, at: at)
                case 2:
                    let ids = [someSection()]
                    try snap.deleteSections(ids)
                    model.removeAll { ids.contains($0.id) }
                case 3:
                    let a = someSection(), b = someSection(), after = Bool.random(using: &rng)
                    if after { try snap.moveSection(a, afterSection: b) } else { try snap.moveSection(a, beforeSection: b) }
                    if a != b {
                        let moved = model.remove(at: model.firstIndex { $0.id == a }!)
                        model.insert(moved, at: model.firstIndex { $0.id == b }! + (after ? 1 : 0))
                    }
                case 4, 5:
                    let ids = fresh(Int.random(in: 0...3, using: &rng)) + (Int.random(in: 0..<8, using: &rng) == 0 ? itemIDs.randomElement(using: &rng).map { [$0] } ?? [] : [])
                    let section: Int? = Bool.random(using: &rng) ? nil : someSection()
                    try snap.appendItems(ids, toSection: section)
                    let s = section.map { id in model.firstIndex { $0.id == id }! } ?? model.count - 1
                    model[s].items += ids
                case 6:
                    let ids = fresh(Int.random(in: 1...2, using: &rng)), other = someItem(), after = Bool.random(using: &rng)
                    if after { try snap.insertItems(ids, afterItem: other) } else { try snap.insertItems(ids, beforeItem: other) }
                    let (s, i) = place(other)
                    model[s].items.insert(contentsOf: ids, at: i + (after ? 1 : 0))
                case 7:
                    let ids = [someItem(), someItem()]
                    try snap.deleteItems(ids)
                    for s in model.indices { model[s].items.removeAll { ids.contains($0) } }
                default:
                    let a = someItem(), b = someItem(), after = Bool.random(using: &rng)
                    if after { try snap.moveItem(a, afterItem: b) } else { try snap.moveItem(a, beforeItem: b) }
                    if a != b {
                        let (s, i) = place(a)
                        model[s].items.remove(at: i)
                        let (t, j) = place(b)
                        model[t].items.insert(a, at: j + (after ? 1 : 0))
                    }
                }
            } catch {
                #expect(snap == before, "round \(round): \(error) changed the snapshot")
            }
            snap.checkInvariants()
            #expect(snap.sectionIdentifiers == model.map(\.id), "round \(round)")
            #expect(snap.itemIdentifiers == model.flatMap(\.items), "round \(round)")
            var flat = 0
            for (s, section) in model.enumerated() {
                #expect(snap.indexOfSection(section.id) == s && snap.numberOfItems(inSection: section.id) == section.items.count)
                for (i, item) in section.items.enumerated() {
                    #expect(snap.indexOfItem(item) == flat && snap.indexPath(ofItem: item) == IndexPath(item: i, section: s))
                    #expect(snap.sectionIdentifier(containingItem: item) == section.id)
                    flat += 1
                }
            }
            if round % 500 == 499 { snap.deleteAllItems(); model = [] }
        }
    }

    // MARK: The initializer from sections and items

    /// Every shape up to four sections of up to three items: the initializer builds what
    /// `appendSections` and an `appendItems` per section build, lookups included.
    @Test func initializerBuildsWhatAppendsBuild() throws {
        var shapes: [[Int]] = [[]], layer: [[Int]] = [[]]
        for _ in 0..<4 {
            layer = layer.flatMap { counts in (0...3).map { counts + [$0] } }
            shapes += layer
        }
        for counts in shapes {
            var next = 0
            let contents = counts.enumerated().map { s, count in
                ("S\(s)", (0..<count).map { _ in next += 1; return "i\(next)" })
            }
            let built = try Snap(contents)
            built.checkInvariants()
            var appended = Snap()
            try appended.appendSections(contents.map(\.0))
            for (section, items) in contents { try appended.appendItems(items, toSection: section) }
            #expect(built == appended, "\(counts)")
            #expect(shape(built) == contents.map { [$0.0] + $0.1 }, "\(counts)")
            var flat = 0
            for (s, (section, items)) in contents.enumerated() {
                #expect(built.indexOfSection(section) == s)
                for (i, item) in items.enumerated() {
                    #expect(built.indexPath(ofItem: item) == IndexPath(item: i, section: s) && built.indexOfItem(item) == flat)
                    flat += 1
                }
            }
            #expect(built.numberOfItems == flat)
        }
        #expect(try Snap([]) == Snap())
    }

    /// Duplicates are refused with the error naming the first one: a section given twice
    /// (checked before the items), an item twice in a section or in two sections.
    @Test func initializerRefusesDuplicates() {
        let cases: [(String, SnapshotError, [(String, [String])])] = [
            ("section twice", .duplicateSection(identifier: "A"), [("A", ["a1"]), ("B", []), ("A", ["a2"])]),
            ("section twice, after an item twice", .duplicateSection(identifier: "B"), [("A", ["x", "x"]), ("B", []), ("B", [])]),
            ("item twice in a section", .duplicateItem(identifier: "a2"), [("A", ["a1", "a2", "a3", "a2"])]),
            ("item in two sections", .duplicateItem(identifier: "a1"), [("A", ["a1"]), ("B", ["b1", "a1"])]),
            ("the first of two", .duplicateItem(identifier: "b1"), [("A", ["b1", "a1"]), ("B", ["b1", "a1"])]),
        ]
        for (name, expected, contents) in cases {
            #expect(throws: expected, "\(name)") { try Snap(contents) }
        }
    }

    /// An append with a duplicate at every place (already in the snapshot, in this section or
    /// another, or given twice in the call) to the last section and to an earlier one leaves
    /// the snapshot as it was, its lookups included; without one it appends.
    @Test func appendWithADuplicateAnywhereChangesNothing() throws {
        let base = try abc()
        for section in ["A", "C"] {
            for length in 1...4 {
                for at in 0..<length {
                    for duplicate in ["a1", "b2", "new0", "new\(length - 1)"] {
                        var items = (0..<length).map { "new\($0)" }
                        guard items[at] != duplicate else { continue }
                        items[at] = duplicate
                        var s = base
                        #expect(throws: SnapshotError.duplicateItem(identifier: duplicate), "\(items) to \(section)") {
                            try s.appendItems(items, toSection: section)
                        }
                        s.checkInvariants()
                        #expect(s == base)
                        for item in items where base.indexOfItem(item) == nil { #expect(s.indexOfItem(item) == nil, "\(item) left behind") }
                        #expect(s.indexPath(ofItem: "b2") == IndexPath(item: 1, section: 1))
                    }
                }
                var s = base
                try s.appendItems((0..<length).map { "new\($0)" }, toSection: section)
                s.checkInvariants()
                #expect(s.numberOfItems == base.numberOfItems + length)
            }
        }
    }

    /// A million items, appended at once and through the initializer, index every one.
    @Test func aMillionItems() throws {
        let ids = Array(0..<1_000_000)
        var appended = DiffableSnapshot<Int, Int>()
        try appended.appendSections([0])
        try appended.appendItems(ids)
        let built = try DiffableSnapshot<Int, Int>([(0, Array(ids[..<500_000])), (1, Array(ids[500_000...]))])
        #expect(appended.numberOfItems == 1_000_000 && built.numberOfItems == 1_000_000)
        #expect(appended.indexPath(ofItem: 999_999) == IndexPath(item: 999_999, section: 0))
        #expect(built.indexPath(ofItem: 999_999) == IndexPath(item: 499_999, section: 1) && built.indexOfItem(999_999) == 999_999)
        #expect(throws: SnapshotError.duplicateItem(identifier: "7")) { try appended.appendItems([1_000_000, 7]) }
        #expect(appended.numberOfItems == 1_000_000 && appended.indexOfItem(1_000_000) == nil)
    }
}
