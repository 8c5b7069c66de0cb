import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// `UpdateIndexMap.newItemRanges(forOld:inSection:)` against the per-item map it stands for:
/// for random batches and random ranges, the ranges and moved items must name exactly the
/// index paths that mapping each item on its own names, as sorted, disjoint, non-adjacent
/// ranges. No display: the selection's remap is built on this.
@Suite struct UpdateIndexMapItemRangeTests {
    /// Random ranges covering part of `0..<count`: a whole section, nothing, or runs.
    static func randomRanges(count: Int, using rng: inout SplitMix64) -> [Range<Int>] {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return count > 0 ? [0..<count] : []
        case 1: return []
        default:
            var ranges: [Range<Int>] = [], start = Int.random(in: 0...max(0, count / 3), using: &rng)
            while start < count {
                let end = min(count, start + Int.random(in: 1...max(1, count / 2), using: &rng))
                ranges.append(start..<end)
                start = end + Int.random(in: 1...max(1, count / 4), using: &rng)
            }
            return ranges
        }
    }

    /// Checks every range of `selected` (per old section) both ways; returns how many items
    /// were compared.
    @discardableResult
    static func check(_ map: UpdateIndexMap, selected: [Int: [Range<Int>]], _ context: String) -> Int {
        var compared = 0
        for (section, ranges) in selected {
            for range in ranges {
                let expected = Set(range.compactMap { map.newIndexPath(forOld: IndexPath(item: $0, section: section)) })
                compared += range.count
                guard let mapped = map.newItemRanges(forOld: range, inSection: section) else {
                    #expect(expected.isEmpty, "\(context): section \(section) gone, but items map: \(expected.sorted())")
                    continue
                }
                #expect(mapped.section == map.newSection(forOld: section), "\(context)")
                var got: [IndexPath] = mapped.ranges.flatMap { r in r.map { IndexPath(item: $0, section: mapped.section) } }
                got += mapped.moved
                #expect(Set(got).count == got.count, "\(context): \(section):\(range) names an item twice")
                #expect(Set(got) == expected, "\(context): \(section):\(range) → \(mapped.ranges) + \(mapped.moved), expected \(expected.sorted())")
                for (a, b) in zip(mapped.ranges, mapped.ranges.dropFirst()) {
                    #expect(a.upperBound < b.lowerBound, "\(context): \(mapped.ranges) not sorted, disjoint, non-adjacent")
                }
                #expect(mapped.ranges.allSatisfy { !$0.isEmpty }, "\(context): an empty range")
            }
        }
        return compared
    }

    /// Thousands of random batches on random models (section inserts, deletes, moves and
    /// reloads; item deletes, inserts, moves and reloads), with random selections.
    @Test func randomBatchesOnRandomModels() throws {
        var compared = 0
        for seed in 0..<3_000 {
            var rng = SplitMix64(seed: UInt64(seed))
            var nextID = 0
            let model = BatchModel.random(&rng, nextID: &nextID, maxSections: 5, maxItems: 30)
            let (update, new) = model.randomBatch(&rng, nextID: &nextID)
            let map = try UpdateIndexMap(oldCounts: model.counts, newCounts: new.counts, update: update)
            var selected: [Int: [Range<Int>]] = [:]
            for (s, count) in model.counts.enumerated() { selected[s] = Self.randomRanges(count: count, using: &rng) }
            compared += Self.check(map, selected: selected, "seed \(seed)")
        }
        #expect(compared > 50_000)
    }

    /// Dense changes in one section of up to 300 items: many deletes, inserts and moves at
    /// once, so ranges split at many places; plus ranges past the section's end (clipped).
    @Test func denseChangesInOneSection() throws {
        for seed in 0..<1_500 {
            var rng = SplitMix64(seed: UInt64(10_000 + seed))
            let n = Int.random(in: 0...300, using: &rng)
            let rate = Int.random(in: 2...20, using: &rng)  // one change in `rate` items
            var update = BatchUpdate()
            var leaving: [Int] = []
            for i in 0..<n where Int.random(in: 0..<rate, using: &rng) == 0 {
                if Bool.random(using: &rng) { update.deletedItems.append(IndexPath(item: i, section: 0)) } else { leaving.append(i) }
            }
            let inserts = Int.random(in: 0...(n / rate + 2), using: &rng)
            let newCount = n - update.deletedItems.count + inserts
            var positions = Array(0..<newCount).shuffled(using: &rng)
            for from in leaving { update.movedItems.append((IndexPath(item: from, section: 0), IndexPath(item: positions.removeLast(), section: 0))) }
            for _ in 0..<inserts { update.insertedItems.append(IndexPath(item: positions.removeLast(), section: 0)) }
            let map = try UpdateIndexMap(oldCounts: [n], newCounts: [newCount], update: update)
            var ranges = Self.randomRanges(count: n, using: &rng)
            if n > 0, Bool.random(using: &rng) { ranges.append(n - 1..<n + 5) }
            Self.check(map, selected: [0: ranges], "seed \(10_000 + seed), \(n) items")
        }
    }

    /// Select-all on ten million items, one item deleted and one inserted at the end: one range,
    /// found without visiting the items; then an insert in the middle splits it in two.
    @Test func tenMillionItemsOneDelete() throws {
        var update = BatchUpdate()
        update.deletedItems = [IndexPath(item: 4_000_000, section: 0)]
        update.insertedItems = [IndexPath(item: 9_999_999, section: 0)]
        let map = try UpdateIndexMap(oldCounts: [10_000_000], newCounts: [10_000_000], update: update)
        let mapped = map.newItemRanges(forOld: 0..<10_000_000, inSection: 0)
        #expect(mapped == MappedItemRanges(section: 0, ranges: [0..<9_999_999], moved: []))
        update.insertedItems = [IndexPath(item: 5, section: 0)]
        let split = try UpdateIndexMap(oldCounts: [10_000_000], newCounts: [10_000_000], update: update)
        #expect(split.newItemRanges(forOld: 0..<10_000_000, inSection: 0)
                == MappedItemRanges(section: 0, ranges: [0..<5, 6..<10_000_000], moved: []))
    }
}
