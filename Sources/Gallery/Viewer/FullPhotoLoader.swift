import CGtk
import GtkGlue
import CPhotoDecode
import CollectionLayout

/// A size in device pixels: the box a full picture is decoded to fit (the window's size times
/// its scale), or a decoded picture's size.
struct PixelSize: Hashable, Sendable {
    var width: Int
    var height: Int
}

/// A photo decoded for the viewer: its texture, at most the size asked for, and the size of
/// the whole image upright, which the zoom's one image pixel per device pixel refers to.
final class FullPhoto: @unchecked Sendable {
    let texture: Texture
    /// The texture's size, in pixels.
    let pixelSize: PixelSize
    /// The image's own size, upright.
    let imageSize: PixelSize
    /// What the cache counts for it (see `FullPhotoLoader.cost(of:)`).
    let bytes: Int

    init(texture: Texture, pixelSize: PixelSize, imageSize: PixelSize, bytes: Int) {
        self.texture = texture
        self.pixelSize = pixelSize
        self.imageSize = imageSize
        self.bytes = bytes
    }
}

/// Decodes the viewer's full pictures, one at a time on a worker thread, at the largest size
/// that fits the window in device pixels (never enlarged): the photo shown first, then the
/// neighbours the caller names, into a cache capped by bytes (least recently used out).
///
/// One thread: a 24-megapixel JPEG decodes at a window's size in 60-120 ms (libjpeg shrinks it
/// while decoding), faster than anyone pages, and a second thread would only take the core the
/// main loop draws the page turn with. Requests no longer near the shown page are cancelled by
/// the caller; one cancelled while it decodes is dropped when it is done.
///
/// Everything but the decoding runs on the main thread; results arrive there through
/// `onReady` and `onFailed`.
@MainActor
final class FullPhotoLoader {
    /// How soon a request is wanted.
    enum Priority {
        /// The page on screen: before any neighbour, the newest first.
        case shown
        /// A page next to it, prefetched in the order asked.
        case neighbour
    }

    /// What `request` found.
    enum Lookup {
        /// Decoded already (and now the most recently used).
        case cached(FullPhoto)
        /// Known not to decode (until `forget`): the same reason as before.
        case failed(PhotoDecodeError)
        /// Queued, or decoding: `onReady` or `onFailed` follows, unless it is cancelled.
        case requested
    }

    /// A photo at a size: what is decoded and cached.
    private struct Key: Hashable {
        let uri: String
        let size: PixelSize
    }

    /// Runs on the main thread with each decoded picture (the cache has it already), with the
    /// URI and the size that were asked for.
    var onReady: ((String, PixelSize, FullPhoto) -> Void)?
    /// Runs on the main thread for each photo that could not be decoded, with the decoder's reason.
    var onFailed: ((String, PixelSize, PhotoDecodeError) -> Void)?

    /// A region of a photo (in its upright image pixels) to decode sharp at a zoom (device
    /// pixels per image pixel): what a zoomed photo shows, beyond the window-sized picture.
    struct DetailRequest: Equatable, Sendable {
        let uri: String
        let region: Rect
        let scale: Double
    }
    /// A decoded detail: the request, the region it covers (the one asked for in whole pixels,
    /// outwards, within the image: what `PhotoZoomView.setDetail` takes) and its picture, whose
    /// `imageSize` is the image's and `pixelSize` the region's at the scale asked.
    struct Detail {
        let request: DetailRequest
        let region: Rect
        let photo: FullPhoto
    }
    /// Runs on the main thread with the detail last asked for (not cached: the view holds it).
    var onDetailReady: ((Detail) -> Void)?

