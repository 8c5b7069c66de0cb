import CGtk
import GtkGlue
import CollectionLayout

/// A GtkBuilder description of a view's content: GTK's counterpart of a nib. The object whose
/// id is `root` (a widget) goes into the view (a cell's content view); the view keeps the
/// builder so `templateObject(named:)` finds the template's other objects.
public enum BuilderTemplate: Sendable, CustomStringConvertible {
    /// The XML itself.
    case string(String, root: String = "root")
    /// A `.ui` file on disk.
    case file(String, root: String = "root")
    /// A `.ui` file in a registered GResource bundle.
    case resource(String, root: String = "root")

    /// The template for messages: where it comes from and its root id.
    public var description: String {
        switch self {
        case .string(_, let root): "template string (root '\(root)')"
        case .file(let path, let root): "template file '\(path)' (root '\(root)')"
        case .resource(let path, let root): "template resource '\(path)' (root '\(root)')"
        }
    }

    var rootID: String {
        switch self {
        case .string(_, let root), .file(_, let root), .resource(_, let root): root
        }
    }
}

/// How to make a view for one reuse identifier: a class, and optionally a template for its
/// content.
struct ViewRegistration {
    let viewClass: ReusableView.Type
    let template: BuilderTemplate?

    @MainActor
    func makeView() throws(CollectionViewError) -> ReusableView {
        let view = viewClass.init()
        guard let template else { return view }
        let builder = gtk_builder_new()!
        var error: UnsafeMutablePointer<GError>?
        let ok: gboolean
        switch template {
        case .string(let xml, _): ok = gtk_builder_add_from_string(builder, xml, -1, &error)
        case .file(let path, _): ok = gtk_builder_add_from_file(builder, path, &error)
        case .resource(let path, _): ok = gtk_builder_add_from_resource(builder, path, &error)
        }
        if ok == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_error_free(error)
            g_object_unref(raw(builder))
            throw .templateFailed(template: template.description, message: message)
        }
        guard let object = gtk_builder_get_object(builder, template.rootID),
              g_type_check_instance_is_a(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GTypeInstance.self), gtk_widget_get_type()) != 0
        else {
            g_object_unref(raw(builder))
            throw .templateRootMissing(template: template.description, root: template.rootID)
        }
        view.adoptTemplate(builder: builder, root: UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self))
        return view
    }
}

/// One reuse queue: a category, a kind (nil for cells) and a reuse identifier.
struct ReuseQueueKey: Hashable, CustomStringConvertible {
    var category: ElementCategory
    var kind: String?
    var identifier: String

    var description: String {
        switch category {
        case .cell: "cell with identifier '\(identifier)'"
        case .supplementaryView: "supplementary view of kind '\(kind ?? "")' with identifier '\(identifier)'"
        case .decorationView: "decoration view of kind '\(kind ?? "")'"
        }
    }
}
