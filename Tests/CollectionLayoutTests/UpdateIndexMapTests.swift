import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// The index map alone, in the manner of RecyclerView's OpReorderTest: batches are applied to
/// plain lists by UIKit's rules, and the map must say what the lists say, both ways, for
/// positions and element keys. Whole families of small batches, then thousands of random ones.
@Suite struct UpdateIndexMapTests {
    static func ip(_ item: Int, _ section: Int) -> IndexPath { IndexPath(item: item, section: section) }

    /// `ids` (one list) after deleting the old indexes `removed` and then placing `placed`
    /// (new index, id) in ascending order of new index: UIKit's order, written out plainly.
    static func applied(_ ids: [Int], removing removed: Set<Int>, placing placed: [(Int, Int)]) -> [Int] {
        var list = ids.indices.filter { !removed.contains($0) }.map { ids[$0] }
        for (index, id) in placed.sorted(by: { $0.0 < $1.0 }) { list.insert(id, at: index) }
        return list
    }

    // MARK: Items in one section

    /// Every batch on one section of up to 6 items made of any set of deletes, at most one move
    /// and at most one insert, at every place: each item maps to where the plain list puts it,
    /// both ways, and cell keys with it.
    @Test func everySmallBatchInOneSection() throws {
        var cases = 0
        for n in 0...6 {
            let old = Array(0..<n)
            for mask in 0..<(1 << n) {
                let deleted = Set((0..<n).filter { mask & (1 << $0) != 0 })
                let sources = (0..<n).filter { !deleted.contains($0) }
                for withInsert in [false, true] {
                    let newCount = n - deleted.count + (withInsert ? 1 : 0)
                    let moves: [(Int, Int)?] = [nil] + sources.flatMap { f in (0..<newCount).map { (f, $0) } }
                    for move in moves {
                        let inserts: [Int?] = withInsert ? (0..<newCount).filter { $0 != move?.1 } : [nil]
                        for insert in inserts {
                            var u = BatchUpdate()
                            u.deletedItems = deleted.sorted().map { Self.ip($0, 0) }
                            var placed: [(Int, Int)] = []
                            if let (f, t) = move { u.movedItems = [(Self.ip(f, 0), Self.ip(t, 0))]; placed.append((t, f)) }
                            if let i = insert { u.insertedItems = [Self.ip(i, 0)]; placed.append((i, -1)) }
                            let new = Self.applied(old, removing: deleted.union(move.map { [$0.0] } ?? []), placing: placed)
                            try check(u, old: old, new: new)
                            cases += 1
                        }
                    }
                }
            }
        }
        #expect(cases > 6_000)
    }

    /// Reloads keep their place and get a new view; neighbours are not disturbed.
    @Test func everyReloadWithEveryDeleteSet() throws {
        for n in 1...6 {
            let old = Array(0..<n)
            for mask in 0..<(1 << n) {
                let deleted = Set((0..<n).filter { mask & (1 << $0) != 0 })
                for r in (0..<n) where !deleted.contains(r) {
                    var u = BatchUpdate()
                    u.deletedItems = deleted.sorted().map { Self.ip($0, 0) }
                    u.reloadedItems = [Self.ip(r, 0)]
                    try check(u, old: old, new: Self.applied(old, removing: deleted, placing: []), reloaded: [r])
                }
            }
        }
    }

