import FoundationEssentials

/// The base class of every layout (`UICollectionViewLayout`): it turns index paths into layout
/// attributes and never touches views.
///
/// In a layout pass the view calls, in this order, `prepare()`, `collectionViewContentSize`
/// and `layoutAttributesForElements(in:)` for the visible rectangle; the per-element queries
/// come when the view needs one element (scrolling to an item, animations).
/// `invalidateLayout()` only marks the layout dirty: the view runs one pass on its next frame
/// however many invalidations came before it, and that pass does not animate.
///
/// Subclass it and override at least ``prepare()``, ``collectionViewContentSize``,
/// ``layoutAttributesForElements(in:)`` and ``layoutAttributesForItem(at:)``; see
/// <doc:WritingACustomLayout>. A layout is main-actor isolated, like the view that asks it.
@MainActor
open class CollectionViewLayout {
    /// The collection view this layout is installed in; nil while it is not installed
    /// (`collectionView`). Read counts and the visible rectangle from it in ``prepare()``.
    public weak var collectionView: (any CollectionViewLayoutHost)?

    /// True from ``invalidateLayout()`` until the next ``prepare()``.
    public private(set) var needsPrepare = true

    /// What the invalidations since the view's last pass covered, merged; nil when there were
    /// none. The view takes it at the start of its pass.
    public private(set) var pendingInvalidation: InvalidationContext?

    /// Decoration view registrations by kind. The view layer stores its view classes here
    /// (the core keeps them opaque); register with the view layer's
    /// `register(_:forDecorationViewOfKind:)`, as in UIKit.
    public private(set) var decorationRegistrations: [String: Any] = [:]

    /// During a batch update or a layout transition, the host installs a lookup of each
    /// element's attributes before the change; the disappearing-element defaults read it.
    ///
    /// Read it in the `finalLayoutAttributesForDisappearing...` methods to start from where an
    /// element was shown (UIKit has no counterpart: its layouts keep their own copy). It is nil
    /// outside an update; it knows the elements within a viewport's width and height of the
    /// viewport, as shown (mid-animation included) or as the old layout placed them.
    public var attributesBeforeUpdate: ((ElementKey) -> LayoutAttributes?)?

    /// A layout that is not installed in a collection view yet.
    public init() {}

    /// The class of the attributes this layout makes; override to hand out a subclass
    /// (`layoutAttributesClass`). Make attributes with
    /// `Self.layoutAttributesClass.init(category:kind:indexPath:)` so subclasses of the layout
    /// can change it.
    open class var layoutAttributesClass: LayoutAttributes.Type { LayoutAttributes.self }

    // MARK: The layout pass

    /// Computes whatever the queries below need (`prepare()`). Called once per pass after
    /// invalidation, before any query; call `super`.
    ///
    /// Work here is paid on every invalidation (a resize, a data change), not on every scroll:
    /// it is the place for per-item computation, so that queries can be cheap.
    open func prepare() {}

    /// The size of the whole scrollable content (`collectionViewContentSize`). The view sets
    /// its scroll range from it after ``prepare()``. The default is ``Size/zero``.
    open var collectionViewContentSize: Size { .zero }

    /// Attributes of every element (cells, supplementary and decoration views) whose frame
    /// intersects `rect` (`layoutAttributesForElements(in:)`).
    ///
    /// The view asks this for the viewport plus an overscan on every layout pass and for the
    /// strips that come into view while scrolling, so it is the layout's hot path. Elements left
    /// out get no view, and every element returned gets one: return only those that
    /// intersect `rect`. The default returns nothing.
    ///
    /// - Parameter rect: A rectangle in content coordinates. It may be larger than the content,
    ///   or infinite.
    /// - Returns: The attributes, in any order; order among equal ``LayoutAttributes/zIndex``
    ///   values does not decide drawing order.
    /// - Complexity: Make it O(log n + k) for k elements returned (look the first element up by
    ///   bisection, or compute it, as ``FlowLayout`` does), not O(n): with O(n) a million items
    ///   cost a million checks per scrolled strip.
    open func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { [] }

    /// The attributes of one cell (`layoutAttributesForItem(at:)`), or nil when the layout
    /// does not place it. The default returns nil.
    ///
    /// The view asks this when it needs one element: scrolling to an item, focus movement,
    /// and the default appearing attributes of an update.
    ///
    /// - Complexity: Make it O(1) or O(log n).
    open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

    /// The attributes of one supplementary view (`layoutAttributesForSupplementaryView(ofKind:at:)`),
    /// or nil when the layout places none of `elementKind` at `indexPath`. The default returns nil.
    open func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> LayoutAttributes? { nil }

