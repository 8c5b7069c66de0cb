/// The space a compositional layout lays out in (`NSCollectionLayoutContainer`).
public struct LayoutContainer: Hashable, Sendable {
    /// The size of the container: the view's bounds (`contentSize`).
    public var contentSize: Size
    /// Insets from the container's edges (`contentInsets`).
    public var contentInsets: DirectionalEdgeInsets
    /// The size less the insets (`effectiveContentSize`).
    public var effectiveContentSize: Size {
        Size(width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
             height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
    }
    /// The insets in effect (`effectiveContentInsets`).
    public var effectiveContentInsets: DirectionalEdgeInsets { contentInsets }

    public init(contentSize: Size, contentInsets: DirectionalEdgeInsets = .zero) {
        self.contentSize = contentSize
        self.contentInsets = contentInsets
    }
}

/// The traits a section provider may read (the part of `UITraitCollection` a layout uses).
public struct LayoutTraits: Hashable, Sendable {
    /// Which way the layout's frames run.
    public var layoutDirection: LayoutDirection

    public init(layoutDirection: LayoutDirection = .leftToRight) { self.layoutDirection = layoutDirection }
}

/// What a section provider or a custom group sees (`NSCollectionLayoutEnvironment`): the
/// container's size and insets, and traits.
public struct LayoutEnvironment: Hashable, Sendable {
    /// The container (`container`).
    public var container: LayoutContainer
    /// The traits (`traitCollection`).
    public var traitCollection: LayoutTraits

    public init(container: LayoutContainer, traitCollection: LayoutTraits = LayoutTraits()) {
        self.container = container
        self.traitCollection = traitCollection
    }
}
