import FoundationEssentials

/// A layout composed of items, groups and sections (`UICollectionViewCompositionalLayout`).
///
/// Each section has one group, laid out again along the scroll direction for each run of its
/// items; groups hold items and other groups, sized in fractions of their container, in
/// points, or by estimates that the views replace by measuring themselves. Sections come from
/// one ``LayoutSection`` or from a provider asked per section with the
/// ``LayoutEnvironment`` (so a section can have 2 columns when narrow and 5 when wide).
///
/// Frames are computed left to right and mirrored for ``layoutDirection`` right to left; the
/// view mirrors them again when its own direction differs
/// (``CollectionViewLayout/flipsHorizontallyInOppositeLayoutDirection``).
///
/// - Complexity: `prepare()` is O(sections + cells per group + measured cells): a section's
///   group is laid out once and every run of items reuses it. A rectangle query costs
///   O(log n + k) for k elements returned (sections and groups are found by bisection over
///   running sums), and a measured size O(log n + cells per group).
open class CompositionalLayout: CollectionViewLayout {
    /// What gives the section at an index for an environment.
    public typealias SectionProvider = @MainActor (Int, LayoutEnvironment) -> LayoutSection?

    /// Asked for every section on each full invalidation (a data change, a resize); nil lays
    /// the section's items out nowhere.
    public let sectionProvider: SectionProvider
    /// Scroll direction, spacing between sections and the layout's boundary items
    /// (`configuration`). Setting it invalidates the layout; after changing one of its
    /// properties, call ``CollectionViewLayout/invalidateLayout()``.
    public var configuration: CompositionalLayoutConfiguration { didSet { invalidateLayout() } }
    /// The direction the frames are written for: leading is on the right in right to left.
    /// The section provider sees it in the environment's traits. Default left to right.
    public var layoutDirection = LayoutDirection.leftToRight {
        didSet { if oldValue != layoutDirection { invalidateLayout() } }
    }

    /// A layout whose sections are all `section` (`init(section:configuration:)`).
    public convenience init(section: LayoutSection, configuration: CompositionalLayoutConfiguration = CompositionalLayoutConfiguration()) {
        self.init(sectionProvider: { _, _ in section }, configuration: configuration)
    }

    /// A layout that asks `sectionProvider` for each section
    /// (`init(sectionProvider:configuration:)`).
    public init(sectionProvider: @escaping SectionProvider,
                configuration: CompositionalLayoutConfiguration = CompositionalLayoutConfiguration()) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    // Prepared state.
    var axes = CompositionalAxes(.vertical)
    var sections: [CompositionalSection] = []
    /// Per section, how far each group grew beyond its template (empty until one is measured).
    var groupGrowth: [PrefixSums] = []
    /// Per section, groups laid out with measured cells.
    var instances: [[Int: SolvedGroup]] = []
    /// How far each section grew since `prepare()`.
    var sectionGrowth = PrefixSums(count: 0)
    /// Measured cell extents along the scroll axis, by section and item; they hold while the
    /// bounds' size and the scroll direction do.
    var measured: [Int: [Int: Double]] = [:]
    /// Measured extents along the scroll axis of sections' estimated boundary items, by
    /// section and kind; they hold as cells' do.
    var measuredBoundary: [Int: [String: Double]] = [:]
    private var measuredBasis: Size?
    private(set) var boundsSize = Size.zero
    private(set) var container = Size.zero
    /// The visible bounds pinned boundary items stick to, as of the last `prepare()`, left to right.
    private var pinBounds = Rect.zero
    private var contentMainEnd = 0.0
    var traits = LayoutTraits()
    private(set) var environment = LayoutEnvironment(container: LayoutContainer(contentSize: .zero))
    /// The offsets of sections that scroll across, by section; they outlive passes.
    var orthogonalOffsets: [Int: Double] = [:]
    /// Whether the sections are laid out for the current data and bounds: an invalidation that
    /// names only pinned boundary items (a scroll) leaves them.
    private(set) var sectionsAreCurrent = false
    private(set) var hasPins = false
    private(set) var hasEstimates = false
    /// How far any element reaches outside its section along the scroll axis (overlapping
    /// boundary items, offsets, cells and badges outside their group): the rectangle query
    /// looks this much beyond the sections that intersect the rectangle.
    var reach = 0.0