    /// Checks the map of `u` (one section) against the lists of ids before and after it; new ids
    /// (inserted) are negative.
    func check(_ u: BatchUpdate, old: [Int], new: [Int], reloaded: Set<Int> = [],
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let map = try UpdateIndexMap(oldCounts: [old.count], newCounts: [new.count], update: u)
        for (i, id) in old.enumerated() {
            let expected = new.firstIndex(of: id).map { Self.ip($0, 0) }
            #expect(map.newIndexPath(forOld: Self.ip(i, 0)) == expected, "\(u): old \(i)", sourceLocation: sourceLocation)
            let key = ElementKey.cell(Self.ip(i, 0))
            #expect(map.newKey(forOld: key) == (reloaded.contains(i) ? nil : expected.map { .cell($0) }), "\(u): key of old \(i)", sourceLocation: sourceLocation)
            #expect(map.isReplaced(old: key) == reloaded.contains(i), sourceLocation: sourceLocation)
            #expect(map.isReloaded(old: Self.ip(i, 0)) == reloaded.contains(i), sourceLocation: sourceLocation)
        }
        for (j, id) in new.enumerated() {
            let expected = old.firstIndex(of: id).map { Self.ip($0, 0) }
            #expect(map.oldIndexPath(forNew: Self.ip(j, 0)) == expected, "\(u): new \(j)", sourceLocation: sourceLocation)
            #expect(map.oldKey(forNew: .cell(Self.ip(j, 0))) == expected.map { .cell($0) }, "\(u): key of new \(j)", sourceLocation: sourceLocation)
        }
        // Nothing maps outside the lists.
        #expect(map.newIndexPath(forOld: Self.ip(old.count, 0)) == nil && map.oldIndexPath(forNew: Self.ip(new.count, 0)) == nil,
                sourceLocation: sourceLocation)
    }

    // MARK: Sections

    /// Every batch on up to 5 sections made of any set of section deletes, at most one section
    /// move and at most one insert or one reload: sections and the supplementary and decoration
    /// views keyed by them go where the plain list of sections puts them; cells go with them
    /// unless their section is reloaded.
    @Test func everySmallSectionBatch() throws {
        var cases = 0
        for n in 0...5 {
            let old = Array(0..<n)
            for mask in 0..<(1 << n) {
                let deleted = Set((0..<n).filter { mask & (1 << $0) != 0 })
                let kept = (0..<n).filter { !deleted.contains($0) }
                for extra in ["none", "insert", "reload"] {
                    let newCount = kept.count + (extra == "insert" ? 1 : 0)
                    let moves: [(Int, Int)?] = [nil] + kept.flatMap { f in (0..<newCount).map { (f, $0) } }
                    for move in moves {
                        let inserts: [Int?] = extra == "insert" ? (0..<newCount).filter { $0 != move?.1 } : [nil]
                        let reloads: [Int?] = extra == "reload" ? kept.filter { $0 != move?.0 } : [nil]
                        for insert in inserts {
                            for reload in reloads {
                                var u = BatchUpdate()
                                u.deletedSections = deleted.sorted()
                                var placed: [(Int, Int)] = []
                                if let (f, t) = move { u.movedSections = [(f, t)]; placed.append((t, f)) }
                                if let i = insert { u.insertedSections = [i]; placed.append((i, -1)) }
                                if let r = reload { u.reloadedSections = [r] }
                                let new = Self.applied(old, removing: deleted.union(move.map { [$0.0] } ?? []), placing: placed)
                                try checkSections(u, old: old, new: new, reloaded: reload)
                                cases += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(cases > 1_000)
    }

    /// Checks `u` on sections of one item each (a reloaded section gets two, an inserted one
    /// three) against the lists of section ids before and after it.
    func checkSections(_ u: BatchUpdate, old: [Int], new: [Int], reloaded: Int?,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let newCounts = new.map { $0 < 0 ? 3 : $0 == reloaded ? 2 : 1 }
        let map = try UpdateIndexMap(oldCounts: old.map { _ in 1 }, newCounts: newCounts, update: u)
        for s in old {
            let t = new.firstIndex(of: s)
            let isReloaded = s == reloaded
            #expect(map.newSection(forOld: s) == t, "\(u): old section \(s)", sourceLocation: sourceLocation)
            #expect(map.isSectionReloaded(old: s) == isReloaded, sourceLocation: sourceLocation)
            // Views keyed by the section follow it (the rest of a longer path stays); a reload
            // replaces them.
            for key in [ElementKey.supplementary("header", Self.ip(0, s)), .decoration("band", IndexPath(index: s)),
                        .decoration("grid", IndexPath(indexes: [s, 2, 5]))] {
                var expected = key
                expected.indexPath[0] = t ?? -1
                #expect(map.newKey(forOld: key) == (t == nil || isReloaded ? nil : expected), "\(u): \(key)", sourceLocation: sourceLocation)
                #expect(map.isReplaced(old: key) == isReloaded, sourceLocation: sourceLocation)
            }
            let cell = ElementKey.cell(Self.ip(0, s))
            #expect(map.newKey(forOld: cell) == (t == nil || isReloaded ? nil : .cell(Self.ip(0, t!))), sourceLocation: sourceLocation)
            #expect(map.isReplaced(old: cell) == isReloaded, "a reloaded section's cells are replaced", sourceLocation: sourceLocation)
        }
        for (t, id) in new.enumerated() {
            let s = id < 0 ? nil : old.firstIndex(of: id)
            #expect(map.oldSection(forNew: t) == s, "\(u): new section \(t)", sourceLocation: sourceLocation)
            // A reloaded section's header keeps its old key (its view is replaced all the same);
            // its cells are all new.
            #expect(map.oldKey(forNew: .supplementary("header", Self.ip(0, t))) == s.map { .supplementary("header", Self.ip(0, $0)) },
                    sourceLocation: sourceLocation)
            let cellOld = s == nil || id == reloaded ? nil : ElementKey.cell(Self.ip(0, s!))
            #expect(map.oldKey(forNew: .cell(Self.ip(0, t))) == cellOld, "\(u): cell of new section \(t)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Random batches

    /// Thousands of random batches on random shapes (the `BatchModel` generator, which builds
    /// the model after a batch without the map): every item, section and key maps where the
    /// model put it, both ways, and keys round-trip.
    @Test func randomBatchesAgreeWithTheModel() throws {
        var rng = SplitMix64(seed: 0x1DE7)
        var nextID = 0
        var checked = 0
        for round in 0..<2_000 {
            let model = BatchModel.random(&rng, nextID: &nextID)
            let (u, new) = model.randomBatch(&rng, nextID: &nextID)
            let map = try UpdateIndexMap(oldCounts: model.counts, newCounts: new.counts, update: u)
            let reloadedItems = Set(u.reloadedItems), reloadedSections = Set(u.reloadedSections)
            var newPlace: [Int: IndexPath] = [:], oldPlace: [Int: IndexPath] = [:]
            for (s, section) in new.sections.enumerated() { for (i, id) in section.items.enumerated() { newPlace[id] = Self.ip(i, s) } }
            for (s, section) in model.sections.enumerated() { for (i, id) in section.items.enumerated() { oldPlace[id] = Self.ip(i, s) } }
            for (s, section) in model.sections.enumerated() {
                let t = new.sections.firstIndex { $0.id == section.id }
                let header = ElementKey.supplementary("header", Self.ip(0, s))
                #expect(map.newKey(forOld: header) == (reloadedSections.contains(s) ? nil : t.map { .supplementary("header", Self.ip(0, $0)) }),
                        "round \(round): \(u)")
                for (i, id) in section.items.enumerated() {
                    let path = Self.ip(i, s)
                    let replaced = reloadedItems.contains(path) || reloadedSections.contains(s)
                    #expect(map.newIndexPath(forOld: path) == (reloadedSections.contains(s) ? nil : newPlace[id]), "round \(round): old \(Array(path)) in \(u)")
                    #expect(map.newKey(forOld: .cell(path)) == (replaced ? nil : newPlace[id].map { .cell($0) }), "round \(round): \(u)")
                    #expect(map.isReplaced(old: .cell(path)) == replaced)
                    checked += 1
                }
            }
            for (t, section) in new.sections.enumerated() {
                let s = model.sections.firstIndex { $0.id == section.id }
                #expect(map.oldKey(forNew: .supplementary("header", Self.ip(0, t))) == s.map { .supplementary("header", Self.ip(0, $0)) })
                for (j, id) in section.items.enumerated() {
                    let key = ElementKey.cell(Self.ip(j, t))
                    #expect(map.oldIndexPath(forNew: key.indexPath) == oldPlace[id], "round \(round): new \([t, j]) in \(u)")
                    // Round trip: an element that keeps its view comes back to the same key.
                    if let o = map.oldKey(forNew: key), !map.isReplaced(old: o) { #expect(map.newKey(forOld: o) == key) }
                }
            }
        }
        #expect(checked > 10_000)
    }

    // MARK: Edges

    @Test func keysWithoutASectionOrOutOfRange() throws {
        let map = try UpdateIndexMap(oldCounts: [2], newCounts: [2], update: BatchUpdate())
        let pathless = ElementKey.decoration("band", IndexPath())
        #expect(map.newKey(forOld: pathless) == nil && map.oldKey(forNew: pathless) == nil && !map.isReplaced(old: pathless))
        #expect(map.newKey(forOld: .supplementary("header", Self.ip(0, 1))) == nil, "no section 1")
        #expect(map.newKey(forOld: .cell(Self.ip(2, 0))) == nil && map.oldKey(forNew: .cell(Self.ip(-1, 0))) == nil)
        #expect(map.newKey(forOld: .cell(IndexPath(index: 0))) == nil, "a one-index path is not a cell")
        #expect(map.newKey(forOld: .cell(Self.ip(1, 0))) == .cell(Self.ip(1, 0)), "an empty batch is the identity")
    }

    @Test func theOldNameStillBuildsTheMap() throws {
        var u = BatchUpdate()
        u.deletedItems = [Self.ip(0, 0)]
        let plan: BatchUpdatePlan = try BatchUpdatePlan(oldCounts: [2], newCounts: [1], update: u)
        let map: UpdateIndexMap = plan
        #expect(map.newIndexPath(forOld: Self.ip(1, 0)) == Self.ip(0, 0))
    }
}
