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
        // Where things are once the change has settled: the slide over, the back button and the
        // rows laid out, and nothing moved since the last look (a fixed delay was too short on a
        // busy machine: a newly shown button was logged at a place it had not yet been given).
        // A newer change replaces the wait for an older one.
        splitLogGeneration += 1
        let generation = splitLogGeneration
        var waited = 0
        var lastLook: [String]? = nil
        Async.every(milliseconds: 50) { [weak self] in
            guard let self, !self.isClosed, self.splitLogGeneration == generation else { return false }
            waited += 50
            let look = self.settledSplitLines()
            defer { lastLook = look }
            guard (look != nil && look == lastLook) || waited >= 10_000 else { return true }
            (look ?? lastLook ?? []).forEach { GalleryLog.event($0) }
            return false
        }
    }

    /// The back button's place and the sidebar's rows, as the log says them, or nil while the
    /// leaflet slides or a shown one of them has no size yet.
    private func settledSplitLines() -> [String]? {
        guard !split.isSliding else { return nil }
        var lines: [String] = []
        if gtk_widget_get_mapped(split.backButton) != 0 {
            guard gtk_widget_get_width(split.backButton) > 0, let (x, y) = centre(of: split.backButton) else { return nil }
            lines.append("split-back \(x) \(y)")
        }
        if gtk_widget_get_mapped(sidebar.collectionView.widget) != 0 {
            guard sidebar.cellsAreLaidOut else { return nil }
            lines += sidebar.cellLines()
        }
        return lines
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
