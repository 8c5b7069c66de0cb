import CGtk
import CAdw
import GtkGlue
import CollectionViewGtk
import Foundation

/// Delete in a folder: the photos go to the trash (never deleted for good) and leave the grid
/// through the folder's monitor; a toast (libadwaita's AdwToastOverlay around the window's
/// content) says how many, with an Undo button that puts them back where they were. A photo
/// that cannot be trashed stays, with a message naming it.
@MainActor
final class GalleryTrash {
    unowned let gallery: GalleryWindow
    /// The AdwToastOverlay around the window's content; nil if it could not be made, and
    /// then the status line says what the toast would (Undo stays on Ctrl+Z).
    private(set) var overlay: WidgetPointer?
    private let trash = PhotoTrash()
    /// What Undo puts back: the photos the latest toast counts. It stays after the toast has
    /// gone (Ctrl+Z, as in Files) until the next deletion or an Undo.
    private var undoable: [TrashedPhoto] = [] {
        didSet {
            guard let action = g_action_map_lookup_action(OpaquePointer(gallery.window), "undo-trash") else { return }
            g_simple_action_set_enabled(action, undoable.isEmpty ? 0 : 1)
        }
    }
    /// The toast on screen (a reference of ours). A deletion while it shows replaces it with
    /// one that counts both, whose Undo puts both back.
    private var toast: OpaquePointer?
    /// How long the toast stays: an Undo needs time to be noticed (libadwaita's 5 s default
    /// is for notices).
    static let toastSeconds: UInt32 = 10

    init(window: GalleryWindow) { gallery = window }

    /// The window's content inside the toast overlay (or the content itself without one).
    func wrap(_ content: WidgetPointer) -> WidgetPointer {
        guard let made = adw_toast_overlay_new() else { return content }
        let widget = made.assumingMemoryBound(to: GtkWidget.self)
        adw_toast_overlay_set_child(made, raw(content))
        overlay = widget
        return widget
    }

    /// Moves the photos at `paths` of the folder shown to the trash; `done` runs once the trash
    /// has answered: true when every photo went, false when one stayed (or there was none).
    func moveToTrash(_ paths: [IndexPath], done: (@MainActor (Bool) -> Void)? = nil) {
        guard let folder = gallery.folder else { done?(false); return }
        let uris = paths.compactMap { folder.tile(at: $0)?.uri }
        guard !uris.isEmpty else { done?(false); return }
        GalleryLog.event("trash " + uris.map(PhotoURI.displayName).joined(separator: ", "))
        trash.moveToTrash(uris) { [weak self] outcome in
            self?.trashed(outcome)
            done?(outcome.failures.isEmpty && !outcome.trashed.isEmpty)
        }
    }

    /// Puts back what the latest toast counts.
    func undo() {
        guard !undoable.isEmpty else { return }
        let photos = undoable
        undoable = []
        dismissToast()
        GalleryLog.event("undo \(photos.count)")
        trash.restore(photos) { [weak self] outcome in self?.restored(outcome) }
    }

    private func trashed(_ outcome: PhotoTrash.Outcome) {
        if !outcome.trashed.isEmpty {
            GalleryLog.event("trashed \(outcome.trashed.count) found=\(outcome.trashed.filter { $0.place != nil }.count)")
            undoable = (toast != nil ? undoable : []) + outcome.trashed
            showToast(count: undoable.count)
        }
        if let first = outcome.failures.first {
            for failure in outcome.failures { GalleryLog.event("trash failed \(PhotoURI.displayName(failure.uri))") }
            let count = outcome.failures.count
            gallery.showMessage(Self.message(UserText.ntr("%1$d photo was not moved to the trash and stays where it is (%2$s).",
                                                          "%1$d photos were not moved to the trash and stay where they are (%2$s).",
                                                          count, count, PhotoURI.displayName(first.uri)), first.problem))
        }
    }

    private func restored(_ outcome: PhotoTrash.Outcome) {
        GalleryLog.event("restored \(outcome.restored.count)")
        if let first = outcome.failures.first {
            for failure in outcome.failures { GalleryLog.event("restore failed \(PhotoURI.displayName(failure.uri))") }
            let count = outcome.failures.count
            gallery.showMessage(Self.message(UserText.ntr("%1$d photo was not put back (%2$s).", "%1$d photos were not put back (%2$s).",
                                                          count, count, PhotoURI.displayName(first.uri)), first.problem))
        }
    }

