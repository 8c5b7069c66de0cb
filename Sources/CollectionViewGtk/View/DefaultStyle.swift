import CGtk

/// The library's own CSS: a focus ring on the cell with the keyboard focus, a see-through
/// cell while it is moved by hand (`.moving`), and the tiles of `LabelCell`. Installed once
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
    private static var installed = false

    static func install() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        // Between GTK_STYLE_PROVIDER_PRIORITY_THEME (200) and _SETTINGS (400).
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), 300)
    }
}
