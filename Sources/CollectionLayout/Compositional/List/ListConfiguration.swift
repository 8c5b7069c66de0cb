/// How a list looks (`UICollectionLayoutListConfiguration.Appearance`), in GNOME's terms.
public enum ListAppearance: Hashable, Sendable {
    /// Rows edge to edge with separators between them and headers that stick to the top
    /// while their section scrolls through (a plain GtkListView with separators).
    case plain
    /// Rows edge to edge on a band of the card colour, a section's title above its band and
    /// space between sections.
    case grouped
    /// Rows in a rounded card inset from the sides, at most ``ListConfiguration/maximumWidth``
    /// wide and centred: Adwaita's boxed list in a preferences page.
    case insetGrouped
    /// Rows with room around them and between them and no separators, for a navigation
    /// sidebar (Adwaita's `.navigation-sidebar`).
    case sidebar
}

/// Whether a separator shows (`UIListSeparatorConfiguration.Visibility`).
public enum ListSeparatorVisibility: Hashable, Sendable {
    /// As the appearance has it: a bottom separator under every row but a section's last, no
    /// top separator.
    case automatic, visible, hidden
}

/// The separators above and below a row (`UIListSeparatorConfiguration`): whether they show
/// and how far they stay from the row's leading and trailing edges (top and bottom insets
/// are ignored). Their colour is the separator views' style (CSS class `list-separator`).
public struct ListSeparatorConfiguration: Hashable, Sendable {
    public var topSeparatorVisibility = ListSeparatorVisibility.automatic
    public var bottomSeparatorVisibility = ListSeparatorVisibility.automatic
    public var topSeparatorInsets = DirectionalEdgeInsets.zero
    public var bottomSeparatorInsets = DirectionalEdgeInsets.zero

    /// Separators as `appearance` draws them (`init(listAppearance:)`): edge to edge, as
    /// Adwaita's lists draw them.
    public init(listAppearance: ListAppearance) {}
}

/// What a section of a list shows above its rows (`UICollectionLayoutListConfiguration.HeaderMode`).
public enum ListHeaderMode: Hashable, Sendable {
    /// No header.
    case none
    /// A supplementary view of kind ``ElementKind/sectionHeader`` at `[section, 0]`, sized to
    /// its content (estimated); it sticks to the top in a plain list.
    case supplementary
    /// The section's first item is its header: a row like the others, with no separator under it.
    case firstItemInSection
}

/// What a section of a list shows below its rows (`UICollectionLayoutListConfiguration.FooterMode`).
public enum ListFooterMode: Hashable, Sendable {
    case none
    /// A supplementary view of kind ``ElementKind/sectionFooter`` at `[section, 0]`, sized to
    /// its content (estimated).
    case supplementary
}

/// A list's look and parts (`UICollectionLayoutListConfiguration`): the appearance, separators,
/// headers and footers. Make a section from it with
/// ``LayoutSection/list(using:layoutEnvironment:)`` or a whole layout with
/// ``CompositionalLayout/list(using:)``.
///
/// Rows are as wide as the list and as tall as their cells measure (self-sizing, from
/// ``estimatedRowHeight``). The layout adds decoration views the view draws with no
/// registration: a separator (kind ``separatorElementKind`` for the one below a row,
/// ``topSeparatorElementKind`` above it) at the row's index path, and for grouped and
/// inset-grouped lists a background behind the rows (kind ``groupedBackgroundElementKind`` or
/// ``insetGroupedBackgroundElementKind``) at `[section, 0]`. Register a view for one of these
/// kinds to draw it yourself.
public struct ListConfiguration: Sendable {
    /// The decoration kind of the separator below a row.
    public static let separatorElementKind = "list-separator"
    /// The decoration kind of the separator above a row.
    public static let topSeparatorElementKind = "list-separator-top"
    /// The decoration kind of a grouped list's band behind a section's rows.
    public static let groupedBackgroundElementKind = "list-background-grouped"
    /// The decoration kind of an inset-grouped list's card behind a section's rows.
    public static let insetGroupedBackgroundElementKind = "list-background-inset-grouped"

    /// The look (`appearance`).
    public let appearance: ListAppearance
    /// Whether rows have separators (`showsSeparators`). Default true but in a sidebar.
    public var showsSeparators: Bool
    /// The separators of every row (`separatorConfiguration`).
    public var separatorConfiguration: ListSeparatorConfiguration
    /// Changes the separators of one row (`itemSeparatorHandler`): given its index path and
    /// ``separatorConfiguration``, returns the row's. Called as rows are laid out.
    public var itemSeparatorHandler: (@MainActor @Sendable (IndexPath, ListSeparatorConfiguration) -> ListSeparatorConfiguration)?
    /// Above each section's rows (`headerMode`). Default none.
    public var headerMode = ListHeaderMode.none
    /// Below each section's rows (`footerMode`). Default none.
    public var footerMode = ListFooterMode.none
    /// The height rows and headers have until their views measure themselves: 50 (Adwaita's
    /// action row), 38 in a sidebar.
    public var estimatedRowHeight: Double
    /// The widest the rows get, centred (AdwClamp's 600 in an inset-grouped list); nil: as wide
    /// as the view.
    public var maximumWidth: Double?

    /// A list of `appearance` with its defaults (`init(appearance:)`).
    public init(appearance: ListAppearance) {
        self.appearance = appearance
        showsSeparators = appearance != .sidebar
        separatorConfiguration = ListSeparatorConfiguration(listAppearance: appearance)
        estimatedRowHeight = appearance == .sidebar ? 38 : 50
        maximumWidth = appearance == .insetGrouped ? 600 : nil
    }

    /// The separators of the row at `indexPath`, in a section of `count` rows, with their
    /// visibility resolved (never ``ListSeparatorVisibility/automatic``).
    @MainActor
    func separators(at indexPath: IndexPath, count: Int) -> ListSeparatorConfiguration {
        var separators = itemSeparatorHandler?(indexPath, separatorConfiguration) ?? separatorConfiguration
        guard showsSeparators else {
            separators.topSeparatorVisibility = .hidden
            separators.bottomSeparatorVisibility = .hidden
            return separators
        }
        if separators.topSeparatorVisibility == .automatic { separators.topSeparatorVisibility = .hidden }
        if separators.bottomSeparatorVisibility == .automatic {
            let isTitle = headerMode == .firstItemInSection && indexPath.item == 0
            separators.bottomSeparatorVisibility = indexPath.item == count - 1 || isTitle ? .hidden : .visible
        }
        return separators
    }
}
