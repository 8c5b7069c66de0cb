import CGtk
import CAdw
import GtkGlue

/// The gallery's look comes from its GResource: AdwApplication loads `style.css`
/// (Resources/gallery.css) and, in high contrast, `style-hc.css` by itself; libadwaita follows
/// the system's dark and high-contrast preferences. This logs what is in force.
enum Style {
    static let path = GalleryResources.base + "/style.css"

    @MainActor
    static func install() {
        GalleryLog.event("style resource://\(path)")
        // The app's icon comes from the bundle too (GtkApplication adds its icons/ folder).
        let theme = gtk_icon_theme_get_for_display(gdk_display_get_default())
        GalleryLog.event("icon \(GalleryApp.applicationID) \(gtk_icon_theme_has_icon(theme, GalleryApp.applicationID) != 0 ? "found" : "missing")")
        let manager = adw_style_manager_get_default()!
        logScheme(manager)
        for property in ["notify::dark", "notify::high-contrast"] {
            Signal.connectPointer(UnsafeMutableRawPointer(manager), property) { logScheme(manager) }
        }
    }

    @MainActor
    private static func logScheme(_ manager: OpaquePointer) {
        GalleryLog.event("scheme dark=\(adw_style_manager_get_dark(manager) != 0) high-contrast=\(adw_style_manager_get_high_contrast(manager) != 0)")
    }
}
