import CGtk
import GtkGlue
import CCollectionHost
import CollectionLayout

/// The widget that draws a cell's ``BackgroundConfiguration``: made once per cell, then
/// updated in place with only what changed, so binding a reused cell costs a few comparisons.
///
/// The look is CSS: a class for the preset (`list-grouped-cell`…) and one per state shown
/// (`selected`, `highlighted`, `drop-target`, `disabled`; hover is the cell's own `:hover`),
/// drawn by the library's stylesheet (``css``) in the theme's colours. Colours, strokes and
/// corners the app sets are a ``StyleClasses`` class, one per distinct combination, so a cell
/// rebound to values already seen swaps a class and parses no CSS.
@MainActor
final class CellBackgroundView {
    let widget: WidgetPointer
    private let widgetRef: ObjectRef
    /// What the widget shows now.
    private(set) var configuration: BackgroundConfiguration?
    private var classes: Set<String> = []
    private var customClass: String?

    init() {
        widget = cv_cell_background_new()!
        widgetRef = ObjectRef(sinking: raw(widget))
    }

    /// Shows `new`: sets the classes, the margins, the custom CSS and the custom view that
    /// differ from what is shown.
    func show(_ new: BackgroundConfiguration) {
        let old = configuration
        guard old != new else { return }  // a rebind in the same state: nothing to do
        configuration = new
        setClasses(Self.classes(for: new))
        if old?.backgroundInsets != new.backgroundInsets {
            let insets = new.backgroundInsets
            gtk_widget_set_margin_top(widget, Pixels.gtk(insets.top))
            gtk_widget_set_margin_bottom(widget, Pixels.gtk(insets.bottom))
            gtk_widget_set_margin_start(widget, Pixels.gtk(insets.leading))  // GTK mirrors start/end right to left
            gtk_widget_set_margin_end(widget, Pixels.gtk(insets.trailing))
        }
        if old.map({ Self.sameCustomStyle($0, new) }) != true {
            customClass = StyleClasses.shared.swap(customClass, for: Self.customRules(for: new), on: widget)
        }
        if old?.customView != new.customView {
            if let view = old?.customView, gtk_widget_get_parent(view) == widget { gtk_widget_unparent(view) }
            if let view = new.customView {
                if gtk_widget_get_parent(view) != nil { gtk_widget_unparent(view) }
                gtk_widget_set_parent(view, widget)
            }
        }
    }

    /// The CSS classes of a configuration: its preset, and the state it was updated for.
    static func classes(for configuration: BackgroundConfiguration) -> Set<String> {
        var classes: Set<String> = [configuration.style.rawValue]
        guard configuration.style.showsStates, let state = configuration.shownState else { return classes }
        classes.insert("stateful")
        if state.isDisabled { classes.insert("disabled"); return classes }
        if state.isSelected { classes.insert("selected") }
        if state.isHighlighted { classes.insert("highlighted") }
        if state.isDropTarget { classes.insert("drop-target") }
        return classes
    }

    /// The app's own colours, stroke and corners as the rules of a style class; nil when it set
    /// none.
    static func customRules(for configuration: BackgroundConfiguration) -> [StyleClasses.Rule]? {
        var declarations: [String] = []
        if let color = configuration.backgroundColor { declarations.append("background-color: \(color.cssValue);") }
        if configuration.strokeWidth > 0 {
            let color = configuration.strokeColor ?? .accent
            declarations.append("border: \(css(configuration.strokeWidth))px solid \(color.cssValue);")
        }
        var cardCorners: [StyleClasses.Rule] = []
        if configuration.cornerRadius != configuration.style.cornerRadius {
            declarations.append("border-radius: \(css(max(0, configuration.cornerRadius)))px;")
            // The class's rules are above the library's stylesheet: the card's corners are
            // repeated among them, more specific, to still win on the first and last rows.
            cardCorners = cardCornerRules
        }
        return declarations.isEmpty ? nil : [StyleClasses.Rule("cellbackground&", declarations.joined(separator: " "))] + cardCorners
    }

    /// Whether `a` and `b` make the same custom rules (a state change alone does not): checked
    /// without building them.
    private static func sameCustomStyle(_ a: BackgroundConfiguration, _ b: BackgroundConfiguration) -> Bool {
        a.backgroundColor == b.backgroundColor && a.strokeWidth == b.strokeWidth && a.strokeColor == b.strokeColor
            && a.cornerRadius == b.cornerRadius && a.style.cornerRadius == b.style.cornerRadius
    }

