import CGtk
import CGnomeDesktop
import Foundation

/// The thumbnail cache desktops share (the freedesktop Thumbnail Managing Standard, 0.9): a
/// thumbnail of a file is `$XDG_CACHE_HOME/thumbnails/<size>/<MD5 of the file's URI>.png`,
/// valid while its `Thumb::URI` and `Thumb::MTime` match the file. GNOME Files reads and
/// writes the same files, so a photo it has shown opens here without being decoded, and one
/// shown here has its thumbnail in Files.
///
/// Names and validity come from libgnome-desktop (what Files uses). Thumbnails are written here:
/// its `save_thumbnail` writes no `Thumb::Size` and no image size, and its failure markers go to
/// `fail/gnome-thumbnail-factory`, which would tell Files that its own thumbnailers failed;
/// the specification gives each program a failure folder of its own. Its `lookup` decodes the
/// thumbnail to check it and returns only the path, so a hit would be decoded twice.
///
/// Every function does blocking I/O: call them off the main thread. They are thread-safe (files
/// are written under a temporary name and renamed into place).
enum SharedThumbnailCache {
    /// The photo as the cache knows it, read before it is decoded (a thumbnail made from a
    /// file that changed while it was decoded then carries the old time, and is not used).
    struct Original: Sendable {
        let uri: String
        let modified: time_t
        let bytes: Int64
    }

    /// The failure folder of this program (the specification's `fail/<program>-<version>`).
    static let failureFolder = "collection-gallery-0.1"
    /// Written in `Software`, as GNOME writes "GNOME::ThumbnailFactory".
    static let software = "Collection Gallery"
    /// The PNG text key of the reason a file could not be read, in a failure marker (keys
    /// outside `Thumb::` are the program's own).
    static let reasonKey = "X-Collection-Gallery::Error"
    /// A thumbnail file larger than this, or larger than this many pixels a side, is not
    /// loaded: the largest size is 1024 pixels (a few megabytes as PNG at most).
    static let largestFile: Int64 = 16 << 20
    static let largestSide: Int32 = 2048
    /// zlib's fastest level: a third of the default's time for a photo's thumbnail, and a
    /// sixth larger; thumbnails are written while photos still decode.
    static let compression = "1"

    /// The thumbnails folder as a URI prefix: the specification says not to make thumbnails
    /// of files inside it.
    private static let ownFolderURI: String = {
        let path = cachePath("thumbnails")
        defer { g_free(path) }
        let file = g_file_new_for_path(path)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        return PhotoURI.of(file: file) + "/"
    }()

    /// The file's modification time and size, or nil when the cache does not apply: not a
    /// local regular file, not readable (the specification: no thumbnail is read for a file
    /// that cannot be read), or inside the thumbnails folder.
    static func original(_ uri: String) -> Original? {
        guard !uri.hasPrefix(ownFolderURI) else { return nil }
        return PhotoURI.withPath(uri) { path -> Original? in
            guard let path else { return nil }
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(path, R_OK) == 0 else { return nil }
            return Original(uri: uri, modified: info.st_mtim.tv_sec, bytes: Int64(info.st_size))
        }
    }

    /// A valid thumbnail of `size` or larger (scaled down to `size`), as a new GdkPixbuf the
    /// caller owns; nil when there is none or it is out of date.
    static func thumbnail(of original: Original, size: SharedThumbnailSize) -> OpaquePointer? {
        for candidate in size.andLarger {
            guard let path = gnome_desktop_thumbnail_path_for_uri(original.uri, candidate.gnomeSize) else { continue }
            defer { g_free(path) }
            guard let pixbuf = load(path, fittingIn: size.pixels) else { continue }
            if isValid(pixbuf, for: original) { return pixbuf }
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
        }
        return nil
    }

    /// The reason stored with a valid failure marker of this program: the file could not be
    /// read as it is now, so it is not decoded again.
    static func failure(of original: Original) -> String? {
        let path = failurePath(original.uri)
        defer { g_free(path) }
        guard let pixbuf = load(path, fittingIn: 1) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        guard isValid(pixbuf, for: original) else { return nil }
        return gdk_pixbuf_get_option(pixbuf, "tEXt::\(reasonKey)").map { String(cString: $0) } ?? ""
    }

    /// Writes a thumbnail (oriented, at most `size` a side) with the fields the specification
    /// asks for, and removes this program's failure marker for the file. Returns whether it
    /// was written.
    @discardableResult
    static func save(_ pixbuf: OpaquePointer, of original: Original, size: SharedThumbnailSize) -> Bool {
        guard max(gdk_pixbuf_get_width(pixbuf), gdk_pixbuf_get_height(pixbuf)) <= size.pixels,
              let path = gnome_desktop_thumbnail_path_for_uri(original.uri, size.gnomeSize) else { return false }
        defer { g_free(path) }
        var fields = commonFields(of: original)
        // The original's size in pixels, when the decoder told it (gdk-pixbuf's loaders do).
        if let width = gdk_pixbuf_get_option(pixbuf, "original-width"), let height = gdk_pixbuf_get_option(pixbuf, "original-height") {
            fields.append(("tEXt::Thumb::Image::Width", String(cString: width)))
            fields.append(("tEXt::Thumb::Image::Height", String(cString: height)))
        }
        guard write(pixbuf, fields: fields, to: path) else { return false }
        let failure = failurePath(original.uri)
        unlink(failure)
        g_free(failure)
        return true
    }

