import FoundationEssentials

/// The base class of every layout (`UICollectionViewLayout`): it turns index paths into layout
/// attributes and never touches views.
///
/// In a layout pass the view calls, in this order, `prepare()`, `collectionViewContentSize`
/// and `layoutAttributesForElements(in:)` for the visible rectangle; the per-element queries
/// come when the view needs one element (scrolling to an item, animations).
/// `invalidateLayout()` only marks the layout dirty: the view runs one pass on its next frame
/// however many invalidations came before it, and that pass does not animate.
@MainActor
open class CollectionViewLayout {
    /// The collection view this layout is installed in; nil while it is not installed.
    public weak var collectionView: (any CollectionViewLayoutHost)?

    /// True from `invalidateLayout()` until the next `prepare()`.
    public private(set) var needsPrepare = true

    /// Decoration view registrations by kind. The view layer stores its view classes here
    /// (the core keeps them opaque); see `register(_:forDecorationViewOfKind:)` there.
    public private(set) var decorationRegistrations: [String: Any] = [:]

    /// During a batch update or a layout transition, the host installs a lookup of each
    /// element's attributes before the change; the disappearing-element defaults read it.
    public var attributesBeforeUpdate: ((ElementKey) -> LayoutAttributes?)?

    public init() {}

    /// The class of the attributes this layout makes; override to hand out a subclass.
    open class var layoutAttributesClass: LayoutAttributes.Type { LayoutAttributes.self }

    // MARK: The layout pass

    /// Computes whatever the queries below need. Called once per pass after invalidation.
    open func prepare() {}

    /// The size of the whole scrollable content.
    open var collectionViewContentSize: Size { .zero }

    /// Attributes of every element (cells, supplementary and decoration views) whose frame
    /// intersects `rect`.
    open func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { [] }

    open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

    open func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> LayoutAttributes? { nil }

    open func layoutAttributesForDecorationView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> LayoutAttributes? { nil }

    /// The attributes of any element, by its key.
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
    open var supplementaryElementKinds: [String] { [] }

    // MARK: Invalidation

    /// Marks the layout dirty and asks the host for a pass on the next frame. Many calls in a
    /// row cost one pass; nothing animates.
    open func invalidateLayout() {
        needsPrepare = true
        collectionView?.layoutDidInvalidate(self)
    }

    /// Marks the layout dirty without asking the host for a pass (for layouts inside another).
    public func invalidateLayoutWithoutHost() { needsPrepare = true }

    /// Asked on every scroll and resize with the new visible rectangle; true invalidates the
    /// layout. The default never does.
    open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

    /// Runs `prepare()` if the layout is dirty. The host calls this at the start of a pass.
    public func prepareIfNeeded() {
        guard needsPrepare else { return }
        needsPrepare = false
        prepare()
    }

    /// The content offset to use instead of `proposedContentOffset` after a layout change or an
    /// update; the default keeps the proposal.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
        proposedContentOffset
    }

    // MARK: Batch updates

    /// Called before the attributes after an update are asked for, with every change of it.
    open func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {}

    /// Called when the update's animations have been set up.
    open func finalizeCollectionViewUpdates() {}

    /// Where an inserted (or moved-in) item starts. Default: its final attributes, transparent.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        transparentCopy(layoutAttributesForItem(at: itemIndexPath))
    }

    /// Where a deleted item ends. Default: its attributes before the update, transparent.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        transparentCopy(attributesBeforeUpdate?(.cell(itemIndexPath)))
    }

    open func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> LayoutAttributes? {
        transparentCopy(layoutAttributesForSupplementaryView(ofKind: elementKind, at: elementIndexPath))
    }

    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> LayoutAttributes? {
        transparentCopy(attributesBeforeUpdate?(.supplementary(elementKind, elementIndexPath)))
    }

    open func initialLayoutAttributesForAppearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> LayoutAttributes? {
        transparentCopy(layoutAttributesForDecorationView(ofKind: elementKind, at: decorationIndexPath))
    }

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

    /// Called on the outgoing layout before a transition to `newLayout`.
    open func prepareForTransition(to newLayout: CollectionViewLayout) {}
    /// Called on the incoming layout before a transition from `oldLayout`.
    open func prepareForTransition(from oldLayout: CollectionViewLayout) {}
    /// Called on both layouts when a transition has ended.
    open func finalizeLayoutTransition() {}

    // MARK: Decoration views

    /// Stores `registration` (the view layer's description of a view class or template) for
    /// decoration views of `kind`; nil removes it.
    public func setDecorationRegistration(_ registration: Any?, forKind kind: String) {
        decorationRegistrations[kind] = registration
    }
}
