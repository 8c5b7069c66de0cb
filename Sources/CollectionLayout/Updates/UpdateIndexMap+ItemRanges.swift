import FoundationEssentials

/// Where a range of an old section's items goes across a batch
/// (`UpdateIndexMap.newItemRanges(forOld:inSection:)`): the selection's ranges follow a batch
/// this way, without visiting the items that did not change.
public struct MappedItemRanges: Sendable, Equatable {
    /// The old section's number after the batch.
    public var section: Int
    /// Where the range's items that keep their place among the section's items go: sorted,
    /// disjoint, non-adjacent ranges of `section`'s new items. Split only where items arrive.
    public var ranges: [Range<Int>]
    /// Where the range's moved items go (to this section or another), in old item order.
    public var moved: [IndexPath]

    public init(section: Int, ranges: [Range<Int>], moved: [IndexPath]) {
        self.section = section
        self.ranges = ranges
        self.moved = moved
    }
}

extension UpdateIndexMap {
    /// Where the items of `range` of old section `section` are after the batch, as ranges: the
    /// same index paths as ``newIndexPath(forOld:)`` for each item, deleted items left out.
    /// Nil when the section was deleted or reloaded (or is out of range); the range is clipped
    /// to the section's old items.
    ///
    /// The items that are neither deleted nor moved stay in order and consecutive among the
    /// section's staying items (their ranks), so the range maps to one run of ranks, laid out
    /// over the new positions that no arriving item takes: the run splits only at arriving
    /// items.
    ///
    /// - Complexity: O(log² c + k) for c changes in the section and k of them inside the
    ///   range's old span and its new one: selecting all ten million items and deleting one
    ///   maps in O(log c), not O(10,000,000).
    public func newItemRanges(forOld range: Range<Int>, inSection section: Int) -> MappedItemRanges? {
        guard oldCounts.indices.contains(section), !isSectionReloaded(old: section),
              let t = newSection(forOld: section) else { return nil }
        let range = range.clamped(to: 0..<oldCounts[section])
        guard let changes = sectionChanges[section], !range.isEmpty else {
            return MappedItemRanges(section: t, ranges: range.isEmpty ? [] : [range], moved: [])
        }
        let removed = changes.removed, added = changes.added
        // The removed items inside the range: deleted ones go, moved ones go one by one.
        let low = removed.lowerBound(range.lowerBound), high = removed.lowerBound(range.upperBound)
        var moved: [IndexPath] = []
        for k in low..<high {
            if let other = changes.removedEntries[k].other { moved.append(other) }
        }
        // The staying items' ranks (their order among the section's staying items).
        let firstRank = range.lowerBound - low, endRank = range.upperBound - high
        var ranges: [Range<Int>] = []
        var left = endRank - firstRank
        if left > 0 {
            var start = added.unoccupied(rank: firstRank)  // never an arriving position
            var a = added.lowerBound(start)
            while true {
                // Up to the next arriving item; past the last one, the rest of the run.
                let length = a < added.count ? min(left, added.values[a] - start) : left
                if length > 0 {
                    ranges.append(start..<(start + length))
                    left -= length
                }
                guard left > 0 else { break }
                start = added.values[a] + 1
                a += 1
            }
        }
        return MappedItemRanges(section: t, ranges: ranges, moved: moved)
    }
}
