/// Self-sizing (``FlowLayout/estimatedItemSize``): where lines are when some have grown or
/// shrunk from the estimate, and taking what a view measured.
///
/// A self-sizing section is laid out as a uniform one of estimated items; each line then keeps
/// how far its thickness differs from the estimate, in a plain array and as running sums, and
/// the layout keeps how far each section grew since `prepare()` as running sums too. So a line
/// is found, and a measurement taken, in O(log n), however many items there are.
extension FlowLayout {
    /// A section with its positions moved by the growth of the sections before it.
    @inline(__always)
    func section(_ index: Int) -> FlowSection {
        var s = sections[index]
        guard sectionGrowth.count > 0 else { return s }
        let shift = sectionGrowth.sum(ofFirst: index)
        if shift != 0 {
            s.start += shift
            s.bodyStart += shift
            s.bodyEnd += shift
            s.end += shift
        }
        return s
    }

    /// Whether a section has lines that differ from the estimate.
    @inline(__always)
    func isMeasured(_ index: Int) -> Bool { index < lineGrowth.count && !lineGrowth[index].isEmpty }

    func lineStart(_ line: Int, in s: FlowSection, _ index: Int) -> Double {
        s.bodyStart + Double(line) * s.uniformLineStride + lineGrowthSums[index].sum(ofFirst: line)
    }

    func lineThickness(_ line: Int, in s: FlowSection, _ index: Int) -> Double {
        s.itemAcross + lineGrowth[index][line]
    }

    /// A line's thickness from its items' measured extents (the estimate for the others), with
    /// `item` taken at `extent` instead when given (what a measurement would make of it).
    private func measuredThickness(_ line: Int, in s: FlowSection, _ index: Int, taking item: Int? = nil, at extent: Double = 0) -> Double {
        let first = line * s.itemsPerLine, end = min(s.itemCount, first + s.itemsPerLine)
        var thickness = -Double.infinity
        for i in first..<end { thickness = max(thickness, i == item ? extent : measurements.item(i, inSection: index) ?? s.itemAcross) }
        return thickness
    }

    /// At `prepare()`: the lines of a section whose items were measured before.
    func layOutMeasuredLines(_ s: inout FlowSection, index: Int) {
        guard index < measurements.items.count, !measurements.items[index].isEmpty else {
            lineGrowth.append([])
            lineGrowthSums.append(PrefixSums(count: 0))
            return
        }
        let growth = (0..<s.uniformLineCount).map { measuredThickness($0, in: s, index) - s.itemAcross }
        let sums = PrefixSums(growth)
        lineGrowth.append(growth)
        lineGrowthSums.append(sums)
        s.bodyEnd += sums.total
    }

    /// The self-sizing section's cells in `rect`: the first line by a search of the running
    /// sums, then line by line while they start before the rectangle ends.
    func appendMeasuredItems(_ s: FlowSection, _ index: Int, in rect: Rect, to result: inout [LayoutAttributes]) {
        let (alongRange, acrossRange) = axes.ranges(rect)
        let lineCount = s.uniformLineCount
        var firstColumn = 0, lastColumn = s.itemsPerLine - 1
        if s.itemsPerLine > 1, s.columnStride > 0 {
            firstColumn = max(0, Int(((alongRange.0 - s.firstColumn - s.itemAlong) / s.columnStride).rounded(.down)))
            lastColumn = min(s.itemsPerLine - 1, Int(((alongRange.1 - s.firstColumn) / s.columnStride).rounded(.up)))
        }
        guard firstColumn <= lastColumn else { return }
        // Lines whose slot (thickness and spacing) ends before the rectangle cannot reach it.
        var line = min(lineCount - 1, lineGrowthSums[index].count(fittingIn: acrossRange.0 - s.bodyStart, base: s.uniformLineStride))
        var start = lineStart(line, in: s, index)
        while line < lineCount, start < acrossRange.1 {
            let lineItem = line * s.itemsPerLine
            let end = min(lastColumn, s.itemCount - 1 - lineItem)
            if firstColumn <= end {
                for column in firstColumn...end {
                    let f = frame(ofItem: lineItem + column, in: s, index)
                    if f.intersects(rect) { appendCell(lineItem + column, index, frame: f, to: &result) }
                }
            }
            start += lineThickness(line, in: s, index) + s.lineSpacing
            line += 1
        }
    }

