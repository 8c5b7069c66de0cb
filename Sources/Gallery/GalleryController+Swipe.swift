import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import Foundation

/// Swipe to trash in a folder: a photo's trailing swipe action "Move to Trash" goes through the
/// window's Delete (the trash, a toast with Undo); a full swipe performs it. The library lists
/// the same action in a single photo's context menu, so the app's own menu leaves its Move to
/// Trash out for one photo (`contextMenuOffersSwipeTrash`) and keeps it for a selection of
/// several, which swipe actions do not cover.
extension GalleryController {
    /// Whether a photo at `indexPath` has the swipe action: photos of a folder, while browsing
    /// (the viewer swipes between pages and has its own menu).
    func offersSwipeTrash(at indexPath: IndexPath) -> Bool {
        gallery.folder != nil && !(gallery.viewer?.isOpen ?? false) && content.tile(at: indexPath)?.uri != nil
    }

    func collectionView(_ collectionView: CollectionView, trailingSwipeActionsConfigurationForItemAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard offersSwipeTrash(at: indexPath), let uri = content.tile(at: indexPath)?.uri else { return nil }
        // Translators: a photo's swipe action (a button beside it, no mnemonic) and its context menu entry.
        let trash = ContextualAction(style: .destructive, title: tr("Move to Trash")) { [weak self] _, _, completion in
            // The photo is named by its URI: the path it had when the row opened may have moved.
            guard let self, let path = self.content.tile(at: indexPath)?.uri == uri ? indexPath : self.indexPath(ofPhoto: uri) else {
                return completion(false)
            }
            GalleryLog.event("swipe trash \(path.section).\(path.item)")
            GalleryLog.event("delete \(path.section).\(path.item)")
            // Done only once the trash answers: a photo that could not go is not reported gone.
            self.gallery.deleteItems([path]) { done in
                GalleryLog.event("swipe trash done \(done)")
                completion(done)
            }
        }
        trash.iconName = "user-trash-symbolic"
        return SwipeActionsConfiguration(actions: [trash])
    }

    /// Where the folder shows the photo named `uri` now (nil once it has gone): a search, once
    /// per action chosen, only when the photo has moved since its row opened.
    private func indexPath(ofPhoto uri: String) -> IndexPath? {
        let cv = gallery.collectionView
        for section in 0..<cv.numberOfSections {
            for item in 0..<cv.numberOfItems(inSection: section) where content.tile(at: IndexPath(item: item, section: section))?.uri == uri {
                return IndexPath(item: item, section: section)
            }
        }
        return nil
    }
}

extension GalleryLog {
    /// A shown menu's entries ("menu Copy|Move to Trash", mnemonics taken out), so a test can
    /// see that an action is listed once.
    static func menuEntries(of popover: UnsafeMutablePointer<GtkWidget>) {
        guard g_type_check_instance_is_a(UnsafeMutableRawPointer(popover).assumingMemoryBound(to: GTypeInstance.self),
                                         gtk_popover_menu_get_type()) != 0,
              let model = gtk_popover_menu_get_menu_model(OpaquePointer(popover)) else { return }
        var labels: [String] = []
        func collect(_ model: UnsafeMutablePointer<GMenuModel>) {
            for index in 0..<g_menu_model_get_n_items(model) {
                if let value = g_menu_model_get_item_attribute_value(model, index, "label", nil) {
                    labels.append(String(cString: g_variant_get_string(value, nil)).replacingOccurrences(of: "_", with: ""))
                    g_variant_unref(value)
                }
                for link in ["section", "submenu"] {
                    if let inner = g_menu_model_get_item_link(model, index, link) {
                        collect(inner)
                        g_object_unref(raw(inner))
                    }
                }
            }
        }
        collect(model)
        event("menu " + labels.joined(separator: "|"))
    }
}
