import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// Section snapshots: hand-made trees, every bad input (after which the snapshot is unchanged),
/// and a seeded sweep of random operations against a plain reference tree flattened recursively.
@Suite struct SectionSnapshotTests {
    typealias Snap = SectionSnapshot<String>

    /// A [A1 [A1a] A2], B [B1], C; all collapsed.
    func abc() throws -> Snap {
        var s = Snap()
        try s.append(["A", "B", "C"])
        try s.append(["A1", "A2"], to: "A")
        try s.append(["A1a"], to: "A1")
        try s.append(["B1"], to: "B")
        s.checkInvariants()
        return s
    }

    /// The example in SectionSnapshot's documentation does what it says.
    @Test func documentationExample() throws {
        var outline = SectionSnapshot<String>()
        try outline.append(["Documents", "Pictures"])
        try outline.append(["Taxes", "Letters"], to: "Documents")
        let change = try outline.expand(["Documents"])
        #expect(outline.visibleItems == ["Documents", "Taxes", "Letters", "Pictures"])
        #expect(change.inserted == [1..<3] && change.removed.isEmpty)
    }

    @Test func emptySnapshot() throws {
        var s = Snap()
        #expect(s.items.isEmpty && s.visibleItems.isEmpty && s.rootItems.isEmpty)
        #expect(s.numberOfItems == 0 && s.numberOfVisibleItems == 0)
        #expect(!s.contains("A") && s.parent(of: "A") == nil && s.level(of: "A") == nil && s.index(of: "A") == nil)
        #expect(!s.isExpanded("A") && !s.isVisible("A") && s.visibleIndex(of: "A") == nil)
        try s.append([])
        #expect(try s.expand([]).isEmpty && s == Snap())
        s.checkInvariants()
    }

    @Test func lookupsOfAHandMadeTree() throws {
        let s = try abc()
        #expect(s.items == ["A", "A1", "A1a", "A2", "B", "B1", "C"])
        #expect(s.visibleItems == ["A", "B", "C"] && s.rootItems == ["A", "B", "C"])
        #expect(s.numberOfItems == 7 && s.numberOfVisibleItems == 3)
        #expect(s.parent(of: "A1a") == "A1" && s.parent(of: "A2") == "A" && s.parent(of: "B") == nil)
        #expect(s.level(of: "A") == 0 && s.level(of: "A1") == 1 && s.level(of: "A1a") == 2 && s.level(of: "B1") == 1)
        #expect(s.index(of: "A") == 0 && s.index(of: "A2") == 3 && s.index(of: "B") == 4 && s.index(of: "C") == 6)
        #expect(s.isVisible("B") && !s.isVisible("B1") && !s.isVisible("A1a"))
        #expect(s.visibleIndex(of: "C") == 2 && s.visibleIndex(of: "A1") == nil)
        #expect(s.contains("A1a") && !s.contains("Q"))
    }

    @Test func expandAndCollapseGiveTheRowsThatChange() throws {
        var s = try abc()
        #expect(try s.expand(["A"]) == VisibleItemsChange(inserted: [1..<3]))
        #expect(s.visibleItems == ["A", "A1", "A2", "B", "C"] && s.isVisible("A2") && !s.isVisible("A1a"))
        #expect(try s.expand(["A1"]) == VisibleItemsChange(inserted: [2..<3]))
        #expect(s.visibleItems == ["A", "A1", "A1a", "A2", "B", "C"] && s.visibleIndex(of: "B") == 4)
        #expect(try s.expand(["A1", "A"]).isEmpty)  // already expanded
        s.checkInvariants()
        // Collapsing keeps A1 expanded: expanding A again shows A1a too.
        #expect(try s.collapse(["A"]) == VisibleItemsChange(removed: [1..<4]))
        #expect(s.visibleItems == ["A", "B", "C"] && s.isExpanded("A1") && !s.isExpanded("A"))
        #expect(try s.expand(["A"]) == VisibleItemsChange(inserted: [1..<4]))
        s.checkInvariants()
        // Several at once: a leaf shows nothing; C comes after B's new row.
        try s.append(["C1", "C2"], to: "C")
        #expect(try s.expand(["C", "B", "A1a"]) == VisibleItemsChange(inserted: [5..<6, 7..<9]))
        #expect(s.visibleItems == ["A", "A1", "A1a", "A2", "B", "B1", "C", "C1", "C2"])
        s.checkInvariants()
        // An item collapsed with its ancestor: only the ancestor's block goes.
        #expect(try s.collapse(["A1", "C", "A"]) == VisibleItemsChange(removed: [1..<4, 7..<9]))
        #expect(s.visibleItems == ["A", "B", "B1", "C"] && !s.isExpanded("A1"))
        // Expanding an item that is not visible changes no row, but it is expanded.
        #expect(try s.expand(["A1"]).isEmpty && s.isExpanded("A1"))
        // Expanding an item and its collapsed ancestor: one block, the ancestor's.
        try s.collapse(["A1"])
        #expect(try s.expand(["A1", "A"]) == VisibleItemsChange(inserted: [1..<4]))
        s.checkInvariants()
    }

