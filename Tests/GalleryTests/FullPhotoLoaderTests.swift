import XCTest
import Foundation
import CGtk
import CPhotoDecode
import CollectionLayout
import CollectionViewTestSupport
@testable import gallery

/// The viewer's full-picture loader on real files: paging through many 24-megapixel JPEGs in
/// bounded memory, the shown photo before its neighbours, cancelling, the byte cap's least
/// recently used eviction, fitting a box once upright without enlarging, and the decoder's
/// refusals (a broken file, a bomb, a file deleted before its turn) as errors.
final class FullPhotoLoaderTests: XCTestCase {
    func testPagingThroughLargePhotosStaysWithinItsCap() throws { try MainActor.assumeIsolated {
        let checks = try FullPhotoLoaderChecks()
        defer { checks.finish() }
        try checks.pagingThroughLargePhotosStaysWithinItsCap()
    } }

    func testTheShownPhotoGoesFirstAndCancelledOnesAreDropped() throws { try MainActor.assumeIsolated {
        let checks = try FullPhotoLoaderChecks()
        defer { checks.finish() }
        try checks.theShownPhotoGoesFirstAndCancelledOnesAreDropped()
    } }

    func testTheCacheEvictsTheLeastRecentlyUsedAboveItsCap() throws { try MainActor.assumeIsolated {
        let checks = try FullPhotoLoaderChecks()
        defer { checks.finish() }
        try checks.theCacheEvictsTheLeastRecentlyUsedAboveItsCap()
    } }

    func testOrientationIsAppliedAndTheBoxFitsTheUprightPicture() throws { try MainActor.assumeIsolated {
        let checks = try FullPhotoLoaderChecks()
        defer { checks.finish() }
        try checks.orientationIsAppliedAndTheBoxFitsTheUprightPicture()
    } }

    func testADetailIsARegionDecodedUprightAtTheZoom() throws { try MainActor.assumeIsolated {
        let checks = try FullPhotoLoaderChecks()
        defer { checks.finish() }
        try checks.aDetailIsARegionDecodedUprightAtTheZoom()
    } }

    func testFailuresArriveAsErrors() throws { try MainActor.assumeIsolated {
        let checks = try FullPhotoLoaderChecks()
        defer { checks.finish() }
        try checks.failuresArriveAsErrors()
    } }
}

