import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import Foundation

/// The main window: a header bar with the actions and the menu, the collection view, and a
/// status line for messages (a folder that cannot be shown, files that are not images).
@MainActor
final class GalleryWindow {
    let window: WidgetPointer
    let collectionView: CollectionView
    /// What the window shows: the built-in catalogue, or a folder once opened.
    var content: GalleryContent { folder ?? catalogue }
    private(set) var catalogue: Catalogue!
    var folder: FolderContent?
    /// A folder being read, until it replaces what is shown.
    var loadingFolder: FolderContent?
    /// Since a folder opened, until every cell on screen shows its thumbnail (logged once).
    var firstScreen: (started: Int, done: Bool)?
    /// The tile cache mode asked for (GALLERY_TILE_CACHE; automatic otherwise), and how many
    /// first screens have started (GalleryWindow+FirstScreen.swift).
    var tileCachePreference: CollectionView.TileCacheMode = .automatic
    var firstScreenGeneration = 0
    /// Files whose thumbnail could not be decoded, for the message.
    var unreadableFiles: Set<String> = []
    let thumbnails = ThumbnailLoader(capacityBytes: GalleryWindow.thumbnailCacheBytes)
    var layouts: [GalleryLayout: CollectionViewLayout] = [:]
    var currentLayout = GalleryLayout.grid {
        // The horizontal flow turns a page (the window's width) at a time; the stack snaps to
        // its cards by itself (its layout's targetContentOffset).
        didSet {
            collectionView.isPagingEnabled = currentLayout == .horizontal
            followZoomLayouts()
        }
    }

    /// Pinching out (Ctrl + scroll up) on a tile of the layout shown opens it in the viewer;
    /// pinching in on a photo at its fit size returns.
    func followZoomLayouts() {
        guard let viewer, let shown = layouts[currentLayout] else { return }
        collectionView.zoomLayouts = (dense: shown, spread: viewer.layout)
    }
    let status: OpaquePointer  // GtkLabel
    let statusRevealer: WidgetPointer
    let application: UnsafeMutablePointer<GtkApplication>
    lazy var controller = GalleryController(window: self)
    /// Drags out to other apps and drops from them.
    lazy var dragAndDrop = GalleryDragAndDrop(window: self)
    /// A folder's Delete: the photos to the trash, a toast with Undo.
    lazy var trash = GalleryTrash(window: self)
    /// The header bar's Delete button (its tooltip says what Delete does in a folder).
    private(set) var deleteButton: WidgetPointer?
    /// The header's widgets for browsing (the buttons, the page switcher): hidden while the
    /// viewer shows a photo.
    private(set) var browsingHeaderWidgets: [WidgetPointer] = []
    /// The photo viewer: this collection view with the viewer's layout.
    private(set) var viewer: GalleryViewer!
    var frameStats: FrameStats?
    /// Set once GTK has destroyed the window: timers that were already queued (the tests' cell
    /// log) must not hand its pointer to GTK any more.
    private(set) var isClosed = false
    /// The Showcase page (a compositional layout over the same content), beside the photos.
    private(set) var showcase: ShowcasePage!
    let pages: WidgetPointer  // GtkStack
    /// The open folder's tree of folders, beside the photos (Sidebar/).
    let sidebar = FolderSidebar()
    /// The sidebar and the photos: side by side when wide, one at a time when narrow.
    private(set) var split: AdaptiveSplit!
    /// The newest split change whose settled layout the log waits for (tests only).
    var splitLogGeneration = 0
    /// Drives the app for scripts/soak where no input tool works (GALLERY_MONKEY).
    var monkey: Monkey?
    var motionLog: MotionLog?
    /// What is remembered between runs; nil when the settings schema cannot be found.
    let settings: GallerySettings?
    /// How folders are shown: by date taken or by name (the menu's Sort choice).
    var photoOrder = PhotoOrder.name
    /// Dates taken, from the index or the files; opened when a folder is first shown by date.
    var dates: DateIndexer {
        if let openedDates { return openedDates }
        let indexer = DateIndexer(indexPath: DateIndexer.defaultPath)
        indexer.progressed = { [weak self, unowned indexer] in
            self?.dateProgress.show(done: indexer.answeredCount, of: indexer.requestedCount)
        }
        indexer.unavailable = { [weak self] reason in
            self?.showMessage(UserText("Dates taken cannot be remembered (%s): they are read from the photos each time.", reason))
        }
        openedDates = indexer
        return indexer
    }
    private(set) var openedDates: DateIndexer?
    /// "Reading dates: N of M" under the photos while dates are read.
    let dateProgress = DateProgress()
    /// When the view last scrolled (monotonic µs): the timeline refills when it rests.
    var lastScrolled = 0
    /// The thumbnail cache's cap: GALLERY_THUMBNAIL_CACHE_MB, 32 MB by default (about 240
    /// thumbnails made for the grid's 120 px tiles with the renderer's copy of each, five
    /// screens of them; 60 at twice the scale; 95 at the shared cache's 256 px in the other
    /// layouts).
    static var thumbnailCacheBytes: Int {
        (getenv("GALLERY_THUMBNAIL_CACHE_MB").flatMap { Int(String(cString: $0)) } ?? 32) << 20
    }

