import CollectionLayout

/// A description of what a cell draws behind its content (`UIBackgroundConfiguration`): a
/// colour, a stroke, rounded corners, insets and an optional widget of the app's. Set one on a
/// cell (``CollectionViewCell/backgroundConfiguration``); the cell draws it with one widget it
/// makes once and updates in place.
///
/// The presets draw what GNOME's lists draw (libadwaita's boxed lists and navigation sidebars,
/// or GTK's own theme without libadwaita), and ``updated(for:)`` gives them the look of a
/// state: hover, a press (highlighted), selected, a drop target, disabled. The colours come
/// from the theme, so they follow light, dark and high contrast:
///
/// ```swift
/// cell.configurationUpdateHandler = { cell, state in
///     var background = BackgroundConfiguration.listGroupedCell().updated(for: state)
///     if state.isSelected { background.strokeWidth = 1 }
///     cell.backgroundConfiguration = background
/// }
/// ```
///
/// Unlike UIKit, a nil ``backgroundColor`` is not the tint colour but the preset's own colour
/// for the state (none for `clear()`); a colour the app sets is drawn in every state.
public struct BackgroundConfiguration: Hashable {
    /// Which look the configuration started from: the CSS class its widget carries.
    enum Style: String, Hashable {
        case clear
        case listPlainCell = "list-plain-cell"
        case listGroupedCell = "list-grouped-cell"
        case listSidebarCell = "list-sidebar-cell"
        case listPlainHeaderFooter = "list-plain-header-footer"
        case listGroupedHeaderFooter = "list-grouped-header-footer"

        /// The corner radius the stylesheet draws this style with.
        var cornerRadius: Double { self == .listSidebarCell ? Self.sidebarRowRadius : 0 }
        /// Adwaita's navigation sidebar rows ($menu_radius in libadwaita 1.2).
        static let sidebarRowRadius = 6.0
        /// Whether the style shows states (hover, presses, selection); headers and footers do not.
        var showsStates: Bool { self == .listPlainCell || self == .listGroupedCell || self == .listSidebarCell }
    }

    /// The states a configuration was updated for, as they change its look.
    struct ShownState: Hashable {
        var isSelected = false
        var isHighlighted = false
        var isDisabled = false
        var isDropTarget = false
    }

    let style: Style
    /// Set by ``updated(for:)``: the state the preset's colours are drawn for, and that the
    /// pointer's hover shows. Nil: the configuration was never updated, and shows no state.
    var shownState: ShownState?

    /// The fill (`backgroundColor`); nil draws the preset's colour for the state.
    public var backgroundColor: ConfigurationColor?
    /// The colour of the stroke along the edge (`strokeColor`); nil with a ``strokeWidth``
    /// draws the theme's accent colour.
    public var strokeColor: ConfigurationColor?
    /// The stroke's width in points, inside the background's edge (`strokeWidth`); 0 draws none.
    public var strokeWidth: Double = 0
    /// The radius of the background's corners (`cornerRadius`): 0 but in a sidebar, where rows
    /// are rounded as Adwaita's are (6). In an inset-grouped list, the first and last rows are
    /// also clipped to the card's corners, whatever this says.
    public var cornerRadius: Double
    /// How far the background stays inside the cell (`backgroundInsets`); leading and
    /// trailing follow the text direction.
    public var backgroundInsets = DirectionalEdgeInsets.zero
    /// A widget of the app's drawn over the colour, at the background's size and clipped to its
    /// corners (`customView`). The configuration holds a reference to it (a new widget's
    /// floating one included), so it lives as long as the configuration or a copy of it; the
    /// cell parents it while the configuration is set and unparents it when another replaces it.
    public var customView: WidgetPointer? {
        get { heldCustomView?.widget }
        set { heldCustomView = newValue.map(HeldWidget.init) }
    }
    private var heldCustomView: HeldWidget?

    init(style: Style) {
        self.style = style
        cornerRadius = style.cornerRadius
    }

    /// A row of a plain list (`listPlainCell()`): no fill of its own, the view's background
    /// shows; a tint on hover, a stronger one while pressed, the theme's selection colour while
    /// selected.
    public static func listPlainCell() -> BackgroundConfiguration { BackgroundConfiguration(style: .listPlainCell) }
    /// A row of a grouped or inset-grouped list (`listGroupedCell()`): the card shows through;
    /// the lighter tints of Adwaita's boxed lists on hover and while pressed, the selection
    /// colour while selected.
    public static func listGroupedCell() -> BackgroundConfiguration { BackgroundConfiguration(style: .listGroupedCell) }
    /// A row of a sidebar (`listSidebarCell()`): rounded (6), tinted on hover and while
    /// selected, as Adwaita's navigation sidebar rows are.
    public static func listSidebarCell() -> BackgroundConfiguration { BackgroundConfiguration(style: .listSidebarCell) }
    /// A header or footer of a plain list (`listPlainHeaderFooter()`): the view's background,
    /// so a header that sticks to the top hides the rows scrolling under it.
    public static func listPlainHeaderFooter() -> BackgroundConfiguration { BackgroundConfiguration(style: .listPlainHeaderFooter) }
    /// A header or footer of a grouped or inset-grouped list (`listGroupedHeaderFooter()`):
    /// nothing drawn, the title sits on the window's background.
    public static func listGroupedHeaderFooter() -> BackgroundConfiguration { BackgroundConfiguration(style: .listGroupedHeaderFooter) }
    /// Nothing drawn, in any state (`clear()`): start here for a background of your own.
    public static func clear() -> BackgroundConfiguration { BackgroundConfiguration(style: .clear) }

    /// This configuration as it looks in `state` (`updated(for:)`): the preset's colours for
    /// selected, highlighted (pressed), a drop into the cell and disabled, and the hover tint
    /// while the pointer is over the cell. What the app set (colour, stroke, corners, insets,
    /// custom view) stays as it is.
    public func updated(for state: CellConfigurationState) -> BackgroundConfiguration {
        var updated = self
        updated.shownState = ShownState(isSelected: state.isSelected, isHighlighted: state.isHighlighted, isDisabled: state.isDisabled,
                                        isDropTarget: state.cellDropState == .targeted)
        return updated
    }

    /// The background a row of `appearance` has by default: what a list cell uses.
    static func listCell(for appearance: ListAppearance?) -> BackgroundConfiguration {
        switch appearance {
        case .grouped?, .insetGrouped?: .listGroupedCell()
        case .sidebar?: .listSidebarCell()
        case .plain?, nil: .listPlainCell()
        }
    }

    /// The background a header or footer of a list of `appearance` has by default.
    static func listHeaderFooter(for appearance: ListAppearance?) -> BackgroundConfiguration {
        appearance == .plain ? .listPlainHeaderFooter() : .listGroupedHeaderFooter()
    }
}
