import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import Foundation

extension GalleryWindow {
    /// The window's actions ("win.…") and their shortcuts.
    func installActions() {
        let map = OpaquePointer(window)
        func add(_ name: String, accels: [String] = [], state: OpaquePointer? = nil, parameter: String? = nil,
                 _ handler: @escaping @MainActor (OpaquePointer, OpaquePointer?) -> Void) {
            let type = parameter.map { g_variant_type_new($0) }
            let action = state.map { g_simple_action_new_stateful(name, type ?? nil, $0) } ?? g_simple_action_new(name, type ?? nil)
            if let type { g_variant_type_free(type) }
            guard let action else { return }
            Signal.connectVariant(raw(action), "activate") { parameter in handler(action, parameter) }
            g_action_map_add_action(map, action)
            if !accels.isEmpty { setAccels("win.\(name)", accels) }
        }
        add("layout", state: g_variant_new_string(GalleryLayout.grid.rawValue), parameter: "s") { [weak self] action, parameter in
            guard let self, let parameter, let layout = GalleryLayout(rawValue: String(cString: g_variant_get_string(parameter, nil))) else { return }
            g_simple_action_set_state(action, parameter)
            self.switchLayout(to: layout)
        }
        for layout in GalleryLayout.allCases { setAccels("win.layout::\(layout.rawValue)", [layout.accelerator]) }
        add("multiple", accels: ["<Control>m"], state: g_variant_new_boolean(0)) { [weak self] action, _ in
            guard let self else { return }
            let on = !self.collectionView.allowsMultipleSelection
            self.collectionView.allowsMultipleSelection = on
            g_simple_action_set_state(action, g_variant_new_boolean(on ? 1 : 0))
            GalleryLog.event("multiple \(on)")
        }
        add("add-item", accels: ["<Control>n"]) { [weak self] _, _ in self?.addItem() }
        add("delete-selection", accels: ["Delete"]) { [weak self] _, _ in
            guard let self else { return }
            self.deleteItems(self.collectionView.indexPathsForSelectedItems)
        }
        add("add-section", accels: ["<Control><Shift>n"]) { [weak self] _, _ in self?.addSection() }
        add("remove-section", accels: ["<Control><Shift>Delete"]) { [weak self] _, _ in self?.removeSection() }
        add("shuffle", accels: ["<Control>r"]) { [weak self] _, _ in self?.shuffle() }
        add("open-folder", accels: ["<Control>o"]) { [weak self] _, _ in self?.chooseFolder() }
        add("about") { [weak self] _, _ in self?.showAbout() }
        add("shortcuts", accels: ["<Control>question"]) { [weak self] _, _ in self?.showShortcuts() }
    }

    private func setAccels(_ action: String, _ accels: [String]) {
        let copies = accels.map { strdup($0) }
        var strings: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        gtk_application_set_accels_for_action(application, action, &strings)
        copies.forEach { free($0) }
    }

    func switchLayout(to layout: GalleryLayout) {
        guard layout != currentLayout || collectionView.transitionLayout != nil else { return }
        currentLayout = layout
        collectionView.setCollectionViewLayout(layouts[layout]!, animated: true) { _ in GalleryLog.cellsSoon(self) }
        GalleryLog.event("layout \(layout.rawValue)")
    }

    // MARK: Changing the data, animated

    /// Where new items go: after the focused or last selected item, else at the end of the first section.
    private var insertionPoint: IndexPath {
        if let p = collectionView.indexPathForFocusedItem ?? collectionView.indexPathsForSelectedItems.last {
            return IndexPath(item: p.item + 1, section: p.section)
        }
        return IndexPath(item: catalogue.sections.first?.items.count ?? 0, section: 0)
    }

    func addItem() {
        if catalogue.sections.isEmpty { addSection(); return }
        insert(catalogue.makeItem(), at: insertionPoint)
    }

    func insert(_ item: Catalogue.Item, at path: IndexPath) {
        guard catalogue.sections.indices.contains(path.section) else { return }
        let at = IndexPath(item: min(path.item, catalogue.sections[path.section].items.count), section: path.section)
        catalogue.sections[at.section].items.insert(item, at: at.item)
        collectionView.insertItems(at: [at])
        logCounts()
    }

    func deleteItems(_ paths: [IndexPath]) {
        guard !paths.isEmpty else { return }
        for path in paths.sorted(by: >) { catalogue.sections[path.section].items.remove(at: path.item) }
        collectionView.deleteItems(at: paths)
        logCounts()
    }

    func addSection() {
        let at = min((collectionView.indexPathForFocusedItem?.section ?? -1) + 1, catalogue.sections.count)
        let items = (0..<3).map { _ in catalogue.makeItem() }
        catalogue.sections.insert(.init(title: "New Section \(catalogue.nextID)", items: items), at: at)
        collectionView.insertSections(IndexSet(integer: at))
        logCounts()
    }

