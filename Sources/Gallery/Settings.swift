import CGtk
import GtkGlue
import Foundation

/// What the gallery remembers between runs, in GSettings (schema
/// Resources/io.github.collectionview.Gallery.gschema.xml).
///
/// GLib aborts the process when `g_settings_new` is asked for a schema it does not know, so the
/// schema is looked up first: installed (the default schema source), compiled next to the
/// binary or in its prefix, or compiled here from the source tree's Resources into
/// `$XDG_CACHE_HOME/collection-gallery/schemas` (a SwiftPM build, when `glib-compile-schemas`
/// is on PATH). With no schema the gallery runs on the defaults and says so.
///
/// `GALLERY_SCHEMA_DIR` replaces every place looked in with that one folder (of `.gschema.xml`
/// files or a compiled `gschemas.compiled`), and `GALLERY_SCHEMA_NO_COMPILE` stops compiling:
/// the tests use them to take the schema away.
@MainActor
final class GallerySettings {
    static let schemaID = "io.github.collectionview.Gallery"
    private let settings: UnsafeMutablePointer<GSettings>

    private init(_ settings: UnsafeMutablePointer<GSettings>) { self.settings = settings }

    /// The settings, or nil (with a message) when no schema can be found.
    static func load() -> GallerySettings? {
        switch findSchema() {
        case .success(let (schema, origin)):
            defer { g_settings_schema_unref(schema) }
            guard let settings = g_settings_new_full(schema, nil, nil) else { return nil }
            GalleryLog.event("settings schema \(origin)")
            return GallerySettings(settings)
        case .failure(let problem):
            let text = "settings unavailable: \(problem.reason); the window starts with the defaults and nothing is saved"
            GalleryLog.event(text)
            FileHandle.standardError.write(Data("gallery: \(text)\n".utf8))
            return nil
        }
    }

    struct Problem: Error { let reason: String }

    private static func findSchema() -> Result<(OpaquePointer, String), Problem> {
        let environment = ProcessInfo.processInfo.environment
        let override = environment["GALLERY_SCHEMA_DIR"]
        if override == nil, let source = g_settings_schema_source_get_default(),
           let schema = g_settings_schema_source_lookup(source, schemaID, 1) {
            return .success((schema, "installed"))
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let folders = override.map { [$0] } ?? [
            executable.path,  // compiled next to the binary
            executable.appendingPathComponent("../share/glib-2.0/schemas").standardized.path,  // installed in a prefix GLib does not search
            executable.appendingPathComponent("../../../Resources").standardized.path,  // SwiftPM: .build/<triple>/<config>/gallery
        ]
        let compile = environment["GALLERY_SCHEMA_NO_COMPILE"] == nil
        var reasons: [String] = []
        for folder in folders {
            if FileManager.default.fileExists(atPath: folder + "/gschemas.compiled"), let schema = lookup(in: folder) {
                return .success((schema, "compiled \(folder)"))
            }
            let source = folder + "/\(schemaID).gschema.xml"
            guard FileManager.default.fileExists(atPath: source) else { continue }
            guard compile else { reasons.append("\(source) is not compiled and compiling is off"); continue }
            switch compiled(from: folder, newerThan: source) {
            case .success(let cache):
                if let schema = lookup(in: cache) { return .success((schema, "compiled from \(source) into \(cache)")) }
                reasons.append("no schema \(schemaID) in \(cache)")
            case .failure(let problem):
                reasons.append(problem.reason)
            }
        }
        if reasons.isEmpty { reasons.append("no schema \(schemaID) installed or in \(folders.joined(separator: ", "))") }
        return .failure(Problem(reason: reasons.joined(separator: "; ")))
    }

    private static func lookup(in folder: String) -> OpaquePointer? {
        guard let source = g_settings_schema_source_new_from_directory(folder, g_settings_schema_source_get_default(), 0, nil) else { return nil }
        defer { g_settings_schema_source_unref(source) }
        return g_settings_schema_source_lookup(source, schemaID, 0)
    }

    /// The folder's schemas compiled into the user's cache, again when the source changed.
    private static func compiled(from folder: String, newerThan source: String) -> Result<String, Problem> {
        let cache = String(cString: g_get_user_cache_dir()) + "/collection-gallery/schemas"
        let target = cache + "/gschemas.compiled"
        let modified = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date }
        if let built = modified(target), let written = modified(source), built >= written { return .success(cache) }
        guard let tool = g_find_program_in_path("glib-compile-schemas") else {
            return .failure(Problem(reason: "\(source) is not compiled and glib-compile-schemas is not on PATH"))
        }
        defer { g_free(tool) }
        do {
            try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        } catch {
            return .failure(Problem(reason: "cannot create \(cache): \(error.localizedDescription)"))
        }
        let arguments = [String(cString: tool), "--strict", "--targetdir=\(cache)", folder]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var status: gint = 0
        var errorText: UnsafeMutablePointer<gchar>?
        var error: UnsafeMutablePointer<GError>?
        let ran = g_spawn_sync(nil, &argv, nil, G_SPAWN_DEFAULT, nil, nil, nil, &errorText, &status, &error) != 0
        defer { g_free(errorText) }
        if !ran {
            defer { g_error_free(error) }
            return .failure(Problem(reason: "glib-compile-schemas did not run: \(String(cString: error!.pointee.message))"))
        }
        guard g_spawn_check_wait_status(status, nil) != 0 else {
            let text = errorText.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            return .failure(Problem(reason: "glib-compile-schemas failed on \(folder): \(text)"))
        }
        return .success(cache)
    }

