import FoundationEssentials

/// A line-based layout (`UICollectionViewFlowLayout`): items fill lines across the scroll
/// direction, lines stack along it, each section has an optional header and footer.
///
/// - Complexity: `prepare()` is O(sections) when every item has `itemSize` (no per-item work
///   or storage, so ten million items cost what ten do), and O(items) with per-item sizes from a
///   `FlowLayoutDelegate`. A rectangle query costs O(log n + k) for k elements returned.
///
/// Spacings below zero are treated as zero.
open class FlowLayout: CollectionViewLayout {
    /// The kind of the section headers (`UICollectionView.elementKindSectionHeader`): register
    /// a supplementary view for it to show them.
    public static let elementKindSectionHeader = ElementKind.sectionHeader
    /// The kind of the section footers (`UICollectionView.elementKindSectionFooter`).
    public static let elementKindSectionFooter = ElementKind.sectionFooter

    /// The size of every item, unless the delegate sizes them. UIKit's default: 50x50.
    public var itemSize = Size(width: 50, height: 50) { didSet { invalidateIfChanged(oldValue != itemSize) } }
    /// The minimum gap between lines. Default 10.
    public var minimumLineSpacing = 10.0 { didSet { invalidateIfChanged(oldValue != minimumLineSpacing) } }
    /// The minimum gap between items on a line; it only decides how many fit. Default 10.
    public var minimumInteritemSpacing = 10.0 { didSet { invalidateIfChanged(oldValue != minimumInteritemSpacing) } }
    /// Space around each section's items (not around its header and footer). Default none.
    /// The layout is written left to right and mirrored in a right-to-left view, so `left` is
    /// the leading side; ``sectionDirectionalInset`` says so by name.
    public var sectionInset = EdgeInsets.zero { didSet { invalidateIfChanged(oldValue != sectionInset) } }

    /// ``sectionInset`` by reading direction: `leading` is the side lines start from, on the
    /// right in a right-to-left view.
    public var sectionDirectionalInset: DirectionalEdgeInsets {
        get { DirectionalEdgeInsets(top: sectionInset.top, leading: sectionInset.left, bottom: sectionInset.bottom, trailing: sectionInset.right) }
        set { sectionInset = newValue.edgeInsets(for: developmentLayoutDirection) }
    }
    /// Header size; only its extent in the scroll direction counts, zero means no header.
    public var headerReferenceSize = Size.zero { didSet { invalidateIfChanged(oldValue != headerReferenceSize) } }
    /// Footer size; only its extent in the scroll direction counts, zero means no footer.
    public var footerReferenceSize = Size.zero { didSet { invalidateIfChanged(oldValue != footerReferenceSize) } }
    /// The direction the content scrolls in (`scrollDirection`); lines run across it. Default
    /// vertical: rows filled left to right, stacked downward.
    public var scrollDirection = ScrollDirection.vertical { didSet { invalidateIfChanged(oldValue != scrollDirection) } }
    /// Whether a section's header stays at the top (the leading edge, scrolling sideways) of
    /// the visible bounds while its section is scrolled through, until the next section's
    /// header pushes it off (`sectionHeadersPinToVisibleBounds`). Default false.
    ///
    /// Each scrolled frame then invalidates the layout with a context that names only the
    /// headers and footers of the sections on screen: nothing is laid out again.
    public var sectionHeadersPinToVisibleBounds = false { didSet { invalidateIfChanged(oldValue != sectionHeadersPinToVisibleBounds) } }
    /// Whether a section's footer stays at the bottom (trailing edge) of the visible bounds
    /// while its section is on screen (`sectionFootersPinToVisibleBounds`). Default false.
    public var sectionFootersPinToVisibleBounds = false { didSet { invalidateIfChanged(oldValue != sectionFootersPinToVisibleBounds) } }

