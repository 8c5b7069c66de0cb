import CGtk
import CAdw
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import Foundation

/// The application: `gallery` shows the built-in catalogue, `gallery FOLDER` a folder's images.
@MainActor
final class GalleryApp {
    static let applicationID = "io.github.collectionview.Gallery"
    private let application: UnsafeMutablePointer<GtkApplication>
    private var window: GalleryWindow?
    private let folder: String?

    init(arguments: [String]) {
        // Before the application starts: GtkApplication then finds the icons in the bundle.
        GalleryResources.register()
        folder = arguments.dropFirst().first { !$0.hasPrefix("-") }
        // Each launch is its own instance, so a second window (or a test) does not hand its
        // folder to one already running.
        // An AdwApplication (a GtkApplication): libadwaita follows the system's dark and
        // high-contrast preferences and loads style.css / style-hc.css from the bundle.
        application = adw_application_new(Self.applicationID, Int32(G_APPLICATION_NON_UNIQUE.rawValue))!
            .assumingMemoryBound(to: GtkApplication.self)
        Signal.connect(UnsafeMutableRawPointer(application), "activate") { [weak self] in self?.activate() }
    }

    func run() -> Int32 {
        // The folder is ours to handle; GApplication sees only the program name.
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(CommandLine.arguments[0]), nil]
        defer { free(argv[0]) }
        return g_application_run(UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self), 1, &argv)
    }

    private func activate() {
        gtk_window_set_default_icon_name(Self.applicationID)
        if window == nil { window = GalleryWindow(application: application, folder: folder) }
        window?.present()
    }
}
