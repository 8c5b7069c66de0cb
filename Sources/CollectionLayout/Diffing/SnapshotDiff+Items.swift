/// The item changes of a snapshot diff.
///
/// The diff runs on the data source's identifier types, which it does not know: called from
/// another module (the view's data source is generic too) nothing specializes it, and every
/// hash, comparison and copy of an identifier goes through the type's witness table. So it
/// hashes as little as it can. Each diffed section is walked against its new self: an item at
/// the same place on both sides (the same identifier) stays there, which one equality check
/// shows; only where the two lists differ are identifiers looked up, one for the old item (where
/// does it go?) and one for the new (where does it come from?). A change of 1% of the items
/// costs a few percent of the lookups; a full shuffle about two per item.
extension SnapshotDiff {
    /// What the item diff found besides the changes it adds to the batch.
    struct ItemResult {
        var reconfigured: [IndexPath] = []
        var moved = 0
        var crossSection = 0
    }

    /// Where the old items of the diffed sections land and where the new ones come from, as the
    /// walk works them out.
    struct ItemLandings {
        /// An old item not placed yet.
        static let unresolved = -1
        /// An old item that goes: deleted, or in a new section whose items are not diffed.
        static let gone = -2
        /// Per old section (empty for the sections not diffed): the new section of each item,
        /// or `unresolved` or `gone`.
        var section: [[Int]]
        /// Per old section: the new index of each item that lands.
        var index: [[Int]]
        /// Per new section (empty for the sections not diffed), per item: `unknown` until the
        /// walk knows, then `arrives` (from a diffed old section) or `inserted`.
        var origin: [[UInt8]]
        static let unknown: UInt8 = 0, arrives: UInt8 = 1, inserted: UInt8 = 2

        init(oldCounts: [Int], newCounts: [Int], _ sections: DiffedSections) {
            section = oldCounts.indices.map { sections.newOfOld[$0] == nil ? [] : Array(repeating: Self.unresolved, count: oldCounts[$0]) }
            index = oldCounts.indices.map { sections.newOfOld[$0] == nil ? [] : Array(repeating: 0, count: oldCounts[$0]) }
            origin = newCounts.indices.map { sections.oldOfNew[$0] == nil ? [] : Array(repeating: Self.unknown, count: newCounts[$0]) }
        }

        /// Old item `i` of section `s` lands at item `j` of new section `t`.
        mutating func land(_ s: Int, _ i: Int, at t: Int, _ j: Int) {
            section[s][i] = t
            index[s][i] = j
            origin[t][j] = Self.arrives
        }
    }

