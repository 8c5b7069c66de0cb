import CGtk
import GtkGlue
import CollectionLayout

/// A drag over the view, from another app or from inside this one (`UIDropSession`): what it
/// offers, where it is, and loaders for its content. The drop delegate gets the same session
/// for every call about one drag.
@MainActor
public final class DropSession {
    /// The GdkDrop.
    let drop: OpaquePointer
    private let dropRef: ObjectRef
    /// The pointer, in the view's content coordinates.
    public internal(set) var location = Point.zero
    /// The delegate's latest proposal.
    public internal(set) var proposal = DropProposal(operation: .cancel)
    /// The operation the drop completes with: set when the user drops, from the proposal and
    /// what the source allows; nil before the drop.
    public internal(set) var operation: DropOperation?
    /// Loads under way; the drop is finished once none is left after `performDrop`.
    var pendingLoads = 0
    /// What the finished loads gave, so that a load asked for while hovering and again on the
    /// drop reads the source once.
    private var loadedFileURIs: [String]?
    private var loadedText: String??
    /// Runs when the last pending load calls back.
    var whenLoaded: (() -> Void)?

    init(drop: OpaquePointer) {
        self.drop = drop
        dropRef = ObjectRef(adopting: g_object_ref(raw(drop)))
    }

    // MARK: What the drag offers

    /// The MIME types the source offers (`text/uri-list`, `image/png`…).
    public var mimeTypes: [String] {
        var count: gsize = 0
        guard let formats = gdk_drop_get_formats(drop), let types = gdk_content_formats_get_mime_types(formats, &count) else { return [] }
        return (0..<Int(count)).compactMap { types[$0].map { String(cString: $0) } }
    }

    /// The GTypes the source offers directly (a drag from this process offers its values'
    /// types: `GDK_TYPE_FILE_LIST`, `G_TYPE_STRING`, `GDK_TYPE_TEXTURE`…); other apps offer
    /// MIME types only, which GTK turns into values (see `canLoadFiles` and the others).
    public var gtypes: [GType] {
        var count: gsize = 0
        guard let formats = gdk_drop_get_formats(drop), let types = gdk_content_formats_get_gtypes(formats, &count) else { return [] }
        return (0..<Int(count)).map { types[$0] }
    }

    /// Whether the drag carries files (`loadFileURIs(completion:)` can read them).
    public var canLoadFiles: Bool { canLoad(gdk_file_list_get_type()) }
    /// Whether the drag carries text (`loadText(completion:)` can read it).
    public var canLoadText: Bool { canLoad(stringGType) }
    /// Whether the drag carries a picture (`loadTexture(completion:)` can read it).
    public var canLoadTexture: Bool { canLoad(gdk_texture_get_type()) }

    /// The operations the source allows.
    public var allowedOperations: Set<DropOperation> {
        let actions = gdk_drop_get_actions(drop).rawValue
        var result: Set<DropOperation> = []
        if actions & GDK_ACTION_COPY.rawValue != 0 { result.insert(.copy) }
        if actions & GDK_ACTION_MOVE.rawValue != 0 { result.insert(.move) }
        return result
    }

    /// Whether the drag started in this app.
    public var isLocal: Bool { gdk_drop_get_drag(drop) != nil }

    /// Whether the offered formats, or what GTK can turn them into, include `type`.
    private func canLoad(_ type: GType) -> Bool {
        guard let formats = gdk_drop_get_formats(drop) else { return false }
        if gdk_content_formats_contain_gtype(formats, type) != 0 { return true }
        guard let all = gdk_content_formats_union_deserialize_gtypes(gdk_content_formats_ref(formats)) else { return false }
        defer { gdk_content_formats_unref(all) }
        return gdk_content_formats_contain_gtype(all, type) != 0
    }

    // MARK: Loading the content

    /// Reads the dragged files: their paths (their URIs for files without a local path), in
    /// order; empty when the drag has none or the source fails to deliver. Calls back on the
    /// main loop, later.
    ///
    /// A path made into a `String` loses the bytes of a file name that is not UTF-8 (legal on
    /// Linux) and then names no file: to open the files, use `loadFileURIs(completion:)`.
    public func loadFiles(completion: @escaping @MainActor ([String]) -> Void) {
        loadFileURIs { uris in
            completion(uris.map { uri in
                // The file's local path: for a file of a remote place, GVfs's FUSE path when it
                // has one (g_file_get_path), as before; else its URI.
                guard let file = g_file_new_for_uri(uri) else { return uri }
                defer { g_object_unref(UnsafeMutableRawPointer(file)) }
                guard let path = g_file_get_path(file) else { return uri }
                defer { g_free(path) }
                return String(cString: path)
            })
        }
    }

    /// Reads the dragged files as URIs (`g_file_get_uri`), in order: every file name's bytes
    /// survive (`g_file_new_for_uri` gives the file back), local or not. Empty when the drag
    /// has none or the source fails to deliver. Calls back on the main loop, later.
    public func loadFileURIs(completion: @escaping @MainActor ([String]) -> Void) {
        if let loadedFileURIs { return callLater { completion(loadedFileURIs) } }
        read(gdk_file_list_get_type()) { [weak self] value in
            var result: [String] = []
            if let value, let list = g_value_get_boxed(value) {
                var node = gdk_file_list_get_files(OpaquePointer(list))
                let head = node
                while let n = node {
                    if let uri = g_file_get_uri(OpaquePointer(n.pointee.data)) {
                        result.append(String(cString: uri))
                        g_free(uri)
                    }
                    node = n.pointee.next
                }
                g_slist_free(head)
            }
            self?.loadedFileURIs = result
            completion(result)
        }
    }

    /// Reads the dragged text; nil when the drag has none or the source fails to deliver.
    public func loadText(completion: @escaping @MainActor (String?) -> Void) {
        if let loadedText { return callLater { completion(loadedText) } }
        read(stringGType) { [weak self] value in
            let text = value.flatMap { g_value_get_string($0) }.map { String(cString: $0) }
            self?.loadedText = .some(text)
            completion(text)
        }
    }

    /// Reads the dragged picture: a GdkTexture the completion owns a reference to (unref it),
    /// or nil.
    public func loadTexture(completion: @escaping @MainActor (OpaquePointer?) -> Void) {
        read(gdk_texture_get_type()) { value in
            completion(value.flatMap { g_value_dup_object($0) }.map { OpaquePointer($0) })
        }
    }

    /// Reads one value of `type`; `f` gets it (valid during the call) or nil.
    private func read(_ type: GType, _ f: @escaping @MainActor (UnsafePointer<GValue>?) -> Void) {
        pendingLoads += 1
        let drop = self.drop
        let (callback, data) = Async.callback { [self] result in
            var error: UnsafeMutablePointer<GError>?
            let value = gdk_drop_read_value_finish(drop, result, &error)
            if let error { g_error_free(error) }
            f(value)
            loadFinished()
        }
        gdk_drop_read_value_async(drop, type, Int32(G_PRIORITY_DEFAULT), nil, callback, data)
    }

    private func callLater(_ f: @escaping @MainActor () -> Void) {
        pendingLoads += 1
        Async.after(milliseconds: 0) { [self] in
            f()
            loadFinished()
        }
    }

    private func loadFinished() {
        pendingLoads -= 1
        if pendingLoads == 0, let whenLoaded {
            self.whenLoaded = nil
            whenLoaded()
        }
    }
}
