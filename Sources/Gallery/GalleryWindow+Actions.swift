import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import GalleryIndex
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
        add("sort-order", state: g_variant_new_string(photoOrder.rawValue), parameter: "s") { [weak self] action, parameter in
            guard let self, let parameter, let order = PhotoOrder(rawValue: String(cString: g_variant_get_string(parameter, nil))) else { return }
            g_simple_action_set_state(action, parameter)
            self.sort(by: order)
        }
        for order in PhotoOrder.allCases { setAccels("win.sort-order::\(order.rawValue)", [order.accelerator]) }
        // The pages: Alt+1 the photos, Alt+2 the Showcase (the header bar's switcher).
        add("page", parameter: "s") { [weak self] _, parameter in
            guard let self, let parameter else { return }
            gtk_stack_set_visible_child_name(self.pages.opaque, g_variant_get_string(parameter, nil))
        }
        setAccels("win.page::photos", ["<Alt>1"])
        setAccels("win.page::showcase", ["<Alt>2"])
        add("multiple", accels: ["<Control>m"], state: g_variant_new_boolean(0)) { [weak self] action, _ in
            guard let self else { return }
            let on = !self.collectionView.allowsMultipleSelection
            self.collectionView.allowsMultipleSelection = on
            self.collectionView.selectionBehavior = Self.selectionBehavior(multiple: on)
            g_simple_action_set_state(action, g_variant_new_boolean(on ? 1 : 0))
            self.settings?.set("multiple-selection", on)
            GalleryLog.event("multiple \(on)")
        }
        add("add-item", accels: ["<Control>n"]) { [weak self] _, _ in self?.addItem() }
        add("delete-selection", accels: ["Delete"]) { [weak self] _, _ in
            guard let self else { return }
            self.deleteItems(self.collectionView.indexPathsForSelectedItems)
        }
        // Puts back what the latest "moved to the trash" toast counts (its Undo button).
        add("undo-trash", accels: ["<Control>z"]) { [weak self] _, _ in self?.trash.undo() }
        if let undo = g_action_map_lookup_action(map, "undo-trash") { g_simple_action_set_enabled(undo, 0) }
        add("add-section", accels: ["<Control><Shift>n"]) { [weak self] _, _ in self?.addSection() }
        add("remove-section", accels: ["<Control><Shift>Delete"]) { [weak self] _, _ in self?.removeSection() }
        add("shuffle", accels: ["<Control>r"]) { [weak self] _, _ in self?.shuffle() }
        add("sort", accels: ["<Control><Shift>s"]) { [weak self] _, _ in self?.sortByTitle() }
        add("open-folder", accels: ["<Control>o"]) { [weak self] _, _ in self?.chooseFolder() }
        add("about") { [weak self] _, _ in self?.showAbout() }
        // F11: fullscreen and back (in the viewer above all, anywhere in the window).
        add("fullscreen", accels: ["F11"]) { [weak self] _, _ in
            guard let self else { return }
            let window = self.window.as(GtkWindow.self)
            let full = gtk_window_is_fullscreen(window) == 0
            if full { gtk_window_fullscreen(window) } else { gtk_window_unfullscreen(window) }
            GalleryLog.event("fullscreen \(full)")
        }
        add("shortcuts", accels: ["<Control>question"]) { [weak self] _, _ in self?.showShortcuts() }
    }

    /// Multiple selection is the gallery's selection mode, where a click (a tap) adds a photo
    /// to the selection or takes it out, as in a phone's photo app; the normal mode (single
    /// selection) behaves as the desktop does.
    static func selectionBehavior(multiple: Bool) -> SelectionBehavior { multiple ? .touch : .desktop }

    private func setAccels(_ action: String, _ accels: [String]) {
        let copies = accels.map { strdup($0) }
        var strings: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        gtk_application_set_accels_for_action(application, action, &strings)
        copies.forEach { free($0) }
    }

    func switchLayout(to layout: GalleryLayout) {
        guard layout != currentLayout || collectionView.transitionLayout != nil else { return }
        // A swap that comes while the viewer opens (a pinch's finish animating) wins: the viewer
        // ends first, so it never counts itself open over another layout.
        viewer?.closeAtOnce()
        currentLayout = layout
        settings?.set("layout", layout.rawValue)
        updateThumbnailDisplaySize()
        collectionView.setCollectionViewLayout(layouts[layout]!, animated: true) { _ in GalleryLog.cellsSoon(self) }
        GalleryLog.event("layout \(layout.rawValue)")
        GalleryLog.event("paging \(collectionView.isPagingEnabled)")
    }

    /// Shows folders by date taken or by name from now on (and the open folder at once).
    func sort(by order: PhotoOrder) {
        guard order != photoOrder else { return }
        photoOrder = order
        settings?.set("sort-order", order.rawValue)
        GalleryLog.event("sort-order \(order.rawValue)")
        enableSectionActions()
        guard let folder else {
            catalogue.show(order) { [weak self] in self?.logCounts() }
            return
        }
        catalogue.show(order, animated: false)  // not shown: no animation
        knownDates(of: folder) { [weak self, weak folder] known in
            guard let self, let folder, self.folder === folder, self.photoOrder == order else { return }
            self.install(folder, known: known)
        }
    }

    /// Shuffling, sorting by title and adding or removing sections are about the catalogue's
    /// own sections: off for a folder and by date (the months are the sections).
    func enableSectionActions() {
        for name in ["add-section", "remove-section", "shuffle", "sort"] {
            guard let action = g_action_map_lookup_action(OpaquePointer(window), name) else { continue }
            g_simple_action_set_enabled(action, folder == nil && photoOrder == .name ? 1 : 0)
        }
    }

    /// By date, the index's rows for the folder (read off the main thread), then `done`; by
    /// name, `done` at once.
    private func knownDates(of folder: FolderContent, _ done: @escaping @MainActor ([String: IndexedPhoto]) -> Void) {
        knownDates(underURI: folder.rootURI, done)
    }

    /// By date, the index's rows for a folder (read on the indexer's thread); by name, none.
    private func knownDates(underURI uri: String, _ done: @escaping @MainActor ([String: IndexedPhoto]) -> Void) {
        guard photoOrder == .date else { return done([:]) }
        dates.rows(under: uri, done)
    }

    /// Installs the folder's data source in the current order.
    private func install(_ folder: FolderContent, known: [String: IndexedPhoto]) {
        folder.install(in: collectionView, order: photoOrder, dates: self.dates, known: known,
                       cell: { [unowned controller] in controller.cell($0, $1, $2) },
                       supplementary: { [unowned controller] in controller.supplementaryView($0, $1, $2) })
        folder.timeline?.isScrolling = { [weak self] in
            guard let self else { return false }
            return g_get_monotonic_time() - self.lastScrolled < 200_000  // 200 ms: between a fling's frames and wheel clicks
        }
        if photoOrder == .name {
            openedDates?.reset()  // its answers are not needed now
            dateProgress.show(done: 0, of: 0)
        }
        logCounts()
    }

    // MARK: Changing the data, animated: each change is a snapshot applied

    /// Where new items go: after the focused or last selected item, else at the end of the first section.
    private var insertionPoint: IndexPath {
        if let p = collectionView.indexPathForFocusedItem ?? collectionView.indexPathsForSelectedItems.last {
            return IndexPath(item: p.item + 1, section: p.section)
        }
        return IndexPath(item: collectionView.numberOfSections > 0 ? collectionView.numberOfItems(inSection: 0) : 0, section: 0)
    }

    /// The catalogue, when it is what the window shows (a folder is not edited from the app).
    private var editable: Catalogue? { folder == nil ? catalogue : nil }

    func addItem() {
        guard let catalogue = editable else { return }
        catalogue.insert(catalogue.makeItem(), at: insertionPoint) { [weak self] in self?.logCounts() }
    }

    func insert(title: String, texture: Texture?, at path: IndexPath) {
        guard let catalogue = editable else { return }
        catalogue.insert(catalogue.makeItem(title: title, texture: texture), at: path) { [weak self] in self?.logCounts() }
    }

    /// A catalogue item that shows an image file where it is (its thumbnail).
    func insert(title: String, uri: String, at indexPath: IndexPath) {
        guard let catalogue = editable else { return }
        catalogue.insert(catalogue.makeItem(title: title, uri: uri), at: indexPath) { [weak self] in self?.logCounts() }
    }

    /// Delete (the key, the menus, the header bar's button, a swipe): in a folder the photos
    /// go to the trash, with an Undo toast; in the catalogue the items go (a snapshot applied).
    /// `done` says whether they went (false when nothing did, or the trash failed): a swipe
    /// action's completion.
    func deleteItems(_ paths: [IndexPath], done: (@MainActor (Bool) -> Void)? = nil) {
        guard !paths.isEmpty else { done?(false); return }
        if folder != nil {
            trash.moveToTrash(paths, done: done)
            return
        }
        guard let catalogue = editable else { done?(false); return }
        catalogue.delete(paths) { [weak self] in self?.logCounts(); done?(true) }
    }

    func addSection() {
        guard let catalogue = editable else { return }
        catalogue.addSection(after: collectionView.indexPathForFocusedItem?.section) { [weak self] in self?.logCounts() }
    }

    func removeSection() {
        guard let catalogue = editable, collectionView.numberOfSections > 0 else { return }
        catalogue.removeSection(at: collectionView.indexPathForFocusedItem?.section ?? collectionView.numberOfSections - 1) { [weak self] in
            self?.logCounts()
        }
    }

    /// The first section in a random order: the fewest moves that get there, animated.
    func shuffle() {
        guard let catalogue = editable else { return }
        catalogue.shuffleFirstSection { [weak self] in if let self { GalleryLog.cellsSoon(self) } }
        GalleryLog.event("shuffled")
    }

    /// Every section by title, in natural order.
    func sortByTitle() {
        guard let catalogue = editable else { return }
        catalogue.sortByTitle { [weak self] in if let self { GalleryLog.cellsSoon(self) } }
        GalleryLog.event("sorted")
    }

    func logCounts() {
        controller.refreshFooters()
        GalleryLog.event("sections \(content.sectionCount) items \(content.itemCount)")
        GalleryLog.cellsSoon(self)
    }

    // MARK: Folders

    /// Reads a folder (its URI: any name's bytes) and shows it once read; until then (and if it
    /// cannot be shown) the window keeps what it shows, with a message.
    /// `keepingSidebar`: chosen in the folder sidebar, which keeps its root (and the folder
    /// remembered for the next start stays the root).
    func open(folderURI uri: String, keepingSidebar: Bool = false) {
        if let problem = FolderContent.problem(withURI: uri) {
            showMessage(problem)
            return
        }
        let path = PhotoURI.displayPath(uri)  // for people and the log
        let started = g_get_monotonic_time()
        // The folder is read and, by date, the index's dates for it, at the same time (the
        // index on its own thread); it is shown when both are there.
        final class Opening { var known: [String: IndexedPhoto]?; var read: (folder: FolderContent, otherFiles: Int)? }
        let opening = Opening()
        let proceed: @MainActor () -> Void = { [weak self] in
            guard let self, let known = opening.known, let (folder, otherFiles) = opening.read,
                  self.loadingFolder === folder else { return }  // not both yet, or another folder was opened meanwhile
            self.loadingFolder = nil
            self.show(folder, path: path, otherFiles: otherFiles, started: started, known: known, keepingSidebar: keepingSidebar)
        }
        if photoOrder == .date {
            // Its first screen of thumbnails before its dates (they would share the cores); at
            // the latest after a second and a half, for a folder whose first screen never completes.
            dates.hold()
            Async.after(milliseconds: 1500) { [weak self] in self?.openedDates?.release() }
        }
        knownDates(underURI: uri) { known in
            opening.known = known
            proceed()
        }
        loadingFolder = FolderContent(uri: uri) { [weak self] folder, otherFiles in
            guard let self, self.loadingFolder === folder else { return }
            if let error = folder.error {
                self.loadingFolder = nil
                self.showMessage(UserText("The folder “%1$s” cannot be read: %2$s", path, error))
                return
            }
            // A folder without pictures is shown too: its empty state says so, and pictures
            // copied into it replace that.
            opening.read = (folder, otherFiles)
            proceed()
        }
    }

    private func show(_ folder: FolderContent, path: String, otherFiles: Int, started: Int, known: [String: IndexedPhoto],
                      keepingSidebar: Bool) {
        viewer?.closeAtOnce()  // its pages are the old content's
        self.folder = folder
        folder.changed = { [weak self] in self?.logCounts() }
        folder.fileWritten = { [weak self] uri in self?.fileWritten(uri) }
        collectionView.contentUnavailableConfiguration = EmptyStates.folder(path)  // before the data: it may show at once
        install(folder, known: known)
        for name in ["add-item", "add-section", "remove-section", "shuffle", "sort"] {
            if let action = g_action_map_lookup_action(OpaquePointer(window), name) { g_simple_action_set_enabled(action, 0) }
        }
        if let deleteButton {  // Delete stays: it moves photos to the trash
            let tip = tr("Move the Selection to the Trash (Delete)")
            gtk_widget_set_tooltip_text(deleteButton, tip)
            setAccessibleLabel(deleteButton, tip)
        }
        gtk_window_set_title(window.as(GtkWindow.self), (path as NSString).lastPathComponent)
        showMessage(otherFiles == 0 ? nil : UserText.ntr("%d file is not an image and not shown.", "%d files are not images and not shown.", otherFiles, otherFiles))
        if !keepingSidebar { settings?.set("last-folder", folder.rootURI) }
        sidebarShows(folder, keepingSidebar: keepingSidebar)
        GalleryLog.event("opened \(path) sections=\(folder.sectionCount) items=\(folder.itemCount) ms=\((g_get_monotonic_time() - started) / 1000)")
        firstScreen = (started, false)
        drawDirectlyWhileTheFirstScreenLoads()
        requestFirstScreen()
    }

    /// Asks for the thumbnails the first screen will show before its cells exist: they load
    /// while the first frame is laid out and drawn, not after it (the cells ask again when
    /// they are made, which costs nothing for a thumbnail already loading). The first items in
    /// order, as many as a screen of the grid's tiles holds: a guess, so only the grid.
    private func requestFirstScreen() {
        guard currentLayout == .grid, let grid = layouts[.grid] as? FlowLayout else { return }
        let side = grid.itemSize.width + grid.minimumInteritemSpacing
        let columns = max(1, Int(Double(gtk_widget_get_width(collectionView.widget)) / side))
        let rows = Int(Double(gtk_widget_get_height(collectionView.widget)) / side) + 1
        var wanted = min(120, columns * rows)
        var uris: [String] = []
        for section in 0..<content.sectionCount where wanted > 0 {
            for item in 0..<min(wanted, collectionView.numberOfItems(inSection: section)) {
                if let uri = content.tile(at: IndexPath(item: item, section: section))?.uri { uris.append(uri) }
                wanted -= 1
            }
        }
        // Waiting requests on screen are taken newest first: the first tile last.
        for uri in uris.reversed() { thumbnails.request(uri, urgent: true) }
    }

    /// A decoded thumbnail: shown in the cells that show its file.
    func thumbnailArrived(_ uri: String, _ texture: Texture) {
        for case let cell as TileCell in collectionView.visibleCells where cell.uri == uri { cell.show(texture) }
        showcase.thumbnailArrived(uri, texture)
        GalleryLog.event("thumbnail \(PhotoURI.displayPath(uri))")
        if thumbnails.loaded % 250 == 0 { logThumbnails() }
        if let (started, done) = firstScreen, !done, visibleThumbnailsShown() {
            firstScreen = (started, true)
            GalleryLog.event("first-screen ms=\((g_get_monotonic_time() - started) / 1000)")
            firstScreenLoaded()
            openedDates?.release()  // held while the first screen loaded (open(folderURI:))
            GalleryLog.cellsSoon(self)  // where the tiles are, now that they show their pictures (tests)
            BenchFling.start(self)
            BenchViewer.start(self)
        }
    }

    /// Whether every cell on screen shows its picture.
    private func visibleThumbnailsShown() -> Bool {
        let visible = collectionView.bounds
        return collectionView.indexPathsForVisibleItems.allSatisfy { path in
            guard let attributes = collectionView.collectionViewLayout.layoutAttributesForItem(at: path), attributes.frame.intersects(visible),
                  let file = content.tile(at: path)?.uri else { return true }
            return thumbnails.cache.texture(for: file) != nil
        }
    }

    /// How many thumbnails were decoded and how many came from the shared cache (`shared`),
    /// files known unreadable from it (`failed-before`), and files it got (`written`; `unsaved`:
    /// dropped while too many waited to be written).
    /// The loader's counts; `settled` when nothing is left to load or write.
    func logThumbnails(settled: Bool = false) {
        GalleryLog.event("thumbnails\(settled ? " settled" : "") decoded=\(thumbnails.decoded) cached=\(thumbnails.cache.count) cacheKB=\(thumbnails.cache.bytes / 1024) cancelled=\(thumbnails.cancelled)"
            + " unsaved=\(thumbnails.unsaved) shared=\(thumbnails.fromSharedCache) failed-before=\(thumbnails.knownUnreadable) written=\(thumbnails.written)")
    }

    func thumbnailFailed(_ uri: String, _ reason: String) {
        unreadableFiles.insert(uri)
        showMessage(UserText.ntr("%1$d file could not be read as an image (%2$s: %3$s).", "%1$d files could not be read as an image (%2$s: %3$s).",
                                 unreadableFiles.count, unreadableFiles.count, PhotoURI.displayName(uri), reason))
    }

    /// A file was written: decoded again if a cell shows it (it may have been read half written).
    func fileWritten(_ uri: String) {
        folder?.timeline?.fileWritten(uri)
        thumbnails.forget(uri)
        viewer?.photos.fileChanged(uri)
        if unreadableFiles.remove(uri) != nil, unreadableFiles.isEmpty { showMessage(nil) }
        if collectionView.visibleCells.contains(where: { ($0 as? TileCell)?.uri == uri }) { thumbnails.request(uri, urgent: true) }
    }

    private func chooseFolder() {
        let chooser = gtk_file_chooser_native_new(tr("Open a Folder of Images"), window.as(GtkWindow.self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                                  tr("_Open"), tr("_Cancel"))!
        // A URI; a path from before folders were kept by URI.
        if let last = settings?.string("last-folder"), !last.isEmpty,
           let file = last.hasPrefix("/") ? g_file_new_for_path(last) : g_file_new_for_uri(last) {
            if g_file_query_exists(file, nil) != 0 { gtk_file_chooser_set_current_folder(chooser, file, nil) }
            g_object_unref(raw(file))
        }
        Signal.connectInt(raw(chooser), "response") { [weak self] response in
            defer { g_object_unref(raw(chooser)) }
            guard let self, response == Int(GTK_RESPONSE_ACCEPT.rawValue),
                  let file = gtk_file_chooser_get_file(chooser) else { return }
            self.open(folderURI: PhotoURI.of(file: file))
            g_object_unref(raw(file))
        }
        gtk_native_dialog_show(raw(chooser).assumingMemoryBound(to: GtkNativeDialog.self))
    }

    private func showAbout() {
        let about = gtk_about_dialog_new()!
        let dialog = OpaquePointer(about)
        gtk_about_dialog_set_program_name(dialog, tr("Gallery"))
        gtk_about_dialog_set_logo_icon_name(dialog, GalleryApp.applicationID)
        gtk_about_dialog_set_version(dialog, "0.1")
        gtk_about_dialog_set_comments(dialog, tr("A collection view for GTK 4, in Swift: layouts, reusable cells, animated updates and transitions."))
        // Translators: put your name here, one per line, shown in the About dialog's credits.
        let translators = tr("translator-credits")
        if translators != "translator-credits" { gtk_about_dialog_set_translator_credits(dialog, translators) }
        gtk_about_dialog_set_license_type(dialog, GTK_LICENSE_MIT_X11)
        gtk_window_set_transient_for(about.as(GtkWindow.self), window.as(GtkWindow.self))
        gtk_window_set_modal(about.as(GtkWindow.self), 1)
        gtk_window_present(about.as(GtkWindow.self))
    }

    private func showShortcuts() {
        // The XML's translatable="yes" titles are translated in the gallery's domain.
        let builder = gtk_builder_new()!
        gtk_builder_set_translation_domain(builder, I18n.domain)
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_resource(builder, GalleryResources.base + "/ui/shortcuts.ui", &error) != 0 else {
            GalleryLog.event("shortcuts error \(error.map { String(cString: $0.pointee.message) } ?? "")")
            if error != nil { g_error_free(error) }
            g_object_unref(raw(builder))
            return
        }
        if let group = gtk_builder_get_object(builder, "layouts"), let title = Shortcuts.title(of: group) { GalleryLog.event("text shortcuts=\(title)") }
        if let object = gtk_builder_get_object(builder, "shortcuts") {
            let shortcuts = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWindow.self)
            gtk_window_set_transient_for(shortcuts, window.as(GtkWindow.self))
            gtk_window_present(shortcuts)
            GalleryLog.event("shortcuts shown")
        }
        g_object_unref(raw(builder))
    }
}
