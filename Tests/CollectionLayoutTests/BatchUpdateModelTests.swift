import Testing
import CollectionLayout

/// Thousands of random valid batches, applied to a plain model of sections of item ids by
/// UIKit's rules: the plan accepts each and maps every item and section to where the model
/// put it, both ways. Broken variants of each are always refused.
@Suite struct BatchUpdateModelTests {
    struct Model {
        var sections: [(id: Int, items: [Int])]
        var counts: [Int] { sections.map(\.items.count) }
    }

    /// A random valid batch on `old`, and the model after it.
    static func randomBatch(_ old: Model, _ rng: inout SplitMix64, nextID: inout Int) -> (BatchUpdate, Model) {
        var u = BatchUpdate()
        let n = old.sections.count
        var roles = Array(repeating: 0, count: n)  // 0 keep, 1 delete, 2 reload, 3 move
        for s in 0..<n { roles[s] = Int.random(in: 0..<10, using: &rng) < 7 ? 0 : Int.random(in: 1...3, using: &rng) }
        u.deletedSections = (0..<n).filter { roles[$0] == 1 }
        u.reloadedSections = (0..<n).filter { roles[$0] == 2 }
        let movedFrom = (0..<n).filter { roles[$0] == 3 }
        let insertCount = Int.random(in: 0...2, using: &rng)
        let newCount = n - u.deletedSections.count + insertCount
        var slots = Array(0..<newCount).shuffled(using: &rng)
        let movedTo = movedFrom.map { _ in slots.removeLast() }
        u.movedSections = Array(zip(movedFrom, movedTo)).map { (from: $0.0, to: $0.1) }
        u.insertedSections = (0..<insertCount).map { _ in slots.removeLast() }
        // Where surviving sections land.
        let fixed = Set(movedTo + u.insertedSections)
        var newOfOld: [Int: Int] = [:]
        var free = (0..<newCount).filter { !fixed.contains($0) }.makeIterator()
        for s in 0..<n where roles[s] == 0 || roles[s] == 2 { newOfOld[s] = free.next()! }
        for (f, t) in zip(movedFrom, movedTo) { newOfOld[f] = t }

        // Item changes in surviving, unreloaded sections.
        var removed: [Int: Set<Int>] = [:]
        var moves: [(from: IndexPath, to: Int)] = []  // destination section chosen, index later
        let itemSections = (0..<n).filter { roles[$0] == 0 || roles[$0] == 3 }
        for s in itemSections {
            for i in 0..<old.sections[s].items.count {
                switch Int.random(in: 0..<12, using: &rng) {
                case 0: u.deletedItems.append(IndexPath(item: i, section: s)); removed[s, default: []].insert(i)
                case 1: u.reloadedItems.append(IndexPath(item: i, section: s))
                case 2:
                    removed[s, default: []].insert(i)
                    moves.append((IndexPath(item: i, section: s), newOfOld[itemSections.randomElement(using: &rng)!]!))
                default: break
                }
            }
        }
        // New contents: survivors of each section, then inserts and moved-in items at random
        // distinct positions.
        var new = Array(repeating: (id: 0, items: [Int]()), count: newCount)
        for s in 0..<n {
            guard let t = newOfOld[s] else { continue }
            if roles[s] == 2 {
                new[t] = (old.sections[s].id, (0..<Int.random(in: 0...5, using: &rng)).map { _ in nextID += 1; return nextID })
            } else {
                new[t] = (old.sections[s].id, old.sections[s].items.enumerated().filter { !(removed[s]?.contains($0.offset) ?? false) }.map(\.element))
            }
        }
        for t in u.insertedSections {
            nextID += 1
            new[t] = (nextID, (0..<Int.random(in: 0...4, using: &rng)).map { _ in nextID += 1; return nextID })
        }
        let targets = Set(itemSections.map { newOfOld[$0]! })
        for t in targets.sorted() {
            let incoming = moves.filter { $0.to == t }
            let inserts = Int.random(in: 0...2, using: &rng)
            let total = new[t].items.count + incoming.count + inserts
            var positions = Array(0..<total).shuffled(using: &rng)
            var placed: [(Int, Int)] = []  // (new index, id)
            for m in incoming {
                let p = positions.removeLast()
                u.movedItems.append((m.from, IndexPath(item: p, section: t)))
                placed.append((p, old.sections[m.from.section].items[m.from.item]))
            }
            for _ in 0..<inserts {
                let p = positions.removeLast()
                nextID += 1
                u.insertedItems.append(IndexPath(item: p, section: t))
                placed.append((p, nextID))
            }
            for (p, id) in placed.sorted(by: { $0.0 < $1.0 }) { new[t].items.insert(id, at: p) }
        }
        return (u, Model(sections: new))
    }

