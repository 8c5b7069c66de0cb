import CGtk
import CFolderModels
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import GalleryIndex
import Foundation

/// A folder of images as GTK models: a monitored GtkDirectoryList per folder (the folder and
/// its subfolders), each filtered to images (GtkFilterListModel) and sorted by name in natural
/// order (GtkSortListModel), joined by a GtkFlattenListModel and shown through a
/// `ListModelDataSource` with one section per folder. A photo copied into a folder appears,
/// animated; a deleted one goes. The app does not edit folders.
@MainActor
final class FolderContent: GalleryContent {
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "svg", "ico", "tga"]
    /// Size and modification time too: the date index knows a file it has read by them.
    static let attributes = "standard::name,standard::display-name,standard::type,standard::size,time::modified,time::modified-usec"

    /// The folder's URI (any name's bytes survive; `PhotoURI.displayPath` shows it).
    let rootURI: String
    private(set) var dataSource: ListModelDataSource?
    nonisolated(unsafe) let flat: OpaquePointer  // GtkFlattenListModel: the folders' files by name
    private let store: OpaquePointer  // GListStore of the folders' models, kept alive by `flat`
    let folders: [String]  // URIs: the root, then its subfolders
    private var lists: [OpaquePointer] = []  // GtkDirectoryList per folder, kept alive by `store`
    /// Our own watch on each folder, for the renames GtkDirectoryList misses.
    nonisolated(unsafe) private var monitors: [OpaquePointer] = []
    private var loading = 0
    private weak var collectionView: CollectionView?
    /// The photos by date taken, while the view shows them so.
    private(set) var timeline: FolderTimeline?
    private(set) var order = PhotoOrder.name
    nonisolated(unsafe) private var changeHandler: (model: OpaquePointer, id: gulong)?
    /// Runs after each change of the folder has reached the view.
    var changed: (() -> Void)?
    /// Runs with a file's URI when it has been written (its thumbnail may be out of date).
    var fileWritten: ((String) -> Void)?
    var isEditable: Bool { false }

    /// Checks the folder the URI names; nil with a message when it cannot be shown at all.
    /// Asked through GFile, so a name that is not UTF-8 is the folder itself.
    static func problem(withURI uri: String) -> UserText? {
        let path = PhotoURI.displayPath(uri)
        guard PhotoURI.withPath(uri, { $0 != nil }) else { return UserText("The folder “%s” does not exist.", path) }
        return PhotoURI.withFile(uri) { file in
            switch g_file_query_file_type(file, G_FILE_QUERY_INFO_NONE, nil) {
            case G_FILE_TYPE_UNKNOWN: return UserText("The folder “%s” does not exist.", path)
            case G_FILE_TYPE_DIRECTORY: break
            default: return UserText("“%s” is a file, not a folder.", path)
            }
            guard let children = g_file_enumerate_children(file, "standard::name", G_FILE_QUERY_INFO_NONE, nil, nil) else {
                return UserText("The folder “%s” cannot be read.", path)
            }
            g_object_unref(raw(children))
            return nil
        }
    }

    /// Starts reading the folder; `loaded` runs once every list has been read, with the
    /// number of files that are not images. Check `problem(withURI:)` first.
    init(uri: String, loaded: @escaping @MainActor (FolderContent, _ otherFiles: Int) -> Void) {
        rootURI = uri
        folders = [uri] + Self.subfolders(of: uri)
        store = g_list_store_new(g_list_model_get_type())!
        var sortedModels: [OpaquePointer] = []
        for (index, folder) in folders.enumerated() {
            let (list, sorted) = Self.folderModel(folder, index: index)
            lists.append(list)
            sortedModels.append(sorted)
            g_list_store_append(store, raw(sorted))
            g_object_unref(raw(sorted))
        }
        // The flattened model takes the store; the store holds the folder models.
        flat = gtk_flatten_list_model_new(store)!
        loading = lists.count
        for list in lists {
            Self.whenLoaded(list) { [weak self] in
                guard let self else { return }
                self.loading -= 1
                if self.loading == 0 {
                    self.watchRenames()
                    loaded(self, self.otherFiles())
                }
            }
        }
    }

    deinit {
        if let (model, id) = changeHandler { g_signal_handler_disconnect(raw(model), id) }
        for monitor in monitors { g_object_unref(raw(monitor)) }
        g_object_unref(raw(flat))
    }

    /// The URIs of the folder's visible subfolders, in natural order of their names. Read
    /// through GFile, so a name that is not UTF-8 is kept.
    private static func subfolders(of uri: String) -> [String] {
        let root = g_file_new_for_uri(uri)!
        defer { g_object_unref(raw(root)) }
        guard let children = g_file_enumerate_children(root, "standard::name,standard::display-name,standard::type,standard::is-hidden",
                                                        G_FILE_QUERY_INFO_NONE, nil, nil) else { return [] }
        defer { g_object_unref(raw(children)) }
        var found: [(key: String, uri: String)] = []
        while let info = g_file_enumerator_next_file(children, nil, nil) {
            defer { g_object_unref(raw(info)) }
            guard g_file_info_get_file_type(info) == G_FILE_TYPE_DIRECTORY, g_file_info_get_is_hidden(info) == 0,
                  let child = g_file_get_child(root, g_file_info_get_name(info)) else { continue }
            defer { g_object_unref(raw(child)) }
            let key = g_utf8_collate_key_for_filename(g_file_info_get_display_name(info), -1)!
            defer { g_free(key) }
            found.append((String(cString: key), PhotoURI.of(file: child)))
        }
        return found.sorted { $0.key < $1.key }.map(\.uri)
    }

    /// A folder's images, sorted: a monitored GtkDirectoryList, filtered, sorted (each model
    /// takes the one before it, and its filter or sorter). Returns the list and the sorted model
    /// (a reference the caller owns).
    private static func folderModel(_ folder: String, index: Int) -> (list: OpaquePointer, sorted: OpaquePointer) {
        let file = g_file_new_for_uri(folder)!
        let list = gtk_directory_list_new(attributes, file)!
        g_object_unref(raw(file))
        gtk_directory_list_set_monitored(list, 1)
        let filter = UnsafeMutablePointer<GtkFilter>(OpaquePointer(cv_folder_image_filter_new(imageExtensionList, Int32(index))))
        let filtered = gtk_filter_list_model_new(list, filter)!
        let sorter = UnsafeMutablePointer<GtkSorter>(OpaquePointer(cv_folder_name_sorter_new()))
        return (list, gtk_sort_list_model_new(filtered, sorter)!)
    }

    /// Runs `f` once, when `list` has finished reading its folder.
    private static func whenLoaded(_ list: OpaquePointer, _ f: @escaping @MainActor () -> Void) {
        var done = false
        Signal.connectPointer(raw(list), "notify::loading") {
            guard !done, gtk_directory_list_is_loading(list) == 0 else { return }
            done = true
            f()
        }
    }

    /// Our own watch on each folder. GTK 4.8's GtkDirectoryList misses a file renamed into place (how browsers and many
    /// apps save: a temporary name, then a rename): the list keeps the old name. On a rename
    /// or a move in or out, the folder is read again and its new list replaces the old one in
    /// one change; items are matched by path, so only what changed animates.
    private func watchRenames() {
        for (index, folder) in folders.enumerated() {
            let file = g_file_new_for_uri(folder)!
            defer { g_object_unref(raw(file)) }
            guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, nil) else { continue }
            monitors.append(OpaquePointer(monitor))
            Signal.connectFileMonitorChangedURI(raw(monitor)) { [weak self] event, uri in
                if event == G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT {
                    // A file written in place shows as soon as it is created, maybe before
                    // its content is there: now it is.
                    self?.fileWritten?(uri)
                } else if event == G_FILE_MONITOR_EVENT_RENAMED || event == G_FILE_MONITOR_EVENT_MOVED_IN
                            || event == G_FILE_MONITOR_EVENT_MOVED_OUT {
                    self?.rereadSoon(index)
                }
            }
        }
    }

    private var rereading: Set<Int> = []

    /// Reads folder `index` again after a moment (renames come in bursts) and swaps its model in.
    private func rereadSoon(_ index: Int) {
        guard rereading.insert(index).inserted else { return }
        Async.after(milliseconds: 150) { [weak self] in
            guard let self else { return }
            let (list, sorted) = Self.folderModel(self.folders[index], index: index)
            Self.whenLoaded(list) { [weak self] in
                defer { g_object_unref(raw(sorted)) }
                guard let self else { return }
                self.rereading.remove(index)
                self.lists[index] = list
                var replacement: [gpointer?] = [raw(sorted)]
                g_list_store_splice(self.store, guint(index), 1, &replacement, 1)
            }
        }
    }

    /// Shows the folder in `collectionView` in `order`: installs its data source. By date, the
    /// files are dated through `dates` (which starts counting anew), starting from the index's
    /// `known` rows for the folder; by name, each subfolder is a section.
    func install(in collectionView: CollectionView, order: PhotoOrder, dates: @autoclosure () -> DateIndexer, known: [String: IndexedPhoto],
                 cell: @escaping (CollectionView, IndexPath, Tile) -> CollectionViewCell,
                 supplementary: @escaping ListModelDataSource.SupplementaryViewProvider) {
        self.order = order
        if let (old, id) = changeHandler { g_signal_handler_disconnect(raw(old), id) }  // before the old timeline goes
        let model: OpaquePointer
        let source: ListModelDataSource
        let makeCell: ListModelDataSource.CellProvider = { cv, path, item in cell(cv, path, Self.tile(for: item)) }
        switch order {
        case .name:
            timeline = nil
            model = flat
            // Items are files: a folder read again gives new GFileInfos for the same paths.
            source = ListModelDataSource(collectionView: collectionView, model: flat, sectionKey: folderKey,
                                         itemKey: { AnyHashable(Self.uri(of: $0)) }, cellProvider: makeCell)
        case .date:
            let indexer = dates()
            indexer.reset()
            let timeline = FolderTimeline(flat: flat, folders: Set(folders), indexer: indexer, known: known)
            self.timeline = timeline
            model = timeline.model
            source = ListModelDataSource(collectionView: collectionView, model: timeline.model, sectionKey: FolderTimeline.monthKey,
                                         itemKey: FolderTimeline.uriKey, cellProvider: makeCell)
        }
        source.supplementaryViewProvider = supplementary
        source.indexTitlesProvider = { [weak self] cv in self?.indexTitles(in: cv) }
        dataSource = source
        self.collectionView = collectionView
        // Connected after the data source's handler, so the view has taken the change.
        changeHandler = (model, Signal.connectItemsChanged(raw(model)) { [weak self] _, _, _ in self?.changed?() })
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
        guard let key = dataSource?.sectionKey(ofSection: section) else { return "" }
        return order == .date ? FolderTimeline.title(forKey: key) : PhotoURI.displayName(key)
    }

    // MARK: Items

    /// The file's URI (a GtkDirectoryList item, a GFileInfo, carries its GFile as "standard::file").
    static func uri(of info: UnsafeMutablePointer<GObject>) -> String {
        guard let file = g_file_info_get_attribute_object(OpaquePointer(info), "standard::file") else { return "" }
        return PhotoURI.of(file: OpaquePointer(file))
    }

    static func tile(for info: UnsafeMutablePointer<GObject>) -> Tile {
        let uri = uri(of: info)
        let name = String(cString: g_file_info_get_display_name(OpaquePointer(info)))
        let (hue, height) = variety(of: uri)
        return Tile(key: uri, title: (name as NSString).deletingPathExtension, hue: hue, height: height, uri: uri)
    }

    /// Sections are folders: an item's key is its folder's URI, found by the index its folder's
    /// filter left on it (asked of every file when the folder is shown: making the parent's URI
    /// from the file's took a third of showing 10,000 photos).
    var folderKey: ListModelDataSource.SectionKey {
        let folders = self.folders
        return { info in
            let index = Int(bitPattern: g_object_get_qdata(info, FolderContent.folderQuark)) - 1
            return folders.indices.contains(index) ? folders[index] : PhotoURI.parent(of: FolderContent.uri(of: info))
        }
    }

    /// Where a file's GFileInfo keeps the index of its folder (plus one) in `folders`.
    nonisolated static let folderQuark = g_quark_from_static_string("gallery-folder-index")

    static func isImage(name: String) -> Bool {
        name.withCString { isImage(name: $0) }
    }

    /// The same for a file name as the file system's bytes: run for every file of a folder
    /// (100,000 in a large one), so it looks at the bytes after the last dot, without making
    /// strings (NSString's pathExtension took a tenth of opening such a folder).
    static func isImage(name: UnsafePointer<CChar>) -> Bool {
        guard name[0] != 0x2E, let dot = strrchr(name, 0x2E) else { return false }  // hidden, or no extension
        var ext: [UInt8] = []
        var p = dot + 1
        while p.pointee != 0 {
            guard ext.count < 5 else { return false }
            ext.append(UInt8(bitPattern: p.pointee) | 0x20)  // ASCII lower case; other bytes never match
            p += 1
        }
        return imageExtensionBytes.contains(ext)
    }

    private static let imageExtensionBytes: Set<[UInt8]> = Set(imageExtensions.map { Array($0.utf8) })

    /// `imageExtensions` as C strings for the folder models' filter (CFolderModels), which marks
    /// each file it keeps with its folder's index (`folderQuark`); kept for the process's life.
    private static let imageExtensionList: UnsafePointer<UnsafePointer<CChar>?> = {
        let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: imageExtensions.count + 1)
        for (i, ext) in imageExtensions.sorted().enumerated() { list[i] = UnsafePointer(strdup(ext)) }
        list[imageExtensions.count] = nil
        return UnsafePointer(list)
    }()

    /// Regular files the filter left out, in all folders.
    private func otherFiles() -> Int {
        var count = 0
        for list in lists {
            for i in 0..<g_list_model_get_n_items(list) {
                guard let item = g_list_model_get_item(list, i) else { continue }
                let info = OpaquePointer(item)
                if g_file_info_get_file_type(info) == G_FILE_TYPE_REGULAR, !Self.isImage(name: g_file_info_get_name(info)),
                   !String(cString: g_file_info_get_name(info)).hasPrefix(".") { count += 1 }
                g_object_unref(item)
            }
        }
        return count
    }
}
