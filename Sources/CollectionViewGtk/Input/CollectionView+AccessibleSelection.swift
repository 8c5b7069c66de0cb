import CGtk
import CCollectionHost
import GtkGlue

/// AT-SPI's `selection-changed` on the grid, as GTK sends it for GtkGridView when its
/// selection model changes: screen readers read the selection again on it.
extension CollectionView {
    /// The selection changed (by the user or the app): accessibility tools hear it once the
    /// main loop is next free, once for everything that changed together (a click that drops
    /// the other selected ranges and selects its item is one change, as in GtkGridView).
    ///
    /// - Complexity: O(1).
    func selectionDidChange() {
        guard !selection.accessibilityEventPending else { return }
        selection.accessibilityEventPending = true
        Async.after(milliseconds: 0) { [weak self] in
            guard let self, self.selection.accessibilityEventPending else { return }
            self.selection.accessibilityEventPending = false
            self.selection.accessibilityEventsSent += 1
            // Delivered only on a GTK whose private AT-SPI context the shim checked, with an
            // accessibility bus; elsewhere nothing goes out, and nothing breaks.
            if cv_accessible_emit_selection_changed(self.viewport) != 0 { self.selection.accessibilityEventsDelivered += 1 }
        }
    }
}
