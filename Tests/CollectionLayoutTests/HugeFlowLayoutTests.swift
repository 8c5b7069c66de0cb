import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// A uniform flow layout of a billion items and more (content past GTK's 32 bits, up to 1e15
/// px): prepared without storing anything per item, its frames exact to the pixel at the end,
/// its rectangle queries finding exactly the items there; an update to such a section maps
/// paths without walking its items.
@Suite @MainActor
struct HugeFlowLayoutTests {
    /// 200x50 items, four a line in 800 px, `count` of them, scrolling either way.
    static func layout(count: Int, direction: ScrollDirection = .vertical) -> FlowLayout {
        let layout = FlowLayout()
        layout.scrollDirection = direction
        layout.itemSize = direction == .vertical ? Size(width: 200, height: 50) : Size(width: 50, height: 200)
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        let bounds = direction == .vertical ? Rect(x: 0, y: 0, width: 800, height: 600) : Rect(x: 0, y: 0, width: 600, height: 800)
        return prepared(layout, in: FakeHost(counts: [count], bounds: bounds))
    }

    @Test(arguments: [1_000_000_000, 100_000_000_000 + 3, 80_000_000_000_000 - 1])
    func framesAtTheEndAreExact(count: Int) {
        for direction in [ScrollDirection.vertical, .horizontal] {
            let layout = Self.layout(count: count, direction: direction)
            let lines = (count + 3) / 4
            let extent = Double(lines) * 50
            let size = layout.collectionViewContentSize
            #expect((direction == .vertical ? size.height : size.width) == extent)
            let last = IndexPath(item: count - 1, section: 0)
            let frame = layout.layoutAttributesForItem(at: last)!.frame
            let column = Double((count - 1) % 4) * 200
            let expected = direction == .vertical ? Rect(x: column, y: extent - 50, width: 200, height: 50)
                : Rect(x: extent - 50, y: column, width: 50, height: 200)
            #expect(frame == expected, "\(direction) \(count)")
            // The last viewport: exactly the items of its lines, in order.
            let viewport = direction == .vertical ? Rect(x: 0, y: extent - 600, width: 800, height: 600)
                : Rect(x: extent - 600, y: 0, width: 600, height: 800)
            let found = layout.layoutAttributesForElements(in: viewport).map(\.indexPath.item).sorted()
            let firstShown = (lines - 12) * 4
            #expect(found == Array(firstShown..<count), "\(direction) \(count)")
        }
    }

    /// The fastest of a few runs of `body`: what it costs with the least interference from
    /// the rest of the machine. Only ever compared with another measured in the same run.
    static func fastest(of rounds: Int = 5, _ body: () throws -> Void) rethrows -> Duration {
        let clock = ContinuousClock()
        var best = Duration.seconds(1_000)
        for _ in 0..<rounds { best = min(best, try clock.measure(body)) }
        return best
    }

    /// How many times longer than a thousand items a billion may take: a walk over the items
    /// would take a million times longer; this leaves room for a noisy machine.
    static let allowedRatio = 10.0

    /// Preparing does not depend on the item count: a billion items keep what a thousand keep
    /// and prepare about as fast, compared in the same run.
    @Test func preparingIsIndependentOfTheCount() {
        #expect(Self.layout(count: 1_000_000_000).preparedStorageByteCount == Self.layout(count: 1_000).preparedStorageByteCount,
                "nothing kept per item")
        let thousand = Self.fastest { for _ in 0..<20 { _ = Self.layout(count: 1_000) } }
        let billion = Self.fastest { for _ in 0..<20 { _ = Self.layout(count: 1_000_000_000) } }
        #expect(billion / thousand < Self.allowedRatio, "20 prepares: \(billion) for a billion items, \(thousand) for a thousand")
    }

    /// Inserting at the end of a billion-item section and deleting near its start: the map
    /// answers for paths anywhere in it (built from the changes, not the items).
    @Test func updatesOfABillionItemSectionMapWithoutWalkingIt() throws {
        var update = BatchUpdate()
        update.insertedItems = [IndexPath(item: 1_000_000_000 - 1, section: 0)]
        update.deletedItems = [IndexPath(item: 5, section: 0)]
        var small = BatchUpdate()
        small.insertedItems = [IndexPath(item: 1_000 - 1, section: 0)]
        small.deletedItems = [IndexPath(item: 5, section: 0)]
        var map: UpdateIndexMap?
        let thousand = try Self.fastest { for _ in 0..<20 { _ = try UpdateIndexMap(oldCounts: [1_000], newCounts: [1_000], update: small) } }
        let billion = try Self.fastest {
            for _ in 0..<20 { map = try UpdateIndexMap(oldCounts: [1_000_000_000], newCounts: [1_000_000_000], update: update) }
        }
        #expect(billion / thousand < Self.allowedRatio, "20 maps: \(billion) for a billion items, \(thousand) for a thousand")
        #expect(map?.newIndexPath(forOld: IndexPath(item: 999_999_999, section: 0)) == IndexPath(item: 999_999_998, section: 0))
        #expect(map?.newIndexPath(forOld: IndexPath(item: 5, section: 0)) == nil)
        #expect(map?.oldIndexPath(forNew: IndexPath(item: 999_999_999, section: 0)) == nil)
        #expect(map?.oldIndexPath(forNew: IndexPath(item: 500_000_000, section: 0)) == IndexPath(item: 500_000_001, section: 0))
    }
}