    init(application: UnsafeMutablePointer<GtkApplication>, settings: GallerySettings?) {
        self.application = application
        self.settings = settings
        window = gtk_application_window_new(application)
        gtk_window_set_title(window.as(GtkWindow.self), tr("Gallery"))
        gtk_window_set_default_size(window.as(GtkWindow.self), 1000, 720)
        gtk_window_set_icon_name(window.as(GtkWindow.self), GalleryApp.applicationID)

        let placeholder = FlowLayout()
        collectionView = CollectionView(collectionViewLayout: placeholder)
        collectionView.accessibilityLabel = tr("Gallery Items")
        // Tiles are cards (gradients, corners, shadows, pictures): drawn once into the tile
        // cache, not every frame (`collection-bench scroll --tiles`: such cells cost a
        // twelfth), where measuring shows that costs less. GALLERY_TILE_CACHE=0 draws them
        // directly, =1 always through the tiles, to compare.
        let cache = getenv("GALLERY_TILE_CACHE").map { String(cString: $0) }
        tileCachePreference = cache == "0" ? .off : cache == "1" ? .on : .automatic
        collectionView.tileCacheMode = tileCachePreference
        // GALLERY_ANIMATION_SCALE=10 plays the view's animations ten times slower: to look at
        // (and take screenshots of) a transition half way.
        if let scale = getenv("GALLERY_ANIMATION_SCALE").flatMap({ Double(String(cString: $0)) }), scale > 0 {
            collectionView.animation.duration *= scale
        }
        let statusLabel = gtk_label_new(nil)!
        status = OpaquePointer(statusLabel)
        gtk_label_set_wrap(status, 1)
        gtk_label_set_xalign(status, 0)
        gtk_widget_add_css_class(statusLabel, "status-line")
        statusRevealer = gtk_revealer_new()
        pages = gtk_stack_new()
        gtk_revealer_set_child(statusRevealer.opaque, statusLabel)

        layouts = makeLayouts { [weak self] path in self?.height(at: path) ?? 150 }
        collectionView.collectionViewLayout = layouts[.grid]!
        collectionView.register(TileCell.self, forCellWithReuseIdentifier: TileCell.reuseIdentifier)
        collectionView.register(SectionHeaderView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
                                withReuseIdentifier: SectionHeaderView.reuseIdentifier)
        collectionView.register(SectionFooterView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter,
                                withReuseIdentifier: SectionFooterView.reuseIdentifier)
        collectionView.delegate = controller
        collectionView.installsStandardGestureForInteractiveMovement = true  // drag a catalogue tile to reorder
        collectionView.prefetchDataSource = controller
        collectionView.dragDelegate = dragAndDrop
        collectionView.dropDelegate = dragAndDrop
        catalogue = Catalogue(collectionView: collectionView, cell: { [unowned controller] in controller.cell($0, $1, $2) },
                              supplementary: { [unowned controller] in controller.supplementaryView($0, $1, $2) })
        catalogue.loadBuiltIn()
        collectionView.contentUnavailableConfiguration = EmptyStates.catalogue { [weak self] in self?.addItem() }
        GalleryLog.watchEmptyState(of: collectionView)
        catalogue.reordered = { [unowned controller] in controller.refreshFooters() }
        thumbnails.ready = { [weak self] path, texture in self?.thumbnailArrived(path, texture) }
        thumbnails.failed = { [weak self] path, reason in self?.thumbnailFailed(path, reason) }
        thumbnails.settled = { [weak self] in self?.logThumbnails(settled: true) }

        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(box.as(GtkBox.self), collectionView.widget)
        gtk_box_append(box.as(GtkBox.self), dateProgress.revealer)
        gtk_box_append(box.as(GtkBox.self), statusRevealer)
        gtk_stack_set_transition_type(pages.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        split = AdaptiveSplit(sidebar: sidebar.collectionView.widget, content: box)
        gtk_stack_add_titled(pages.opaque, split.widget, "photos", tr("Photos"))
        followSidebar()
        gtk_window_set_child(window.as(GtkWindow.self), trash.wrap(pages))  // in the toast overlay
        showcase = ShowcasePage(gallery: self)
        gtk_stack_add_titled(pages.opaque, showcase.collectionView.widget, "showcase", tr("Showcase"))
        Signal.connectPointer(raw(pages), "notify::visible-child-name") { [weak self] in self?.pageChanged() }
        Signal.connectPointer(raw(window), "notify::default-width") { [weak self] in
            guard let self, gtk_stack_get_visible_child(self.pages.opaque) == self.showcase.collectionView.widget else { return }
            self.showcase.logSoon()
        }
        if let adjustment = gtk_scrolled_window_get_vadjustment(collectionView.widget.opaque) {
            Signal.connect(raw(adjustment), "value-changed") { [weak self] in
                self?.lastScrolled = g_get_monotonic_time()
                self?.thumbnails.scrolled()
            }
        }
        viewer = GalleryViewer(gallery: self)
        buildHeaderBar()
        installActions()
        Style.install()
        restoreState()
        followZoomLayouts()
        CloseRequest.connect(raw(window)) { [weak self] in self?.saveState() }
        Signal.connect(raw(window), "destroy") { [weak self] in self?.isClosed = true }
        followTextSize()
    }

    /// Grid tiles are as wide as seven lines of text are high (120 px at least): with a larger
    /// font (GNOME's text scaling, or gtk-font-name) a word still fits on a tile, and titles
    /// wrap between words; the tiles' heights come from their titles (self-sizing). Thumbnails
    /// are read and made at the shared cache's size that covers a tile at the screen's scale.
    private func followTextSize() {
        let update: @MainActor @Sendable () -> Void = { [weak self] in
            guard let self, let grid = self.layouts[.grid] as? FlowLayout else { return }
            let text = gtk_widget_create_pango_layout(self.collectionView.widget, "Mg")
            var width: Int32 = 0, height: Int32 = 0
            pango_layout_get_pixel_size(text, &width, &height)
            g_object_unref(UnsafeMutableRawPointer(text))
            let side = max(120, (Double(height) * 7).rounded())
            grid.itemSize = Size(width: side, height: side)
            self.thumbnails.sharedSize = .covering(tileSide: side, scale: Int(gtk_widget_get_scale_factor(self.collectionView.widget)))
            self.updateThumbnailDisplaySize()
        }
        update()
        if let settings = gtk_settings_get_default() {
            Signal.connect(raw(settings), "notify::gtk-font-name", update)
            Signal.connect(raw(settings), "notify::gtk-xft-dpi", update)
        }
        Signal.connect(raw(collectionView.widget), "notify::scale-factor", update)
    }

    /// Thumbnails as small as the grid's tiles while the photos page shows the grid; as loaded
    /// (the shared cache's size) for the other layouts and the Showcase, whose cells are larger.
    /// When that changes, the pictures on screen are asked for again at the new size.
    func updateThumbnailDisplaySize() {
        let showsGrid = currentLayout == .grid && gtk_stack_get_visible_child(pages.opaque) != showcase?.collectionView.widget
        guard let grid = layouts[.grid] as? FlowLayout else { return }
        let side = showsGrid ? Int32((grid.itemSize.width * Double(gtk_widget_get_scale_factor(collectionView.widget))).rounded(.up)) : 0
        guard side != thumbnails.displaySide else { return }
        thumbnails.displaySide = side
        for case let cell as TileCell in collectionView.visibleCells { if let uri = cell.uri { thumbnails.request(uri, urgent: true) } }
    }

    /// The page shown: the Showcase is filled from the content each time it is shown.
    private func pageChanged() {
        guard let name = gtk_stack_get_visible_child_name(pages.opaque).map({ String(cString: $0) }) else { return }
        updateThumbnailDisplaySize()
        updateSplitBackButton()
        if name == "showcase" { showcase.reload() }
        GalleryLog.event("page \(name)")
    }

    func present() {
        gtk_window_present(window.as(GtkWindow.self))
        if frameStats == nil { frameStats = FrameStats(window: window, gallery: self) }
        GalleryLog.watchPopovers()
        GalleryLog.watchClipboard(of: window)
        if monkey == nil { monkey = Monkey.start(self) }
        if motionLog == nil { motionLog = MotionLog(gallery: self) }
        GalleryLog.event("direction \(gtk_widget_get_direction(collectionView.viewport) == GTK_TEXT_DIR_RTL ? "rtl" : "ltr")")
        GalleryLog.event("ready layout=\(currentLayout.rawValue) sections=\(content.sectionCount) items=\(content.itemCount)")
        GalleryLog.cellsSoon(self)
        GalleryLog.shownTexts(self)
    }

    func height(at path: IndexPath) -> Double {
        content.tile(at: collectionView.dataSourceIndexPath(forShownIndexPath: path))?.height ?? 150
    }

    /// Shows a message under the collection (translated), and logs it (in English).
    func showMessage(_ text: UserText?) {
        gtk_label_set_text(status, text?.shown ?? "")
        gtk_revealer_set_reveal_child(statusRevealer.opaque, text == nil ? 0 : 1)
        if let text { GalleryLog.event("message \(text.english)") }
    }

    // MARK: The header bar and the menu

    private func buildHeaderBar() {
        let header = gtk_header_bar_new()!
        gtk_header_bar_pack_start(OpaquePointer(header), split.backButton)
        gtk_header_bar_pack_start(OpaquePointer(header), viewer.backButton)
        for (icon, action, tip) in [("list-add-symbolic", "win.add-item", tr("Add an Item (Ctrl+N)")),
                                    ("user-trash-symbolic", "win.delete-selection", tr("Delete the Selection (Delete)")),
                                    ("media-playlist-shuffle-symbolic", "win.shuffle", tr("Shuffle the First Section (Ctrl+R)"))] {
            let button = gtk_button_new_from_icon_name(icon)!
            gtk_actionable_set_action_name(OpaquePointer(button), action)
            gtk_widget_set_tooltip_text(button, tip)
            setAccessibleLabel(button, tip)  // icon-only: screen readers need a name
            gtk_header_bar_pack_start(OpaquePointer(header), button)
            if action == "win.delete-selection" { deleteButton = button }
            browsingHeaderWidgets.append(button)
        }
        let menu = g_menu_new()!
        /// A section of radio items: one per choice, each the stateful action with its value.
        func choices(_ title: String, _ action: String, _ items: [(title: String, value: String)]) {
            let section = g_menu_new()!
            for (title, value) in items {
                let item = g_menu_item_new(title, nil)!
                g_menu_item_set_action_and_target_value(item, action, g_variant_new_string(value))
                g_menu_append_item(section, item)
                g_object_unref(raw(item))
            }
            g_menu_append_section(menu, title, UnsafeMutablePointer<GMenuModel>(section))
        }
        choices(tr("Layout"), "win.layout", GalleryLayout.allCases.map { ($0.title, $0.rawValue) })
        choices(tr("Sort Photos"), "win.sort-order", PhotoOrder.allCases.map { ($0.title, $0.rawValue) })
        let editSection = g_menu_new()!
        g_menu_append(editSection, tr("_Multiple Selection"), "win.multiple")
        g_menu_append(editSection, tr("Sort by _Title"), "win.sort")
        g_menu_append(editSection, tr("Add _Section"), "win.add-section")
        g_menu_append(editSection, tr("_Remove Section"), "win.remove-section")
        g_menu_append_section(menu, nil, UnsafeMutablePointer<GMenuModel>(editSection))
        let appSection = g_menu_new()!
        g_menu_append(appSection, tr("_Open Folder…"), "win.open-folder")
        g_menu_append(appSection, tr("_Keyboard Shortcuts"), "win.shortcuts")
        g_menu_append(appSection, tr("_About Gallery"), "win.about")
        g_menu_append_section(menu, nil, UnsafeMutablePointer<GMenuModel>(appSection))
        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(OpaquePointer(menuButton), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(OpaquePointer(menuButton), UnsafeMutablePointer<GMenuModel>(menu))
        gtk_widget_set_tooltip_text(menuButton, tr("Main Menu (F10)"))
        setAccessibleLabel(menuButton, tr("Main Menu (F10)"))
        gtk_menu_button_set_primary(OpaquePointer(menuButton), 1)
        gtk_header_bar_pack_end(OpaquePointer(header), menuButton)
        GalleryLog.firstMenuItem(UnsafeMutablePointer<GMenuModel>(menu))
        let switcher = gtk_stack_switcher_new()!
        gtk_stack_switcher_set_stack(OpaquePointer(switcher), pages.opaque)
        // The switcher while browsing, the photo's name and date in the viewer: a stack as tall
        // as the taller, so that the header keeps its height (the view is not resized when
        // the viewer opens, which may be in the middle of a pinch).
        let titles = gtk_stack_new()!
        gtk_stack_set_vhomogeneous(titles.opaque, 1)
        gtk_stack_set_hhomogeneous(titles.opaque, 0)
        gtk_stack_add_named(titles.opaque, switcher, "browsing")
        gtk_stack_add_named(titles.opaque, viewer.titleBox, "viewer")
        gtk_stack_set_visible_child_name(titles.opaque, "browsing")
        viewer.titleStack = titles
        gtk_header_bar_set_title_widget(OpaquePointer(header), titles)
        gtk_window_set_titlebar(window.as(GtkWindow.self), header)
    }
}

/// Prints what the app does when GALLERY_LOG is set, for the end-to-end test to read.
@MainActor
enum GalleryLog {
    static let enabled = getenv("GALLERY_LOG") != nil

    static func event(_ line: String) {
        guard enabled else { return }
        print(line)
        fflush(nil)
    }

    /// After the next frames, once the tiles are still (no update animating, the same places
    /// three frames running, or 10 s at most), the visible cells' centres in window coordinates
    /// and their sizes. (A fixed delay alone was not enough on a busy machine: a folder's
    /// change could still be sliding its tiles when they were logged, and a test clicked where
    /// a tile had been.)
    static func cellsSoon(_ gallery: GalleryWindow) {
        guard enabled else { return }
        Async.after(milliseconds: 700) {
            guard !gallery.isClosed else { return }  // quit within the 700 ms
            var last: [String]? = nil
            var still = 0
            var started: Double? = nil
            Tick.add(gallery.window) { time in
                guard !gallery.isClosed else { return false }
                if started == nil { started = time }
                let look = cellLines(gallery)
                still = !gallery.collectionView.isAnimatingUpdates && look == last ? still + 1 : 0
                last = look
                guard still >= 3 || time - started! > 10 else { return true }
                cells(gallery)
                return false
            }
        }
    }

    /// "cell S.I X Y W H" for each visible cell inside the window's content area.
    private static func cellLines(_ gallery: GalleryWindow) -> [String] {
        let cv = gallery.collectionView
        var lines: [String] = []
        var sx = 0.0, sy = 0.0
        gtk_native_get_surface_transform(OpaquePointer(gallery.window), &sx, &sy)
        for cell in cv.visibleCells {
            guard let path = cv.indexPath(for: cell) else { continue }
            var p = graphene_point_t(x: Float(gtk_widget_get_width(cell.widget)) / 2, y: Float(gtk_widget_get_height(cell.widget)) / 2)
            var out = graphene_point_t()
            guard gtk_widget_compute_point(cell.widget, gallery.window, &p, &out) != 0 else { continue }
            let x = Int(Double(out.x) + sx), y = Int(Double(out.y) + sy)
            guard x > 0, y > 60, x < 1000, y < 700 else { continue }
            lines.append("cell \(path.section).\(path.item) \(x) \(y) \(gtk_widget_get_width(cell.widget)) \(gtk_widget_get_height(cell.widget))")
        }
        return lines
    }

    static func cells(_ gallery: GalleryWindow) {
        guard !gallery.isClosed else { return }
        let cv = gallery.collectionView
        cellLines(gallery).forEach(event)
        // Whether any title shown is cut (a larger font must make tiles and headers grow instead).
        let tiles = cv.visibleCells.compactMap { $0 as? TileCell }
        let headers = (0..<cv.numberOfSections).compactMap {
            cv.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: $0)) as? SectionLabelView
        }
        let tallest = tiles.map { gtk_widget_get_height($0.widget) }.max() ?? 0
        let header = headers.first.map { gtk_widget_get_height($0.widget) } ?? 0
        let taller = tiles.filter { gtk_widget_get_height($0.widget) > gtk_widget_get_width($0.widget) }.count  // a long title
        event("titles tiles=\(tiles.count) cut=\(tiles.filter(\.titleIsCut).count) headers=\(headers.count) headers-cut=\(headers.filter(\.textIsCut).count) tallest=\(tallest) taller=\(taller) header=\(header)")
        event("cells-done")
    }

