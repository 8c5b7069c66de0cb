import CGtk
import CAdw
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import Foundation

/// The application: `gallery` shows the built-in catalogue, `gallery FOLDER` a folder's images.
///
/// One instance per session: `gallery FOLDER` while the gallery runs opens the folder in the
/// running window (GApplication's "open", handed over on D-Bus), and `gallery` alone brings the
/// window forward. `--gapplication-app-id=ID` runs an instance under another id (the tests give
/// each launch its own, so that no launch lands in an instance another test left running).
/// Without a session bus GApplication runs each launch on its own.
@MainActor
final class GalleryApp {
    static let applicationID = "io.github.collectionview.Gallery"
    private let application: UnsafeMutablePointer<GtkApplication>
    private var window: GalleryWindow?
    /// Looked up once the instance is known to be the primary one (in "startup").
    private var settings: GallerySettings?

    init(arguments: [String]) {
        // Before the application starts: GtkApplication then finds the icons in the bundle.
        GalleryResources.register()
        // An AdwApplication (a GtkApplication): libadwaita follows the system's dark and
        // high-contrast preferences and loads style.css / style-hc.css from the bundle.
        let flags = Int32(bitPattern: G_APPLICATION_HANDLES_OPEN.rawValue | G_APPLICATION_CAN_OVERRIDE_APP_ID.rawValue)
        application = adw_application_new(Self.applicationID, flags)!.assumingMemoryBound(to: GtkApplication.self)
        let instance = UnsafeMutableRawPointer(application)
        // The bundle's path, whatever id the instance runs under (tests give their own).
        g_application_set_resource_base_path(instance.assumingMemoryBound(to: GApplication.self), GalleryResources.base)
        Signal.connect(instance, "startup") { [weak self] in self?.startup() }
        Signal.connect(instance, "activate") { [weak self] in self?.activate() }
        OpenSignal.connect(instance) { [weak self] uris in self?.open(uris) }
    }

    func run() -> Int32 {
        // GApplication parses the command line: FOLDER arguments become "open", and its own
        // options (--help, --gapplication-app-id) are handled.
        var argv: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        return g_application_run(UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self),
                                 gint(CommandLine.arguments.count), &argv)
    }

    /// In the primary instance only: the settings, and Quit (Ctrl+Q), which closes the window
    /// the way its close button does, so that its state is saved.
    private func startup() {
        settings = GallerySettings.load()
        guard let quit = g_simple_action_new("quit", nil) else { return }
        Signal.connectVariant(raw(quit), "activate") { [weak self] _ in
            guard let self else { return }
            if let window = self.window { gtk_window_close(window.window.as(GtkWindow.self)) } else { g_application_quit(UnsafeMutableRawPointer(self.application).assumingMemoryBound(to: GApplication.self)) }
        }
        g_action_map_add_action(OpaquePointer(application), quit)
        g_object_unref(raw(quit))
        let accel = strdup("<Control>q")
        var accels: [UnsafePointer<CChar>?] = [UnsafePointer(accel), nil]
        gtk_application_set_accels_for_action(application, "app.quit", &accels)
        free(accel)
    }

    private func makeWindow() -> GalleryWindow {
        if let window { return window }
        gtk_window_set_default_icon_name(Self.applicationID)
        let made = GalleryWindow(application: application, settings: settings)
        window = made
        return made
    }

    private func activate() {
        makeWindow().present()
    }

    /// `gallery FOLDER`, in this process or handed over from another launch: the first folder
    /// is opened in the window.
    private func open(_ uris: [String]) {
        let window = makeWindow()
        if let uri = uris.first {
            GalleryLog.event("open \(PhotoURI.displayPath(uri))")
            window.open(folderURI: uri)
        }
        window.present()
    }
}

/// GApplication's "open" (files, count, hint), as the files' URIs: a folder whose name is not
/// UTF-8 keeps its bytes (a path made a String would not).
@MainActor
enum OpenSignal {
    private final class Box {
        let f: @MainActor ([String]) -> Void
        init(_ f: @escaping @MainActor ([String]) -> Void) { self.f = f }
    }

    static func connect(_ instance: UnsafeMutableRawPointer, _ f: @escaping @MainActor ([String]) -> Void) {
        let thunk: @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafePointer<gchar>?, gpointer?) -> Void = { _, files, count, _, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
            var uris: [String] = []
            for i in 0..<Int(count) {
                guard let file = files?[i], let uri = g_file_get_uri(file) else { continue }
                uris.append(String(cString: uri)); g_free(uri)
            }
            let result = uris
            MainActor.assumeIsolated { box.f(result) }
        }
        let destroy: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
            Unmanaged<Box>.fromOpaque(data!).release()
        }
        g_signal_connect_data(instance, "open", unsafeBitCast(thunk, to: GCallback.self),
                              Unmanaged.passRetained(Box(f)).toOpaque(), destroy, GConnectFlags(0))
    }
}
