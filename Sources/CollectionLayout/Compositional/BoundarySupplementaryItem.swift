/// Where on a rectangle something is aligned (`NSRectAlignment`), by reading direction.
public enum RectAlignment: Hashable, Sendable {
    case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing

    /// The edges the alignment names.
    var edges: DirectionalRectEdge {
        switch self {
        case .none: []
        case .top: .top
        case .topLeading: [.top, .leading]
        case .leading: .leading
        case .bottomLeading: [.bottom, .leading]
        case .bottom: .bottom
        case .bottomTrailing: [.bottom, .trailing]
        case .trailing: .trailing
        case .topTrailing: [.top, .trailing]
        }
    }
}

/// A header, footer or side view of a section or of the whole layout
/// (`NSCollectionLayoutBoundarySupplementaryItem`): aligned to an edge or a corner of the
/// section's rectangle, inside it, moved by ``absoluteOffset``.
///
/// Its width and height are resolved against the section's container (the layout's width,
/// scrolling vertically). A boundary item on an edge the sections stack along (top or bottom
/// scrolling vertically, leading or trailing scrolling sideways, corners included) that
/// ``extendsBoundary`` takes room: the section's groups start after a header and the next
/// section after a footer. Others overlap the section. Its index path is `[section, 0]`, or
/// `[0]` for the layout's own.
@MainActor
public final class BoundarySupplementaryItem: LayoutSupplementaryItem {
    /// The edge or corner it is aligned to (`alignment`).
    public let alignment: RectAlignment
    /// A shift from that alignment, in points (`offset`).
    public let absoluteOffset: Point
    /// Whether it takes room in the section rather than overlapping it (`extendsBoundary`).
    /// Default true.
    public var extendsBoundary = true
    /// Whether it stays within the visible bounds while its section is scrolled through
    /// (`pinToVisibleBounds`): a header sticks to the top until its section's end pushes it
    /// off; a footer to the bottom. Default false.
    public var pinToVisibleBounds = false

    /// A boundary item (`init(layoutSize:elementKind:alignment:absoluteOffset:)`).
    public init(layoutSize: LayoutSize, elementKind: String, alignment: RectAlignment, absoluteOffset: Point = .zero) {
        self.alignment = alignment
        self.absoluteOffset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: LayoutAnchor(edges: alignment.edges))
    }
}
