import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// Rectangle queries of the compositional layout against a brute-force scan: random sections
/// (columns, nested groups, insets, spacing, headers and footers extending or overlapping and
/// pinned, badges, backgrounds, estimated extents with measurements), both scroll directions,
/// both layout directions, rows that scroll across at random offsets. A rectangle query must return exactly the elements whose frames,
/// as the per-element queries give them, intersect it.
@MainActor
struct CompositionalQueryTests {
    func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize { LayoutSize(widthDimension: w, heightDimension: h) }

    /// A list section of a random appearance, header and footer modes and separators.
    func randomList(_ rng: inout SplitMix64, width: Double) -> LayoutSection {
        let appearances: [ListAppearance] = [.plain, .grouped, .insetGrouped, .sidebar]
        var configuration = ListConfiguration(appearance: appearances[Int.random(in: 0..<4, using: &rng)])
        configuration.headerMode = [ListHeaderMode.none, .supplementary, .firstItemInSection][Int.random(in: 0..<3, using: &rng)]
        configuration.footerMode = Bool.random(using: &rng) ? .supplementary : .none
        configuration.estimatedRowHeight = Double(Int.random(in: 20...60, using: &rng))
        if Bool.random(using: &rng) { configuration.maximumWidth = Double(Int.random(in: 100...400, using: &rng)) }
        configuration.separatorConfiguration.bottomSeparatorInsets = DirectionalEdgeInsets(top: 0, leading: Double(Int.random(in: 0...30, using: &rng)), bottom: 0, trailing: 0)
        let period = Int.random(in: 2...5, using: &rng)
        if Bool.random(using: &rng) {
            configuration.itemSeparatorHandler = { path, separators in
                var separators = separators
                if path.item % period == 0 { separators.topSeparatorVisibility = .visible }
                if path.item % period == 1 { separators.bottomSeparatorVisibility = .hidden }
                return separators
            }
        }
        let section = LayoutSection.list(using: configuration, layoutEnvironment: LayoutEnvironment(container: LayoutContainer(contentSize: Size(width: width, height: 240))))
        section.supplementariesFollowContentInsets = Bool.random(using: &rng)
        return section
    }

