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

/// Each layout shown at its own content offset: a column scrolled far down and a row of pages
/// scrolled far right blend on screen.
@Suite @MainActor
struct TransitionLayoutOffsetTests {
    static let viewport = Size(width: 400, height: 300)

    /// A column of 100-point squares, 20 of them (only the first `count` shown).
    final class Column: CollectionViewLayout {
        let count: Int
        init(count: Int = 20) { self.count = count }
        override var collectionViewContentSize: Size { Size(width: 400, height: Double(count) * 100) }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
            guard indexPath.item < count else { return nil }
            let a = LayoutAttributes(forCellWith: indexPath)
            a.frame = Rect(x: 0, y: Double(indexPath.item) * 100, width: 100, height: 100)
            return a
        }
        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }.filter { $0.frame.intersects(rect) }
        }
    }

    /// One page of the viewport's size per item, in a row.
    final class Pages: CollectionViewLayout {
        override var collectionViewContentSize: Size { Size(width: 20 * viewport.width, height: viewport.height) }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
            guard indexPath.item < 20 else { return nil }
            let a = LayoutAttributes(forCellWith: indexPath)
            a.frame = Rect(x: Double(indexPath.item) * viewport.width, y: 0, width: viewport.width, height: viewport.height)
            return a
        }
        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            (0..<20).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }.filter { $0.frame.intersects(rect) }
        }
    }

    /// A transition from the column at y = 1200 to the pages at item 12's, with a host whose
    /// viewport follows the transition's offset (as the collection view's does).
    func make(_ a: CollectionViewLayout = Column(), _ b: CollectionViewLayout = Pages(),
              from: Point = Point(x: 0, y: 1200), to: Point = Point(x: 12 * viewport.width, y: 0)) -> (TransitionLayout, FakeHost) {
        let host = FakeHost(counts: [20], bounds: Rect(origin: from, size: Self.viewport))
        let t = TransitionLayout(currentLayout: a, nextLayout: b)
        t.currentContentOffset = from
        t.nextContentOffset = to
        _ = prepared(t, in: host)
        return (t, host)
    }

    func onScreen(_ frame: Rect, _ offset: Point) -> Rect { frame.offsetBy(dx: -offset.x, dy: -offset.y) }

    func blend(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(x: a.minX + (b.minX - a.minX) * t, y: a.minY + (b.minY - a.minY) * t,
             width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
    }

    /// Every item, at every step: on screen it is the blend of where each layout shows it on
    /// screen, and the offset is the blend of the two offsets, exactly each end's at 0 and 1.
    @Test(arguments: [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0])
    func blendsOnScreenFrames(progress: Double) {
        let (t, host) = make()
        t.transitionProgress = progress
        let offset = t.contentOffset
        #expect(abs(offset.x - 12 * Self.viewport.width * progress) < 1e-9 && abs(offset.y - 1200 * (1 - progress)) < 1e-9)
        if progress == 0 { #expect(offset == t.currentContentOffset) }
        if progress == 1 { #expect(offset == t.nextContentOffset) }
        host.bounds = Rect(origin: offset, size: Self.viewport)
        for item in 0..<20 {
            let p = IndexPath(item: item, section: 0)
            let a = onScreen(t.currentLayout.layoutAttributesForItem(at: p)!.frame, t.currentContentOffset)
            let b = onScreen(t.nextLayout.layoutAttributesForItem(at: p)!.frame, t.nextContentOffset)
            let got = onScreen(t.layoutAttributesForItem(at: p)!.frame, offset)
            #expect(nearlyEqual(got, blend(a, b, progress), tolerance: 1e-6), "item \(item) at \(progress)")
        }
        // The kept item: on screen at 0 where the column shows it, at 1 the whole viewport.
        let kept = onScreen(t.layoutAttributesForItem(at: IndexPath(item: 12, section: 0))!.frame, offset)
        if progress == 0 { #expect(kept == Rect(x: 0, y: 0, width: 100, height: 100)) }
        if progress == 1 { #expect(kept == Rect(origin: .zero, size: Self.viewport)) }
        // The content holds the viewport wherever it is.
        let size = t.collectionViewContentSize
        #expect(size.width >= offset.x + Self.viewport.width && size.height >= offset.y + Self.viewport.height)
    }

    /// At the ends the attributes are each layout's own, exactly: nothing jumps when the
    /// transition hands over to the layout it ends on.
    @Test func endsAreExact() {
        let (t, _) = make(from: Point(x: 0, y: 1234.567), to: Point(x: 4800.1, y: 0))
        for (progress, layout) in [(0.0, t.currentLayout), (1.0, t.nextLayout)] {
            t.transitionProgress = progress
            for item in 0..<20 {
                let p = IndexPath(item: item, section: 0)
                #expect(t.layoutAttributesForItem(at: p)!.frame == layout.layoutAttributesForItem(at: p)!.frame)
            }
        }
    }

    /// Rectangle queries find what the per-element queries place there, for rectangles swept
    /// over the transition's viewport at every step (the two layouts are asked far from it).
    @Test func rectQueriesFollowTheOffsets() {
        let (t, _) = make()
        for step in 0...8 {
            t.transitionProgress = Double(step) / 8
            let offset = t.contentOffset
            let all = (0..<20).compactMap { t.layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
            for dx in stride(from: -200.0, through: 200, by: 100) {
                for dy in stride(from: -150.0, through: 150, by: 150) {
                    let rect = Rect(x: offset.x + dx, y: offset.y + dy, width: Self.viewport.width, height: Self.viewport.height)
                    let got = Set(t.layoutAttributesForElements(in: rect).map(\.indexPath.item))
                    let want = Set(all.filter { $0.frame.intersects(rect) }.map(\.indexPath.item))
                    #expect(got == want, "progress \(Double(step) / 8), rect \(rect)")
                }
            }
            #expect(!t.layoutAttributesForElements(in: Rect(origin: offset, size: Self.viewport)).isEmpty, "the viewport is never empty")
        }
    }

    /// An element only one layout shows fades where it is on screen, carried with the viewport.
    @Test func fadingElementsStayOnScreen() {
        let (t, _) = make(Column(count: 20), Column(count: 5), from: Point(x: 0, y: 1200), to: Point(x: 0, y: 0))
        for progress in [0.0, 0.3, 0.6, 0.9] {
            t.transitionProgress = progress
            let got = t.layoutAttributesForItem(at: IndexPath(item: 13, section: 0))!
            #expect(nearlyEqual(onScreen(got.frame, t.contentOffset), Rect(x: 0, y: 100, width: 100, height: 100), tolerance: 1e-9))
            #expect(abs(got.alpha - (1 - progress)) < 1e-9)
        }
    }

    /// A subclass's hook gets each end as shown on screen, in the transition's coordinates.
    @Test func subclassHookSeesOnScreenAttributes() {
        final class Recording: TransitionLayout {
            var seen: [(Rect?, Rect?)] = []
            override func interpolatedAttributes(from: LayoutAttributes?, to: LayoutAttributes?, progress: Double) -> LayoutAttributes? {
                seen.append((from?.frame, to?.frame))
                return super.interpolatedAttributes(from: from, to: to, progress: progress)
            }
        }
        let host = FakeHost(counts: [20], bounds: Rect(origin: Point(x: 0, y: 1200), size: Self.viewport))
        let t = Recording(currentLayout: Column(), nextLayout: Pages())
        t.currentContentOffset = Point(x: 0, y: 1200)
        t.nextContentOffset = Point(x: 4800, y: 0)
        _ = prepared(t, in: host)
        t.transitionProgress = 0.5
        _ = t.layoutAttributesForItem(at: IndexPath(item: 12, section: 0))
        let offset = t.contentOffset
        let (from, to) = t.seen.last!
        #expect(onScreen(from!, offset) == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(onScreen(to!, offset) == Rect(origin: .zero, size: Self.viewport))
    }

    /// With no offsets (the default) the blend is of content coordinates, as before.
    @Test func noOffsetsBlendContentCoordinates() {
        let t = TransitionLayout(currentLayout: Column(), nextLayout: Pages())
        _ = prepared(t, in: FakeHost(counts: [20], bounds: Rect(origin: .zero, size: Self.viewport)))
        t.transitionProgress = 0.25
        #expect(t.contentOffset == .zero)
        let got = t.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))!.frame
        #expect(nearlyEqual(got, blend(Rect(x: 0, y: 300, width: 100, height: 100), Rect(x: 1200, y: 0, width: 400, height: 300), 0.25)))
    }
}
