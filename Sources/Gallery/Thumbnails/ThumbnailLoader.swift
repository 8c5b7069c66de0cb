import CGtk
import GtkGlue
import Dispatch
import Foundation

/// Decodes thumbnails off the main thread: what a cell on screen asks for first, then what
/// prefetching asks for ahead of the scroll, at thumbnail size, into a capped cache. A request
/// cancelled before its decode started is dropped.
@MainActor
final class ThumbnailLoader {
    nonisolated static let thumbnailSize: Int32 = 256
    let cache: ThumbnailCache
    /// Runs on the main loop with each decoded thumbnail (the cache has it already).
    var ready: ((String, Texture) -> Void)?
    /// Runs on the main loop for each file that is not a readable image, with the decoder's reason.
    var failed: ((String, String) -> Void)?

    private var urgent: [String] = []  // cells on screen, newest first
    private var ahead: [String] = []  // prefetched, in the order asked
    private var queued: Set<String> = []
    private var inFlight: Set<String> = []
    private var unreadable: Set<String> = []
    /// Decoding when their file changed: their result is dropped and they are decoded again.
    private var stale: Set<String> = []
    private let maxInFlight: Int
    private let queue = DispatchQueue(label: "gallery.thumbnails", qos: .userInitiated, attributes: .concurrent)
    private(set) var decoded = 0
    private(set) var cancelled = 0

    init(capacityBytes: Int) {
        cache = ThumbnailCache(capacityBytes: capacityBytes)
        // Cells on screen may use every core; prefetching leaves one to the main loop, so
        // decoding ahead never takes a frame from scrolling.
        maxInFlight = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// The cached thumbnail, or nil after asking for it (on screen: before anything prefetched).
    func thumbnail(for path: String, onScreen: Bool) -> Texture? {
        if let texture = cache.texture(for: path) { return texture }
        request(path, urgent: onScreen)
        return nil
    }

    /// Asks for a thumbnail; one asked on screen jumps ahead of prefetching.
    func request(_ path: String, urgent isUrgent: Bool) {
        guard !inFlight.contains(path), !unreadable.contains(path), cache.texture(for: path) == nil else { return }
        if isUrgent {
            if queued.contains(path) { ahead.removeAll { $0 == path }; urgent.removeAll { $0 == path } }
            urgent.append(path)
        } else {
            guard !queued.contains(path) else { return }
            ahead.append(path)
        }
        queued.insert(path)
        startDecodes()
    }

    /// Drops a request that has not started (scrolled away before it was needed).
    func cancel(_ path: String) {
        guard queued.remove(path) != nil else { return }
        urgent.removeAll { $0 == path }
        ahead.removeAll { $0 == path }
        cancelled += 1
    }

    var pending: Int { queued.count + inFlight.count }

    /// Forgets what is known of a file (its thumbnail, that it could not be read): it changed.
    func forget(_ path: String) {
        unreadable.remove(path)
        cache.remove(path)
        if inFlight.contains(path) { stale.insert(path) }
    }

    private func startDecodes() {
        while inFlight.count < maxInFlight,
              let path = urgent.popLast() ?? (ahead.isEmpty || inFlight.count >= max(1, maxInFlight - 1) ? nil : ahead.removeFirst()) {
            queued.remove(path)
            inFlight.insert(path)
            queue.async { [weak self] in
                let result = Self.decode(path)
                Async.onMain { self?.finished(path, result) }
            }
        }
    }

    private func finished(_ path: String, _ result: Decoded) {
        inFlight.remove(path)
        if stale.remove(path) != nil {
            if let pixbuf = result.pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            request(path, urgent: true)
            return
        }
        if let pixbuf = result.pixbuf, let pointer = gdk_texture_new_for_pixbuf(pixbuf) {
            let texture = Texture(adopting: pointer)
            let bytes = Int(gdk_pixbuf_get_rowstride(pixbuf)) * Int(gdk_pixbuf_get_height(pixbuf))
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            cache.insert(texture, bytes: bytes, for: path)
            decoded += 1
            ready?(path, texture)
        } else {
            if let pixbuf = result.pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            unreadable.insert(path)
            failed?(path, result.error ?? "unreadable")
        }
        startDecodes()
    }

    /// A decoded pixbuf crossing from the decoding queue to the main loop.
    private final class Decoded: @unchecked Sendable {
        let pixbuf: OpaquePointer?
        let error: String?
        init(pixbuf: OpaquePointer?, error: String?) { self.pixbuf = pixbuf; self.error = error }
    }

    /// Decodes the file the URI names at thumbnail size (see `PhotoDecoder`).
    nonisolated private static func decode(_ uri: String) -> Decoded {
        switch PhotoDecoder.thumbnail(uri: uri, maxSide: Int(thumbnailSize)) {
        case .success(let pixbuf): return Decoded(pixbuf: pixbuf, error: nil)
        case .failure(let error): return Decoded(pixbuf: nil, error: error.reason)
        }
    }
}
