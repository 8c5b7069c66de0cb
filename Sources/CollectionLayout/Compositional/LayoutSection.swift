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
    /// container less these. Boundary items are outside them.
    public var contentInsets = DirectionalEdgeInsets.zero
    /// What the insets are measured from (`contentInsetsReference`).
    public var contentInsetsReference = ContentInsetsReference.automatic
    /// Headers, footers and side views of the section (`boundarySupplementaryItems`).
    public var boundarySupplementaryItems: [BoundarySupplementaryItem] = []
    /// Backgrounds (`decorationItems`).
    public var decorationItems: [DecorationItem] = []

    /// A section of `group` (`init(group:)`).
    public init(group: LayoutGroup) { self.group = group }
}
