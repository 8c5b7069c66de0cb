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
            if uri != self.folder?.rootURI {
                self.open(folderURI: uri, keepingSidebar: true)
            } else {
                // Back to the folder shown while another loads: that one must not replace it.
                self.loadingFolder = nil
            }
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

    /// One back button at a time: the split's hides while the viewer shows its own, and on the
    /// Showcase page, which has no sidebar to go back to.
    func updateSplitBackButton(viewerShows: Bool? = nil) {
        guard let split else { return }
        let onShowcase = gtk_stack_get_visible_child(pages.opaque) == showcase?.collectionView.widget
        split.hidesBackButton = (viewerShows ?? viewer?.isOpen ?? false) || onShowcase
    }

    private func logSplit() {
        guard let split else { return }
        let pane = !split.isFolded ? "both" : split.isOnSidebar ? "sidebar" : "content"
        GalleryLog.event("split folded=\(split.isFolded) pane=\(pane) sidebar=\(split.showsSidebar) back=\(gtk_widget_get_visible(split.backButton) != 0)")
        guard GalleryLog.enabled else { return }
        // Where things are once the change has been laid out: the back button, the rows.
        Async.after(milliseconds: 300) { [weak self] in
            guard let self, !self.isClosed else { return }
            if gtk_widget_get_mapped(self.split.backButton) != 0, let (x, y) = self.centre(of: self.split.backButton) {
                GalleryLog.event("split-back \(x) \(y)")
            }
            if gtk_widget_get_mapped(self.sidebar.collectionView.widget) != 0 { self.sidebar.logCells() }
        }
    }

    /// A widget's centre in the window's surface coordinates (as xdotool clicks them).
    private func centre(of widget: UnsafeMutablePointer<GtkWidget>) -> (Int, Int)? {
        var p = graphene_point_t(x: Float(gtk_widget_get_width(widget)) / 2, y: Float(gtk_widget_get_height(widget)) / 2)
        var out = graphene_point_t()
        guard gtk_widget_compute_point(widget, window, &p, &out) != 0 else { return nil }
        var sx = 0.0, sy = 0.0
        gtk_native_get_surface_transform(OpaquePointer(window), &sx, &sy)
        return (Int(Double(out.x) + sx), Int(Double(out.y) + sy))
    }
}