    /// The label of the menu's first item, as the menu shows it (translated).
    static func firstMenuItem(_ menu: UnsafeMutablePointer<GMenuModel>) {
        guard enabled, let section = g_menu_model_get_item_link(menu, 0, "section") else { return }
        defer { g_object_unref(raw(section)) }
        guard let value = g_menu_model_get_item_attribute_value(section, 0, "label", nil) else { return }
        defer { g_variant_unref(value) }
        event("text menu=\(String(cString: g_variant_get_string(value, nil)))")
    }

    /// Logs "popover shown" once a popover (a menu) has been mapped and "popover hidden" once
    /// it has been unmapped, each when the main loop has turned after it: from "shown" on the
    /// keyboard goes to the menu, from "hidden" on to the window again, so a test knows when
    /// to type (a key while the last menu still closes would go to that menu).
    static func watchPopovers() {
        guard enabled, !watchingPopovers else { return }
        watchingPopovers = true
        for (signal, mapped) in [("map", true), ("unmap", false)] {
            let hook: GSignalEmissionHook = { _, count, values, data in
                guard count > 0, let values, let instance = g_value_get_object(values),
                      g_type_check_instance_is_a(instance.assumingMemoryBound(to: GTypeInstance.self), gtk_popover_get_type()) != 0
                else { return 1 }
                nonisolated(unsafe) let widget = instance.assumingMemoryBound(to: GtkWidget.self)
                let mapped = data != nil
                g_object_ref(instance)
                MainActor.assumeIsolated { () -> Void in
                    Async.after(milliseconds: 0) {
                        if (gtk_widget_get_mapped(widget) != 0) == mapped {
                            if mapped { GalleryLog.menuEntries(of: widget) }
                            GalleryLog.event(mapped ? "popover shown" : "popover hidden")
                        }
                        g_object_unref(widget)
                    }
                }
                return 1  // stay connected
            }
            // The hook's data says which: non-nil for "map".
            g_signal_add_emission_hook(g_signal_lookup(signal, gtk_widget_get_type()), 0, hook,
                                       mapped ? UnsafeMutableRawPointer(bitPattern: 1) : nil, nil)
        }
    }
    private static var watchingPopovers = false

