import FoundationEssentials

/// The item changes of a snapshot diff.
///
/// The diff runs on the data source's identifier types, which it does not know: called from
/// another module (the view's data source is generic too) nothing specializes it, and every
/// hash, comparison and copy of an identifier goes through the type's witness table. So it
/// hashes as little as it can. Each diffed section is walked against its new self: an item at
/// the same place on both sides (the same identifier) stays there, which one equality check
/// shows; only where the two lists differ are identifiers looked up, one for the old item (where
/// does it go?) and one for the new (where does it come from?). A change of 1% of the items
/// costs a few percent of the lookups; a full shuffle about one per item.
extension SnapshotDiff {
    /// What the item diff found besides the changes it adds to the batch.
    struct ItemResult {
        var reconfigured: [IndexPath] = []
        var moved = 0
        var crossSection = 0
    }

    /// An old item not placed yet (in `diffItems`' landing list).
    static let unresolved = -1
    /// An old item that goes: deleted, or in a new section whose items are not diffed.
    static let gone = -2
    /// Where a new item comes from, once the walk knows.
    static let unknown: UInt8 = 0, arrives: UInt8 = 1, inserted: UInt8 = 2

    /// Adds the item changes of the diffed sections to `update` (the items of deleted,
    /// inserted and reloaded sections change with their section and are not listed). The lists
    /// it adds come out sorted: deletes, reloads and moves by their old index path, inserts by
    /// their new one.
    ///
    /// - Complexity: O(n log n) for n items in the diffed sections, with an identifier lookup
    ///   only for the items that are not where the walk expects them.
    // Prepared for the usual identifier types: a call with any of these, even from generic
    // code, runs a copy compiled for them (a type check at the top of this one dispatches),
    // where hashing and comparing are direct. Any other types take the generic path.
    @_specialize(where SectionID == Int, ItemID == Int)
    @_specialize(where SectionID == Int, ItemID == String)
    @_specialize(where SectionID == Int, ItemID == UUID)
    @_specialize(where SectionID == String, ItemID == Int)
    @_specialize(where SectionID == String, ItemID == String)
    @_specialize(where SectionID == String, ItemID == UUID)
    static func diffItems<SectionID, ItemID>(_ old: DiffableSnapshot<SectionID, ItemID>, _ new: DiffableSnapshot<SectionID, ItemID>,
                                             _ sections: DiffedSections, _ update: inout BatchUpdate) -> ItemResult {
        var result = ItemResult()
        /// The diffed new section an old item lands in, and its index there; nil when it goes.
        /// `guess` is the section it most likely lands in: an equality check spares a hash.
        func landing(_ id: ItemID, guess: Int? = nil) -> (section: Int, index: Int)? {
            guard let place = new.itemPlace[id] else { return nil }
            let t: Int
            if let guess, new.sections[guess] == place.section {
                t = guess
            } else {
                guard let index = new.sectionIndex[place.section] else { return nil }
                t = index
            }
            return sections.oldOfNew[t] == nil ? nil : (t, place.index)
        }
        /// The diffed old section a new item comes from, and its index there; nil when it is
        /// inserted.
        func source(_ id: ItemID, guess: Int? = nil) -> (section: Int, index: Int)? {
            guard let place = old.itemPlace[id] else { return nil }
            let s: Int
            if let guess, old.sections[guess] == place.section {
                s = guess
            } else {
                guard let index = old.sectionIndex[place.section] else { return nil }
                s = index
            }
            return sections.newOfOld[s] == nil ? nil : (s, place.index)
        }

        // Where each section starts among all items: the walk's lists are flat.
        var oldStart = [0], newStart = [0]
        for list in old.items { oldStart.append(oldStart[oldStart.count - 1] + list.count) }
        for list in new.items { newStart.append(newStart[newStart.count - 1] + list.count) }
        /// The new section that holds flat new position `p`.
        func newSection(at p: Int) -> Int {
            var low = 0, high = new.items.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if newStart[mid] <= p { low = mid } else { high = mid - 1 }
            }
            return low
        }