    /// True: the view mirrors the frames when its direction is not ``layoutDirection``.
    open override var flipsHorizontallyInOppositeLayoutDirection: Bool { true }
    /// ``layoutDirection``.
    open override var developmentLayoutDirection: LayoutDirection { layoutDirection }

    // MARK: Prepare

    /// Asks the section provider for every section, lays each section's group out once, and
    /// stacks the sections along the scroll direction.
    ///
    /// - Complexity: O(sections + cells per group + measured cells).
    open override func prepare() {
        super.prepare()
        guard let host = collectionView else { sections = []; sectionGrowth = PrefixSums(count: 0); return }
        let direction = configuration.scrollDirection
        pinBounds = host.bounds
        axes = CompositionalAxes(direction)
        guard !sectionsAreCurrent else {
            if layoutDirection == .rightToLeft { pinBounds = pinBounds.mirroredHorizontally(inWidth: collectionViewContentSize.width) }
            return
        }
        sectionsAreCurrent = true
        sections.removeAll(keepingCapacity: true)
        groupGrowth.removeAll(keepingCapacity: true)
        instances.removeAll(keepingCapacity: true)
        boundsSize = host.bounds.size
        let basis = Size(width: boundsSize.width, height: direction == .vertical ? boundsSize.height : -boundsSize.height)
        if measuredBasis != basis { measured = [:]; measuredBoundary = [:]; measuredBasis = basis }

        // No safe area or margins are known here: every insets reference is the bounds.
        let layoutContainer = LayoutContainer(contentSize: boundsSize)
        traits = LayoutTraits(layoutDirection: layoutDirection)
        environment = LayoutEnvironment(container: layoutContainer, traitCollection: traits)
        container = layoutContainer.effectiveContentSize
        let global = configuration.boundarySupplementaryItems
        hasPins = global.contains { $0.pinToVisibleBounds }
        hasEstimates = false
        reach = 0
        var offset = boundaryExtent(global, atStart: true, in: container, section: nil)
        let sectionCount = max(0, host.numberOfSections)
        sections.reserveCapacity(sectionCount)
        for index in 0..<sectionCount {
            if index > 0 { offset += max(0, configuration.interSectionSpacing) }
            var section = CompositionalSection()
            section.itemCount = max(0, host.numberOfItems(inSection: index))
            section.start = offset
            section.bodyStart = offset
            section.end = offset
            section.container = container
            var growth = PrefixSums(count: 0)
            var laidOut: [Int: SolvedGroup] = [:]
            if let definition = sectionProvider(index, environment) {
                layOut(&section, definition, index: index, growth: &growth, instances: &laidOut)
            }
            offset = section.end
            sections.append(section)
            groupGrowth.append(growth)
            instances.append(laidOut)
        }
        contentMainEnd = offset + boundaryExtent(global, atStart: false, in: container, section: nil)
        sectionGrowth = PrefixSums(count: sections.count)
        if layoutDirection == .rightToLeft { pinBounds = pinBounds.mirroredHorizontally(inWidth: collectionViewContentSize.width) }
    }

