/// Rectangle and per-element queries: sections and groups are found by bisection over their
/// running sums, then cells group by group while groups start before the rectangle ends.
extension CompositionalLayout {
    /// The layout's and sections' boundary items, backgrounds, cells and badges whose frames
    /// intersect `rect`.
    ///
    /// - Complexity: O(log n + k) for k elements returned. A cell or badge that reaches
    ///   outside its group is found as far as the section's template reaches; one that a
    ///   measurement moves outside its group may be missed.
    func elements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        guard let viewRect = FlowLayout.queryable(rect) else { return result }
        let rect = toLayout(viewRect)
        let whole = globalRect
        for item in configuration.boundarySupplementaryItems {
            let frame = boundaryFrame(item, on: whole, container: container)
            if frame.intersects(rect) { result.append(attributes(.supplementaryView, item.elementKind, IndexPath(index: 0), frame, zIndex: item.zIndex)) }
        }
        guard !sections.isEmpty else { return result }
        let (low, high) = axes.range(rect)
        var index = firstIndex(count: sections.count) { self.sectionEnd($0) + self.reach > low }
        while index < sections.count, sectionStart(index) - reach < high {
            appendSection(index, in: rect, to: &result)
            index += 1
        }
        return result
    }

    private func appendSection(_ index: Int, in rect: Rect, to result: inout [LayoutAttributes]) {
        let s = sections[index]
        guard let definition = s.definition else { return }
        let path = IndexPath(item: 0, section: index)
        for decoration in definition.decorationItems {
            guard let frame = decorationFrame(decoration, section: index), frame.intersects(rect) else { continue }
            result.append(attributes(.decorationView, decoration.elementKind, path, frame, zIndex: decoration.zIndex))
        }
        let boundary = boundaryRect(index)
        for item in definition.boundarySupplementaryItems {
            let frame = boundaryFrame(item, on: boundary, container: s.boundaryContainer, section: index)
            if frame.intersects(rect) { result.append(boundaryAttributes(item.elementKind, path, frame, zIndex: item.zIndex, of: definition)) }
        }
        guard s.groupCount > 0 else { return }
        if s.isOrthogonal {
            let viewRect = toLayout(rect)
            result += orthogonalAttributes(index).filter { $0.frame.intersects(viewRect) }
            return
        }
        let list = definition.listConfiguration
        let (low, high) = axes.range(rect)
        let base = s.bodyStart + sectionGrowth.sum(ofFirst: index)
        // Groups whose slot (with the template's overhang) ends before the rectangle cannot reach it.
        let target = low - base - s.overhangAfter
        var group = 0
        if target > 0 {
            if groupGrowth[index].count > 0 {
                group = groupGrowth[index].count(fittingIn: target, base: s.groupStride)
            } else if s.groupStride > 0 {
                group = max(0, Int((target / s.groupStride).rounded(.down)) - 1)
            }
        }
        var start = groupStart(index, min(group, s.groupCount - 1))
        while group < s.groupCount, start - s.overhangBefore < high {
            let laidOut = solved(index, group)
            let origin = axes.point(main: start, cross: s.groupCross)
            let first = group * s.perGroup
            for slot in 0..<min(s.perGroup, s.itemCount - first) {
                let leaf = laidOut.leaves[slot]
                let frame = leaf.frame.offsetBy(dx: origin.x, dy: origin.y)
                let cellPath = IndexPath(item: first + slot, section: index)
                if frame.intersects(rect) {
                    let cell = attributes(.cell, nil, cellPath, frame, zIndex: leaf.zIndex)
                    if let list { cell.listPosition = ListRowPosition(appearance: list.appearance, item: cellPath.item, count: s.itemCount) }
                    result.append(cell)
                }
                if let list {
                    for (kind, line) in separatorFrames(list, at: cellPath, cell: frame, count: s.itemCount) where line.intersects(rect) {
                        result.append(attributes(.decorationView, kind, cellPath, line, zIndex: 1))
                    }
                }
                for badge in leaf.item?.supplementaryItems ?? [] {
                    let badgeFrame = badge.frame(on: frame)
                    if badgeFrame.intersects(rect) {
                        result.append(attributes(.supplementaryView, badge.elementKind, cellPath, badgeFrame, zIndex: badge.zIndex))
                    }
                }
            }
            start += max(0, laidOut.size[axes.scroll]) + s.spacing
            group += 1
        }
    }

    /// The cell's attributes; nil when `indexPath` names no placed item.
    ///
    /// - Complexity: O(log n).
    func itemAttributes(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.count == 2, let (frame, leaf) = cell(indexPath.section, indexPath.item) else { return nil }
        let cell = attributes(.cell, nil, indexPath, frame, zIndex: leaf.zIndex)
        let s = sections[indexPath.section]
        if !s.isOrthogonal, let list = s.definition?.listConfiguration {
            cell.listPosition = ListRowPosition(appearance: list.appearance, item: indexPath.item, count: s.itemCount)
        }
        if sections[indexPath.section].isOrthogonal, let handler = sections[indexPath.section].definition?.visibleItemsInvalidationHandler {
            handler([cell], orthogonalOffsetPoint(indexPath.section), environment)
        }
        return cell
    }

    /// A boundary item of the layout (`[0]`) or of a section (`[section, 0]`), or a badge of a
    /// cell (the cell's path), of `elementKind`.
    ///
    /// - Complexity: O(log n + items of the section or cell).
    func supplementaryAttributes(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        if indexPath.count == 1 {
            guard indexPath[0] == 0, let item = configuration.boundarySupplementaryItems.first(where: { $0.elementKind == elementKind }) else { return nil }
            return attributes(.supplementaryView, elementKind, indexPath, boundaryFrame(item, on: globalRect, container: container), zIndex: item.zIndex)
        }
        guard indexPath.count == 2, sections.indices.contains(indexPath.section) else { return nil }
        let s = sections[indexPath.section]
        if indexPath.item == 0, let item = s.definition?.boundarySupplementaryItems.first(where: { $0.elementKind == elementKind }) {
            let frame = boundaryFrame(item, on: boundaryRect(indexPath.section), container: s.boundaryContainer, section: indexPath.section)
            return boundaryAttributes(elementKind, indexPath, frame, zIndex: item.zIndex, of: s.definition)
        }
        guard let (frame, leaf) = cell(indexPath.section, indexPath.item),
              let badge = leaf.item?.supplementaryItems.first(where: { $0.elementKind == elementKind }) else { return nil }
        return attributes(.supplementaryView, elementKind, indexPath, badge.frame(on: frame), zIndex: badge.zIndex)
    }

    /// A section's header or footer; in a list, with the list's appearance (neither first nor
    /// last), so a list cell used as a header takes a header's background.
    private func boundaryAttributes(_ kind: String, _ path: IndexPath, _ frame: Rect, zIndex: Int, of definition: LayoutSection?) -> LayoutAttributes {
        let boundary = attributes(.supplementaryView, kind, path, frame, zIndex: zIndex)
        if let list = definition?.listConfiguration { boundary.listPosition = ListRowPosition(appearance: list.appearance, isFirst: false, isLast: false) }
        return boundary
    }

    /// A section's decoration of `elementKind` at `[section, 0]`.
    func decorationAttributes(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section) else { return nil }
        if let separator = separatorAttributes(ofKind: elementKind, at: indexPath) { return separator }
        guard indexPath.item == 0,
              let decoration = sections[indexPath.section].definition?.decorationItems.first(where: { $0.elementKind == elementKind }),
              let frame = decorationFrame(decoration, section: indexPath.section)
        else { return nil }
        return attributes(.decorationView, elementKind, indexPath, frame, zIndex: decoration.zIndex)
    }
}