    /// A size that tells the layout to size items by their content (`automaticSize`): set
    /// ``estimatedItemSize`` to it to take ``itemSize`` as the estimate.
    public static let automaticSize = Size(width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    /// The size items have until their views measure themselves (`estimatedItemSize`); zero,
    /// the default, turns self-sizing off.
    ///
    /// When it is set, every item starts at this size; when its view is shown, the view
    /// measures its extent in the scroll direction (its height, scrolling vertically) at the
    /// estimate's extent along the lines, and the layout takes it: a line is as thick as its
    /// thickest item. Headers and footers measure themselves too, their reference sizes being
    /// their estimates. Lines keep the estimate's columns; the delegate's `sizeForItemAt` is
    /// not asked.
    ///
    /// - Complexity: a measurement costs O(log n), and so does finding the lines in a
    ///   rectangle: lines keep how much they grew in a ``PrefixSums``, sections likewise, so a
    ///   million estimated items scroll as a million fixed ones do.
    public var estimatedItemSize = Size.zero { didSet { invalidateIfChanged(oldValue != estimatedItemSize) } }

    /// Whether views size the items (``estimatedItemSize`` is not zero).
    public var isSelfSizing: Bool { estimatedItemSize != .zero }

    /// The size an item has before its view measures it.
    var estimate: Size { estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize }

    /// Set to false by the delegate's default `sizeForItemAt` when a delegate leaves it out.
    var delegateSizesItems = false

    // Prepared state.
    var axes = FlowAxes(direction: .vertical)
    var sections: [FlowSection] = []
    private(set) var alongExtent = 0.0  // the bounds' extent along lines when prepared
    // Varied sections share these: per line its across start and thickness and its first item,
    // and per item its frame (already in x/y).
    private(set) var lineStarts: [Double] = []
    private(set) var lineThickness: [Double] = []
    private(set) var lineFirstItem: [Int32] = []
    private(set) var frames: [Rect] = []
    // Self-sizing: what views measured; per section how much each line grew beyond the
    // estimate (plain and as running sums); per section how much it grew since `prepare()`.
    var measurements = FlowMeasurements()
    var lineGrowth: [[Double]] = []
    var lineGrowthSums: [PrefixSums] = []
    var sectionGrowth = PrefixSums(count: 0)
    /// The visible bounds pinned headers and footers stick to, as of the last `prepare()`.
    private(set) var pinBounds = Rect.zero
    /// Whether the lines are laid out for the current data and extent: an invalidation that
    /// names elements (a scroll with pinned headers) only moves the pinned views.
    private(set) var linesAreCurrent = false
    /// Whether a measurement can go straight into the laid-out lines.
    var linesAreCurrentForMeasuring: Bool { linesAreCurrent && sectionGrowth.count == sections.count && sectionGrowth.count > 0 }
    var pins: Bool { sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds }

    /// A flow layout with UIKit's defaults: 50x50 items, spacings of 10, no section insets,
    /// headers or footers, scrolling vertically. Changing a property later invalidates it.
    public override init() { super.init() }

    private func invalidateIfChanged(_ changed: Bool) {
        if changed { invalidateLayout() }
    }

    /// True: lines fill from the right in a right-to-left direction (UIKit's flow layout does
    /// the same). ``sectionInset``'s left is then the leading side.
    open override var flipsHorizontallyInOppositeLayoutDirection: Bool { true }

    /// The header and footer kinds: the supplementary views a flow layout places.
    open override var supplementaryElementKinds: [String] {
        [Self.elementKindSectionHeader, Self.elementKindSectionFooter]
    }

    /// Bytes the prepared layout keeps for its sections, lines and frames.
    public var preparedStorageByteCount: Int {
        sections.capacity * MemoryLayout<FlowSection>.stride
            + (lineStarts.capacity + lineThickness.capacity) * MemoryLayout<Double>.stride
            + lineFirstItem.capacity * MemoryLayout<Int32>.stride
            + frames.capacity * MemoryLayout<Rect>.stride
            + measurements.byteCount + lineGrowth.reduce(0) { $0 + 2 * $1.capacity } * MemoryLayout<Double>.stride
    }

    // MARK: Prepare

    /// Lays out every section: reads the counts from the host and, from a
    /// ``FlowLayoutDelegate``, each section's inset, spacings and header and footer sizes and,
    /// when it implements ``FlowLayoutDelegate/collectionView(_:layout:sizeForItemAt:)``, every
    /// item's size; then breaks the items into lines. Call `super` when overriding.
    ///
    /// - Complexity: O(sections) when every item has ``itemSize``; O(items) when the delegate
    ///   sizes items.
    open override func prepare() {
        super.prepare()
        pinBounds = collectionView?.bounds ?? .zero
        guard !linesAreCurrent else { return }
        linesAreCurrent = true
        axes = FlowAxes(direction: scrollDirection)
        sections.removeAll(keepingCapacity: true)
        lineStarts.removeAll(keepingCapacity: true)
        lineThickness.removeAll(keepingCapacity: true)
        lineFirstItem.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        lineGrowth.removeAll(keepingCapacity: true)
        lineGrowthSums.removeAll(keepingCapacity: true)
        guard let host = collectionView else { alongExtent = 0; sectionGrowth = PrefixSums(count: 0); return }
        alongExtent = axes.along(host.bounds.size)

        let delegate = host.layoutDelegate as? FlowLayoutDelegate
        let sectionCount = host.numberOfSections
        let counts = (0..<max(0, sectionCount)).map { max(0, host.numberOfItems(inSection: $0)) }
        // One probe tells whether the delegate sizes items: only its default clears the flag.
        var sizesItems = false
        let selfSizing = isSelfSizing
        if selfSizing {
            let basis = FlowMeasurements.Basis(alongExtent: alongExtent, estimate: estimate, direction: scrollDirection)
            if measurements.basis != basis { measurements = FlowMeasurements(basis: basis) }
            measurements.fit(counts: counts)
        } else {
            measurements = FlowMeasurements()
        }
        if let delegate, !selfSizing, let probe = counts.firstIndex(where: { $0 > 0 }) {
            delegateSizesItems = true
            _ = delegate.collectionView(host, layout: self, sizeForItemAt: IndexPath(item: 0, section: probe))
            sizesItems = delegateSizesItems
        }

        sections.reserveCapacity(counts.count)
        if sizesItems { frames.reserveCapacity(counts.reduce(0, +)) }  // no growth overshoot
        var offset = 0.0
        for (index, count) in counts.enumerated() {
            var section = FlowSection()
            section.itemCount = count
            let inset = delegate.map { $0.collectionView(host, layout: self, insetForSectionAt: index) } ?? sectionInset
            let lineSpacing = delegate.map { $0.collectionView(host, layout: self, minimumLineSpacingForSectionAt: index) } ?? minimumLineSpacing
            let interitem = delegate.map { $0.collectionView(host, layout: self, minimumInteritemSpacingForSectionAt: index) } ?? minimumInteritemSpacing
            let header = delegate.map { $0.collectionView(host, layout: self, referenceSizeForHeaderInSection: index) } ?? headerReferenceSize
            let footer = delegate.map { $0.collectionView(host, layout: self, referenceSizeForFooterInSection: index) } ?? footerReferenceSize
            let i = axes.insets(inset)
            section.lineSpacing = max(0, lineSpacing)
            section.start = offset
            section.headerExtent = max(0, axes.across(header))
            section.footerExtent = max(0, axes.across(footer))
            if selfSizing {  // a header or footer measured before keeps its size
                if section.headerExtent > 0, !measurements.headers[index].isNaN { section.headerExtent = measurements.headers[index] }
                if section.footerExtent > 0, !measurements.footers[index].isNaN { section.footerExtent = measurements.footers[index] }
            }
            section.bodyStart = offset + section.headerExtent + i.acrossStart
            let available = alongExtent - i.alongStart - i.alongEnd
            if sizesItems, let delegate, count > 0 {
                layOutVariedSection(&section, index: index, delegate: delegate, host: host,
                                    lineStart: i.alongStart, available: available, spacing: max(0, interitem))
            } else {
                layOutUniformSection(&section, lineStart: i.alongStart, available: available, spacing: max(0, interitem))
                if selfSizing { layOutMeasuredLines(&section, index: index) }
            }
            section.alongExtentNeeded += i.alongStart + i.alongEnd
            section.end = section.bodyEnd + i.acrossEnd + section.footerExtent
            offset = section.end
            sections.append(section)
        }
        sectionGrowth = PrefixSums(count: selfSizing ? sections.count : 0)
    }

    private func layOutUniformSection(_ s: inout FlowSection, lineStart: Double, available: Double, spacing: Double) {
        s.isUniform = true
        let size = isSelfSizing ? estimate : itemSize
        s.itemAlong = max(0, axes.along(size))
        s.itemAcross = max(0, axes.across(size))
        s.itemsPerLine = FlowLineSpacing.itemsPerLine(item: s.itemAlong, available: available, minimumSpacing: spacing)
        let n = s.itemsPerLine
        // Every line of a uniform section is spaced like a full one, so one item describes it.
        let place = FlowLineSpacing.placement(
            lineStart: lineStart, available: available, total: s.itemAlong, count: 1, capacity: n)
        s.firstColumn = place.first
        s.columnStride = s.itemAlong + place.gap
        let lines = s.uniformLineCount
        s.bodyEnd = s.bodyStart + (lines == 0 ? 0 : Double(lines) * s.itemAcross + Double(lines - 1) * s.lineSpacing)
        s.alongExtentNeeded = s.itemCount == 0 ? 0 : s.itemAlong
    }

    private func layOutVariedSection(
        _ s: inout FlowSection, index: Int, delegate: FlowLayoutDelegate, host: any CollectionViewLayoutHost,
        lineStart: Double, available: Double, spacing: Double
    ) {
        s.isUniform = false
        s.firstLine = lineStarts.count
        s.firstFrame = frames.count
        var sizes: [Size] = []
        sizes.reserveCapacity(s.itemCount)
        for item in 0..<s.itemCount {
            let size = delegate.collectionView(host, layout: self, sizeForItemAt: IndexPath(item: item, section: index))
            sizes.append(Size(width: max(0, size.width), height: max(0, size.height)))
        }
        var across = s.bodyStart
        var lineFirst = 0
        var widest = 0.0
        while lineFirst < s.itemCount {
            // Greedy: add items while they fit with the minimum spacing.
            var used = axes.along(sizes[lineFirst])
            var thickness = axes.across(sizes[lineFirst])
            var next = lineFirst + 1
            while next < s.itemCount {
                let a = axes.along(sizes[next])
                if used + spacing + a > available + 1e-9 { break }
                used += spacing + a
                thickness = max(thickness, axes.across(sizes[next]))
                next += 1
            }
            let count = next - lineFirst
            let total = used - Double(count - 1) * spacing
            let isLast = next == s.itemCount
            let capacity = isLast
                ? FlowLineSpacing.itemsPerLine(item: total / Double(count), available: available, minimumSpacing: spacing)
                : count
            let place = FlowLineSpacing.placement(
                lineStart: lineStart, available: available, total: total, count: count, capacity: capacity)
            var a = place.first
            for item in lineFirst..<next {
                let along = axes.along(sizes[item]), thick = axes.across(sizes[item])
                frames.append(axes.rect(along: a, across: across + (thickness - thick) / 2,
                                        alongLength: along, acrossLength: thick))
                a += along + place.gap
                widest = max(widest, along)
            }
            lineStarts.append(across)
            lineThickness.append(thickness)
            lineFirstItem.append(Int32(truncatingIfNeeded: lineFirst))
            across += thickness + s.lineSpacing
            lineFirst = next
        }
        s.lineCount = lineStarts.count - s.firstLine
        s.bodyEnd = s.lineCount == 0 ? s.bodyStart : across - s.lineSpacing
        s.alongExtentNeeded = widest
    }

    // MARK: Content size and invalidation

    /// The sections stacked in the scroll direction; across it, the bounds' extent, or more
    /// when an item with its section's insets needs more.
    ///
    /// - Complexity: O(sections).
    open override var collectionViewContentSize: Size {
        let acrossTotal = sections.isEmpty ? 0 : section(sections.count - 1).end
        let needed = sections.reduce(0) { max($0, $1.alongExtentNeeded) }
        let along = max(alongExtent, needed)
        return scrollDirection == .vertical
            ? Size(width: along, height: acrossTotal) : Size(width: acrossTotal, height: along)
    }

    /// True when the extent along the lines changes (a width change for vertical scrolling),
    /// since that re-breaks the lines; plain scrolling never invalidates.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        pins || FlowAxes(direction: scrollDirection).along(newBounds.size) != alongExtent
    }

