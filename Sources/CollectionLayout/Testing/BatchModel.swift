import FoundationEssentials

/// A plain model of sections of item ids, and random valid batch updates on it, for tests that
/// check the mapping and the view against what the changes should do.
package struct BatchModel: Sendable {
    package var sections: [(id: Int, items: [Int])]
    package var counts: [Int] { sections.map(\.items.count) }

    package init(sections: [(id: Int, items: [Int])]) { self.sections = sections }

    /// A random model: up to `maxSections` sections of up to `maxItems` items.
    package static func random<R: RandomNumberGenerator>(_ rng: inout R, nextID: inout Int, maxSections: Int = 6, maxItems: Int = 12) -> BatchModel {
        BatchModel(sections: (0..<Int.random(in: 0...maxSections, using: &rng)).map { _ in
            nextID += 1
            return (nextID, (0..<Int.random(in: 0...maxItems, using: &rng)).map { _ in nextID += 1; return nextID })
        })
    }

    /// A random valid batch on `self`, and the model after it, by UIKit's rules.
    package func randomBatch<R: RandomNumberGenerator>(_ rng: inout R, nextID: inout Int) -> (BatchUpdate, BatchModel) {
        let old = self
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
        return (u, BatchModel(sections: new))
    }

}
