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
        let trash = ContextualAction(style: .destructive, title: tr("Move to Trash")) { [weak self] _, _, completion in
            // The photo is named by its URI: the path it had when the row opened may have moved.
            guard let self, let path = self.content.tile(at: indexPath)?.uri == uri ? indexPath : self.indexPath(ofPhoto: uri) else {
                return completion(false)
            }
            GalleryLog.event("swipe trash \(path.section).\(path.item)")
            GalleryLog.event("delete \(path.section).\(path.item)")
            self.gallery.deleteItems([path])
            completion(true)
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
