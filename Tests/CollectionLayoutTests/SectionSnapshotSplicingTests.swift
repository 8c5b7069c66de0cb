import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// A flat snapshot that shows a section snapshot's visible items follows its expands and
/// collapses through the rows they report alone (what the diffable data source does), and ends
/// equal to a snapshot built afresh from the visible items, its indexes intact.
@Suite struct SectionSnapshotSplicingTests {
    /// Random trees (up to 40 items, 4 deep) in the middle section of three, and random
    /// expands and collapses of one or several items, with or without their descendants.
    @Test(arguments: 0..<40 as Range<UInt64>)
    func flatSnapshotFollowsExpandAndCollapse(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var outline = SectionSnapshot<Int>()
        var all: [Int] = []
        for id in 0..<Int.random(in: 1...40, using: &rng) {
            let parent = all.isEmpty || Bool.random(using: &rng) ? nil : all.randomElement(using: &rng)
            if let parent, (outline.level(of: parent) ?? 0) >= 3 {
                try outline.append([id])
            } else {
                try outline.append([id], to: parent)
            }
            all.append(id)
        }
        var flat = try DiffableSnapshot<String, Int>([("before", [1000, 1001]), ("tree", outline.visibleItems), ("after", [1002])])
        for _ in 0..<30 {
            let count = Int.random(in: 1...3, using: &rng)
            let named = (0..<count).map { _ in all.randomElement(using: &rng)! }
            let withDescendants = Bool.random(using: &rng)
            let targets = withDescendants ? named.flatMap { outline.itemsWithChildren(from: $0) + [$0] } : named
            let change = Bool.random(using: &rng) ? try outline.expand(targets) : try outline.collapse(targets)
            let before = flat
            let deferring = Bool.random(using: &rng)
            flat.apply(change, inSectionAt: 1, showing: outline, deferringReindex: deferring)
            if deferring {
                // Rows before the first change keep their places; the others may be out of
                // date until reindexed, and are said to be.
                for (row, item) in flat.itemIdentifiers(inSection: "tree").enumerated() where flat.hasCurrentPlace(item) {
                    #expect(flat.indexPath(ofItem: item) == IndexPath(item: row, section: 1), "seed \(seed)")
                }
                let first = min(change.removed.first?.lowerBound ?? .max, change.inserted.first?.lowerBound ?? .max)
                for row in 0..<min(first, before.numberOfItems(inSection: "tree")) {
                    #expect(flat.hasCurrentPlace(before.itemIdentifiers(inSection: "tree")[row]) || !before.staleRows.isEmpty)
                }
                if Bool.random(using: &rng) { flat.reindexStaleRows() }
            }
            var checked = flat
            checked.reindexStaleRows()
            checked.checkInvariants()
            #expect(flat.itemIdentifiers(inSection: "tree") == outline.visibleItems, "seed \(seed)")
            #expect(flat.itemIdentifiers(inSection: "before") == [1000, 1001] && flat.itemIdentifiers(inSection: "after") == [1002])
            #expect(checked.indexOfItem(1002) == 2 + outline.numberOfVisibleItems)
        }
    }

    /// The rows below an item are its visible descendants; only items with children are
    /// listed for expanding with descendants.
    @Test func rowsBelowAndItemsWithChildren() throws {
        var s = SectionSnapshot<String>()
        try s.append(["A", "B"])
        try s.append(["A1", "A2"], to: "A")
        try s.append(["A1a"], to: "A1")
        #expect(s.visibleItems(below: "A") == ["A1", "A2"])
        try s.expand(["A1"])
        #expect(s.visibleItems(below: "A") == ["A1", "A1a", "A2"])
        #expect(s.visibleItems(below: "Z") == [])
        #expect(s.itemsWithChildren(from: "A") == ["A", "A1"])
        #expect(s.hasChildren("A1") && !s.hasChildren("A2") && !s.hasChildren("Z"))
    }
}