    /// Logs "clipboard changed" and the clipboard's MIME types whenever they change (a new
    /// owner, then its formats): a test that offers content waits for its type before it pastes.
    static func watchClipboard(of window: WidgetPointer) {
        guard enabled, !watchingClipboard else { return }
        watchingClipboard = true
        let clipboard = gtk_widget_get_clipboard(window)!
        Signal.connect(UnsafeMutableRawPointer(clipboard), "changed") {
            var count: gsize = 0
            let types = gdk_content_formats_get_mime_types(gdk_clipboard_get_formats(clipboard), &count)
            let names = (0..<Int(count)).compactMap { types?[$0].map { String(cString: $0) } }
            GalleryLog.event("clipboard changed " + names.joined(separator: " "))
        }
    }
    private static var watchingClipboard = false

    /// The texts the window shows as the user reads them (translated), once at start, for the
    /// translation tests: the title and the section footers (the menu logs its first item).
    static func shownTexts(_ gallery: GalleryWindow) {
        guard enabled else { return }
        event("text title=\(gtk_window_get_title(gallery.window.as(GtkWindow.self)).map { String(cString: $0) } ?? "")")
        let cv = gallery.collectionView
        event("text footers=" + (0..<cv.numberOfSections).map { GalleryController.footerText(count: cv.numberOfItems(inSection: $0)) }.joined(separator: "|"))
    }
}

/// Sets a widget's accessible label (`gtk_accessible_update_property` is variadic; its
/// array form imports).
@MainActor
func setAccessibleLabel(_ widget: WidgetPointer, _ label: String) {
    var value = GValue()
    g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
    g_value_set_string(&value, label)
    var property = GTK_ACCESSIBLE_PROPERTY_LABEL
    gtk_accessible_update_property_value(OpaquePointer(widget), 1, &property, &value)
    g_value_unset(&value)
}
