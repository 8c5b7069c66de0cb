/// The compositional layout computes along the scroll direction (`main`) and across it
/// (`cross`), and maps to x/y at the end.
struct CompositionalAxes {
    let scroll: Axis
    var cross: Axis { scroll == .vertical ? .horizontal : .vertical }

    init(_ direction: ScrollDirection) { scroll = direction == .vertical ? .vertical : .horizontal }

    @inline(__always) func main(_ point: Point) -> Double { scroll == .vertical ? point.y : point.x }
    @inline(__always) func range(_ r: Rect) -> (Double, Double) { scroll == .vertical ? (r.minY, r.maxY) : (r.minX, r.maxX) }
    @inline(__always) func crossRange(_ r: Rect) -> (Double, Double) { scroll == .vertical ? (r.minX, r.maxX) : (r.minY, r.maxY) }
    @inline(__always) func point(main: Double, cross: Double) -> Point {
        scroll == .vertical ? Point(x: cross, y: main) : Point(x: main, y: cross)
    }
    @inline(__always) func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
        scroll == .vertical
            ? Rect(x: cross, y: main, width: crossLength, height: mainLength)
            : Rect(x: main, y: cross, width: mainLength, height: crossLength)
    }
    /// The rectangle with its start along the scroll direction moved to `main`.
    @inline(__always) func moving(_ r: Rect, toMain main: Double) -> Rect {
        scroll == .vertical ? Rect(x: r.minX, y: main, width: r.width, height: r.height)
            : Rect(x: main, y: r.minY, width: r.width, height: r.height)
    }
    /// Whether a boundary item at `alignment` sits at the start or the end of the scroll axis.
    func isAtStart(_ alignment: RectAlignment) -> Bool {
        alignment.edges.contains(scroll == .vertical ? .top : .leading)
    }
    func isAtEnd(_ alignment: RectAlignment) -> Bool {
        alignment.edges.contains(scroll == .vertical ? .bottom : .trailing)
    }
}

/// A prepared section: its group laid out once (every run of items but measured ones is laid
/// out alike), and where the section, its body and its groups start along the scroll axis
/// before any growth since `prepare()`. No per-item storage.
struct CompositionalSection {
    var definition: LayoutSection?
    var itemCount = 0
    var template = SolvedGroup(size: .zero, leaves: [])
    /// Cells per group; 0 places no items.
    var perGroup = 0
    var groupCount = 0
    /// The template's extent along the scroll axis, and the spacing after each group.
    var groupExtent = 0.0
    var spacing = 0.0
    /// Where groups start across the scroll axis.
    var groupCross = 0.0
    /// How far the template's cells and badges reach before its start and after its end.
    var overhangBefore = 0.0
    var overhangAfter = 0.0
    var start = 0.0
    var bodyStart = 0.0
    var end = 0.0
    /// The layout's container: what the section's groups and rows that scroll across lay out in.
    var container = Size.zero
    /// What the section's boundary items resolve against, and where they start and end across
    /// the scroll direction: the container less the section's insets across when they follow
    /// them (``LayoutSection/supplementariesFollowContentInsets``).
    var boundaryContainer = Size.zero
    var boundaryCrossStart = 0.0
    var boundaryCrossEnd = 0.0
    /// The room after the groups: the section's inset and the footers that extend it.
    var tail = 0.0

    var groupStride: Double { groupExtent + spacing }

    /// A section that scrolls across: its groups in one row across the scroll direction.
    var isOrthogonal = false
    /// The template's extent across the scroll direction, the section's inset after the row,
    /// and how far cells and badges reach outside a group across.
    var groupCrossExtent = 0.0
    var crossEndInset = 0.0
    var crossOverhangBefore = 0.0
    var crossOverhangAfter = 0.0
    var crossStride: Double { groupCrossExtent + spacing }
}