/// A list's separators: decoration views at their rows' index paths, a point thick along the
/// row's edge, above the cells.
extension CompositionalLayout {
    /// The separators the row at `path` (framed `cell`, left to right) shows, by kind.
    func separatorFrames(_ list: ListConfiguration, at path: IndexPath, cell: Rect, count: Int) -> [(String, Rect)] {
        let separators = list.separators(at: path, count: count)
        var lines: [(String, Rect)] = []
        if separators.topSeparatorVisibility == .visible {
            lines.append((ListConfiguration.topSeparatorElementKind, line(along: cell, atEnd: false, insets: separators.topSeparatorInsets)))
        }
        if separators.bottomSeparatorVisibility == .visible {
            lines.append((ListConfiguration.separatorElementKind, line(along: cell, atEnd: true, insets: separators.bottomSeparatorInsets)))
        }
        return lines
    }

    /// A line inside the row at its start or end along the scroll axis, kept from the row's
    /// sides by the insets' leading and trailing (scrolling sideways: top and bottom).
    private func line(along cell: Rect, atEnd: Bool, insets: DirectionalEdgeInsets) -> Rect {
        let thickness = min(1, cell.size[axes.scroll])
        let (start, end) = axes.range(cell), (low, high) = axes.crossRange(cell)
        let before = axes.scroll == .vertical ? insets.leading : insets.top
        let after = axes.scroll == .vertical ? insets.trailing : insets.bottom
        return axes.rect(main: atEnd ? end - thickness : start, cross: low + before,
                         mainLength: thickness, crossLength: max(0, high - low - before - after))
    }

    /// A separator of a list's row, when the row shows it.
    func separatorAttributes(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard kind == ListConfiguration.separatorElementKind || kind == ListConfiguration.topSeparatorElementKind,
              sections.indices.contains(indexPath.section), !sections[indexPath.section].isOrthogonal,
              let list = sections[indexPath.section].definition?.listConfiguration,
              let (frame, _) = cell(indexPath.section, indexPath.item),
              let line = separatorFrames(list, at: indexPath, cell: frame, count: sections[indexPath.section].itemCount).first(where: { $0.0 == kind })
        else { return nil }
        return attributes(.decorationView, kind, indexPath, line.1, zIndex: 1)
    }
}
