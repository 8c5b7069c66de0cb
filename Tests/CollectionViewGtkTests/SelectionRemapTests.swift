import XCTest
import CollectionLayout
@testable import CollectionViewGtk
import CollectionTestSupport

/// The selection's range remap against the per-item remap it replaced, on random models and
/// batches: the same selected items, focus and anchor. No window: `SelectionState` alone.
final class SelectionRemapTests: XCTestCase {
    /// Every selected item mapped on its own: the remap as it was before ranges.
    private func remapItemByItem(_ state: SelectionState, _ map: UpdateIndexMap) -> [IndexPath] {
        var paths: [IndexPath] = []
        for (section, ranges) in state.selected.sectionRanges {
            for range in ranges {
                for item in range {
                    if let path = map.newIndexPath(forOld: IndexPath(item: item, section: section)) { paths.append(path) }
                }
            }
        }
        return paths.sorted()
    }

    func testRangeRemapAgreesWithTheItemByItemRemap() throws {
        var itemsCompared = 0
        for seed in 0..<2_000 {
            var rng = SplitMix64(seed: UInt64(seed))
            var nextID = 0
            let model = BatchModel.random(&rng, nextID: &nextID, maxSections: 5, maxItems: 40)
            let (update, new) = model.randomBatch(&rng, nextID: &nextID)
            let map = try UpdateIndexMap(oldCounts: model.counts, newCounts: new.counts, update: update)
            var state = SelectionState()
            for (section, count) in model.counts.enumerated() where count > 0 {
                // A whole section, runs, single items, or nothing.
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: state.selected.insert(0..<count, inSection: section)
                case 1:
                    for _ in 0..<Int.random(in: 1...4, using: &rng) {
                        let a = Int.random(in: 0..<count, using: &rng), b = Int.random(in: a...count, using: &rng)
                        state.selected.insert(a..<b, inSection: section)
                    }
                case 2:
                    for _ in 0..<Int.random(in: 1...6, using: &rng) {
                        state.selected.insert(IndexPath(item: Int.random(in: 0..<count, using: &rng), section: section))
                    }
                default: break
                }
                if state.focused == nil, Bool.random(using: &rng) { state.focused = IndexPath(item: Int.random(in: 0..<count, using: &rng), section: section) }
            }
            state.anchor = state.focused
            let expected = remapItemByItem(state, map)
            let focus = state.focused.flatMap { map.newIndexPath(forOld: $0) }
            itemsCompared += state.selected.count
            state.remap(map)
            XCTAssertEqual(state.selected.sorted, expected, "seed \(seed)")
            XCTAssertEqual(state.selected.count, expected.count, "seed \(seed): the count")
            XCTAssertEqual(state.focused, focus, "seed \(seed)")
            XCTAssertEqual(state.anchor, focus, "seed \(seed)")
            for (section, ranges) in state.selected.sectionRanges {
                for (a, b) in zip(ranges, ranges.dropFirst()) {
                    XCTAssertLessThan(a.upperBound, b.lowerBound, "seed \(seed): section \(section)'s ranges \(ranges) not merged")
                }
            }
        }
        XCTAssertGreaterThan(itemsCompared, 20_000)
    }

    /// Select-all on a section of ten million items and one delete: the remap keeps ranges
    /// (two here), and takes well under the time mapping ten million items one by one would.
    func testSelectAllOfTenMillionThenOneDeleteStaysRanges() throws {
        var update = BatchUpdate()
        update.deletedItems = [IndexPath(item: 3, section: 0)]
        let map = try UpdateIndexMap(oldCounts: [10_000_000, 5], newCounts: [9_999_999, 5], update: update)
        var state = SelectionState()
        state.selected.insert(0..<10_000_000, inSection: 0)
        state.selected.insert(1..<3, inSection: 1)
        let start = Date()
        state.remap(map)
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5, "O(ranges), not O(items)")
        XCTAssertEqual(state.selected.ranges(inSection: 0), [0..<9_999_999])
        XCTAssertEqual(state.selected.ranges(inSection: 1), [1..<3])
        XCTAssertEqual(state.selected.count, 10_000_001)
        XCTAssertEqual(state.selected.materializations, 0)
    }
}
