/// Distances to inset each edge of a rectangle by; positive values shrink it
/// (`UIEdgeInsets`).
///
/// A flow layout's ``FlowLayout/sectionInset`` is one; ``Rect/inset(by:)`` applies one.
public struct EdgeInsets: Hashable, Sendable {
    /// The inset of the top edge (the edge with the smaller y).
    public var top: Double
    /// The inset of the left edge.
    public var left: Double
    /// The inset of the bottom edge.
    public var bottom: Double
    /// The inset of the right edge.
    public var right: Double

    /// No inset on any edge (`UIEdgeInsets.zero`).
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Insets with a value for each edge, in UIKit's order (`UIEdgeInsets(top:left:bottom:right:)`).
    @inlinable public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four edges.
    @inlinable public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }
}
