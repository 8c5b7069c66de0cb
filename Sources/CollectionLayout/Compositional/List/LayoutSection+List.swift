extension LayoutSection {
    /// A section of rows as `configuration` lays them out
    /// (`NSCollectionLayoutSection.list(using:layoutEnvironment:)`), for `environment`'s width.
    ///
    /// One row a group, as wide as the list, estimated ``ListConfiguration/estimatedRowHeight``
    /// high until its cell measures itself. By appearance (left to right; the insets are
    /// directional):
    /// - plain: no insets; a supplementary header sticks to the top.
    /// - grouped: 12 above and below the rows' band (``DecorationExtent/groups``).
    /// - inset-grouped: the rows at most ``ListConfiguration/maximumWidth`` wide, centred, at
    ///   least 12 from the sides; 12 above and below; a card behind the rows alone.
    /// - sidebar: 6 around the rows and 2 between them.
    ///
    /// Headers and footers keep to the insets across the list, so a title sits over its card.
    public static func list(using configuration: ListConfiguration, layoutEnvironment environment: LayoutEnvironment) -> LayoutSection {
        let row = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(configuration.estimatedRowHeight))
        let section = LayoutSection(group: .horizontal(layoutSize: row, subitems: [LayoutItem(layoutSize: row)]))
        section.listConfiguration = configuration
        let width = environment.container.effectiveContentSize.width
        var side = 0.0
        if let widest = configuration.maximumWidth { side = max(0, (width - widest) / 2) }
        switch configuration.appearance {
        case .plain:
            section.contentInsets = DirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
        case .grouped:
            section.contentInsets = DirectionalEdgeInsets(top: 12, leading: side, bottom: 12, trailing: side)
            section.decorationItems = [background(ListConfiguration.groupedBackgroundElementKind)]
        case .insetGrouped:
            side = max(12, side)
            section.contentInsets = DirectionalEdgeInsets(top: 12, leading: side, bottom: 12, trailing: side)
            section.decorationItems = [background(ListConfiguration.insetGroupedBackgroundElementKind)]
        case .sidebar:
            side = max(6, side)
            section.contentInsets = DirectionalEdgeInsets(top: 6, leading: side, bottom: 6, trailing: side)
            section.interGroupSpacing = 2
        }
        let estimate = LayoutDimension.estimated(configuration.estimatedRowHeight)
        if configuration.headerMode == .supplementary {
            let header = BoundarySupplementaryItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: estimate),
                                                   elementKind: ElementKind.sectionHeader, alignment: .top)
            header.pinToVisibleBounds = configuration.appearance == .plain
            section.boundarySupplementaryItems.append(header)
        }
        if configuration.footerMode == .supplementary {
            section.boundarySupplementaryItems.append(
                BoundarySupplementaryItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: estimate),
                                          elementKind: ElementKind.sectionFooter, alignment: .bottom))
        }
        return section
    }

    private static func background(_ kind: String) -> DecorationItem {
        let background = DecorationItem.background(elementKind: kind)
        background.extent = .groups
        return background
    }
}

extension CompositionalLayout {
    /// A layout whose every section is a list of `configuration`
    /// (`UICollectionViewCompositionalLayout.list(using:)`).
    public static func list(using configuration: ListConfiguration) -> CompositionalLayout {
        CompositionalLayout(sectionProvider: { _, environment in
            LayoutSection.list(using: configuration, layoutEnvironment: environment)
        })
    }
}
