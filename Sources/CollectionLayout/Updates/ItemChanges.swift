import FoundationEssentials

/// A batch's item changes grouped by section, as the conflict rule, the count rule and the index
/// map need them: per old section, the old indexes that leave it (deleted or moved out) and the
/// ones reloaded; per new section, the new indexes that arrive in it (inserted or moved in).
/// Each list is sorted by index; a move's entry names the other end of the move. Reloads move
/// nothing.
///
/// Only integers are sorted here: the batch's index paths are read once, never hashed, which
/// is what keeps a batch of a hundred thousand moves cheap.
///
/// - Complexity: O(c log c + s) for c item changes and s sections.
struct ItemChanges: Sendable {
    /// One end of an item change: the item's index in its section, and for a move the other
    /// end (`otherSection` is -1 for a delete or an insert).
    struct Entry: Sendable {
        var item: Int
        var otherSection: Int
        var otherItem: Int

        /// The other end of a move; nil for a delete or an insert.
        var other: IndexPath? { otherSection < 0 ? nil : IndexPath(item: otherItem, section: otherSection) }
    }

    /// Old section → its items deleted or moved out, by item.
    private(set) var removed: [[Entry]]
    /// New section → its items inserted or moved in, by item.
    private(set) var added: [[Entry]]
    /// Old section → its reloaded items, sorted.
    private(set) var reloaded: [[Int]]

    /// Reads `update`'s item paths for `oldSections` sections before the batch and
    /// `newSections` after it; the paths must already have two indexes and name sections in
    /// range (the shape rule).
    init(_ update: BatchUpdate, oldSections: Int, newSections: Int) {
        var removed = [[Entry]](repeating: [], count: oldSections)
        var added = [[Entry]](repeating: [], count: newSections)
        var reloaded = [[Int]](repeating: [], count: oldSections)
        for p in update.deletedItems { removed[p.section].append(Entry(item: p.item, otherSection: -1, otherItem: 0)) }
        for p in update.insertedItems { added[p.section].append(Entry(item: p.item, otherSection: -1, otherItem: 0)) }
        for p in update.reloadedItems { reloaded[p.section].append(p.item) }
        for m in update.movedItems {
            let from = (m.from.section, m.from.item), to = (m.to.section, m.to.item)
            removed[from.0].append(Entry(item: from.1, otherSection: to.0, otherItem: to.1))
            added[to.0].append(Entry(item: to.1, otherSection: from.0, otherItem: from.1))
        }
        for s in removed.indices { Self.sortByItem(&removed[s]) }
        for t in added.indices { Self.sortByItem(&added[t]) }
        for s in reloaded.indices where reloaded[s].count > 1 { reloaded[s].sort() }
        self.removed = removed
        self.added = added
        self.reloaded = reloaded
    }

    /// Sorts `entries` by item. Already sorted (a diff's lists are) costs one pass; when they
    /// are many for the range of items they span (a shuffle), each goes straight to its place
    /// in a table as long as that range, with no comparisons: O(m) for m entries either way.
    private static func sortByItem(_ entries: inout [Entry]) {
        guard entries.count > 1 else { return }
        var sorted = true, low = entries[0].item, high = low
        for k in 1..<entries.count {
            let item = entries[k].item
            if item <= entries[k - 1].item { sorted = false }
            low = min(low, item)
            high = max(high, item)
        }
        if sorted { return }
        let span = high - low + 1
        if span <= 8 * entries.count {
            var slot = [Int32](repeating: -1, count: span)
            var placed = true
            for (k, e) in entries.enumerated() {
                if slot[e.item - low] >= 0 { placed = false; break }  // a repeat: the sort below keeps both
                slot[e.item - low] = Int32(truncatingIfNeeded: k)
            }
            if placed {
                entries = slot.compactMap { $0 < 0 ? nil : entries[Int($0)] }
                return
            }
        }
        entries.sort { $0.item < $1.item }
    }

    /// Reads `update`, with as many sections as its item paths name.
    init(_ update: BatchUpdate) {
        let old = (update.deletedItems + update.reloadedItems + update.movedItems.map(\.from)).map(\.section).max() ?? -1
        let new = (update.insertedItems + update.movedItems.map(\.to)).map(\.section).max() ?? -1
        self.init(update, oldSections: old + 1, newSections: new + 1)
    }

    /// How many items leave old section `s`.
    func removedCount(old s: Int) -> Int { removed.indices.contains(s) ? removed[s].count : 0 }

    /// How many items arrive in new section `t`.
    func addedCount(new t: Int) -> Int { added.indices.contains(t) ? added[t].count : 0 }

    /// True when no old item takes part in two changes and no new item ends two: every list is
    /// free of repeats, and no reloaded item also leaves.
    ///
    /// - Complexity: O(c) for c item changes.
    var eachItemChangesOnce: Bool {
        func repeats(_ items: [Int]) -> Bool {
            var i = 1
            while i < items.count {
                if items[i] == items[i - 1] { return true }
                i += 1
            }
            return false
        }
        for list in removed where repeats(list.map(\.item)) { return false }
        for list in added where repeats(list.map(\.item)) { return false }
        for (s, list) in reloaded.enumerated() where !list.isEmpty {
            if repeats(list) { return false }
            // Both sorted: one merge finds an item both reloaded and leaving.
            let leaving = removed[s]
            var a = 0, b = 0
            while a < list.count && b < leaving.count {
                if list[a] == leaving[b].item { return false }
                if list[a] < leaving[b].item { a += 1 } else { b += 1 }
            }
        }
        return true
    }
}
