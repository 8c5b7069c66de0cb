import CGtk
import GtkGlue
import Dispatch
import Foundation
import CPhotoDecode

/// Loads thumbnails off the main thread: what a cell on screen asks for first, then what
/// prefetching asks for ahead of the scroll, into a capped cache. Each comes from the shared
/// thumbnail cache (`SharedThumbnailCache`) when it has a valid one, else it is decoded and
/// written there; a file that could not be decoded is marked there and not decoded again
/// (its reason is kept for the message). A request cancelled before it started is dropped.
///
/// Writing a thumbnail costs about what decoding a JPEG at thumbnail size does (zlib), so
/// writes wait while cells on screen wait for pictures, and go with prefetching (one core
/// left to the main loop); they go before prefetching once many wait, and the oldest are
/// dropped past a cap (made again on another launch) so waiting writes bound their memory.
@MainActor
final class ThumbnailLoader {
    let cache: ThumbnailCache
    /// The shared cache's size to read and write: the one that covers the tiles at the
    /// screen's scale (see `SharedThumbnailSize.covering`); photos are decoded at its size.
    var sharedSize = SharedThumbnailSize.large
    /// The shortest side, in device pixels, of what a tile shows (0: as loaded). Thumbnails
    /// are made this small on the loading threads, to cover the tile: a 256 px thumbnail
    /// drawn on a 120 px tile cost the main thread its scaling at every draw (a tenth of a
    /// fling frame under cairo) and the cache two and a half times the memory. Changing it
    /// forgets the textures made at the old size; the window then asks for its tiles again.
    var displaySide: Int32 = 0 {
        didSet { if displaySide != oldValue { cache.removeAll() } }
    }
    /// Runs on the main loop with each loaded thumbnail (the cache has it already).
    var ready: ((String, Texture) -> Void)?
    /// Runs on the main loop for each file that is not a readable image, with the decoder's reason.
    var failed: ((String, String) -> Void)?
    /// Runs on the main loop when nothing is left to load or write.
    var settled: (() -> Void)?

    // What waits, in order: an entry counts only while `queued` holds its file (a cancelled
    // or started request stays behind in these arrays and is skipped), so asking, cancelling
    // and starting cost O(1): a fling asks for and cancels thousands a second.
    private var urgent: [String] = []  // cells on screen, newest last
    private var ahead: [String] = []  // prefetched, in the order asked, from `aheadStart`
    private var aheadStart = 0
    private var queued: Set<String> = []
    private var inFlight: Set<String> = []
    private var unreadable: Set<String> = []
    /// Loading when their file changed: their result is dropped and they are decoded again.
    private var stale: Set<String> = []
    /// Changed since their thumbnail was made: decoded without looking in the shared cache (a
    /// file rewritten within the second of its thumbnail's `Thumb::MTime` would match it).
    private var changed: Set<String> = []
    private let maxInFlight: Int
    private let threads: WorkerThreads
    /// Thumbnails decoded from their photo, and read from the shared cache instead.
    private(set) var decoded = 0
    private(set) var fromSharedCache = 0
    /// Files not decoded because the shared cache holds this program's failure marker.
    private(set) var knownUnreadable = 0
    /// Thumbnails and failure markers written to the shared cache.
    private(set) var written = 0
    private(set) var cancelled = 0
    var loaded: Int { decoded + fromSharedCache }
    /// Decoded thumbnails and failures waiting to be written to the shared cache, oldest first.
    private var unwritten: [(path: String, result: Loaded)] = []
    private var unwrittenBytes = 0
    private var writing = 0
    /// Past this many bytes of waiting pixels, writes go before prefetching (about 25
    /// thumbnails of 256 px, 7 of 512)...
    private let unwrittenSoftCap = 4 << 20
    /// ... and past this, the newest are not kept (these are the thumbnails at the shared
    /// cache's size, larger than what the tiles show, so this bounds what they add).
    private let unwrittenHardCap = 8 << 20
    /// Thumbnails dropped before being written.
    private(set) var unsaved = 0

