import FoundationEssentials

/// Replacing rows of one section in place: how a data source lands an expand or collapse of a
/// section snapshot without diffing the section.
extension DiffableSnapshot {
    /// Removes the rows `removed` (ascending, disjoint, indices before) of the section at `s`,
    /// then inserts each of `inserted` (ascending by index after) at its index. The identifiers
    /// inserted must not be in the snapshot. Reindexes only from the first changed row on; with
    /// `deferringReindex`, not even those: they are marked in ``staleRows`` and
    /// ``reindexStaleRows()`` rewrites them when their places are needed.
    ///
    /// - Complexity: O(n + k + r) for n items in the section, k identifiers removed or inserted
    ///   and r rows after the first change (their places are rewritten); O(n + k) deferring, the
    ///   O(n) being one copy of the section's array.
    @_specialize(where SectionID == Int, ItemID == Int)
    @_specialize(where SectionID == Int, ItemID == String)
    @_specialize(where SectionID == Int, ItemID == UUID)
    @_specialize(where SectionID == String, ItemID == Int)
    @_specialize(where SectionID == String, ItemID == String)
    @_specialize(where SectionID == String, ItemID == UUID)
    package mutating func splice(inSectionAt s: Int, removing removed: [Range<Int>],
                                 inserting inserted: [(at: Int, items: [ItemID])], deferringReindex: Bool = false) {
        guard !removed.isEmpty || !inserted.isEmpty else { return }
        let first = min(removed.first?.lowerBound ?? .max, inserted.first?.at ?? .max)
        for range in removed {
            for id in items[s][range] { itemPlace[id] = nil }
        }
        var kept: [ItemID] = []
        kept.reserveCapacity(items[s].count)
        var next = 0
        for range in removed {
            kept += items[s][next..<range.lowerBound]
            next = range.upperBound
        }
        kept += items[s][next...]
        var list: [ItemID] = []
        list.reserveCapacity(kept.count + inserted.reduce(0) { $0 + $1.items.count })
        next = 0
        for (at, ids) in inserted {
            let take = at - list.count  // kept rows before this insertion
            list += kept[next..<next + take]
            next += take
            list += ids
        }
        list += kept[next...]
        items[s] = list
        if deferringReindex {
            // Only the new items are indexed (their places are right until the next change);
            // the rows from `first` on are marked out of date.
            let id = sections[s]
            for (at, ids) in inserted {
                for (offset, item) in ids.enumerated() { itemPlace[item] = Place(section: id, index: at + offset) }
            }
            staleRows[id] = min(staleRows[id] ?? .max, first)
        } else {
            reindexItems(inSection: s, from: first)
        }
        recount()
    }
}

extension DiffableSnapshot {
    /// Makes the section at `s`, which showed the visible items of a section snapshot, show
    /// those of `outline`, given the rows one expand or collapse took away or added
    /// (`change`): the inserted rows are the visible items below the item shown just before
    /// each, taken from `outline`, so nothing is listed or diffed but the rows that changed.
    ///
    /// - Complexity: O(n + k + r) as ``splice(inSectionAt:removing:inserting:)``, plus
    ///   O(k) to list the k inserted rows.
    @_specialize(where SectionID == Int, ItemID == Int)
    @_specialize(where SectionID == Int, ItemID == String)
    @_specialize(where SectionID == Int, ItemID == UUID)
    @_specialize(where SectionID == String, ItemID == Int)
    @_specialize(where SectionID == String, ItemID == String)
    @_specialize(where SectionID == String, ItemID == UUID)
    package mutating func apply(_ change: VisibleItemsChange, inSectionAt s: Int, showing outline: SectionSnapshot<ItemID>,
                                deferringReindex: Bool = false) {
        let rows = items[s]
        var inserted: [(at: Int, items: [ItemID])] = []
        var added = 0
        for range in change.inserted {
            // The rows come right below an item that was shown before, at the row before them.
            let parent = rows[range.lowerBound - 1 - added]
            let below = outline.visibleItems(below: parent)
            assert(below.count == range.count, "the rows below an expanded item are its visible descendants")
            inserted.append((range.lowerBound, below))
            added += range.count
        }
        splice(inSectionAt: s, removing: change.removed, inserting: inserted, deferringReindex: deferringReindex)
    }
}

extension DiffableSnapshot {
    /// Rewrites the places left out of date by deferred splices (``staleRows``).
    ///
    /// - Complexity: O(r) for r rows marked out of date; O(1) when none are.
    @_specialize(where SectionID == Int, ItemID == Int)
    @_specialize(where SectionID == String, ItemID == String)
    package mutating func reindexStaleRows() {
        guard !staleRows.isEmpty else { return }
        for (id, row) in staleRows {
            if let s = sectionIndex[id] { reindexItems(inSection: s, from: min(row, items[s].count)) }
        }
        staleRows = [:]
    }

    /// Whether `item`'s place is up to date (always, but for rows a deferred splice left out of
    /// date); true for an item the snapshot does not hold.
    ///
    /// - Complexity: O(1) expected.
    package func hasCurrentPlace(_ item: ItemID) -> Bool {
        guard !staleRows.isEmpty, let place = itemPlace[item], let stale = staleRows[place.section] else { return true }
        return place.index < stale
    }
}