    private func layOut(_ section: inout CompositionalSection, _ definition: LayoutSection, index: Int,
                        growth: inout PrefixSums, instances laidOut: inout [Int: SolvedGroup]) {
        section.definition = definition
        hasPins = hasPins || definition.boundarySupplementaryItems.contains { $0.pinToVisibleBounds }
        hasEstimates = hasEstimates || definition.boundarySupplementaryItems.contains { $0.layoutSize[axes.scroll].isEstimated }
        let insets = definition.contentInsets.edgeInsets(for: .leftToRight)
        let vertical = axes.scroll == .vertical
        let (mainStart, mainEnd, crossStart) = vertical ? (insets.top, insets.bottom, insets.left) : (insets.left, insets.right, insets.top)
        let groupContainer = groupContainer(of: definition)
        let solver = GroupSolver(scrollAxis: axes.scroll, traits: traits)
        let template = solver.solve(definition.group, in: groupContainer)
        section.template = template
        section.perGroup = template.leaves.count
        hasEstimates = hasEstimates || template.leaves.contains { $0.isEstimated }
        section.groupCount = section.perGroup > 0 ? (section.itemCount + section.perGroup - 1) / section.perGroup : 0
        section.groupExtent = max(0, template.size[axes.scroll])
        section.spacing = max(0, definition.interGroupSpacing)
        section.groupCross = crossStart
        var low = 0.0, high = section.groupExtent
        for leaf in template.leaves {
            let (a, b) = axes.range(leaf.frame)
            low = min(low, a); high = max(high, b)
            for badge in leaf.item?.supplementaryItems ?? [] {
                let (c, d) = axes.range(badge.frame(on: leaf.frame))
                low = min(low, c); high = max(high, d)
            }
        }
        section.overhangBefore = -low
        section.overhangAfter = high - section.groupExtent
        section.isOrthogonal = definition.orthogonalScrollingBehavior != .none
        section.groupCrossExtent = max(0, template.size[axes.cross])
        section.crossEndInset = vertical ? insets.right : insets.bottom
        var crossLow = 0.0, crossHigh = section.groupCrossExtent
        for leaf in template.leaves {
            let (a, b) = axes.crossRange(leaf.frame)
            crossLow = min(crossLow, a); crossHigh = max(crossHigh, b)
            for badge in leaf.item?.supplementaryItems ?? [] {
                let (c, d) = axes.crossRange(badge.frame(on: leaf.frame))
                crossLow = min(crossLow, c); crossHigh = max(crossHigh, d)
            }
        }
        section.crossOverhangBefore = -crossLow
        section.crossOverhangAfter = crossHigh - section.groupCrossExtent
        reach = max(reach, section.overhangBefore, section.overhangAfter)
        section.boundaryContainer = container
        if definition.supplementariesFollowContentInsets {
            let (before, after) = vertical ? (insets.left, insets.right) : (insets.top, insets.bottom)
            section.boundaryCrossStart = before
            section.boundaryCrossEnd = after
            section.boundaryContainer[axes.cross] = max(0, container[axes.cross] - before - after)
        }
        let boundaryContainer = section.boundaryContainer
        for item in definition.boundarySupplementaryItems {
            let offset = abs(axes.main(item.absoluteOffset))
            reach = max(reach, offset + (item.extendsBoundary ? 0 : boundaryLength(item, section: index, in: boundaryContainer)))
        }
        let boundary = definition.boundarySupplementaryItems
        section.bodyStart = section.start + boundaryExtent(boundary, atStart: true, in: boundaryContainer, section: index) + mainStart
        let groups = Double(section.groupCount)
        var body = section.groupCount == 0 ? 0 : groups * section.groupExtent + (groups - 1) * section.spacing
        if section.isOrthogonal { body = section.groupCount == 0 ? 0 : section.groupExtent }
        if let cells = measured[index], !cells.isEmpty, section.perGroup > 0, !section.isOrthogonal {
            var values = [Double](repeating: 0, count: section.groupCount)
            let measuredGroups = Set(cells.keys.filter { $0 < section.itemCount }.map { $0 / section.perGroup })
            for group in measuredGroups {
                let solved = solveGroup(group, of: section, index: index, definition: definition)
                laidOut[group] = solved
                values[group] = max(0, solved.size[axes.scroll]) - section.groupExtent
            }
            growth = PrefixSums(values)
            body += growth.total
        }
        section.tail = mainEnd + boundaryExtent(boundary, atStart: false, in: boundaryContainer, section: index)
        section.end = section.bodyStart + body + section.tail
    }

    /// The container of a section's top-level group: the layout's container less the
    /// section's content insets.
    func groupContainer(of definition: LayoutSection) -> Size {
        let insets = definition.contentInsets.edgeInsets(for: .leftToRight)
        return Size(width: max(0, container.width - insets.left - insets.right),
                    height: max(0, container.height - insets.top - insets.bottom))
    }

