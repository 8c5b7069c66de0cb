import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// The section provider: asked per section with the environment, and again when the width
/// changes, so a section can have 2 columns when narrow and 5 when wide.
@MainActor
struct CompositionalProviderTests {
    func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize { LayoutSize(widthDimension: w, heightDimension: h) }

    func columns(_ count: Int) -> LayoutSection {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1 / Double(count)), .absolute(100)))
        return LayoutSection(group: LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item]))
    }

    @Test func columnsFollowTheWidth() {
        var environments: [LayoutEnvironment] = []
        let host = FakeHost(counts: [6], bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let layout = CompositionalLayout { _, environment in
            environments.append(environment)
            return self.columns(environment.container.effectiveContentSize.width < 500 ? 2 : 5)
        }
        _ = prepared(layout, in: host)
        #expect(environments.last?.container.contentSize == Size(width: 400, height: 300))
        #expect(environments.last?.traitCollection.layoutDirection == .leftToRight)
        // Two columns of 200: item 2 starts row 1.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == Rect(x: 0, y: 100, width: 200, height: 100))
        // Scrolling asks nothing; a new width does.
        #expect(!layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 50, width: 400, height: 300)))
        let wide = Rect(x: 0, y: 0, width: 1000, height: 300)
        #expect(layout.shouldInvalidateLayout(forBoundsChange: wide))
        #expect(layout.invalidationContext(forBoundsChange: wide).invalidateEverything)
        host.bounds = wide
        layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: wide))
        layout.prepareIfNeeded()
        // Five columns of 200: item 2 is third in row 0, item 5 starts row 1.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == Rect(x: 400, y: 0, width: 200, height: 100))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))?.frame == Rect(x: 0, y: 100, width: 200, height: 100))
        #expect(layout.collectionViewContentSize == Size(width: 1000, height: 200))
    }

    @Test func eachSectionItsOwnAndNilPlacesNothing() {
        // Section 0: 4 columns of 100 (2 items, one row, 0..100); section 1: none; section 2:
        // one column, its item at 100.
        let host = FakeHost(counts: [2, 3, 1], bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let layout = CompositionalLayout { index, environment in
            #expect(environment.traitCollection.layoutDirection == .rightToLeft)
            return index == 1 ? nil : self.columns(index == 0 ? 4 : 1)
        }
        layout.layoutDirection = .rightToLeft
        _ = prepared(layout, in: host)
        // Right to left: item 1 of section 0, at x 100 left to right, is at 400 - 200 = 200.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 200, y: 0, width: 100, height: 100))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 2))?.frame == Rect(x: 0, y: 100, width: 400, height: 100))
        #expect(layout.layoutAttributesForElements(in: .infinite).count == 3)
    }
}
