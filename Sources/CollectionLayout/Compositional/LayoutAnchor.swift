/// The edges of a rectangle by reading direction (`NSDirectionalRectEdge`).
public struct DirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let top = DirectionalRectEdge(rawValue: 1)
    public static let leading = DirectionalRectEdge(rawValue: 2)
    public static let bottom = DirectionalRectEdge(rawValue: 4)
    public static let trailing = DirectionalRectEdge(rawValue: 8)
    public static let all: DirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// Where a supplementary item sits on the cell it is attached to (`NSCollectionLayoutAnchor`):
/// at the edges named (the middle on an axis with no edge named, both edges on an axis with
/// two), moved by an offset in points or in fractions of the supplementary item's own size.
///
/// With `[.top, .trailing]` and no offset, the badge's top-trailing corner is the cell's; a
/// fractional offset of `(0.5, -0.5)` moves it right and up by half its size, over the corner.
public struct LayoutAnchor: Hashable, Sendable {
    /// How the offset is measured.
    public enum Offset: Hashable, Sendable {
        /// In points.
        case absolute(Point)
        /// In fractions of the supplementary item's size.
        case fractional(Point)
    }

    /// The edges the anchor is at (`edges`).
    public let edges: DirectionalRectEdge
    /// The offset from those edges (`offset` / `fractionalOffset`); x grows trailing, y down.
    public let offset: Offset

    /// An anchor at `edges` (`init(edges:)`).
    public init(edges: DirectionalRectEdge) {
        self.edges = edges
        self.offset = .absolute(.zero)
    }

    /// An anchor at `edges` moved by `absoluteOffset` points (`init(edges:absoluteOffset:)`).
    public init(edges: DirectionalRectEdge, absoluteOffset: Point) {
        self.edges = edges
        self.offset = .absolute(absoluteOffset)
    }

    /// An anchor at `edges` moved by `fractionalOffset` of the item's size
    /// (`init(edges:fractionalOffset:)`).
    public init(edges: DirectionalRectEdge, fractionalOffset: Point) {
        self.edges = edges
        self.offset = .fractional(fractionalOffset)
    }

    /// The point on `rect` (left to right) the edges name, without the offset.
    func point(on rect: Rect) -> Point {
        let x = edges.contains(.leading) == edges.contains(.trailing) ? rect.midX : (edges.contains(.leading) ? rect.minX : rect.maxX)
        let y = edges.contains(.top) == edges.contains(.bottom) ? rect.midY : (edges.contains(.top) ? rect.minY : rect.maxY)
        return Point(x: x, y: y)
    }

    /// The frame of an item of `size` anchored to `container` (left to right): the item's own
    /// point at `itemAnchor`'s edges (this anchor's edges when nil) goes to this anchor's point.
    func frame(of size: Size, on container: Rect, itemAnchor: LayoutAnchor?) -> Rect {
        var target = point(on: container)
        switch offset {
        case .absolute(let p): target.x += p.x; target.y += p.y
        case .fractional(let p): target.x += p.x * size.width; target.y += p.y * size.height
        }
        let own = itemAnchor ?? LayoutAnchor(edges: edges)
        let local = own.point(on: Rect(origin: .zero, size: size))
        var origin = Point(x: target.x - local.x, y: target.y - local.y)
        if let itemAnchor {  // the item's own anchor offset moves it the other way
            switch itemAnchor.offset {
            case .absolute(let p): origin.x -= p.x; origin.y -= p.y
            case .fractional(let p): origin.x -= p.x * size.width; origin.y -= p.y * size.height
            }
        }
        return Rect(origin: origin, size: size)
    }
}
