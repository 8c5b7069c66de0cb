import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import Foundation

/// A folder of images as GTK models: a monitored GtkDirectoryList per folder (the folder and
/// its subfolders), each filtered to images (GtkFilterListModel) and sorted by name in natural
/// order (GtkSortListModel), joined by a GtkFlattenListModel and shown through a
/// `ListModelDataSource` with one section per folder. A photo copied into a folder appears,
/// animated; a deleted one goes. The app does not edit folders.
@MainActor
final class FolderContent: GalleryContent {
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "svg", "ico", "tga"]
    static let attributes = "standard::name,standard::display-name,standard::type"

    let root: String
    private(set) var dataSource: ListModelDataSource?
    nonisolated(unsafe) private let flat: OpaquePointer  // GtkFlattenListModel, the data source's model
    private var lists: [OpaquePointer] = []  // GtkDirectoryList per folder, kept alive by `flat`
    private var loading = 0
    private weak var collectionView: CollectionView?
    /// Runs after each change of the folder has reached the view.
    var changed: (() -> Void)?
    var isEditable: Bool { false }

    /// Checks the folder; nil with a message when it cannot be shown at all.
    static func problem(with path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "The folder “\(path)” does not exist." }
        guard isDirectory.boolValue else { return "“\(path)” is a file, not a folder." }
        guard FileManager.default.isReadableFile(atPath: path), (try? FileManager.default.contentsOfDirectory(atPath: path)) != nil else {
            return "The folder “\(path)” cannot be read."
        }
        return nil
    }

    /// Starts reading the folder; `loaded` runs once every list has been read, with the
    /// number of files that are not images. Check `problem(with:)` first.
    init(path: String, loaded: @escaping @MainActor (FolderContent, _ otherFiles: Int) -> Void) {
        root = path
        let folders = [path] + ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
            .filter { !$0.hasPrefix(".") }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            .map { (path as NSString).appendingPathComponent($0) }
            .filter { var dir: ObjCBool = false; return FileManager.default.fileExists(atPath: $0, isDirectory: &dir) && dir.boolValue }
        let store = g_list_store_new(g_list_model_get_type())!
        for folder in folders {
            let file = g_file_new_for_path(folder)!
            let list = gtk_directory_list_new(Self.attributes, file)!
            g_object_unref(raw(file))
            gtk_directory_list_set_monitored(list, 1)
            lists.append(list)
            // Each model takes the one before it (and its filter or sorter).
            let filtered = gtk_filter_list_model_new(list, Self.imageFilter())!
            let sorted = gtk_sort_list_model_new(filtered, Self.naturalNameSorter())!
            g_list_store_append(store, raw(sorted))
            g_object_unref(raw(sorted))
        }
        flat = gtk_flatten_list_model_new(store)!
        loading = lists.count
        for list in lists {
            Signal.connectPointer(raw(list), "notify::loading") { [weak self] in
                guard let self, gtk_directory_list_is_loading(list) == 0 else { return }
                self.loading -= 1
                if self.loading == 0 { loaded(self, self.otherFiles()) }
            }
        }
    }

    deinit { g_object_unref(raw(flat)) }

    /// Shows the folder in `collectionView`: installs its data source.
    func install(in collectionView: CollectionView, cell: @escaping (CollectionView, IndexPath, Tile) -> CollectionViewCell,
                 supplementary: @escaping ListModelDataSource.SupplementaryViewProvider) {
        let source = ListModelDataSource(collectionView: collectionView, model: flat, sectionKey: Self.folderKey) { cv, path, item in
            cell(cv, path, Self.tile(for: item))
        }
        source.supplementaryViewProvider = supplementary
        dataSource = source
        self.collectionView = collectionView
        // Connected after the data source's handler, so the view has taken the change.
        Signal.connectItemsChanged(raw(flat)) { [weak self] _, _, _ in self?.changed?() }
    }

    /// Why the folder itself could not be read, once loaded.
    var error: String? {
        guard let first = lists.first, let error = gtk_directory_list_get_error(first) else { return nil }
        return String(cString: error.pointee.message)
    }

    var sectionCount: Int { collectionView?.numberOfSections ?? 0 }
    var itemCount: Int { Int(g_list_model_get_n_items(flat)) }

    func tile(at indexPath: IndexPath) -> Tile? {
        guard let item = dataSource?.item(at: indexPath) else { return nil }
        defer { g_object_unref(item) }
        return Self.tile(for: item)
    }

    func title(ofSection section: Int) -> String {
        dataSource?.sectionKey(ofSection: section).map { ($0 as NSString).lastPathComponent } ?? ""
    }

    // MARK: Items

    /// The file's path (a GtkDirectoryList item carries its GFile as "standard::file").
    static func path(of info: UnsafeMutableRawPointer) -> String {
        guard let file = g_file_info_get_attribute_object(OpaquePointer(info), "standard::file"),
              let cPath = g_file_get_path(OpaquePointer(file)) else { return "" }
        defer { g_free(cPath) }
        return String(cString: cPath)
    }

    static func tile(for info: UnsafeMutableRawPointer) -> Tile {
        let path = path(of: info)
        let name = String(cString: g_file_info_get_display_name(OpaquePointer(info)))
        let (hue, height) = variety(of: path)
        return Tile(key: path, title: (name as NSString).deletingPathExtension, hue: hue, height: height, path: path)
    }

    /// Sections are folders: an item's key is its folder's path.
    static let folderKey: ListModelDataSource.SectionKey = { info in
        (path(of: info) as NSString).deletingLastPathComponent
    }

    static func isImage(name: String) -> Bool {
        !name.hasPrefix(".") && imageExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    /// Regular files with an image's extension.
    private static func imageFilter() -> UnsafeMutablePointer<GtkFilter> {
        let filter = gtk_custom_filter_new({ item, _ in
            guard let item else { return 0 }
            let info = OpaquePointer(item)
            guard g_file_info_get_file_type(info) == G_FILE_TYPE_REGULAR else { return 0 }
            return FolderContent.isImage(name: String(cString: g_file_info_get_name(info))) ? 1 : 0
        }, nil, nil)!
        return UnsafeMutableRawPointer(filter).assumingMemoryBound(to: GtkFilter.self)
    }

    /// Display names in natural order ("photo-9" before "photo-10"), each name's collation key
    /// made once and kept on its GFileInfo.
    private static func naturalNameSorter() -> UnsafeMutablePointer<GtkSorter> {
        let sorter = gtk_custom_sorter_new({ a, b, _ in
            func key(_ item: gconstpointer?) -> UnsafePointer<CChar> {
                let object = UnsafeMutableRawPointer(mutating: item!).assumingMemoryBound(to: GObject.self)
                if let cached = g_object_get_data(object, "gallery-collate-key") { return UnsafePointer(cached.assumingMemoryBound(to: CChar.self)) }
                let made = g_utf8_collate_key_for_filename(g_file_info_get_display_name(OpaquePointer(object)), -1)!
                g_object_set_data_full(object, "gallery-collate-key", made, g_free)
                return UnsafePointer(made)
            }
            return strcmp(key(a), key(b)).signum()
        }, nil, nil)!
        return UnsafeMutableRawPointer(sorter).assumingMemoryBound(to: GtkSorter.self)
    }

    /// Regular files the filter left out, in all folders.
    private func otherFiles() -> Int {
        var count = 0
        for list in lists {
            for i in 0..<g_list_model_get_n_items(list) {
                guard let item = g_list_model_get_item(list, i) else { continue }
                let info = OpaquePointer(item)
                if g_file_info_get_file_type(info) == G_FILE_TYPE_REGULAR, !Self.isImage(name: String(cString: g_file_info_get_name(info))),
                   !String(cString: g_file_info_get_name(info)).hasPrefix(".") { count += 1 }
                g_object_unref(item)
            }
        }
        return count
    }
}
