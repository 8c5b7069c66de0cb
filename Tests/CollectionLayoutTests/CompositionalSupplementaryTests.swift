import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// Boundary items, pinning, badges and backgrounds of the compositional layout, by hand. A
/// 400x300 view; each section has 3 rows of one 100-high cell. With a 40-high header and a
/// 20-high footer that extend their sections: section 0 is header 0..40, rows at 40, 140,
/// 240, footer 340..360; section 1 starts at 360: header 360..400, rows at 400, 500, 600,
/// footer 700..720.
@MainActor
struct CompositionalSupplementaryTests {
    func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize { LayoutSize(widthDimension: w, heightDimension: h) }

    func header(_ extends: Bool = true, pinned: Bool = false) -> BoundarySupplementaryItem {
        let header = BoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(40)), elementKind: "header", alignment: .top)
        header.extendsBoundary = extends
        header.pinToVisibleBounds = pinned
        return header
    }

    func footer(pinned: Bool = false) -> BoundarySupplementaryItem {
        let footer = BoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(20)), elementKind: "footer", alignment: .bottom)
        footer.pinToVisibleBounds = pinned
        return footer
    }

    func make(_ boundary: [BoundarySupplementaryItem], y: Double = 0, badges: [LayoutSupplementaryItem] = [],
              decorations: [DecorationItem] = [], configuration: CompositionalLayoutConfiguration = CompositionalLayoutConfiguration(),
              itemWidth: LayoutDimension = .fractionalWidth(1)) -> (CompositionalLayout, FakeHost) {
        let host = FakeHost(counts: [3, 3], bounds: Rect(x: 0, y: y, width: 400, height: 300))
        let item = LayoutItem(layoutSize: size(itemWidth, .absolute(100)), supplementaryItems: badges)
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
        let section = LayoutSection(group: group)
        section.boundarySupplementaryItems = boundary
        section.decorationItems = decorations
        return (prepared(CompositionalLayout(section: section, configuration: configuration), in: host), host)
    }

    func supplementary(_ layout: CompositionalLayout, _ kind: String, _ path: IndexPath) -> LayoutAttributes? {
        layout.layoutAttributesForSupplementaryView(ofKind: kind, at: path)
    }

    func frame(_ layout: CompositionalLayout, _ kind: String, _ section: Int) -> Rect? {
        supplementary(layout, kind, IndexPath(item: 0, section: section))?.frame
    }

    @Test func extendingHeadersAndFootersTakeRoom() {
        let (layout, host) = make([header(), footer()])
        defer { _ = host }
        #expect(frame(layout, "header", 0) == Rect(x: 0, y: 0, width: 400, height: 40))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 0, y: 40, width: 400, height: 100))
        #expect(frame(layout, "footer", 0) == Rect(x: 0, y: 340, width: 400, height: 20))
        #expect(frame(layout, "header", 1) == Rect(x: 0, y: 360, width: 400, height: 40))
        #expect(frame(layout, "footer", 1) == Rect(x: 0, y: 700, width: 400, height: 20))
        #expect(layout.collectionViewContentSize == Size(width: 400, height: 720))
        #expect(supplementary(layout, "header", IndexPath(item: 0, section: 0))?.zIndex == 1)
        let kinds = layout.layoutAttributesForElements(in: Rect(x: 0, y: 330, width: 400, height: 40))
            .map { "\($0.representedElementKind ?? "cell")\($0.indexPath.section)" }.sorted()
        #expect(kinds == ["cell0", "footer0", "header1"])
        #expect(Set(layout.supplementaryElementKinds) == ["header", "footer"])
    }

    @Test func overlappingHeadersTakeNoRoom() {
        let (layout, host) = make([header(false)])
        defer { _ = host }
        #expect(frame(layout, "header", 0) == Rect(x: 0, y: 0, width: 400, height: 40))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 0)
        #expect(frame(layout, "header", 1) == Rect(x: 0, y: 300, width: 400, height: 40))
    }

    @Test func cornersSidesOffsetsAndZIndex() {
        // Overlapping, on section 0's rectangle (0, 0, 400, 300). Top trailing 100x30 moved
        // (-10, 5): right edge 390, top 5. Leading 50x50: left edge, centred: y 125.
        let corner = BoundarySupplementaryItem(layoutSize: size(.absolute(100), .absolute(30)), elementKind: "corner",
                                               alignment: .topTrailing, absoluteOffset: Point(x: -10, y: 5))
        corner.extendsBoundary = false
        corner.zIndex = 7
        let side = BoundarySupplementaryItem(layoutSize: size(.absolute(50), .absolute(50)), elementKind: "side", alignment: .leading)
        side.extendsBoundary = false
        let (layout, host) = make([corner, side])
        defer { _ = host }
        #expect(frame(layout, "corner", 0) == Rect(x: 290, y: 5, width: 100, height: 30))
        #expect(supplementary(layout, "corner", IndexPath(item: 0, section: 0))?.zIndex == 7)
        #expect(frame(layout, "side", 0) == Rect(x: 0, y: 125, width: 50, height: 50))
        #expect(frame(layout, "side", 1) == Rect(x: 0, y: 425, width: 50, height: 50))
    }

    @Test func pinnedHeadersStickToTheTopWithinTheirSection() {
        let (layout, host) = make([header(pinned: true), footer()], y: 100)
        defer { _ = host }
        // At y 100: section 0's header at 100 (not past 360 - 40 = 320); section 1's at 360.
        #expect(frame(layout, "header", 0)?.minY == 100)
        #expect(frame(layout, "header", 1)?.minY == 360)
        #expect(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 330, width: 400, height: 300)))
        func scroll(to y: Double) -> InvalidationContext {
            host.bounds = Rect(x: 0, y: y, width: 400, height: 300)
            let context = layout.invalidationContext(forBoundsChange: host.bounds)
            layout.invalidateLayout(with: context)
            layout.prepareIfNeeded()
            return context
        }
        // At y 330: section 0's header stops at 320; section 1's stays at 360.
        let context = scroll(to: 330)
        #expect(!context.invalidatesAll)
        #expect(context.invalidatedItemIndexPaths == nil)
        // Sections on screen before (100..400: 0, 1) and after (330..630: 0, 1).
        #expect(context.invalidatedSupplementaryIndexPaths == ["header": [IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1)]])
        #expect(frame(layout, "header", 0)?.minY == 320)
        #expect(frame(layout, "header", 1)?.minY == 360)
        // At y 500: section 1's header at 500; the cells did not move.
        let later = scroll(to: 500)
        #expect(later.invalidatedSupplementaryIndexPaths == ["header": [IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1)]])
        #expect(frame(layout, "header", 1)?.minY == 500)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 1))?.frame.minY == 500)
        // The query finds the pinned header where it is now: over item 1 of section 1.
        let found = layout.layoutAttributesForElements(in: Rect(x: 0, y: 510, width: 400, height: 10))
            .map { $0.representedElementKind ?? "cell" }.sorted()
        #expect(found == ["cell", "header"])
        // At y 680: section 1's header stops at 720 - 40 = 680... and stays there at 700.
        _ = scroll(to: 700)
        #expect(frame(layout, "header", 1)?.minY == 680)
    }

    @Test func pinnedFootersStickToTheBottom() {
        let (layout, host) = make([header(), footer(pinned: true)])
        defer { _ = host }
        // Visible 0..300: section 0's footer (340) comes up to 280; section 1's (700) comes up
        // as far as its section's start, 360 (still below the visible bounds).
        #expect(frame(layout, "footer", 0)?.minY == 280)
        #expect(frame(layout, "footer", 1)?.minY == 360)
    }

    @Test func badgesAnchorToTheirCells() {
        // Cells a quarter wide: cell 1 is (100, 0, 100, 100) below no header.
        let corner = LayoutSupplementaryItem(layoutSize: size(.absolute(20), .absolute(20)), elementKind: "badge",
                                             containerAnchor: LayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.5, y: -0.5)))
        let below = LayoutSupplementaryItem(layoutSize: size(.absolute(30), .absolute(10)), elementKind: "below",
                                            containerAnchor: LayoutAnchor(edges: [.bottom], absoluteOffset: Point(x: 0, y: 5)))
        let outside = LayoutSupplementaryItem(layoutSize: size(.absolute(20), .absolute(20)), elementKind: "outside",
                                              containerAnchor: LayoutAnchor(edges: [.top, .leading]),
                                              itemAnchor: LayoutAnchor(edges: [.bottom, .trailing]))
        let (layout, host) = make([], badges: [corner, below, outside], itemWidth: .fractionalWidth(0.25))
        defer { _ = host }
        let cell = IndexPath(item: 1, section: 0)
        // Top-trailing corner (200, 0), moved half the badge right and up: (190, -10).
        #expect(supplementary(layout, "badge", cell)?.frame == Rect(x: 190, y: -10, width: 20, height: 20))
        #expect(supplementary(layout, "badge", cell)?.zIndex == 1)
        // Bottom middle (150, 100) moved down 5; the badge's bottom middle there: (135, 95).
        #expect(supplementary(layout, "below", cell)?.frame == Rect(x: 135, y: 95, width: 30, height: 10))
        // The badge's bottom-trailing corner on the cell's top-leading one (100, 0).
        #expect(supplementary(layout, "outside", cell)?.frame == Rect(x: 80, y: -20, width: 20, height: 20))
        // A query above the content (y -12..-7) finds the badges sticking out of row 0's cells.
        let found = layout.layoutAttributesForElements(in: Rect(x: 0, y: -12, width: 400, height: 5))
            .filter { $0.representedElementKind == "badge" }.map(\.indexPath.item).sorted()
        #expect(found == [0, 1, 2])
    }

    @Test func backgroundsCoverTheirSectionBelowTheCells() {
        let background = DecorationItem.background(elementKind: "background")
        background.contentInsets = DirectionalEdgeInsets(all: 5)
        let (layout, host) = make([header(), footer()], decorations: [background])
        defer { _ = host }
        // Section 1 is 360..720: inset 5, (5, 365, 390, 350).
        let attributes = layout.layoutAttributesForDecorationView(ofKind: "background", at: IndexPath(item: 0, section: 1))
        #expect(attributes?.frame == Rect(x: 5, y: 365, width: 390, height: 350))
        #expect(attributes?.zIndex == -1)
        let found = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 400, height: 10))
        #expect(found.contains { $0.representedElementCategory == .decorationView && $0.indexPath.section == 0 })
    }

    @Test func theLayoutsOwnHeaderAndFooter() {
        // A 50-high header above the sections and a 30-high footer after them: sections at 50
        // and 410, the footer at 770, content 800.
        let configuration = CompositionalLayoutConfiguration()
        let top = BoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(50)), elementKind: "top", alignment: .top)
        let bottom = BoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(30)), elementKind: "bottom", alignment: .bottom)
        configuration.boundarySupplementaryItems = [top, bottom]
        let (layout, host) = make([header(), footer()], configuration: configuration)
        defer { _ = host }
        #expect(supplementary(layout, "top", IndexPath(index: 0))?.frame == Rect(x: 0, y: 0, width: 400, height: 50))
        #expect(frame(layout, "header", 0)?.minY == 50)
        #expect(frame(layout, "header", 1)?.minY == 410)
        #expect(supplementary(layout, "bottom", IndexPath(index: 0))?.frame == Rect(x: 0, y: 770, width: 400, height: 30))
        #expect(layout.collectionViewContentSize == Size(width: 400, height: 800))
    }
}