    /// The most bytes the cache holds (see `cost(of:)`); lowering it evicts at once (the
    /// window got smaller: its pictures are smaller too).
    var capacityBytes: Int {
        didSet { if capacityBytes < oldValue { evictAboveCap() } }
    }
    private var entries: [Key: (photo: FullPhoto, lastUse: Int)] = [:]
    private var clock = 0
    /// What the cache holds now, in bytes; never above `capacityBytes` once an insert returned
    /// (but for a single picture larger than the cap, kept while it is the only one).
    private(set) var cachedBytes = 0
    private(set) var evictions = 0
    var cachedCount: Int { entries.count }

    private var shownQueue: [Key] = []  // newest last
    private var neighbourQueue: [Key] = []  // oldest first
    private var inFlight: Key?
    /// The detail asked for last and not cancelled (one at a time: a newer one replaces it),
    /// and the one decoding now.
    private var detailWanted: DetailRequest?
    private var detailInFlight: DetailRequest?
    /// The request decoding now was cancelled: its result is dropped.
    private var inFlightCancelled = false
    /// Failures that last until the file changes (it is undecodable or too large).
    private var failures: [Key: PhotoDecodeError] = [:]
    private(set) var decoded = 0
    private(set) var failed = 0
    private(set) var cancelled = 0
    /// Decodes since the heaps' free pages were last given back.
    private var decodesSinceRelease = 0

    private let worker = WorkerThreads(count: 1, niceness: 5, name: "gallery full photos")

    /// A loader whose cache holds at most `capacityBytes`.
    init(capacityBytes: Int) {
        self.capacityBytes = capacityBytes
    }

    /// A cap for pictures decoded to fit `window` (device pixels): four of them, the one shown
    /// and its two neighbours and the one just left, at `cost(of:)`'s bytes a pixel.
    static func defaultCapacity(forWindow window: PixelSize) -> Int {
        4 * window.width * window.height * bytesPerPixel
    }

    /// What one pixel of a full picture costs: three bytes of RGB in the texture, and the four
    /// of the image surface GTK's cairo renderer keeps with a texture it drew (the GL renderer
    /// keeps an upload on the GPU instead).
    static let bytesPerPixel = 7

    /// The bytes the cache counts for a decoded pixbuf: its rows, and the renderer's copy.
    nonisolated static func cost(of pixbuf: OpaquePointer) -> Int {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        return Int(gdk_pixbuf_get_rowstride(pixbuf)) * height + 4 * width * height
    }

    /// The picture of `uri` decoded for `size`, if the cache holds it (then it is the most
    /// recently used); asks for nothing.
    func cached(_ uri: String, size: PixelSize) -> FullPhoto? {
        let key = Key(uri: uri, size: size)
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[key] = entry
        return entry.photo
    }

    /// The largest picture of `uri` the cache holds at any size (a stand-in while the window's
    /// new size decodes); it does not count as a use.
    func anyCached(_ uri: String) -> FullPhoto? {
        entries.filter { $0.key.uri == uri }.max { $0.value.photo.pixelSize.width < $1.value.photo.pixelSize.width }?.value.photo
    }

    /// The photo of `uri` at the largest size within `size` (device pixels): cached, known to
    /// fail, or queued. A shown request goes before every neighbour; a neighbour asked again as
    /// shown moves ahead.
    @discardableResult
    func request(_ uri: String, size: PixelSize, priority: Priority) -> Lookup {
        if let photo = cached(uri, size: size) { return .cached(photo) }
        let key = Key(uri: uri, size: size)
        if let failure = failures[key] { return .failed(failure) }
        if inFlight == key {
            inFlightCancelled = false  // wanted again
            return .requested
        }
        switch priority {
        case .shown:
            neighbourQueue.removeAll { $0 == key }
            shownQueue.removeAll { $0 == key }
            shownQueue.append(key)
        case .neighbour:
            if !shownQueue.contains(key), !neighbourQueue.contains(key) { neighbourQueue.append(key) }
        }
        startNext()
        return .requested
    }

    /// Requests queued or decoding (a detail included).
    var pending: Int {
        shownQueue.count + neighbourQueue.count + (inFlight != nil && !inFlightCancelled ? 1 : 0) + (detailWanted != nil || detailInFlight != nil ? 1 : 0)
    }

