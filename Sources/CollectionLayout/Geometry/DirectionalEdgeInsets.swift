/// Insets by reading direction (`NSDirectionalEdgeInsets`): `leading` is the left edge in a
/// left-to-right layout and the right edge in a right-to-left one.
public struct DirectionalEdgeInsets: Hashable, Sendable {
    public var top: Double
    /// The inset of the edge lines start from.
    public var leading: Double
    public var bottom: Double
    /// The inset of the edge lines end at.
    public var trailing: Double

    /// No inset on any edge.
    public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on all four edges.
    public init(all inset: Double) {
        self.init(top: inset, leading: inset, bottom: inset, trailing: inset)
    }

    /// The left/right insets for `direction`.
    public func edgeInsets(for direction: LayoutDirection) -> EdgeInsets {
        direction == .leftToRight
            ? EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
            : EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
    }
}
