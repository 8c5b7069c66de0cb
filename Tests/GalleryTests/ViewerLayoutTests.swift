import Testing
import CollectionLayout
@testable import gallery

/// The viewer's layout on its own (no display): pages and items both ways over every section
/// shape, the rectangle queries, paging offsets, a resize that keeps the page, mirroring, and
/// the page fraction a transition blends.
@Suite @MainActor
struct ViewerLayoutTests {
    /// Counts and a viewport, as the collection view answers them.
    private final class Host: CollectionViewLayoutHost {
        var counts: [Int]
        var bounds: Rect
        init(_ counts: [Int], _ bounds: Rect) { self.counts = counts; self.bounds = bounds }
        var numberOfSections: Int { counts.count }
        func numberOfItems(inSection section: Int) -> Int { counts[section] }
    }

    private func layout(_ counts: [Int], width: Double = 800, height: Double = 600, x: Double = 0) -> (ViewerLayout, Host) {
        let host = Host(counts, Rect(x: x, y: 0, width: width, height: height))
        let layout = ViewerLayout()
        layout.collectionView = host
        layout.invalidateLayout()
        layout.prepareIfNeeded()
        return (layout, host)
    }

    /// Every item of every section shape (empty sections included) has its own page, in
    /// order, and the page gives the item back.
    @Test func pagesAndItemsRoundTripForEverySectionShape() {
        let shapes: [[Int]] = [[], [0], [1], [5], [0, 0, 3], [3, 0, 0], [2, 0, 4, 0, 1], [1, 1, 1, 1], Array(repeating: 7, count: 30)]
        for counts in shapes {
            let (layout, _) = layout(counts)
            #expect(layout.pageCount == counts.reduce(0, +), "\(counts)")
            var page = 0
            for (section, count) in counts.enumerated() {
                for item in 0..<count {
                    let path = IndexPath(item: item, section: section)
                    #expect(layout.page(of: path) == page, "\(counts) \(path)")
                    #expect(layout.indexPath(forPage: page) == path, "\(counts) page \(page)")
                    #expect(layout.layoutAttributesForItem(at: path)?.frame == Rect(x: Double(page) * 800, y: 0, width: 800, height: 600))
                    page += 1
                }
                #expect(layout.page(of: IndexPath(item: count, section: section)) == nil)
            }
            #expect(layout.indexPath(forPage: page) == nil)
            #expect(layout.indexPath(forPage: -1) == nil)
            #expect(layout.page(of: IndexPath(item: 0, section: counts.count)) == nil)
            #expect(layout.collectionViewContentSize == Size(width: Double(page) * 800, height: 600))
        }
    }

    /// A rectangle gets exactly the pages it meets, whatever its position and width, and no
    /// headers, footers or decorations.
    @Test func rectangleQueriesReturnThePagesTheyMeet() {
        let (layout, _) = layout([3, 0, 4, 2])
        let frames = (0..<9).map { Rect(x: Double($0) * 800, y: 0, width: 800, height: 600) }
        for start in stride(from: -900.0, through: 8000, by: 170) {
            for width in [1.0, 400, 800, 1600, 2500] {
                let rect = Rect(x: start, y: 100, width: width, height: 50)
                let expected = frames.indices.filter { frames[$0].intersects(rect) }
                let got = layout.layoutAttributesForElements(in: rect)
                #expect(got.compactMap { layout.page(of: $0.indexPath) } == expected, "\(rect)")
                #expect(got.allSatisfy { $0.representedElementCategory == .cell }, "\(rect)")
            }
        }
        #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 700, width: 800, height: 10)).isEmpty)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 0)) == nil)
    }

