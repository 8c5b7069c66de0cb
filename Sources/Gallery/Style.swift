import CGtk
import Foundation

/// The gallery's CSS, from Resources/gallery.css: found next to an installed binary
/// (../share/collection-gallery), in the source tree the binary was built in, or at
/// $GALLERY_DATA_DIR; the same rules are built in as a last resort, so the app always looks right.
enum Style {
    static let fileName = "gallery.css"

    static func candidates() -> [String] {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        var paths: [String] = []
        if let dir = ProcessInfo.processInfo.environment["GALLERY_DATA_DIR"] { paths.append(dir) }
        paths.append(executable.appendingPathComponent("../share/collection-gallery").path)  // installed
        // Built with SwiftPM: .build/<triple>/<config>/gallery, three levels under the package.
        paths.append(executable.appendingPathComponent("../../../Resources").path)
        return paths.map { ($0 as NSString).appendingPathComponent(fileName) }
    }

    @MainActor
    static func install() {
        let provider = gtk_css_provider_new()!
        if let path = candidates().first(where: { FileManager.default.isReadableFile(atPath: $0) }) {
            gtk_css_provider_load_from_path(provider, path)
            GalleryLog.event("style \((path as NSString).standardizingPath)")
        } else {
            GalleryLog.event("style built-in")
            gtk_css_provider_load_from_data(provider, fallback, -1)
        }
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    static let fallback = """
    .tile { border-radius: 12px; background: #3584e4; }
    .tile-title { color: white; font-weight: bold; padding: 8px; }
    .tile-selection { border-radius: 15px; margin: -4px; border: 3px solid @accent_color; }
    .section-title { font-size: 1.3em; font-weight: bold; margin-left: 24px; margin-top: 12px; }
    .section-background { background: alpha(currentColor, 0.06); border-radius: 18px; }
    """
}
