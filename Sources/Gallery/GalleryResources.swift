import CGtk
import Foundation

/// The gallery's GResource bundle, compiled in at build time (see Resources/gallery.gresource.xml):
/// registered once at start, it serves the CSS, the UI definitions and the icons under
/// `/io/github/collectionview/Gallery`, GtkApplication's resource base path for the app's id.
enum GalleryResources {
    static let base = "/io/github/collectionview/Gallery"

    /// Registers the bundle; a bundle that does not load is a build fault, said plainly.
    static func register() {
        guard let data = Data(base64Encoded: galleryResourceBase64) else { fatalError("the embedded GResource is not base64") }
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(bytes, &error) else {
            fatalError("the embedded GResource does not load: \(error.map { String(cString: $0.pointee.message) } ?? "?")")
        }
        g_resources_register(resource)
        g_resource_unref(resource)
    }
}
