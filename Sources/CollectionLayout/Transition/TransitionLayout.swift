import FoundationEssentials

/// A layout between two others (`UICollectionViewTransitionLayout`): at `transitionProgress` 0
/// it is `currentLayout`, at 1 `nextLayout`, and in between every element's attributes blend.
/// An element only one of the two shows fades in or out. An interactive transition installs one
/// and moves its progress; subclass it for other paths or timing (override
/// `interpolatedAttributes(from:to:progress:)`), and keep gesture values with
/// `updateValue(_:forAnimatedKey:)`.
///
/// Each layout comes with the content offset it is shown at (``currentContentOffset``,
/// ``nextContentOffset``): the blend is of what each shows in the viewport, and the viewport
/// itself moves from one offset to the other. So a grid scrolled far down and a row of pages
/// scrolled far right blend on screen, and the collection view's offset follows
/// ``contentOffset`` as the progress moves. (UIKit leaves the offset to the app; here the
/// transition is continuous at both ends.)
///
/// The collection view's `startInteractiveTransition(to:completion:)` makes one (or asks its
/// delegate for a subclass), sets both offsets and installs it; a pinch or Ctrl + scroll drives
/// its progress.
open class TransitionLayout: CollectionViewLayout {
    /// The layout the transition starts from (`currentLayout`): what progress 0 shows.
    public let currentLayout: CollectionViewLayout
    /// The layout the transition goes to (`nextLayout`): what progress 1 shows.
    public let nextLayout: CollectionViewLayout

    /// How far the transition has gone, clamped to 0...1 (`transitionProgress`).
    ///
    /// Setting it invalidates the blend only: the two layouts keep their prepared state, so
    /// each frame of a gesture costs a query, not two layout passes. (In UIKit you call
    /// `invalidateLayout()` after setting it; here setting it is enough.)
    public var transitionProgress: Double = 0 {
        didSet {
            transitionProgress = min(1, max(0, transitionProgress))
            if transitionProgress != oldValue { super.invalidateLayout(with: .everything()) }  // the blend only, not the two layouts
        }
    }

    /// The content offset ``currentLayout`` is shown at: where the viewport is at progress 0.
    /// The collection view sets it to its offset when the transition starts. Default zero (with
    /// both offsets zero the blend is of content coordinates, as in UIKit).
    public var currentContentOffset: Point = .zero {
        didSet { if currentContentOffset != oldValue { super.invalidateLayout(with: .everything()) } }
    }

    /// The content offset ``nextLayout`` is shown at: where the viewport is at progress 1, and
    /// where the collection view leaves it when the transition finishes. The collection view
    /// sets it when the transition starts, so that the item it keeps in view shows (on its
    /// page, for a paging layout). Default zero.
    public var nextContentOffset: Point = .zero {
        didSet { if nextContentOffset != oldValue { super.invalidateLayout(with: .everything()) } }
    }

    /// The item the transition keeps in view (the one the collection view was asked to keep,
    /// or the focused one, or the one at the centre), which each end shows at its
    /// offset: a subclass can give it a path of its own, such as growing over the others while
    /// they stay in place. Set by the collection view when the transition starts; nil when
    /// there was no item.
    public var keptIndexPath: IndexPath?

