/// What a layout may ask of the collection view that shows it: counts, the visible rectangle,
/// the delegate, and a way to ask for a layout pass. The GTK collection view implements it;
/// tests implement it with plain values.
///
/// It is the part of `UICollectionView` a `UICollectionViewLayout` uses through its
/// `collectionView` property. Keeping it a protocol keeps this module free of GTK, so
/// layouts are tested without a display.
@MainActor
public protocol CollectionViewLayoutHost: AnyObject {
    /// The number of sections the data source reports.
    var numberOfSections: Int { get }
    /// The number of items in `section`; 0 for a section that does not exist.
    func numberOfItems(inSection section: Int) -> Int
    /// The visible rectangle in content coordinates: the content offset and the viewport size.
    var bounds: Rect { get }
    /// The collection view's delegate, which a layout may cast to its own delegate protocol
    /// (the flow layout looks for `FlowLayoutDelegate`).
    var layoutDelegate: AnyObject? { get }
    /// The direction the view lays out in (`effectiveUserInterfaceLayoutDirection`): the one a
    /// layout that flips (``CollectionViewLayout/flipsHorizontallyInOppositeLayoutDirection``)
    /// is mirrored against. A ``TransitionLayout`` between a layout that flips and one that
    /// does not reads it.
    var effectiveUserInterfaceLayoutDirection: LayoutDirection { get }
    /// Called by `invalidateLayout()`: the host schedules one layout pass for the next frame.
    func layoutDidInvalidate(_ layout: CollectionViewLayout)
}

extension CollectionViewLayoutHost {
    /// No delegate.
    public var layoutDelegate: AnyObject? { nil }
    /// Left to right.
    public var effectiveUserInterfaceLayoutDirection: LayoutDirection { .leftToRight }
    /// Does nothing: a host without a display runs its passes when it likes.
    public func layoutDidInvalidate(_ layout: CollectionViewLayout) {}
}
