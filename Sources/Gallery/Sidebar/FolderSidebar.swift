import CGtk
import CFolderModels
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import Foundation

/// The folder sidebar: the opened folder's tree of folders (hidden ones left out), in the
/// sidebar list appearance, through a `TreeListModelDataSource` over monitored
/// `GtkDirectoryList`s filtered to folders and sorted by name. The top row is the opened folder,
/// expanded; choosing a row shows that folder in the grid, and the sidebar stays on the root
/// it was opened with (only opening a folder another way gives it a new root).
@MainActor
final class FolderSidebar: CollectionViewDelegate {
    let collectionView: CollectionView
    /// The tree shown; nil until a folder is opened.
    private(set) var source: TreeListModelDataSource?
    /// The opened folder the tree starts at.
    private(set) var rootURI: String?
    /// Runs with a folder's URI when the user chooses its row.
    var chose: ((String) -> Void)?
    private var logScheduled = false
    static let reuseIdentifier = "folder"
    /// What a folder's row needs of its GFileInfo (GtkDirectoryList adds "standard::file").
    static let attributes = "standard::name,standard::display-name,standard::type"

    init() {
        collectionView = CollectionView(collectionViewLayout: CompositionalLayout.list(using: ListConfiguration(appearance: .sidebar)))
        collectionView.accessibilityLabel = tr("Folders")
        collectionView.register(ListCell.self, forCellWithReuseIdentifier: Self.reuseIdentifier)
        collectionView.delegate = self
        gtk_widget_add_css_class(collectionView.widget, "gallery-sidebar")
    }

    /// Shows the tree of the folder `uri` (its top row expanded and selected).
    func show(root uri: String) {
        guard uri != rootURI else { return select(uri) }
        rootURI = uri
        source = nil
        guard let file = PhotoURI.withFile(uri, { g_object_ref(UnsafeMutableRawPointer($0)).map(OpaquePointer.init) }) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        // The root's row: a GFileInfo made here as GtkDirectoryList makes its entries.
        let info = g_file_info_new()!
        g_file_info_set_name(info, PhotoURI.displayName(uri))
        g_file_info_set_display_name(info, PhotoURI.displayName(uri))
        g_file_info_set_file_type(info, G_FILE_TYPE_DIRECTORY)
        g_file_info_set_attribute_object(info, "standard::file", UnsafeMutablePointer<GObject>(file))
        let top = g_list_store_new(g_file_info_get_type())!
        g_list_store_append(top, UnsafeMutableRawPointer(info))
        g_object_unref(UnsafeMutableRawPointer(info))
        defer { g_object_unref(UnsafeMutableRawPointer(top)) }
        let source = TreeListModelDataSource(collectionView: collectionView, rootModel: top, createChildren: { item in
            guard let folder = g_file_info_get_attribute_object(OpaquePointer(item), "standard::file") else { return nil }
            return Self.subfolders(of: OpaquePointer(folder))
        }) { [unowned self] cv, indexPath, item, row in self.cell(cv, indexPath, item, row) }
        self.source = source
        Signal.connectItemsChanged(UnsafeMutableRawPointer(source.treeListModel)) { [weak self] _, _, _ in self?.logSoon() }
        if let row = gtk_tree_list_model_get_row(source.treeListModel, 0) {
            gtk_tree_list_row_set_expanded(row, 1)
            g_object_unref(UnsafeMutableRawPointer(row))
        }
        select(uri)
        GalleryLog.event("sidebar root \(PhotoURI.displayPath(uri))")
        logSoon()
    }

    /// A folder's subfolders: its monitored GtkDirectoryList, folders only, by name.
    private static func subfolders(of folder: OpaquePointer) -> OpaquePointer? {
        let list = gtk_directory_list_new(attributes, folder)!
        gtk_directory_list_set_monitored(list, 1)
        // Both take over the model and the filter or sorter they are given.
        let filtered = gtk_filter_list_model_new(list, cv_folder_subfolder_filter_new()?.assumingMemoryBound(to: GtkFilter.self))
        return gtk_sort_list_model_new(filtered, cv_folder_name_sorter_new()?.assumingMemoryBound(to: GtkSorter.self))
    }

    private func cell(_ cv: CollectionView, _ indexPath: IndexPath, _ item: UnsafeMutablePointer<GObject>, _ row: OpaquePointer) -> CollectionViewCell {
        let cell: ListCell = cv.dequeueReusableCell(withReuseIdentifier: Self.reuseIdentifier, for: indexPath)
        var content = ListContentConfiguration.sidebarCell()
        content.text = Self.name(item)
        content.image = .iconName("folder-symbolic")
        cell.contentConfiguration = content
        cell.accessories = Self.isExpandable(row) ? [.outlineDisclosure()] : []
        return cell
    }

    /// Whether a row can expand, asked of GTK once per row: for a row not expanded yet
    /// `gtk_tree_list_row_is_expandable` calls the create function, which makes (and drops) a
    /// monitored GtkDirectoryList each time, and cells are configured often. Kept on the row,
    /// so it goes with it; a folder's answer does not change (the function gives every folder a
    /// model).
    private static func isExpandable(_ row: OpaquePointer) -> Bool {
        let key = "gallery-sidebar-expandable"
        if let cached = g_object_get_data(UnsafeMutablePointer<GObject>(row), key) { return Int(bitPattern: cached) == 2 }
        let expandable = gtk_tree_list_row_is_expandable(row) != 0
        g_object_set_data(UnsafeMutablePointer<GObject>(row), key, UnsafeMutableRawPointer(bitPattern: expandable ? 2 : 1))
        return expandable
    }

