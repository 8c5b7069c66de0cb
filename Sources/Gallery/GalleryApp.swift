import CGtk
import CollectionLayout
import CollectionViewGtk

/// The application: one window with a header bar and the collection view.
@MainActor
final class GalleryApp {
    static let applicationID = "io.github.collectionview.Gallery"
    private let application: UnsafeMutablePointer<GtkApplication>
    private var window: GalleryWindow?

    init() {
        application = gtk_application_new(Self.applicationID, G_APPLICATION_DEFAULT_FLAGS)
        _ = Signal.connect(UnsafeMutableRawPointer(application), "activate") { [weak self] in self?.activate() }
    }

    func run() -> Int32 {
        g_application_run(UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self),
                          CommandLine.argc, CommandLine.unsafeArgv)
    }

    private func activate() {
        if window == nil { window = GalleryWindow(application: application) }
        window?.present()
    }
}
