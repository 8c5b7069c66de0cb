/// One extent of a layout item (`NSCollectionLayoutDimension`): a fraction of its container's
/// width or height, a fixed number of points, or an estimate that the item's view replaces
/// with what it measures.
///
/// The container of an item is the group that holds it, after the group's content insets;
/// the container of a section's top-level group is the layout's container (the view's bounds
/// less the effective content insets) less the section's content insets.
public struct LayoutDimension: Hashable, Sendable {
    /// How the value is read.
    public enum Kind: Hashable, Sendable {
        /// `value` times the container's width.
        case fractionalWidth
        /// `value` times the container's height.
        case fractionalHeight
        /// `value` points.
        case absolute
        /// `value` points until the view measures itself (along the scroll direction).
        case estimated
    }

    /// How ``value`` is read.
    public let kind: Kind
    /// The fraction, the points, or the estimate.
    public let value: Double

    /// A fraction of the container's width (`fractionalWidth(_:)`).
    public static func fractionalWidth(_ fraction: Double) -> LayoutDimension { LayoutDimension(kind: .fractionalWidth, value: fraction) }
    /// A fraction of the container's height (`fractionalHeight(_:)`).
    public static func fractionalHeight(_ fraction: Double) -> LayoutDimension { LayoutDimension(kind: .fractionalHeight, value: fraction) }
    /// A fixed extent in points (`absolute(_:)`).
    public static func absolute(_ points: Double) -> LayoutDimension { LayoutDimension(kind: .absolute, value: points) }
    /// An estimate the view's measured extent replaces (`estimated(_:)`).
    public static func estimated(_ points: Double) -> LayoutDimension { LayoutDimension(kind: .estimated, value: points) }

    /// Whether the view decides this extent (`isEstimated`).
    public var isEstimated: Bool { kind == .estimated }

    /// The extent in a container of `container` size: the estimate itself for an estimate.
    public func resolved(in container: Size) -> Double {
        switch kind {
        case .fractionalWidth: value * container.width
        case .fractionalHeight: value * container.height
        case .absolute, .estimated: value
        }
    }
}

/// A width and a height for an item, a group or a supplementary item (`NSCollectionLayoutSize`).
public struct LayoutSize: Hashable, Sendable {
    /// The width (`widthDimension`).
    public var widthDimension: LayoutDimension
    /// The height (`heightDimension`).
    public var heightDimension: LayoutDimension

    /// A size from its two dimensions (`init(widthDimension:heightDimension:)`).
    public init(widthDimension: LayoutDimension, heightDimension: LayoutDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }

    /// The dimension along `axis`.
    public subscript(axis: Axis) -> LayoutDimension {
        axis == .horizontal ? widthDimension : heightDimension
    }

    /// Both extents in a container of `container` size, estimates as estimated.
    public func resolved(in container: Size) -> Size {
        Size(width: widthDimension.resolved(in: container), height: heightDimension.resolved(in: container))
    }
}