    func randomSection(_ rng: inout SplitMix64, vertical: Bool) -> LayoutSection {
        if vertical, Int.random(in: 0..<4, using: &rng) == 0 { return randomList(&rng, width: 320) }
        let columns = Int.random(in: 1...4, using: &rng)
        let estimated = Int.random(in: 0..<3, using: &rng) == 0
        let extent = Double(Int.random(in: 10...80, using: &rng))
        let itemMain: LayoutDimension = estimated ? .estimated(extent) : .absolute(extent)
        let fraction = LayoutDimension.fractionalWidth(1 / Double(columns))
        let badge = LayoutSupplementaryItem(layoutSize: size(.absolute(12), .absolute(12)), elementKind: "badge",
                                            containerAnchor: LayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.5, y: -0.5)))
        let item = LayoutItem(layoutSize: vertical ? size(fraction, itemMain) : size(itemMain, .fractionalHeight(1 / Double(columns))),
                              supplementaryItems: Bool.random(using: &rng) ? [badge] : [])
        if Bool.random(using: &rng) { item.contentInsets = DirectionalEdgeInsets(all: Double(Int.random(in: 0...4, using: &rng))) }
        let groupSize = vertical ? size(.fractionalWidth(1), itemMain) : size(itemMain, .fractionalHeight(1))
        var group = vertical ? LayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
                             : LayoutGroup.vertical(layoutSize: groupSize, subitems: [item])
        if !estimated, Bool.random(using: &rng) {  // two rows stacked in one group
            let outer = 2 * extent + 5
            group = vertical ? LayoutGroup.vertical(layoutSize: size(.fractionalWidth(1), .absolute(outer)), subitems: [group])
                             : LayoutGroup.horizontal(layoutSize: size(.absolute(outer), .fractionalHeight(1)), subitems: [group])
            group.interItemSpacing = .fixed(5)
        }
        let section = LayoutSection(group: group)
        section.interGroupSpacing = Double(Int.random(in: 0...10, using: &rng))
        section.contentInsets = DirectionalEdgeInsets(top: Double(Int.random(in: 0...20, using: &rng)), leading: Double(Int.random(in: 0...20, using: &rng)),
                                                      bottom: Double(Int.random(in: 0...20, using: &rng)), trailing: Double(Int.random(in: 0...20, using: &rng)))
        let boundarySize = vertical ? size(.fractionalWidth(1), .absolute(30)) : size(.absolute(30), .fractionalHeight(1))
        if Bool.random(using: &rng) {
            let estimatedSize = vertical ? size(.fractionalWidth(1), .estimated(30)) : size(.estimated(30), .fractionalHeight(1))
            let header = BoundarySupplementaryItem(layoutSize: Bool.random(using: &rng) ? estimatedSize : boundarySize, elementKind: "header",
                                                   alignment: vertical ? .top : .leading)
            header.extendsBoundary = Bool.random(using: &rng)
            header.pinToVisibleBounds = Bool.random(using: &rng)
            section.boundarySupplementaryItems.append(header)
        }
        if Bool.random(using: &rng) {
            let footer = BoundarySupplementaryItem(layoutSize: boundarySize, elementKind: "footer", alignment: vertical ? .bottom : .trailing)
            footer.extendsBoundary = Bool.random(using: &rng)
            section.boundarySupplementaryItems.append(footer)
        }
        if Int.random(in: 0..<4, using: &rng) == 0 { section.orthogonalScrollingBehavior = .continuous }
        if Bool.random(using: &rng) {
            let background = DecorationItem.background(elementKind: "background")
            background.contentInsets = DirectionalEdgeInsets(all: 4)
            if Bool.random(using: &rng) { background.extent = .groups }
            section.decorationItems.append(background)
        }
        section.supplementariesFollowContentInsets = Bool.random(using: &rng)
        return section
    }

    /// Every element by its per-element query; in a row that scrolls across, only the cells
    /// (and their badges) that meet the container across.
    func everything(_ layout: CompositionalLayout, counts: [Int]) -> [ElementKey: Rect] {
        var all: [ElementKey: Rect] = [:]
        let vertical = layout.configuration.scrollDirection == .vertical
        let band = vertical ? layout.collectionViewContentSize.width : layout.collectionViewContentSize.height
        func shown(_ frame: Rect, _ section: Int) -> Bool {
            guard layout.orthogonalScrollGeometry(inSection: section) != nil else { return true }
            let (low, high) = vertical ? (frame.minX, frame.maxX) : (frame.minY, frame.maxY)
            return low < band && high > 0 && !frame.isEmpty
        }
        func add(_ attributes: LayoutAttributes?) { if let attributes { all[attributes.elementKey] = attributes.frame } }
        add(layout.layoutAttributesForSupplementaryView(ofKind: "global-header", at: IndexPath(index: 0)))
        for (section, count) in counts.enumerated() {
            let path = IndexPath(item: 0, section: section)
            add(layout.layoutAttributesForSupplementaryView(ofKind: "header", at: path))
            add(layout.layoutAttributesForSupplementaryView(ofKind: "footer", at: path))
            add(layout.layoutAttributesForDecorationView(ofKind: "background", at: path))
            for kind in [ElementKind.sectionHeader, ElementKind.sectionFooter] { add(layout.layoutAttributesForSupplementaryView(ofKind: kind, at: path)) }
            for kind in [ListConfiguration.groupedBackgroundElementKind, ListConfiguration.insetGroupedBackgroundElementKind] {
                add(layout.layoutAttributesForDecorationView(ofKind: kind, at: path))
            }
            for item in 0..<count {
                let itemPath = IndexPath(item: item, section: section)
                guard let cell = layout.layoutAttributesForItem(at: itemPath), shown(cell.frame, section) else { continue }
                add(cell)
                add(layout.layoutAttributesForSupplementaryView(ofKind: "badge", at: itemPath))
                for kind in [ListConfiguration.separatorElementKind, ListConfiguration.topSeparatorElementKind] {
                    add(layout.layoutAttributesForDecorationView(ofKind: kind, at: itemPath))
                }
            }
        }
        return all
    }

    func check(_ layout: CompositionalLayout, counts: [Int], _ rng: inout SplitMix64, seed: UInt64) {
        layout._checkInvariants()
        let all = everything(layout, counts: counts)
        let content = layout.collectionViewContentSize
        var rects = [Rect.infinite]
        for _ in 0..<25 {
            rects.append(Rect(x: Double.random(in: -50...(content.width + 50), using: &rng),
                              y: Double.random(in: -50...(content.height + 50), using: &rng),
                              width: Double.random(in: 1...300, using: &rng), height: Double.random(in: 1...300, using: &rng)))
        }
        for rect in rects {
            var found: [ElementKey: Rect] = [:]
            for attributes in layout.layoutAttributesForElements(in: rect) {
                #expect(found[attributes.elementKey] == nil, "seed \(seed): \(attributes.elementKey) twice")
                found[attributes.elementKey] = attributes.frame
            }
            let expected = all.filter { $0.value.intersects(rect) }
            #expect(found == expected, "seed \(seed), rect \(rect): \(found.count) found, \(expected.count) expected")
        }
    }

    @Test(arguments: 0..<100 as Range<UInt64>)
    func rectQueriesMatchABruteForceScan(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let vertical = Bool.random(using: &rng)
        let sectionCount = Int.random(in: 1...6, using: &rng)
        let counts = (0..<sectionCount).map { _ in Int.random(in: 0...60, using: &rng) }
        let definitions = (0..<sectionCount).map { _ in randomSection(&rng, vertical: vertical) }
        let configuration = CompositionalLayoutConfiguration()
        configuration.scrollDirection = vertical ? .vertical : .horizontal
        configuration.interSectionSpacing = Double(Int.random(in: 0...20, using: &rng))
        if Bool.random(using: &rng) {
            let global = BoundarySupplementaryItem(
                layoutSize: vertical ? size(.fractionalWidth(1), .absolute(50)) : size(.absolute(50), .fractionalHeight(1)),
                elementKind: "global-header", alignment: vertical ? .top : .leading)
            configuration.boundarySupplementaryItems = [global]
        }
        let offset = Double(Int.random(in: 0...400, using: &rng))
        let host = FakeHost(counts: counts, bounds: Rect(x: vertical ? 0 : offset, y: vertical ? offset : 0, width: 320, height: 240))
        let layout = CompositionalLayout(sectionProvider: { index, _ in definitions[index] }, configuration: configuration)
        layout.layoutDirection = Bool.random(using: &rng) ? .rightToLeft : .leftToRight
        _ = prepared(layout, in: host)
        for section in 0..<sectionCount where layout.orthogonalScrollGeometry(inSection: section) != nil {
            layout.setOrthogonalScrollOffset(Double(Int.random(in: -100...900, using: &rng)), inSection: section)
        }
        layout.prepareIfNeeded()
        check(layout, counts: counts, &rng, seed: seed)

        // Measure some estimated cells, headers and footers: groups and sections grow and
        // shrink, later ones move.
        for _ in 0..<30 {
            let section = Int.random(in: 0..<sectionCount, using: &rng)
            let boundaryKinds = ["header", "footer", ElementKind.sectionHeader, ElementKind.sectionFooter]
            let boundary = Bool.random(using: &rng) ? layout.layoutAttributesForSupplementaryView(
                ofKind: boundaryKinds[Int.random(in: 0..<4, using: &rng)], at: IndexPath(item: 0, section: section)) : nil
            guard boundary != nil || counts[section] > 0 else { continue }
            let path = IndexPath(item: Int.random(in: 0..<max(1, counts[section]), using: &rng), section: section)
            guard let original = boundary ?? layout.layoutAttributesForItem(at: path) else { continue }
            let preferred = original.copy()
            let extent = Double(Int.random(in: 5...120, using: &rng))
            if vertical { preferred.frame.size.height = extent } else { preferred.frame.size.width = extent }
            guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original) else { continue }
            layout.invalidateLayout(with: layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
            layout.prepareIfNeeded()
        }
        check(layout, counts: counts, &rng, seed: seed)

        // A full pass takes the same measurements again.
        let before = everything(layout, counts: counts)
        layout.invalidateLayout()
        layout.prepareIfNeeded()
        #expect(everything(layout, counts: counts) == before, "seed \(seed): a new pass moved measured elements")
        check(layout, counts: counts, &rng, seed: seed)
    }
}