    /// Offsets snap to the nearest page, within the pages.
    @Test func proposedOffsetsSnapToPages() {
        let (layout, _) = layout([5])
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 1190, y: 40)) == Point(x: 800, y: 0))
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 1210, y: 0)) == Point(x: 1600, y: 0))
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: -300, y: 0)) == .zero)
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 99_999, y: 0)) == Point(x: 3200, y: 0))
        #expect(layout.isOnPage(Point(x: 1600.2, y: 0)))
        #expect(!layout.isOnPage(Point(x: 1650, y: 0)))
    }

    /// A new viewport size invalidates, and the context moves the offset to the same page at
    /// the new width (the content resized first, so it is not clamped); a scroll does not
    /// invalidate.
    @Test func resizeKeepsThePageShown() {
        let (layout, host) = layout([4, 6], x: 2400)  // page 3
        #expect(!layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 3200, y: 0, width: 800, height: 600)))
        // A new height alone (a message under the photos) moves nothing: a plain invalidation.
        let shorter = Rect(x: 2400, y: 0, width: 800, height: 560)
        #expect(layout.shouldInvalidateLayout(forBoundsChange: shorter))
        #expect(layout.invalidationContext(forBoundsChange: shorter).invalidatesAll)
        let resized = Rect(x: 2400, y: 0, width: 1000, height: 700)
        #expect(layout.shouldInvalidateLayout(forBoundsChange: resized))
        let context = layout.invalidationContext(forBoundsChange: resized)
        #expect(!context.invalidatesAll)
        #expect(context.contentOffsetAdjustment == Point(x: 3000 - 2400, y: 0))
        #expect(context.contentSizeAdjustment == Size(width: 10 * 200, height: 100))
        // After the pass the page is where the adjusted offset shows it.
        host.bounds = Rect(x: 3000, y: 0, width: 1000, height: 700)
        layout.invalidateLayout(with: context)
        layout.prepareIfNeeded()
        #expect(layout.page(atOffset: host.bounds.origin) == 3)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame == Rect(x: 3000, y: 0, width: 1000, height: 700))
        #expect(layout.collectionViewContentSize == Size(width: 10_000, height: 700))
    }

    /// Right to left the view mirrors it (the first photo on the right); its attributes say
    /// they are pages, and a transition blends that from the tile's 0.
    @Test func mirroringAndThePageFractionATransitionBlends() {
        let (viewer, host) = layout([3])
        #expect(viewer.flipsHorizontallyInOppositeLayoutDirection)
        let page = viewer.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)) as? ViewerPageAttributes
        #expect(page?.pageFraction == 1)
        #expect(page.map { $0.copy() == $0 } == true)
        let grid = FlowLayout()
        grid.itemSize = Size(width: 100, height: 100)
        grid.collectionView = host
        let opening = ViewerTransitionLayout(currentLayout: grid, nextLayout: viewer)
        opening.collectionView = host
        opening.keptIndexPath = IndexPath(item: 1, section: 0)  // the photo that opens (the view sets it)
        opening.prepare()
        let closing = ViewerTransitionLayout(currentLayout: viewer, nextLayout: grid)
        closing.collectionView = host
        closing.keptIndexPath = IndexPath(item: 1, section: 0)
        closing.prepare()
        let gridFrame = grid.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame
        for progress in [0.0, 0.25, 0.5, 1] {
            opening.transitionProgress = progress
            closing.transitionProgress = progress
            let open = opening.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)) as? ViewerPageAttributes
            let close = closing.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)) as? ViewerPageAttributes
            #expect(abs((open?.pageFraction ?? -1) - progress) < 1e-9)
            #expect(abs((close?.pageFraction ?? -1) - (1 - progress)) < 1e-9)
            #expect(open?.zIndex == ViewerTransitionLayout.photoZIndex, "the photo grows over the rest")
            // Another item stays where the grid has it, a tile, under the photo.
            let other = opening.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))
            #expect(other?.frame == gridFrame)
            #expect((other as? ViewerPageAttributes)?.pageFraction ?? 0 == 0)
            #expect(closing.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == gridFrame)
        }
    }
}
