/// Sections that scroll across the layout's scroll direction
/// (``LayoutSection/orthogonalScrollingBehavior``): their groups form one row, shifted by the
/// section's own offset; only cells that meet the container's extent across are returned.
extension CompositionalLayout {
    /// The offset of section `section`'s row: 0 shows its start; a row that pages centred
    /// (``OrthogonalScrollingBehavior/groupPagingCentered``) starts with its first group centred,
    /// as UIKit shows it. 0 for any other section.
    public func orthogonalScrollOffset(inSection section: Int) -> Double { orthogonalOffsets[section] ?? startingOffset(section) }

    /// Where a row rests before anyone scrolls it.
    func startingOffset(_ section: Int) -> Double {
        guard sections.indices.contains(section), sections[section].isOrthogonal,
              sections[section].definition?.orthogonalScrollingBehavior == .groupPagingCentered,
              let geometry = orthogonalScrollGeometry(inSection: section) else { return 0 }
        return geometry.leadingInset + geometry.groupExtent / 2 - geometry.containerExtent / 2  // group 0 centred
    }

    /// Scrolls section `section`'s row to `offset` (the view calls it as the row is dragged).
    /// The layout is invalidated with a context that names only the row's cells and badges
    /// shown before and after, and is not laid out again.
    ///
    /// - Complexity: O(cells shown in the row).
    public func setOrthogonalScrollOffset(_ offset: Double, inSection section: Int) {
        guard offset.isFinite, offset != orthogonalScrollOffset(inSection: section) else { return }
        let context = Self.invalidationContextClass.init()
        var cells = Set<IndexPath>(), badges: [String: Set<IndexPath>] = [:]
        func note() {
            for (path, leaf, _) in orthogonalBand(section) {
                cells.insert(path)
                for badge in leaf.item?.supplementaryItems ?? [] { badges[badge.elementKind, default: []].insert(path) }
            }
        }
        note()
        orthogonalOffsets[section] = offset
        note()
        context.invalidateItems(at: cells.sorted())
        for (kind, paths) in badges { context.invalidateSupplementaryElements(ofKind: kind, at: paths.sorted()) }
        (context as? CompositionalLayoutInvalidationContext)?.isOrthogonalScroll = true
        invalidateLayout(with: context)
    }

    /// The geometry of section `section`'s row, for resting offsets; nil when the section
    /// does not scroll across.
    public func orthogonalScrollGeometry(inSection section: Int) -> OrthogonalScrollGeometry? {
        guard sections.indices.contains(section), sections[section].isOrthogonal else { return nil }
        let s = sections[section]
        return OrthogonalScrollGeometry(containerExtent: s.container[axes.cross], groupExtent: s.groupCrossExtent, groupSpacing: s.spacing,
                                        leadingInset: s.groupCross, trailingInset: s.crossEndInset, groupCount: s.groupCount)
    }

    /// Where section `section`'s row comes to rest after a scroll that would stop at
    /// `proposedOffset`, at `velocity`, for its behaviour; see
    /// ``OrthogonalScrollGeometry/restingOffset(for:proposedOffset:currentOffset:velocity:)``.
    public func restingOrthogonalScrollOffset(inSection section: Int, proposedOffset: Double, velocity: Double) -> Double {
        guard let geometry = orthogonalScrollGeometry(inSection: section),
              let behavior = sections[section].definition?.orthogonalScrollingBehavior else { return proposedOffset }
        return geometry.restingOffset(for: behavior, proposedOffset: proposedOffset,
                                      currentOffset: orthogonalScrollOffset(inSection: section), velocity: velocity)
    }

    /// The row's offset as a point along the axis it scrolls on.
    func orthogonalOffsetPoint(_ index: Int) -> Point {
        let offset = orthogonalScrollOffset(inSection: index)
        return axes.cross == .horizontal ? Point(x: offset, y: 0) : Point(x: 0, y: offset)
    }

    /// The row's cells that meet the container's extent across, left to right, found by
    /// arithmetic from the offset.
    func orthogonalBand(_ index: Int) -> [(path: IndexPath, leaf: SolvedLeaf, frame: Rect)] {
        guard sections.indices.contains(index), sections[index].isOrthogonal, sections[index].groupCount > 0 else { return [] }
        let s = sections[index], offset = orthogonalScrollOffset(inSection: index)
        let bandEnd = s.container[axes.cross]
        var group = 0
        if s.crossStride > 0 {
            let first = (0 - s.groupCross + offset - s.groupCrossExtent - s.crossOverhangAfter) / s.crossStride
            group = max(0, Int(first.rounded(.down)))
        }
        let main = groupStart(index, 0)
        var band: [(IndexPath, SolvedLeaf, Rect)] = []
        while group < s.groupCount {
            let cross = s.groupCross + Double(group) * s.crossStride - offset
            if cross - s.crossOverhangBefore >= bandEnd { break }
            let origin = axes.point(main: main, cross: cross)
            let first = group * s.perGroup
            for slot in 0..<min(s.perGroup, s.itemCount - first) {
                let leaf = s.template.leaves[slot]
                let frame = leaf.frame.offsetBy(dx: origin.x, dy: origin.y)
                let (a, b) = axes.crossRange(frame)
                if a < bandEnd, b > 0, !frame.isEmpty { band.append((IndexPath(item: first + slot, section: index), leaf, frame)) }
            }
            group += 1
        }
        return band
    }

    /// The attributes of the row's cells and their badges in the band, after the section's
    /// visible-items handler changed them.
    func orthogonalAttributes(_ index: Int) -> [LayoutAttributes] {
        let band = orthogonalBand(index)
        var cells: [LayoutAttributes] = [], badges: [LayoutAttributes] = []
        for (path, leaf, frame) in band {
            cells.append(attributes(.cell, nil, path, frame, zIndex: leaf.zIndex))
            for badge in leaf.item?.supplementaryItems ?? [] {
                badges.append(attributes(.supplementaryView, badge.elementKind, path, badge.frame(on: frame), zIndex: badge.zIndex))
            }
        }
        if !cells.isEmpty, let handler = sections[index].definition?.visibleItemsInvalidationHandler {
            handler(cells, orthogonalOffsetPoint(index), environment)
        }
        return cells + badges
    }
}
