/// What a layout may ask of the collection view that shows it: counts, the visible rectangle,
/// the delegate, and a way to ask for a layout pass. The GTK collection view implements it;
/// tests implement it with plain values.
@MainActor
public protocol CollectionViewLayoutHost: AnyObject {
    /// The number of sections the data source reports.
    var numberOfSections: Int { get }
    /// The number of items in `section`.
    func numberOfItems(inSection section: Int) -> Int
    /// The visible rectangle in content coordinates: the content offset and the viewport size.
    var bounds: Rect { get }
    /// The collection view's delegate, which a layout may cast to its own delegate protocol
    /// (the flow layout looks for `FlowLayoutDelegate`).
    var layoutDelegate: AnyObject? { get }
    /// Called by `invalidateLayout()`: the host schedules one layout pass for the next frame.
    func layoutDidInvalidate(_ layout: CollectionViewLayout)
}

extension CollectionViewLayoutHost {
    public var layoutDelegate: AnyObject? { nil }
    public func layoutDidInvalidate(_ layout: CollectionViewLayout) {}
}
