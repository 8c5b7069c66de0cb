/// A location in a two-dimensional coordinate system, in logical pixels (`CGPoint`).
///
/// Layouts work in content coordinates: the origin is the top-left corner of the scrollable
/// content and y grows downward, as in UIKit and GTK.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate; it grows downward.
    public var y: Double

    /// The origin, (0, 0) (`CGPoint.zero`).
    public static let zero = Point(x: 0, y: 0)

    /// A point with the given coordinates.
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The coordinates as `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