    /// A group of a section laid out with its measured cells (and `extra`, a measurement not
    /// taken yet).
    func solveGroup(_ group: Int, of section: CompositionalSection, index: Int, definition: LayoutSection,
                    extra: (slot: Int, extent: Double)? = nil) -> SolvedGroup {
        var solver = GroupSolver(scrollAxis: axes.scroll, traits: traits)
        let first = group * section.perGroup
        if let cells = measured[index] {
            for slot in 0..<section.perGroup { if let extent = cells[first + slot] { solver.measured[slot] = extent } }
        }
        if let extra { solver.measured[extra.slot] = extra.extent }
        return solver.solve(definition.group, in: groupContainer(of: definition))
    }

    /// The room boundary items that extend their section take at its start or end, with
    /// `measuredKind` taken as `measuredExtent` when given.
    func boundaryExtent(_ items: [BoundarySupplementaryItem], atStart: Bool, in container: Size, section: Int?,
                        measuredKind: String? = nil, measuredExtent: Double = 0) -> Double {
        items.reduce(0) { extent, item in
            guard item.extendsBoundary, atStart ? axes.isAtStart(item.alignment) : axes.isAtEnd(item.alignment) else { return extent }
            let length = item.elementKind == measuredKind ? measuredExtent : boundaryLength(item, section: section, in: container)
            return max(extent, length)
        }
    }

    /// A boundary item's extent along the scroll axis: what its view measured when that extent
    /// is estimated (sections' items only), else as its size says.
    func boundaryLength(_ item: BoundarySupplementaryItem, section: Int?, in container: Size) -> Double {
        if let section, item.layoutSize[axes.scroll].isEstimated, let extent = measuredBoundary[section]?[item.elementKind] { return extent }
        return max(0, item.layoutSize.resolved(in: container)[axes.scroll])
    }

    // MARK: Positions (left to right, with growth since prepare)

    @inline(__always) func sectionStart(_ index: Int) -> Double { sections[index].start + sectionGrowth.sum(ofFirst: index) }
    @inline(__always) func sectionEnd(_ index: Int) -> Double { sections[index].end + sectionGrowth.sum(ofFirst: index + 1) }
    @inline(__always) func groupStart(_ index: Int, _ group: Int) -> Double {
        let s = sections[index]
        return s.bodyStart + sectionGrowth.sum(ofFirst: index) + Double(group) * s.groupStride + groupGrowth[index].sum(ofFirst: group)
    }
    @inline(__always) func solved(_ index: Int, _ group: Int) -> SolvedGroup { instances[index][group] ?? sections[index].template }

    private var contentMainExtent: Double { contentMainEnd + sectionGrowth.total }

    /// The whole rectangle of a section, boundary items included.
    func sectionRect(_ index: Int) -> Rect {
        let start = sectionStart(index)
        return axes.rect(main: start, cross: 0, mainLength: sectionEnd(index) - start, crossLength: sections[index].container[axes.cross])
    }

    /// Where a section's boundary items are aligned: its rectangle, less its insets across
    /// when they follow them.
    func boundaryRect(_ index: Int) -> Rect {
        let s = sections[index], whole = sectionRect(index)
        let (low, high) = axes.crossRange(whole)
        let (start, end) = axes.range(whole)
        return axes.rect(main: start, cross: low + s.boundaryCrossStart, mainLength: end - start,
                         crossLength: max(0, high - low - s.boundaryCrossStart - s.boundaryCrossEnd))
    }

    /// The rectangle of a section's groups: from the first group's start to the last one's end
    /// along the scroll axis (measured growth included), between its insets across. Nil
    /// without items.
    func groupsRect(_ index: Int) -> Rect? {
        let s = sections[index]
        guard s.groupCount > 0, s.itemCount > 0 else { return nil }
        let start = sectionStart(index) + (s.bodyStart - s.start)
        let end = sectionEnd(index) - s.tail
        let crossEnd = s.container[axes.cross] - s.crossEndInset
        return axes.rect(main: start, cross: s.groupCross, mainLength: max(0, end - start), crossLength: max(0, crossEnd - s.groupCross))
    }

    /// A section decoration's frame; nil when it covers the groups of a section without items.
    func decorationFrame(_ decoration: DecorationItem, section index: Int) -> Rect? {
        let covered = decoration.extent == .section ? sectionRect(index) : groupsRect(index)
        return covered?.inset(by: decoration.contentInsets.edgeInsets(for: .leftToRight))
    }