    @Test func appendToACollapsedOrExpandedParent() throws {
        var s = try abc()
        try s.append(["B2"], to: "B")
        #expect(s.numberOfVisibleItems == 3 && !s.isVisible("B2"))
        try s.expand(["B"])
        try s.append(["B3"], to: "B")
        #expect(s.visibleItems == ["A", "B", "B1", "B2", "B3", "C"] && s.index(of: "B3") == 7)
        try s.expand(["B3"])  // expanded without children: those appended later show
        try s.append(["B3a"], to: "B3")
        #expect(s.visibleItems.suffix(3) == ["B3", "B3a", "C"])
        s.checkInvariants()
    }

    @Test func insertBeforeAndAfterAreSiblings() throws {
        var s = try abc()
        try s.insert(["X", "Y"], before: "A1")
        try s.insert(["Z"], after: "A1")  // after A1, so after A1's children in items
        try s.insert(["W"], before: "A")
        try s.insert(["V"], after: "C")
        s.checkInvariants()
        #expect(s.items == ["W", "A", "X", "Y", "A1", "A1a", "Z", "A2", "B", "B1", "C", "V"])
        #expect(s.parent(of: "Z") == "A" && s.level(of: "Z") == 1 && s.rootItems == ["W", "A", "B", "C", "V"])
        try s.expand(["A"])
        #expect(s.visibleItems == ["W", "A", "X", "Y", "A1", "Z", "A2", "B", "C", "V"])
        try s.insert([], after: "A")
        #expect(s.numberOfItems == 12)
    }

    @Test func deleteTakesDescendants() throws {
        var s = try abc()
        try s.expand(["A", "A1"])
        try s.delete(["A1", "A1a", "A1", "C"])
        s.checkInvariants()
        #expect(s.items == ["A", "A2", "B", "B1"] && s.visibleItems == ["A", "A2", "B"])
        #expect(!s.contains("A1a") && s.level(of: "A1a") == nil)
        try s.append(["A1a"], to: "B1")  // the identifier is free again
        #expect(s.parent(of: "A1a") == "B1" && !s.isExpanded("A1a"))
        try s.delete(["A"])
        #expect(s.items == ["B", "B1", "A1a"] && s.numberOfVisibleItems == 1)
        s.checkInvariants()
        s.deleteAll()
        #expect(s == Snap())
    }

    @Test func snapshotsOfSubtrees() throws {
        var s = try abc()
        try s.expand(["A1"])
        let below = try s.snapshot(of: "A")
        below.checkInvariants()
        #expect(below.rootItems == ["A1", "A2"] && below.items == ["A1", "A1a", "A2"] && below.visibleItems == ["A1", "A1a", "A2"])
        let with = try s.snapshot(of: "A", includingParent: true)
        with.checkInvariants()
        #expect(with.items == ["A", "A1", "A1a", "A2"] && with.visibleItems == ["A"] && with.isExpanded("A1"))
        #expect(try s.snapshot(of: "C").items.isEmpty)

        var other = Snap()
        try other.append(["P", "Q"])
        try other.append(["P1"], to: "P")
        try other.expand(["P"])
        try s.append(other, to: "B")
        s.checkInvariants()
        #expect(s.items == ["A", "A1", "A1a", "A2", "B", "B1", "P", "P1", "Q", "C"] && s.isExpanded("P"))
        try s.expand(["B"])
        #expect(s.visibleItems == ["A", "B", "B1", "P", "P1", "Q", "C"])
        try s.delete(["P", "Q"])
        try s.insert(other, before: "B1")
        try s.delete(["P", "Q"])
        try s.insert(other, after: "A")
        try s.append(try s.snapshot(of: "A1", includingParent: true).renamed { $0 + "'" })
        s.checkInvariants()
        #expect(s.rootItems == ["A", "P", "Q", "B", "C", "A1'"] && s.visibleItems.prefix(4) == ["A", "P", "P1", "Q"])
        #expect(s.items.suffix(2) == ["A1'", "A1a'"] && s.isExpanded("A1'"))
        try s.append(Snap())
        #expect(try s.snapshot(of: "P", includingParent: true) == other.snapshot(of: "P", includingParent: true))
    }

