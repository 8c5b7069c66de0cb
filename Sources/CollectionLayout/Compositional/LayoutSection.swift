/// What a section's content insets are measured from (`UIContentInsetsReference`).
///
/// This module knows no safe area, layout margins or readable width (the host offers none),
/// so every reference means the view's bounds: as ``none``.
public enum ContentInsetsReference: Hashable, Sendable {
    case automatic, none, safeArea, layoutMargins, readableContent
}

/// One section of a compositional layout (`NSCollectionLayoutSection`): its group, repeated
/// along the scroll direction for as many items as the section has (the last copy may be
/// partial), with spacing between copies, insets, boundary items and decorations.
@MainActor
public final class LayoutSection {
    /// The group laid out again for every run of items (`group`).
    public let group: LayoutGroup
    /// Space between copies of the group along the scroll direction (`interGroupSpacing`).
    /// Below zero counts as zero.
    public var interGroupSpacing = 0.0
    /// Space around the groups (`contentInsets`); the top-level group's fractions are of the
    /// container less these. Boundary items are outside them along the scroll direction.
    public var contentInsets = DirectionalEdgeInsets.zero
    /// Whether boundary items keep to the insets across the scroll direction
    /// (`supplementariesFollowContentInsets`): a header of a section inset 20 on each side is
    /// 40 narrower than the view and starts 20 in, over the groups. Default true, as in UIKit.
    public var supplementariesFollowContentInsets = true
    /// What the insets are measured from (`contentInsetsReference`).
    public var contentInsetsReference = ContentInsetsReference.automatic
    /// Headers, footers and side views of the section (`boundarySupplementaryItems`).
    public var boundarySupplementaryItems: [BoundarySupplementaryItem] = []
    /// Backgrounds (`decorationItems`).
    public var decorationItems: [DecorationItem] = []

    /// How the section scrolls across the layout's scroll direction
    /// (`orthogonalScrollingBehavior`). Default ``OrthogonalScrollingBehavior/none``. Any
    /// other lays the groups out in one row across the scroll direction, shifted by the
    /// section's own offset; cells are returned only where they meet the container's extent
    /// across, and estimated extents stay estimates.
    public var orthogonalScrollingBehavior = OrthogonalScrollingBehavior.none
    /// Called with the attributes of the cells of a row that scrolls across
    /// (`visibleItemsInvalidationHandler`), the row's offset (as a point along the axis it
    /// scrolls on) and the environment, before the layout returns them: change them (scale
    /// them by their distance from the centre, for instance). It sees the cells that meet the
    /// container's extent across, in view coordinates.
    public var visibleItemsInvalidationHandler: (@MainActor ([LayoutAttributes], Point, LayoutEnvironment) -> Void)?

    /// The list configuration the section was made from (``list(using:layoutEnvironment:)``):
    /// the layout adds its rows' separators. Nil for other sections.
    public internal(set) var listConfiguration: ListConfiguration?

    /// A section of `group` (`init(group:)`).
    public init(group: LayoutGroup) { self.group = group }
}