    /// Asks for a sharp detail of `uri`: the region (upright image pixels) at `scale` (device
    /// pixels per image pixel, at most 1). It goes after the shown photo and before the
    /// neighbours; it replaces a detail asked for before, which is not delivered.
    func requestDetail(_ uri: String, region: Rect, scale: Double) {
        detailWanted = DetailRequest(uri: uri, region: region, scale: min(scale, 1))
        startNext()
    }

    /// Drops the detail asked for (the photo is back at fit, or another is shown).
    func cancelDetail() {
        detailWanted = nil
    }

    /// Whether a request for `uri` waits or decodes.
    func isPending(_ uri: String) -> Bool {
        shownQueue.contains { $0.uri == uri } || neighbourQueue.contains { $0.uri == uri } || (inFlight?.uri == uri && !inFlightCancelled)
    }

    /// Drops every request for `uri`; one decoding now is dropped when it is done.
    func cancel(_ uri: String) {
        cancelAll { $0 == uri }
    }

    /// Drops every request but those for `near` (the pages around the one shown).
    func cancelAll(except near: Set<String>) {
        cancelAll { !near.contains($0) }
    }

    private func cancelAll(where drop: (String) -> Bool) {
        let before = shownQueue.count + neighbourQueue.count
        shownQueue.removeAll { drop($0.uri) }
        neighbourQueue.removeAll { drop($0.uri) }
        cancelled += before - shownQueue.count - neighbourQueue.count
        if let detail = detailWanted, drop(detail.uri) { detailWanted = nil }
        if let inFlight, !inFlightCancelled, drop(inFlight.uri) {
            inFlightCancelled = true
            cancelled += 1
        }
    }

    /// Forgets what is known of `uri` (its pictures, that it failed): the file changed or went.
    func forget(_ uri: String) {
        if detailWanted?.uri == uri { detailWanted = nil }
        for key in entries.keys where key.uri == uri { remove(key) }
        for key in failures.keys where key.uri == uri { failures[key] = nil }
        if inFlight?.uri == uri { inFlightCancelled = true }
    }

    /// Empties the cache (the window's size changed for good); pages keep what they show.
    func removeAll() {
        for key in Array(entries.keys) { remove(key) }
        releaseMemory()
    }

