import CGtk
import GtkGlue

/// What one dragged item carries to whoever takes the drop (`UIDragItem`): any of a text,
/// files, and a picture. The receiver picks the format it understands: an editor the text, a
/// file manager the files, an image editor the picture.
public struct DragItem {
    /// Plain text (UTF-8; offered as `text/plain`).
    public var text: String?
    /// Files, as `file://` URIs (offered as `text/uri-list` and GTK's file list).
    public var fileURIs: [String]
    /// A picture: a GdkTexture. The drag takes its own reference when it begins; the pointer
    /// must be valid until the delegate call that returned the item has returned.
    public var texture: OpaquePointer?

    /// - Parameters:
    ///   - text: plain text, or nil.
    ///   - filePaths: absolute paths of files (turned into `file://` URIs).
    ///   - fileURIs: files as URIs (`file:///…`, or any URI GIO understands).
    ///   - texture: a GdkTexture, or nil.
    public init(text: String? = nil, filePaths: [String] = [], fileURIs: [String] = [], texture: OpaquePointer? = nil) {
        self.text = text
        self.fileURIs = filePaths.map { path in
            guard let file = g_file_new_for_path(path) else { return path }
            defer { g_object_unref(raw(file)) }
            guard let uri = g_file_get_uri(file) else { return path }
            defer { g_free(uri) }
            return String(cString: uri)
        } + fileURIs
        self.texture = texture
    }

    /// Whether the item carries anything.
    public var isEmpty: Bool { text == nil && fileURIs.isEmpty && texture == nil }
}

extension DragItem {
    /// One content provider for several items, as a GTK drag carries one: their texts joined
    /// by line breaks, all their files in one list, the first picture. Nil when they carry
    /// nothing. The caller owns the returned reference.
    package static func contentProvider(for items: [DragItem]) -> UnsafeMutablePointer<GdkContentProvider>? {
        var providers: [UnsafeMutablePointer<GdkContentProvider>?] = []
        // Files first: a receiver that takes several formats takes the first it understands.
        let uris = items.flatMap(\.fileURIs)
        if !uris.isEmpty {
            var files: [OpaquePointer?] = uris.map { g_file_new_for_uri($0) }
            let list = files.withUnsafeMutableBufferPointer { gdk_file_list_new_from_array($0.baseAddress, gsize($0.count)) }
            files.forEach { if let f = $0 { g_object_unref(raw(f)) } }
            var value = GValue()
            g_value_init(&value, gdk_file_list_get_type())
            g_value_take_boxed(&value, UnsafeRawPointer(list))
            providers.append(gdk_content_provider_new_for_value(&value))
            g_value_unset(&value)
        }
        if let texture = items.lazy.compactMap(\.texture).first {
            var value = GValue()
            g_value_init(&value, gdk_texture_get_type())
            g_value_set_object(&value, UnsafeMutableRawPointer(texture))
            providers.append(gdk_content_provider_new_for_value(&value))
            g_value_unset(&value)
        }
        let texts = items.compactMap(\.text)
        if !texts.isEmpty {
            var value = GValue()
            g_value_init(&value, stringGType)
            g_value_set_string(&value, texts.joined(separator: "\n"))
            providers.append(gdk_content_provider_new_for_value(&value))
            g_value_unset(&value)
        }
        guard !providers.isEmpty else { return nil }
        if providers.count == 1 { return providers[0] }
        // The union takes the providers' references.
        return providers.withUnsafeMutableBufferPointer { gdk_content_provider_new_union($0.baseAddress, gsize($0.count)) }
    }
}

/// G_TYPE_STRING (a macro: fundamental type 16, shifted by G_TYPE_FUNDAMENTAL_SHIFT).
let stringGType = GType(16 << 2)
