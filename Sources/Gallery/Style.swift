import CGtk

/// The gallery's CSS: tile colours and the selection ring.
enum Style {
    static let css = """
    .tile { border-radius: 12px; padding: 8px; }
    .tile-title { color: white; font-weight: bold; text-shadow: 0 1px 2px rgba(0,0,0,0.5); }
    .hue-0 { background: linear-gradient(160deg, #3584e4, #1a5fb4); }
    .hue-1 { background: linear-gradient(160deg, #33d17a, #26a269); }
    .hue-2 { background: linear-gradient(160deg, #f6d32d, #e5a50a); }
    .hue-3 { background: linear-gradient(160deg, #ff7800, #c64600); }
    .hue-4 { background: linear-gradient(160deg, #e01b24, #a51d2d); }
    .hue-5 { background: linear-gradient(160deg, #9141ac, #613583); }
    .hue-6 { background: linear-gradient(160deg, #986a44, #63452c); }
    .hue-7 { background: linear-gradient(160deg, #77767b, #3d3846); }
    .tile-selection { border-radius: 15px; margin: -3px; border: 3px solid @accent_color; }
    .section-title { font-size: 1.3em; font-weight: bold; margin-left: 16px; margin-top: 12px; }
    .section-footer { margin-left: 16px; }
    """

    @MainActor
    static func install() {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