    /// "N photos were not …" (naming the first), then why the first was not, in English for
    /// the log and translated for the window.
    private static func message(_ head: UserText, _ problem: PhotoTrash.Problem) -> UserText {
        let why = reason(problem), space = " "  // not a literal inside UserText(…): xgettext would take it for a message
        return UserText(english: head.english + space + why.english, shown: head.shown + space + why.shown)
    }

    private static func reason(_ problem: PhotoTrash.Problem) -> UserText {
        switch problem {
        case .system(let text):
            let sentence = text.hasSuffix(".") ? text : text + "."  // GLib's reasons have no full stop
            return UserText(english: sentence, shown: sentence)
        case .occupied: return UserText("A file of that name is there now; the photo stays in the trash.")
        case .folderGone: return UserText("Its folder no longer exists; the photo stays in the trash.")
        case .notInTrash: return UserText("It is no longer in the trash.")
        }
    }

    // MARK: The toast

    private func showToast(count: Int) {
        dismissToast()
        let text = UserText.ntr("%d photo moved to the trash", "%d photos moved to the trash", count, count)
        GalleryLog.event("toast \(text.english)")
        guard let overlay else {
            gallery.showMessage(text)
            return
        }
        // The title is Pango markup.
        let escaped = g_markup_escape_text(text.shown, -1)!
        defer { g_free(escaped) }
        guard let made = adw_toast_new(escaped) else { return }
        adw_toast_set_button_label(made, tr("_Undo"))
        adw_toast_set_action_name(made, "win.undo-trash")
        adw_toast_set_priority(made, Int32(CV_ADW_TOAST_PRIORITY_HIGH.rawValue))
        adw_toast_set_timeout(made, Self.toastSeconds)
        let pointer = made
        toast = pointer
        g_object_ref(raw(pointer))  // ours until it goes; the overlay takes the other
        Signal.connect(raw(pointer), "dismissed") { [weak self] in
            guard let self, self.toast == pointer else { return }
            self.toast = nil
            g_object_unref(raw(pointer))
            GalleryLog.event("toast dismissed")
        }
        adw_toast_overlay_add_toast(raw(overlay), made)
        logUndoButtonSoon()
    }

    /// Takes the toast away (replaced or undone); nothing when none shows.
    private func dismissToast() {
        guard let shown = toast else { return }
        toast = nil  // first: dismissing emits "dismissed"
        adw_toast_dismiss(shown)
        g_object_unref(raw(shown))
    }

    /// For the tests: once the toast has slid in (its Undo button in the same place for three
    /// frames), where the button is (window coordinates), so that xdotool can click it.
    private func logUndoButtonSoon() {
        guard GalleryLog.enabled, let overlay else { return }
        var last: (Int, Int)?
        var still = 0
        Tick.add(overlay) { [weak self] _ in
            guard let self, self.toast != nil else { return false }
            guard let button = Self.undoButton(in: overlay), gtk_widget_get_mapped(button) != 0, gtk_widget_get_width(button) > 0,
                  let place = self.centre(of: button) else { return true }
            still = last.map { $0 == place } == true ? still + 1 : 0
            last = place
            guard still >= 3 else { return true }
            GalleryLog.event("toast-undo \(place.0) \(place.1)")
            return false
        }
    }

    private static func undoButton(in widget: WidgetPointer) -> WidgetPointer? {
        if g_type_check_instance_is_a(raw(widget).assumingMemoryBound(to: GTypeInstance.self), gtk_button_get_type()) != 0,
           let name = gtk_actionable_get_action_name(OpaquePointer(widget)), String(cString: name) == "win.undo-trash" {
            return widget
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let found = undoButton(in: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    private func centre(of widget: WidgetPointer) -> (Int, Int)? {
        var p = graphene_point_t(x: Float(gtk_widget_get_width(widget)) / 2, y: Float(gtk_widget_get_height(widget)) / 2)
        var out = graphene_point_t()
        guard gtk_widget_compute_point(widget, gallery.window, &p, &out) != 0 else { return nil }
        var sx = 0.0, sy = 0.0
        gtk_native_get_surface_transform(OpaquePointer(gallery.window), &sx, &sy)
        return (Int(Double(out.x) + sx), Int(Double(out.y) + sy))
    }
}
