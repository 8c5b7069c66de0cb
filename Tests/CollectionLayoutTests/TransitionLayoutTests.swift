import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// A layout that shows only the first `count` items of a row, to have elements only one side has.
@MainActor
final class CountingRow: CollectionViewLayout {
    var origin: Double, count: Int, prepares = 0
    init(origin: Double, count: Int) { self.origin = origin; self.count = count }
    override func prepare() { prepares += 1 }
    override var collectionViewContentSize: Size { Size(width: origin + Double(count) * 100, height: 100) }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.item < count else { return nil }
        let a = LayoutAttributes(forCellWith: indexPath)
        a.frame = Rect(x: origin + Double(indexPath.item) * 100, y: 0, width: 90, height: 90)
        a.zIndex = Int(origin)
        return a
    }
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }.filter { $0.frame.intersects(rect) }
    }
}

@Suite @MainActor
struct TransitionLayoutTests {
    func make(_ a: CollectionViewLayout, _ b: CollectionViewLayout) -> (TransitionLayout, FakeHost) {
        let host = FakeHost(counts: [10], bounds: Rect(x: 0, y: 0, width: 2000, height: 500))
        let t = TransitionLayout(currentLayout: a, nextLayout: b)
        _ = prepared(t, in: host)
        return (t, host)
    }

    @Test(arguments: [0.0, 0.25, 0.5, 0.75, 1.0])
    func blendsFramesAlphaAndContentSize(progress: Double) {
        let a = CountingRow(origin: 0, count: 3), b = CountingRow(origin: 1000, count: 5)
        let (t, _) = make(a, b)
        t.transitionProgress = progress
        t.prepareIfNeeded()
        let item0 = t.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
        #expect(abs(item0.frame.minX - 1000 * progress) < 1e-9)
        #expect(item0.alpha == 1 && item0.zIndex == 1000, "zIndex is the destination's")
        // Item 4 is only in the next layout: it fades in at its place there.
        let item4 = t.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))!
        #expect(item4.frame.minX == 1400 && abs(item4.alpha - progress) < 1e-9)
        #expect(abs(t.collectionViewContentSize.width - (300 + (1500 - 300) * progress)) < 1e-9)
    }

    /// Backwards: from b to a, an element only b has fades out.
    @Test func reverseDirectionFadesOut() {
        let (t, _) = make(CountingRow(origin: 1000, count: 5), CountingRow(origin: 0, count: 3))
        t.transitionProgress = 0.75
        let item4 = t.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))!
        #expect(abs(item4.alpha - 0.25) < 1e-9 && item4.frame.minX == 1400)
        let item1 = t.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!
        #expect(abs(item1.frame.minX - (1100 - 1000 * 0.75)) < 1e-9)
    }

    /// Rect queries return the elements whose blended frames meet the rectangle.
    @Test func rectQueryMatchesPerElementQueries() {
        let (t, _) = make(CountingRow(origin: 0, count: 10), CountingRow(origin: 500, count: 10))
        t.transitionProgress = 0.5
        let rect = Rect(x: 300, y: 0, width: 400, height: 100)
        let got = Set(t.layoutAttributesForElements(in: rect).map(\.indexPath.item))
        let all = (0..<10).compactMap { t.layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
        #expect(got == Set(all.filter { $0.frame.intersects(rect) }.map(\.indexPath.item)))
        #expect(got == [0, 1, 2, 3, 4], "at 250 + 100 i; item 2 passes through: outside the rectangle in both layouts")
    }

    @Test func progressClampsAndOnlyInvalidatesTheBlend() {
        let a = CountingRow(origin: 0, count: 3), b = CountingRow(origin: 1000, count: 5)
        let (t, host) = make(a, b)
        let prepares = (a.prepares, b.prepares), invalidations = host.invalidations
        t.transitionProgress = 1.7
        #expect(t.transitionProgress == 1)
        t.transitionProgress = -3
        #expect(t.transitionProgress == 0)
        #expect(host.invalidations == invalidations + 2)
        t.prepareIfNeeded()
        #expect(a.prepares == prepares.0 && b.prepares == prepares.1, "a progress change does not re-prepare the two layouts")
        t.invalidateLayout()
        t.prepareIfNeeded()
        #expect(a.prepares == prepares.0 + 1 && b.prepares == prepares.1 + 1)
    }

    @Test func animatedKeys() {
        let (t, _) = make(CountingRow(origin: 0, count: 1), CountingRow(origin: 0, count: 1))
        #expect(t.value(forAnimatedKey: "scale") == 0)
        t.updateValue(1.6, forAnimatedKey: "scale")
        t.updateValue(240, forAnimatedKey: "centerX")
        #expect(t.value(forAnimatedKey: "scale") == 1.6 && t.value(forAnimatedKey: "centerX") == 240)
    }

    /// Two flow layouts, say a grid and a list: at every step the blend lies between them.
    @Test func flowToFlow() {
        let grid = FlowLayout(), list = FlowLayout()
        list.itemSize = Size(width: 400, height: 60)
        let (t, _) = make(grid, list)
        for step in 0...4 {
            t.transitionProgress = Double(step) / 4
            let p = IndexPath(item: 7, section: 0)
            let from = grid.layoutAttributesForItem(at: p)!.frame, to = list.layoutAttributesForItem(at: p)!.frame
            let got = t.layoutAttributesForItem(at: p)!.frame
            let f = Double(step) / 4
            #expect(abs(got.minY - (from.minY + (to.minY - from.minY) * f)) < 1e-9 && abs(got.width - (from.width + (to.width - from.width) * f)) < 1e-9)
        }
    }
}
