/// Self-sizing: cells whose extent along the scroll direction is ``LayoutDimension/estimated(_:)``
/// take what their views measure. A measured cell's group is laid out again with it (a row
/// becomes as tall as its tallest cell when its height is estimated), and how far the group
/// grew goes into running sums per section and across sections, so later groups and sections
/// move without being touched.
extension CompositionalLayout {
    /// The scroll direction's axis when some prepared section has an estimated cell extent
    /// along it; nil otherwise. Estimates across the scroll direction stay estimates.
    var estimatedAxis: Axis? { hasEstimates ? axes.scroll : nil }

    /// The extent along the scroll axis the layout gives an estimated cell now; nil for other
    /// elements.
    func currentExtent(of key: ElementKey) -> Double? {
        if let (index, item) = estimatedBoundaryItem(key) {
            return boundaryLength(item, section: index, in: sections[index].boundaryContainer)
        }
        guard key.category == .cell, key.indexPath.count == 2,
              let (frame, leaf) = cell(key.indexPath.section, key.indexPath.item), leaf.isEstimated,
              !sections[key.indexPath.section].isOrthogonal else { return nil }
        return frame.size[axes.scroll]
    }

    /// The section and boundary item `key` names when that item's extent along the scroll
    /// axis is estimated (a header or footer sized by its view).
    func estimatedBoundaryItem(_ key: ElementKey) -> (Int, BoundarySupplementaryItem)? {
        guard key.category == .supplementaryView, key.indexPath.count == 2, key.indexPath.item == 0, let kind = key.kind,
              sections.indices.contains(key.indexPath.section),
              let item = sections[key.indexPath.section].definition?.boundarySupplementaryItems.first(where: { $0.elementKind == kind }),
              item.layoutSize[axes.scroll].isEstimated else { return nil }
        return (key.indexPath.section, item)
    }

    /// How far a section grows if its boundary item takes `extent`, where that item's room
    /// starts, and whether it is at the section's start (else its end; it may take no room).
    func boundaryGrowth(section index: Int, _ item: BoundarySupplementaryItem, to extent: Double) -> (delta: Double, start: Double, atStart: Bool) {
        let s = sections[index], items = s.definition?.boundarySupplementaryItems ?? []
        let atStart = axes.isAtStart(item.alignment)
        guard item.extendsBoundary, atStart || axes.isAtEnd(item.alignment) else { return (0, sectionStart(index), atStart) }
        let before = boundaryExtent(items, atStart: atStart, in: s.boundaryContainer, section: index)
        let after = boundaryExtent(items, atStart: atStart, in: s.boundaryContainer, section: index, measuredKind: item.elementKind, measuredExtent: extent)
        return (after - before, atStart ? sectionStart(index) : sectionEnd(index) - s.tail, atStart)
    }

    /// How far the cell's group grows if the cell takes `extent`, where the group starts, and
    /// the group laid out so.
    func growth(of key: ElementKey, to extent: Double) -> (delta: Double, start: Double, group: Int, solved: SolvedGroup)? {
        let index = key.indexPath.section, item = key.indexPath.item
        guard currentExtent(of: key) != nil, let definition = sections[index].definition else { return nil }
        let s = sections[index]
        let group = item / s.perGroup
        let laidOut = solveGroup(group, of: s, index: index, definition: definition, extra: (item % s.perGroup, extent))
        let delta = max(0, laidOut.size[axes.scroll]) - max(0, solved(index, group).size[axes.scroll])
        return (delta, groupStart(index, group), group, laidOut)
    }

    /// Takes an extent a view measured: into the measurements always, and into the laid-out
    /// groups when they are current (otherwise the next `prepare()` reads it).
    ///
    /// - Complexity: O(log n + cells per group); the first measurement in a section also
    ///   makes its running sums, O(groups of the section).
    func takeMeasurement(_ key: ElementKey, _ extent: Double) {
        guard extent.isFinite, extent >= 0, currentExtent(of: key) != nil else { return }
        if let (index, item) = estimatedBoundaryItem(key) {
            let change = sectionsAreCurrent && sectionGrowth.count == sections.count ? boundaryGrowth(section: index, item, to: extent) : nil
            measuredBoundary[index, default: [:]][item.elementKind] = extent
            guard let change else { return }
            reach = max(reach, abs(axes.main(item.absoluteOffset)) + (item.extendsBoundary ? 0 : extent))
            guard change.delta != 0 else { return }
            if change.atStart { sections[index].bodyStart += change.delta } else { sections[index].tail += change.delta }
            sectionGrowth.add(change.delta, at: index)
            return
        }
        let index = key.indexPath.section
        let change = sectionsAreCurrent && sectionGrowth.count == sections.count ? growth(of: key, to: extent) : nil
        measured[index, default: [:]][key.indexPath.item] = extent
        guard let change else { return }
        instances[index][change.group] = change.solved
        guard change.delta != 0 else { return }
        if groupGrowth[index].count == 0 { groupGrowth[index] = PrefixSums(count: sections[index].groupCount) }
        groupGrowth[index].add(change.delta, at: change.group)
        sectionGrowth.add(change.delta, at: index)
    }

