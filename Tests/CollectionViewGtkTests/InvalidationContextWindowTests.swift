import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A row of cards whose alpha follows the scroll position (as a cover flow's angles do). A
/// scroll invalidates it with a context naming only the cards on screen; it counts what it
/// is asked, and reads the counts only when everything is invalid.
@MainActor
private final class FollowingRow: CollectionViewLayout {
    var countings = 0, rectQueries = 0, itemQueries = 0
    var dimmed: Set<Int> = []
    private var count = 0
    private var bounds = Rect.zero
    private var countsAreStale = true
    let width = 100.0, spacing = 110.0

    override func invalidateLayout(with context: InvalidationContext) {
        if context.invalidatesAll { countsAreStale = true }
        super.invalidateLayout(with: context)
    }
    override func prepare() {
        guard let host = collectionView else { return }
        bounds = host.bounds
        if countsAreStale {
            countsAreStale = false
            countings += 1
            count = host.numberOfItems(inSection: 0)
        }
    }
    override var collectionViewContentSize: Size { Size(width: Double(count) * spacing, height: bounds.height) }
    override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }
    override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        guard newBounds.size == bounds.size else { return super.invalidationContext(forBoundsChange: newBounds) }
        let context = InvalidationContext()
        let shown = Set(range(in: newBounds)).union(range(in: bounds))
        context.invalidateItems(at: shown.sorted().map { IndexPath(item: $0, section: 0) })
        return context
    }
    func range(in rect: Rect) -> Range<Int> {
        let first = max(0, Int((rect.minX / spacing).rounded(.down)))
        let end = min(count, Int((rect.maxX / spacing).rounded(.up)) + 1)
        return first < end ? first..<end : 0..<0
    }
    func attributes(_ item: Int) -> LayoutAttributes {
        let a = LayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
        a.frame = Rect(x: Double(item) * spacing, y: 10, width: width, height: 100)
        let distance = abs(a.frame.midX - bounds.midX) / bounds.width
        a.alpha = dimmed.contains(item) ? 0.25 : max(0.3, 1 - distance)
        return a
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        itemQueries += 1
        return indexPath.section == 0 && indexPath.item < count ? attributes(indexPath.item) : nil
    }
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        rectQueries += 1
        return range(in: rect).map(attributes).filter { $0.frame.intersects(rect) }
    }
}

@MainActor
private final class Cards: CollectionViewDataSource {
    var count: Int
    init(_ count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
    }
}

/// Invalidation contexts in a real window: the view asks again only for what a context names.
final class InvalidationContextWindowTests: XCTestCase {

