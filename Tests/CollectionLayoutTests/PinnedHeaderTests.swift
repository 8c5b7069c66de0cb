import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// Pinned headers and footers of the flow layout, computed by hand: three sections of 10
/// items 100x100 in a 400-wide view (four a line, three lines of 100 with 10 between), a
/// 40-high header and a 30-high footer each. Section s starts at 410 * s: header 0..<40,
/// lines 40..<360, footer 360..<390... (3 lines: 40 + 300 + 20 spacing = 360), so a section is
/// 40 + 320 + 30 = 390 high.
@MainActor
struct PinnedHeaderTests {
    static let sectionHeight = 390.0

    func layout(headers: Bool = true, footers: Bool = false, at y: Double, host: FakeHost? = nil) -> (FlowLayout, FakeHost) {
        let host = host ?? FakeHost(counts: [10, 10, 10], bounds: Rect(x: 0, y: y, width: 400, height: 300))
        let flow = FlowLayout()
        flow.itemSize = Size(width: 100, height: 100)
        flow.minimumInteritemSpacing = 0
        flow.minimumLineSpacing = 10
        flow.headerReferenceSize = Size(width: 0, height: 40)
        flow.footerReferenceSize = Size(width: 0, height: 30)
        flow.sectionHeadersPinToVisibleBounds = headers
        flow.sectionFootersPinToVisibleBounds = footers
        return (prepared(flow, in: host), host)
    }

    /// Scrolls the host and invalidates the layout as the view does.
    func scroll(_ flow: FlowLayout, _ host: FakeHost, to y: Double) -> InvalidationContext {
        let bounds = Rect(x: 0, y: y, width: 400, height: 300)
        #expect(flow.shouldInvalidateLayout(forBoundsChange: bounds))
        let context = flow.invalidationContext(forBoundsChange: bounds)
        host.bounds = bounds
        flow.invalidateLayout(with: context)
        flow.prepareIfNeeded()
        return context
    }

    func headerY(_ flow: FlowLayout, _ section: Int) -> Double? {
        flow.layoutAttributesForSupplementaryView(ofKind: FlowLayout.elementKindSectionHeader, at: IndexPath(item: 0, section: section))?.frame.minY
    }

    @Test func headersStickAndArePushedOffByTheNextSection() {
        let (flow, host) = layout(at: 0)
        #expect(flow.collectionViewContentSize.height == 3 * Self.sectionHeight)
        #expect(headerY(flow, 0) == 0)
        // 100 into section 0: its header sits at the top of the visible bounds.
        var context = scroll(flow, host, to: 100)
        #expect(!context.invalidatesAll)
        #expect(context.invalidatedItemIndexPaths == nil, "only the headers are named")
        #expect(context.invalidatedSupplementaryIndexPaths?[FlowLayout.elementKindSectionHeader] == [IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1)])
        #expect(headerY(flow, 0) == 100)
        #expect(headerY(flow, 1) == 390, "the next header where it is")
        // 370: section 0 ends at 390, so its header (40 high) is pushed up to 350.
        _ = scroll(flow, host, to: 370)
        #expect(headerY(flow, 0) == 350)
        #expect(headerY(flow, 1) == 390)
        // 500: section 1's header is pinned, section 0's rests at its section's end.
        context = scroll(flow, host, to: 500)
        #expect(headerY(flow, 0) == 350)
        #expect(headerY(flow, 1) == 500)
        #expect(context.invalidatedSupplementaryIndexPaths?[FlowLayout.elementKindSectionHeader] == [0, 1, 2].map { IndexPath(item: 0, section: $0) },
                "the sections on screen before (0, 1) and after (1, 2)")
        // The rectangle query gives the pinned frame, above the cells.
        let header = flow.layoutAttributesForElements(in: Rect(x: 0, y: 500, width: 400, height: 10))
            .first { $0.representedElementKind == FlowLayout.elementKindSectionHeader }
        #expect(header?.frame.minY == 500 && header?.indexPath.section == 1 && header?.zIndex == 1)
        // Cells never move.
        #expect(flow.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 430)
    }

    @Test func footersStickToTheBottomUntilTheirHeader() {
        let (flow, host) = layout(headers: false, footers: true, at: 0)
        let footerY = { (s: Int) in
            flow.layoutAttributesForSupplementaryView(ofKind: FlowLayout.elementKindSectionFooter, at: IndexPath(item: 0, section: s))!.frame.minY
        }
        // Visible 0..<300: section 0's footer (naturally at 360) is pinned to 270.
        #expect(footerY(0) == 270)
        // Section 1 (390..<780) starts under the bottom edge: its footer rests just below its header.
        #expect(footerY(1) == 430)
        _ = scroll(flow, host, to: 200)
        #expect(footerY(0) == 360, "back at its place once the section's end is on screen")
        #expect(footerY(1) == 470)
    }

    @Test func aWidthChangeStillLaysOutAgainAndNoPinningNeverInvalidates() {
        let (flow, host) = layout(at: 0)
        let wider = Rect(x: 0, y: 0, width: 800, height: 300)
        #expect(flow.invalidationContext(forBoundsChange: wider).invalidateEverything)
        host.bounds = wider
        flow.invalidateLayout(with: flow.invalidationContext(forBoundsChange: wider))
        flow.prepareIfNeeded()
        #expect(flow.collectionViewContentSize.height == 3 * (40 + 210 + 30), "eight a line: two lines")
        let (plain, _) = layout(headers: false, at: 0)
        #expect(!plain.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 50, width: 400, height: 300)))
    }
}