    /// The content offset at ``transitionProgress``, between ``currentContentOffset`` and
    /// ``nextContentOffset``: where the viewport is now. Exactly each end's offset at 0 and 1.
    public var contentOffset: Point {
        let a = currentContentOffset, b = nextContentOffset, t = transitionProgress
        if t >= 1 { return b }
        return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    private var animatedValues: [String: Double] = [:]

    /// A transition from `currentLayout` to `nextLayout`, at progress 0
    /// (`init(currentLayout:nextLayout:)`).
    public init(currentLayout: CollectionViewLayout, nextLayout: CollectionViewLayout) {
        self.currentLayout = currentLayout
        self.nextLayout = nextLayout
        super.init()
    }

    /// Stores a value for the transition to use, such as the pinch scale
    /// (`updateValue(_:forAnimatedKey:)`). The built-in pinch stores `scale`, `centerX` and
    /// `centerY` (the visible rectangle's centre in content coordinates).
    public func updateValue(_ value: Double, forAnimatedKey key: String) { animatedValues[key] = value }

    /// A stored value; 0 when nothing was stored for `key` (`value(forAnimatedKey:)`).
    public func value(forAnimatedKey key: String) -> Double { animatedValues[key] ?? 0 }

    /// Prepares both layouts (when they are dirty) against this layout's collection view.
    open override func prepare() {
        super.prepare()
        for layout in [currentLayout, nextLayout] {
            layout.collectionView = collectionView
            layout.prepareIfNeeded()
        }
    }

    /// The two content sizes blended at ``transitionProgress``, grown when needed to hold the
    /// viewport at ``contentOffset`` (the offset is never clamped back while the viewport moves).
    open override var collectionViewContentSize: Size {
        let a = currentLayout.collectionViewContentSize, b = nextLayout.collectionViewContentSize
        let t = transitionProgress
        let blended = Size(width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
        let offset = contentOffset, viewport = collectionView?.bounds.size ?? .zero
        return Size(width: max(blended.width, offset.x + viewport.width), height: max(blended.height, offset.y + viewport.height))
    }

    /// How one layout's elements are placed in this layout's coordinates: mirrored in that
    /// layout's own viewport when the view shows it the other way round from this one (right to
    /// left, one layout flipping and the other not), then moved so that its viewport (at its
    /// content offset) lies on the transition's viewport (at ``contentOffset``).
    private struct Placement {
        /// How far the layout's elements move.
        var shift: Point
        /// The width to mirror frames in (twice the layout's offset plus the viewport's width:
        /// across its viewport's centre line); nil when they are not mirrored.
        var mirrorWidth: Double?

        init(offset: Point, at own: Point, mirrored: Bool, viewportWidth: Double) {
            shift = Point(x: offset.x - own.x, y: offset.y - own.y)
            mirrorWidth = mirrored ? 2 * own.x + viewportWidth : nil
        }

        /// `attributes` as this layout shows them (the layout's own, untouched, when there is
        /// nothing to do: at progress 0 for the current layout, at 1 for the next, unmirrored).
        func place(_ attributes: LayoutAttributes) -> LayoutAttributes {
            guard shift != .zero || mirrorWidth != nil else { return attributes }
            let copy = mirrorWidth.map { attributes.mirroredHorizontally(inWidth: $0) } ?? attributes.copy()
            copy.frame = copy.frame.offsetBy(dx: shift.x, dy: shift.y)
            return copy
        }

        /// A rectangle of this layout's coordinates in the layout's own (the way back).
        func source(of rect: Rect) -> Rect {
            let moved = rect.offsetBy(dx: -shift.x, dy: -shift.y)
            return mirrorWidth.map { moved.mirroredHorizontally(inWidth: $0) } ?? moved
        }
    }

    /// Where each layout's elements go (see `Placement`). The view shows this layout mirrored
    /// or not as it shows ``nextLayout``; a layout it shows the other way round (in a
    /// right-to-left direction, a layout that does not flip and one that does) is mirrored
    /// into that convention, so that its elements show where the view showed them.
    private var placements: (current: Placement, next: Placement) {
        let rightToLeft = collectionView?.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let shownMirrored = { (layout: CollectionViewLayout) in
            layout.flipsHorizontallyInOppositeLayoutDirection && rightToLeft != (layout.developmentLayoutDirection == .rightToLeft)
        }
        let own = shownMirrored(self), offset = contentOffset, width = collectionView?.bounds.width ?? 0
        return (Placement(offset: offset, at: currentContentOffset, mirrored: shownMirrored(currentLayout) != own, viewportWidth: width),
                Placement(offset: offset, at: nextContentOffset, mirrored: shownMirrored(nextLayout) != own, viewportWidth: width))
    }

    /// The attributes of an element at `progress`, from its attributes in the two layouts
    /// (either may be nil: the element then fades). Override for other paths.
    ///
    /// Both arrive as the element shows on screen at each end, in this layout's coordinates:
    /// each layout's frame moved by the difference between ``contentOffset`` and that layout's
    /// own content offset (``currentContentOffset``, ``nextContentOffset``). A frame minus the
    /// collection view's `bounds.origin` is the element's place in the viewport at that end; a
    /// blend of the two is its place in the viewport now. Right to left, when only one of the
    /// two layouts flips (``CollectionViewLayout/flipsHorizontallyInOppositeLayoutDirection``),
    /// the view shows the transition as it shows ``nextLayout``: the other one's attributes
    /// arrive mirrored in its viewport (frame and transform), so they too are where it showed
    /// them.
    ///
    /// - Parameters:
    ///   - from: The element's attributes in ``currentLayout``, or nil when it shows none.
    ///   - to: The element's attributes in ``nextLayout``, or nil when it shows none.
    ///   - progress: The ``transitionProgress``, 0...1.
    /// - Returns: The attributes to show, or nil to show no view for the element. The default
    ///   is ``LayoutAttributes/interpolated(to:fraction:)``, fading in or out an element that
    ///   only one layout shows.
    open func interpolatedAttributes(from: LayoutAttributes?, to: LayoutAttributes?, progress: Double) -> LayoutAttributes? {
        switch (from, to) {
        case let (from?, to?): return from.interpolated(to: to, fraction: progress)
        case let (from?, nil):
            let end = from.copy()
            end.alpha = 0
            return from.interpolated(to: end, fraction: progress)
        case let (nil, to?):
            let start = to.copy()
            start.alpha = 0
            return start.interpolated(to: to, fraction: progress)
        default: return nil
        }
    }

    /// The blended attributes of every element either layout places near `rect`, kept when
    /// they intersect it.
    ///
    /// - Complexity: Two queries of the two layouts for `rect` grown by its own size each way,
    ///   then one per-element query of each for every element found.
    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        // An element can be in the rectangle half way while it is outside it in both layouts
        // (it passes through), so both are asked about the rectangle grown by its own size each
        // way; the blend then decides. An element that crosses from farther away than that is
        // missed until it arrives, which a transition's short run makes hard to see. Each
        // layout is asked in its own coordinates: the rectangle moved back by its shift (and
        // mirrored back, when its elements are mirrored).
        let reach = rect.insetBy(dx: -rect.width, dy: -rect.height), placement = placements
        var keys: [ElementKey] = []
        var seen = Set<ElementKey>()
        let found = currentLayout.layoutAttributesForElements(in: placement.current.source(of: reach))
            + nextLayout.layoutAttributesForElements(in: placement.next.source(of: reach))
        for attributes in found where seen.insert(attributes.elementKey).inserted {
            keys.append(attributes.elementKey)
        }
        return keys.compactMap { attributes(for: $0, placement) }.filter { $0.frame.intersects(rect) }
    }

    private func attributes(for key: ElementKey, _ placement: (current: Placement, next: Placement)? = nil) -> LayoutAttributes? {
        let placement = placement ?? placements
        return interpolatedAttributes(from: currentLayout.layoutAttributes(for: key).map { placement.current.place($0) },
                                      to: nextLayout.layoutAttributes(for: key).map { placement.next.place($0) },
                                      progress: transitionProgress)
    }

    /// The item's blended attributes, from both layouts' answers.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        attributes(for: .cell(indexPath))
    }