    // MARK: Values

    func int(_ key: String) -> Int { Int(g_settings_get_int(settings, key)) }
    func bool(_ key: String) -> Bool { g_settings_get_boolean(settings, key) != 0 }
    func string(_ key: String) -> String {
        let value = g_settings_get_string(settings, key)!
        defer { g_free(value) }
        return String(cString: value)
    }

    func set(_ key: String, _ value: Int) { g_settings_set_int(settings, key, gint(value)) }
    func set(_ key: String, _ value: Bool) { g_settings_set_boolean(settings, key, value ? 1 : 0) }
    /// False when the schema refuses the value (a layout name it does not list).
    @discardableResult
    func set(_ key: String, _ value: String) -> Bool { g_settings_set_string(settings, key, value) != 0 }

    /// Writes what is pending, before the process ends.
    func sync() { g_settings_sync() }
}

// MARK: The window's state

extension GalleryWindow {
    /// The size, maximized state, layout and selection mode of the last run.
    func restoreState() {
        guard let settings else { return }
        let width = max(settings.int("window-width"), 360), height = max(settings.int("window-height"), 294)
        let maximized = settings.bool("window-maximized")
        gtk_window_set_default_size(window.as(GtkWindow.self), gint(width), gint(height))
        if maximized { gtk_window_maximize(window.as(GtkWindow.self)) }
        let layout = GalleryLayout(rawValue: settings.string("layout")) ?? .grid
        if layout != currentLayout {
            currentLayout = layout
            collectionView.collectionViewLayout = layouts[layout]!
        }
        let multiple = settings.bool("multiple-selection")
        collectionView.allowsMultipleSelection = multiple
        collectionView.selectionBehavior = Self.selectionBehavior(multiple: multiple)
        photoOrder = PhotoOrder(rawValue: settings.string("sort-order")) ?? .name
        let actions = OpaquePointer(window)
        if let action = g_action_map_lookup_action(actions, "layout") { g_simple_action_set_state(action, g_variant_new_string(layout.rawValue)) }
        if let action = g_action_map_lookup_action(actions, "multiple") { g_simple_action_set_state(action, g_variant_new_boolean(multiple ? 1 : 0)) }
        if let action = g_action_map_lookup_action(actions, "sort-order") { g_simple_action_set_state(action, g_variant_new_string(photoOrder.rawValue)) }
        catalogue.show(photoOrder, animated: false)
        enableSectionActions()
        GalleryLog.event("settings restored width=\(width) height=\(height) maximized=\(maximized) layout=\(layout.rawValue) multiple=\(multiple)")
        GalleryLog.event("settings restored sort-order=\(photoOrder.rawValue)")
    }

    /// On close: the size (the unmaximized one), whether maximized, and the rest again.
    func saveState() {
        guard let settings else { return }
        var width: gint = 0, height: gint = 0
        gtk_window_get_default_size(window.as(GtkWindow.self), &width, &height)
        let maximized = gtk_window_is_maximized(window.as(GtkWindow.self)) != 0
        if width > 0, height > 0 {
            settings.set("window-width", Int(width))
            settings.set("window-height", Int(height))
        }
        settings.set("window-maximized", maximized)
        settings.set("layout", currentLayout.rawValue)
        settings.set("multiple-selection", collectionView.allowsMultipleSelection)
        settings.set("sort-order", photoOrder.rawValue)
        settings.sync()
        GalleryLog.event("settings saved width=\(width) height=\(height) maximized=\(maximized) layout=\(currentLayout.rawValue) multiple=\(collectionView.allowsMultipleSelection)")
    }
}

/// GtkWindow's "close-request", which returns whether to keep the window open: here never.
@MainActor
enum CloseRequest {
    private final class Box {
        let f: @MainActor () -> Void
        init(_ f: @escaping @MainActor () -> Void) { self.f = f }
    }

    static func connect(_ window: UnsafeMutableRawPointer, _ f: @escaping @MainActor () -> Void) {
        let thunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.f() }
            return 0
        }
        let destroy: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
            Unmanaged<Box>.fromOpaque(data!).release()
        }
        g_signal_connect_data(window, "close-request", unsafeBitCast(thunk, to: GCallback.self),
                              Unmanaged.passRetained(Box(f)).toOpaque(), destroy, GConnectFlags(0))
    }
}