    init(capacityBytes: Int) {
        cache = ThumbnailCache(capacityBytes: capacityBytes)
        // Cells on screen may use every core; prefetching leaves one to the main loop, so
        // decoding ahead never takes a frame from scrolling.
        maxInFlight = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))
        threads = WorkerThreads(count: maxInFlight, name: "gallery thumbnails")
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
            urgent.append(path)  // a prefetched request of it is skipped once this one starts
        } else {
            guard !queued.contains(path) else { return }
            ahead.append(path)
        }
        queued.insert(path)
        compactIfMostlyStale()
        startWork()
    }

    /// Drops a request that has not started (scrolled away before it was needed).
    func cancel(_ path: String) {
        guard queued.remove(path) != nil else { return }
        cancelled += 1
        compactIfMostlyStale()
    }

    /// The next request still wanted from a list, skipping those cancelled or started.
    private func popUrgent() -> String? {
        while let path = urgent.popLast() {
            if queued.contains(path) { return path }
        }
        return nil
    }

    private func popAhead() -> String? {
        while aheadStart < ahead.count {
            let path = ahead[aheadStart]
            aheadStart += 1
            if queued.contains(path) { return path }
        }
        return nil
    }

    private var aheadIsEmpty: Bool {
        while aheadStart < ahead.count, !queued.contains(ahead[aheadStart]) { aheadStart += 1 }
        return aheadStart >= ahead.count
    }

    /// Drops what the lists hold for nothing once that is most of them (amortized O(1)).
    private func compactIfMostlyStale() {
        guard urgent.count + ahead.count - aheadStart > 4 * queued.count + 256 else { return }
        var seen = Set<String>()
        urgent = urgent.reversed().filter { queued.contains($0) && seen.insert($0).inserted }.reversed()
        ahead = ahead[aheadStart...].filter { queued.contains($0) && seen.insert($0).inserted }
        aheadStart = 0
    }

    /// Loads and writes not yet done.
    var pending: Int { queued.count + inFlight.count + writing + unwritten.count }

    /// Forgets what is known of a file (its thumbnail, that it could not be read): it changed,
    /// and is decoded again when next asked for.
    func forget(_ path: String) {
        unreadable.remove(path)
        cache.remove(path)
        changed.insert(path)
        if inFlight.contains(path) { stale.insert(path) }
        if let index = unwritten.firstIndex(where: { $0.path == path }) {
            unwrittenBytes -= unwritten.remove(at: index).result.bytes
        }
    }

    /// Starts what comes next while threads are free: cells on screen first; then, with one
    /// core left to the main loop, writes when many wait, prefetching, other writes.
    private func startWork() {
        let threads = scrolling ? max(1, maxInFlight - 1) : maxInFlight
        while inFlight.count + writing < threads {
            if let path = popUrgent() {
                startLoad(path)
                continue
            }
            guard inFlight.count + writing < max(1, maxInFlight - 1) else { return }
            if !unwritten.isEmpty, unwrittenBytes > unwrittenSoftCap || aheadIsEmpty {
                startWrite()
            } else if let path = popAhead() {
                startLoad(path)
            } else {
                return
            }
        }
    }

    private func startLoad(_ path: String) {
        queued.remove(path)
        inFlight.insert(path)
        let size = sharedSize, side = displaySide
        let lookUp = changed.remove(path) == nil
        threads.run { [weak self] in
            let result = Self.load(path, size: size, lookUp: lookUp, displaySide: side)
            Async.onMain { self?.finished(path, result) }
        }
    }

    private func startWrite() {
        let (_, result) = unwritten.removeFirst()
        unwrittenBytes -= result.bytes
        writing += 1
        threads.run { [weak self] in
            let wrote = result.store()
            Async.onMain { self?.finishedWriting(wrote) }
        }
    }

    private func finishedWriting(_ wrote: Bool) {
        writing -= 1
        if wrote { written += 1 }
        startWork()
        if pending == 0 { settled?() }
    }

    /// While the view scrolls, loads leave a core to the main loop (and the display server it
    /// draws through): with every core decoding, one frame in six of a fling through a folder
    /// came late, though the decoding threads run below the main loop's priority. One thread
    /// decoded as many thumbnails during the fling as two. At rest, every core loads.
    private var scrolling = false
    private var restTimer: UInt32 = 0

    /// The view scrolled: until it has not for 150 ms, one core is left to the main loop.
    func scrolled() {
        scrolling = true
        if restTimer != 0 { g_source_remove(restTimer) }
        restTimer = Async.after(milliseconds: 150) { [weak self] in
            guard let self else { return }
            self.restTimer = 0
            self.scrolling = false
            self.startWork()
        }
    }

    /// Loads since the heaps' free pages were last given back (see photo_memory.c).
    private var loadsSinceRelease = 0

    /// Every 100 loads, and when nothing is left to do, a worker gives the heaps' free pages
    /// back to the system: thumbnails freed from the cache (or dropped before being written)
    /// otherwise stay resident in the arenas of the threads that made them.
    private func releaseMemoryNow(_ now: Bool = false) {
        loadsSinceRelease += 1
        guard now || loadsSinceRelease >= 100 else { return }
        loadsSinceRelease = 0
        threads.run { photo_memory_release() }
    }

    private func finished(_ path: String, _ result: Loaded) {
        inFlight.remove(path)
        if stale.remove(path) != nil {
            changed.insert(path)
            request(path, urgent: true)
        } else {
            deliver(path, result)
            if result.original != nil { keepForWriting(path, result) }
        }
        startWork()
        releaseMemoryNow(pending == 0)
        if pending == 0 { settled?() }
    }

    /// Keeps a thumbnail to write when a thread is free; past the cap, the newest are not
    /// kept: the first ones (a folder's first screen) are those a second opening shows first,
    /// while a fling's pass through thousands is seen again least.
    private func keepForWriting(_ path: String, _ result: Loaded) {
        guard unwrittenBytes + result.bytes <= unwrittenHardCap || unwritten.isEmpty else {
            unsaved += 1
            return
        }
        unwritten.append((path, result))
        unwrittenBytes += result.bytes
    }

    private func deliver(_ path: String, _ result: Loaded) {
        if let pixbuf = result.shown, let pointer = gdk_texture_new_for_pixbuf(pixbuf) {  // the texture keeps the pixbuf
            let texture = Texture(adopting: pointer)
            // Its pixels, and the copy a renderer makes once it is drawn (cairo: an image
            // surface of 4 bytes a pixel, kept with the texture).
            let bytes = Int(gdk_pixbuf_get_rowstride(pixbuf)) * Int(gdk_pixbuf_get_height(pixbuf))
                + 4 * Int(gdk_pixbuf_get_width(pixbuf)) * Int(gdk_pixbuf_get_height(pixbuf))
            cache.insert(texture, bytes: bytes, for: path)
            if result.source == .sharedCache { fromSharedCache += 1 } else { decoded += 1 }
            logSource(result.source, path)
            ready?(path, texture)
        } else {
            unreadable.insert(path)
            if result.source == .failureMarker { knownUnreadable += 1 }
            logSource(result.source, path)
            failed?(path, result.error ?? tr("unreadable"))
        }
    }

    private func logSource(_ source: Loaded.Source, _ path: String) {
        guard GalleryLog.enabled else { return }
        GalleryLog.event("thumbnail-source \(source.rawValue) \(PhotoURI.displayPath(path))")
    }

    /// A thumbnail (or why there is none) crossing from the loading queue to the main loop,
    /// with what is left to write to the shared cache. Holds a reference to the pixbuf.
    private final class Loaded: @unchecked Sendable {
        enum Source: String { case sharedCache = "shared", decoded, failureMarker = "failed-before", failed }
        let pixbuf: OpaquePointer?
        /// What a tile shows: `pixbuf` made as small as the tiles need (the same pixbuf when
        /// it is not larger), referenced.
        private(set) var shown: OpaquePointer?
        let error: String?
        let source: Source
        /// The file as it was before decoding, when the result is to be written to the shared cache.
        let original: SharedThumbnailCache.Original?
        let size: SharedThumbnailSize

        init(pixbuf: OpaquePointer?, error: String?, source: Source, original: SharedThumbnailCache.Original? = nil,
             size: SharedThumbnailSize = .large) {
            self.pixbuf = pixbuf
            self.error = error
            self.source = source
            self.original = original
            self.size = size
        }
        deinit {
            if let pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            if let shown { g_object_unref(UnsafeMutableRawPointer(shown)) }
        }

        /// Makes `shown`: scaled down so that its shorter side is `side` (it still covers a
        /// square tile of that side), on the loading thread.
        func makeShown(side: Int32) -> Loaded {
            guard let pixbuf else { return self }
            let width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf)
            let shorter = min(width, height)
            guard side > 0, shorter > side else {
                shown = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(pixbuf)))
                return self
            }
            let scale = Double(side) / Double(shorter)
            shown = gdk_pixbuf_scale_simple(pixbuf, max(1, Int32((Double(width) * scale).rounded())),
                                            max(1, Int32((Double(height) * scale).rounded())), GDK_INTERP_BILINEAR)
            return self
        }

        /// The pixels' bytes (what waiting to be written holds).
        var bytes: Int { pixbuf.map { Int(gdk_pixbuf_get_rowstride($0)) * Int(gdk_pixbuf_get_height($0)) } ?? 0 }

        /// Writes a decoded thumbnail, or a failure marker, to the shared cache. Returns
        /// whether something was written.
        func store() -> Bool {
            guard let original else { return false }
            if let pixbuf { return SharedThumbnailCache.save(pixbuf, of: original, size: size) }
            return SharedThumbnailCache.saveFailure(error ?? tr("unreadable"), of: original)
        }
    }

    /// The shared cache's valid thumbnail, else its valid failure marker, else the photo
    /// decoded (to be written there). `lookUp` false skips the cache: the file changed.
    nonisolated private static func load(_ uri: String, size: SharedThumbnailSize, lookUp: Bool, displaySide: Int32) -> Loaded {
        let original = SharedThumbnailCache.original(uri)  // nil: the cache does not apply to this file
        if let original, lookUp {
            if let pixbuf = SharedThumbnailCache.thumbnail(of: original, size: size) {
                return Loaded(pixbuf: pixbuf, error: nil, source: .sharedCache).makeShown(side: displaySide)
            }
            if let reason = SharedThumbnailCache.failure(of: original) {
                return Loaded(pixbuf: nil, error: reason, source: .failureMarker)
            }
        }
        let (pixbuf, error, lasting) = decode(uri, maxSide: size.pixels)
        // A failure is marked in the shared cache only when it is the file's content's (it is
        // not decoded again until the file changes); one that may pass (the file could not be
        // opened, or was swapped for something else meanwhile) is tried again next time.
        return Loaded(pixbuf: pixbuf, error: error, source: pixbuf == nil ? .failed : .decoded,
                      original: pixbuf != nil || lasting ? original : nil, size: size)
            .makeShown(side: displaySide)
    }

    /// Decodes the file the URI names to fit a square of `maxSide` (see `PhotoDecoder`: its
    /// size read first, decoded at the size shown, upright). Returns a new pixbuf the caller
    /// owns, or the decoder's reason and whether it is the content's (it lasts until the file
    /// changes: undecodable, too large).
    nonisolated private static func decode(_ uri: String, maxSide: Int32) -> (OpaquePointer?, String?, lasting: Bool) {
        switch PhotoDecoder.thumbnail(uri: uri, maxSide: Int(maxSide)) {
        case .success(let pixbuf): return (pixbuf, nil, true)
        case .failure(let error):
            switch error {
            case .tooLarge, .undecodable: return (nil, error.reason, true)
            case .notALocalFile, .cannotOpen, .notARegularFile: return (nil, error.reason, false)
            }
        }
    }
}
