import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import GalleryIndex
import Foundation

/// The photo viewer: the window's own collection view with ``ViewerLayout`` installed, one
/// photo a page. Activating a tile, or pinching out on it (Ctrl + scroll up), runs a
/// transition from the layout shown to the viewer; Escape, the back button, or pinching in
/// returns to that layout, on the tile of the photo shown last, scrolled into view.
///
/// While it is open the header shows the photo's name and date taken and a back button
/// (the browsing buttons are hidden and the actions that make no sense are off), and the
/// keys page: Left and Right (mirrored right to left), Page Up and Down, Home and End;
/// Delete moves the shown photo to the trash (the catalogue's item is deleted) and the next
/// one shows. Updates while it is open keep the shown photo shown.
@MainActor
final class GalleryViewer {
    unowned let gallery: GalleryWindow
    let layout = ViewerLayout()
    /// The pages' full pictures, decoded at the window's size around the page shown.
    private(set) lazy var photos = ViewerPhotos(gallery: gallery)
    var collectionView: CollectionView { gallery.collectionView }

    /// Whether the viewer is installed (from the end of the opening transition to the start
    /// of the closing one's end).
    private(set) var isOpen = false
    /// The layout the viewer was opened from: closing returns to it.
    private var openedFrom: CollectionViewLayout?
    /// The item the opening transition opens (an activation's, or the one a pinch is over).
    private var openingItem: IndexPath?
    /// The photo shown, and its tile's key, by which it is found again after an update.
    private(set) var shownItem: IndexPath?
    private var shownKey: String?
    /// The page last logged as settled.
    private var settledPage: Int?
    private var settleTimeout: guint = 0
    /// The offset the last check found, to tell an offset at rest from one still moving.
    private var lastSettleCheck: Point?
    /// The header's widgets: the back button and the title (name and date) shown instead of
    /// the browsing ones while open.
    let backButton: WidgetPointer
    let titleBox: WidgetPointer
    /// The header's title stack (the window's): the page switcher or `titleBox`.
    var titleStack: WidgetPointer?
    private let titleLabel: OpaquePointer
    private let subtitleLabel: OpaquePointer
    /// Whether the header shows the viewer's widgets (see `updateHeader`).
    private var headerShowsViewer = false
    /// The window's actions that make no sense on one photo, and whether each was enabled.
    private var disabledActions: [(name: String, wasEnabled: Bool)] = []

    /// How long the offset must rest on a page before the page counts as shown (the last
    /// frame of a paging ease, of a wheel notch's, or a jump by a key).
    static let settleMilliseconds: UInt32 = 120

    init(gallery: GalleryWindow) {
        self.gallery = gallery
        backButton = gtk_button_new_from_icon_name("go-previous-symbolic")
        let back = tr("Back to Photos (Escape)")
        gtk_widget_set_tooltip_text(backButton, back)
        setAccessibleLabel(backButton, back)
        gtk_widget_set_visible(backButton, 0)
        titleBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_set_valign(titleBox, GTK_ALIGN_CENTER)
        titleLabel = OpaquePointer(gtk_label_new(nil))
        subtitleLabel = OpaquePointer(gtk_label_new(nil))
        for (label, css) in [(titleLabel, "title"), (subtitleLabel, "subtitle")] {
            let widget = UnsafeMutablePointer<GtkWidget>(label)
            gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_MIDDLE)
            gtk_label_set_single_line_mode(label, 1)
            gtk_widget_add_css_class(widget, css)
            gtk_box_append(titleBox.as(GtkBox.self), widget)
        }
        gtk_widget_add_css_class(UnsafeMutablePointer<GtkWidget>(subtitleLabel), "dim-label")
        Signal.connect(raw(backButton), "clicked") { [weak self] in self?.close() }

