// The code of the "Composing a layout" article, kept here so the tests compile it and check
// what it claims. `DocumentationCodeTests` checks that every Swift block of the article is here.
import Testing
import CollectionLayout
import CollectionTestSupport

@MainActor
func gridSection(columns: Int) -> LayoutSection {
    let item = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1 / Double(columns)),
                                                 heightDimension: .fractionalHeight(1)))
    item.contentInsets = DirectionalEdgeInsets(all: 4)
    let group = LayoutGroup.horizontal(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)),
        subitems: [item])
    let section = LayoutSection(group: group)
    section.interGroupSpacing = 8
    return section
}

@MainActor
struct CompositionalDocumentationTests {
    @Test func theGridFollowsTheWidth() {
        let host = FakeHost(counts: [10], bounds: Rect(x: 0, y: 0, width: 400, height: 600))
        let layout = CompositionalLayout { _, environment in
            gridSection(columns: environment.container.effectiveContentSize.width < 600 ? 2 : 5)
        }
        _ = prepared(layout, in: host)
        // 2 columns of 200 at 400 wide; item 2 starts row 1, 128 down; its cell inset 4.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == Rect(x: 4, y: 132, width: 192, height: 112))
        host.bounds = Rect(x: 0, y: 0, width: 1000, height: 600)
        layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: host.bounds))
        layout.prepareIfNeeded()
        // 5 columns of 200: item 2 is the third of row 0.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == Rect(x: 404, y: 4, width: 192, height: 112))
    }

    @Test func thePinnedHeaderStaysInView() {
        let section = gridSection(columns: 2)
        let header = BoundarySupplementaryItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
            elementKind: "header", alignment: .top)
        header.pinToVisibleBounds = true
        section.boundarySupplementaryItems = [header]
        let host = FakeHost(counts: [10], bounds: Rect(x: 0, y: 200, width: 400, height: 300))
        let layout = prepared(CompositionalLayout(section: section), in: host)
        // Scrolled to 200, within the section (0..44 + 5 rows of 120 with 4 gaps of 8 = 676).
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 0))?.frame.minY == 200)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 48)
    }

    @Test func rowsSizeThemselves() {
        let row = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)))
        let list = LayoutSection(group: LayoutGroup.vertical(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)),
            subitems: [row]))
        let host = FakeHost(counts: [3], bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let layout = prepared(CompositionalLayout(section: list), in: host)
        #expect(layout.selfSizingAxis == .vertical)
        guard let original = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) else { Issue.record("no row"); return }
        let preferred = original.copy()
        preferred.frame.size.height = 100
        #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
        layout.invalidateLayout(with: layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
        layout.prepareIfNeeded()
        // Row 0 is 100 high: row 1 moves from 44 to 100.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 0, y: 100, width: 400, height: 44))
    }

    @Test func aListOfSettings() {
        var settings = ListConfiguration(appearance: .insetGrouped)
        settings.headerMode = .supplementary
        settings.itemSeparatorHandler = { indexPath, separators in
            var separators = separators
            separators.bottomSeparatorInsets.leading = indexPath.item == 0 ? 0 : 16
            return separators
        }
        let settingsLayout = CompositionalLayout.list(using: settings)
        let host = FakeHost(counts: [3], bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        _ = prepared(settingsLayout, in: host)
        // The card 12 from the sides, under a 50-high title and 12 of inset; row 1's separator
        // 16 in from its leading edge.
        #expect(settingsLayout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 12, y: 62, width: 376, height: 50))
        #expect(settingsLayout.layoutAttributesForDecorationView(ofKind: ListConfiguration.separatorElementKind, at: IndexPath(item: 1, section: 0))?.frame
                == Rect(x: 28, y: 161, width: 360, height: 1))
    }
}
