/// Distances to inset each edge of a rectangle by; positive values shrink it.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

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