        layout.transitionWillBegin = { [weak self] in self?.transitionWillBegin() }
        layout.transitionDidEnd = { [weak self] in self?.transitionDidEnd() }
        layout.updatesDidFinish = { [weak self] in self?.updatesDidFinish() }
        layout.pageSizeDidChange = { [weak self] in
            self?.whenCalm { [weak self] in
                guard let self, self.isOpen, let page = self.settledPage else { return }
                self.photos.show(page: page, in: self.layout)  // decoded for the new size (F11, a resize)
                self.followZoom()
            }
        }
        layout.dataDidChange = { [weak self] in
            self?.whenCalm { [weak self] in self?.followReloadedData() }
        }
        if let adjustment = gtk_scrolled_window_get_hadjustment(collectionView.widget.opaque) {
            Signal.connect(raw(adjustment), "value-changed") { [weak self] in self?.scrolled() }
        }
        installKeys()
    }

    // MARK: Opening and closing

    /// Opens the viewer on `indexPath` with the transition from the layout shown (an
    /// activation: double-click, Enter, a tap). Nothing while a transition runs.
    func open(at indexPath: IndexPath) {
        guard !isOpen, collectionView.transitionLayout == nil, gallery.content.tile(at: indexPath) != nil else { return }
        openingItem = indexPath
        collectionView.startInteractiveTransition(to: layout, keepingItemAt: indexPath)  // the tile grows into its page
        collectionView.finishInteractiveTransition()
    }

    /// Returns to the layout the viewer was opened from, on the shown photo's tile.
    func close() {
        guard isOpen, let openedFrom else { return }
        guard collectionView.transitionLayout == nil else {
            whenCalm { [weak self] in self?.close() }  // after the transition under way (a pinch let go, an emptied folder)
            return
        }
        collectionView.startInteractiveTransition(to: openedFrom, keepingItemAt: shownItem)  // the page shrinks into its tile
        collectionView.finishInteractiveTransition()
    }

    /// Back to the layout the viewer was opened from at once, with no animation: another
    /// folder replaces what is shown (the pages would name photos that are not there).
    func closeAtOnce() {
        guard isOpen || collectionView.transitionLayout is ViewerTransitionLayout, let openedFrom else { return }
        collectionView.setCollectionViewLayout(openedFrom, animated: false)
    }

    /// A transition to or from the viewer starts (ours, or a pinch's): note where it opens
    /// from and on which item.
    private func transitionWillBegin() {
        guard !isOpen else { return }
        let current = collectionView.collectionViewLayout
        guard current !== layout, !(current is TransitionLayout) else { return }
        openedFrom = current
        if openingItem == nil { openingItem = itemNearestCentre(in: current) }
        collectionView.isPagingEnabled = true
    }

    /// A transition ended: the viewer opened, closed, or a pinch was cancelled.
    private func transitionDidEnd() {
        let installed = collectionView.collectionViewLayout === layout
        if installed, !isOpen {
            didOpen()
        } else if !installed, isOpen {
            didClose()
        } else if !installed {
            openingItem = nil  // a pinch out that was let go before it opened
            collectionView.isPagingEnabled = gallery.currentLayout == .horizontal
        }
    }

    private func didOpen() {
        isOpen = true
        // The transition ended on the page of the item it kept in view (the activated one, or
        // the one under a pinch's fingers): that page is the one shown.
        let item = layout.indexPath(forPage: layout.page(atOffset: collectionView.contentOffset))
            ?? openingItem.flatMap { layout.page(of: $0) != nil ? $0 : nil } ?? layout.indexPath(forPage: 0)
        openingItem = nil
        guard let item, let page = layout.page(of: item) else { return }
        show(page: page)
        noteShown(item, page: page)
        updateHeader(open: true)
        GalleryLog.event("viewer open item=\(item.section).\(item.item)")
    }

    private func didClose() {
        isOpen = false
        photos.stop()
        followZoom()
        cancelSettle()
        collectionView.isPagingEnabled = gallery.currentLayout == .horizontal
        updateHeader(open: false)
        refreshAccessibleLabels()
        guard let item = shownItem, item.section < collectionView.numberOfSections, item.item < collectionView.numberOfItems(inSection: item.section) else {
            GalleryLog.event("viewer closed item=none")
            return
        }
        // The transition kept the shown photo's tile in view (keepingItemAt); a pinch's, the
        // item under the fingers: the photo shown last is the one to be in view.
        collectionView.scrollToItem(at: item, at: [], animated: false)
        collectionView.setFocusedItem(item, scroll: false)  // Enter opens it again, the arrows go on from it
        GalleryLog.event("viewer closed item=\(item.section).\(item.item)")
        GalleryLog.cellsSoon(gallery)
        shownItem = nil
        shownKey = nil
        settledPage = nil
    }

    /// The item whose cell is nearest the viewport's centre in `layout` (a pinch's item).
    private func itemNearestCentre(in layout: CollectionViewLayout) -> IndexPath? {
        let centre = collectionView.bounds.center
        return collectionView.indexPathsForVisibleItems.min { a, b in
            let fa = layout.layoutAttributesForItem(at: a)?.frame.center ?? .zero
            let fb = layout.layoutAttributesForItem(at: b)?.frame.center ?? .zero
            return hypot(fa.x - centre.x, fa.y - centre.y) < hypot(fb.x - centre.x, fb.y - centre.y)
        }
    }

    // MARK: Pages

    /// Shows `page` at once.
    private func show(page: Int) {
        collectionView.contentOffset = layout.offset(forPage: page)
    }

    /// Turns `delta` pages (negative: back), animated, clamped to the first and last.
    func turn(by delta: Int) {
        guard isOpen, layout.pageCount > 0 else { return }
        let from = settledPage ?? layout.page(atOffset: collectionView.contentOffset)
        go(toPage: min(max(from + delta, 0), layout.pageCount - 1))
    }

    /// Goes to `page`, animated.
    func go(toPage page: Int) {
        guard isOpen, let item = layout.indexPath(forPage: page) else { return }
        collectionView.scrollToItem(at: item, at: .left, animated: true)
        settledPage = page  // the next key goes on from here, not from where the ease has got to
        scrolled()
    }

    /// The offset moved: once it rests on a page, that page is shown.
    private func scrolled() {
        guard isOpen else { return }
        cancelSettle()
        settleTimeout = Async.after(milliseconds: Self.settleMilliseconds) { [weak self] in
            guard let self, !self.gallery.isClosed else { return }
            self.settleTimeout = 0
            self.settle()
        }
    }

    private func cancelSettle() {
        if settleTimeout != 0 { g_source_remove(settleTimeout); settleTimeout = 0 }
    }

    private func settle() {
        guard isOpen, collectionView.transitionLayout == nil else { return }
        let offset = collectionView.contentOffset
        defer { lastSettleCheck = offset }
        guard layout.isOnPage(offset), !collectionView.isSettlingScroll else {
            // At rest between two pages (something stopped a page turn half way): the nearest.
            if offset == lastSettleCheck, !collectionView.isSettlingScroll {
                go(toPage: layout.page(atOffset: offset))
            } else {
                scrolled()
            }
            return
        }
        let page = layout.page(atOffset: offset)
        guard let item = layout.indexPath(forPage: page) else { return }
        let changed = item != shownItem || gallery.content.tile(at: item)?.key != shownKey
        noteShown(item, page: page)
        if changed {
            GalleryLog.event("viewer page item=\(item.section).\(item.item) of=\(layout.pageCount)")
        }
    }

    /// `item` is the photo shown: the header and the pages' accessible names follow.
    private func noteShown(_ item: IndexPath, page: Int) {
        shownItem = item
        shownKey = gallery.content.tile(at: item)?.key
        settledPage = page
        photos.show(page: page, in: layout)
        shownCell?.zoomView.onZoomChanged = { [weak self] _ in self?.followZoom() }
        followZoom()
        updateTitle()
        refreshAccessibleLabels()
    }

    // MARK: Updates while open

    /// Items were added or deleted: the photo shown stays shown where it went; if it was
    /// deleted, the one after it (the one before at the end); with none left, the viewer closes.
    private func updatesDidFinish() {
        guard isOpen, let old = shownItem, let oldPage = settledPage else { return }
        let content = gallery.content
        // The layout was prepared for the new data before this is called.
        let count = layout.pageCount
        guard count > 0 else {
            shownItem = nil
            Async.after(milliseconds: 0) { [weak self] in self?.close() }
            return
        }
        var page = min(oldPage, count - 1)
        if let key = shownKey {
            if let same = layout.page(of: old), content.tile(at: old)?.key == key {
                page = same
            } else if let found = findPage(ofKey: key, near: oldPage, count: count) {
                page = found
            }
        }
        show(page: page)
        guard let item = layout.indexPath(forPage: page) else { return }
        // Another photo, or the same one at another place: a page change too.
        let changed = item != old || content.tile(at: item)?.key != shownKey
        // The header's title and the labels at once: the update made the views it shows
        // before the frame (not in the view's layout pass), so nothing else in the frame
        // queues a resize while GTK allocates the window.
        noteShown(item, page: page)
        if changed { GalleryLog.event("viewer page item=\(item.section).\(item.item) of=\(count)") }
    }

    /// A reload (another data source, a model that changed past describing) may have put
    /// another photo where the shown one was: it is found again as after an update.
    private func followReloadedData() {
        guard isOpen, collectionView.transitionLayout == nil, let item = shownItem else { return }
        let same = layout.page(of: item) != nil && gallery.content.tile(at: item)?.key == shownKey
        if !same || layout.pageCount == 0 { updatesDidFinish() }
    }

    /// The page of the tile with `key`, looked for outwards from `near` (an update moves the
    /// shown photo by the items added or deleted before it), at most `searchReach` pages each
    /// way: a photo deleted (by Delete, or another app) is not looked for through the whole
    /// folder. Per update, never per frame.
    private func findPage(ofKey key: String, near: Int, count: Int) -> Int? {
        let content = gallery.content
        for distance in 0..<min(count, Self.searchReach) {
            for page in [near - distance, near + distance] where page >= 0 && page < count {
                if let path = layout.indexPath(forPage: page), content.tile(at: path)?.key == key { return page }
            }
        }
        return nil
    }

    // MARK: Deleting

    /// Delete on the shown photo: to the trash in a folder (Undo in the toast), deleted from
    /// the catalogue; the next photo shows when the update arrives.
    func deleteShown() {
        // The page the user went to (a turn still easing there counts: `settledPage` is set
        // when it starts), found afresh: never an index the data moved under.
        guard isOpen, let page = settledPage, let item = layout.indexPath(forPage: page), gallery.content.tile(at: item) != nil else { return }
        GalleryLog.event("delete \(item.section).\(item.item)")
        gallery.deleteItems([item])
    }

    // MARK: Keys

    private func installKeys() {
        // In the capture phase, before the collection view's own bindings (which move the
        // focus) and the window's accelerators (Delete deletes the selection).
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connectKey(raw(keys)) { [weak self] keyval, _, state in
            self?.keyPressed(Int32(bitPattern: keyval), state) ?? false
        }
        gtk_widget_add_controller(gallery.window, keys)
    }

    private func keyPressed(_ key: Int32, _ state: GdkModifierType) -> Bool {
        guard isOpen else {
            // Opening or closing: the viewer's keys wait (Delete would delete the grid's
            // selection, Escape close something else).
            let moving = collectionView.transitionLayout is ViewerTransitionLayout
            return moving && [GDK_KEY_Escape, GDK_KEY_Delete, GDK_KEY_KP_Delete].contains(key)
        }
        if GalleryLog.enabled, let name = gdk_keyval_name(UInt32(bitPattern: key)) {
            GalleryLog.event("viewer key \(String(cString: name))")  // the tests' sign that keys reach the window
        }
        // A menu or popover has the keys it shows (Escape closes it, the arrows move in it);
        // a header button keeps Space and Enter; only Escape closes the viewer from there.
        if let root = gtk_widget_get_root(collectionView.widget), let focus = gtk_root_get_focus(root) {
            if gtk_widget_get_ancestor(focus, gtk_popover_get_type()) != nil { return false }
            if focus != collectionView.widget, gtk_widget_is_ancestor(focus, collectionView.widget) == 0 {
                guard key == GDK_KEY_Escape else { return false }
                close()
                return true
            }
        }
        // The photo's own keys first: + - 0 zoom, and the arrows pan while it is zoomed in.
        if let cell = shownCell, cell.zoomView.keyPressed(UInt32(bitPattern: key), modifiers: state) { return true }
        let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
        guard modifiers == 0 else { return false }
        let mirrored = gtk_widget_get_direction(collectionView.widget) == GTK_TEXT_DIR_RTL
        switch key {
        case GDK_KEY_Escape: close()
        case GDK_KEY_Left, GDK_KEY_KP_Left: turn(by: mirrored ? 1 : -1)
        case GDK_KEY_Right, GDK_KEY_KP_Right: turn(by: mirrored ? -1 : 1)
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up, GDK_KEY_BackSpace: turn(by: -1)
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down, GDK_KEY_space: turn(by: 1)
        case GDK_KEY_Home, GDK_KEY_KP_Home: go(toPage: 0)
        case GDK_KEY_End, GDK_KEY_KP_End: go(toPage: layout.pageCount - 1)
        case GDK_KEY_Delete, GDK_KEY_KP_Delete: deleteShown()
        default: return false
        }
        return true
    }

    /// While the shown photo is zoomed in, a finger's drag pans it: the scrolled window's own
    /// touch drag (which turns pages, and sees the touch before the photo does) stands aside.
    /// GtkScrolledWindow's kinetic scrolling is what attaches that drag.
    func followZoom() {
        let zoomed = isOpen && shownCell.map { !$0.zoomView.isAtFit } == true
        let scrolled = collectionView.widget.opaque
        if (gtk_scrolled_window_get_kinetic_scrolling(scrolled) != 0) == zoomed {
            gtk_scrolled_window_set_kinetic_scrolling(scrolled, zoomed ? 0 : 1)
        }
    }

    /// The cell of the page shown.
    var shownCell: TileCell? {
        shownItem.flatMap { collectionView.cellForItem(at: $0) as? TileCell }
    }

    // MARK: The header and accessibility

    /// The photo's name, and its date taken: the folder's timeline's when it knows it (by
    /// date), else read from the file's EXIF (or its modification time, as the timeline does)
    /// on a worker thread, once per photo.
    private func updateTitle() {
        guard let item = shownItem, let tile = gallery.content.tile(at: item) else { return }
        gtk_label_set_text(titleLabel, tile.title)
        if let uri = tile.uri, gallery.folder?.timeline?.taken(ofURI: uri) == nil, datesRead[uri] == nil {
            readDate(uri)
            return  // the title with its date when it comes
        }
        let taken = tile.uri.flatMap { gallery.folder?.timeline?.taken(ofURI: $0) ?? datesRead[$0] ?? nil }
        let date = taken.flatMap(Self.dateText)
        gtk_label_set_text(subtitleLabel, date ?? "")  // empty, not hidden: the title stays where it is
        GalleryLog.event("viewer title=\(tile.title) date=\(date ?? "none")")
    }

    /// Dates read for the header (nil inside: none could be read), by URI.
    private var datesRead: [String: Int64?] = [:]
    private let dateReader = WorkerThreads(count: 1, niceness: 5, name: "gallery viewer dates")

    private func readDate(_ uri: String) {
        DateTaken.initialize()
        datesRead[uri] = .some(nil)  // asked (not again)
        dateReader.run {
            let taken = PhotoURI.withPath(uri) { path -> Int64? in
                guard let path else { return nil }
                if let exif = DateTaken.read(path: path) { return exif }
                var status = stat()
                return stat(path, &status) == 0 ? Int64(status.st_mtim.tv_sec) : nil
            }
            Async.onMain { [weak self] in
                guard let self, !self.gallery.isClosed else { return }
                self.datesRead[uri] = .some(taken)
                if let item = self.shownItem, self.gallery.content.tile(at: item)?.uri == uri { self.updateTitle() }
            }
        }
    }

    /// A date taken as the user's locale writes a date and time (GLib's `%x %X`).
    static func dateText(_ seconds: Int64) -> String? {
        guard seconds > 0, let date = g_date_time_new_from_unix_local(gint64(seconds)) else { return nil }
        defer { g_date_time_unref(date) }
        guard let text = g_date_time_format(date, "%x %X") else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Shows the viewer's header (back button, title) or the browsing one, and turns the
    /// actions that make no sense on one photo off and back on.
    private func updateHeader(open: Bool) {
        guard open != headerShowsViewer else { return }  // (a quick reopen: the actions stay as recorded)
        headerShowsViewer = open
        gtk_widget_set_visible(backButton, open ? 1 : 0)
        if let titleStack { gtk_stack_set_visible_child_name(titleStack.opaque, open ? "viewer" : "browsing") }
        for widget in gallery.browsingHeaderWidgets { gtk_widget_set_visible(widget, open ? 0 : 1) }
        gallery.updateSplitBackButton(viewerShows: open)
        let map = OpaquePointer(gallery.window)
        if open {
            disabledActions = Self.actionsOffWhileOpen.compactMap { name in
                guard let action = g_action_map_lookup_action(map, name) else { return nil }
                let was = g_action_get_enabled(action) != 0
                g_simple_action_set_enabled(action, 0)
                return (name, was)
            }
        } else {
            // As they were, but the catalogue's edits stay off if a folder replaced it meanwhile.
            let editable = gallery.content.isEditable
            for (name, was) in disabledActions {
                let on = was && (editable || !Self.catalogueEdits.contains(name))
                if let action = g_action_map_lookup_action(map, name) { g_simple_action_set_enabled(action, on ? 1 : 0) }
            }
            disabledActions = []
        }
    }

    /// The catalogue's own edits, off for a folder.
    static let catalogueEdits: Set<String> = ["add-item", "add-section", "remove-section", "shuffle", "sort"]

    /// Layout, sorting, selection and the catalogue's edits: about the grid, not one photo.
    static let actionsOffWhileOpen = ["layout", "sort-order", "multiple", "add-item", "delete-selection", "add-section",
                                      "remove-section", "shuffle", "sort", "page"]

    /// A page's accessible name: the photo's and its place ("Beach, 12 of 480").
    func accessibleLabel(title: String, at indexPath: IndexPath) -> String {
        let total = layout.pageCount
        let position = (layout.page(of: indexPath) ?? 0) + 1
        return format(ntr("%1$s, %2$d of %3$d", "%1$s, %2$d of %3$d", total), title, position, total)
    }

    /// The cells shown say their place while the viewer is open, their title otherwise.
    private func refreshAccessibleLabels() {
        for case let cell as TileCell in collectionView.visibleCells {
            guard let path = collectionView.indexPath(for: cell), let tile = gallery.content.tile(at: path) else { continue }
            cell.accessibilityLabel = isOpen ? accessibleLabel(title: tile.title, at: path) : tile.title
        }
        if isOpen, let item = shownItem, let tile = gallery.content.tile(at: item) {
            GalleryLog.event("viewer label=\(accessibleLabel(title: tile.title, at: item))")
        }
    }

    /// Runs `f` after `milliseconds`, and then only once no transition or update animation
    /// runs in the view: what must see the data and the pages settled (a close asked for while
    /// a transition runs, a reload followed, pictures for a new window size).
    private func whenCalm(after milliseconds: UInt32 = 0, _ f: @escaping @MainActor () -> Void) {
        Async.after(milliseconds: milliseconds) { [weak self] in
            guard let self, !self.gallery.isClosed else { return }  // quit meanwhile: the header is gone
            if self.collectionView.transitionLayout != nil || self.collectionView.isAnimatingUpdates {
                self.whenCalm(after: Self.calmPollMilliseconds, f)
            } else {
                f()
            }
        }
    }

    /// How far an update may move the shown photo and still have it found (pages each way).
    static let searchReach = 2_000

    /// How often `whenCalm` looks again: a few frames.
    static let calmPollMilliseconds: UInt32 = 50
}
