import CGtk
import Foundation

/// A local path as the file system's bytes, for the trash's own file work (linking a photo
/// back, reading a `.trashinfo`). Never a Swift String (see `PhotoURI`): a name that is not
/// UTF-8 goes to the trash and comes back like any other.
struct PathBytes: Sendable, Hashable {
    private(set) var bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    init(_ path: UnsafePointer<CChar>) {
        bytes = Array(UnsafeRawBufferPointer(start: path, count: strlen(path)))
    }

    /// The local path of a URI; nil for a URI that names no local file.
    init?(uri: String) {
        guard let path: PathBytes = PhotoURI.withPath(uri, { $0.map(PathBytes.init) }) else { return nil }
        self = path
    }

    /// The path with `component` (bytes, no slash) added.
    func appending(_ component: [UInt8]) -> PathBytes {
        PathBytes(bytes: bytes + (bytes.last == Self.slash ? [] : [Self.slash]) + component)
    }

    /// The path with an ASCII component (".Trash-0", "files") added.
    func appending(_ component: String) -> PathBytes { appending(Array(component.utf8)) }

    /// The last component.
    var lastComponent: [UInt8] { Array(bytes.split(separator: Self.slash, omittingEmptySubsequences: true).last ?? []) }

    /// The folder that holds it; nil for "/".
    var parent: PathBytes? {
        guard bytes.count > 1, let slash = bytes.dropLast().lastIndex(of: Self.slash) else { return nil }
        return PathBytes(bytes: slash == 0 ? [Self.slash] : Array(bytes[..<slash]))
    }

    /// The path below `folder` ("a/b.png" for "/x/a/b.png" below "/x"); nil when not below it.
    func relative(to folder: PathBytes) -> [UInt8]? {
        let prefix = folder.bytes.last == Self.slash ? folder.bytes : folder.bytes + [Self.slash]
        guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return nil }
        return Array(bytes[prefix.count...])
    }

    /// Runs `body` with the path as a C string.
    func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The file's URI (how the rest of the gallery names files).
    var uri: String {
        withCString { path in
            let file = g_file_new_for_path(path)!
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            return PhotoURI.of(file: file)
        }
    }

    /// `lstat`: the file itself, not what a symlink points to; nil when there is none.
    func status() -> stat? {
        var result = stat()
        return withCString { lstat($0, &result) } == 0 ? result : nil
    }

    static let slash = UInt8(ascii: "/")
}
