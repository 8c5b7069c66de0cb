import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// Sections that scroll across, by hand. A 400x300 view scrolling vertically; section 0 is a
/// row of 10 groups 150x100, 10 apart, inset 20 on both sides: group g at x 20 + 160g minus
/// the offset. Section 1 (2 rows of 50) starts under it, at 100.
@MainActor
struct CompositionalOrthogonalTests {
    func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize { LayoutSize(widthDimension: w, heightDimension: h) }

    func make(_ behavior: OrthogonalScrollingBehavior = .continuous,
              handler: (@MainActor ([LayoutAttributes], Point, LayoutEnvironment) -> Void)? = nil) -> (CompositionalLayout, FakeHost) {
        let host = FakeHost(counts: [10, 2], bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let row = LayoutSection(group: LayoutGroup.horizontal(layoutSize: size(.absolute(150), .absolute(100)), subitems: [item]))
        row.interGroupSpacing = 10
        row.contentInsets = DirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
        row.orthogonalScrollingBehavior = behavior
        row.visibleItemsInvalidationHandler = handler
        let list = LayoutSection(group: LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(50)),
            subitems: [LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))]))
        let layout = CompositionalLayout { index, _ in index == 0 ? row : list }
        return (prepared(layout, in: host), host)
    }

    func found(_ layout: CompositionalLayout, in rect: Rect = Rect(x: 0, y: 0, width: 400, height: 300)) -> [IndexPath] {
        layout.layoutAttributesForElements(in: rect).filter { $0.representedElementCategory == .cell }.map(\.indexPath).sorted()
    }

    /// A row that pages centred starts with its first group centred, as UIKit shows it: the
    /// offset is 20 + 150 / 2 - 400 / 2 = -105, so group 0 sits at 20 + 105 = 125 (125..275,
    /// centred in 0..400). A row that scrolls any other way starts at 0.
    @Test func aCentredRowStartsWithItsFirstGroupCentred() {
        let (layout, host) = make(.groupPagingCentered)
        defer { _ = host }
        #expect(layout.orthogonalScrollOffset(inSection: 0) == -105)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 125, y: 0, width: 150, height: 100))
        #expect(found(layout).filter { $0.section == 0 } == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])  // 125 and 285
        let (paging, other) = make(.groupPaging)
        defer { _ = other }
        #expect(paging.orthogonalScrollOffset(inSection: 0) == 0)
    }

    @Test func groupsFormOneRowClippedToTheContainer() {
        let (layout, host) = make()
        defer { _ = host }
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 180, y: 0, width: 150, height: 100))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame == Rect(x: 0, y: 100, width: 400, height: 50))
        #expect(layout.collectionViewContentSize == Size(width: 400, height: 200))
        // Groups at 20, 180, 340 meet 0..400; the one at 500 does not.
        #expect(found(layout) == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0),
                                  IndexPath(item: 0, section: 1), IndexPath(item: 1, section: 1)])
    }

    @Test func theOffsetShiftsTheRowAndNamesOnlyItsCells() {
        let (layout, host) = make()
        defer { _ = host }
        _ = layout.takePendingInvalidation()  // the first pass's, which the view would have taken
        let before = host.invalidations
        layout.setOrthogonalScrollOffset(250, inSection: 0)
        #expect(host.invalidations == before + 1)
        #expect(layout.orthogonalScrollOffset(inSection: 0) == 250)
        let context = layout.takePendingInvalidation()
        #expect(context?.invalidatesAll == false)
        // Shown before: 0, 1, 2; after (groups at -70, 90, 250): 1, 2, 3.
        #expect(context?.invalidatedItemIndexPaths == (0...3).map { IndexPath(item: $0, section: 0) })
        layout.prepareIfNeeded()
        #expect(layout.sectionsAreCurrent)  // nothing was laid out again
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame == Rect(x: 250, y: 0, width: 150, height: 100))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 9, section: 0))?.frame.minX == 1210)  // 20 + 1440 - 250
        #expect(found(layout, in: Rect(x: 0, y: 0, width: 400, height: 100)) == (1...3).map { IndexPath(item: $0, section: 0) })
        #expect(layout.orthogonalScrollOffset(inSection: 1) == 0)
    }

    @Test func theHandlerSeesAndChangesTheRowsCells() {
        var seen: (count: Int, offset: Point)?
        let (layout, host) = make { items, offset, environment in
            seen = (items.count, offset)
            #expect(environment.container.contentSize == Size(width: 400, height: 300))
            for item in items { item.alpha = 0.5 }
        }
        defer { _ = host }
        layout.setOrthogonalScrollOffset(250, inSection: 0)
        layout.prepareIfNeeded()
        let row = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 400, height: 100))
        #expect(row.count == 3)
        #expect(row.allSatisfy { $0.alpha == 0.5 })
        #expect(seen?.count == 3)
        #expect(seen?.offset == Point(x: 250, y: 0))
    }

    @Test func geometryOfTheRow() {
        let (layout, host) = make(.groupPaging)
        defer { _ = host }
        let geometry = layout.orthogonalScrollGeometry(inSection: 0)
        // 20 + 10 x 150 + 9 x 10 + 20 = 1630; 1630 - 400 = 1230.
        #expect(geometry?.contentExtent == 1630)
        #expect(geometry?.maximumOffset == 1230)
        #expect(layout.orthogonalScrollGeometry(inSection: 1) == nil)
        // From 250, a swipe forward rests at the next group edge: 160 x 2 = 320.
        layout.setOrthogonalScrollOffset(250, inSection: 0)
        #expect(layout.restingOrthogonalScrollOffset(inSection: 0, proposedOffset: 600, velocity: 300) == 320)
    }

    let row = OrthogonalScrollGeometry(containerExtent: 400, groupExtent: 150, groupSpacing: 10,
                                       leadingInset: 20, trailingInset: 20, groupCount: 10)

    func rest(_ behavior: OrthogonalScrollingBehavior, _ proposed: Double, from current: Double, _ velocity: Double) -> Double {
        row.restingOffset(for: behavior, proposedOffset: proposed, currentOffset: current, velocity: velocity)
    }

    @Test func continuousRestsWhereProposedWithinTheContent() {
        #expect(rest(.continuous, 500, from: 0, 100) == 500)
        #expect(rest(.continuous, 2000, from: 0, 100) == 1230)
        #expect(rest(.continuous, -5, from: 0, -100) == 0)
        #expect(rest(.none, 77, from: 0, 0) == 77)
    }

    @Test func continuousGroupLeadingBoundaryRestsAtTheNearestGroupEdge() {
        // Stride 160: 500 / 160 = 3.1 → 480; 1300 / 160 = 8.1 → 1280, past 1230.
        #expect(rest(.continuousGroupLeadingBoundary, 500, from: 0, 300) == 480)
        #expect(rest(.continuousGroupLeadingBoundary, 560, from: 0, 300) == 640)
        #expect(rest(.continuousGroupLeadingBoundary, 1300, from: 0, 300) == 1230)
    }

    @Test func pagingMovesAPageOfTheContainer() {
        #expect(rest(.paging, 900, from: 0, 500) == 400)       // one page forward, however far proposed
        #expect(rest(.paging, -100, from: 400, -500) == 0)     // one back
        #expect(rest(.paging, 380, from: 350, 100) == 400)     // from within page 0, forward: page 1
        #expect(rest(.paging, 650, from: 650, 0) == 800)       // no velocity: nearest page, 1.6 → 2
        #expect(rest(.paging, 1500, from: 1200, 500) == 1230)  // page 4 (1600) is past the end
    }

    @Test func groupPagingMovesAGroup() {
        #expect(rest(.groupPaging, 900, from: 0, 500) == 160)
        #expect(rest(.groupPaging, 300, from: 200, 500) == 320)   // 200 / 160 = 1.25: next edge 2
        #expect(rest(.groupPaging, 100, from: 200, -500) == 160)  // previous edge 1
        #expect(rest(.groupPaging, 700, from: 700, 0) == 640)     // 4.4 → 4
    }

    @Test func groupPagingCenteredCentresAGroup() {
        // Group g's centre is 20 + 160g + 75; centred in 400 at offset 160g - 105.
        #expect(rest(.groupPagingCentered, 0, from: -105, 500) == 55)
        #expect(rest(.groupPagingCentered, 0, from: 55, -500) == -105)
        #expect(rest(.groupPagingCentered, 400, from: 400, 0) == 375)    // (400 + 105) / 160 = 3.2 → 3
        #expect(rest(.groupPagingCentered, 2000, from: 1335, 500) == 1335)  // the last group stays centred
    }

    /// Right to left the row is mirrored: group g at 400 - (20 + 160g - offset) - 150, so
    /// group 0 starts at 230 and an offset of 160 brings group 1 there; the resting offsets are
    /// the same numbers as left to right.
    @Test func rightToLeftTheRowRunsLeftwards() {
        let (layout, host) = make(.groupPaging)
        defer { _ = host }
        layout.layoutDirection = .rightToLeft
        layout.prepareIfNeeded()
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 230, y: 0, width: 150, height: 100))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 70, y: 0, width: 150, height: 100))
        layout.setOrthogonalScrollOffset(160, inSection: 0)
        layout.prepareIfNeeded()
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 230, y: 0, width: 150, height: 100))
        #expect(found(layout).filter { $0.section == 0 }.map(\.item) == [0, 1, 2, 3])  // 390, 230, 70, -90
        let geometry = layout.orthogonalScrollGeometry(inSection: 0)
        #expect(geometry?.restingOffset(for: .groupPaging, proposedOffset: 250, currentOffset: 160, velocity: 0) == 320)
    }
}