    /// The attributes of one decoration view (`layoutAttributesForDecorationView(ofKind:at:)`),
    /// or nil when the layout places none of `elementKind` at `indexPath`. The default returns nil.
    open func layoutAttributesForDecorationView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> LayoutAttributes? { nil }

    /// The attributes of any element, by its key: the per-element query for its category.
    public func layoutAttributes(for key: ElementKey) -> LayoutAttributes? {
        switch key.category {
        case .cell: layoutAttributesForItem(at: key.indexPath)
        case .supplementaryView:
            layoutAttributesForSupplementaryView(ofKind: key.kind ?? "", at: key.indexPath)
        case .decorationView:
            layoutAttributesForDecorationView(ofKind: key.kind ?? "", at: key.indexPath)
        }
    }

    /// The supplementary kinds this layout places, so the view can check registrations early.
    /// The default is none; ``FlowLayout`` lists its header and footer kinds.
    open var supplementaryElementKinds: [String] { [] }

    // MARK: Invalidation

    /// Marks the layout dirty and asks the host for a pass on the next frame
    /// (`invalidateLayout()`). Many calls in a row cost one pass; nothing animates. Call it when
    /// something the layout computed from changes (a property of the layout, data the delegate
    /// answers from); overrides call `super`.
    open func invalidateLayout() {
        let context = type(of: self).invalidationContextClass.init()
        context.invalidateEverything = true
        invalidateLayout(with: context)
    }

    /// Invalidates what `context` names (`invalidateLayout(with:)`): ``prepare()`` runs before
    /// the next query, as after any invalidation, and the view's next pass asks again only for
    /// the elements the context names, unless it invalidates everything or the counts.
    /// Override it to note what your `prepare()` must redo; call `super`.
    open func invalidateLayout(with context: InvalidationContext) {
        addToPendingInvalidation(context)
        if !isInvalidatingWithoutHost { collectionView?.layoutDidInvalidate(self) }
    }

    /// The class of the contexts this layout makes (`invalidationContextClass`).
    open class var invalidationContextClass: InvalidationContext.Type { InvalidationContext.self }

