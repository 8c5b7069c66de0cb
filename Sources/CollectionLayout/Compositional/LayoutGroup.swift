/// An item that holds other items (`NSCollectionLayoutGroup`): a row (horizontal), a column
/// (vertical) or custom frames. A section lays its group out again and again, each copy taking
/// the next items, along the scroll direction.
///
/// A horizontal or vertical group made with `subitems:` places its subitems in order and, when
/// room is left along its axis, repeats them while the next one fits (UIKit does the same);
/// made with `repeatingSubitem:count:`, it places exactly `count` copies sharing its extent
/// (their own extent along the axis is ignored). Subitems whose extent along the axis is
/// estimated are not repeated to fill. A group has no supplementary items of its own (UIKit
/// can anchor them to groups; here only cells carry them).
@MainActor
public final class LayoutGroup: LayoutItem {
    /// How a group arranges its subitems.
    public enum Arrangement {
        /// Side by side, leading to trailing.
        case horizontal
        /// Stacked, top to bottom.
        case vertical
        /// At the frames a closure gives for the group's environment.
        case custom(@MainActor (LayoutEnvironment) -> [LayoutGroupCustomItem])
    }

    /// How the subitems are arranged.
    public let arrangement: Arrangement
    /// The items the group places (`subitems`); empty for a custom group.
    public let subitems: [LayoutItem]
    /// For `repeatingSubitem:count:`, the count; nil otherwise.
    public let repeatCount: Int?
    /// Space between neighbouring subitems along the group's axis (`interItemSpacing`); nil is
    /// none.
    public var interItemSpacing: LayoutSpacing?

    private init(layoutSize: LayoutSize, arrangement: Arrangement, subitems: [LayoutItem], repeatCount: Int?) {
        self.arrangement = arrangement
        self.subitems = subitems
        self.repeatCount = repeatCount
        super.init(layoutSize: layoutSize)
    }

    /// A row of `subitems`, repeated while they fit (`horizontal(layoutSize:subitems:)`).
    public static func horizontal(layoutSize: LayoutSize, subitems: [LayoutItem]) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .horizontal, subitems: subitems, repeatCount: nil)
    }

    /// A row of `count` copies of `subitem` sharing the group's width
    /// (`horizontal(layoutSize:repeatingSubitem:count:)`).
    public static func horizontal(layoutSize: LayoutSize, repeatingSubitem subitem: LayoutItem, count: Int) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .horizontal, subitems: [subitem], repeatCount: max(1, count))
    }

    /// A column of `subitems`, repeated while they fit (`vertical(layoutSize:subitems:)`).
    public static func vertical(layoutSize: LayoutSize, subitems: [LayoutItem]) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .vertical, subitems: subitems, repeatCount: nil)
    }

    /// A column of `count` copies of `subitem` sharing the group's height
    /// (`vertical(layoutSize:repeatingSubitem:count:)`).
    public static func vertical(layoutSize: LayoutSize, repeatingSubitem subitem: LayoutItem, count: Int) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .vertical, subitems: [subitem], repeatCount: max(1, count))
    }

    /// A group whose items are at the frames `itemProvider` returns, relative to the group's
    /// origin, for an environment whose container is the group's size
    /// (`custom(layoutSize:itemProvider:)`). One item per frame, in order.
    public static func custom(layoutSize: LayoutSize,
                              itemProvider: @escaping @MainActor (LayoutEnvironment) -> [LayoutGroupCustomItem]) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .custom(itemProvider), subitems: [], repeatCount: nil)
    }

    /// The axis subitems follow; nil for a custom group.
    var axis: Axis? {
        switch arrangement {
        case .horizontal: .horizontal
        case .vertical: .vertical
        case .custom: nil
        }
    }
}

/// One item's frame in a custom group (`NSCollectionLayoutGroupCustomItem`).
public struct LayoutGroupCustomItem: Hashable, Sendable {
    /// The frame relative to the group's origin, written left to right.
    public var frame: Rect
    /// The drawing order of the cell (`zIndex`).
    public var zIndex: Int

    /// An item at `frame` (`init(frame:zIndex:)`).
    public init(frame: Rect, zIndex: Int = 0) {
        self.frame = frame
        self.zIndex = zIndex
    }
}
