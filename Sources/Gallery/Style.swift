import CGtk

/// The gallery's CSS, from the app's GResource (Resources/gallery.css, compiled in).
enum Style {
    static let path = GalleryResources.base + "/gallery.css"

    @MainActor
    static func install() {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_resource(provider, path)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        GalleryLog.event("style resource://\(path)")
        // The app's icon comes from the bundle too (GtkApplication adds its icons/ folder).
        let theme = gtk_icon_theme_get_for_display(gdk_display_get_default())
        GalleryLog.event("icon \(GalleryApp.applicationID) \(gtk_icon_theme_has_icon(theme, GalleryApp.applicationID) != 0 ? "found" : "missing")")
    }
}
