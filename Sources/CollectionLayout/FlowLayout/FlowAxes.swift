/// The flow layout computes in two abstract axes and maps to x/y at the end:
/// `along` is the direction items follow within a line (x when scrolling vertically),
/// `across` is the direction lines stack in, which is the scroll direction.
struct FlowAxes {
    let direction: ScrollDirection

    @inline(__always)
    func rect(along a: Double, across s: Double, alongLength: Double, acrossLength: Double) -> Rect {
        direction == .vertical
            ? Rect(x: a, y: s, width: alongLength, height: acrossLength)
            : Rect(x: s, y: a, width: acrossLength, height: alongLength)
    }

    @inline(__always) func along(_ size: Size) -> Double {
        direction == .vertical ? size.width : size.height
    }

    @inline(__always) func across(_ size: Size) -> Double {
        direction == .vertical ? size.height : size.width
    }

    /// The rectangle's range along lines and across them.
    @inline(__always) func ranges(_ r: Rect) -> (along: (Double, Double), across: (Double, Double)) {
        direction == .vertical ? ((r.minX, r.maxX), (r.minY, r.maxY)) : ((r.minY, r.maxY), (r.minX, r.maxX))
    }

    /// (start along, end along, start across, end across) of the insets.
    @inline(__always) func insets(_ i: EdgeInsets) -> (alongStart: Double, alongEnd: Double, acrossStart: Double, acrossEnd: Double) {
        direction == .vertical ? (i.left, i.right, i.top, i.bottom) : (i.top, i.bottom, i.left, i.right)
    }
}

/// The direction a flow layout scrolls in; lines run across it
/// (`UICollectionView.ScrollDirection`).
public enum ScrollDirection: Hashable, Sendable {
    /// Lines are rows, filled left to right, stacked downward.
    case vertical
    /// Lines are columns, filled top to bottom, stacked rightward.
    case horizontal
}

/// The element kinds of the flow layout's supplementary views. ``FlowLayout`` and the
/// collection view repeat them as `elementKindSectionHeader` and `elementKindSectionFooter`,
/// the names UIKit uses.
public enum ElementKind {
    /// A section's header (`UICollectionView.elementKindSectionHeader`).
    public static let sectionHeader = "section-header"
    /// A section's footer (`UICollectionView.elementKindSectionFooter`).
    public static let sectionFooter = "section-footer"
}
