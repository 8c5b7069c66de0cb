import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// Frames pinned by hand for UIKit's line rules.
@Suite @MainActor
struct FlowLayoutFrameTests {
    private func frame(_ layout: FlowLayout, _ item: Int, _ section: Int = 0) -> Rect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    private func assertFrame(_ actual: Rect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = Rect(x: x, y: y, width: w, height: h)
        #expect(actual.map { nearlyEqual($0, expected) } == true, "\(String(describing: actual)) != \(expected)",
                sourceLocation: sourceLocation)
    }

    @Test func defaultsAreUIKits() {
        let layout = FlowLayout()
        #expect(layout.itemSize == Size(width: 50, height: 50))
        #expect(layout.minimumLineSpacing == 10)
        #expect(layout.minimumInteritemSpacing == 10)
        #expect(layout.sectionInset == .zero)
        #expect(layout.headerReferenceSize == .zero)
        #expect(layout.footerReferenceSize == .zero)
        #expect(layout.scrollDirection == .vertical)
    }

    /// 320 wide, 50-wide items, spacing 10: five fit (5*50 + 4*10 = 290 <= 320, six need 350);
    /// the 70 left over spread over 4 gaps gives 17.5.
    @Test func fullLinesAreJustified() {
        let layout = prepared(FlowLayout(), in: FakeHost(counts: [10], bounds: Rect(x: 0, y: 0, width: 320, height: 400)))
        let xs = [0, 67.5, 135, 202.5, 270]
        for item in 0..<10 {
            assertFrame(frame(layout, item), xs[item % 5], Double(item / 5) * 60, 50, 50)
        }
        #expect(layout.collectionViewContentSize == Size(width: 320, height: 110))
    }

    /// A line that can only hold one item centres it.
    @Test func oneItemLineIsCentred() {
        let layout = prepared(FlowLayout(), in: FakeHost(counts: [3], bounds: Rect(x: 0, y: 0, width: 80, height: 400)))
        for item in 0..<3 { assertFrame(frame(layout, item), 15, Double(item) * 60, 50, 50) }
    }

    /// The last line of 2 keeps the columns of the full line above.
    @Test func incompleteLastLineStaysInColumns() {
        let layout = prepared(FlowLayout(), in: FakeHost(counts: [7], bounds: Rect(x: 0, y: 0, width: 320, height: 400)))
        assertFrame(frame(layout, 5), 0, 60, 50, 50)
        assertFrame(frame(layout, 6), 67.5, 60, 50, 50)
        // A section with fewer items than a line holds is spaced the same way.
        let short = prepared(FlowLayout(), in: FakeHost(counts: [1, 2], bounds: Rect(x: 0, y: 0, width: 320, height: 400)))
        assertFrame(frame(short, 0, 0), 0, 0, 50, 50)
        assertFrame(frame(short, 1, 1), 67.5, 50, 50, 50)  // sections abut: no line spacing between them
    }

    /// Items of different heights are centred across a line as thick as its largest item.
    @Test func itemsCentredAcrossTheLine() {
        let delegate = SizingDelegate(sizes: [[Size(width: 50, height: 50), Size(width: 50, height: 30), Size(width: 50, height: 70),
                                               Size(width: 50, height: 20)]])
        let host = FakeHost(counts: [4], bounds: Rect(x: 0, y: 0, width: 200, height: 400), delegate: delegate)
        let layout = prepared(FlowLayout(), in: host)
        // Three fit in 200 (3*50 + 2*10 = 170); the leftover 50 makes two gaps of 25.
        assertFrame(frame(layout, 0), 0, 10, 50, 50)
        assertFrame(frame(layout, 1), 75, 20, 50, 30)
        assertFrame(frame(layout, 2), 150, 0, 50, 70)
        // The second line starts after the 70-thick first line and the line spacing.
        assertFrame(frame(layout, 3), 0, 80, 50, 20)
        #expect(layout.collectionViewContentSize.height == 100)
    }

    /// A wide item that leaves no room for the next one gets a line of its own, centred.
    @Test func wideItemGetsACentredLine() {
        let delegate = SizingDelegate(sizes: [[Size(width: 300, height: 40), Size(width: 50, height: 50), Size(width: 50, height: 50)]])
        let host = FakeHost(counts: [3], bounds: Rect(x: 0, y: 0, width: 320, height: 400), delegate: delegate)
        let layout = prepared(FlowLayout(), in: host)
        assertFrame(frame(layout, 0), 10, 0, 300, 40)
        assertFrame(frame(layout, 1), 0, 50, 50, 50)
        assertFrame(frame(layout, 2), 67.5, 50, 50, 50)
    }

    /// Insets shrink the line; headers and footers span the section with no line spacing next
    /// to them.
    @Test func insetsHeadersAndFooters() {
        let layout = FlowLayout()
        layout.sectionInset = EdgeInsets(top: 5, left: 20, bottom: 15, right: 20)
        layout.headerReferenceSize = Size(width: 999, height: 30)
        layout.footerReferenceSize = Size(width: 999, height: 40)
        let host = FakeHost(counts: [6, 1], bounds: Rect(x: 0, y: 0, width: 340, height: 400))
        _ = prepared(layout, in: host)
        // 300 available: five per line, gaps (300 - 250) / 4 = 12.5.
        assertFrame(frame(layout, 0), 20, 35, 50, 50)
        assertFrame(frame(layout, 4), 270, 35, 50, 50)
        assertFrame(frame(layout, 5), 20, 95, 50, 50)
        let header = layout.layoutAttributesForSupplementaryView(ofKind: FlowLayout.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        assertFrame(header?.frame, 0, 0, 340, 30)
        let footer = layout.layoutAttributesForSupplementaryView(ofKind: FlowLayout.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))
        assertFrame(footer?.frame, 0, 160, 340, 40)  // 145 (last line end) + 15 inset
        // Section 1 starts where section 0's footer ends.
        let header1 = layout.layoutAttributesForSupplementaryView(ofKind: FlowLayout.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        assertFrame(header1?.frame, 0, 200, 340, 30)
        assertFrame(frame(layout, 0, 1), 20, 235, 50, 50)
        let expectedHeight: Double = 200 + 30 + 5 + 50 + 15 + 40
        #expect(layout.collectionViewContentSize == Size(width: 340, height: expectedHeight))
        #expect(header?.representedElementCategory == .supplementaryView)
        #expect(header?.representedElementKind == FlowLayout.elementKindSectionHeader)
    }

    /// Zero reference sizes mean no header and no footer.
    @Test func noHeaderWhenReferenceSizeIsZero() {
        let layout = prepared(FlowLayout(), in: FakeHost(counts: [3], bounds: Rect(x: 0, y: 0, width: 320, height: 400)))
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: FlowLayout.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)) == nil)
        #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 400)).allSatisfy { $0.representedElementCategory == .cell })
    }

    /// Horizontal scrolling: items fill columns top to bottom; headers count by their width.
    @Test func horizontalDirection() {
        let layout = FlowLayout()
        layout.scrollDirection = .horizontal
        layout.headerReferenceSize = Size(width: 30, height: 999)
        let host = FakeHost(counts: [4], bounds: Rect(x: 0, y: 0, width: 300, height: 200))
        _ = prepared(layout, in: host)
        // 200 tall: three per column, gaps (200 - 150) / 2 = 25.
        assertFrame(frame(layout, 0), 30, 0, 50, 50)
        assertFrame(frame(layout, 1), 30, 75, 50, 50)
        assertFrame(frame(layout, 2), 30, 150, 50, 50)
        assertFrame(frame(layout, 3), 90, 0, 50, 50)
        let header = layout.layoutAttributesForSupplementaryView(ofKind: FlowLayout.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        assertFrame(header?.frame, 0, 0, 30, 200)
        #expect(layout.collectionViewContentSize == Size(width: 140, height: 200))
    }

    /// Delegate values override the layout's properties section by section.
    @Test func delegateOverridesPerSection() {
        let delegate = SizingDelegate(sizes: [Array(repeating: Size(width: 40, height: 40), count: 3),
                                              Array(repeating: Size(width: 40, height: 40), count: 3)])
        delegate.insets[1] = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        delegate.lineSpacing[1] = 30
        delegate.interitemSpacing[1] = 50
        delegate.headers[1] = Size(width: 0, height: 20)
        delegate.footers[0] = Size(width: 0, height: 25)
        let host = FakeHost(counts: [3, 3], bounds: Rect(x: 0, y: 0, width: 140, height: 400), delegate: delegate)
        let layout = prepared(FlowLayout(), in: host)
        // Section 0: three fit in 140 (3*40 + 2*10 = 140), no gap left: x 0, 50, 100.
        assertFrame(frame(layout, 2, 0), 100, 0, 40, 40)
        let footer0 = layout.layoutAttributesForSupplementaryView(ofKind: FlowLayout.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))
        assertFrame(footer0?.frame, 0, 40, 140, 25)
        // Section 1 starts at 65: header 20, inset 10; 120 available, spacing 50 lets two fit
        // (2*40 + 50 = 130 > 120? no: 130 > 120, so one fits) -> one per line, centred.
        assertFrame(frame(layout, 0, 1), 50, 95, 40, 40)
        assertFrame(frame(layout, 1, 1), 50, 165, 40, 40)  // 95 + 40 + line spacing 30
        let expectedHeight: Double = 65 + 20 + 10 + 3 * 40 + 2 * 30 + 10
        #expect(layout.collectionViewContentSize.height == expectedHeight)
    }

    /// A delegate that only sets section values keeps the uniform path: it is asked for one item
    /// size (the probe), never per item.
    @Test func sectionOnlyDelegateKeepsUniformItems() {
        let delegate = SectionOnlyDelegate()
        delegate.insets[0] = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        let host = FakeHost(counts: [1_000_000], bounds: Rect(x: 0, y: 0, width: 340, height: 400), delegate: delegate)
        let layout = prepared(FlowLayout(), in: host)
        assertFrame(frame(layout, 5), 10, 60, 50, 50)
        #expect(layout.preparedStorageByteCount < 4096, "a uniform section stores nothing per item")
    }

    @Test func emptySectionsKeepHeaderInsetsAndFooter() {
        let layout = FlowLayout()
        layout.headerReferenceSize = Size(width: 0, height: 20)
        layout.footerReferenceSize = Size(width: 0, height: 10)
        layout.sectionInset = EdgeInsets(top: 3, left: 0, bottom: 4, right: 0)
        let host = FakeHost(counts: [0, 2, 0], bounds: Rect(x: 0, y: 0, width: 320, height: 400))
        _ = prepared(layout, in: host)
        #expect(frame(layout, 0, 0) == nil)
        let footer0 = layout.layoutAttributesForSupplementaryView(ofKind: FlowLayout.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))
        assertFrame(footer0?.frame, 0, 27, 320, 10)
        assertFrame(frame(layout, 0, 1), 0, 37 + 20 + 3, 50, 50)
        let expectedHeight: Double = 37 * 2 + 20 + 3 + 50 + 4 + 10
        #expect(layout.collectionViewContentSize.height == expectedHeight)
        let all = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 1000))
        #expect(all.filter { $0.representedElementCategory == .cell }.count == 2)
        #expect(all.filter { $0.representedElementCategory == .supplementaryView }.count == 6)
    }

    @Test func noSectionsAndOutOfRangePaths() {
        let layout = prepared(FlowLayout(), in: FakeHost(counts: [], bounds: Rect(x: 0, y: 0, width: 320, height: 400)))
        #expect(layout.collectionViewContentSize == Size(width: 320, height: 0))
        #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 400)).isEmpty)
        let one = prepared(FlowLayout(), in: FakeHost(counts: [2], bounds: Rect(x: 0, y: 0, width: 320, height: 400)))
        #expect(one.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)) == nil)
        #expect(one.layoutAttributesForItem(at: IndexPath(item: -1, section: 0)) == nil)
        #expect(one.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)) == nil)
        #expect(one.layoutAttributesForItem(at: IndexPath(index: 0)) == nil)
    }

    /// A content wider than the viewport (items wider than it) makes the content wider too, so
    /// the view can scroll both ways.
    @Test func contentGrowsAlongLinesForOversizedItems() {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 500, height: 50)
        layout.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        _ = prepared(layout, in: FakeHost(counts: [3], bounds: Rect(x: 0, y: 0, width: 320, height: 400)))
        #expect(layout.collectionViewContentSize == Size(width: 520, height: 170))
    }

    /// An item longer than the line (wider than the viewport when scrolling vertically, taller
    /// when horizontally) starts at the section inset, as in UIKit, so all of it can be scrolled
    /// to; centring it would push its start to a negative position no scroll reaches. Uniform
    /// and delegate-sized sections, both directions.
    @Test(arguments: [ScrollDirection.vertical, .horizontal], [false, true])
    func itemLongerThanTheLineStartsAtTheInset(direction: ScrollDirection, sizedByDelegate: Bool) {
        let vertical = direction == .vertical
        let long = vertical ? Size(width: 500, height: 50) : Size(width: 50, height: 500)
        let layout = FlowLayout()
        layout.scrollDirection = direction
        layout.itemSize = long
        layout.sectionInset = EdgeInsets(top: 7, left: 10, bottom: 7, right: 10)
        let delegate = sizedByDelegate ? SizingDelegate(sizes: [[long, long]]) : nil
        _ = prepared(layout, in: FakeHost(counts: [2], bounds: Rect(x: 0, y: 0, width: 320, height: 320), delegate: delegate))
        // Each on a line of its own, starting at the inset along the line.
        if vertical {
            assertFrame(frame(layout, 0), 10, 7, 500, 50)
            assertFrame(frame(layout, 1), 10, 67, 500, 50)
            #expect(layout.collectionViewContentSize == Size(width: 520, height: 124))
        } else {
            assertFrame(frame(layout, 0), 10, 7, 50, 500)
            assertFrame(frame(layout, 1), 70, 7, 50, 500)
            #expect(layout.collectionViewContentSize == Size(width: 130, height: 514))
        }
        // The rectangle query finds both where the per-item query puts them.
        let all = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 320))
        #expect(all.map(\.frame) == [frame(layout, 0), frame(layout, 1)].compactMap { $0 })
    }

    @Test func propertyChangesInvalidateAndBoundsWidthDecides() {
        let host = FakeHost(counts: [10], bounds: Rect(x: 0, y: 0, width: 320, height: 400))
        let layout = prepared(FlowLayout(), in: host)
        let before = host.invalidations
        layout.itemSize = Size(width: 60, height: 60)
        layout.itemSize = Size(width: 60, height: 60)  // unchanged: no second invalidation
        #expect(host.invalidations == before + 1)
        #expect(layout.needsPrepare)
        layout.prepareIfNeeded()
        #expect(!(layout.needsPrepare))
        #expect(!(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 500, width: 320, height: 400))))
        #expect(!(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 320, height: 900))))
        #expect(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 321, height: 400)))
    }

    /// Subclasses can hand out their own attributes class.
    @Test func customAttributesClass() {
        final class Tinted: LayoutAttributes {}
        final class TintedFlow: FlowLayout {
            override class var layoutAttributesClass: LayoutAttributes.Type { Tinted.self }
        }
        let layout = prepared(TintedFlow(), in: FakeHost(counts: [3], bounds: Rect(x: 0, y: 0, width: 320, height: 400)))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) is Tinted)
        #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 400)).allSatisfy { $0 is Tinted })
    }
}