    @Test func equalityComparesTreesAndStates() throws {
        var a = try abc(), b = Snap()
        try b.append(["A", "C"])
        try b.insert(["B"], before: "C")
        try b.append(["B1"], to: "B")
        try b.append(["A2"], to: "A")
        try b.insert(["A1"], before: "A2")
        try b.append(["A1a", "gone"], to: "A1")
        try b.delete(["gone"])
        #expect(a == b)
        try a.expand(["A1"])
        #expect(a != b)
        try a.collapse(["A1"])
        #expect(a == b)
        try a.append(["x"], to: "A")
        try b.append(["x"], to: "A1")
        #expect(a != b)
    }

    /// Each bad call throws the error naming the item, and leaves the snapshot exactly as it was.
    @Test func badInputChangesNothing() throws {
        typealias Operation = (inout Snap) throws(SectionSnapshotError) -> Void
        var other = Snap()
        try other.append(["new", "A1"])
        var withParent = Snap()
        try withParent.append(["new"])
        try withParent.append(["A"], to: "new")
        let cases: [(String, SectionSnapshotError, Operation)] = [
            ("append to unknown", .unknownItem(identifier: "Q"), { s throws(SectionSnapshotError) in try s.append(["x"], to: "Q") }),
            ("append existing", .duplicateItem(identifier: "B1"), { s throws(SectionSnapshotError) in try s.append(["x", "B1"], to: "A") }),
            ("append twice", .duplicateItem(identifier: "x"), { s throws(SectionSnapshotError) in try s.append(["x", "x"]) }),
            ("append a root twice", .duplicateItem(identifier: "C"), { s throws(SectionSnapshotError) in try s.append(["C"]) }),
            ("append under itself", .itemUnderItself(identifier: "A1"), { s throws(SectionSnapshotError) in try s.append(["x", "A1"], to: "A1") }),
            ("append under a descendant", .itemUnderItself(identifier: "A"), { s throws(SectionSnapshotError) in try s.append(["A"], to: "A1a") }),
            ("insert before unknown", .unknownItem(identifier: "Q"), { s throws(SectionSnapshotError) in try s.insert(["x"], before: "Q") }),
            ("insert after unknown", .unknownItem(identifier: "Q"), { s throws(SectionSnapshotError) in try s.insert(["x"], after: "Q") }),
            ("insert existing", .duplicateItem(identifier: "A1a"), { s throws(SectionSnapshotError) in try s.insert(["x", "A1a"], after: "B1") }),
            ("insert itself as its sibling", .duplicateItem(identifier: "B1"), { s throws(SectionSnapshotError) in try s.insert(["B1"], before: "B1") }),
            ("insert twice", .duplicateItem(identifier: "x"), { s throws(SectionSnapshotError) in try s.insert(["x", "x"], before: "C") }),
            ("insert beside a descendant", .itemUnderItself(identifier: "A"), { s throws(SectionSnapshotError) in try s.insert(["A"], before: "A1a") }),
            ("delete unknown", .unknownItem(identifier: "Q"), { s throws(SectionSnapshotError) in try s.delete(["A1", "Q"]) }),
            ("expand unknown", .unknownItem(identifier: "Q"), { s throws(SectionSnapshotError) in try s.expand(["B", "Q"]) }),
            ("collapse unknown", .unknownItem(identifier: "Q"), { s throws(SectionSnapshotError) in try s.collapse(["A", "Q"]) }),
            ("snapshot of unknown", .unknownItem(identifier: "Q"), { s throws(SectionSnapshotError) in _ = try s.snapshot(of: "Q") }),
            ("append snapshot to unknown", .unknownItem(identifier: "Q"), { s throws(SectionSnapshotError) in try s.append(other, to: "Q") }),
            ("append snapshot existing", .duplicateItem(identifier: "A1"), { s throws(SectionSnapshotError) in try s.append(other, to: "B1") }),
            ("append snapshot under itself", .itemUnderItself(identifier: "A1"), { s throws(SectionSnapshotError) in try s.append(other, to: "A1a") }),
            ("append snapshot holding an ancestor", .itemUnderItself(identifier: "A"), { s throws(SectionSnapshotError) in try s.append(withParent, to: "A2") }),
            ("insert snapshot before unknown", .unknownItem(identifier: "Q"), { s throws(SectionSnapshotError) in try s.insert(other, before: "Q") }),
            ("insert snapshot after unknown", .unknownItem(identifier: "Q"), { s throws(SectionSnapshotError) in try s.insert(other, after: "Q") }),
            ("insert snapshot existing", .duplicateItem(identifier: "A1"), { s throws(SectionSnapshotError) in try s.insert(other, after: "C") }),
            ("insert snapshot beside a descendant", .itemUnderItself(identifier: "A1"), { s throws(SectionSnapshotError) in try s.insert(other, before: "A1a") }),
            ("append its own subtree", .duplicateItem(identifier: "A1"), { s throws(SectionSnapshotError) in try s.append(try s.snapshot(of: "A"), to: "B") }),
        ]
        var base = try abc()
        try base.expand(["A", "A1"])
        let items = base.items, visible = base.visibleItems
        for (name, expected, operation) in cases {
            var s = base
            do {
                try operation(&s)
                Issue.record("\(name): no error")
            } catch {
                #expect(error == expected, "\(name)")
                switch error {
                case .duplicateItem(let id), .unknownItem(let id), .itemUnderItself(let id):
                    #expect(error.description.contains(id), "\(name): \(error)")
                }
            }
            s.checkInvariants()
            #expect(s == base, "\(name) changed the snapshot")
            #expect(s.items == items && s.visibleItems == visible && s.index(of: "B") == 4 && s.visibleIndex(of: "B") == 4, "\(name)")
            #expect(!s.contains("x") && !s.contains("new"), "\(name) left an item behind")
        }
    }