    private static func css(_ value: Double) -> String { Pixels.css(value) }

    private func setClasses(_ wanted: Set<String>) {
        guard wanted != classes else { return }
        for name in classes.subtracting(wanted) { gtk_widget_remove_css_class(widget, name) }
        for name in wanted.subtracting(classes) { gtk_widget_add_css_class(widget, name) }
        classes = wanted
    }

    /// The library's rules for backgrounds (in ``DefaultStyle/parts``), and those that differ
    /// with libadwaita. The state colours are libadwaita 1.2's (_lists.scss, _colors.scss:
    /// currentColor at .07 on hover, .16 pressed, .1 selected in plain lists; .03 and .08 in
    /// boxed lists) and GTK 4.8's own theme's without it (a .05 hover, the selection colour).
    static let css = """
    cellbackground.list-sidebar-cell { border-radius: 6px; }
    cellbackground.list-plain-header-footer { background-color: @cv_view_bg_color; }
    reusableview.cell.list-rounded-top { border-top-left-radius: \(Int(cardRadius))px; border-top-right-radius: \(Int(cardRadius))px; }
    reusableview.cell.list-rounded-bottom { border-bottom-left-radius: \(Int(cardRadius))px; border-bottom-right-radius: \(Int(cardRadius))px; }
    \(StyleClasses.css(cardCornerRules, className: nil))
    """

    /// The background of an inset-grouped list's first and last rows takes the card's corners
    /// (the cell's own CSS background and focus ring do through the cell's rules above); `&`
    /// is nothing in the library's stylesheet and an app's radius class in ``customRules(for:)``.
    static let cardCornerRules = [
        StyleClasses.Rule("reusableview.cell.list-rounded-top > cellbackground&",
                          "border-top-left-radius: \(Int(cardRadius))px; border-top-right-radius: \(Int(cardRadius))px;"),
        StyleClasses.Rule("reusableview.cell.list-rounded-bottom > cellbackground&",
                          "border-bottom-left-radius: \(Int(cardRadius))px; border-bottom-right-radius: \(Int(cardRadius))px;"),
    ]

    // Each state's rule names the states it excludes, so no rule depends on another's
    // specificity: hover (the cell's :hover) only while neither selected nor pressed.
    private static let idle = ":not(.disabled):not(.selected):not(.highlighted):not(.drop-target)"

    static let adwaitaCSS = """
    reusableview.cell:hover > cellbackground.stateful.list-plain-cell\(idle),
    reusableview.cell:hover > cellbackground.stateful.list-sidebar-cell\(idle) { background-color: alpha(currentColor, 0.07); }
    reusableview.cell:hover > cellbackground.stateful.list-grouped-cell\(idle) { background-color: alpha(currentColor, 0.03); }
    cellbackground.stateful.list-plain-cell.highlighted:not(.selected),
    cellbackground.stateful.list-sidebar-cell.highlighted:not(.selected) { background-color: alpha(currentColor, 0.16); }
    cellbackground.stateful.list-grouped-cell.highlighted:not(.selected) { background-color: alpha(currentColor, 0.08); }
    cellbackground.stateful.selected:not(.highlighted) { background-color: alpha(currentColor, 0.1); }
    reusableview.cell:hover > cellbackground.stateful.selected:not(.highlighted) { background-color: alpha(currentColor, 0.13); }
    cellbackground.stateful.selected.highlighted { background-color: alpha(currentColor, 0.19); }
    \(dropTargetCSS)
    """

    static let plainCSS = """
    reusableview.cell:hover > cellbackground.stateful\(idle) { background-color: alpha(currentColor, 0.05); }
    cellbackground.stateful.highlighted:not(.selected) { background-color: alpha(currentColor, 0.1); }
    cellbackground.stateful.selected:not(.highlighted) { background-color: @cv_accent_bg_color; }
    reusableview.cell:hover > cellbackground.stateful.selected:not(.highlighted) { background-color: shade(@cv_accent_bg_color, 0.95); }
    cellbackground.stateful.selected.highlighted { background-color: shade(@cv_accent_bg_color, 0.88); }
    reusableview.cell.background-selected { color: @cv_accent_fg_color; }
    reusableview.cell.background-selected image.cell-accessory.multiselect.checked { background-color: @cv_accent_fg_color;
        border-color: @cv_accent_fg_color; color: @cv_accent_bg_color; }
    \(dropTargetCSS)
    """