    /// A cell's frame and its description; nil when the layout places no such cell.
    func cell(_ index: Int, _ item: Int) -> (frame: Rect, leaf: SolvedLeaf)? {
        guard sections.indices.contains(index) else { return nil }
        let s = sections[index]
        guard s.perGroup > 0, item >= 0, item < s.itemCount else { return nil }
        let group = item / s.perGroup
        let leaf = solved(index, group).leaves[item % s.perGroup]
        let origin = s.isOrthogonal
            ? axes.point(main: groupStart(index, 0), cross: s.groupCross + Double(group) * s.crossStride - orthogonalScrollOffset(inSection: index))
            : axes.point(main: groupStart(index, group), cross: s.groupCross)
        return (leaf.frame.offsetBy(dx: origin.x, dy: origin.y), leaf)
    }

    /// A boundary item's frame on `rect`, pinned to the visible bounds when it asks to be; of a
    /// section's (`section`) with its measured extent.
    func boundaryFrame(_ item: BoundarySupplementaryItem, on rect: Rect, container: Size, section: Int? = nil) -> Rect {
        let size = item.layoutSize.resolved(in: container)
        var clampedSize = Size(width: max(0, size.width), height: max(0, size.height))
        clampedSize[axes.scroll] = boundaryLength(item, section: section, in: container)
        let frame = LayoutAnchor(edges: item.alignment.edges, absoluteOffset: item.absoluteOffset)
            .frame(of: clampedSize, on: rect, itemAnchor: nil)
        guard item.pinToVisibleBounds else { return frame }
        let (low, high) = axes.range(rect), (visibleLow, visibleHigh) = axes.range(pinBounds)
        let start = axes.range(frame).0, length = clampedSize[axes.scroll]
        if axes.isAtStart(item.alignment) {
            return axes.moving(frame, toMain: max(start, min(visibleLow, high - length)))
        } else if axes.isAtEnd(item.alignment) {
            return axes.moving(frame, toMain: min(start, max(visibleHigh - length, low)))
        }
        return frame
    }

    var globalRect: Rect {
        axes.rect(main: 0, cross: 0, mainLength: contentMainExtent, crossLength: container[axes.cross])
    }

    // MARK: Content size and invalidation

    /// The sections stacked along the scroll direction; across it, the bounds' extent.
    ///
    /// - Complexity: O(log sections).
    open override var collectionViewContentSize: Size {
        var size = boundsSize
        size[axes.scroll] = contentMainExtent
        return size
    }