    /// Marks the file as unreadable for this program, with the reason (for the message shown
    /// on the next launch, which does not decode it again). Returns whether it was written.
    @discardableResult
    static func saveFailure(_ reason: String, of original: Original) -> Bool {
        let marker = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 1, 1)!  // the specification's empty PNG
        defer { g_object_unref(UnsafeMutableRawPointer(marker)) }
        gdk_pixbuf_fill(marker, 0)
        let path = failurePath(original.uri)
        defer { g_free(path) }
        return write(marker, fields: commonFields(of: original) + [("tEXt::\(reasonKey)", reason)], to: path)
    }

    // MARK: - Files

    private static func commonFields(of original: Original) -> [(String, String)] {
        [("tEXt::Thumb::URI", original.uri), ("tEXt::Thumb::MTime", String(original.modified)),
         ("tEXt::Thumb::Size", String(original.bytes)), ("tEXt::Software", software), ("compression", compression)]
    }

    /// Valid for the file as it is: libgnome-desktop's check of `Thumb::URI` and `Thumb::MTime`,
    /// and `Thumb::Size` when the thumbnail has one (a file rewritten within the same second
    /// usually changes size).
    private static func isValid(_ pixbuf: OpaquePointer, for original: Original) -> Bool {
        guard gnome_desktop_thumbnail_is_valid(UnsafeMutableRawPointer(pixbuf), original.uri, original.modified) != 0 else { return false }
        guard let size = gdk_pixbuf_get_option(pixbuf, "tEXt::Thumb::Size") else { return true }
        return Int64(String(cString: size)) == original.bytes
    }

    /// Loads a PNG of the cache (scaled down to fit `side` when larger), after checking that it
    /// is a regular file of a sane size: the cache is a folder anyone's program writes to.
    private static func load(_ path: UnsafePointer<CChar>, fittingIn side: Int32) -> OpaquePointer? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int64(info.st_size) <= largestFile else { return nil }
        var width: Int32 = 0, height: Int32 = 0
        guard let format = gdk_pixbuf_get_file_info(path, &width, &height), String(cString: gdk_pixbuf_format_get_name(format)) == "png",
              width > 0, height > 0, width <= largestSide, height <= largestSide else { return nil }
        if max(width, height) <= side { return gdk_pixbuf_new_from_file(path, nil) }
        return gdk_pixbuf_new_from_file_at_scale(path, side, side, 1, nil)  // keeps the PNG's text fields
    }

    /// Writes a PNG with `fields` under a temporary name beside `path`, then renames it into
    /// place (readers never see half a file). Folders are made private (0700), files are 0600.
    @discardableResult
    private static func write(_ pixbuf: OpaquePointer, fields: [(String, String)], to path: UnsafePointer<CChar>) -> Bool {
        let folder = g_path_get_dirname(path)
        defer { g_free(folder) }
        guard g_mkdir_with_parents(folder, 0o700) == 0 else { return false }
        let temporary = joined(path, ".XXXXXX")
        defer { g_free(temporary) }
        let fd = g_mkstemp(temporary)  // 0600
        guard fd >= 0 else { return false }
        close(fd)
        var keys = fields.map { g_strdup($0.0) } + [nil]
        var values = fields.map { g_strdup($0.1) } + [nil]
        defer { (keys + values).forEach { g_free($0) } }
        var error: UnsafeMutablePointer<GError>?
        let saved = keys.withUnsafeMutableBufferPointer { k in
            values.withUnsafeMutableBufferPointer { v in gdk_pixbuf_savev(pixbuf, temporary, "png", k.baseAddress, v.baseAddress, &error) }
        }
        if error != nil { g_error_free(error) }
        guard saved != 0, rename(temporary!, path) == 0 else {
            unlink(temporary!)
            return false
        }
        return true
    }

    /// `$XDG_CACHE_HOME/<components>`, as the file system's bytes (the cache folder's name may
    /// not be UTF-8). Free with g_free.
    private static func cachePath(_ components: String...) -> UnsafeMutablePointer<CChar> {
        var parts = [g_strdup(g_get_user_cache_dir())] + components.map { g_strdup($0) } + [nil]
        defer { parts.forEach { g_free($0) } }
        return parts.withUnsafeMutableBufferPointer { g_build_filenamev($0.baseAddress)! }
    }

    /// This program's failure marker for the URI: `fail/<program>/<MD5 of the URI>.png`.
    private static func failurePath(_ uri: String) -> UnsafeMutablePointer<CChar> {
        let md5 = g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1)!
        defer { g_free(md5) }
        return cachePath("thumbnails", "fail", failureFolder, String(cString: md5) + ".png")
    }

    /// `a` followed by `b`, newly allocated (free with g_free).
    private static func joined(_ a: UnsafePointer<CChar>, _ b: String) -> UnsafeMutablePointer<CChar>? {
        let tail = g_strdup(b)
        defer { g_free(tail) }
        var parts: [UnsafeMutablePointer<CChar>?] = [UnsafeMutablePointer(mutating: a), tail, nil]
        return parts.withUnsafeMutableBufferPointer { g_strjoinv("", $0.baseAddress) }
    }
}
