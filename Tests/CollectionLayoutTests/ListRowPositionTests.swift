import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// Where the list layout tells each row it sits (``LayoutAttributes/listPosition``): every
/// appearance, every section size up to 5, from the rectangle query and the per-item query
/// alike, and again after updates that change which row is first or last.
@MainActor
struct ListRowPositionTests {
    func make(_ appearance: ListAppearance, counts: [Int]) -> (CompositionalLayout, FakeHost) {
        let host = FakeHost(counts: counts, bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        return (prepared(CompositionalLayout.list(using: ListConfiguration(appearance: appearance)), in: host), host)
    }

    func position(_ layout: CompositionalLayout, _ item: Int, _ section: Int) -> ListRowPosition? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.listPosition
    }

    @Test(arguments: [ListAppearance.plain, .grouped, .insetGrouped, .sidebar])
    func everyRowKnowsItsAppearanceAndWhetherItIsFirstOrLast(_ appearance: ListAppearance) {
        for count in 1...5 {
            let (layout, host) = make(appearance, counts: [count, 2])
            defer { _ = host }
            let queried = Dictionary(uniqueKeysWithValues: layout.layoutAttributesForElements(in: .infinite)
                .filter { $0.representedElementCategory == .cell }.map { ($0.indexPath, $0.listPosition) })
            for section in 0..<2 {
                let rows = section == 0 ? count : 2
                for item in 0..<rows {
                    let expected = ListRowPosition(appearance: appearance, isFirst: item == 0, isLast: item == rows - 1)
                    #expect(position(layout, item, section) == expected, "\(count) rows, [\(section), \(item)]")
                    #expect(queried[IndexPath(item: item, section: section)] == expected, "\(count) rows, [\(section), \(item)] in a rectangle")
                }
            }
        }
    }

    @Test func headersAndFootersHaveTheAppearanceAndDecorationsNoPosition() {
        var configuration = ListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        configuration.footerMode = .supplementary
        let host = FakeHost(counts: [3], bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let layout = prepared(CompositionalLayout.list(using: configuration), in: host)
        let all = layout.layoutAttributesForElements(in: .infinite)
        let decorations = all.filter { $0.representedElementCategory == .decorationView }
        #expect(!decorations.isEmpty)
        #expect(decorations.allSatisfy { $0.listPosition == nil })
        let boundary = ListRowPosition(appearance: .insetGrouped, isFirst: false, isLast: false)
        let supplementary = all.filter { $0.representedElementCategory == .supplementaryView }
        #expect(supplementary.count == 2)
        #expect(supplementary.allSatisfy { $0.listPosition == boundary })
        for kind in [ElementKind.sectionHeader, ElementKind.sectionFooter] {
            #expect(layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: 0))?.listPosition == boundary)
        }
    }

    @Test func aSectionThatIsNoListGivesNoPosition() {
        let host = FakeHost(counts: [3], bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let row = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40))
        let layout = prepared(CompositionalLayout(section: LayoutSection(group: .horizontal(layoutSize: row, subitems: [LayoutItem(layoutSize: row)]))), in: host)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.listPosition == nil)
        #expect(layout.layoutAttributesForElements(in: .infinite).allSatisfy { $0.listPosition == nil })
    }

    /// Deleting the first row makes the second the first; inserting above it takes that away
    /// again; deleting the last makes the one before it the last. The attributes differ, so a
    /// view that compares them applies the new ones.
    @Test func updatesMoveFirstAndLastToOtherRows() {
        let (layout, host) = make(.insetGrouped, counts: [3])
        #expect(position(layout, 1, 0) == ListRowPosition(appearance: .insetGrouped, isFirst: false, isLast: false))

        host.counts = [2]
        layout.prepare(forCollectionViewUpdates: [CollectionViewUpdateItem(action: .delete, before: IndexPath(item: 0, section: 0), after: nil)])
        layout.invalidateLayout()
        layout.prepareIfNeeded()
        let first = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
        #expect(first.listPosition == ListRowPosition(appearance: .insetGrouped, isFirst: true, isLast: false))

        host.counts = [3]
        layout.prepare(forCollectionViewUpdates: [CollectionViewUpdateItem(action: .insert, before: nil, after: IndexPath(item: 0, section: 0))])
        layout.invalidateLayout()
        layout.prepareIfNeeded()
        #expect(position(layout, 0, 0) == ListRowPosition(appearance: .insetGrouped, isFirst: true, isLast: false))
        #expect(position(layout, 1, 0) == ListRowPosition(appearance: .insetGrouped, isFirst: false, isLast: false))

        // The last row goes: the row before it keeps its frame, and only its position changes.
        let middle = layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!
        host.counts = [2]
        layout.prepare(forCollectionViewUpdates: [CollectionViewUpdateItem(action: .delete, before: IndexPath(item: 2, section: 0), after: nil)])
        layout.invalidateLayout()
        layout.prepareIfNeeded()
        let last = layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!
        #expect(last.frame == middle.frame)
        #expect(last.listPosition == ListRowPosition(appearance: .insetGrouped, isFirst: false, isLast: true))
        #expect(last != middle)
    }

    @Test func copiesKeepThePositionAndEqualityComparesIt() {
        let a = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        a.listPosition = ListRowPosition(appearance: .grouped, isFirst: true, isLast: false)
        let b = a.copy()
        #expect(b.listPosition == a.listPosition)
        #expect(a == b)
        b.listPosition?.isLast = true
        #expect(a != b)
        b.listPosition = nil
        #expect(a != b)
        #expect(a.copy(indexPath: IndexPath(item: 4, section: 0)).listPosition == a.listPosition)
        // An animation's frames carry the destination's position.
        let c = a.copy()
        c.listPosition = nil
        #expect(a.interpolated(to: c, fraction: 0.5).listPosition == nil)
        #expect(a.description.contains("list=grouped,first"))
    }
}
