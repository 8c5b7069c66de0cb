/// The item changes of a snapshot diff.
extension SnapshotDiff {
    /// What the item diff found besides the changes it adds to the batch.
    struct ItemResult {
        var reconfigured: [IndexPath] = []
        var moved = 0
        var crossSection = 0
    }

    /// Adds the item changes of the diffed sections to `update` (the items of deleted,
    /// inserted and reloaded sections change with their section and are not listed).
    ///
    /// - Complexity: O(n log n) for n items in the diffed sections.
    static func diffItems<SectionID, ItemID>(_ old: DiffableSnapshot<SectionID, ItemID>, _ new: DiffableSnapshot<SectionID, ItemID>,
                                             _ sections: DiffedSections, _ update: inout BatchUpdate) -> ItemResult {
        var result = ItemResult()
        /// The diffed new section an old item lands in, and its index there; nil when it goes.
        func landing(_ id: ItemID) -> (section: Int, index: Int)? {
            guard let place = new.itemPlace[id], let t = new.sectionIndex[place.section], sections.oldOfNew[t] != nil else { return nil }
            return (t, place.index)
        }
        /// Whether a new item comes from a diffed old section (else it is inserted).
        func arrives(_ id: ItemID) -> Bool {
            guard let place = old.itemPlace[id], let s = old.sectionIndex[place.section] else { return false }
            return sections.newOfOld[s] != nil
        }
        func move(_ id: ItemID, _ from: IndexPath, _ to: IndexPath) {
            result.moved += 1
            if new.reloadedItems.contains(id) {  // a new view at the new place
                update.deletedItems.append(from)
                update.insertedItems.append(to)
            } else {
                update.movedItems.append((from, to))
            }
        }

        for (s, target) in sections.newOfOld.enumerated() {
            guard let t = target else { continue }
            // Items that stay in the section, in old order, with their new index.
            var staying: [(old: Int, new: Int)] = []
            for (i, id) in old.items[s].enumerated() {
                guard let to = landing(id) else {
                    update.deletedItems.append(IndexPath(item: i, section: s))
                    continue
                }
                if to.section == t {
                    staying.append((i, to.index))
                } else {
                    result.crossSection += 1
                    move(id, IndexPath(item: i, section: s), IndexPath(item: to.index, section: to.section))
                }
            }
            let inPlace = longestIncreasingSubsequence(staying.map(\.new))
            for (k, (i, j)) in staying.enumerated() {
                let id = old.items[s][i]
                if !inPlace[k] {
                    move(id, IndexPath(item: i, section: s), IndexPath(item: j, section: t))
                } else if new.reloadedItems.contains(id) {
                    update.reloadedItems.append(IndexPath(item: i, section: s))
                }
            }
            for (j, id) in new.items[t].enumerated() where !arrives(id) {
                update.insertedItems.append(IndexPath(item: j, section: t))
            }
        }

        for id in new.reconfiguredItems.elements where !new.reloadedItems.contains(id) && arrives(id) {
            if let to = landing(id) { result.reconfigured.append(IndexPath(item: to.index, section: to.section)) }
        }
        return result
    }
}
