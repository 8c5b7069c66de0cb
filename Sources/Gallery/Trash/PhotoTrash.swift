import CGtk
import GtkGlue
import Dispatch
import Foundation

/// Moves photos to the trash (`g_file_trash`: never deleted for good) and puts them back,
/// off the main thread, one batch after another in the order asked (an Undo waits for the
/// trashing it undoes).
@MainActor
final class PhotoTrash {
    /// A photo that stayed where it was (trashing failed) or was not put back.
    struct Failure: Error, Sendable {
        let uri: String
        let problem: Problem
    }

    enum Problem: Sendable {
        /// GLib's reason (translated by GLib): another file system without a trash, no permission...
        case system(String)
        /// A file of the same name appeared where the photo was: it is not overwritten.
        case occupied
        /// The folder the photo was in is gone.
        case folderGone
        /// The photo is no longer in the trash (emptied, or restored by another app).
        case notInTrash
    }

    /// What a batch did: the photos trashed (or restored), and those that were not.
    struct Outcome: Sendable {
        var trashed: [TrashedPhoto] = []
        var restored: [String] = []
        var failures: [Failure] = []
    }

    private let queue = DispatchQueue(label: "gallery.trash", qos: .userInitiated)

    /// Moves the files to the trash; `done` runs on the main loop with what happened to each.
    func moveToTrash(_ uris: [String], done: @escaping @MainActor (Outcome) -> Void) {
        queue.async {
            var outcome = Outcome()
            for uri in uris {
                switch Self.trash(uri) {
                case .success(let photo): outcome.trashed.append(photo)
                case .failure(let failure): outcome.failures.append(failure)
                }
            }
            let result = outcome
            Async.onMain { done(result) }
        }
    }

    /// Puts the photos back where they were; `done` runs on the main loop with the URIs put
    /// back and the photos that could not be.
    func restore(_ photos: [TrashedPhoto], done: @escaping @MainActor (Outcome) -> Void) {
        queue.async {
            var outcome = Outcome()
            for photo in photos {
                if let problem = Self.restore(photo) {
                    outcome.failures.append(Failure(uri: photo.originalURI, problem: problem))
                } else {
                    outcome.restored.append(photo.originalURI)
                }
            }
            let result = outcome
            Async.onMain { done(result) }
        }
    }

    // MARK: The file work, on the queue

    nonisolated private static func trash(_ uri: String) -> Result<TrashedPhoto, Failure> {
        guard let path = PathBytes(uri: uri) else { return .failure(Failure(uri: uri, problem: .system(tr("It is not a local file")))) }
        // Its identity before it moves, to find it in the trash after.
        let before = path.status()
        var error: UnsafeMutablePointer<GError>?
        let trashed = PhotoURI.withFile(uri) { g_file_trash($0, nil, &error) } != 0
        guard trashed else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? tr("unknown error")
            if error != nil { g_error_free(error) }
            return .failure(Failure(uri: uri, problem: .system(reason)))
        }
        let place = before.flatMap { TrashLocator.find(original: path, device: UInt64($0.st_dev), inode: UInt64($0.st_ino)) }
        return .success(TrashedPhoto(originalURI: uri, place: place))
    }

    /// Puts one photo back; the problem when it cannot be.
    nonisolated private static func restore(_ photo: TrashedPhoto) -> Problem? {
        guard let place = photo.place, let original = PathBytes(uri: photo.originalURI) else { return .notInTrash }
        guard let status = place.file.status(), UInt64(status.st_dev) == place.device, UInt64(status.st_ino) == place.inode else {
            return .notInTrash
        }
        // link() never replaces an existing file, in one step: a file that appeared at the old
        // place meanwhile stays, and the photo stays in the trash.
        let linked = place.file.withCString { from in original.withCString { to in link(from, to) } }
        if linked == 0 {
            place.file.withCString { _ = unlink($0) }
        } else {
            let code = errno
            switch code {
            case EEXIST: return .occupied
            case ENOENT: return .folderGone
            case EPERM, EXDEV, EMLINK, ENOTSUP, ENOSYS:
                // A file system without hard links: rename, after checking that the name is
                // free (not in one step here, but the best such a file system allows).
                if original.status() != nil { return .occupied }
                let renamed = place.file.withCString { from in original.withCString { to in rename(from, to) } }
                if renamed != 0 { return errno == ENOENT ? .folderGone : .system(String(cString: g_strerror(errno))) }
            default:
                return .system(String(cString: g_strerror(code)))
            }
        }
        // The trash no longer holds it: its info goes too, as the specification asks.
        place.info.withCString { _ = unlink($0) }
        return nil
    }
}