    /// A change of the extent along the lines invalidates everything; a scroll with pinned
    /// headers or footers names those of the sections on screen before and after it.
    ///
    /// - Complexity: O(log s + v) for s sections, v of them on screen.
    open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        guard pins, FlowAxes(direction: scrollDirection).along(newBounds.size) == alongExtent else {
            return super.invalidationContext(forBoundsChange: newBounds)
        }
        let context = Self.invalidationContextClass.init()
        var named = Set<Int>()
        for bounds in [pinBounds, newBounds] {
            let (_, across) = axes.ranges(bounds)
            var index = firstIndex(count: sections.count) { section($0).end > across.0 }
            while index < sections.count, section(index).start < across.1 {
                named.insert(index)
                index += 1
            }
        }
        let paths = named.sorted().map { IndexPath(item: 0, section: $0) }
        if sectionHeadersPinToVisibleBounds { context.invalidateSupplementaryElements(ofKind: Self.elementKindSectionHeader, at: paths) }
        if sectionFootersPinToVisibleBounds { context.invalidateSupplementaryElements(ofKind: Self.elementKindSectionFooter, at: paths) }
        return context
    }

    /// Notes whether the lines must be laid out again: only a context that names elements
    /// (the pinned views of a scroll) leaves them as they are.
    /// A context with sizes that views measured (``estimatedItemSize``) takes them: the lines
    /// after them move, nothing is laid out again.
    open override func invalidateLayout(with context: InvalidationContext) {
        let measured = (context as? FlowLayoutInvalidationContext)?.preferredExtents ?? []
        for (key, extent) in measured { takeMeasurement(key, extent) }
        if context.invalidatesAll || (context.invalidatedItemIndexPaths != nil && measured.isEmpty) { linesAreCurrent = false }
        super.invalidateLayout(with: context)
    }

    // MARK: Self-sizing

    /// The flow layout's context, which carries measured sizes.
    open override class var invalidationContextClass: InvalidationContext.Type { FlowLayoutInvalidationContext.self }

    /// Vertical when scrolling vertically (items measure their heights at the estimate's
    /// width), horizontal when scrolling sideways; nil without ``estimatedItemSize``.
    open override var selfSizingAxis: Axis? {
        isSelfSizing ? (scrollDirection == .vertical ? .vertical : .horizontal) : nil
    }

    /// True when self-sizing and the preferred extent in the scroll direction differs from
    /// the one the layout gives the cell, header or footer now.
    ///
    /// - Complexity: O(1).
    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
                                              withOriginalAttributes originalAttributes: LayoutAttributes) -> Bool {
        guard isSelfSizing, let current = currentExtent(of: originalAttributes.elementKey) else { return false }
        let extent = axes.across(preferredAttributes.frame.size)
        return extent.isFinite && extent >= 0 && abs(extent - current) > 1e-9
    }

    /// Names the element and carries its size; the content grows by what its line, header or
    /// footer grows, the content offset moves by as much when that starts above the visible
    /// bounds (so nothing on screen moves), and everything after it is invalid
    /// (``InvalidationContext/invalidatedRect``).
    ///
    /// - Complexity: O(log n + items per line).
    open override func invalidationContext(forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
                                           withOriginalAttributes originalAttributes: LayoutAttributes) -> InvalidationContext {
        let context = super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        let key = originalAttributes.elementKey, extent = axes.across(preferredAttributes.frame.size)
        let change = linesAreCurrentForMeasuring ? growth(of: key, to: extent) : nil
        if let carrier = context as? FlowLayoutInvalidationContext {
            carrier.preferredExtents.append((key, extent))  // taken in invalidateLayout(with:)
        } else {
            takeMeasurement(key, extent)  // a context class that is not a flow one cannot carry it
        }
        guard let (delta, start) = change, delta != 0 else { return context }
        let vertical = scrollDirection == .vertical
        context.contentSizeAdjustment = vertical ? Size(width: 0, height: delta) : Size(width: delta, height: 0)
        if let bounds = collectionView?.bounds, start < axes.ranges(bounds).across.0 {
            context.contentOffsetAdjustment = vertical ? Point(x: 0, y: delta) : Point(x: delta, y: 0)
        }
        let far = 1e15
        context.invalidatedRect = axes.rect(along: -far, across: start, alongLength: 2 * far, acrossLength: far)
        return context
    }

    /// Keeps what views measured with the items they measured (``estimatedItemSize``).
    open override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        remapMeasurements(updateItems)
    }

    // MARK: Queries

    /// The headers, cells and footers whose frames intersect `rect`, section by section.
    ///
    /// - Complexity: O(log n + k) for k elements returned: the sections and lines that
    ///   intersect `rect` are found by bisection or arithmetic, not by a scan.
    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        guard !sections.isEmpty, let rect = Self.queryable(rect) else { return result }
        let (_, acrossRange) = axes.ranges(rect)
        // The first section that ends after the rectangle starts; sections are in order.
        var index = firstIndex(count: sections.count) { section($0).end > acrossRange.0 }
        while index < sections.count, section(index).start < acrossRange.1 {
            let section = section(index)
            if let header = headerAttributes(section, index), header.frame.intersects(rect) { result.append(header) }
            if section.itemCount > 0 {
                if section.isUniform, isMeasured(index) {
                    appendMeasuredItems(section, index, in: rect, to: &result)
                } else if section.isUniform {
                    appendUniformItems(section, index, in: rect, to: &result)
                } else {
                    appendVariedItems(section, index, in: rect, to: &result)
                }
            }
            if let footer = footerAttributes(section, index), footer.frame.intersects(rect) { result.append(footer) }
            index += 1
        }
        return result
    }

    /// `rect` cut to a finite range the line arithmetic can turn into indexes; nil when it is
    /// empty or NaN. An infinite rectangle still means "everything".
    static func queryable(_ rect: Rect) -> Rect? {
        guard !(rect.minX.isNaN || rect.minY.isNaN || rect.width.isNaN || rect.height.isNaN) else { return nil }
        let limit = 1e15
        let x0 = max(-limit, rect.minX), y0 = max(-limit, rect.minY)
        let x1 = min(limit, rect.maxX), y1 = min(limit, rect.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The cell's attributes; nil when `indexPath` names no item of the prepared layout.
    ///
    /// - Complexity: O(1).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section) else { return nil }
        let section = section(indexPath.section)
        guard indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
        let attributes = Self.layoutAttributesClass.init(category: .cell, kind: nil, indexPath: indexPath)
        attributes.frame = frame(ofItem: indexPath.item, in: section, indexPath.section)
        return attributes
    }

    /// The header or footer of the section that `indexPath` names (its first index); nil for
    /// another kind, a section without one, or a section that does not exist.
    ///
    /// - Complexity: O(1).
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.count >= 1, sections.indices.contains(indexPath.section) else { return nil }
        let section = section(indexPath.section)
        switch elementKind {
        case Self.elementKindSectionHeader: return headerAttributes(section, indexPath.section)
        case Self.elementKindSectionFooter: return footerAttributes(section, indexPath.section)
        default: return nil
        }
    }
}
