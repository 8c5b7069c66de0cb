/// A direction on the screen: across (x) or down (y).
public enum Axis: Hashable, Sendable {
    /// The x axis: widths.
    case horizontal
    /// The y axis: heights.
    case vertical
}

extension Size {
    /// The extent along `axis`: the width for horizontal, the height for vertical.
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
}
