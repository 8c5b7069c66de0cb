import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// The list configuration, by hand. A 400x300 view; sections of 3 and 2 rows estimated 50
/// high. An inset-grouped list with a header and a footer (estimated 50 each, 12 from the
/// sides as the rows are): section 0 is header 0..50, rows at 62, 112, 162 (x 12, 376 wide),
/// footer 224..274; section 1 header 274..324, rows at 336, 386, footer 448..498.
@MainActor
struct CompositionalListTests {
    let separator = ListConfiguration.separatorElementKind

    func make(_ configuration: ListConfiguration, counts: [Int] = [3, 2], width: Double = 400, y: Double = 0,
              direction: LayoutDirection = .leftToRight) -> (CompositionalLayout, FakeHost) {
        let host = FakeHost(counts: counts, bounds: Rect(x: 0, y: y, width: width, height: 300))
        let layout = CompositionalLayout.list(using: configuration)
        layout.layoutDirection = direction
        return (prepared(layout, in: host), host)
    }

    func insetGrouped() -> ListConfiguration {
        var configuration = ListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        configuration.footerMode = .supplementary
        return configuration
    }

    func cell(_ layout: CompositionalLayout, _ item: Int, _ section: Int) -> Rect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    func decoration(_ layout: CompositionalLayout, _ kind: String, _ item: Int, _ section: Int) -> Rect? {
        layout.layoutAttributesForDecorationView(ofKind: kind, at: IndexPath(item: item, section: section))?.frame
    }

