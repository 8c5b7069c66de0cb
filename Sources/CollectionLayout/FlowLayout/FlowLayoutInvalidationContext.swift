/// The flow layout's invalidation context (`UICollectionViewFlowLayoutInvalidationContext`):
/// besides what every context says, it carries the sizes self-sizing views asked for, which
/// the layout takes when it is invalidated with it. A ``FlowLayout`` subclass that names its
/// own ``CollectionViewLayout/invalidationContextClass`` subclasses this one.
open class FlowLayoutInvalidationContext: InvalidationContext {
    /// Measured extents in the scroll direction (heights when scrolling vertically), by element.
    var preferredExtents: [(key: ElementKey, extent: Double)] = []

    public required init() {}
}
