import CGtk
import Foundation

/// A photo's file opened for decoding: by its path's bytes (any name opens, see `PhotoURI`),
/// and only if it is a regular file when opened. The folder listing leaves out FIFOs, devices
/// and symlink loops, but a file can be swapped for one between the listing and the decode:
/// opening without blocking and checking what was opened (not what the path named a moment
/// before) keeps a decoding thread from waiting forever on a FIFO.
struct PhotoFile: ~Copyable {
    let descriptor: Int32

    /// Opens the file the URI names; throws when it is not a local regular file or cannot be opened.
    init(uri: String) throws(PhotoDecodeError) {
        // O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a
        // writer; a symlink loop fails with ELOOP. It has no effect on a regular file's reads.
        let opened = PhotoURI.withPath(uri) { path -> Int32? in
            guard let path else { return nil }
            return open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        }
        guard let opened else { throw .notALocalFile }
        guard opened >= 0 else { throw .cannotOpen(errno: errno) }
        var status = stat()
        guard fstat(opened, &status) == 0 else {
            let error = errno
            close(opened)
            throw .cannotOpen(errno: error)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(opened)
            throw .notARegularFile
        }
        descriptor = opened
    }

    /// Back to the start, for a second decoder after the first did not know the format.
    func rewind() { lseek(descriptor, 0, SEEK_SET) }

    deinit { close(descriptor) }
}