    /// Scrolling a layout that names the cards on screen: the counts are read once, each frame
    /// asks only for the named cards (plus the strips that scroll in), and every shown card
    /// has the attributes of the current scroll position.
    func testAScrollAsksOnlyForTheNamedElements() { MainActor.assumeIsolated {
        let layout = FollowingRow()
        let cv = bareCollectionView(layout)
        cv.register(CollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let cards = Cards(1_000_000)
        cv.dataSource = cards
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        XCTAssertEqual(layout.countings, 1)
        let shown = cv.indexPathsForVisibleItems.count
        XCTAssertGreaterThan(shown, 5)
        layout.rectQueries = 0
        layout.itemQueries = 0
        for step in 1...40 {
            cv.contentOffset = Point(x: Double(step) * 7, y: 0)
            XCTAssertTrue(GtkHarness.settle(cv))
        }
        XCTAssertEqual(layout.countings, 1, "a scroll never reads the counts again")
        XCTAssertLessThanOrEqual(layout.itemQueries, 40 * (shown + 4), "about the cards on screen per frame")
        XCTAssertLessThan(layout.rectQueries, 20, "only strips that scrolled in, not the whole area each frame")
        // Cards with views in the overscan are asked again when they come on screen.
        for path in cv.indexPathsForVisibleItems where layout.attributes(path.item).frame.intersects(cv.bounds) {
            let applied = cv.appliedLayoutAttributes(for: .cell(path))!
            XCTAssertEqual(applied.alpha, layout.attributes(path.item).alpha, accuracy: 1e-9, "card \(path.item) follows the scroll")
        }
        // A resize invalidates everything.
        gtk_window_set_default_size(window.as(GtkWindow.self), 700, 600)
        XCTAssertTrue(GtkHarness.pump { cv.bounds.width == 700 })
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertEqual(layout.countings, 2)
    }}

    /// App code invalidates one element with a context: only it is asked again and changes;
    /// the offset adjustment moves the content offset.
    func testAnAppContextNamesOneItemAndMovesTheOffset() { MainActor.assumeIsolated {
        let layout = FollowingRow()
        let cv = bareCollectionView(layout)
        cv.register(CollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let cards = Cards(500)  // held: the view holds its data source weakly
        cv.dataSource = cards
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        let before = Dictionary(uniqueKeysWithValues: cv.indexPathsForVisibleItems.map { ($0.item, cv.appliedLayoutAttributes(for: .cell($0))!.alpha) })
        XCTAssertGreaterThan(before.count, 5)
        layout.dimmed = [2, 3]  // only 2 is named: 3 keeps what it showed
        layout.itemQueries = 0
        layout.rectQueries = 0
        let context = InvalidationContext()
        context.invalidateItems(at: [IndexPath(item: 2, section: 0)])
        context.contentOffsetAdjustment = Point(x: 0, y: 0)
        layout.invalidateLayout(with: context)
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertEqual(layout.itemQueries, 1)
        XCTAssertEqual(layout.rectQueries, 0)
        XCTAssertEqual(layout.countings, 1)
        XCTAssertEqual(cv.appliedLayoutAttributes(for: .cell(IndexPath(item: 2, section: 0)))?.alpha, 0.25)
        XCTAssertEqual(cv.appliedLayoutAttributes(for: .cell(IndexPath(item: 3, section: 0)))?.alpha, before[3])
        // Content added before what is on screen: the offset moves with it.
        let adjust = InvalidationContext()
        adjust.contentOffsetAdjustment = Point(x: 330, y: 0)
        adjust.contentSizeAdjustment = Size(width: 330, height: 0)
        layout.invalidateLayout(with: adjust)
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertEqual(cv.contentOffset.x, 330)
        XCTAssertEqual(layout.countings, 1)
        // invalidateLayout() still invalidates everything.
        layout.invalidateLayout()
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertEqual(layout.countings, 2)
        XCTAssertEqual(cv.appliedLayoutAttributes(for: .cell(IndexPath(item: 3, section: 0)))?.alpha, 0.25)
    }}
}

/// A flow layout that counts its rectangle queries.
@MainActor
private final class CountingFlow: FlowLayout {
    var rectQueries = 0
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        rectQueries += 1
        return super.layoutAttributesForElements(in: rect)
    }
}

/// Pinned headers in a real window.
final class PinnedHeaderWindowTests: XCTestCase {
    /// Scrolling through sections: the header of the section at the top stays at the top of
    /// the viewport, above the cells, until the next header pushes it off; each frame re-asks
    /// only for the headers, never for the whole area.
    func testHeadersStayAtTheTopUntilPushedOff() { MainActor.assumeIsolated {
        let layout = CountingFlow()
        layout.itemSize = Size(width: 100, height: 100)
        layout.minimumLineSpacing = 10
        layout.headerReferenceSize = Size(width: 0, height: 40)
        layout.sectionHeadersPinToVisibleBounds = true
        let source = GridSource(counts: Array(repeating: 21, count: 30))  // 3 lines of 7 in 800: 40 + 320 = 360 a section
        let cv = makeCollectionView(layout, source)
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        let header = { (s: Int) in cv.appliedLayoutAttributes(for: .supplementary(CollectionView.elementKindSectionHeader, IndexPath(item: 0, section: s))) }
        layout.rectQueries = 0
        var y = 0.0
        while y < 1500 {
            y += 9
            cv.contentOffset = Point(x: 0, y: y)
            XCTAssertTrue(GtkHarness.settle(cv))
            let top = Int(y / 360)  // the section at the top of the viewport
            let expected = min(y, Double(top) * 360 + 360 - 40)
            XCTAssertEqual(header(top)?.frame.minY, expected, "offset \(y): section \(top)'s header")
            XCTAssertGreaterThan(header(top)?.zIndex ?? 0, 0)
        }
        XCTAssertLessThan(layout.rectQueries, 60, "strips only: \(layout.rectQueries) rectangle queries in 167 frames")
        let view = cv.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 4))!
        XCTAssertEqual(GtkHarness.bounds(of: view.widget, in: cv.viewport)?.minY ?? -1, 0, accuracy: 0.5, "drawn at the top of the viewport")
    }}
}
