import CGtk
import GtkGlue
import Foundation

/// The folder sidebar in the window: shown while a folder is open (the viewer too keeps it:
/// hiding it would resize the view in the middle of the viewer's transition);
/// choosing a folder there shows it in the grid (and, folded, goes to the grid) while the
/// sidebar keeps the root it was opened with.
extension GalleryWindow {
    func followSidebar() {
        sidebar.chose = { [weak self] uri in
            guard let self else { return }
            self.split.showContent()
            if uri != self.folder?.rootURI { self.open(folderURI: uri, keepingSidebar: true) }
        }
        split.changed = { [weak self] in self?.logSplit() }
    }

    /// After a folder is shown: a folder opened from the sidebar keeps its tree; one opened
    /// another way (the dialog, the command line, the last session) becomes its root.
    func sidebarShows(_ folder: FolderContent, keepingSidebar: Bool) {
        if keepingSidebar { sidebar.select(folder.rootURI) } else { sidebar.show(root: folder.rootURI) }
        updateSidebarVisibility()
    }

    /// The sidebar is there for a folder, not for the catalogue.
    func updateSidebarVisibility() {
        split.showsSidebar = folder != nil
    }

    private func logSplit() {
        guard let split else { return }
        let pane = !split.isFolded ? "both" : split.isOnSidebar ? "sidebar" : "content"
        GalleryLog.event("split folded=\(split.isFolded) pane=\(pane) sidebar=\(split.showsSidebar) back=\(gtk_widget_get_visible(split.backButton) != 0)")
    }
}