    func removeSection() {
        guard !catalogue.sections.isEmpty else { return }
        let at = collectionView.indexPathForFocusedItem?.section ?? catalogue.sections.count - 1
        catalogue.sections.remove(at: at)
        collectionView.deleteSections(IndexSet(integer: at))
        logCounts()
    }

    /// A batch of moves: the first section in a random order.
    func shuffle() {
        guard let first = catalogue.sections.first, first.items.count > 1 else { return }
        let order = Array(first.items.indices).shuffled()
        catalogue.sections[0].items = order.map { first.items[$0] }
        collectionView.performBatchUpdates({
            for (to, from) in order.enumerated() {
                self.collectionView.moveItem(at: IndexPath(item: from, section: 0), to: IndexPath(item: to, section: 0))
            }
        }, completion: { _ in GalleryLog.cellsSoon(self) })
        GalleryLog.event("shuffled")
    }

    func logCounts() {
        GalleryLog.event("sections \(catalogue.sections.count) items \(catalogue.itemCount)")
        GalleryLog.cellsSoon(self)
    }

    // MARK: Folders

    func open(folder: String) {
        switch FolderLoader.scan(folder) {
        case .failed(let message):
            showMessage(message)
        case .loaded(let loaded, let skipped):
            catalogue = loaded
            collectionView.reloadData()
            gtk_window_set_title(window.as(GtkWindow.self), (folder as NSString).lastPathComponent)
            showMessage(skipped.isEmpty ? nil : "\(skipped.count == 1 ? "1 file is not an image" : "\(skipped.count) files are not images") and not shown: \(skipped.prefix(3).joined(separator: ", "))\(skipped.count > 3 ? "…" : "").")
            GalleryLog.event("opened \(folder) sections=\(loaded.sections.count) items=\(loaded.itemCount)")
            let files = loaded.sections.flatMap(\.items).compactMap { item in item.path.map { (id: item.id, path: $0) } }
            var unreadable = 0
            FolderLoader.decode(files) { [weak self] id, texture, _ in
                guard let self else { return }
                guard let texture else {
                    unreadable += 1
                    self.showMessage("\(unreadable) file\(unreadable == 1 ? "" : "s") could not be read as an image.")
                    return
                }
                self.setTexture(texture, forItem: id)
                self.thumbnailsReady += 1
                if self.thumbnailsReady % 250 == 0 || self.thumbnailsReady + unreadable == files.count {
                    GalleryLog.event("thumbnails \(self.thumbnailsReady)/\(files.count)")
                }
            }
        }
    }

    /// A thumbnail arrived: store it, and show it if its cell is on screen.
    private func setTexture(_ texture: Texture, forItem id: Int) {
        for s in catalogue.sections.indices {
            if let i = catalogue.sections[s].items.firstIndex(where: { $0.id == id }) {
                catalogue.sections[s].items[i].texture = texture
                if let cell = collectionView.cellForItem(at: IndexPath(item: i, section: s)) as? TileCell {
                    cell.configure(with: catalogue.sections[s].items[i])
                }
                return
            }
        }
    }

    private func chooseFolder() {
        let chooser = gtk_file_chooser_native_new("Open a Folder of Images", window.as(GtkWindow.self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, "_Open", "_Cancel")!
        Signal.connectInt(raw(chooser), "response") { [weak self] response in
            defer { g_object_unref(raw(chooser)) }
            guard let self, response == Int(GTK_RESPONSE_ACCEPT.rawValue),
                  let file = gtk_file_chooser_get_file(chooser), let path = g_file_get_path(file) else { return }
            self.open(folder: String(cString: path))
            g_free(path)
            g_object_unref(raw(file))
        }
        gtk_native_dialog_show(raw(chooser).assumingMemoryBound(to: GtkNativeDialog.self))
    }

    private func showAbout() {
        let about = gtk_about_dialog_new()!
        let dialog = OpaquePointer(about)
        gtk_about_dialog_set_program_name(dialog, "Gallery")
        gtk_about_dialog_set_logo_icon_name(dialog, GalleryApp.applicationID)
        gtk_about_dialog_set_version(dialog, "0.1")
        gtk_about_dialog_set_comments(dialog, "A collection view for GTK 4, in Swift: layouts, reusable cells, animated updates and transitions.")
        gtk_about_dialog_set_license_type(dialog, GTK_LICENSE_MIT_X11)
        gtk_window_set_transient_for(about.as(GtkWindow.self), window.as(GtkWindow.self))
        gtk_window_set_modal(about.as(GtkWindow.self), 1)
        gtk_window_present(about.as(GtkWindow.self))
    }

    private func showShortcuts() {
        let builder = gtk_builder_new_from_string(Shortcuts.ui, -1)!
        if let object = gtk_builder_get_object(builder, "shortcuts") {
            let shortcuts = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWindow.self)
            gtk_window_set_transient_for(shortcuts, window.as(GtkWindow.self))
            gtk_window_present(shortcuts)
        }
        g_object_unref(raw(builder))
    }
}