    /// True when the cell's extent is estimated along the scroll direction and the preferred
    /// one differs from what the layout gives it now.
    func acceptsPreferred(_ preferredAttributes: LayoutAttributes, original originalAttributes: LayoutAttributes) -> Bool {
        guard let current = currentExtent(of: originalAttributes.elementKey) else { return false }
        let extent = preferredAttributes.frame.size[axes.scroll]
        return extent.isFinite && extent >= 0 && abs(extent - current) > 1e-9
    }

    /// Names the cell and carries its extent; the content grows by what its group grows, the
    /// content offset moves by as much when the group starts above the visible bounds (what
    /// the user looks at stays put), and everything from the group on is invalid.
    ///
    /// - Complexity: O(log n + cells per group).
    func preferredContext(_ context: InvalidationContext, _ preferredAttributes: LayoutAttributes, original originalAttributes: LayoutAttributes) -> InvalidationContext {
        let key = originalAttributes.elementKey, extent = preferredAttributes.frame.size[axes.scroll]
        var change: (delta: Double, start: Double)?
        if !sectionsAreCurrent {
            change = nil
        } else if let (index, item) = estimatedBoundaryItem(key) {
            let growth = boundaryGrowth(section: index, item, to: extent)
            change = (growth.delta, growth.start)
        } else if let growth = growth(of: key, to: extent) {
            change = (growth.delta, growth.start)
        }
        if let carrier = context as? CompositionalLayoutInvalidationContext {
            carrier.preferredExtents.append((key, extent))  // taken in invalidateLayout(with:)
        } else {
            takeMeasurement(key, extent)
        }
        guard let change, change.delta != 0 else { return context }
        let vertical = axes.scroll == .vertical
        context.contentSizeAdjustment = vertical ? Size(width: 0, height: change.delta) : Size(width: change.delta, height: 0)
        if let bounds = collectionView?.bounds, change.start < axes.range(toLayout(bounds)).0 {
            let shift = vertical || layoutDirection == .leftToRight ? change.delta : 0
            context.contentOffsetAdjustment = vertical ? Point(x: 0, y: shift) : Point(x: shift, y: 0)
        }
        let far = 1e15
        context.invalidatedRect = toLayout(axes.rect(main: change.start, cross: -far, mainLength: far, crossLength: 2 * far))
        return context
    }

    /// The measurements and orthogonal offsets, with index paths of after an update; dropped
    /// when the update does not fit the prepared counts.
    func remap(by updateItems: [CollectionViewUpdateItem]) {
        guard !measured.isEmpty || !measuredBoundary.isEmpty || !orthogonalOffsets.isEmpty, let host = collectionView else { return }
        let oldCounts = sections.map(\.itemCount)
        let newCounts = (0..<max(0, host.numberOfSections)).map { max(0, host.numberOfItems(inSection: $0)) }
        guard let map = try? UpdateIndexMap(oldCounts: oldCounts, newCounts: newCounts, update: BatchUpdate(updateItems: updateItems)) else {
            measured = [:]
            measuredBoundary = [:]
            orthogonalOffsets = [:]
            return
        }
        var boundary: [Int: [String: Double]] = [:]
        for (section, extents) in measuredBoundary where !map.isSectionReloaded(old: section) {
            if let new = map.newSection(forOld: section) { boundary[new] = extents }
        }
        measuredBoundary = boundary
        var cells: [Int: [Int: Double]] = [:]
        for (section, items) in measured where !map.isSectionReloaded(old: section) {
            for (item, extent) in items {
                let old = IndexPath(item: item, section: section)
                guard !map.isReloaded(old: old), let path = map.newIndexPath(forOld: old) else { continue }
                cells[path.section, default: [:]][path.item] = extent
            }
        }
        measured = cells
        var offsets: [Int: Double] = [:]
        for (section, offset) in orthogonalOffsets {
            if let new = map.newSection(forOld: section) { offsets[new] = offset }
        }
        orthogonalOffsets = offsets
    }
}
