import CGtk
import CollectionLayout
import CollectionViewGtk
import Foundation

/// The collection view's data source and delegate: the catalogue's items, selection logging,
/// and the edit menu's cut, copy and paste through the real clipboard.
@MainActor
final class GalleryController: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    unowned let gallery: GalleryWindow
    init(window: GalleryWindow) { gallery = window }
    var catalogue: Catalogue { gallery.catalogue }

    // MARK: Data source

    func numberOfSections(in collectionView: CollectionView) -> Int { catalogue.sections.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        catalogue.sections[section].items.count
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: TileCell = collectionView.dequeueReusableCell(withReuseIdentifier: TileCell.reuseIdentifier, for: indexPath)
        cell.configure(with: catalogue.sections[indexPath.section].items[indexPath.item])
        return cell
    }

    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ReusableView {
        let section = catalogue.sections[indexPath.section]
        if kind == CollectionView.elementKindSectionHeader {
            let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: SectionHeaderView.reuseIdentifier, for: indexPath) as! SectionHeaderView
            view.title = section.title
            return view
        }
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: SectionFooterView.reuseIdentifier, for: indexPath) as! SectionFooterView
        view.text = section.items.count == 1 ? "1 item" : "\(section.items.count) items"
        return view
    }

    // MARK: Selection

    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) { logSelection() }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) { logSelection() }

    func logSelection() {
        GalleryLog.event("selected " + gallery.collectionView.indexPathsForSelectedItems.map { "\($0.section).\($0.item)" }.joined(separator: " "))
    }

    // MARK: The edit menu and the clipboard

    var clipboard: OpaquePointer { gtk_widget_get_clipboard(gallery.window) }

    func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool { true }

    func collectionView(_ collectionView: CollectionView, canPerformAction action: EditAction, forItemAt indexPath: IndexPath, withSender sender: Any?) -> Bool {
        switch action {
        case .cut, .copy: return true
        case .paste:
            let formats = gdk_clipboard_get_formats(clipboard)
            return gdk_content_formats_contain_gtype(formats, GType(16 << 2)) != 0  // G_TYPE_STRING
                || gdk_content_formats_contain_gtype(formats, gdk_texture_get_type()) != 0
        }
    }

    func collectionView(_ collectionView: CollectionView, performAction action: EditAction, forItemAt indexPath: IndexPath, withSender sender: Any?) {
        let item = catalogue.sections[indexPath.section].items[indexPath.item]
        switch action {
        case .copy:
            copy(item)
            GalleryLog.event("copy \(item.title)")
        case .cut:
            // Only the collection loses the item: a file it shows stays on disk.
            copy(item)
            gallery.deleteItems([indexPath])
            GalleryLog.event("cut \(item.title)")
        case .paste:
            paste(after: indexPath)
        }
    }

    /// Puts the item's title on the clipboard as text, and its picture as an image when it has one.
    private func copy(_ item: Catalogue.Item) {
        let text = Array(item.title.utf8)
        let textBytes = text.withUnsafeBufferPointer { g_bytes_new($0.baseAddress, gsize($0.count)) }
        var providers: [UnsafeMutablePointer<GdkContentProvider>?] = [gdk_content_provider_new_for_bytes("text/plain;charset=utf-8", textBytes)]
        g_bytes_unref(textBytes)
        if let texture = item.texture, let png = gdk_texture_save_to_png_bytes(texture.pointer) {
            providers.append(gdk_content_provider_new_for_bytes("image/png", png))
            g_bytes_unref(png)
        }
        let union = providers.withUnsafeMutableBufferPointer { gdk_content_provider_new_union($0.baseAddress, gsize($0.count)) }
        gdk_clipboard_set_content(clipboard, union)
        g_object_unref(raw(union!))
    }

    /// Inserts what the clipboard holds as a new item after `indexPath`: its picture, or its
    /// text as the title. Text that is too long or not text is a message, not an item.
    private func paste(after indexPath: IndexPath) {
        let target = IndexPath(item: indexPath.item + 1, section: indexPath.section)
        let formats = gdk_clipboard_get_formats(clipboard)
        if gdk_content_formats_contain_gtype(formats, gdk_texture_get_type()) != 0 {
            let (callback, data) = Async.callback { [weak self] result in
                guard let self else { return }
                var error: UnsafeMutablePointer<GError>?
                guard let texture = gdk_clipboard_read_texture_finish(self.clipboard, result, &error) else {
                    self.gallery.showMessage("The clipboard's picture could not be read: \(error.map { String(cString: $0.pointee.message) } ?? "unknown error").")
                    if error != nil { g_error_free(error) }
                    return
                }
                self.gallery.insert(self.catalogue.makeItem(title: "Pasted picture", texture: Texture(adopting: texture)), at: target)
            }
            gdk_clipboard_read_texture_async(clipboard, nil, callback, data)
            return
        }
        let (callback, data) = Async.callback { [weak self] result in
            guard let self else { return }
            var error: UnsafeMutablePointer<GError>?
            guard let cText = gdk_clipboard_read_text_finish(self.clipboard, result, &error) else {
                self.gallery.showMessage("The clipboard holds nothing that can be pasted here\(error.map { ": " + String(cString: $0.pointee.message) } ?? "").")
                if error != nil { g_error_free(error) }
                return
            }
            let text = String(cString: cText)
            g_free(cText)
            let title = Self.title(fromPasted: text)
            guard let title else {
                self.gallery.showMessage("The clipboard's text is empty or too long to be a title (\(text.utf8.count) bytes).")
                return
            }
            self.gallery.insert(self.catalogue.makeItem(title: title), at: target)
            GalleryLog.event("paste \(title) at \(target.section).\(target.item)")
        }
        gdk_clipboard_read_text_async(clipboard, nil, callback, data)
    }

    /// The first line of pasted text, at most 80 characters; nil for nothing or a megabyte and more.
    static func title(fromPasted text: String) -> String? {
        guard text.utf8.count < 1_000_000 else { return nil }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !line.isEmpty else { return nil }
        return String(line.prefix(80))
    }
}
