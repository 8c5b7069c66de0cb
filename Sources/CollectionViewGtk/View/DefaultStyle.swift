import CGtk

/// The library's own CSS: a focus ring on the cell with the keyboard focus, a see-through
/// cell while it is moved by hand (`.moving`), the tiles of `LabelCell`, a list's
/// separators and backgrounds, and the context menu's destructive items. Installed once per process above the theme and below the
/// application, so an app's stylesheet can restyle it.
///
/// Every colour it uses is one of its own named colours (`@cv_accent_color` and the rest,
/// ``colorNames``), defined here from libadwaita's colours when libadwaita is in the process and
/// from the colours every GTK theme defines otherwise: libadwaita's names (`@accent_color`,
/// `@card_bg_color`) do not exist in plain GTK 4.8's theme, and CSS that names a colour no
/// provider defines draws nothing, silently. An app can redefine a `cv_` colour in its own
/// stylesheet.
@MainActor
enum DefaultStyle {
    static let css = """
    collectionview:focus-visible { outline: none; }
    reusableview.cell:focus-visible { outline: none; }
    reusableview.cell.focused { outline: 2px solid alpha(@cv_accent_color, 0.8); outline-offset: -2px; }
    reusableview.cell.label-cell { background-color: alpha(currentColor, 0.08); border-radius: 6px; }
    reusableview.cell.label-cell:selected { background-color: alpha(@cv_accent_bg_color, 0.35); }
    reusableview.cell.moving { opacity: 0.9; }
    reusableview.list-separator { background-color: @cv_card_shade_color; }
    reusableview.list-background.grouped { background-color: @cv_card_bg_color;
        box-shadow: 0 1px @cv_card_shade_color, 0 -1px @cv_card_shade_color; }
    popover.context-menu modelbutton.destructive:not(:disabled) { color: @cv_destructive_color; }
    """

    /// The library's colours, each with libadwaita's colour and plain GTK's for it.
    static let colorNames: [(name: String, adwaita: String, plain: String)] = [
        ("cv_accent_color", "@accent_color", "@theme_selected_bg_color"),
        ("cv_accent_bg_color", "@accent_bg_color", "@theme_selected_bg_color"),
        ("cv_accent_fg_color", "@accent_fg_color", "@theme_selected_fg_color"),
        ("cv_destructive_color", "@destructive_color", "@error_color"),
        ("cv_destructive_bg_color", "@destructive_bg_color", "@error_color"),
        ("cv_destructive_fg_color", "@destructive_fg_color", "@theme_selected_fg_color"),
        ("cv_success_color", "@success_color", "@success_color"),
        ("cv_view_bg_color", "@view_bg_color", "@theme_base_color"),
        ("cv_card_bg_color", "@card_bg_color", "@theme_base_color"),
        ("cv_card_shade_color", "@card_shade_color", "@borders"),
        ("cv_borders", "@borders", "@borders"),
        ("cv_window_bg_color", "@window_bg_color", "@theme_bg_color"),
        ("cv_fg_color", "@window_fg_color", "@theme_fg_color"),
    ]

    /// libadwaita draws the inset-grouped card with its `card` class; plain GTK gets one here.
    static let plainOnlyCSS = """
    reusableview.list-background.inset-grouped { background-color: @cv_card_bg_color; border-radius: 12px;
        box-shadow: 0 0 0 1px @cv_borders; }
    """

    /// More of the library's CSS, from other files (list cells, the empty state), each
    /// installed with the rest.
    static var parts: [String] { [ListContentView.css, ListCellStyle.css, ContentUnavailableView.css, CellBackgroundView.css, IndexScrubber.css, SwipeActionsView.css] }

    /// More of it that differs with libadwaita (which draws states in its own way): each part's
    /// rules with libadwaita and without.
    static var themedParts: [(adwaita: String, plain: String)] { [(CellBackgroundView.adwaitaCSS, CellBackgroundView.plainCSS)] }

    private static var installed = false
    /// Between GTK_STYLE_PROVIDER_PRIORITY_SETTINGS (400, where GTK 4 puts the theme) and
    /// _APPLICATION (600).
    static let priority: guint = 500

    /// The whole stylesheet for a process with or without libadwaita.
    static func stylesheet(withAdwaita: Bool) -> String {
        let colors = colorNames.map { "@define-color \($0.name) \(withAdwaita ? $0.adwaita : $0.plain);" }
        let themed = themedParts.map { withAdwaita ? $0.adwaita : $0.plain }
        return (colors + [css] + parts + themed + (withAdwaita ? [] : [plainOnlyCSS])).joined(separator: "\n")
    }

    static func install() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        let provider = gtk_css_provider_new()!
        // libadwaita's colours when it is in the process (it registers its style manager).
        let withAdwaita = g_type_from_name("AdwStyleManager") != 0
        gtk_css_provider_load_from_data(provider, stylesheet(withAdwaita: withAdwaita), -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), priority)
    }
}