    /// A parent of 10,000 children in a deep tree: expanding and collapsing it gives its block
    /// right below its row, whichever of its siblings it is, and the visible items agree.
    @Test func largeParentExpandsBelowItsRow() throws {
        var s = SectionSnapshot<Int>()
        try s.append([0, 1, 2])
        try s.append(Array(10..<1_010), to: 1)
        try s.expand([0, 1])
        try s.append(Array(100_000..<110_000), to: 500)
        try s.append([3], to: 100_000)
        try s.expand([100_000])
        let change = try s.expand([500])
        #expect(change == VisibleItemsChange(inserted: [493..<10_494]))
        let visible = s.visibleItems
        #expect(visible[492] == 500 && visible[493] == 100_000 && visible[494] == 3 && visible[10_494] == 501)
        #expect(s.numberOfVisibleItems == visible.count && visible.count == 1 + 1 + 1_000 + 10_001 + 1)
        #expect(try s.collapse([1]) == VisibleItemsChange(removed: [2..<11_003]))
        #expect(s.visibleItems == [0, 1, 2] && s.level(of: 3) == 3 && s.index(of: 3) == 494)
        s.checkInvariants()
    }

    /// A chain 3,000 deep changed in single calls (the batched count updates, deepest first):
    /// every item expanded at once, collapsed at once, every third deleted at once; the rows and
    /// lists agree with the chain's.
    @Test func deepChainInOneCall() throws {
        var s = SectionSnapshot<Int>()
        let depth = 3_000
        try s.append([0])
        for i in 1..<depth { try s.append([i], to: i - 1) }
        #expect(s.level(of: depth - 1) == depth - 1 && s.index(of: depth - 1) == depth - 1)
        #expect(try s.expand(Array((0..<depth).reversed())) == VisibleItemsChange(inserted: [1..<depth]))
        #expect(s.visibleItems == Array(0..<depth) && s.visibleIndex(of: depth - 1) == depth - 1)
        try s.collapse([1_000])
        #expect(s.numberOfVisibleItems == 1_001 && !s.isVisible(1_001))
        try s.expand([1_000])
        #expect(try s.collapse(Array(0..<depth)) == VisibleItemsChange(removed: [1..<depth]))
        #expect(s.visibleItems == [0] && s.items == Array(0..<depth))
        try s.expand(Array(0..<depth))
        try s.delete(Array(stride(from: 2_999, to: 0, by: -3)))  // 2, the highest named, takes the rest
        #expect(s.items == Array(0..<2) && s.visibleItems == [0, 1] && s.numberOfItems == 2)
        try s.append([5_000], to: 1)
        #expect(s.visibleItems == [0, 1, 5_000])
        s.checkInvariants()
    }

