import Testing
import CollectionLayout
import CollectionTestSupport

/// A small custom layout, written as an app would: one row of cells.
@MainActor
final class RowLayout: CollectionViewLayout {
    var prepareCount = 0
    var frames: [Rect] = []
    override func prepare() {
        prepareCount += 1
        let n = collectionView?.numberOfItems(inSection: 0) ?? 0
        frames = (0..<n).map { Rect(x: Double($0) * 100, y: 0, width: 90, height: 90) }
    }
    override var collectionViewContentSize: Size { Size(width: Double(frames.count) * 100, height: 90) }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard frames.indices.contains(indexPath.item) else { return nil }
        let a = LayoutAttributes(forCellWith: indexPath)
        a.frame = frames[indexPath.item]
        return a
    }
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        frames.indices.filter { frames[$0].intersects(rect) }.compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
    }
}

@Suite @MainActor
struct CollectionViewLayoutTests {
    @Test func invalidationIsAFlagAndOnePrepare() {
        let host = FakeHost(counts: [5], bounds: Rect(x: 0, y: 0, width: 300, height: 100))
        let layout = RowLayout()
        layout.collectionView = host
        #expect(layout.needsPrepare, "a new layout needs a pass")
        layout.invalidateLayout()
        layout.invalidateLayout()
        layout.invalidateLayout()
        #expect(host.invalidations == 3, "each call tells the host, which coalesces them")
        #expect(layout.prepareCount == 0, "invalidation does not prepare")
        layout.prepareIfNeeded()
        layout.prepareIfNeeded()
        #expect(layout.prepareCount == 1)
        #expect(!layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 50, y: 0, width: 300, height: 100)))
    }

    @Test func appearingDefaultsToFinalPlaceTransparent() {
        let host = FakeHost(counts: [5], bounds: Rect(x: 0, y: 0, width: 300, height: 100))
        let layout = prepared(RowLayout(), in: host)
        let initial = layout.initialLayoutAttributesForAppearingItem(at: IndexPath(item: 2, section: 0))
        #expect(initial?.frame == Rect(x: 200, y: 0, width: 90, height: 90))
        #expect(initial?.alpha == 0)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.alpha == 1, "a copy, not the layout's own")
    }

    @Test func disappearingDefaultsToOldPlaceTransparent() {
        let host = FakeHost(counts: [5], bounds: Rect(x: 0, y: 0, width: 300, height: 100))
        let layout = prepared(RowLayout(), in: host)
        #expect(layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(item: 4, section: 0)) == nil,
                "outside an update there is no old place")
        let old = LayoutAttributes(forCellWith: IndexPath(item: 4, section: 0))
        old.frame = Rect(x: 400, y: 0, width: 90, height: 90)
        layout.attributesBeforeUpdate = { $0 == .cell(IndexPath(item: 4, section: 0)) ? old : nil }
        let final = layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(item: 4, section: 0))
        #expect(final?.frame == old.frame && final?.alpha == 0 && old.alpha == 1)
        #expect(layout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: "h", at: IndexPath(item: 0, section: 0)) == nil)
    }

    /// The by-key appearing and disappearing queries call the method of the key's category,
    /// with its kind and index path.
    @Test func appearingAndDisappearingByKey() {
        let keys: [ElementKey] = [.cell(IndexPath(item: 1, section: 0)), .supplementary("header", IndexPath(item: 0, section: 2)),
                                  .decoration("band", IndexPath(index: 3))]
        let frames = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, Rect(x: Double($0) * 100, y: 0, width: 90, height: 90)) })
        let layout = KeyedLayout(frames)
        let before = Dictionary(uniqueKeysWithValues: keys.map { key in
            let a = LayoutAttributes(category: key.category, kind: key.kind, indexPath: key.indexPath)
            a.frame = frames[key]!.offsetBy(dx: 0, dy: 500)
            return (key, a)
        })
        layout.attributesBeforeUpdate = { before[$0] }
        for key in keys {
            let initial = layout.initialLayoutAttributesForAppearingElement(key)
            #expect(initial?.zIndex == KeyedLayout.initialMark[key.category] && initial?.elementKey == key, "\(key)")
            #expect(initial?.frame == frames[key] && initial?.alpha == 0)
            let final = layout.finalLayoutAttributesForDisappearingElement(key)
            #expect(final?.zIndex == KeyedLayout.finalMark[key.category] && final?.elementKey == key, "\(key)")
            #expect(final?.frame.minY == 500 && final?.alpha == 0)
        }
        let other = ElementKey.supplementary("footer", IndexPath(item: 0, section: 2))
        #expect(layout.initialLayoutAttributesForAppearingElement(other) == nil && layout.finalLayoutAttributesForDisappearingElement(other) == nil)
    }

    @Test func updateItemsNameSectionsOrItems() {
        let item = CollectionViewUpdateItem(action: .move, before: IndexPath(item: 1, section: 0), after: IndexPath(item: 3, section: 1))
        #expect(!item.isSectionUpdate && item.updateAction == .move)
        let section = CollectionViewUpdateItem(action: .insert, before: nil, after: IndexPath(index: 2))
        #expect(section.isSectionUpdate)
        #expect(section.description == "insert - -> [2]")
    }

    @Test func attributesByKeyAndDecorationRegistrations() {
        let layout = prepared(FlowLayout(), in: FakeHost(counts: [3], bounds: Rect(x: 0, y: 0, width: 320, height: 100)))
        #expect(layout.layoutAttributes(for: .cell(IndexPath(item: 1, section: 0)))?.frame.minX == 67.5)
        #expect(layout.layoutAttributes(for: .decoration("bg", IndexPath(index: 0))) == nil)
        layout.setDecorationRegistration("template", forKind: "bg")
        #expect(layout.decorationRegistrations["bg"] as? String == "template")
        layout.setDecorationRegistration(nil, forKind: "bg")
        #expect(layout.decorationRegistrations.isEmpty)
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 3, y: 4)) == Point(x: 3, y: 4))
    }
}
