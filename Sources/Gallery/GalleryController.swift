import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import Foundation

/// The collection view's delegate and prefetcher, and the cells and section labels both kinds
/// of content show: selection logging, thumbnails decoded ahead of the scroll, and the edit
/// menu's cut, copy and paste through the real clipboard.
@MainActor
final class GalleryController: CollectionViewDelegateFlowLayout, CollectionViewDataSourcePrefetching {
    unowned let gallery: GalleryWindow
    init(window: GalleryWindow) { gallery = window }
    var content: GalleryContent { gallery.content }

    // MARK: Cells and section labels

    /// The cell for a tile: its thumbnail when decoded, else a coloured card until it is.
    func cell(_ collectionView: CollectionView, _ indexPath: IndexPath, _ tile: Tile) -> CollectionViewCell {
        let cell: TileCell = collectionView.dequeueReusableCell(withReuseIdentifier: TileCell.reuseIdentifier, for: indexPath)
        let thumbnail = tile.uri.flatMap { gallery.thumbnails.thumbnail(for: $0, onScreen: true) }
        cell.configure(with: tile, thumbnail: thumbnail)
        if let viewer = gallery.viewer, viewer.isOpen {
            cell.accessibilityLabel = viewer.accessibleLabel(title: tile.title, at: indexPath)
            viewer.photos.configure(cell)
            cell.zoomView.onZoomChanged = { [weak viewer] _ in viewer?.followZoom() }  // a page made after it was shown
        }
        return cell
    }

