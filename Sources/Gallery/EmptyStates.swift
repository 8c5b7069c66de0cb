import CGtk
import GtkGlue
import CollectionViewGtk
import Foundation

/// What the photos page says when it has nothing to show: the catalogue with every tile and
/// section gone, and a folder without pictures (it follows the folder, so pictures copied in
/// replace it). The collection view shows and hides it by itself.
@MainActor
enum EmptyStates {
    /// The catalogue emptied: its button adds a tile, as Ctrl+N does.
    static func catalogue(addTile: @escaping @MainActor () -> Void) -> ContentUnavailableConfiguration {
        ContentUnavailableConfiguration(
            iconName: "view-grid-symbolic", text: tr("No Tiles"),
            secondaryText: tr("Add a tile, or paste or drop a picture here."),
            button: .init(title: tr("_Add a Tile"), action: addTile))
    }

    /// A folder (and its subfolders) without pictures.
    static func folder(_ path: String) -> ContentUnavailableConfiguration {
        ContentUnavailableConfiguration(
            iconName: "folder-pictures-symbolic", text: tr("No Pictures"),
            secondaryText: format(tr("Pictures copied into “%s” appear here."), (path as NSString).lastPathComponent))
    }
}

extension GalleryLog {
    /// Logs "empty-state shown: " and the texts it shows (translated, as read from its labels)
    /// when the empty state has come on screen, and "empty-state hidden" when it has gone.
    static func watchEmptyState(of collectionView: CollectionView) {
        guard enabled, let widget = collectionView.contentUnavailableWidget, !watchedEmptyStates.contains(widget) else { return }
        watchedEmptyStates.append(widget)
        Signal.connect(raw(widget), "map") {
            event("empty-state shown: " + shownLabels(in: widget).joined(separator: " | "))
        }
        Signal.connect(raw(widget), "unmap") { event("empty-state hidden") }
    }
    private static var watchedEmptyStates: [WidgetPointer] = []

    /// The texts of the shown labels under `widget`, in tree order.
    private static func shownLabels(in widget: WidgetPointer) -> [String] {
        var texts: [String] = []
        var child = gtk_widget_get_first_child(widget)
        while let c = child {
            if gtk_widget_get_visible(c) != 0 {
                if g_type_check_instance_is_a(raw(c).assumingMemoryBound(to: GTypeInstance.self), gtk_label_get_type()) != 0 {
                    texts.append(String(cString: gtk_label_get_text(c.opaque)))
                } else {
                    texts += shownLabels(in: c)
                }
            }
            child = gtk_widget_get_next_sibling(c)
        }
        return texts
    }
}