    /// The context for a bounds change that ``shouldInvalidateLayout(forBoundsChange:)``
    /// accepted (`invalidationContext(forBoundsChange:)`). The default invalidates everything;
    /// a layout whose elements follow the scroll position returns one that names only the
    /// elements that change (the visible ones), so a scrolled frame asks for no more.
    ///
    /// - Complexity: Called on every scrolled frame such a layout accepts: keep it
    ///   O(elements named).
    open func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        let context = type(of: self).invalidationContextClass.init()
        context.invalidateEverything = true
        return context
    }

    // MARK: Self-sizing

    /// The axis along which this layout takes its elements' extents from the views themselves,
    /// at the extent it gives them across it (`.vertical`: heights from content, at the widths
    /// the layout chose); nil when it sizes every element itself (the default). The view asks
    /// views for their preferred attributes only when it is not nil, so fixed-size layouts pay
    /// no measuring.
    open var selfSizingAxis: Axis? { nil }

    /// Whether the view's preferred attributes should change the layout
    /// (`shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`): the
    /// view measured itself after getting `originalAttributes`. The default says no.
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
                                     withOriginalAttributes originalAttributes: LayoutAttributes) -> Bool {
        false
    }

    /// The context for a preferred size the layout accepted
    /// (`invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`). The
    /// default names the element. A layout that keeps the size also sets the content size
    /// adjustment, the content offset adjustment when the element starts above the visible
    /// bounds (so what the user looks at stays where it is), and ``InvalidationContext/invalidatedRect``
    /// for the elements that move.
    open func invalidationContext(forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
                                  withOriginalAttributes originalAttributes: LayoutAttributes) -> InvalidationContext {
        let context = type(of: self).invalidationContextClass.init()
        name(originalAttributes, in: context)
        return context
    }

    /// Marks the layout dirty without asking the host for a pass (for layouts inside another,
    /// such as the two a ``TransitionLayout`` blends), with `context` (default: everything).
    public func invalidateLayoutWithoutHost(_ context: InvalidationContext? = nil) {
        isInvalidatingWithoutHost = true
        defer { isInvalidatingWithoutHost = false }
        invalidateLayout(with: context ?? .everything())  // overrides see it as any invalidation
    }

    private var isInvalidatingWithoutHost = false

    /// Takes the invalidations since the last call (the view, at the start of its pass).
    public func takePendingInvalidation() -> InvalidationContext? {
        defer { pendingInvalidation = nil }
        return pendingInvalidation
    }

    private func addToPendingInvalidation(_ context: InvalidationContext) {
        needsPrepare = true
        if let pending = pendingInvalidation {
            pending.merge(context)
        } else {
            pendingInvalidation = context  // the caller's object (of the layout's class); later ones merge into it
        }
    }

    /// Asked on every scroll and resize with the new visible rectangle; true invalidates the
    /// layout (`shouldInvalidateLayout(forBoundsChange:)`). The default never does.
    ///
    /// Return true only when the attributes depend on the visible rectangle: a layout that
    /// fits its width returns true when the width changes; a layout whose elements move as
    /// the view scrolls (a cover flow) returns true always, and then pays a pass per frame.
    ///
    /// - Complexity: Called on every scrolled frame: keep it O(1).
    open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

    /// Runs ``prepare()`` if the layout is dirty. The host calls this at the start of a pass;
    /// call it before querying a layout outside a pass.
    public func prepareIfNeeded() {
        guard needsPrepare else { return }
        needsPrepare = false
        prepare()
    }

    /// The content offset to use instead of `proposedContentOffset` after an animated layout
    /// change (`targetContentOffset(forProposedContentOffset:)`); the default keeps the
    /// proposal. The view proposes the offset that centres the focused item, or else the item
    /// nearest the centre, and clamps the answer to the content.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
        proposedContentOffset
    }

    /// The content offset a scroll the user ended should settle at instead of
    /// `proposedContentOffset` (`targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`);
    /// the default keeps the proposal. The view asks it only when ``snapsScrolling`` is true or
    /// its `isPagingEnabled` is on.
    ///
    /// The view asks when a kinetic scroll (a touchpad fling) ends, and, for a mouse wheel,
    /// when the wheel has been still a moment. It proposes where GTK's own deceleration would
    /// come to rest (``ScrollDeceleration/gtk``), or, with paging, the page boundary
    /// (``Paging``), clamps the answer to the content, and eases the offset there.
    ///
    /// - Parameters:
    ///   - proposedContentOffset: where the scroll would stop, in content coordinates.
    ///   - velocity: the scrolling velocity when the fingers left, in points per second;
    ///     positive scrolls towards larger offsets; zero when a wheel stopped.
    /// - Returns: the offset to settle at (a card's or a row's edge, for instance).
    /// The view asks again while it eases there when the content's or the viewport's size
    /// changes under the ease (rows measured, the window resized) or the view corrects the
    /// offset, with the proposal moved with the content, so the ease lands where the layout
    /// wants it then.
    ///
    /// - Complexity: asked once per scroll and again only when something changed, not per
    ///   frame; keep it a query (O(log n)).
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: Point,
                                  withScrollingVelocity velocity: Point) -> Point {
        proposedContentOffset
    }

    /// Whether the view should ask
    /// ``targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`` when the
    /// user's scrolling ends and ease to the answer. False, the default, leaves scrolling to
    /// GTK's own kinetic scrolling; return true when you override that method. (UIKit asks
    /// every layout; here a layout says so, because intervening replaces GTK's deceleration
    /// with the view's own.)
    open var snapsScrolling: Bool { false }

    // MARK: Right to left

    /// Whether the view mirrors this layout when its widget's direction is not
    /// ``developmentLayoutDirection`` (`flipsHorizontallyInOppositeLayoutDirection`): frames
    /// and transforms are flipped across the content's vertical centre line, so a layout
    /// written for left-to-right reads right-to-left in Hebrew or Arabic. Default false, as in
    /// UIKit; ``FlowLayout`` returns true.
    open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

    /// The direction the layout's frames are written for (`developmentLayoutDirection`).
    /// Default left to right.
    open var developmentLayoutDirection: LayoutDirection { .leftToRight }

    // MARK: Interactive movement

    /// Where an item being moved by the user would go with the pointer at `position`, in
    /// content coordinates (`targetIndexPath(forInteractivelyMovingItem:withPosition:)`).
    /// Default: the item whose frame holds the point, or `previousIndexPath` over empty space.
    ///
    /// - Complexity: asked on every pointer motion of a move: keep it a query, not a pass.
    open func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: Point) -> IndexPath {
        let probe = Rect(x: position.x, y: position.y, width: 1, height: 1)
        let hit = layoutAttributesForElements(in: probe)
            .filter { $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(position) }
            .max { $0.zIndex < $1.zIndex }
        return hit?.indexPath ?? previousIndexPath
    }

    /// The attributes of the item being moved, which follows the pointer
    /// (`layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:)`). Default: its
    /// attributes centred on `position`, above everything else.
    open func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: Point) -> LayoutAttributes? {
        guard let attributes = layoutAttributesForItem(at: indexPath)?.copy() else { return nil }
        attributes.center = position
        attributes.zIndex = Int(Int32.max)
        return attributes
    }

    // MARK: Batch updates

    /// Called before the attributes after an update are asked for, with every change of it
    /// (`prepare(forCollectionViewUpdates:)`). Keep what the appearing and disappearing
    /// methods need, such as which paths were inserted and deleted.
    ///
    /// The data source already reports the new counts. Unlike UIKit, this comes before the
    /// ``prepare()`` for them: the view invalidates the layout right after this call and then
    /// prepares it, so `prepare()` can use what this kept.
    ///
    /// - Parameter updateItems: Section changes first, then item changes; see
    ///   ``CollectionViewUpdateItem`` for which index space each path is in.
    open func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {}

    /// Called when the update's animations have been set up
    /// (`finalizeCollectionViewUpdates()`): forget what ``prepare(forCollectionViewUpdates:)``
    /// kept.
    open func finalizeCollectionViewUpdates() {}

    /// Where an item that comes into view with an update starts
    /// (`initialLayoutAttributesForAppearingItem(at:)`). Default: its final attributes,
    /// transparent.
    ///
    /// The view asks this for inserted items, reloaded items (which get a new view), and any
    /// item that comes into view whose old place it does not know.
    ///
    /// - Parameter itemIndexPath: The item's path after the update.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        transparentCopy(layoutAttributesForItem(at: itemIndexPath))
    }

    /// Where an item whose view goes away with an update ends
    /// (`finalLayoutAttributesForDisappearingItem(at:)`). Default: its attributes before the
    /// update (from ``attributesBeforeUpdate``), transparent.
    ///
    /// The view asks this for deleted items and for the old view of a reloaded item.
    ///
    /// - Parameter itemIndexPath: The item's path before the update.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        transparentCopy(attributesBeforeUpdate?(.cell(itemIndexPath)))
    }

    /// Where a supplementary view that comes into view with an update starts
    /// (`initialLayoutAttributesForAppearingSupplementaryElement(ofKind:at:)`). Default: its
    /// final attributes, transparent.
    open func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> LayoutAttributes? {
        transparentCopy(layoutAttributesForSupplementaryView(ofKind: elementKind, at: elementIndexPath))
    }

    /// Where a supplementary view that goes away with an update ends
    /// (`finalLayoutAttributesForDisappearingSupplementaryElement(ofKind:at:)`). Default: its
    /// attributes before the update, transparent.
    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> LayoutAttributes? {
        transparentCopy(attributesBeforeUpdate?(.supplementary(elementKind, elementIndexPath)))
    }

    /// Where a decoration view that comes into view with an update starts
    /// (`initialLayoutAttributesForAppearingDecorationElement(ofKind:at:)`). Default: its final
    /// attributes, transparent.
    open func initialLayoutAttributesForAppearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> LayoutAttributes? {
        transparentCopy(layoutAttributesForDecorationView(ofKind: elementKind, at: decorationIndexPath))
    }

    /// Where a decoration view that goes away with an update ends
    /// (`finalLayoutAttributesForDisappearingDecorationElement(ofKind:at:)`). Default: its
    /// attributes before the update, transparent.
    open func finalLayoutAttributesForDisappearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> LayoutAttributes? {
        transparentCopy(attributesBeforeUpdate?(.decoration(elementKind, decorationIndexPath)))
    }

    private func transparentCopy(_ attributes: LayoutAttributes?) -> LayoutAttributes? {
        guard let copy = attributes?.copy() else { return nil }
        copy.alpha = 0
        return copy
    }

    // MARK: Transitions between layouts

    /// Called on the outgoing layout before a transition to `newLayout`
    /// (`prepareForTransition(to:)`).
    open func prepareForTransition(to newLayout: CollectionViewLayout) {}
    /// Called on the incoming layout before a transition from `oldLayout`
    /// (`prepareForTransition(from:)`).
    open func prepareForTransition(from oldLayout: CollectionViewLayout) {}
    /// Called on both layouts when a transition has ended, animated or interactive, finished or
    /// cancelled (`finalizeLayoutTransition()`).
    open func finalizeLayoutTransition() {}

    // MARK: Decoration views

    /// Stores `registration` (the view layer's description of a view class or template) for
    /// decoration views of `kind`; nil removes it. Apps call the view layer's
    /// `register(_:forDecorationViewOfKind:)`, which calls this.
    public func setDecorationRegistration(_ registration: Any?, forKind kind: String) {
        decorationRegistrations[kind] = registration
    }
}