    /// The extent the layout gives an element in the scroll direction now; nil when there is
    /// no such element (or it is a decoration view, which does not size itself).
    func currentExtent(of key: ElementKey) -> Double? {
        let path = key.indexPath
        guard path.count >= 1, sections.indices.contains(path.section) else { return nil }
        let s = sections[path.section]
        switch key.category {
        case .cell:
            guard path.count == 2, path.item >= 0, path.item < s.itemCount, s.isUniform else { return nil }
            return measurements.item(path.item, inSection: path.section) ?? s.itemAcross
        case .supplementaryView where key.kind == Self.elementKindSectionHeader:
            return s.headerExtent > 0 ? s.headerExtent : nil
        case .supplementaryView where key.kind == Self.elementKindSectionFooter:
            return s.footerExtent > 0 ? s.footerExtent : nil
        default:
            return nil
        }
    }

    /// How much the element's section grows if it takes `extent`, and where the part that
    /// grows starts (its line, header or footer), unpinned.
    func growth(of key: ElementKey, to extent: Double) -> (delta: Double, start: Double)? {
        guard let current = currentExtent(of: key) else { return nil }
        let index = key.indexPath.section
        let s = section(index)
        switch key.category {
        case .cell:
            let item = key.indexPath.item, line = item / s.itemsPerLine
            let thickness = measuredThickness(line, in: s, index, taking: item, at: extent)
            let old = isMeasured(index) ? lineThickness(line, in: s, index) : s.itemAcross
            let start = isMeasured(index) ? lineStart(line, in: s, index) : s.bodyStart + Double(line) * s.uniformLineStride
            return (thickness - old, start)
        case .supplementaryView where key.kind == Self.elementKindSectionHeader:
            return (extent - current, s.start)
        default:
            return (extent - current, s.end - current)
        }
    }

    /// Takes an extent a view measured: into the measurements always; into the lines and
    /// sections too when they are laid out (otherwise the next `prepare()` reads it).
    func takeMeasurement(_ key: ElementKey, _ extent: Double) {
        guard extent.isFinite, extent >= 0, let current = currentExtent(of: key) else { return }
        let index = key.indexPath.section
        switch key.category {
        case .cell:
            let item = key.indexPath.item
            let delta = linesAreCurrentForMeasuring ? growth(of: key, to: extent)?.delta : nil
            measurements.setItem(item, inSection: index, extent)
            guard let delta, linesAreCurrentForMeasuring else { return }
            let s = sections[index]
            if !isMeasured(index) {
                lineGrowth[index] = Array(repeating: 0, count: s.uniformLineCount)
                lineGrowthSums[index] = PrefixSums(count: s.uniformLineCount)
            }
            let line = item / s.itemsPerLine
            guard delta != 0 else { return }
            lineGrowth[index][line] += delta
            lineGrowthSums[index].add(delta, at: line)
            sections[index].bodyEnd += delta
            sections[index].end += delta
            sectionGrowth.add(delta, at: index)
        case .supplementaryView:
            let isHeader = key.kind == Self.elementKindSectionHeader
            if isHeader { measurements.headers[index] = extent } else { measurements.footers[index] = extent }
            guard linesAreCurrentForMeasuring else { return }
            let delta = extent - current
            guard delta != 0 else { return }
            if isHeader {
                sections[index].headerExtent = extent
                sections[index].bodyStart += delta
                sections[index].bodyEnd += delta
            } else {
                sections[index].footerExtent = extent
            }
            sections[index].end += delta
            sectionGrowth.add(delta, at: index)
        case .decorationView:
            break
        }
    }

    /// The measurements, with index paths of after an update.
    func remapMeasurements(_ updateItems: [CollectionViewUpdateItem]) {
        guard isSelfSizing, let host = collectionView, measurements.basis != nil else { return }
        let counts = (0..<max(0, host.numberOfSections)).map { max(0, host.numberOfItems(inSection: $0)) }
        measurements = measurements.remapped(by: BatchUpdate(updateItems: updateItems), to: counts)
            ?? FlowMeasurements(basis: measurements.basis)
    }
}
