import CGtk

/// The library's own CSS: a focus ring on the cell with the keyboard focus, a see-through
/// cell while it is moved by hand (`.moving`), the tiles of `LabelCell`, and a list's
/// separators and backgrounds. Installed once
/// per process above the theme and below the application, so an app's stylesheet can restyle it.
@MainActor
enum DefaultStyle {
    static let css = """
    collectionview:focus-visible { outline: none; }
    reusableview.cell:focus-visible { outline: none; }
    reusableview.cell.focused { outline: 2px solid alpha(@accent_color, 0.8); outline-offset: -2px; }
    reusableview.cell.label-cell { background-color: alpha(currentColor, 0.08); border-radius: 6px; }
    reusableview.cell.label-cell:selected { background-color: alpha(@accent_bg_color, 0.35); }
    reusableview.cell.moving { opacity: 0.9; }
    """

    /// A list's separators and backgrounds (ListDecorationViews) in libadwaita's colours: its
    /// `card` class draws the inset-grouped card.
    static let adwaitaListCSS = """
    reusableview.list-separator { background-color: @card_shade_color; }
    reusableview.list-background.grouped { background-color: @card_bg_color;
        box-shadow: 0 1px @card_shade_color, 0 -1px @card_shade_color; }
    """

    /// The same in any other theme, from the colours every GTK theme defines.
    static let plainListCSS = """
    reusableview.list-separator { background-color: @borders; }
    reusableview.list-background.grouped { background-color: @theme_base_color;
        box-shadow: 0 1px @borders, 0 -1px @borders; }
    reusableview.list-background.inset-grouped { background-color: @theme_base_color; border-radius: 12px;
        box-shadow: 0 0 0 1px @borders; }
    """
    private static var installed = false

    static func install() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        let provider = gtk_css_provider_new()!
        // libadwaita's colours when it is in the process (it registers its style manager).
        let withAdwaita = g_type_from_name("AdwStyleManager") != 0
        gtk_css_provider_load_from_data(provider, css + "\n" + (withAdwaita ? adwaitaListCSS : plainListCSS), -1)
        // Between GTK_STYLE_PROVIDER_PRIORITY_THEME (200) and _SETTINGS (400).
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), 300)
    }
}
