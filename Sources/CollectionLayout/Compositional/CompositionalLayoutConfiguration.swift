/// Settings of a whole compositional layout (`UICollectionViewCompositionalLayoutConfiguration`).
@MainActor
public final class CompositionalLayoutConfiguration {
    /// The direction sections stack and scroll in (`scrollDirection`). Default vertical.
    public var scrollDirection = ScrollDirection.vertical
    /// Space between sections (`interSectionSpacing`). Below zero counts as zero.
    public var interSectionSpacing = 0.0
    /// Headers and footers of the whole layout (`boundarySupplementaryItems`): aligned to the
    /// whole content, index path `[0]`.
    public var boundarySupplementaryItems: [BoundarySupplementaryItem] = []
    /// What the container's insets are measured from (`contentInsetsReference`); with no
    /// margins known here, all mean none.
    public var contentInsetsReference = ContentInsetsReference.automatic

    /// The defaults (`init()`).
    public init() {}
}
