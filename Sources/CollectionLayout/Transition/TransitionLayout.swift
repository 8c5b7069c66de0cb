import FoundationEssentials

/// A layout between two others (`UICollectionViewTransitionLayout`): at `transitionProgress` 0
/// it is `currentLayout`, at 1 `nextLayout`, and in between every element's attributes blend.
/// An element only one of the two shows fades in or out. An interactive transition installs one
/// and moves its progress; subclass it for other paths or timing (override
/// `interpolatedAttributes(from:to:progress:)`), and keep gesture values with
/// `updateValue(_:forAnimatedKey:)`.
open class TransitionLayout: CollectionViewLayout {
    public let currentLayout: CollectionViewLayout
    public let nextLayout: CollectionViewLayout

    /// 0...1. Setting it invalidates the blend only: the two layouts keep their prepared
    /// state, so each frame of a gesture costs a query, not two layout passes.
    public var transitionProgress: Double = 0 {
        didSet {
            transitionProgress = min(1, max(0, transitionProgress))
            if transitionProgress != oldValue { super.invalidateLayout() }
        }
    }

    private var animatedValues: [String: Double] = [:]

    public init(currentLayout: CollectionViewLayout, nextLayout: CollectionViewLayout) {
        self.currentLayout = currentLayout
        self.nextLayout = nextLayout
        super.init()
    }

    /// Stores a value for the transition to use (for example the pinch scale).
    public func updateValue(_ value: Double, forAnimatedKey key: String) { animatedValues[key] = value }

    /// A stored value; 0 when nothing was stored for `key`.
    public func value(forAnimatedKey key: String) -> Double { animatedValues[key] ?? 0 }

    open override func prepare() {
        super.prepare()
        for layout in [currentLayout, nextLayout] {
            layout.collectionView = collectionView
            layout.prepareIfNeeded()
        }
    }

    open override var collectionViewContentSize: Size {
        let a = currentLayout.collectionViewContentSize, b = nextLayout.collectionViewContentSize
        let t = transitionProgress
        return Size(width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
    }

    /// The attributes of an element at `progress`, from its attributes in the two layouts
    /// (either may be nil: the element then fades). Override for other paths.
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

    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        // An element can be in the rectangle half way while it is outside it in both layouts
        // (it passes through), so both are asked about the rectangle grown by its own size each
        // way; the blend then decides. An element that crosses from farther away than that is
        // missed until it arrives, which a transition's short run makes hard to see.
        let reach = rect.insetBy(dx: -rect.width, dy: -rect.height)
        var keys: [ElementKey] = []
        var seen = Set<ElementKey>()
        for attributes in currentLayout.layoutAttributesForElements(in: reach) + nextLayout.layoutAttributesForElements(in: reach) {
            if seen.insert(attributes.elementKey).inserted { keys.append(attributes.elementKey) }
        }
        return keys.compactMap { attributes(for: $0) }.filter { $0.frame.intersects(rect) }
    }

    private func attributes(for key: ElementKey) -> LayoutAttributes? {
        interpolatedAttributes(from: currentLayout.layoutAttributes(for: key), to: nextLayout.layoutAttributes(for: key),
                               progress: transitionProgress)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        attributes(for: .cell(indexPath))
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        attributes(for: .supplementary(elementKind, indexPath))
    }

    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        attributes(for: .decoration(elementKind, indexPath))
    }

    open override var supplementaryElementKinds: [String] {
        Array(Set(currentLayout.supplementaryElementKinds + nextLayout.supplementaryElementKinds))
    }

    /// Bounds changes matter when either layout says so.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        currentLayout.shouldInvalidateLayout(forBoundsChange: newBounds) || nextLayout.shouldInvalidateLayout(forBoundsChange: newBounds)
    }

    /// Invalidates both layouts too (their data or bounds changed).
    open override func invalidateLayout() {
        currentLayout.invalidateLayoutWithoutHost()
        nextLayout.invalidateLayoutWithoutHost()
        super.invalidateLayout()
    }
}
