/// The compositional layout's invalidation context: it carries the extents self-sizing cells
/// measured, which the layout takes when it is invalidated with it.
open class CompositionalLayoutInvalidationContext: InvalidationContext {
    /// Measured extents along the scroll direction, by element.
    var preferredExtents: [(key: ElementKey, extent: Double)] = []

    /// Set for a section's orthogonal scroll: only the named cells move.
    var isOrthogonalScroll = false

    public required init() {}
}
