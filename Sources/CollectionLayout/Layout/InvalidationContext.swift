/// What an invalidation covers (`UICollectionViewLayoutInvalidationContext`): everything (as
/// `invalidateLayout()` does), the data source's counts, or only some elements, and how the
/// content size and offset move meanwhile.
///
/// A layout invalidated with a context that names elements is still prepared (``CollectionViewLayout/prepare()``
/// runs, as in UIKit), but the view asks again only for the elements it names and keeps the
/// others where they are. So a layout whose elements follow the scroll position names just
/// the ones on screen in ``CollectionViewLayout/invalidationContext(forBoundsChange:)``, and
/// keeps its `prepare()` cheap when the context is not ``invalidateEverything`` (override
/// ``CollectionViewLayout/invalidateLayout(with:)`` to see the context).
///
/// Subclass it to carry what your layout needs to know, and name the subclass in
/// ``CollectionViewLayout/invalidationContextClass``.
@MainActor
open class InvalidationContext {
    /// Everything is invalid: set by `invalidateLayout()` and by the view for a reload, an
    /// update, a layout swap or a resize it cannot narrow down.
    public package(set) var invalidateEverything = false
    /// The data source's counts changed (a reload or a batch update).
    public package(set) var invalidateDataSourceCounts = false
    /// Items whose attributes changed; nil when none were named.
    public private(set) var invalidatedItemIndexPaths: [IndexPath]?
    /// Supplementary views whose attributes changed, by kind; nil when none were named.
    public private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]?
    /// Decoration views whose attributes changed, by kind; nil when none were named.
    public private(set) var invalidatedDecorationIndexPaths: [String: [IndexPath]]?
    /// How much the content grows (or shrinks): the view widens its scrollable area at once,
    /// so a content offset adjustment in the same context is not cut short.
    public var contentSizeAdjustment = Size.zero
    /// How far the content offset moves with this invalidation (content added above what the
    /// user looks at moves the offset down by its height, so nothing on screen jumps).
    public var contentOffsetAdjustment = Point.zero

    /// Where elements moved without being named, in content coordinates: the view asks the
    /// layout again for what it shows or prepares there. A self-sizing cell that grows moves
    /// everything after it; naming all of that would cost what it moves. Not in UIKit, whose
    /// view asks again for everything it shows after any invalidation. Nil: nothing.
    public var invalidatedRect: Rect?

    public required init() {}

    /// Names items whose attributes changed (`invalidateItems(at:)`).
    public func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }

    /// Names supplementary views of `kind` whose attributes changed
    /// (`invalidateSupplementaryElements(ofKind:at:)`).
    public func invalidateSupplementaryElements(ofKind kind: String, at indexPaths: [IndexPath]) {
        var all = invalidatedSupplementaryIndexPaths ?? [:]
        all[kind, default: []] += indexPaths
        invalidatedSupplementaryIndexPaths = all
    }

    /// Names decoration views of `kind` whose attributes changed
    /// (`invalidateDecorationElements(ofKind:at:)`).
    public func invalidateDecorationElements(ofKind kind: String, at indexPaths: [IndexPath]) {
        var all = invalidatedDecorationIndexPaths ?? [:]
        all[kind, default: []] += indexPaths
        invalidatedDecorationIndexPaths = all
    }

    /// Whether the view must ask for everything again rather than for the named elements.
    public var invalidatesAll: Bool { invalidateEverything || invalidateDataSourceCounts }

    /// The elements named, as keys.
    public var invalidatedElementKeys: [ElementKey] {
        var keys = (invalidatedItemIndexPaths ?? []).map(ElementKey.cell)
        for (kind, paths) in invalidatedSupplementaryIndexPaths ?? [:] { keys += paths.map { .supplementary(kind, $0) } }
        for (kind, paths) in invalidatedDecorationIndexPaths ?? [:] { keys += paths.map { .decoration(kind, $0) } }
        return keys
    }

    /// Adds `other`'s invalidation to this one (several invalidations before one pass).
    package func merge(_ other: InvalidationContext) {
        guard other !== self else { return }
        invalidateEverything = invalidateEverything || other.invalidateEverything
        invalidateDataSourceCounts = invalidateDataSourceCounts || other.invalidateDataSourceCounts
        if let items = other.invalidatedItemIndexPaths { invalidateItems(at: items) }
        for (kind, paths) in other.invalidatedSupplementaryIndexPaths ?? [:] { invalidateSupplementaryElements(ofKind: kind, at: paths) }
        for (kind, paths) in other.invalidatedDecorationIndexPaths ?? [:] { invalidateDecorationElements(ofKind: kind, at: paths) }
        if let rect = other.invalidatedRect { invalidatedRect = invalidatedRect.map { $0.union(rect) } ?? rect }
        contentSizeAdjustment = Size(width: contentSizeAdjustment.width + other.contentSizeAdjustment.width,
                                     height: contentSizeAdjustment.height + other.contentSizeAdjustment.height)
        contentOffsetAdjustment = Point(x: contentOffsetAdjustment.x + other.contentOffsetAdjustment.x,
                                        y: contentOffsetAdjustment.y + other.contentOffsetAdjustment.y)
    }

    /// A plain context with what this one covers (for layouts inside another).
    package func copy() -> InvalidationContext {
        let copy = InvalidationContext()
        copy.merge(self)
        return copy
    }

    /// A context that invalidates everything.
    package static func everything() -> InvalidationContext {
        let context = InvalidationContext()
        context.invalidateEverything = true
        return context
    }
}