    func supplementary(_ layout: CompositionalLayout, _ kind: String, _ section: Int) -> Rect? {
        layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: section))?.frame
    }

    /// What a view does after one of its views measured itself.
    func measure(_ layout: CompositionalLayout, _ original: LayoutAttributes?, height: Double) {
        guard let original else { Issue.record("nothing to measure"); return }
        let preferred = original.copy()
        preferred.frame.size.height = height
        guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original) else {
            Issue.record("the layout did not take \(height) for \(original.elementKey)")
            return
        }
        layout.invalidateLayout(with: layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
        layout.prepareIfNeeded()
        layout._checkInvariants()
    }

    @Test func insetGroupedRowsSitInACardBetweenTheirTitleAndFooter() {
        let (layout, host) = make(insetGrouped())
        defer { _ = host }
        #expect(supplementary(layout, ElementKind.sectionHeader, 0) == Rect(x: 12, y: 0, width: 376, height: 50))
        #expect(cell(layout, 0, 0) == Rect(x: 12, y: 62, width: 376, height: 50))
        #expect(cell(layout, 2, 0) == Rect(x: 12, y: 162, width: 376, height: 50))
        #expect(supplementary(layout, ElementKind.sectionFooter, 0) == Rect(x: 12, y: 224, width: 376, height: 50))
        #expect(supplementary(layout, ElementKind.sectionHeader, 1) == Rect(x: 12, y: 274, width: 376, height: 50))
        #expect(cell(layout, 1, 1) == Rect(x: 12, y: 386, width: 376, height: 50))
        #expect(layout.collectionViewContentSize == Size(width: 400, height: 498))
        // The card is around the rows alone, below them.
        let card = layout.layoutAttributesForDecorationView(ofKind: ListConfiguration.insetGroupedBackgroundElementKind, at: IndexPath(item: 0, section: 0))
        #expect(card?.frame == Rect(x: 12, y: 62, width: 376, height: 150))
        #expect(card?.zIndex == -1)
        // A separator under each row but the last, above the cells.
        #expect(decoration(layout, separator, 0, 0) == Rect(x: 12, y: 111, width: 376, height: 1))
        #expect(decoration(layout, separator, 1, 0) == Rect(x: 12, y: 161, width: 376, height: 1))
        #expect(decoration(layout, separator, 2, 0) == nil)
        #expect(decoration(layout, ListConfiguration.topSeparatorElementKind, 0, 0) == nil)
        #expect(layout.layoutAttributesForDecorationView(ofKind: separator, at: IndexPath(item: 0, section: 0))?.zIndex == 1)
        let kinds = layout.layoutAttributesForElements(in: Rect(x: 0, y: 100, width: 400, height: 20)).map {
            "\($0.representedElementKind ?? "cell")@\($0.indexPath.item)"
        }.sorted()
        #expect(kinds == ["cell@0", "cell@1", ListConfiguration.insetGroupedBackgroundElementKind + "@0", separator + "@0"])
    }

    @Test func insetGroupedRowsAreClampedAndCentredInAWideView() {
        let (layout, host) = make(insetGrouped(), width: 1000)
        defer { _ = host }
        #expect(cell(layout, 0, 0) == Rect(x: 200, y: 62, width: 600, height: 50))
        #expect(supplementary(layout, ElementKind.sectionHeader, 0) == Rect(x: 200, y: 0, width: 600, height: 50))
        var unclamped = insetGrouped()
        unclamped.maximumWidth = nil
        let (wide, wideHost) = make(unclamped, width: 1000)
        defer { _ = wideHost }
        #expect(cell(wide, 0, 0) == Rect(x: 12, y: 62, width: 976, height: 50))
    }

    @Test func separatorInsetsAreDirectional() {
        var configuration = insetGrouped()
        configuration.separatorConfiguration.bottomSeparatorInsets = DirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 4)
        let (layout, host) = make(configuration)
        defer { _ = host }
        #expect(decoration(layout, separator, 0, 0) == Rect(x: 28, y: 111, width: 356, height: 1))
        let (mirrored, mirroredHost) = make(configuration, direction: .rightToLeft)
        defer { _ = mirroredHost }
        // Leading is on the right: 16 from the row's right edge (388), 4 from its left (12).
        #expect(decoration(mirrored, separator, 0, 0) == Rect(x: 16, y: 111, width: 356, height: 1))
        #expect(cell(mirrored, 0, 0) == Rect(x: 12, y: 62, width: 376, height: 50))
    }

    @Test func plainRowsRunEdgeToEdgeUnderAPinnedHeader() {
        var configuration = ListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        let (layout, host) = make(configuration, counts: [8, 2], y: 100)
        defer { _ = host }
        #expect(cell(layout, 0, 0) == Rect(x: 0, y: 50, width: 400, height: 50))
        #expect(decoration(layout, separator, 0, 0) == Rect(x: 0, y: 99, width: 400, height: 1))
        #expect(decoration(layout, separator, 7, 0) == nil)
        // Scrolled 100 down: section 0's header sticks to the top of the visible bounds.
        #expect(supplementary(layout, ElementKind.sectionHeader, 0) == Rect(x: 0, y: 100, width: 400, height: 50))
        #expect(supplementary(layout, ElementKind.sectionHeader, 1) == Rect(x: 0, y: 450, width: 400, height: 50))
        #expect(decoration(layout, ListConfiguration.insetGroupedBackgroundElementKind, 0, 0) == nil)
        #expect(decoration(layout, ListConfiguration.groupedBackgroundElementKind, 0, 0) == nil)
    }

    @Test func groupedRowsLieOnAFullWidthBand() {
        let (layout, host) = make(ListConfiguration(appearance: .grouped))
        defer { _ = host }
        #expect(cell(layout, 0, 0) == Rect(x: 0, y: 12, width: 400, height: 50))
        #expect(decoration(layout, ListConfiguration.groupedBackgroundElementKind, 0, 0) == Rect(x: 0, y: 12, width: 400, height: 150))
        // Section 1 starts after section 0's 12 below: 174, its rows at 186.
        #expect(cell(layout, 0, 1) == Rect(x: 0, y: 186, width: 400, height: 50))
        #expect(decoration(layout, ListConfiguration.groupedBackgroundElementKind, 0, 1) == Rect(x: 0, y: 186, width: 400, height: 100))
    }

    @Test func sidebarRowsHaveRoomAndNoSeparators() {
        let (layout, host) = make(ListConfiguration(appearance: .sidebar))
        defer { _ = host }
        #expect(cell(layout, 0, 0) == Rect(x: 6, y: 6, width: 388, height: 38))
        #expect(cell(layout, 1, 0) == Rect(x: 6, y: 46, width: 388, height: 38))
        #expect(decoration(layout, separator, 0, 0) == nil)
        #expect(!layout.layoutAttributesForElements(in: .infinite).contains { $0.representedElementCategory == .decorationView })
    }

    @Test func theSeparatorHandlerDecidesPerRow() {
        var configuration = ListConfiguration(appearance: .plain)
        configuration.itemSeparatorHandler = { path, separators in
            var separators = separators
            if path.item == 0 {
                separators.topSeparatorVisibility = .visible
                separators.topSeparatorInsets = DirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
            }
            if path.item == 1 { separators.bottomSeparatorVisibility = .hidden }
            if path.item == 2 { separators.bottomSeparatorVisibility = .visible }  // the last row too
            return separators
        }
        let (layout, host) = make(configuration)
        defer { _ = host }
        #expect(decoration(layout, ListConfiguration.topSeparatorElementKind, 0, 0) == Rect(x: 10, y: 0, width: 380, height: 1))
        #expect(decoration(layout, separator, 0, 0) == Rect(x: 0, y: 49, width: 400, height: 1))
        #expect(decoration(layout, separator, 1, 0) == nil)
        #expect(decoration(layout, separator, 2, 0) == Rect(x: 0, y: 149, width: 400, height: 1))
        let separators = layout.layoutAttributesForElements(in: .infinite).filter { $0.representedElementCategory == .decorationView }
        #expect(separators.count == 1 + 2 + 2)  // the top one; rows 0 and 2; section 1's rows 0 (top) and 0 (bottom)
        var hidden = configuration
        hidden.showsSeparators = false
        let (none, noneHost) = make(hidden)
        defer { _ = noneHost }
        #expect(!none.layoutAttributesForElements(in: .infinite).contains { $0.representedElementCategory == .decorationView })
    }

    @Test func aFirstItemHeaderIsARowWithNoSeparatorUnderIt() {
        var configuration = ListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .firstItemInSection
        let (layout, host) = make(configuration)
        defer { _ = host }
        #expect(cell(layout, 0, 0) == Rect(x: 12, y: 12, width: 376, height: 50))
        #expect(supplementary(layout, ElementKind.sectionHeader, 0) == nil)
        #expect(decoration(layout, separator, 0, 0) == nil)
        #expect(decoration(layout, separator, 1, 0) == Rect(x: 12, y: 111, width: 376, height: 1))
    }

    @Test func rowsHeadersAndFootersSizeThemselves() {
        let (layout, host) = make(insetGrouped())
        defer { _ = host }
        #expect(layout.selfSizingAxis == .vertical)
        // Row 1 measures 80: row 2 moves 30 down, its separator with it, the card grows.
        measure(layout, layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)), height: 80)
        #expect(cell(layout, 1, 0) == Rect(x: 12, y: 112, width: 376, height: 80))
        #expect(decoration(layout, separator, 1, 0) == Rect(x: 12, y: 191, width: 376, height: 1))
        #expect(cell(layout, 2, 0) == Rect(x: 12, y: 192, width: 376, height: 50))
        #expect(decoration(layout, ListConfiguration.insetGroupedBackgroundElementKind, 0, 0) == Rect(x: 12, y: 62, width: 376, height: 180))
        #expect(supplementary(layout, ElementKind.sectionFooter, 0) == Rect(x: 12, y: 254, width: 376, height: 50))
        // The header measures 30: everything after it moves 20 up.
        measure(layout, layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 0)), height: 30)
        #expect(supplementary(layout, ElementKind.sectionHeader, 0) == Rect(x: 12, y: 0, width: 376, height: 30))
        #expect(cell(layout, 0, 0) == Rect(x: 12, y: 42, width: 376, height: 50))
        #expect(decoration(layout, ListConfiguration.insetGroupedBackgroundElementKind, 0, 0) == Rect(x: 12, y: 42, width: 376, height: 180))
        #expect(supplementary(layout, ElementKind.sectionHeader, 1) == Rect(x: 12, y: 284, width: 376, height: 50))
        // The footer measures 90: the card stays, section 1 moves 40 down.
        measure(layout, layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionFooter, at: IndexPath(item: 0, section: 0)), height: 90)
        #expect(supplementary(layout, ElementKind.sectionFooter, 0) == Rect(x: 12, y: 234, width: 376, height: 90))
        #expect(decoration(layout, ListConfiguration.insetGroupedBackgroundElementKind, 0, 0) == Rect(x: 12, y: 42, width: 376, height: 180))
        #expect(supplementary(layout, ElementKind.sectionHeader, 1) == Rect(x: 12, y: 324, width: 376, height: 50))
        #expect(layout.collectionViewContentSize.height == 498 + 30 - 20 + 40)
        // A full pass keeps what was measured.
        let before = layout.layoutAttributesForElements(in: .infinite).map { "\($0.elementKey) \($0.frame)" }.sorted()
        layout.invalidateLayout()
        layout.prepareIfNeeded()
        #expect(layout.layoutAttributesForElements(in: .infinite).map { "\($0.elementKey) \($0.frame)" }.sorted() == before)
    }

    @Test func aHeaderMeasuredAboveTheViewKeepsWhatIsShownInPlace() {
        let (layout, host) = make(insetGrouped(), y: 300)
        defer { _ = host }
        let header = layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 0))!
        let preferred = header.copy()
        preferred.frame.size.height = 70
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: header)
        #expect(context.contentSizeAdjustment == Size(width: 0, height: 20))
        #expect(context.contentOffsetAdjustment == Point(x: 0, y: 20))
    }

    @Test func headersFollowTheSectionsInsetsUnlessTold() {
        let row = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40))
        let section = LayoutSection(group: .horizontal(layoutSize: row, subitems: [LayoutItem(layoutSize: row)]))
        section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 10)
        section.boundarySupplementaryItems = [BoundarySupplementaryItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(20)), elementKind: "header", alignment: .topTrailing)]
        let host = FakeHost(counts: [2], bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let layout = prepared(CompositionalLayout(section: section), in: host)
        // Half of 360, at the trailing side of 30..390.
        #expect(supplementary(layout, "header", 0) == Rect(x: 210, y: 0, width: 180, height: 20))
        section.supplementariesFollowContentInsets = false
        layout.invalidateLayout()
        layout.prepareIfNeeded()
        #expect(supplementary(layout, "header", 0) == Rect(x: 200, y: 0, width: 200, height: 20))
    }
}
