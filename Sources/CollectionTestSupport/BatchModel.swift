import FoundationEssentials
import CollectionLayout

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


    // MARK: Shrinking a failing case

    /// The model after `u`, or nil when `u` is not valid on this model. The new counts follow
    /// from `u` itself, as a data source that made these changes would report them; inserted
    /// sections get one item, reloaded sections keep their count. Inserted items and the items
    /// of inserted or reloaded sections get fresh ids; every other item keeps its id.
    package func applying(_ u: BatchUpdate, nextID: inout Int) -> BatchModel? {
        let n = sections.count
        let newCount = n - u.deletedSections.count + u.insertedSections.count
        guard newCount >= 0 else { return nil }
        // Which old section each new one comes from: inserted and moved-to places are fixed,
        // the survivors fill the rest in order.
        var oldOfNew = [Int?](repeating: nil, count: newCount)
        var fixed = Set<Int>()
        for t in u.insertedSections { guard (0..<newCount).contains(t) else { return nil }; fixed.insert(t) }
        for m in u.movedSections {
            guard (0..<newCount).contains(m.to), (0..<n).contains(m.from) else { return nil }
            oldOfNew[m.to] = m.from
            fixed.insert(m.to)
        }
        let gone = Set(u.deletedSections).union(u.movedSections.map(\.from))
        var free = (0..<newCount).filter { !fixed.contains($0) }.makeIterator()
        for s in 0..<n where !gone.contains(s) {
            guard let t = free.next() else { return nil }
            oldOfNew[t] = s
        }
        let reloaded = Set(u.reloadedSections)
        var counts = [Int](repeating: 1, count: newCount)
        for t in 0..<newCount {
            guard let s = oldOfNew[t] else { continue }
            var count = sections[s].items.count
            if !reloaded.contains(s) {
                count -= u.deletedItems.filter { $0.count == 2 && $0.section == s }.count
                count -= u.movedItems.filter { $0.from.count == 2 && $0.from.section == s }.count
                count += u.insertedItems.filter { $0.count == 2 && $0.section == t }.count
                count += u.movedItems.filter { $0.to.count == 2 && $0.to.section == t }.count
            }
            counts[t] = max(0, count)
        }
        guard let plan = try? BatchUpdatePlan(oldCounts: self.counts, newCounts: counts, update: u) else { return nil }
        var new: [(id: Int, items: [Int])] = []
        for t in 0..<newCount {
            let id: Int
            if let s = oldOfNew[t] { id = sections[s].id } else { nextID += 1; id = nextID }
            let items = (0..<counts[t]).map { i -> Int in
                if let o = plan.oldIndexPath(forNew: IndexPath(item: i, section: t)) { return sections[o.section].items[o.item] }
                nextID += 1
                return nextID
            }
            new.append((id, items))
        }
        return BatchModel(sections: new)
    }

    /// `u` with one change left out, for each change in it.
    package static func smallerBatches(_ u: BatchUpdate) -> [BatchUpdate] {
        var out: [BatchUpdate] = []
        func without<T>(_ path: WritableKeyPath<BatchUpdate, [T]>) {
            for i in u[keyPath: path].indices {
                var c = u
                c[keyPath: path].remove(at: i)
                out.append(c)
            }
        }
        without(\.insertedSections); without(\.deletedSections); without(\.reloadedSections); without(\.movedSections)
        without(\.insertedItems); without(\.deletedItems); without(\.reloadedItems); without(\.movedItems)
        return out
    }

    /// The smallest batch, by leaving changes out one at a time, that still fails on this model
    /// (`fails` gets the candidate and the model after it). Returns it with its new model.
    package func shrink(_ update: BatchUpdate, nextID: inout Int,
                        fails: (BatchUpdate, BatchModel) -> Bool) -> (BatchUpdate, BatchModel?) {
        var current = update
        var currentModel = applying(update, nextID: &nextID)
        var progress = true
        while progress {
            progress = false
            for candidate in Self.smallerBatches(current) {
                guard let new = applying(candidate, nextID: &nextID), fails(candidate, new) else { continue }
                current = candidate
                currentModel = new
                progress = true
                break
            }
        }
        return (current, currentModel)
    }

    /// Swift that builds this model's sections, for a failure message.
    package var swiftLiteral: String { "[" + sections.map { "\($0.items)" }.joined(separator: ", ") + "]" }
}