    @Test func mappingAgreesWithTheModel() throws {
        var rng = SplitMix64(seed: 0xBA7C4)
        var nextID = 0
        var model = Model(sections: (0..<4).map { _ in nextID += 1; return (nextID, (0..<8).map { _ in nextID += 1; return nextID }) })
        var checked = 0
        for round in 0..<4000 {
            if round % 200 == 0 {  // start over now and then, from a random shape
                model = Model(sections: (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                    nextID += 1
                    return (nextID, (0..<Int.random(in: 0...12, using: &rng)).map { _ in nextID += 1; return nextID })
                })
            }
            let (update, new) = Self.randomBatch(model, &rng, nextID: &nextID)
            let plan: BatchUpdatePlan
            do { plan = try BatchUpdatePlan(oldCounts: model.counts, newCounts: new.counts, update: update) } catch {
                Issue.record("round \(round): a valid batch was refused: \(error)\n\(update)")
                return
            }
            var newPlace: [Int: IndexPath] = [:], oldPlace: [Int: IndexPath] = [:]
            for (s, section) in new.sections.enumerated() { for (i, id) in section.items.enumerated() { newPlace[id] = IndexPath(item: i, section: s) } }
            for (s, section) in model.sections.enumerated() { for (i, id) in section.items.enumerated() { oldPlace[id] = IndexPath(item: i, section: s) } }
            for (s, section) in model.sections.enumerated() {
                let expectedSection = new.sections.firstIndex { $0.id == section.id }
                #expect(plan.newSection(forOld: s) == expectedSection, "round \(round) section \(s)")
                for (i, id) in section.items.enumerated() {
                    let got = plan.newIndexPath(forOld: IndexPath(item: i, section: s))
                    #expect(got == newPlace[id], "round \(round): old [\(s), \(i)] went to \(String(describing: newPlace[id])), plan says \(String(describing: got))")
                    if got != newPlace[id] { return }
                    checked += 1
                }
            }
            for (s, section) in new.sections.enumerated() {
                #expect(plan.oldSection(forNew: s) == model.sections.firstIndex { $0.id == section.id })
                for (i, id) in section.items.enumerated() {
                    #expect(plan.oldIndexPath(forNew: IndexPath(item: i, section: s)) == oldPlace[id], "round \(round): new [\(s), \(i)]")
                }
            }
            // Any count off by one breaks it.
            if !new.sections.isEmpty {
                var wrong = new.counts
                let s = Int.random(in: 0..<wrong.count, using: &rng)
                wrong[s] += Bool.random(using: &rng) ? 1 : -1
                let inserted = update.insertedSections.contains(s)
                let reloaded = plan.oldSection(forNew: s).map { plan.isSectionReloaded(old: $0) } ?? false
                if wrong[s] >= 0 && !inserted && !reloaded {
                    #expect(throws: BatchUpdateError.self, "round \(round): count \(new.counts) -> \(wrong)") {
                        try BatchUpdatePlan(oldCounts: model.counts, newCounts: wrong, update: update)
                    }
                }
            }
            model = new
        }
        #expect(checked > 50_000)
    }
}