    /// Adds the item changes of the diffed sections to `update` (the items of deleted,
    /// inserted and reloaded sections change with their section and are not listed). The lists
    /// it adds come out sorted: deletes, reloads and moves by their old index path, inserts by
    /// their new one.
    ///
    /// - Complexity: O(n log n) for n items in the diffed sections, with an identifier lookup
    ///   only for the items that are not where the walk expects them.
    static func diffItems<SectionID, ItemID>(_ old: DiffableSnapshot<SectionID, ItemID>, _ new: DiffableSnapshot<SectionID, ItemID>,
                                             _ sections: DiffedSections, _ update: inout BatchUpdate) -> ItemResult {
        var result = ItemResult()
        /// The diffed new section an old item lands in, and its index there; nil when it goes.
        func landing(_ id: ItemID) -> (section: Int, index: Int)? {
            guard let place = new.itemPlace[id], let t = new.sectionIndex[place.section], sections.oldOfNew[t] != nil else { return nil }
            return (t, place.index)
        }
        /// The diffed old section a new item comes from, and its index there; nil when it is
        /// inserted.
        func source(_ id: ItemID) -> (section: Int, index: Int)? {
            guard let place = old.itemPlace[id], let s = old.sectionIndex[place.section], sections.newOfOld[s] != nil else { return nil }
            return (s, place.index)
        }

        // 1. Where everything goes: walk each diffed section against its new self.
        var landings = ItemLandings(oldCounts: old.items.map(\.count), newCounts: new.items.map(\.count), sections)
        for (s, target) in sections.newOfOld.enumerated() {
            guard let t = target else { continue }
            let a = old.items[s], b = new.items[t]
            var i = 0, j = 0
            while true {
                while i < a.count && landings.section[s][i] != ItemLandings.unresolved { i += 1 }
                while j < b.count && landings.origin[t][j] != ItemLandings.unknown { j += 1 }
                guard i < a.count && j < b.count else { break }
                if a[i] == b[j] {
                    landings.land(s, i, at: t, j)
                    continue
                }
                // Something changed here: where the old item goes, and where the new one is from.
                if let to = landing(a[i]) { landings.land(s, i, at: to.section, to.index) } else { landings.section[s][i] = ItemLandings.gone }
                if let from = source(b[j]) { landings.land(from.section, from.index, at: t, j) } else { landings.origin[t][j] = ItemLandings.inserted }
            }
            for k in i..<a.count where landings.section[s][k] == ItemLandings.unresolved {
                if let to = landing(a[k]) { landings.land(s, k, at: to.section, to.index) } else { landings.section[s][k] = ItemLandings.gone }
            }
        }
        // Every old item of a diffed section is placed now, so every new item that comes from
        // one is marked: the ones still unknown are inserted.

        // The old items the new snapshot reloads (`reloadedItems`), by old place.
        var reloaded = old.items.indices.map { sections.newOfOld[$0] == nil ? [] : [Bool](repeating: false, count: old.items[$0].count) }
        var anyReloaded = false
        for id in new.reloadedItems.elements {
            guard let from = source(id) else { continue }
            reloaded[from.section][from.index] = true
            anyReloaded = true
        }

        // 2. The changes, in old order: deletes, moves (a reloaded one is a delete here and an
        //    insert at its new place) and reloads in place. Items that stay in their section
        //    move unless they are in one longest increasing run of their new indexes.
        var reinserted = Set<IndexPath>()  // the new places of reloaded items that moved
        for (s, target) in sections.newOfOld.enumerated() {
            guard let t = target else { continue }
            let to = landings.section[s], at = landings.index[s]
            var staying: [Int] = []
            for i in to.indices where to[i] == t { staying.append(at[i]) }
            let inPlace = longestIncreasingSubsequence(staying)
            var k = 0  // position in `staying`
            for i in to.indices {
                // (Index paths only for changes: making one allocates.)
                if to[i] == ItemLandings.gone {
                    update.deletedItems.append(IndexPath(item: i, section: s))
                    continue
                }
                if to[i] == t {
                    defer { k += 1 }
                    if inPlace[k] {
                        if anyReloaded && reloaded[s][i] { update.reloadedItems.append(IndexPath(item: i, section: s)) }
                        continue
                    }
                } else {
                    result.crossSection += 1
                }
                result.moved += 1
                let from = IndexPath(item: i, section: s), destination = IndexPath(item: at[i], section: to[i])
                if anyReloaded && reloaded[s][i] {  // a new view at the new place
                    update.deletedItems.append(from)
                    reinserted.insert(destination)
                } else {
                    update.movedItems.append((from, destination))
                }
            }
        }
        // Inserts, in new order: the new items that arrive from no diffed section, and the
        // reloaded items that moved.
        for (t, origin) in landings.origin.enumerated() where sections.oldOfNew[t] != nil {
            for (j, o) in origin.enumerated() {
                if o != ItemLandings.arrives || (!reinserted.isEmpty && reinserted.contains(IndexPath(item: j, section: t))) {
                    update.insertedItems.append(IndexPath(item: j, section: t))
                }
            }
        }

        for id in new.reconfiguredItems.elements where !new.reloadedItems.contains(id) && source(id) != nil {
            if let to = landing(id) { result.reconfigured.append(IndexPath(item: to.index, section: to.section)) }
        }
        return result
    }
}