    /// Random appends, inserts (of items and of snapshots), deletes, expands and collapses,
    /// some of them bad: after each, the visible items and all items are a plain recursive
    /// flattening of a reference tree, every lookup agrees, a bad one threw the error the
    /// reference predicts and changed nothing, and an expand or collapse gave exactly the rows
    /// that came or went.
    @Test(arguments: [0x5EC7_1000 as UInt64, 0x5EC7_2000, 0x5EC7_3000])
    func randomOperationsAgreeWithAReferenceTree(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var snap = SectionSnapshot<Int>()
        var reference = ReferenceTree()
        var next = 0
        func fresh(_ n: Int) -> [Int] { (0..<n).map { _ in next += 1; return next } }
        for round in 0..<2_500 {
            let before = snap, beforeVisible = snap.visibleItems
            let all = reference.flatten(visibleOnly: false)
            func some() -> Int { all.isEmpty || Int.random(in: 0..<12, using: &rng) == 0 ? -1 : all.randomElement(using: &rng)! }
            /// New identifiers, now and then with an existing one, or one given twice.
            func newItems() -> [Int] {
                var ids = fresh(Int.random(in: 0...3, using: &rng))
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: ids.insert(some(), at: Int.random(in: 0...ids.count, using: &rng))
                case 1 where !ids.isEmpty: ids.append(ids[0])
                default: break
                }
                return ids
            }
            /// A small random snapshot of new identifiers, and its reference.
            func newSnapshot() throws -> (SectionSnapshot<Int>, ReferenceTree) {
                var made = SectionSnapshot<Int>(), ref = ReferenceTree()
                for _ in 0..<Int.random(in: 0...5, using: &rng) {
                    let placed = ref.flatten(visibleOnly: false)
                    let parent = placed.isEmpty || Bool.random(using: &rng) ? nil : placed.randomElement(using: &rng)
                    let id = fresh(1)
                    try made.append(id, to: parent)
                    ref.append(id, to: parent)
                    if Bool.random(using: &rng), let p = parent { try made.expand([p]); ref.expanded.insert(p) }
                }
                if Int.random(in: 0..<8, using: &rng) == 0, let existing = all.randomElement(using: &rng) {
                    try made.append([existing])  // must be refused
                    ref.append([existing], to: nil)
                }
                return (made, ref)
            }
            var expected: SectionSnapshotError? = nil
            var change: VisibleItemsChange? = nil
            var kind = ""
            do {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0, 1:
                    kind = "append"
                    let ids = newItems(), parent: Int? = Bool.random(using: &rng) && !all.isEmpty ? some() : nil
                    expected = reference.error(adding: ids, under: parent)
                    try snap.append(ids, to: parent)
                    reference.append(ids, to: parent)
                case 2:
                    kind = "insert"
                    let ids = newItems(), anchor = some(), after = Bool.random(using: &rng)
                    expected = reference.error(adding: ids, beside: anchor)
                    if after { try snap.insert(ids, after: anchor) } else { try snap.insert(ids, before: anchor) }
                    reference.insert(ids, beside: anchor, after: after)
                case 3:
                    kind = "delete"
                    let ids = (0..<Int.random(in: 1...3, using: &rng)).map { _ in some() }
                    expected = ids.first { reference.parent[$0] == nil }.map { .unknownItem(identifier: "\($0)") }
                    try snap.delete(ids)
                    reference.delete(ids)
                case 4, 5:
                    kind = "expand"
                    let ids = (0..<Int.random(in: 1...3, using: &rng)).map { _ in some() }
                    expected = ids.first { reference.parent[$0] == nil }.map { .unknownItem(identifier: "\($0)") }
                    change = try snap.expand(ids)
                    reference.expanded.formUnion(ids)
                case 6, 7:
                    kind = "collapse"
                    let ids = (0..<Int.random(in: 1...3, using: &rng)).map { _ in some() }
                    expected = ids.first { reference.parent[$0] == nil }.map { .unknownItem(identifier: "\($0)") }
                    change = try snap.collapse(ids)
                    reference.expanded.subtract(ids)
                case 8:
                    kind = "append snapshot"
                    let (made, ref) = try newSnapshot(), parent: Int? = Bool.random(using: &rng) ? some() : nil
                    expected = reference.error(adding: ref.flatten(visibleOnly: false), under: parent)
                    try snap.append(made, to: parent)
                    reference.graft(ref, under: parent, at: nil)
                default:
                    kind = "insert snapshot"
                    let (made, ref) = try newSnapshot(), anchor = some(), after = Bool.random(using: &rng)
                    expected = reference.error(adding: ref.flatten(visibleOnly: false), beside: anchor)
                    if after { try snap.insert(made, after: anchor) } else { try snap.insert(made, before: anchor) }
                    let p = reference.parent[anchor]!
                    reference.graft(ref, under: p, at: reference.children[p]!.firstIndex(of: anchor)! + (after ? 1 : 0))
                }
                #expect(expected == nil, "round \(round) \(kind): no error, expected \(String(describing: expected))")
            } catch let error as SectionSnapshotError {
                #expect(error == expected, "round \(round) \(kind)")
                #expect(snap == before, "round \(round): \(error) changed the snapshot")
            }
            snap.checkInvariants()
            try check(snap, against: reference, round: round)
            if let change { checkChange(change, from: beforeVisible, to: snap.visibleItems, round: round) }
            // Now and then a subtree taken as a snapshot agrees with the reference's.
            if round % 7 == 0, let item = reference.flatten(visibleOnly: false).randomElement(using: &rng) {
                let below = try snap.snapshot(of: item, includingParent: Bool.random(using: &rng))
                below.checkInvariants()
                #expect(below.items.filter { $0 != item } == reference.flatten(under: item, visibleOnly: false), "round \(round)")
            }
            if round % 600 == 599 {
                snap.deleteAll()
                reference = ReferenceTree()
            }
        }
    }

    /// The snapshot's lists and lookups against the reference's.
    func check(_ snap: SectionSnapshot<Int>, against reference: ReferenceTree, round: Int) throws {
        let all = reference.flatten(visibleOnly: false), visible = reference.flatten(visibleOnly: true)
        #expect(snap.items == all, "round \(round)")
        #expect(snap.visibleItems == visible, "round \(round)")
        #expect(snap.rootItems == reference.children[nil]!, "round \(round)")
        #expect(snap.numberOfItems == all.count && snap.numberOfVisibleItems == visible.count, "round \(round)")
        let visibleRow = Dictionary(uniqueKeysWithValues: visible.enumerated().map { ($1, $0) })
        for (i, item) in all.enumerated() {
            var level = 0, p = reference.parent[item]!
            while let q = p { level += 1; p = reference.parent[q]! }
            #expect(snap.parent(of: item) == reference.parent[item]!, "round \(round): \(item)")
            #expect(snap.level(of: item) == level, "round \(round): \(item)")
            #expect(snap.index(of: item) == i, "round \(round): \(item)")
            #expect(snap.isVisible(item) == (visibleRow[item] != nil), "round \(round): \(item)")
            #expect(snap.visibleIndex(of: item) == visibleRow[item], "round \(round): \(item)")
            #expect(snap.isExpanded(item) == reference.expanded.contains(item), "round \(round): \(item)")
        }
    }

    /// The rows a change names are exactly those that came (at their new indices) or went (at
    /// their old ones), in ascending disjoint ranges.
    func checkChange(_ change: VisibleItemsChange, from old: [Int], to new: [Int], round: Int) {
        func indices(_ ranges: [Range<Int>]) -> [Int] {
            for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound < b.lowerBound, "round \(round): \(ranges)") }
            #expect(ranges.allSatisfy { !$0.isEmpty }, "round \(round): \(ranges)")
            return ranges.flatMap { Array($0) }
        }
        let oldSet = Set(old), newSet = Set(new)
        #expect(indices(change.inserted) == new.indices.filter { !oldSet.contains(new[$0]) }, "round \(round)")
        #expect(indices(change.removed) == old.indices.filter { !newSet.contains(old[$0]) }, "round \(round)")
    }
}

