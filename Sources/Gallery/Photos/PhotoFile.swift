import CGtk
import Foundation

/// A photo's file opened for decoding: by its path's bytes (any name opens, see `PhotoURI`),
/// and only if it is a regular file when opened. The folder listing leaves out FIFOs, devices
/// and symlink loops, but a file can be swapped for one between the listing and the decode:
/// opening without blocking and checking what was opened (not what the path named a moment
/// before) keeps a decoding thread from waiting forever on a FIFO.
struct PhotoFile {
    let descriptor: Int32

    /// Opens the file the URI names; throws when it is not a local regular file or cannot be opened.
    init(uri: String) throws(PhotoDecodeError) {
        // O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a
        // writer; a symlink loop fails with ELOOP. It has no effect on a regular file's reads.
        // errno is read at once: freeing the path may change it.
        let attempt = PhotoURI.withPath(uri) { path -> (descriptor: Int32, error: Int32)? in
            guard let path else { return nil }
            let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            return (descriptor, descriptor < 0 ? errno : 0)
        }
        guard let attempt else { throw .notALocalFile }
        guard attempt.descriptor >= 0 else { throw .cannotOpen(errno: attempt.error) }
        let opened = attempt.descriptor
        var status = stat()
        guard fstat(opened, &status) == 0 else {
            let error = errno
            Glibc.close(opened)
            throw .cannotOpen(errno: error)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(opened)
            throw .notARegularFile
        }
        descriptor = opened
    }

    /// Back to the start, for a second decoder after the first did not know the format.
    func rewind() { lseek(descriptor, 0, SEEK_SET) }

    /// Closes the file; the caller's, once decoded.
    func close() { Glibc.close(descriptor) }
}
