import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// Frames of the compositional layout for each dimension kind, spacing, insets, nested and
/// repeating groups, custom groups, the horizontal scroll direction and right to left,
/// computed by hand in the comments. The view is 400x300 unless a test says otherwise.
@MainActor
struct CompositionalFrameTests {
    func make(_ section: LayoutSection, counts: [Int], width: Double = 400, height: Double = 300,
              configuration: CompositionalLayoutConfiguration = CompositionalLayoutConfiguration(),
              direction: LayoutDirection = .leftToRight) -> (CompositionalLayout, FakeHost) {
        let host = FakeHost(counts: counts, bounds: Rect(x: 0, y: 0, width: width, height: height))
        let layout = CompositionalLayout(section: section, configuration: configuration)
        layout.layoutDirection = direction
        return (prepared(layout, in: host), host)
    }

    func frame(_ layout: CompositionalLayout, _ item: Int, _ section: Int = 0) -> Rect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize { LayoutSize(widthDimension: w, heightDimension: h) }

    @Test func fractionalItemsRepeatToFillARowAndTheLastGroupIsPartial() {
        // Items a quarter of the 400 width: 4 to a 100-high row. 10 items: rows of 4, 4, 2.
        let item = LayoutItem(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
        let (layout, host) = make(LayoutSection(group: group), counts: [10])
        defer { _ = host }
        #expect(frame(layout, 0) == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(frame(layout, 5) == Rect(x: 100, y: 100, width: 100, height: 100))
        #expect(frame(layout, 9) == Rect(x: 100, y: 200, width: 100, height: 100))
        #expect(frame(layout, 10) == nil)
        #expect(layout.collectionViewContentSize == Size(width: 400, height: 300))
    }

    @Test func absoluteItemsFixedSpacingSectionInsetsAndSectionSpacing() {
        // Group container: 400 - 30 - 10 = 360 wide. Items 80 with 10 between: 80, 170, 260,
        // 350 fit, 440 does not: 4 a row, at x 30, 120, 210, 300. Rows 50 high, 5 apart,
        // from y 20. Section 0 (6 items, 2 rows): 20 + 50 + 5 + 50 + 40 = 165. Section 1
        // starts 25 later, at 190; its first row at 210.
        let item = LayoutItem(layoutSize: size(.absolute(80), .absolute(50)))
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item])
        group.interItemSpacing = .fixed(10)
        let section = LayoutSection(group: group)
        section.contentInsets = DirectionalEdgeInsets(top: 20, leading: 30, bottom: 40, trailing: 10)
        section.interGroupSpacing = 5
        let configuration = CompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 25
        let (layout, host) = make(section, counts: [6, 1], configuration: configuration)
        defer { _ = host }
        #expect(frame(layout, 0) == Rect(x: 30, y: 20, width: 80, height: 50))
        #expect(frame(layout, 3) == Rect(x: 300, y: 20, width: 80, height: 50))
        #expect(frame(layout, 5) == Rect(x: 120, y: 75, width: 80, height: 50))
        #expect(frame(layout, 0, 1) == Rect(x: 30, y: 210, width: 80, height: 50))
        // Section 1: 190 + 20 + 50 + 40 = 300.
        #expect(layout.collectionViewContentSize == Size(width: 400, height: 300))
    }

    @Test func flexibleSpacingSharesTheRoomLeft() {
        // 380 wide: three 100-wide items (a fourth would need 400); 80 left for 2 gaps: 40.
        let item = LayoutItem(layoutSize: size(.absolute(100), .absolute(50)))
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item])
        group.interItemSpacing = .flexible(0)
        let (layout, host) = make(LayoutSection(group: group), counts: [3], width: 380)
        defer { _ = host }
        #expect(frame(layout, 0) == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(frame(layout, 1) == Rect(x: 140, y: 0, width: 100, height: 50))
        #expect(frame(layout, 2) == Rect(x: 280, y: 0, width: 100, height: 50))
    }

    @Test func itemAndGroupContentInsets() {
        // Group 400x100 inset 10: content 380x80 from (10, 10). Items half of it: 190x80 rooms
        // at x 10 and 200; cells inset 5: (15, 15, 180, 70) and (205, 15, 180, 70).
        let item = LayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
        item.contentInsets = DirectionalEdgeInsets(all: 5)
        let group = LayoutGroup.horizontal(layoutSize: size(.absolute(400), .absolute(100)), subitems: [item])
        group.contentInsets = DirectionalEdgeInsets(all: 10)
        let (layout, host) = make(LayoutSection(group: group), counts: [3])
        defer { _ = host }
        #expect(frame(layout, 0) == Rect(x: 15, y: 15, width: 180, height: 70))
        #expect(frame(layout, 1) == Rect(x: 205, y: 15, width: 180, height: 70))
        #expect(frame(layout, 2) == Rect(x: 15, y: 115, width: 180, height: 70))
    }

    @Test func flexibleEdgeSpacingCentresAndFixedTopMovesDown() {
        // Items 150 wide: two fit in 400 (a third needs 450). 100 left for four flexible
        // edges: 25 each: x 25 and 25 + 150 + 25 + 25 = 225. Top fixed 5: y 5.
        let item = LayoutItem(layoutSize: size(.absolute(150), .absolute(50)))
        item.edgeSpacing = LayoutEdgeSpacing(leading: .flexible(0), top: .fixed(5), trailing: .flexible(0), bottom: nil)
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(60)), subitems: [item])
        let (layout, host) = make(LayoutSection(group: group), counts: [3])
        defer { _ = host }
        #expect(frame(layout, 0) == Rect(x: 25, y: 5, width: 150, height: 50))
        #expect(frame(layout, 1) == Rect(x: 225, y: 5, width: 150, height: 50))
        #expect(frame(layout, 2) == Rect(x: 25, y: 65, width: 150, height: 50))
    }

    @Test func nestedGroups() {
        // A 200-high row: a big item half the width, and a column of two half-height items.
        // Three cells a row: (0,0,200,200), (200,0,200,100), (200,100,200,100); the next row
        // at y 200.
        let big = LayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
        let small = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
        let column = LayoutGroup.vertical(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)), subitems: [small])
        let row = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(200)), subitems: [big, column])
        let (layout, host) = make(LayoutSection(group: row), counts: [5])
        defer { _ = host }
        #expect(frame(layout, 0) == Rect(x: 0, y: 0, width: 200, height: 200))
        #expect(frame(layout, 1) == Rect(x: 200, y: 0, width: 200, height: 100))
        #expect(frame(layout, 2) == Rect(x: 200, y: 100, width: 200, height: 100))
        #expect(frame(layout, 3) == Rect(x: 0, y: 200, width: 200, height: 200))
        #expect(frame(layout, 4) == Rect(x: 200, y: 200, width: 200, height: 100))
    }

    @Test func repeatingSubitemSharesTheWidth() {
        // Three copies in 320 with 10 between: (320 - 20) / 3 = 100 each, at 0, 110, 220; the
        // item's own 50 is ignored.
        let item = LayoutItem(layoutSize: size(.absolute(50), .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(60)), repeatingSubitem: item, count: 3)
        group.interItemSpacing = .fixed(10)
        let (layout, host) = make(LayoutSection(group: group), counts: [4], width: 320)
        defer { _ = host }
        #expect(frame(layout, 1) == Rect(x: 110, y: 0, width: 100, height: 60))
        #expect(frame(layout, 2) == Rect(x: 220, y: 0, width: 100, height: 60))
        #expect(frame(layout, 3) == Rect(x: 0, y: 60, width: 100, height: 60))
    }

    @Test func fractionalHeightOfTheTopLevelGroupIsOfTheContainer() {
        // Half of the 300 height: groups 150 high.
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)), subitems: [item])
        let (layout, host) = make(LayoutSection(group: group), counts: [3])
        defer { _ = host }
        #expect(frame(layout, 1) == Rect(x: 0, y: 150, width: 400, height: 150))
        #expect(layout.collectionViewContentSize == Size(width: 400, height: 450))
    }

    @Test func estimatedDimensionsStartAtTheEstimate() {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(44)))
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .estimated(44)), subitems: [item])
        let (layout, host) = make(LayoutSection(group: group), counts: [3])
        defer { _ = host }
        #expect(layout.selfSizingAxis == .vertical)
        #expect(frame(layout, 2) == Rect(x: 0, y: 88, width: 400, height: 44))
    }

    @Test func customGroupPlacesItsFrames() {
        var seen: Size?
        let group = LayoutGroup.custom(layoutSize: size(.fractionalWidth(1), .absolute(100))) { environment in
            seen = environment.container.contentSize
            return [LayoutGroupCustomItem(frame: Rect(x: 0, y: 0, width: 100, height: 100)),
                    LayoutGroupCustomItem(frame: Rect(x: 150, y: 20, width: 50, height: 50), zIndex: 3)]
        }
        let (layout, host) = make(LayoutSection(group: group), counts: [4])
        defer { _ = host }
        #expect(seen == Size(width: 400, height: 100))
        // Item 3: the second of the second group, 100 lower.
        #expect(frame(layout, 3) == Rect(x: 150, y: 120, width: 50, height: 50))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.zIndex == 3)
    }

    @Test func horizontalScrollDirectionStacksGroupsSideways() {
        // Columns 100 wide, 10 apart; in each, 100-high items repeat to fill the 300 height: 3.
        // 7 items: 3 columns, 3 * 100 + 2 * 10 = 320 wide.
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(100)))
        let group = LayoutGroup.vertical(layoutSize: size(.absolute(100), .fractionalHeight(1)), subitems: [item])
        let section = LayoutSection(group: group)
        section.interGroupSpacing = 10
        let configuration = CompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        let (layout, host) = make(section, counts: [7], configuration: configuration)
        defer { _ = host }
        #expect(frame(layout, 4) == Rect(x: 110, y: 100, width: 100, height: 100))
        #expect(frame(layout, 6) == Rect(x: 220, y: 0, width: 100, height: 100))
        #expect(layout.collectionViewContentSize == Size(width: 320, height: 300))
    }

    @Test func rightToLeftMirrorsAndPutsTheLeadingInsetOnTheRight() {
        // Left to right, item 0 is at x 30 (leading inset 30); mirrored in 400: 400 - 110 = 290.
        // Item 1 at x 120 left to right: 400 - 200 = 200.
        let item = LayoutItem(layoutSize: size(.absolute(80), .absolute(50)))
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item])
        group.interItemSpacing = .fixed(10)
        let section = LayoutSection(group: group)
        section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 10)
        let (layout, host) = make(section, counts: [2], direction: .rightToLeft)
        defer { _ = host }
        #expect(layout.developmentLayoutDirection == .rightToLeft)
        #expect(layout.flipsHorizontallyInOppositeLayoutDirection)
        #expect(frame(layout, 0) == Rect(x: 290, y: 0, width: 80, height: 50))
        #expect(frame(layout, 1) == Rect(x: 200, y: 0, width: 80, height: 50))
        // A query of the right edge finds item 0 only.
        let found = layout.layoutAttributesForElements(in: Rect(x: 300, y: 0, width: 100, height: 50)).map(\.indexPath.item)
        #expect(found == [0])
    }

    @Test func rightToLeftScrollingSidewaysStartsOnTheRight() {
        // Columns 100 wide of three 100-high items: 7 items, 3 columns, content 300 wide.
        // Left to right, item 0 is at x 0 and item 6 at x 200; mirrored in 300: 200 and 0.
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(100)))
        let group = LayoutGroup.vertical(layoutSize: size(.absolute(100), .fractionalHeight(1)), subitems: [item])
        let configuration = CompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        let (layout, host) = make(LayoutSection(group: group), counts: [7], configuration: configuration, direction: .rightToLeft)
        defer { _ = host }
        #expect(frame(layout, 0) == Rect(x: 200, y: 0, width: 100, height: 100))
        #expect(frame(layout, 6) == Rect(x: 0, y: 0, width: 100, height: 100))
        let found = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 50, height: 300)).map(\.indexPath.item)
        #expect(found == [6])
    }

    @Test func aMillionItemsCostNoStorageOrScan() {
        // Rows of 4 items 100 high: item 500_001 is row 125_000, at y 12_500_000, x 100.
        let item = LayoutItem(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
        let (layout, host) = make(LayoutSection(group: group), counts: [1_000_000])
        defer { _ = host }
        #expect(frame(layout, 500_001) == Rect(x: 100, y: 12_500_000, width: 100, height: 100))
        #expect(layout.collectionViewContentSize.height == 25_000_000)
        let found = layout.layoutAttributesForElements(in: Rect(x: 0, y: 12_500_050, width: 400, height: 100))
        #expect(found.map(\.indexPath.item).sorted() == Array(500_000...500_007))
    }
}
