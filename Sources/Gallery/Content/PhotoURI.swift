import CGtk

/// Photo files are named by their URIs everywhere in the gallery (tiles, thumbnails, messages):
/// a URI is ASCII and carries any file name's bytes, while a Swift String made from a path
/// replaces bytes that are not UTF-8 (legal on Linux, common on old disks) and then names no
/// file. The path is made again, as bytes, only where a file is opened.
enum PhotoURI {
    /// The URI of a GFile.
    static func of(file: OpaquePointer) -> String {
        let uri = g_file_get_uri(file)!
        defer { g_free(uri) }
        return String(cString: uri)
    }

    /// The URI of a local path given as a Swift String (a path typed or chosen as text).
    static func of(path: String) -> String {
        let file = g_file_new_for_path(path)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        return of(file: file)
    }

    /// Runs `body` with a new GFile for the URI.
    static func withFile<R>(_ uri: String, _ body: (OpaquePointer) -> R) -> R {
        let file = g_file_new_for_uri(uri)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        return body(file)
    }

    /// Runs `body` with the file's local path as the file system's bytes (nil for a URI that is
    /// not a local file).
    static func withPath<R>(_ uri: String, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        withFile(uri) { file in
            let path = g_file_get_path(file)
            defer { g_free(path) }
            return body(path)
        }
    }

    /// The file's name for people to read (`g_filename_display_basename`: bytes that are not
    /// UTF-8 are shown escaped, never lost).
    static func displayName(_ uri: String) -> String {
        withPath(uri) { path in
            guard let path, let name = g_filename_display_basename(path) else { return uri }
            defer { g_free(name) }
            return String(cString: name)
        }
    }

    /// The whole path for people to read (messages); not to open: see `withPath`.
    static func displayPath(_ uri: String) -> String {
        withPath(uri) { path in
            guard let path, let name = g_filename_display_name(path) else { return uri }
            defer { g_free(name) }
            return String(cString: name)
        }
    }

    /// The URI of the folder that holds the file.
    static func parent(of uri: String) -> String {
        withFile(uri) { file in
            guard let parent = g_file_get_parent(file) else { return uri }
            defer { g_object_unref(UnsafeMutableRawPointer(parent)) }
            return of(file: parent)
        }
    }
}
