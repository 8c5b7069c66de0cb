import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// Estimated extents in the compositional layout, by hand: a 400x300 view, rows of two cells
/// half the width, estimated 50 high (the row's height estimated too), 10 between rows.
/// Sections of 6 and 4 items: section 0 rows at 0, 60, 120, end 170; section 1 rows at 170,
/// 230, end 280.
@MainActor
struct CompositionalSelfSizingTests {
    func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize { LayoutSize(widthDimension: w, heightDimension: h) }

    func make(y: Double = 0) -> (CompositionalLayout, FakeHost) {
        let host = FakeHost(counts: [6, 4], bounds: Rect(x: 0, y: y, width: 400, height: 300))
        let item = LayoutItem(layoutSize: size(.fractionalWidth(0.5), .estimated(50)))
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .estimated(50)), subitems: [item])
        let section = LayoutSection(group: group)
        section.interGroupSpacing = 10
        return (prepared(CompositionalLayout(section: section), in: host), host)
    }

    /// What the view does when a view measured itself: asks, and invalidates with the context.
    @discardableResult
    func measure(_ layout: CompositionalLayout, _ item: Int, _ section: Int, extent: Double, vertical: Bool = true) -> InvalidationContext? {
        guard let original = layout.layoutAttributesForItem(at: IndexPath(item: item, section: section)) else {
            Issue.record("no attributes")
            return nil
        }
        let preferred = original.copy()
        if vertical { preferred.frame.size.height = extent } else { preferred.frame.size.width = extent }
        guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original) else { return nil }
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        layout.invalidateLayout(with: context)
        layout.prepareIfNeeded()
        return context
    }

    func frame(_ layout: CompositionalLayout, _ item: Int, _ section: Int) -> Rect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    @Test func aMeasuredCellGrowsItsRowAndMovesLaterOnes() {
        let (layout, host) = make()
        defer { _ = host }
        #expect(layout.selfSizingAxis == .vertical)
        #expect(frame(layout, 2, 0) == Rect(x: 0, y: 60, width: 200, height: 50))
        // Item 1 measures 80: row 0 is 80 high, 30 more; item 0 keeps its 50 at the row's top.
        let context = measure(layout, 1, 0, extent: 80)
        #expect(context?.contentSizeAdjustment == Size(width: 0, height: 30))
        #expect(context?.contentOffsetAdjustment == .zero)
        #expect(frame(layout, 0, 0) == Rect(x: 0, y: 0, width: 200, height: 50))
        #expect(frame(layout, 1, 0) == Rect(x: 200, y: 0, width: 200, height: 80))
        #expect(frame(layout, 2, 0) == Rect(x: 0, y: 90, width: 200, height: 50))
        #expect(frame(layout, 0, 1) == Rect(x: 0, y: 200, width: 200, height: 50))
        #expect(layout.collectionViewContentSize == Size(width: 400, height: 310))
        // Item 0 measures 30: the row stays as tall as item 1, nothing moves.
        let second = measure(layout, 0, 0, extent: 30)
        #expect(second?.contentSizeAdjustment == .zero)
        #expect(frame(layout, 0, 0) == Rect(x: 0, y: 0, width: 200, height: 30))
        #expect(frame(layout, 2, 0) == Rect(x: 0, y: 90, width: 200, height: 50))
        // Both shrink to 20: the row is 20 high, 30 less than the estimate; later rows move up 30
        // from where the estimate put them (row 1 to 30, section 1 to 140, its row 1 to 200).
        measure(layout, 1, 0, extent: 20)
        measure(layout, 0, 0, extent: 20)
        #expect(frame(layout, 2, 0) == Rect(x: 0, y: 30, width: 200, height: 50))
        #expect(frame(layout, 3, 1) == Rect(x: 200, y: 200, width: 200, height: 50))
        // The rect query sees the moved rows: y 25..35 holds only row 1 (30..80).
        let found = layout.layoutAttributesForElements(in: Rect(x: 0, y: 25, width: 400, height: 10)).map(\.indexPath.item).sorted()
        #expect(found == [2, 3])
    }

    @Test func growthAboveTheVisibleBoundsMovesTheContentOffset() {
        let (layout, host) = make(y: 150)
        defer { _ = host }
        // Row 0 starts at 0, above the bounds' top (150): the offset follows the 30 of growth.
        #expect(measure(layout, 0, 0, extent: 80)?.contentOffsetAdjustment == Point(x: 0, y: 30))
        // Section 1's row 1 started at 230, now 260: on screen, the offset stays.
        let context = measure(layout, 2, 1, extent: 70)
        #expect(context?.contentOffsetAdjustment == .zero)
        #expect(context?.contentSizeAdjustment == Size(width: 0, height: 20))
        #expect(context?.invalidatedRect?.minY == 260)
    }

    @Test func measurementsOutliveAFullPassButNotAWidthChange() {
        let (layout, host) = make()
        defer { _ = host }
        measure(layout, 3, 0, extent: 100)  // row 1: 60..160, row 2 at 170
        layout.invalidateLayout()
        layout.prepareIfNeeded()
        #expect(frame(layout, 4, 0) == Rect(x: 0, y: 170, width: 200, height: 50))
        #expect(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 40, width: 400, height: 300)) == false)
        #expect(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 500, height: 300)))
        host.bounds = Rect(x: 0, y: 0, width: 500, height: 300)
        layout.invalidateLayout()
        layout.prepareIfNeeded()
        // A new width: estimates again, cells 250 wide.
        #expect(frame(layout, 4, 0) == Rect(x: 0, y: 120, width: 250, height: 50))
    }

    @Test func scrollingSidewaysCellsMeasureTheirWidths() {
        // One cell per column (full height), estimated 50 wide, no spacing: measuring cell 0 at
        // 120 moves cell 1 from x 50 to 120.
        let host = FakeHost(counts: [3], bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let item = LayoutItem(layoutSize: size(.estimated(50), .fractionalHeight(1)))
        let group = LayoutGroup.vertical(layoutSize: size(.estimated(50), .fractionalHeight(1)), subitems: [item])
        let configuration = CompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        let layout = prepared(CompositionalLayout(section: LayoutSection(group: group), configuration: configuration), in: host)
        #expect(layout.selfSizingAxis == .horizontal)
        #expect(frame(layout, 1, 0) == Rect(x: 50, y: 0, width: 50, height: 300))
        #expect(measure(layout, 0, 0, extent: 120, vertical: false)?.contentSizeAdjustment == Size(width: 70, height: 0))
        #expect(frame(layout, 0, 0) == Rect(x: 0, y: 0, width: 120, height: 300))
        #expect(frame(layout, 1, 0) == Rect(x: 120, y: 0, width: 50, height: 300))
        #expect(layout.collectionViewContentSize == Size(width: 220, height: 300))
    }

    @Test func fixedCellsDoNotSizeThemselves() {
        let host = FakeHost(counts: [3], bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(40)))
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: [item])
        let layout = prepared(CompositionalLayout(section: LayoutSection(group: group)), in: host)
        #expect(layout.selfSizingAxis == nil)
        #expect(measure(layout, 0, 0, extent: 90) == nil)
    }

    @Test func measurementsFollowTheirItemsThroughAnUpdate() {
        let (layout, host) = make()
        defer { _ = host }
        measure(layout, 3, 0, extent: 100)  // row 1 (items 2, 3): 60..160
        // Insert an item at 0: the measured item is now item 4, in row 2; row 1 (items 2, 3)
        // is back to the estimate, 60..110, and row 2 starts at 120, 100 high.
        host.counts = [7, 4]
        layout.prepare(forCollectionViewUpdates: [CollectionViewUpdateItem(action: .insert, before: nil, after: IndexPath(item: 0, section: 0))])
        layout.invalidateLayout()
        layout.prepareIfNeeded()
        #expect(frame(layout, 3, 0) == Rect(x: 200, y: 60, width: 200, height: 50))
        #expect(frame(layout, 4, 0) == Rect(x: 0, y: 120, width: 200, height: 100))
        #expect(frame(layout, 6, 0) == Rect(x: 0, y: 230, width: 200, height: 50))
    }

    @Test func insetsOnAnEstimatedAxisAreIgnored() {
        // Insets of 5: the width (fractional) is inset, the estimated height is not: cells
        // (5, 0, 390, 44), and a measured 80 is the row's height.
        let host = FakeHost(counts: [2], bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(44)))
        item.contentInsets = DirectionalEdgeInsets(all: 5)
        let group = LayoutGroup.vertical(layoutSize: size(.fractionalWidth(1), .estimated(44)), subitems: [item])
        let layout = prepared(CompositionalLayout(section: LayoutSection(group: group)), in: host)
        #expect(frame(layout, 0, 0) == Rect(x: 5, y: 0, width: 390, height: 44))
        measure(layout, 0, 0, extent: 80)
        #expect(frame(layout, 0, 0) == Rect(x: 5, y: 0, width: 390, height: 80))
        #expect(frame(layout, 1, 0) == Rect(x: 5, y: 80, width: 390, height: 44))
    }
}
