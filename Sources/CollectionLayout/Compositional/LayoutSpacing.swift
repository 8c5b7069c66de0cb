/// Space between items or around one (`NSCollectionLayoutSpacing`): fixed, or flexible (at
/// least the value, growing to share what room is left in the group).
public enum LayoutSpacing: Hashable, Sendable {
    /// Exactly this many points (`fixed(_:)`).
    case fixed(Double)
    /// At least this many points; the room a group's items leave is shared among its flexible
    /// spacings (`flexible(_:)`).
    case flexible(Double)

    /// The points it takes at least.
    public var spacing: Double {
        switch self {
        case .fixed(let value), .flexible(let value): max(0, value)
        }
    }

    /// Whether it grows into left-over room (`isFlexibleSpacing`).
    public var isFlexible: Bool { if case .flexible = self { true } else { false } }
}

/// Space outside an item's edges, within its group (`NSCollectionLayoutEdgeSpacing`). Along the
/// group's axis (leading and trailing in a horizontal group, top and bottom in a vertical one)
/// it separates the item from its neighbours, and flexible spacings share the room left in the
/// group (a flexible leading and trailing centre an item); across the axis, the leading (top)
/// spacing moves the item, and two flexible ones centre it.
public struct LayoutEdgeSpacing: Hashable, Sendable {
    public var leading: LayoutSpacing?
    public var top: LayoutSpacing?
    public var trailing: LayoutSpacing?
    public var bottom: LayoutSpacing?

    /// Edge spacing for any edges (`init(leading:top:trailing:bottom:)`); nil is none.
    public init(leading: LayoutSpacing?, top: LayoutSpacing?, trailing: LayoutSpacing?, bottom: LayoutSpacing?) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }

    /// The spacing before the item along `axis` (leading for horizontal, top for vertical).
    func before(_ axis: Axis) -> LayoutSpacing? { axis == .horizontal ? leading : top }
    /// The spacing after the item along `axis`.
    func after(_ axis: Axis) -> LayoutSpacing? { axis == .horizontal ? trailing : bottom }
}