    /// The supplementary view's blended attributes, from both layouts' answers.
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        attributes(for: .supplementary(elementKind, indexPath))
    }

    /// The decoration view's blended attributes, from both layouts' answers.
    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        attributes(for: .decoration(elementKind, indexPath))
    }

    /// The supplementary kinds of both layouts.
    open override var supplementaryElementKinds: [String] {
        Array(Set(currentLayout.supplementaryElementKinds + nextLayout.supplementaryElementKinds))
    }

    /// Mirrored in a right-to-left direction when the layout it goes to is. When the layout it
    /// comes from is not (or the other way round), that layout's elements are mirrored into
    /// this convention: see ``interpolatedAttributes(from:to:progress:)``.
    open override var flipsHorizontallyInOppositeLayoutDirection: Bool { nextLayout.flipsHorizontallyInOppositeLayoutDirection }
    open override var developmentLayoutDirection: LayoutDirection { nextLayout.developmentLayoutDirection }

    /// Bounds changes matter when either layout says so.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        currentLayout.shouldInvalidateLayout(forBoundsChange: newBounds) || nextLayout.shouldInvalidateLayout(forBoundsChange: newBounds)
    }

    /// Invalidates both layouts too (their data or bounds changed).
    open override func invalidateLayout(with context: InvalidationContext) {
        currentLayout.invalidateLayoutWithoutHost(context.copy())
        nextLayout.invalidateLayoutWithoutHost(context.copy())
        super.invalidateLayout(with: context)
    }

    /// Each layout's own context for the bounds change, when either accepts it: everything,
    /// unless both name what changes.
    open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        let current = currentLayout.shouldInvalidateLayout(forBoundsChange: newBounds)
            ? currentLayout.invalidationContext(forBoundsChange: newBounds) : InvalidationContext()
        let next = nextLayout.shouldInvalidateLayout(forBoundsChange: newBounds)
            ? nextLayout.invalidationContext(forBoundsChange: newBounds) : InvalidationContext()
        let merged = InvalidationContext()
        merged.merge(current)
        merged.merge(next)
        return merged
    }
}
