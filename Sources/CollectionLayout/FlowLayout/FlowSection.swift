/// The geometry of one prepared section, in the flow layout's abstract axes.
///
/// A section is, across the lines: header, top inset, lines, bottom inset, footer. A uniform
/// section (every item `itemSize`) stores only the numbers that place item i by arithmetic; a
/// section of varied sizes points into the layout's shared line and frame arrays.
struct FlowSection {
    var itemCount = 0
    /// Across-axis offsets: section start (header start), first line, end of the last line,
    /// section end (footer end).
    var start = 0.0, bodyStart = 0.0, bodyEnd = 0.0, end = 0.0
    var headerExtent = 0.0, footerExtent = 0.0
    var lineSpacing = 0.0

    /// Uniform sections: item extents, items per full line, the along-axis position of the first
    /// column and the distance between columns.
    var isUniform = true
    var itemAlong = 0.0, itemAcross = 0.0
    var itemsPerLine = 1
    var firstColumn = 0.0, columnStride = 0.0

    /// Varied sections: their first line and first frame in the shared arrays, and how many.
    var firstLine = 0, lineCount = 0, firstFrame = 0

    /// The along-axis extent the section's items need (insets included), for the content size.
    var alongExtentNeeded = 0.0

    var uniformLineCount: Int {
        itemCount == 0 ? 0 : (itemCount + itemsPerLine - 1) / itemsPerLine
    }

    var uniformLineStride: Double { itemAcross + lineSpacing }
}

/// Where the items of one line go along it, by UIKit's rules: as many as fit with the minimum
/// spacing, the leftover spread evenly between them; a line that can hold only one item centres
/// it, unless the item is longer than the line: then it starts at the inset; the last line of a
/// section keeps the spacing of a full line of items of its average size, so a uniform grid
/// stays in columns.
enum FlowLineSpacing {
    /// How many items of along-extent `item` fit in `available` with `minimumSpacing`; at least 1.
    static func itemsPerLine(item: Double, available: Double, minimumSpacing: Double) -> Int {
        let stride = item + minimumSpacing
        guard stride > 0 else { return Int.max / 4 }
        // A hair of tolerance so that exactly-fitting lines are not lost to rounding.
        let n = ((available + minimumSpacing) / stride + 1e-9).rounded(.down)
        if n < 1 { return 1 }
        return n > Double(Int.max / 4) ? Int.max / 4 : Int(n)
    }

    /// The along-axis start and gap for a line of `count` items whose extents sum to `total`,
    /// given `capacity` items of that line's average size would fill it.
    static func placement(
        lineStart: Double, available: Double, total: Double, count: Int, capacity: Int
    ) -> (first: Double, gap: Double) {
        if capacity <= 1 || count == 0 {
            // A line of one: centred. An item longer than the line starts at the inset instead
            // (UIKit does): centring would put its start before 0, where no scroll reaches.
            return (lineStart + max(0, (available - total) / 2), 0)
        }
        let average = total / Double(count)
        let gap = (available - Double(capacity) * average) / Double(capacity - 1)
        return (lineStart, gap)
    }
}