    private func remove(_ key: Key) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        cachedBytes -= entry.photo.bytes
    }

    private func startNext() {
        guard inFlight == nil, detailInFlight == nil else { return }
        if shownQueue.isEmpty, let detail = detailWanted {
            startDetail(detail)
            return
        }
        let next = shownQueue.popLast() ?? (neighbourQueue.isEmpty ? nil : neighbourQueue.removeFirst())
        guard let key = next else {
            if decodesSinceRelease > 0 { releaseMemory() }
            return
        }
        inFlight = key
        inFlightCancelled = false
        worker.run { [weak self] in
            let outcome = Decoding(PhotoDecoder.picture(uri: key.uri, fittingWidth: key.size.width, height: key.size.height))
            Async.onMain { self?.finished(key, outcome) }
        }
    }

    /// A region in whole pixels, outwards: it covers at least what was asked for.
    private static func wholePixels(_ region: Rect) -> (x: Int, y: Int, width: Int, height: Int) {
        let x = Int(region.minX.rounded(.down)), y = Int(region.minY.rounded(.down))
        return (x, y, Int(region.maxX.rounded(.up)) - x, Int(region.maxY.rounded(.up)) - y)
    }

    private func startDetail(_ detail: DetailRequest) {
        detailInFlight = detail
        let (x, y, width, height) = Self.wholePixels(detail.region)
        worker.run { [weak self] in
            let outcome = Decoding(PhotoDecoder.region(uri: detail.uri, x: x, y: y, width: width, height: height, scale: detail.scale))
            Async.onMain { self?.finishedDetail(detail, outcome) }
        }
    }

    private func finishedDetail(_ detail: DetailRequest, _ outcome: Decoding) {
        detailInFlight = nil
        decodesSinceRelease += 1
        if detail == detailWanted {
            detailWanted = nil
            // A failure (a format with no detail, a file gone) leaves the picture as it was.
            if case .success(let picture) = outcome.result, let photo = Self.photo(of: picture) {
                // What the decoder read: the whole pixels, within the image (as it clamps them).
                let whole = Self.wholePixels(detail.region)
                let minX = min(max(whole.x, 0), photo.imageSize.width - 1), minY = min(max(whole.y, 0), photo.imageSize.height - 1)
                let maxX = min(whole.x + max(1, whole.width), photo.imageSize.width), maxY = min(whole.y + max(1, whole.height), photo.imageSize.height)
                let region = Rect(x: Double(minX), y: Double(minY), width: Double(max(1, maxX - minX)), height: Double(max(1, maxY - minY)))
                onDetailReady?(Detail(request: detail, region: region, photo: photo))
            }
        }
        startNext()
    }

    private func finished(_ key: Key, _ outcome: Decoding) {
        let wanted = !inFlightCancelled
        inFlight = nil
        inFlightCancelled = false
        decodesSinceRelease += 1
        switch outcome.result {
        case .success(let picture):
            decoded += 1
            if wanted, let photo = Self.photo(of: picture) {
                insert(photo, for: key)
                onReady?(key.uri, key.size, photo)
            }
        case .failure(let error):
            failed += 1
            switch error {
            case .tooLarge, .undecodable: failures[key] = error
            case .notALocalFile, .cannotOpen, .notARegularFile: break  // may pass: tried again when asked again
            }
            if wanted { onFailed?(key.uri, key.size, error) }
        }
        startNext()
    }

    /// A texture of the decoded pixbuf (it keeps the pixbuf's pixels: no copy).
    private static func photo(of picture: PhotoDecoder.Decoded) -> FullPhoto? {
        guard let pointer = gdk_texture_new_for_pixbuf(picture.pixbuf) else { return nil }
        let pixbuf = picture.pixbuf
        return FullPhoto(texture: Texture(adopting: pointer),
                         pixelSize: PixelSize(width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf))),
                         imageSize: PixelSize(width: picture.imageWidth, height: picture.imageHeight),
                         bytes: cost(of: pixbuf))
    }

    /// Stores a picture and evicts the least recently used ones above the cap.
    ///
    /// - Complexity: O(entries) per eviction; the cap keeps them to a few.
    private func insert(_ photo: FullPhoto, for key: Key) {
        clock += 1
        remove(key)
        entries[key] = (photo, clock)
        cachedBytes += photo.bytes
        evictAboveCap()
    }

    private func evictAboveCap() {
        var evicted = false
        while cachedBytes > capacityBytes, entries.count > 1,
              let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            remove(oldest.key)
            evictions += 1
            evicted = true
        }
        if evicted, decodesSinceRelease >= 8 { releaseMemory() }
    }

    /// Gives the worker's heap's free pages back to the system (see photo_memory.c): a
    /// decode's intermediate rows (libjpeg's scaled output before the last scaling) and evicted
    /// pictures otherwise stay resident in the arena of the thread that made them.
    private func releaseMemory() {
        decodesSinceRelease = 0
        worker.run { photo_memory_release() }
    }

    /// A decode's outcome crossing from the worker to the main thread, holding the pixbuf's
    /// reference until the texture takes its own.
    private final class Decoding: @unchecked Sendable {
        let result: Result<PhotoDecoder.Decoded, PhotoDecodeError>
        init(_ result: Result<PhotoDecoder.Decoded, PhotoDecodeError>) { self.result = result }
        deinit {
            if case .success(let picture) = result { g_object_unref(UnsafeMutableRawPointer(picture.pixbuf)) }
        }
    }
}