    private static func name(_ item: UnsafeMutablePointer<GObject>) -> String {
        g_file_info_get_display_name(OpaquePointer(item)).map { String(cString: $0) } ?? ""
    }

    /// The folder URI of the row at `indexPath`.
    func uri(at indexPath: IndexPath) -> String? {
        guard let item = source?.item(at: indexPath) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(item)) }
        guard let file = g_file_info_get_attribute_object(OpaquePointer(item), "standard::file"),
              let uri = g_file_get_uri(OpaquePointer(file)) else { return nil }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    /// Selects the row of the folder `uri` if the tree shows it (without choosing it again).
    func select(_ uri: String) {
        let count = collectionView.numberOfSections > 0 ? collectionView.numberOfItems(inSection: 0) : 0
        for item in 0..<count where self.uri(at: IndexPath(item: item, section: 0)) == uri {
            collectionView.selectItem(at: IndexPath(item: item, section: 0), animated: false, scrollPosition: [])
            return
        }
    }

    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let uri = uri(at: indexPath) else { return }
        GalleryLog.event("sidebar chose \(PhotoURI.displayPath(uri))")
        chose?(uri)
    }

    // MARK: The log, for the end-to-end tests

    /// Once the tree has settled: its rows (name@depth, in order) and, a little later, where
    /// each shown row is in the window.
    private func logSoon() {
        guard GalleryLog.enabled, !logScheduled else { return }
        logScheduled = true
        Async.after(milliseconds: 300) { [weak self] in
            guard let self else { return }
            self.logScheduled = false
            guard let model = self.source?.treeListModel else { return }
            let rows = (0..<g_list_model_get_n_items(model)).compactMap { i -> String? in
                guard let row = gtk_tree_list_model_get_row(model, i) else { return nil }
                defer { g_object_unref(UnsafeMutableRawPointer(row)) }
                guard let item = gtk_tree_list_row_get_item(row) else { return nil }
                defer { g_object_unref(item) }
                return "\(Self.name(item.assumingMemoryBound(to: GObject.self)))@\(gtk_tree_list_row_get_depth(row))"
            }
            GalleryLog.event("sidebar rows " + rows.joined(separator: " "))
            self.logCellsOnceLaidOut()
        }
    }

    /// The rows' places once every row has a cell and nothing moved since the last look (the
    /// new rows of an expansion may not be laid out yet on a busy machine), or after 10 s.
    private func logCellsOnceLaidOut() {
        var waited = 0
        var lastLook: [String]? = nil
        Async.every(milliseconds: 50) { [weak self] in
            guard let self else { return false }
            waited += 50
            let look = self.cellsAreLaidOut ? self.cellLines() : nil
            defer { lastLook = look }
            guard (look != nil && look == lastLook) || waited >= 10_000 else { return true }
            self.logCells()
            return false
        }
    }

    /// Whether no update is sliding the rows and every row of the tree has a cell mapped with a
    /// size (the sidebar's trees in the tests are short), so that `logCells` names them all.
    var cellsAreLaidOut: Bool {
        guard let model = source?.treeListModel else { return false }
        let cells = collectionView.visibleCells
        return !collectionView.isAnimatingUpdates && cells.count >= Int(g_list_model_get_n_items(model))
            && cells.allSatisfy { gtk_widget_get_mapped($0.widget) != 0 && gtk_widget_get_width($0.widget) > 0 }
    }

    /// Each shown row's name and centre in window coordinates.
    func logCells() {
        guard GalleryLog.enabled else { return }
        cellLines().forEach { GalleryLog.event($0) }
    }

    /// The lines `logCells` writes: "sidebar-cell NAME X Y" for each row shown, then
    /// "sidebar-cells-done".
    func cellLines() -> [String] {
        guard let window = gtk_widget_get_root(collectionView.widget) else { return ["sidebar-cells-done"] }
        let widget = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self)
        var sx = 0.0, sy = 0.0
        gtk_native_get_surface_transform(OpaquePointer(widget), &sx, &sy)
        var lines: [String] = []
        for cell in collectionView.visibleCells {
            guard let path = collectionView.indexPath(for: cell), let item = source?.item(at: path) else { continue }
            defer { g_object_unref(UnsafeMutableRawPointer(item)) }
            var p = graphene_point_t(x: Float(gtk_widget_get_width(cell.widget)) / 2, y: Float(gtk_widget_get_height(cell.widget)) / 2)
            var out = graphene_point_t()
            guard gtk_widget_get_mapped(cell.widget) != 0, gtk_widget_compute_point(cell.widget, widget, &p, &out) != 0 else { continue }
            lines.append("sidebar-cell \(Self.name(item)) \(Int(Double(out.x) + sx)) \(Int(Double(out.y) + sy))")
        }
        return lines + ["sidebar-cells-done"]
    }
}
