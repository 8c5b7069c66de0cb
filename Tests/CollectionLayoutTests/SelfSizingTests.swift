import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// Self-sizing in the flow layout, computed by hand: two sections of 10 items estimated 100x50
/// in a 400-wide view, no spacing between items (four a line: lines of 4, 4, 2), 10 between
/// lines, a 40-high header. Section 0: header 0..<40, lines at 40, 100, 160, end 210.
/// Section 1: header 210..<250, lines at 250, 310, 370, end 420.
@MainActor
struct SelfSizingTests {
    func layout(at y: Double = 0, counts: [Int] = [10, 10], direction: ScrollDirection = .vertical) -> (FlowLayout, FakeHost) {
        let host = FakeHost(counts: counts, bounds: Rect(x: 0, y: y, width: 400, height: 300))
        let flow = FlowLayout()
        flow.scrollDirection = direction
        flow.estimatedItemSize = Size(width: 100, height: 50)
        flow.minimumInteritemSpacing = 0
        flow.minimumLineSpacing = 10
        flow.headerReferenceSize = Size(width: 40, height: 40)
        return (prepared(flow, in: host), host)
    }

    /// What the view does when a view measured itself: asks, and invalidates with the context.
    @discardableResult
    func measure(_ flow: FlowLayout, _ attributes: LayoutAttributes?, height: Double) -> InvalidationContext? {
        guard let original = attributes else {
            Issue.record("no attributes")
            return nil
        }
        let preferred = original.copy()
        preferred.frame.size.height = height
        guard flow.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original) else { return nil }
        let context = flow.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        flow.invalidateLayout(with: context)
        flow.prepareIfNeeded()
        return context
    }

    func item(_ flow: FlowLayout, _ item: Int, _ section: Int) -> Rect? {
        flow.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    func header(_ flow: FlowLayout, _ section: Int) -> LayoutAttributes? {
        flow.layoutAttributesForSupplementaryView(ofKind: FlowLayout.elementKindSectionHeader, at: IndexPath(item: 0, section: section))
    }

    @Test func estimatesPlaceItemsBeforeAnyMeasurement() {
        let (flow, host) = layout()
        defer { _ = host }  // the layout holds its host weakly
        #expect(flow.selfSizingAxis == .vertical)
        #expect(item(flow, 5, 0) == Rect(x: 100, y: 100, width: 100, height: 50))
        #expect(item(flow, 0, 1) == Rect(x: 0, y: 250, width: 100, height: 50))
        #expect(flow.collectionViewContentSize == Size(width: 400, height: 420))
    }

    @Test func automaticSizeTakesTheItemSizeAsTheEstimate() {
        let host = FakeHost(counts: [3], bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let flow = FlowLayout()
        flow.itemSize = Size(width: 120, height: 70)
        flow.estimatedItemSize = FlowLayout.automaticSize
        _ = prepared(flow, in: host)
        #expect(flow.isSelfSizing)
        #expect(item(flow, 1, 0)?.size == Size(width: 120, height: 70))
    }

    @Test func aGrownItemThickensItsLineAndMovesWhatFollows() throws {
        let (flow, host) = layout()
        defer { _ = host }  // the layout holds its host weakly
        let context = try #require(measure(flow, flow.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)), height: 80))
        #expect(context.invalidatedItemIndexPaths == [IndexPath(item: 1, section: 0)])
        #expect(context.contentSizeAdjustment == Size(width: 0, height: 30))
        #expect(context.contentOffsetAdjustment == .zero)  // the line starts inside the visible bounds
        #expect(context.invalidatedRect?.minY == 40)
        #expect(item(flow, 1, 0) == Rect(x: 100, y: 40, width: 100, height: 80))
        #expect(item(flow, 0, 0) == Rect(x: 0, y: 55, width: 100, height: 50))  // centred in the thicker line
        #expect(item(flow, 5, 0) == Rect(x: 100, y: 130, width: 100, height: 50))
        #expect(header(flow, 1)?.frame == Rect(x: 0, y: 240, width: 400, height: 40))
        #expect(item(flow, 0, 1) == Rect(x: 0, y: 280, width: 100, height: 50))
        #expect(flow.collectionViewContentSize == Size(width: 400, height: 450))
        // The rectangle query agrees with the per-item answers.
        let inLine = flow.layoutAttributesForElements(in: Rect(x: 0, y: 125, width: 400, height: 10)).map(\.indexPath)
        #expect(inLine == (4..<8).map { IndexPath(item: $0, section: 0) })
    }

    @Test func aLineShrinksOnlyWhenAllItsItemsAreSmaller() {
        let (flow, host) = layout()
        defer { _ = host }  // the layout holds its host weakly
        for i in 0..<3 { measure(flow, flow.layoutAttributesForItem(at: IndexPath(item: i, section: 0)), height: 30) }
        #expect(item(flow, 4, 0)?.minY == 100)  // item 3 still has the estimate, 50
        let context = measure(flow, flow.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)), height: 20)
        #expect(context?.contentSizeAdjustment == Size(width: 0, height: -20))
        #expect(item(flow, 4, 0)?.minY == 80)  // the line is 30 thick now
        #expect(item(flow, 3, 0) == Rect(x: 300, y: 45, width: 100, height: 20))
    }

    @Test func aLineAboveTheVisibleBoundsMovesTheContentOffsetWithIt() {
        let (flow, host) = layout(at: 300)
        defer { _ = host }  // the layout holds its host weakly
        let context = measure(flow, flow.layoutAttributesForItem(at: IndexPath(item: 9, section: 0)), height: 70)
        #expect(context?.contentOffsetAdjustment == Point(x: 0, y: 20))  // line 2 starts at 160, above 300
        #expect(item(flow, 0, 1)?.minY == 270)
        // A measurement inside the bounds moves nothing the user looks at above it.
        let below = measure(flow, flow.layoutAttributesForItem(at: IndexPath(item: 4, section: 1)), height: 90)  // its line starts at 330
        #expect(below?.contentOffsetAdjustment == .zero)
    }

    @Test func theSameExtentAsNowDoesNotInvalidate() {
        let (flow, host) = layout()
        defer { _ = host }  // the layout holds its host weakly
        #expect(measure(flow, flow.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)), height: 50) == nil)
        measure(flow, flow.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)), height: 64)
        #expect(measure(flow, flow.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)), height: 64) == nil)
    }

    @Test func headersAndFootersSizeThemselves() {
        let (flow, host) = layout()
        flow.footerReferenceSize = Size(width: 20, height: 20)
        flow.prepareIfNeeded()
        let context = measure(flow, header(flow, 1), height: 70)
        #expect(context?.invalidatedSupplementaryIndexPaths?[FlowLayout.elementKindSectionHeader] == [IndexPath(item: 0, section: 1)])
        #expect(header(flow, 1)?.frame == Rect(x: 0, y: 230, width: 400, height: 70))
        #expect(item(flow, 0, 1)?.minY == 300)
        let footer = flow.layoutAttributesForSupplementaryView(ofKind: FlowLayout.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))
        measure(flow, footer, height: 35)
        #expect(header(flow, 1)?.frame.minY == 245)
        #expect(flow.collectionViewContentSize.height == 230 + 70 + 170 + 20 + 15)
        _ = host
    }

    @Test func measurementsOutliveAFullInvalidationButNotAWidthChange() {
        let (flow, host) = layout()
        measure(flow, flow.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)), height: 80)
        flow.invalidateLayout()
        flow.prepareIfNeeded()
        #expect(item(flow, 5, 0)?.minY == 130)
        host.bounds.size.width = 300  // three a line now, and the texts wrap differently
        #expect(flow.shouldInvalidateLayout(forBoundsChange: host.bounds))
        flow.invalidateLayout(with: flow.invalidationContext(forBoundsChange: host.bounds))
        flow.prepareIfNeeded()
        #expect(item(flow, 1, 0) == Rect(x: 100, y: 40, width: 100, height: 50))
        #expect(item(flow, 3, 0)?.minY == 100)
    }

    @Test func measurementsFollowTheirItemsThroughAnUpdate() {
        let (flow, host) = layout()
        measure(flow, flow.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)), height: 80)
        measure(flow, flow.layoutAttributesForItem(at: IndexPath(item: 4, section: 0)), height: 66)
        var update = BatchUpdate()
        update.insertedItems = [IndexPath(item: 0, section: 0)]
        update.reloadedItems = [IndexPath(item: 4, section: 0)]
        host.counts = [11, 10]
        flow.prepare(forCollectionViewUpdates: update.updateItems)
        flow.invalidateLayout()
        flow.prepareIfNeeded()
        #expect(item(flow, 2, 0) == Rect(x: 200, y: 40, width: 100, height: 80))  // the measured item moved one on
        #expect(item(flow, 5, 0)?.height == 50)  // the reloaded one is measured again
        #expect(item(flow, 4, 0)?.minY == 130)
    }

    @Test func sidewaysScrollingMeasuresWidths() {
        let (flow, host) = layout(direction: .horizontal)
        defer { _ = host }
        #expect(flow.selfSizingAxis == .horizontal)
        let original = flow.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
        let preferred = original.copy()
        preferred.frame.size.width = 160
        #expect(flow.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
        let context = flow.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        #expect(context.contentSizeAdjustment == Size(width: 60, height: 0))
        flow.invalidateLayout(with: context)
        flow.prepareIfNeeded()
        #expect(item(flow, 0, 0)?.width == 160)
        #expect(item(flow, 6, 0)?.minX == 210.0)  // the next line (six 50-high items fit in 300)
    }

    @Test func fixedLayoutsDoNotSelfSize() {
        let flow = FlowLayout()
        #expect(flow.selfSizingAxis == nil)
        let a = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        let b = a.copy()
        b.frame.size.height = 99
        #expect(!flow.shouldInvalidateLayout(forPreferredLayoutAttributes: b, withOriginalAttributes: a))
        #expect(!CollectionViewLayout().shouldInvalidateLayout(forPreferredLayoutAttributes: b, withOriginalAttributes: a))
    }

    /// A million estimated items: measurements far down land where arithmetic says, and the
    /// rectangle query finds them by the running sums.
    @Test func aMillionItemsMeasuredHereAndThere() {
        let (flow, host) = layout(counts: [1_000_000])
        var grown = 0.0
        for line in stride(from: 0, to: 250_000, by: 1_000) {
            measure(flow, flow.layoutAttributesForItem(at: IndexPath(item: line * 4, section: 0)), height: 50 + Double(line % 7))
            grown += Double(line % 7)
        }
        // Line 200,000 starts after 200,000 lines of 60 and the growth of the measured lines before it.
        let before = stride(from: 0, to: 200_000, by: 1_000).reduce(0.0) { $0 + Double($1 % 7) }
        let y = 40 + 200_000 * 60.0 + before
        #expect(item(flow, 800_000, 0)?.minY == y)
        host.bounds = Rect(x: 0, y: y - 5, width: 400, height: 20)
        let found = flow.layoutAttributesForElements(in: host.bounds).map(\.indexPath.item)
        #expect(found.first == 800_000 - 4 || found.first == 800_000)
        #expect(found.contains(800_000))
        #expect(flow.collectionViewContentSize.height == 40 + 250_000 * 60 - 10 + grown)
    }
}

struct PrefixSumsTests {
    @Test func sumsAndSearchesAgreeWithAPlainScan() {
        var values = (0..<37).map { Double(($0 * 13) % 11) - 3 }
        var sums = PrefixSums(values)
        sums.add(5, at: 20)
        values[20] += 5
        for n in 0...37 { #expect(sums.sum(ofFirst: n) == values.prefix(n).reduce(0, +)) }
        #expect(sums.value(at: 20) == values[20])
        // Slots of base 10 plus the value: how many fit in a target, as a scan counts them.
        for target in stride(from: -5.0, through: 400, by: 7.5) {
            var k = 0, total = 0.0
            while k < values.count, total + 10 + values[k] <= target { total += 10 + values[k]; k += 1 }
            #expect(sums.count(fittingIn: target, base: 10) == k)
        }
        #expect(PrefixSums(count: 0).count(fittingIn: 100, base: 1) == 0)
    }
}