        // 1. Where everything goes: walk each diffed section against its new self. `to` holds,
        //    per old item, its flat new position (or `unresolved` or `gone`); `from`, per new
        //    item, whether it arrives from a diffed old section or is inserted.
        var to = [Int](repeating: unresolved, count: oldStart[oldStart.count - 1])
        var from = [UInt8](repeating: unknown, count: newStart[newStart.count - 1])
        to.withUnsafeMutableBufferPointer { to in
            from.withUnsafeMutableBufferPointer { from in
                for (s, target) in sections.newOfOld.enumerated() {
                    guard let t = target else { continue }
                    let a = old.items[s], b = new.items[t]
                    let ao = oldStart[s], bo = newStart[t]
                    var i = 0, j = 0
                    while true {
                        while i < a.count && to[ao + i] != unresolved { i += 1 }
                        while j < b.count && from[bo + j] != unknown { j += 1 }
                        guard i < a.count && j < b.count else { break }
                        if a[i] == b[j] {
                            to[ao + i] = bo + j
                            from[bo + j] = arrives
                            continue
                        }
                        // Something changed here: where the old item goes, and where the new one
                        // is from.
                        if let there = landing(a[i], guess: t) {
                            to[ao + i] = newStart[there.section] + there.index
                            from[newStart[there.section] + there.index] = arrives
                        } else {
                            to[ao + i] = gone
                        }
                        if let here = source(b[j], guess: s) {
                            to[oldStart[here.section] + here.index] = bo + j
                            from[bo + j] = arrives
                        } else {
                            from[bo + j] = inserted
                        }
                    }
                    while i < a.count {
                        if to[ao + i] == unresolved {
                            if let there = landing(a[i], guess: t) {
                                to[ao + i] = newStart[there.section] + there.index
                                from[newStart[there.section] + there.index] = arrives
                            } else {
                                to[ao + i] = gone
                            }
                        }
                        i += 1
                    }
                }
            }
        }
        // Every old item of a diffed section is placed now, so every new item that comes from
        // one is marked: the ones still unknown are inserted.

        // The old items the new snapshot reloads (`reloadedItems`), by flat old position.
        var reloaded: [Bool] = []
        for id in new.reloadedItems.elements {
            guard let here = source(id) else { continue }
            if reloaded.isEmpty { reloaded = [Bool](repeating: false, count: to.count) }
            reloaded[oldStart[here.section] + here.index] = true
        }

        // 2. The changes, in old order: deletes, moves (a reloaded one is a delete here and an
        //    insert at its new place) and reloads in place. Items that stay in their section
        //    move unless they are in one longest increasing run of their new indexes.
        var reinserted = Set<IndexPath>()  // the new places of reloaded items that moved
        for (s, target) in sections.newOfOld.enumerated() {
            guard let t = target else { continue }
            let ao = oldStart[s], bo = newStart[t], count = old.items[s].count
            let ownRange = bo..<newStart[t + 1]
            var staying: [Int] = []
            staying.reserveCapacity(count)
            for i in 0..<count where ownRange.contains(to[ao + i]) { staying.append(to[ao + i] - bo) }
            let inPlace = longestIncreasingSubsequence(staying)
            var k = 0  // position in `staying`
            for i in 0..<count {
                // (Index paths only for changes: making one allocates.)
                let p = to[ao + i]
                if p == gone {
                    update.deletedItems.append(IndexPath(item: i, section: s))
                    continue
                }
                let isReloaded = !reloaded.isEmpty && reloaded[ao + i]
                if ownRange.contains(p) {
                    defer { k += 1 }
                    if inPlace[k] {
                        if isReloaded { update.reloadedItems.append(IndexPath(item: i, section: s)) }
                        continue
                    }
                } else {
                    result.crossSection += 1
                }
                result.moved += 1
                let u = ownRange.contains(p) ? t : newSection(at: p)
                let destination = IndexPath(item: p - newStart[u], section: u)
                if isReloaded {  // a new view at the new place
                    update.deletedItems.append(IndexPath(item: i, section: s))
                    reinserted.insert(destination)
                } else {
                    update.movedItems.append((IndexPath(item: i, section: s), destination))
                }
            }
        }
        // Inserts, in new order: the new items that arrive from no diffed section, and the
        // reloaded items that moved.
        for t in new.items.indices where sections.oldOfNew[t] != nil {
            for j in 0..<(newStart[t + 1] - newStart[t]) {
                if from[newStart[t] + j] != arrives || (!reinserted.isEmpty && reinserted.contains(IndexPath(item: j, section: t))) {
                    update.insertedItems.append(IndexPath(item: j, section: t))
                }
            }
        }

        for id in new.reconfiguredItems.elements where !new.reloadedItems.contains(id) && source(id) != nil {
            if let there = landing(id) { result.reconfigured.append(IndexPath(item: there.index, section: there.section)) }
        }
        return result
    }
}