/// The reference: each item's parent and children in plain dictionaries, flattened recursively.
struct ReferenceTree {
    /// Item → its parent (nil inside for a root item).
    var parent: [Int: Int?] = [:]
    /// Parent (nil for the root list) → its children in order.
    var children: [Int?: [Int]] = [nil: []]
    var expanded = Set<Int>()

    func flatten(under item: Int? = nil, visibleOnly: Bool) -> [Int] {
        children[item, default: []].flatMap { child in
            [child] + (visibleOnly && !expanded.contains(child) ? [] : flatten(under: child, visibleOnly: visibleOnly))
        }
    }

    mutating func append(_ ids: [Int], to p: Int?) {
        for id in ids { parent[id] = p; children[id] = [] }
        children[p, default: []] += ids
    }

    mutating func insert(_ ids: [Int], beside anchor: Int, after: Bool) {
        let p = parent[anchor]!
        for id in ids { parent[id] = p; children[id] = [] }
        children[p]!.insert(contentsOf: ids, at: children[p]!.firstIndex(of: anchor)! + (after ? 1 : 0))
    }

    /// Adds another reference tree's root items at `index` (nil: the end) of `p`'s children.
    mutating func graft(_ other: ReferenceTree, under p: Int?, at index: Int?) {
        for (id, q) in other.parent {
            let newParent: Int? = q ?? p  // the other's root items go under p
            parent[id] = .some(newParent)
        }
        for case let (id?, list) in other.children { children[id] = list }
        children[p]!.insert(contentsOf: other.children[nil]!, at: index ?? children[p]!.count)
        expanded.formUnion(other.expanded)
    }