    /// True when the bounds' size changes (the sections' environment does: the provider is
    /// asked again) and, with pinned boundary items, on every scroll.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        hasPins || newBounds.size != boundsSize
    }

    /// A resize invalidates everything; a scroll with pinned boundary items names only those
    /// of the sections on screen before and after it.
    ///
    /// - Complexity: O(log s + v) for s sections, v of them on screen.
    open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        guard hasPins, newBounds.size == boundsSize else { return super.invalidationContext(forBoundsChange: newBounds) }
        let context = Self.invalidationContextClass.init()
        var named: [String: Set<IndexPath>] = [:]
        for item in configuration.boundarySupplementaryItems where item.pinToVisibleBounds {
            named[item.elementKind, default: []].insert(IndexPath(index: 0))
        }
        for bounds in [pinBounds, toLayout(newBounds)] {
            let (low, high) = axes.range(bounds)
            var index = firstIndex(count: sections.count) { self.sectionEnd($0) > low }
            while index < sections.count, sectionStart(index) < high {
                for item in sections[index].definition?.boundarySupplementaryItems ?? [] where item.pinToVisibleBounds {
                    named[item.elementKind, default: []].insert(IndexPath(item: 0, section: index))
                }
                index += 1
            }
        }
        for (kind, paths) in named { context.invalidateSupplementaryElements(ofKind: kind, at: paths.sorted()) }
        return context
    }

    /// Notes whether the sections must be laid out again (only a context that names pinned
    /// items leaves them) and takes the sizes views measured.
    open override func invalidateLayout(with context: InvalidationContext) {
        let measuredNow = (context as? CompositionalLayoutInvalidationContext)?.preferredExtents ?? []
        for (key, extent) in measuredNow { takeMeasurement(key, extent) }
        let orthogonal = (context as? CompositionalLayoutInvalidationContext)?.isOrthogonalScroll ?? false
        if context.invalidatesAll || (context.invalidatedItemIndexPaths != nil && measuredNow.isEmpty && !orthogonal) { sectionsAreCurrent = false }
        super.invalidateLayout(with: context)
    }

    /// The compositional layout's context, which carries measured sizes.
    open override class var invalidationContextClass: InvalidationContext.Type { CompositionalLayoutInvalidationContext.self }

    /// The kinds of the prepared sections' boundary items and badges, and the layout's own.
    open override var supplementaryElementKinds: [String] {
        var kinds = configuration.boundarySupplementaryItems.map(\.elementKind)
        for section in sections {
            kinds += section.definition?.boundarySupplementaryItems.map(\.elementKind) ?? []
            for leaf in section.template.leaves { kinds += leaf.item?.supplementaryItems.map(\.elementKind) ?? [] }
        }
        var seen = Set<String>()
        return kinds.filter { seen.insert($0).inserted }
    }

    // MARK: Right to left

    /// A rectangle between the view's coordinates and the left-to-right ones the layout
    /// computes in (the mirror is its own inverse).
    func toLayout(_ rect: Rect) -> Rect {
        layoutDirection == .rightToLeft ? rect.mirroredHorizontally(inWidth: collectionViewContentSize.width) : rect
    }

    func attributes(_ category: ElementCategory, _ kind: String?, _ indexPath: IndexPath, _ frame: Rect, zIndex: Int) -> LayoutAttributes {
        let attributes = Self.layoutAttributesClass.init(category: category, kind: kind, indexPath: indexPath)
        attributes.frame = toLayout(frame)
        attributes.zIndex = zIndex
        return attributes
    }

    /// Keeps what cells measured, and the offsets of rows that scroll across, with the items
    /// and sections they belong to after the update.
    open override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        remap(by: updateItems)
    }

    // MARK: Queries (CompositionalLayout+Queries.swift)

    /// The layout's and sections' boundary items, backgrounds, cells and badges whose frames
    /// intersect `rect`.
    ///
    /// - Complexity: O(log n + k) for k elements returned: sections and groups are found by
    ///   bisection over running sums. A cell or badge reaching outside its group is found as
    ///   far as its section's template reaches; one a measurement moves outside may be missed.
    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { elements(in: rect) }

    /// The cell's attributes; nil when `indexPath` names no placed item.
    ///
    /// - Complexity: O(log n).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { itemAttributes(at: indexPath) }

    /// A boundary item of the layout (`[0]`) or of a section (`[section, 0]`), or a badge of a
    /// cell (at the cell's path), of `elementKind`.
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        supplementaryAttributes(ofKind: elementKind, at: indexPath)
    }

    /// A section's decoration of `elementKind`, at `[section, 0]`.
    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        decorationAttributes(ofKind: elementKind, at: indexPath)
    }

    // MARK: Self-sizing (CompositionalLayout+SelfSizing.swift)

    /// The scroll direction's axis when a prepared section has a cell whose extent along it is
    /// estimated; nil otherwise. Estimates across the scroll direction stay estimates.
    open override var selfSizingAxis: Axis? { estimatedAxis }

    /// True when the cell's extent along the scroll direction is estimated and the preferred
    /// one differs from what the layout gives it now.
    ///
    /// - Complexity: O(log n).
    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
                                              withOriginalAttributes originalAttributes: LayoutAttributes) -> Bool {
        acceptsPreferred(preferredAttributes, original: originalAttributes)
    }

    /// Names the cell and carries its extent; the content grows by what its group grows, the
    /// content offset moves by as much when the group starts above the visible bounds, and
    /// everything from the group on is invalid (``InvalidationContext/invalidatedRect``).
    ///
    /// - Complexity: O(log n + cells per group).
    open override func invalidationContext(forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
                                           withOriginalAttributes originalAttributes: LayoutAttributes) -> InvalidationContext {
        let context = super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        return preferredContext(context, preferredAttributes, original: originalAttributes)
    }
}