    /// A drop into the cell, over any other state (the hover rules exclude it).
    private static let dropTargetCSS = """
    reusableview.cell > cellbackground.stateful.drop-target,
    reusableview.cell:hover > cellbackground.stateful.drop-target.drop-target { background-color: alpha(@cv_accent_bg_color, 0.2);
        box-shadow: inset 0 0 0 2px @cv_accent_color; }
    """

    /// The radius of the inset-grouped card (`InsetGroupedListBackgroundView`: libadwaita's
    /// `card`, and the library's own rule without libadwaita): the first and last rows' corners.
    static let cardRadius = 12.0
}

extension CollectionViewCell {
    /// The background configuration the cell shows now: the app's, or with
    /// ``usesListBackgroundAutomatically`` the list's default for the cell's section, updated for
    /// `state`; nil: none (the background views, if any, show).
    func effectiveBackgroundConfiguration(for state: CellConfigurationState) -> BackgroundConfiguration? {
        if let backgroundConfiguration { return backgroundConfiguration }
        guard usesListBackgroundAutomatically, backgroundView == nil, selectedBackgroundView == nil else { return nil }
        return defaultBackgroundConfiguration().updated(for: state)
    }

    /// Shows `configuration` in the cell's background widget, made the first time one is
    /// shown and hidden while there is none.
    func showBackground(_ configuration: BackgroundConfiguration?) {
        guard let configuration else {
            if let background = backgroundWidget, gtk_widget_get_visible(background.widget) != 0 {
                gtk_widget_set_visible(background.widget, 0)
                if let view = background.configuration?.customView, gtk_widget_get_parent(view) == background.widget { gtk_widget_unparent(view) }
                background.forget()
            }
            setSelectedTextClass(false)
            return
        }
        let background: CellBackgroundView
        if let made = backgroundWidget {
            background = made
        } else {
            background = CellBackgroundView()
            backgroundWidget = background
            gtk_widget_insert_after(background.widget, widget, nil)  // below everything
        }
        if gtk_widget_get_visible(background.widget) == 0 { gtk_widget_set_visible(background.widget, 1) }
        background.show(configuration)
        setSelectedTextClass(configuration.backgroundColor == nil && configuration.style.showsStates
                             && configuration.shownState?.isSelected == true && configuration.shownState?.isDisabled == false)
    }

    /// Text on the theme's selection colour takes the colour meant for it (plain GTK's theme;
    /// libadwaita's selection is a tint, and leaves the text as it is).
    private func setSelectedTextClass(_ on: Bool) {
        guard on != hasSelectedTextClass else { return }
        hasSelectedTextClass = on
        if on { gtk_widget_add_css_class(widget, "background-selected") } else { gtk_widget_remove_css_class(widget, "background-selected") }
    }

    /// The cell's place in a list changed: rounds the corners it shares with an inset-grouped
    /// card (its background configuration's, and CSS drawn on the cell itself: a background, the
    /// focus ring), and takes the list's background when the appearance changed.
    ///
    /// The cell does not clip its children to the corners: GTK would then not pick the cell in
    /// its CSS border, and a click there would be lost. Background views and content that
    /// reach into a corner are the app's to round.
    func listPositionChanged(from old: ListRowPosition?) {
        let inCard = listPosition?.appearance == .insetGrouped
        let top = inCard && listPosition?.isFirst == true, bottom = inCard && listPosition?.isLast == true
        if top != (old?.appearance == .insetGrouped && old?.isFirst == true) {
            if top { gtk_widget_add_css_class(widget, "list-rounded-top") } else { gtk_widget_remove_css_class(widget, "list-rounded-top") }
        }
        if bottom != (old?.appearance == .insetGrouped && old?.isLast == true) {
            if bottom { gtk_widget_add_css_class(widget, "list-rounded-bottom") } else { gtk_widget_remove_css_class(widget, "list-rounded-bottom") }
        }
        if old?.appearance != listPosition?.appearance, usesListBackgroundAutomatically, backgroundConfiguration == nil {
            showBackground(effectiveBackgroundConfiguration(for: configurationState))
        }
    }
}

extension CellBackgroundView {
    /// Nothing is shown: the next configuration is applied whole.
    func forget() {
        configuration = nil
    }
}
