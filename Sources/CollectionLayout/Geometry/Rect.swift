/// An axis-aligned rectangle: an origin (top-left, y grows downward as in GTK) and a size
/// (`CGRect`).
///
/// Edges follow CoreGraphics' conventions: `minX ..< maxX` is the covered range, so two
/// rectangles that only touch along an edge do not intersect. Unlike `CGRect`, a negative
/// size is not standardised: layouts make rectangles with non-negative sizes.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// The empty rectangle at the origin (`CGRect.zero`).
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The rectangle that contains every other: the identity of `intersection`.
    public static let infinite = Rect(
        x: -Double.greatestFiniteMagnitude / 2, y: -Double.greatestFiniteMagnitude / 2,
        width: Double.greatestFiniteMagnitude, height: Double.greatestFiniteMagnitude)

    /// A rectangle from its top-left corner and its size.
    @inlinable public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from its top-left corner's coordinates and its extents.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The left edge.
    @inlinable public var minX: Double { origin.x }
    /// The top edge.
    @inlinable public var minY: Double { origin.y }
    /// The right edge: the first x the rectangle no longer covers.
    @inlinable public var maxX: Double { origin.x + size.width }
    /// The bottom edge: the first y the rectangle no longer covers.
    @inlinable public var maxY: Double { origin.y + size.height }
    /// The x of the centre.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The y of the centre.
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The horizontal extent, `size.width`.
    @inlinable public var width: Double { size.width }
    /// The vertical extent, `size.height`.
    @inlinable public var height: Double { size.height }

    /// The centre; setting it moves the rectangle and keeps its size.
    @inlinable public var center: Point {
        get { Point(x: midX, y: midY) }
        set {
            origin = Point(x: newValue.x - size.width / 2, y: newValue.y - size.height / 2)
        }
    }

    /// True when the rectangle covers no area: its width or height is zero, negative or NaN.
    @inlinable public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// True when every component is a finite number (no NaN, no infinity).
    public var isFinite: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }

    /// True when the two rectangles share some area; an empty rectangle intersects nothing
    /// (`CGRect.intersects(_:)`). Layouts use this to answer rectangle queries.
    @inlinable public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
            && !isEmpty && !other.isEmpty
    }

    /// The shared area, or a zero-sized rectangle at the overlap's origin when there is none
    /// (where `CGRect.intersection(_:)` returns `.null`).
    public func intersection(_ other: Rect) -> Rect {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both; an empty rectangle adds nothing
    /// (`CGRect.union(_:)`).
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when the point lies inside (the min edges included, the max edges not).
    @inlinable public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// True when `other` lies wholly inside this rectangle.
    @inlinable public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The rectangle shrunk by `insets` (grown where they are negative), as
    /// `CGRect.inset(by:)` does with `UIEdgeInsets`.
    @inlinable public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: size.width - insets.left - insets.right,
             height: size.height - insets.top - insets.bottom)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom
    /// (`CGRect.insetBy(dx:dy:)`); negative values grow it.
    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: size.width - 2 * dx, height: size.height - 2 * dy)
    }

    /// The rectangle moved by `dx` to the right and `dy` down (`CGRect.offsetBy(dx:dy:)`).
    @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: size.width, height: size.height)
    }

    /// The rectangle as `(x, y, width, height)`.
    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}
