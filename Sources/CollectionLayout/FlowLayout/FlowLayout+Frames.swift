import FoundationEssentials

// The frames and attributes of a flow layout's items, headers and footers, worked out from
// its lines; what the rectangle and element queries return.
extension FlowLayout {
    func frame(ofItem item: Int, in s: FlowSection, _ index: Int) -> Rect {
        if !s.isUniform { return frames[s.firstFrame + item] }
        let line = item / s.itemsPerLine, column = item % s.itemsPerLine
        if isMeasured(index) {
            let start = lineStart(line, in: s, index), thickness = lineThickness(line, in: s, index)
            let extent = measurements.item(item, inSection: index) ?? s.itemAcross
            return axes.rect(along: s.firstColumn + Double(column) * s.columnStride, across: start + (thickness - extent) / 2,
                             alongLength: s.itemAlong, acrossLength: extent)
        }
        return axes.rect(along: s.firstColumn + Double(column) * s.columnStride,
                         across: s.bodyStart + Double(line) * s.uniformLineStride,
                         alongLength: s.itemAlong, acrossLength: s.itemAcross)
    }

    /// A section's header: at the section's start, or pinned to the visible bounds' leading
    /// edge but never past the section's end (the next section's header pushes it off).
    func headerAttributes(_ s: FlowSection, _ index: Int) -> LayoutAttributes? {
        guard s.headerExtent > 0 else { return nil }
        let attributes = Self.layoutAttributesClass.init(
            category: .supplementaryView, kind: Self.elementKindSectionHeader, indexPath: IndexPath(item: 0, section: index))
        var across = s.start
        if sectionHeadersPinToVisibleBounds {
            across = max(s.start, min(axes.ranges(pinBounds).1.0, s.end - s.headerExtent))
        }
        attributes.frame = axes.rect(along: 0, across: across, alongLength: alongExtent, acrossLength: s.headerExtent)
        if pins { attributes.zIndex = 1 }  // over the cells they float above
        return attributes
    }

    /// A section's footer: at the section's end, or pinned to the visible bounds' trailing edge
    /// but never before the section's header.
    func footerAttributes(_ s: FlowSection, _ index: Int) -> LayoutAttributes? {
        guard s.footerExtent > 0 else { return nil }
        let attributes = Self.layoutAttributesClass.init(
            category: .supplementaryView, kind: Self.elementKindSectionFooter, indexPath: IndexPath(item: 0, section: index))
        var across = s.end - s.footerExtent
        if sectionFootersPinToVisibleBounds {
            across = min(across, max(axes.ranges(pinBounds).1.1 - s.footerExtent, s.start + s.headerExtent))
        }
        attributes.frame = axes.rect(along: 0, across: across, alongLength: alongExtent, acrossLength: s.footerExtent)
        if pins { attributes.zIndex = 1 }
        return attributes
    }

    func appendCell(_ item: Int, _ section: Int, frame: Rect, to result: inout [LayoutAttributes]) {
        let attributes = Self.layoutAttributesClass.init(category: .cell, kind: nil, indexPath: IndexPath(item: item, section: section))
        attributes.frame = frame
        result.append(attributes)
    }

    /// Lines and columns come from arithmetic, widened by one each way against rounding; the
    /// exact intersection test then decides, so the answer matches a scan of every frame.
    func appendUniformItems(_ s: FlowSection, _ index: Int, in rect: Rect, to result: inout [LayoutAttributes]) {
        guard s.itemAlong > 0, s.itemAcross > 0 else { return }
        let (alongRange, acrossRange) = axes.ranges(rect)
        let lineCount = s.uniformLineCount
        let stride = s.uniformLineStride
        let firstLine = max(0, Int(((acrossRange.0 - s.bodyStart - s.itemAcross) / stride).rounded(.down)))
        let lastLine = min(lineCount - 1, Int(((acrossRange.1 - s.bodyStart) / stride).rounded(.up)))
        guard firstLine <= lastLine else { return }
        var firstColumn = 0, lastColumn = s.itemsPerLine - 1
        if s.itemsPerLine > 1, s.columnStride > 0 {
            firstColumn = max(0, Int(((alongRange.0 - s.firstColumn - s.itemAlong) / s.columnStride).rounded(.down)))
            lastColumn = min(s.itemsPerLine - 1, Int(((alongRange.1 - s.firstColumn) / s.columnStride).rounded(.up)))
        }
        guard firstColumn <= lastColumn else { return }
        for line in firstLine...lastLine {
            let lineItem = line * s.itemsPerLine
            let end = min(lastColumn, s.itemCount - 1 - lineItem)
            guard firstColumn <= end else { continue }
            for column in firstColumn...end {
                let f = frame(ofItem: lineItem + column, in: s, index)
                if f.intersects(rect) { appendCell(lineItem + column, index, frame: f, to: &result) }
            }
        }
    }

    func appendVariedItems(_ s: FlowSection, _ index: Int, in rect: Rect, to result: inout [LayoutAttributes]) {
        let (_, acrossRange) = axes.ranges(rect)
        let lines = s.firstLine..<(s.firstLine + s.lineCount)
        // Line ends increase (spacings are not negative), so the first line ending after the
        // rectangle's start is found by bisection.
        var line = lines.lowerBound + firstIndex(count: s.lineCount) {
            lineStarts[lines.lowerBound + $0] + lineThickness[lines.lowerBound + $0] > acrossRange.0
        }
        while line < lines.upperBound, lineStarts[line] < acrossRange.1 {
            let first = Int(lineFirstItem[line])
            let end = line + 1 < lines.upperBound ? Int(lineFirstItem[line + 1]) : s.itemCount
            for item in first..<end {
                let f = frames[s.firstFrame + item]
                if f.intersects(rect) { appendCell(item, index, frame: f, to: &result) }
            }
            line += 1
        }
    }
}

/// The first index in `0..<count` for which `predicate` holds, given that it holds for a suffix.
@inline(__always)
func firstIndex(count: Int, where predicate: (Int) -> Bool) -> Int {
    var low = 0, high = count
    while low < high {
        let mid = (low + high) / 2
        if predicate(mid) { high = mid } else { low = mid + 1 }
    }
    return low
}