/// The checks of `FullPhotoLoaderTests`, each with a folder of its own.
@MainActor
private final class FullPhotoLoaderChecks {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("full-photos-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func finish() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    private func uri(_ name: String) -> String { PhotoFixtures.uri(Array(path(name).utf8)) }

    /// A 6000 x 4000 colour JPEG (24 megapixels, a camera's size) written by libvips: a sine
    /// pattern, so that it compresses like a photo rather than like one flat colour.
    private func writeLargeJPEG(_ name: String, frequency: Int) throws {
        let sines = path("\(name).sines.v"), grey = path("\(name).grey.v"), colour = path("\(name).colour.v")
        defer { for file in [sines, grey, colour] { try? FileManager.default.removeItem(atPath: file) } }
        try PhotoFixtures.run("vips", ["sines", sines, "6000", "4000", "--hfreq", String(frequency), "--vfreq", "2"])
        try PhotoFixtures.run("vips", ["linear", sines, grey, "100", "128", "--uchar"])
        try PhotoFixtures.run("vips", ["bandjoin", "\(grey) \(grey) \(grey)", colour])
        try PhotoFixtures.run("vips", ["jpegsave", colour, path(name), "--Q", "85"])
    }

    /// The process's resident memory now (VmRSS), in KB.
    private static func residentKB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Records what a loader delivers, in order.
    @MainActor
    private final class Deliveries {
        /// What arrived, without the pictures (holding them would be memory the cap does not count).
        var ready: [(uri: String, pixelSize: PixelSize, imageSize: PixelSize)] = []
        var failed: [(uri: String, error: PhotoDecodeError)] = []
        init(_ loader: FullPhotoLoader) {
            loader.onReady = { [unowned self] uri, _, photo in ready.append((uri, photo.pixelSize, photo.imageSize)) }
            loader.onFailed = { [unowned self] uri, _, error in failed.append((uri, error)) }
        }
        var readyURIs: [String] { ready.map(\.uri) }
    }

    /// Paging through 60 photos of 24 megapixels at one window's size (1280 x 800), the shown
    /// one and its next neighbour asked for at each page and the rest cancelled: each arrives
    /// fitted (1200 x 800, never the 6000 x 4000 it is), the cache never holds more than its
    /// cap, and the process's resident memory at the end, and its peak meanwhile, grow by at
    /// most the cap and 40 MB (decoded whole, one such photo alone is 72 MB).
    func pagingThroughLargePhotosStaysWithinItsCap() throws {
        try writeLargeJPEG("a.jpg", frequency: 3)
        try writeLargeJPEG("b.jpg", frequency: 7)
        let names = (0..<60).map { "page\($0).jpg" }
        for (index, name) in names.enumerated() {
            try FileManager.default.copyItem(atPath: path(index % 2 == 0 ? "a.jpg" : "b.jpg"), toPath: path(name))
        }
        let window = PixelSize(width: 1280, height: 800)
        let loader = FullPhotoLoader(capacityBytes: FullPhotoLoader.defaultCapacity(forWindow: window))
        let deliveries = Deliveries(loader)
        photo_memory_setup()  // the gallery's allocator settings, which its main.swift makes first thing
        // Warm up (libvips' and GdkPixbuf's loaders, the worker's heap) before measuring.
        loader.request(uri("a.jpg"), size: window, priority: .shown)
        GtkHarness.wait(for: "the first picture") { loader.pending == 0 }
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let residentBefore = Self.residentKB(), peakBefore = PhotoDecoderTests.peakResidentKB()
        var largestCache = 0
        for page in names.indices {
            let shown = uri(names[page])
            let next = page + 1 < names.count ? uri(names[page + 1]) : nil
            loader.cancelAll(except: Set([shown] + (next.map { [$0] } ?? [])))
            loader.request(shown, size: window, priority: .shown)
            if let next { loader.request(next, size: window, priority: .neighbour) }
            GtkHarness.wait(for: "page \(page)'s picture", timeout: 30) { loader.cached(shown, size: window) != nil || !deliveries.failed.isEmpty }
            largestCache = max(largestCache, loader.cachedBytes)
            XCTAssertLessThanOrEqual(loader.cachedBytes, loader.capacityBytes, "page \(page)")
        }
        GtkHarness.wait(for: "the last requests") { loader.pending == 0 }
        XCTAssertEqual(deliveries.failed.count, 0, "\(deliveries.failed.map { $0.error.reason })")
        for (_, pixelSize, imageSize) in deliveries.ready {
            XCTAssertEqual(pixelSize, PixelSize(width: 1200, height: 800))
            XCTAssertEqual(imageSize, PixelSize(width: 6000, height: 4000))
        }
        XCTAssertEqual(Set(deliveries.readyURIs).count, deliveries.ready.count, "a picture was decoded twice")
        XCTAssertGreaterThanOrEqual(deliveries.ready.count, 60)
        XCTAssertGreaterThan(loader.evictions, 50)
        XCTAssertLessThanOrEqual(loader.cachedCount, 4)
        let capKB = loader.capacityBytes / 1024
        let grown = Self.residentKB() - residentBefore, peak = PhotoDecoderTests.peakResidentKB() - peakBefore
        print("full photos: cache at most \(largestCache / 1024) KB of \(capKB) KB; resident grew \(grown) KB, peak \(peak) KB")
        XCTAssertLessThan(grown, capKB + 40 * 1024, "resident memory grew by \(grown / 1024) MB")
        XCTAssertLessThan(peak, capKB + 40 * 1024, "the peak grew by \(peak / 1024) MB")
    }

    /// The photo shown first, then the neighbours in the order asked; one asked again as shown
    /// moves ahead; cancelled requests are never delivered, even one cancelled while decoding.
    func theShownPhotoGoesFirstAndCancelledOnesAreDropped() throws {
        for name in ["a", "b", "c", "d", "e", "f"] {
            try PhotoFixtures.run("convert", ["-size", "600x400", "plasma:", path("\(name).jpg")])
        }
        let size = PixelSize(width: 300, height: 300)
        let loader = FullPhotoLoader(capacityBytes: 64 << 20)
        let deliveries = Deliveries(loader)
        // "a" starts decoding at once; the rest wait behind it, so their order is the queue's.
        loader.request(uri("a.jpg"), size: size, priority: .shown)
        loader.request(uri("b.jpg"), size: size, priority: .neighbour)
        loader.request(uri("c.jpg"), size: size, priority: .neighbour)
        loader.request(uri("d.jpg"), size: size, priority: .neighbour)
        loader.request(uri("e.jpg"), size: size, priority: .shown)
        loader.request(uri("d.jpg"), size: size, priority: .shown)  // paged onto d: it goes first
        loader.cancel(uri("c.jpg"))
        GtkHarness.wait(for: "the requests") { loader.pending == 0 }
        XCTAssertEqual(deliveries.readyURIs, [uri("a.jpg"), uri("d.jpg"), uri("e.jpg"), uri("b.jpg")])
        XCTAssertNil(loader.cached(uri("c.jpg"), size: size))
        XCTAssertEqual(loader.cancelled, 1)

        // Cancelled while it decodes: dropped when done, and the next one still comes.
        deliveries.ready.removeAll()
        loader.request(uri("f.jpg"), size: size, priority: .shown)
        loader.request(uri("c.jpg"), size: size, priority: .neighbour)
        XCTAssertTrue(loader.isPending(uri("f.jpg")))
        loader.cancelAll(except: [uri("c.jpg")])
        XCTAssertFalse(loader.isPending(uri("f.jpg")))
        GtkHarness.wait(for: "the neighbour") { loader.pending == 0 && !deliveries.ready.isEmpty }
        XCTAssertEqual(deliveries.readyURIs, [uri("c.jpg")])
        XCTAssertNil(loader.cached(uri("f.jpg"), size: size))
        if case .cached(let photo) = loader.request(uri("c.jpg"), size: size, priority: .shown) {
            XCTAssertEqual(photo.pixelSize, PixelSize(width: 300, height: 200))
        } else {
            XCTFail("c is not cached")
        }
    }

    /// The cap counts bytes: with room for two pictures, a third evicts the least recently
    /// used, and a picture looked at since is kept.
    func theCacheEvictsTheLeastRecentlyUsedAboveItsCap() throws {
        for name in ["a", "b", "c"] {
            try PhotoFixtures.run("convert", ["-size", "400x300", "xc:gray", path("\(name).png")])
        }
        let size = PixelSize(width: 400, height: 300)
        let onePicture = 400 * 3 * 300 + 4 * 400 * 300
        let loader = FullPhotoLoader(capacityBytes: 2 * onePicture + onePicture / 2)
        let deliveries = Deliveries(loader)
        for name in ["a", "b"] {
            loader.request(uri("\(name).png"), size: size, priority: .shown)
            GtkHarness.wait(for: "\(name)") { loader.pending == 0 }
        }
        XCTAssertEqual(loader.cachedBytes, 2 * onePicture)
        XCTAssertNotNil(loader.cached(uri("a.png"), size: size))  // a is now used more recently than b
        loader.request(uri("c.png"), size: size, priority: .shown)
        GtkHarness.wait(for: "c") { loader.pending == 0 }
        XCTAssertEqual(deliveries.ready.count, 3)
        XCTAssertNotNil(loader.cached(uri("a.png"), size: size))
        XCTAssertNil(loader.cached(uri("b.png"), size: size))
        XCTAssertNotNil(loader.cached(uri("c.png"), size: size))
        XCTAssertEqual(loader.cachedBytes, 2 * onePicture)
        XCTAssertEqual(loader.evictions, 1)
        // Another size of a cached photo is another picture; the old one stands in meanwhile.
        XCTAssertNil(loader.cached(uri("a.png"), size: PixelSize(width: 200, height: 200)))
        XCTAssertEqual(loader.anyCached(uri("a.png"))?.pixelSize, PixelSize(width: 400, height: 300))
    }

    /// A texture's pixels as cairo's B, G, R, A.
    private func pixels(_ texture: OpaquePointer) -> [UInt8] {
        let width = Int(gdk_texture_get_width(texture)), height = Int(gdk_texture_get_height(texture))
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        return bytes
    }

    /// The colour at the middle of a quadrant of a texture (downloaded as cairo's B, G, R, A).
    private func colour(_ texture: Texture, _ quadrant: PhotoFixtures.Quadrant) -> String {
        let width = Int(gdk_texture_get_width(texture.pointer)), height = Int(gdk_texture_get_height(texture.pointer))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { gdk_texture_download(texture.pointer, $0.baseAddress, gsize(width * 4)) }
        let x = quadrant == .topLeft || quadrant == .bottomLeft ? width / 4 : width * 3 / 4
        let y = quadrant == .topLeft || quadrant == .topRight ? height / 4 : height * 3 / 4
        let at = (y * width + x) * 4
        return PhotoFixtures.colourName(r: Int(pixels[at + 2]), g: Int(pixels[at + 1]), b: Int(pixels[at]))
    }

    /// Every EXIF orientation, in JPEG (GdkPixbuf's loader) and TIFF (libvips): the picture
    /// fits a 40 x 40 box once upright (30 x 40 when turned, 40 x 30 when not), its colours
    /// where the orientation puts them, and the image's size is reported upright; a box larger
    /// than the image gives the image's own size, never enlarged.
    func orientationIsAppliedAndTheBoxFitsTheUprightPicture() throws {
        for tag in 1...8 {
            try PhotoFixtures.writeOrientedJPEG(path("o\(tag).jpg"), orientation: tag)
            try PhotoFixtures.writeOrientedTIFF(path("o\(tag).tif"), orientation: tag)
        }
        let loader = FullPhotoLoader(capacityBytes: 64 << 20)
        let deliveries = Deliveries(loader)
        let box = PixelSize(width: 40, height: 40), large = PixelSize(width: 1000, height: 1000)
        for tag in 1...8 {
            for name in ["o\(tag).jpg", "o\(tag).tif"] {
                loader.request(uri(name), size: box, priority: .neighbour)
                loader.request(uri(name), size: large, priority: .neighbour)
            }
        }
        GtkHarness.wait(for: "the oriented pictures") { loader.pending == 0 }
        XCTAssertEqual(deliveries.failed.count, 0, "\(deliveries.failed.map { $0.error.reason })")
        for tag in 1...8 {
            let turned = tag >= 5
            for name in ["o\(tag).jpg", "o\(tag).tif"] {
                guard let fitted = loader.cached(uri(name), size: box), let whole = loader.cached(uri(name), size: large) else {
                    XCTFail("\(name) was not decoded")
                    continue
                }
                XCTAssertEqual(fitted.pixelSize, turned ? PixelSize(width: 30, height: 40) : PixelSize(width: 40, height: 30), name)
                XCTAssertEqual(whole.pixelSize, turned ? PixelSize(width: 48, height: 64) : PixelSize(width: 64, height: 48), name)
                XCTAssertEqual(fitted.imageSize, whole.pixelSize, name)
                let (red, green) = PhotoFixtures.shown(orientation: tag)
                for quadrant in PhotoFixtures.Quadrant.allCases {
                    let expected = quadrant == red ? "red" : quadrant == green ? "green" : "blue"
                    XCTAssertEqual(colour(fitted.texture, quadrant), expected, "\(name) fitted, \(quadrant)")
                    XCTAssertEqual(colour(whole.texture, quadrant), expected, "\(name) whole, \(quadrant)")
                }
            }
        }
    }

    /// A detail is the region asked for, in upright image pixels, at the scale asked for: for
    /// each EXIF orientation (JPEG and TIFF), the left half of the upright picture shows the
    /// colours of the upright picture's left half. From a 24-megapixel JPEG, an 800 x 600
    /// region at its bottom at 1:1 has vips' own crop's pixels and adds under 24 MB to the peak
    /// (the whole image is 72 MB; vips' crop of a sequential image kept 50 MB), and at half
    /// scale it is 400 x 300. A detail asked for again replaces the one before, which is not
    /// delivered.
    func aDetailIsARegionDecodedUprightAtTheZoom() throws {
        for tag in 1...8 {
            try PhotoFixtures.writeOrientedJPEG(path("o\(tag).jpg"), orientation: tag)
            try PhotoFixtures.writeOrientedTIFF(path("o\(tag).tif"), orientation: tag)
        }
        let loader = FullPhotoLoader(capacityBytes: 64 << 20)
        var details: [(FullPhotoLoader.DetailRequest, FullPhoto)] = []
        var regions: [Rect] = []
        loader.onDetailReady = { details.append(($0.request, $0.photo)); regions.append($0.region) }
        for tag in 1...8 {
            let turned = tag >= 5
            let upright = turned ? PixelSize(width: 48, height: 64) : PixelSize(width: 64, height: 48)
            for name in ["o\(tag).jpg", "o\(tag).tif"] {
                details.removeAll()
                loader.requestDetail(uri(name), region: Rect(x: 0, y: 0, width: Double(upright.width / 2), height: Double(upright.height)), scale: 1)
                GtkHarness.wait(for: "the detail of \(name)") { !details.isEmpty }
                guard let (_, detail) = details.first else { continue }
                XCTAssertEqual(detail.pixelSize, PixelSize(width: upright.width / 2, height: upright.height), name)
                XCTAssertEqual(detail.imageSize, upright, name)
                let (red, green) = PhotoFixtures.shown(orientation: tag)
                func expected(_ quadrant: PhotoFixtures.Quadrant) -> String { quadrant == red ? "red" : quadrant == green ? "green" : "blue" }
                // The region is the upright picture's left half: its quadrants sample that half's.
                XCTAssertEqual(colour(detail.texture, .topLeft), expected(.topLeft), "\(name) detail, top")
                XCTAssertEqual(colour(detail.texture, .topRight), expected(.topLeft), "\(name) detail, top")
                XCTAssertEqual(colour(detail.texture, .bottomLeft), expected(.bottomLeft), "\(name) detail, bottom")
                XCTAssertEqual(colour(detail.texture, .bottomRight), expected(.bottomLeft), "\(name) detail, bottom")
            }
        }

        try writeLargeJPEG("large.jpg", frequency: 3)
        details.removeAll()
        loader.requestDetail(uri("large.jpg"), region: Rect(x: 0, y: 0, width: 10, height: 10), scale: 1)  // warms the decoder up
        GtkHarness.wait(for: "the first detail") { !details.isEmpty }
        details.removeAll()
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let peakBefore = PhotoDecoderTests.peakResidentKB()
        let started = GtkHarness.now()
        loader.requestDetail(uri("large.jpg"), region: Rect(x: 2600, y: 3300, width: 800, height: 600), scale: 1)  // the bottom: the most rows read
        GtkHarness.wait(for: "the 1:1 detail") { !details.isEmpty }
        let took = GtkHarness.now() - started
        let peak = PhotoDecoderTests.peakResidentKB() - peakBefore
        print("full photos: an 800 x 600 detail of a 6000 x 4000 JPEG took \(Int(took * 1000)) ms, the peak grew \(peak) KB")
        XCTAssertEqual(details.first?.1.pixelSize, PixelSize(width: 800, height: 600))
        XCTAssertEqual(details.first?.1.imageSize, PixelSize(width: 6000, height: 4000))
        XCTAssertLessThan(peak, 24 * 1024, "the peak grew by \(peak / 1024) MB")
        // The same pixels as libvips' own crop of the file.
        try PhotoFixtures.run("vips", ["crop", path("large.jpg"), path("crop.png"), "2600", "3300", "800", "600"])
        if let detail = details.first?.1, let expected = gdk_texture_new_from_filename(path("crop.png"), nil) {
            defer { g_object_unref(UnsafeMutableRawPointer(expected)) }
            let got = pixels(detail.texture.pointer), want = pixels(expected)
            XCTAssertEqual(got.count, want.count)
            let differing = zip(got, want).filter { abs(Int($0) - Int($1)) > 2 }.count
            XCTAssertEqual(differing, 0, "bytes differing from vips' crop")
        }

        details.removeAll()
        loader.requestDetail(uri("large.jpg"), region: Rect(x: 0, y: 0, width: 100, height: 100), scale: 1)
        loader.requestDetail(uri("large.jpg"), region: Rect(x: 1000, y: 1000, width: 800, height: 600), scale: 0.5)
        GtkHarness.wait(for: "the details") { loader.pending == 0 }
        XCTAssertEqual(details.map(\.0.region), [Rect(x: 1000, y: 1000, width: 800, height: 600)], "only the last asked for")
        // A region in fractions of pixels, past the image's edge: what was read covers it, within the image.
        regions.removeAll()
        loader.requestDetail(uri("large.jpg"), region: Rect(x: 5800.5, y: 3900.25, width: 400, height: 300), scale: 1)
        GtkHarness.wait(for: "the detail at the corner") { loader.pending == 0 && !regions.isEmpty }
        XCTAssertEqual(regions, [Rect(x: 5800, y: 3900, width: 200, height: 100)])
        XCTAssertEqual(details.last?.1.pixelSize, PixelSize(width: 200, height: 100))
        XCTAssertEqual(details.first?.1.pixelSize, PixelSize(width: 400, height: 300))
    }

    /// A broken file gives the decoder's reason, a bomb is refused from its header with its
    /// size, and a file deleted after it was asked for and before its turn gives "No such file
    /// or directory": each through `onFailed`, none cached; the lasting failures are answered
    /// from memory when asked again, the deleted file is tried again (it may come back).
    func failuresArriveAsErrors() throws {
        try Data("not really a jpeg".utf8).write(to: folder.appendingPathComponent("broken.jpg"))
        try PhotoFixtures.writeBlankPNG(path("bomb.png"), width: 40000, height: 40000)
        try writeLargeJPEG("large.jpg", frequency: 3)
        try PhotoFixtures.run("convert", ["-size", "60x40", "xc:red", path("doomed.jpg")])
        let size = PixelSize(width: 1280, height: 800)
        let loader = FullPhotoLoader(capacityBytes: 64 << 20)
        let deliveries = Deliveries(loader)
        loader.request(uri("large.jpg"), size: size, priority: .shown)  // keeps the worker busy
        loader.request(uri("doomed.jpg"), size: size, priority: .neighbour)
        loader.request(uri("broken.jpg"), size: size, priority: .neighbour)
        loader.request(uri("bomb.png"), size: size, priority: .neighbour)
        // Deleted before its turn: the worker starts it only once the main loop has heard
        // that "large" is done, and the main loop has not run since it was asked for.
        XCTAssertEqual(unlink(path("doomed.jpg")), 0)
        GtkHarness.wait(for: "the failures") { loader.pending == 0 }
        XCTAssertEqual(deliveries.readyURIs, [uri("large.jpg")])
        XCTAssertEqual(deliveries.failed.map(\.uri), [uri("doomed.jpg"), uri("broken.jpg"), uri("bomb.png")])
        guard deliveries.failed.count == 3 else { return }
        XCTAssertEqual(deliveries.failed[0].error, .cannotOpen(errno: ENOENT))
        XCTAssertEqual(deliveries.failed[0].error.reason, "No such file or directory")
        guard case .undecodable(let reason) = deliveries.failed[1].error else { return XCTFail("broken.jpg: \(deliveries.failed[1].error)") }
        XCTAssertFalse(reason.isEmpty)
        XCTAssertEqual(deliveries.failed[2].error, .tooLarge(width: 40000, height: 40000, limit: PhotoDecoder.streamedPixelLimit))
        XCTAssertEqual(loader.cachedCount, 1)
        if case .failed(let error) = loader.request(uri("bomb.png"), size: size, priority: .shown) {
            XCTAssertEqual(error, deliveries.failed[2].error)
        } else {
            XCTFail("the bomb's failure is not remembered")
        }
        guard case .requested = loader.request(uri("doomed.jpg"), size: size, priority: .shown) else { return XCTFail("not asked again") }
        GtkHarness.wait(for: "the deleted file again") { loader.pending == 0 }
        XCTAssertEqual(deliveries.failed.count, 4)
    }
}
