import CGtk
import Foundation

/// A photo the gallery moved to the trash: where it was, and where it went, so that Undo can
/// put it back.
struct TrashedPhoto: Sendable {
    /// Where the photo was (and goes back to).
    let originalURI: String
    /// Where it is in the trash; nil when it could not be found there (it cannot be put back).
    let place: Place?

    /// A file in a trash directory (`files/NAME`) and its `info/NAME.trashinfo`, as the
    /// freedesktop trash specification lays them out.
    struct Place: Sendable {
        let file: PathBytes
        let info: PathBytes
        /// The file's identity: moving to the trash is a rename, which keeps it, so the file
        /// found in the trash is this photo and not another of the same name.
        let device: UInt64
        let inode: UInt64
    }
}

/// Finds where `g_file_trash` put a file. GLib 2.74 does not say: it picks the trash
/// directory (`$XDG_DATA_HOME/Trash` on the home's file system, else `$topdir/.Trash/$uid` or
/// `$topdir/.Trash-$uid` at the top of the file's mount) and the first free name among "a.png",
/// "a.2.png", "a.3.png"... (`files/NAME` and `info/NAME.trashinfo`). The trash: GVfs backend
/// would tell, but it is not here. So every directory it may have chosen is looked at for a
/// file of that name with the photo's device and inode whose `.trashinfo` Path= names the
/// photo's old place. Runs off the main thread.
enum TrashLocator {
    /// The trashed file that was at `original`, with the device and inode it had there.
    static func find(original: PathBytes, device: UInt64, inode: UInt64) -> TrashedPhoto.Place? {
        let name = original.lastComponent
        for (trash, expectedPath) in candidateTrashes(for: original) {
            let files = trash.appending("files"), info = trash.appending("info")
            guard let status = files.status(), UInt64(status.st_dev) == device else { continue }
            // The names GLib tries, in its order, up to the first one free in info/ (GLib takes
            // the first free one, so the photo is at or before it unless names freed since).
            var id = 1
            while id < 10_000 {
                let candidate = uniqueName(name, id)
                let infoFile = info.appending(candidate + Array(".trashinfo".utf8))
                if let place = match(files.appending(candidate), infoFile, device, inode, expectedPath) { return place }
                if infoFile.status() == nil { break }
                id += 1
            }
            // Names freed below the photo's since: read the whole directory.
            if let place = scan(files: files, info: info, device: device, inode: inode, expectedPath: expectedPath) { return place }
        }
        return nil
    }

    /// The trash directories GLib may have used, each with the Path= its `.trashinfo` files
    /// give for `original` (absolute in the home trash, relative to the top directory in a
    /// mount's own trash).
    private static func candidateTrashes(for original: PathBytes) -> [(PathBytes, [UInt8])] {
        var result: [(PathBytes, [UInt8])] = []
        if let data = g_get_user_data_dir() { result.append((PathBytes(data).appending("Trash"), original.bytes)) }
        let uid = String(geteuid())
        var folder = original.parent
        while let top = folder {
            if let relative = original.relative(to: top) {
                result.append((top.appending(".Trash").appending(uid), relative))
                result.append((top.appending(".Trash-\(uid)"), relative))
            }
            folder = top.parent
        }
        return result
    }

    /// GLib's `get_unique_filename`: the name itself first, then the number before the first dot.
    static func uniqueName(_ name: [UInt8], _ id: Int) -> [UInt8] {
        guard id > 1 else { return name }
        let number = Array(".\(id)".utf8)
        guard let dot = name.firstIndex(of: UInt8(ascii: ".")) else { return name + number }
        return Array(name[..<dot]) + number + Array(name[dot...])
    }

    /// The place, when `file` is the photo and `info` says it came from its old place. A
    /// mount's relative Path= may spell the folder otherwise than the path the photo was opened
    /// by (GLib finds the mount's top through the real path when symlinks lead there): the same
    /// name then does (a file of the same inode and name trashed earlier, from a hard link,
    /// holds the same bytes anyway).
    private static func match(_ file: PathBytes, _ info: PathBytes, _ device: UInt64, _ inode: UInt64, _ expectedPath: [UInt8]) -> TrashedPhoto.Place? {
        guard let status = file.status(), UInt64(status.st_dev) == device, UInt64(status.st_ino) == inode,
              let path = originalPath(in: info),
              path == expectedPath || PathBytes(bytes: path).lastComponent == PathBytes(bytes: expectedPath).lastComponent else { return nil }
        return TrashedPhoto.Place(file: file, info: info, device: device, inode: inode)
    }

    private static func scan(files: PathBytes, info: PathBytes, device: UInt64, inode: UInt64, expectedPath: [UInt8]) -> TrashedPhoto.Place? {
        guard let directory = info.withCString({ g_dir_open($0, 0, nil) }) else { return nil }
        defer { g_dir_close(directory) }
        let suffix = Array(".trashinfo".utf8)
        while let entry = g_dir_read_name(directory) {
            let infoName = PathBytes(entry).bytes
            guard infoName.count > suffix.count, infoName.suffix(suffix.count).elementsEqual(suffix) else { continue }
            let name = Array(infoName.dropLast(suffix.count))
            if let place = match(files.appending(name), info.appending(infoName), device, inode, expectedPath) { return place }
        }
        return nil
    }

    /// The `Path=` of a `.trashinfo` file, unescaped, as bytes.
    static func originalPath(in info: PathBytes) -> [UInt8]? {
        var contents: UnsafeMutablePointer<CChar>?
        var length: gsize = 0
        guard info.withCString({ g_file_get_contents($0, &contents, &length, nil) }) != 0, let contents else { return nil }
        defer { g_free(contents) }
        let text = String(decoding: UnsafeRawBufferPointer(start: contents, count: Int(length)), as: UTF8.self)
        var inGroup = false
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("[") { inGroup = line == "[Trash Info]"; continue }
            guard inGroup, line.hasPrefix("Path=") else { continue }
            // The value is URI-escaped ASCII: unescaped, it is the path's bytes.
            guard let unescaped = g_uri_unescape_string(String(line.dropFirst(5)), nil) else { return nil }
            defer { g_free(unescaped) }
            return PathBytes(unescaped).bytes
        }
        return nil
    }
}