    mutating func delete(_ ids: [Int]) {
        for id in ids where parent[id] != nil {
            children[parent[id]!]!.removeAll { $0 == id }
            for gone in [id] + flatten(under: id, visibleOnly: false) {
                parent[gone] = nil
                children[gone] = nil
                expanded.remove(gone)
            }
        }
    }

    /// The error adding `ids` under `p` must throw, or nil.
    func error(adding ids: [Int], under p: Int?) -> SectionSnapshotError? {
        if let p, parent[p] == nil { return .unknownItem(identifier: "\(p)") }
        var ancestors = Set<Int>(), q = p
        while let a = q { ancestors.insert(a); q = parent[a]! }
        var seen = Set<Int>()
        for id in ids {
            if parent[id] != nil { return ancestors.contains(id) ? .itemUnderItself(identifier: "\(id)") : .duplicateItem(identifier: "\(id)") }
            if !seen.insert(id).inserted { return .duplicateItem(identifier: "\(id)") }
        }
        return nil
    }

    /// The error adding `ids` beside `anchor` must throw, or nil.
    func error(adding ids: [Int], beside anchor: Int) -> SectionSnapshotError? {
        guard let p = parent[anchor] else { return .unknownItem(identifier: "\(anchor)") }
        return error(adding: ids, under: p)
    }
}

extension SectionSnapshot {
    /// The same tree with every identifier passed through `rename`.
    func renamed(_ rename: (ItemID) -> ItemID) -> SectionSnapshot {
        var copy = self
        copy.slots = [:]
        for s in copy.ids.indices {
            guard let id = copy.ids[s] else { continue }
            copy.ids[s] = rename(id)
            copy.slots[rename(id)] = s
        }
        return copy
    }
}