    func supplementaryView(_ collectionView: CollectionView, _ kind: String, _ indexPath: IndexPath) -> ReusableView? {
        if kind == CollectionView.elementKindSectionHeader {
            let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: SectionHeaderView.reuseIdentifier, for: indexPath) as! SectionHeaderView
            view.text = content.title(ofSection: indexPath.section)
            return view
        }
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: SectionFooterView.reuseIdentifier, for: indexPath) as! SectionFooterView
        view.text = Self.footerText(count: collectionView.numberOfItems(inSection: indexPath.section))
        return view
    }

    /// A section's footer: how many items it has ("1 item", "N items", in the language's plural).
    static func footerText(count: Int) -> String {
        format(ntr("%d item", "%d items", count), count)
    }

    /// Footers say how many items their section has: the ones on screen are told after a change.
    func refreshFooters() {
        // The viewer shows no footers (they are made afresh when the grid comes back), and
        // setting the offset back would stop a page turn half way.
        guard !(gallery.viewer?.isOpen ?? false) else { return }
        let cv = gallery.collectionView
        let offset = cv.contentOffset  // selecting an item out of view scrolls to it: stay put
        defer { cv.contentOffset = offset }
        for section in 0..<cv.numberOfSections {
            guard let footer = cv.supplementaryView(forElementKind: CollectionView.elementKindSectionFooter,
                                                   at: IndexPath(item: 0, section: section)) as? SectionFooterView else { continue }
            footer.text = Self.footerText(count: cv.numberOfItems(inSection: section))
        }
    }

    // MARK: Thumbnails: on screen first, then ahead of the scroll

    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        for path in indexPaths { if let file = content.tile(at: path)?.uri { gallery.thumbnails.request(file, urgent: false) } }
    }

    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        for path in indexPaths { if let file = content.tile(at: path)?.uri { gallery.thumbnails.cancel(file) } }
    }

    /// A cell that left the screen before its thumbnail was decoded no longer needs it first.
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        if let uri = (cell as? TileCell)?.uri { gallery.thumbnails.cancel(uri) }
    }

    // MARK: Selection

    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) { logSelection() }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) { logSelection() }
    func collectionView(_ collectionView: CollectionView, didSelectItemsIn range: Range<Int>, inSection section: Int) { logSelection() }
    func collectionView(_ collectionView: CollectionView, didDeselectItemsIn range: Range<Int>, inSection section: Int) { logSelection() }

    /// A press's highlight, for the log: a long press takes it away while the button is still
    /// down, which is how a test knows to let go.
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
        GalleryLog.event("highlighted \(indexPath.section).\(indexPath.item)")
    }
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        GalleryLog.event("unhighlighted \(indexPath.section).\(indexPath.item)")
    }

    func logSelection() {
        GalleryLog.event("selected " + gallery.collectionView.indexPathsForSelectedItems.map { "\($0.section).\($0.item)" }.joined(separator: " "))
    }

    // MARK: Activation and the context menu

    /// Every tile "opens": a double-click or Enter activates it instead of toggling it.
    func collectionView(_ collectionView: CollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath) -> Bool {
        content.tile(at: indexPath) != nil
    }

    /// Opening a tile: the viewer opens on it, its header names the photo. (The status line
    /// no longer shows the file: it would take the photo's room, and its height animating
    /// under the viewer's page made GTK warn that the view was drawn unallocated.)
    func collectionView(_ collectionView: CollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {
        guard content.tile(at: indexPath) != nil else { return }
        GalleryLog.event("activated \(indexPath.section).\(indexPath.item)")
        gallery.viewer.open(at: indexPath)
    }

    /// Transitions to and from the viewer blend the cells' page look too.
    func collectionView(_ collectionView: CollectionView, transitionLayoutForOldLayout fromLayout: CollectionViewLayout,
                        newLayout toLayout: CollectionViewLayout) -> TransitionLayout? {
        guard fromLayout is ViewerLayout || toLayout is ViewerLayout else { return nil }
        return ViewerTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout)
    }

    /// The viewer's menu for the photo shown: open it in the default app, copy it, move it to
    /// the trash (delete it from the catalogue).
    private func viewerMenu(for path: IndexPath) -> ContextMenuConfiguration? {
        guard let tile = content.tile(at: path) else { return nil }
        var items: [ContextMenuItem] = []
        if let uri = tile.uri {
            items.append(ContextMenuItem(tr("Open With _Default App")) { [weak self] _ in
                guard let self else { return }
                GalleryLog.event("open-with-default \(PhotoURI.displayName(uri))")
                gtk_show_uri(self.gallery.window.as(GtkWindow.self), uri, guint32(GDK_CURRENT_TIME))
            })
        }
        items.append(ContextMenuItem(EditAction.copy.label, accelerator: EditAction.copy.accelerator) { [weak self] _ in
            guard let self else { return }
            self.collectionView(self.gallery.collectionView, performAction: .copy, forItemAt: path, withSender: EditAction.Sender.menu)
        })
        let trash = ContextMenuItem(gallery.folder != nil ? tr("Move to _Trash") : tr("_Delete"), iconName: "user-trash-symbolic",
                                    attributes: .destructive, accelerator: "Delete") { [weak self] _ in self?.gallery.viewer.deleteShown() }
        return ContextMenuConfiguration(sections: [items, [trash]])
    }

    /// The app's actions for the clicked item or the selection: the edit menu's (Cut and Paste
    /// in the catalogue only, Paste when the clipboard has something), then Delete (in a
    /// folder, Move to Trash); on empty space, Select All.
    func collectionView(_ collectionView: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
                        point: Point) -> ContextMenuConfiguration? {
        GalleryLog.event("context menu " + indexPaths.map { "\($0.section).\($0.item)" }.joined(separator: " "))
        if gallery.viewer.isOpen {
            guard let shown = gallery.viewer.shownItem else { return nil }
            return viewerMenu(for: shown)
        }
        guard let first = indexPaths.first else {
            return ContextMenuConfiguration(items: [
                ContextMenuItem(tr("Select _All"), isEnabled: collectionView.allowsMultipleSelection) { [weak self] _ in self?.selectAll() },
            ])
        }
        let edits = EditAction.allCases.filter {
            self.collectionView(collectionView, canPerformAction: $0, forItemAt: first, withSender: EditAction.Sender.menu)
        }.map { action in
            ContextMenuItem(action.label, accelerator: action.accelerator) { [weak self] paths in self?.perform(action, on: paths) }
        }
        var sections = [edits]
        // One photo of a folder: its swipe action "Move to Trash" is listed by the view after
        // these (GalleryController+Swipe.swift), so it is not listed twice.
        let swipeListsTrash = indexPaths.count == 1 && offersSwipeTrash(at: first)
        if content.isEditable || (gallery.folder != nil && !swipeListsTrash) {
            // The window's Delete key deletes the selection; the menu says so. A folder's
            // photos go to the trash (Undo in the toast), never deleted for good.
            let label = content.isEditable ? tr("_Delete") : tr("Move to _Trash")
            sections.append([ContextMenuItem(label, iconName: "user-trash-symbolic", attributes: .destructive,
                                             accelerator: "Delete") { [weak self] paths in
                guard let self, !paths.isEmpty else { return }
                GalleryLog.event("delete " + paths.map { "\($0.section).\($0.item)" }.joined(separator: " "))
                self.gallery.deleteItems(paths)
            }])
        }
        return ContextMenuConfiguration(sections: sections)
    }

    /// An edit action from the context menu: on one item as the edit menu does it; on several,
    /// Copy and Cut take every title, Paste goes after the last.
    private func perform(_ action: EditAction, on paths: [IndexPath]) {
        guard let last = paths.last else { return }
        if paths.count == 1 {
            collectionView(gallery.collectionView, performAction: action, forItemAt: last, withSender: EditAction.Sender.menu)
            return
        }
        switch action {
        case .copy: copy(paths)
        case .cut:
            copy(paths)
            gallery.deleteItems(paths)
        case .paste: paste(after: last)
        }
    }

    /// Selects every item (the context menu of empty space, in multiple selection).
    private func selectAll() {
        let cv = gallery.collectionView
        let offset = cv.contentOffset  // selecting an item out of view scrolls to it: stay put
        defer { cv.contentOffset = offset }
        for section in 0..<cv.numberOfSections {
            for item in 0..<cv.numberOfItems(inSection: section) {
                cv.selectItem(at: IndexPath(item: item, section: section), animated: false, scrollPosition: [])
            }
        }
        logSelection()
    }

    /// Copies several items' titles, a line each.
    private func copy(_ paths: [IndexPath]) {
        let tiles = paths.compactMap { content.tile(at: $0) }
        guard !tiles.isEmpty else { return }
        gdk_clipboard_set_text(clipboard, tiles.map(\.title).joined(separator: "\n"))
        GalleryLog.event("copy " + tiles.map(\.title).joined(separator: ", "))
    }

    // MARK: The edit menu and the clipboard

    var clipboard: OpaquePointer { gtk_widget_get_clipboard(gallery.window) }

    func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool { true }

    func collectionView(_ collectionView: CollectionView, canPerformAction action: EditAction, forItemAt indexPath: IndexPath, withSender sender: Any?) -> Bool {
        switch action {
        case .copy: return true
        case .cut: return content.isEditable
        case .paste:
            guard content.isEditable else { return false }
            let formats = gdk_clipboard_get_formats(clipboard)
            return gdk_content_formats_contain_gtype(formats, GType(16 << 2)) != 0  // G_TYPE_STRING
                || gdk_content_formats_contain_gtype(formats, gdk_texture_get_type()) != 0
        }
    }

    func collectionView(_ collectionView: CollectionView, performAction action: EditAction, forItemAt indexPath: IndexPath, withSender sender: Any?) {
        guard let tile = content.tile(at: indexPath) else { return }
        switch action {
        case .copy:
            copy(tile)
            GalleryLog.event("copy \(tile.title)")
        case .cut:
            // Only the collection loses the item: a file it shows stays on disk.
            copy(tile)
            gallery.deleteItems([indexPath])
            GalleryLog.event("cut \(tile.title)")
        case .paste:
            paste(after: indexPath)
        }
    }

    /// Puts the item's title on the clipboard as text, and its picture as an image when it has one.
    private func copy(_ tile: Tile) {
        let text = Array(tile.title.utf8)
        let textBytes = text.withUnsafeBufferPointer { g_bytes_new($0.baseAddress, gsize($0.count)) }
        var providers: [UnsafeMutablePointer<GdkContentProvider>?] = [gdk_content_provider_new_for_bytes("text/plain;charset=utf-8", textBytes)]
        g_bytes_unref(textBytes)
        if let texture = tile.texture ?? tile.uri.flatMap({ gallery.thumbnails.cache.texture(for: $0) }), let png = gdk_texture_save_to_png_bytes(texture.pointer) {
            providers.append(gdk_content_provider_new_for_bytes("image/png", png))
            g_bytes_unref(png)
        }
        let union = providers.withUnsafeMutableBufferPointer { gdk_content_provider_new_union($0.baseAddress, gsize($0.count)) }
        gdk_clipboard_set_content(clipboard, union)
        g_object_unref(raw(union!))
    }

    /// Inserts what the clipboard holds as a new item after `indexPath`: its picture, or its
    /// text as the title. Text that is too long or not text, a picture that cannot be decoded,
    /// and a clipboard that does not deliver within `pasteTimeout` are messages, not items.
    private func paste(after indexPath: IndexPath) {
        let target = IndexPath(item: indexPath.item + 1, section: indexPath.section)
        let formats = gdk_clipboard_get_formats(clipboard)
        let read = ClipboardRead(gallery: gallery, seconds: Self.pasteTimeout)
        if gdk_content_formats_contain_gtype(formats, gdk_texture_get_type()) != 0 {
            // Decoded as a photo's file is (orientation, size limits, at the tile's size).
            PastedPicture.read(clipboard, cancellable: read.cancellable, delivered: { read.finish() }) { [weak self] picture in
                switch picture {
                case .success(let texture): self?.gallery.insert(title: tr("Pasted picture"), texture: texture, at: target)
                case .failure(let failure): self?.gallery.showMessage(UserText("The clipboard's picture could not be read: %s.", failure.reason))
                }
            }
            return
        }
        let (callback, data) = Async.callback { [weak self] result in
            guard let self else { return }
            var error: UnsafeMutablePointer<GError>?
            let cText = gdk_clipboard_read_text_finish(self.clipboard, result, &error)
            guard read.finish() else { g_free(cText); if error != nil { g_error_free(error) }; return }
            guard let cText else {
                self.gallery.showMessage(error.map { UserText("The clipboard holds nothing that can be pasted here: %s.", String(cString: $0.pointee.message)) }
                                         ?? UserText("The clipboard holds nothing that can be pasted here."))
                if error != nil { g_error_free(error) }
                return
            }
            let text = String(cString: cText)
            g_free(cText)
            let title = Self.title(fromPasted: text)
            guard let title else {
                // English says "bytes" for one too, as it always has (the log is compared).
                self.gallery.showMessage(UserText.ntr("The clipboard's text is empty or too long to be a title (%d bytes).",
                                                      "The clipboard's text is empty or too long to be a title (%d bytes).", text.utf8.count, text.utf8.count))
                return
            }
            self.gallery.insert(title: title, texture: nil, at: target)
            GalleryLog.event("paste \(title) at \(target.section).\(target.item)")
        }
        gdk_clipboard_read_text_async(clipboard, read.cancellable, callback, data)
    }

    /// How long a paste waits for the clipboard's owner (another program) to deliver.
    static let pasteTimeout: UInt32 = 5

    /// The first line of pasted text, at most 80 characters; nil for nothing or a megabyte and more.
    static func title(fromPasted text: String) -> String? {
        guard text.utf8.count < 1_000_000 else { return nil }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !line.isEmpty else { return nil }
        return String(line.prefix(80))
    }
}

/// One clipboard read with a deadline: if the owner has not delivered in time, the read is
/// cancelled and the window says so; whichever comes first, the answer or the deadline, wins.
@MainActor
private final class ClipboardRead {
    nonisolated(unsafe) let cancellable = g_cancellable_new()!
    private var done = false

    init(gallery: GalleryWindow, seconds: UInt32) {
        Async.after(milliseconds: seconds * 1000) { [self] in
            guard !done else { return }
            done = true
            g_cancellable_cancel(cancellable)
            gallery.showMessage(UserText.ntr("The clipboard did not deliver its content within %d second.",
                                             "The clipboard did not deliver its content within %d seconds.", Int(seconds), seconds))
        }
    }

    /// True for the answer that comes first; false when the deadline already passed.
    func finish() -> Bool {
        defer { done = true }
        return !done
    }

    deinit { g_object_unref(raw(cancellable)) }
}
