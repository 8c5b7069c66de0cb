import XCTest
import Foundation
import Dispatch
import CGtk
@testable import gallery

/// The gallery's photo decoder on real files the test writes: orientation by the pixels of the
/// thumbnail, sizes refused from the header, huge images decoded in little memory, files that
/// are not regular refused without blocking, names that are not UTF-8.
final class PhotoDecoderTests: XCTestCase {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photo-decoder-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    private func uri(_ name: String) -> String { PhotoFixtures.uri(Array(path(name).utf8)) }

    /// Decodes on another thread, so that a decode that blocks fails the test instead of hanging it.
    private func decode(_ uri: String, file: StaticString = #filePath, line: UInt = #line) -> Result<OpaquePointer, PhotoDecodeError>? {
        nonisolated(unsafe) var result: Result<OpaquePointer, PhotoDecodeError>?
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            result = PhotoDecoder.thumbnail(uri: uri, maxSide: 256)
            done.signal()
        }
        guard done.wait(timeout: .now() + 30) == .success else {
            XCTFail("the decode of \(uri) did not return", file: file, line: line)
            return nil
        }
        return result
    }

    private func decoded(_ uri: String, file: StaticString = #filePath, line: UInt = #line) -> OpaquePointer? {
        switch decode(uri, file: file, line: line) {
        case .success(let pixbuf): return pixbuf
        case .failure(let error): XCTFail("\(uri): \(error.reason)", file: file, line: line); return nil
        case nil: return nil
        }
    }

    private func failure(_ uri: String, file: StaticString = #filePath, line: UInt = #line) -> PhotoDecodeError? {
        switch decode(uri, file: file, line: line) {
        case .success(let pixbuf): g_object_unref(UnsafeMutableRawPointer(pixbuf)); XCTFail("\(uri) was decoded", file: file, line: line); return nil
        case .failure(let error): return error
        case nil: return nil
        }
    }

    /// The colour at the middle of a quadrant of a pixbuf.
    private func colour(_ pixbuf: OpaquePointer, _ quadrant: PhotoFixtures.Quadrant) -> String {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let x = quadrant == .topLeft || quadrant == .bottomLeft ? width / 4 : width * 3 / 4
        let y = quadrant == .topLeft || quadrant == .topRight ? height / 4 : height * 3 / 4
        let pixels = gdk_pixbuf_read_pixels(pixbuf)!
        let at = y * Int(gdk_pixbuf_get_rowstride(pixbuf)) + x * Int(gdk_pixbuf_get_n_channels(pixbuf))
        return PhotoFixtures.colourName(r: Int(pixels[at]), g: Int(pixels[at + 1]), b: Int(pixels[at + 2]))
    }

    /// Every EXIF orientation, in a JPEG's EXIF and in a TIFF's own tag: red and green in the
    /// quadrants the orientation puts them in, blue in the others, turned ones upright (taller
    /// than wide), at the thumbnail's size.
    func testEveryOrientationIsApplied() throws {
        for tag in 1...8 {
            try PhotoFixtures.writeOrientedJPEG(path("o\(tag).jpg"), orientation: tag)
            try PhotoFixtures.writeOrientedTIFF(path("o\(tag).tif"), orientation: tag)
        }
        for tag in 1...8 {
            for name in ["o\(tag).jpg", "o\(tag).tif"] {
                guard let pixbuf = decoded(uri(name)) else { continue }
                defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
                let (width, height) = (Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf)))
                XCTAssertEqual(max(width, height), 256, name)
                XCTAssertEqual(width < height, tag >= 5, "\(name) is \(width)x\(height)")
                let (red, green) = PhotoFixtures.shown(orientation: tag)
                for quadrant in PhotoFixtures.Quadrant.allCases {
                    let expected = quadrant == red ? "red" : quadrant == green ? "green" : "blue"
                    XCTAssertEqual(colour(pixbuf, quadrant), expected, "\(name), \(quadrant)")
                }
            }
        }
    }

    /// Every format the gallery lists decodes, through libvips or GdkPixbuf: a 300 x 200 picture
    /// (an icon 64 x 48) whose top-right quadrant is green and the rest red comes out at the
    /// thumbnail's size with its colours where they were; and the pixel kinds photos come in
    /// (16 bits a channel, grey, CMYK, with alpha) come out as 8-bit RGB(A).
    func testEveryListedFormatDecodes() throws {
        let drawing = ["xc:red", "-fill", "lime", "-draw", "rectangle 150,0 299,99"]
        for format in ["png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff"] {
            try PhotoFixtures.run("convert", ["-size", "300x200"] + drawing + [path("picture.\(format)")])
        }
        // TGA by hand: ImageMagick 6 writes its rows top first while its header says bottom
        // first (TGA's default), so its files show upside down in every reader that follows
        // the header. Here rows bottom first, as the header says.
        try PhotoFixtures.run("python3", ["-c", """
            import struct, sys
            width, height = 300, 200
            header = struct.pack("<BBBHHBHHHHBB", 0, 0, 2, 0, 0, 0, 0, 0, width, height, 24, 0)
            def pixel(x, y): return b"\\x00\\xff\\x00" if x >= 150 and y < 100 else b"\\x00\\x00\\xff"
            rows = [b"".join(pixel(x, y) for x in range(width)) for y in reversed(range(height))]
            open(sys.argv[1], "wb").write(header + b"".join(rows))
            """, path("picture.tga")])
        try PhotoFixtures.run("convert", ["-size", "64x48", "xc:red", "-fill", "lime", "-draw", "rectangle 32,0 63,23", path("picture.ico")])
        try Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="red"/>\
            <rect x="150" width="150" height="100" fill="lime"/></svg>
            """.utf8).write(to: folder.appendingPathComponent("picture.svg"))
        let listed = MainActor.assumeIsolated { FolderContent.imageExtensions }
        XCTAssertEqual(listed, ["png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "svg", "ico", "tga"],
                       "a format the gallery lists is missing here")
        for format in listed.sorted() {
            guard let pixbuf = decoded(uri("picture.\(format)")) else { continue }
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            XCTAssertEqual(gdk_pixbuf_get_width(pixbuf), 256, format)
            XCTAssertEqual(gdk_pixbuf_get_height(pixbuf), format == "ico" ? 192 : 171, format)  // 4:3 and 3:2
            XCTAssertEqual(colour(pixbuf, .topLeft), "red", format)
            XCTAssertEqual(colour(pixbuf, .topRight), "green", format)
            XCTAssertEqual(colour(pixbuf, .bottomRight), "red", format)
        }
        try PhotoFixtures.run("convert", ["-size", "300x200", "xc:red", "-depth", "16", path("deep.png")])
        try PhotoFixtures.run("convert", ["-size", "300x200", "xc:gray50", "-colorspace", "Gray", path("grey.png")])
        try PhotoFixtures.run("convert", ["-size", "300x200", "xc:red", "-colorspace", "CMYK", path("cmyk.jpg")])
        try PhotoFixtures.run("convert", ["-size", "300x200", "xc:red", "-alpha", "set", "-channel", "A", "-evaluate", "set", "50%", path("alpha.png")])
        // GdkPixbuf's JPEG loader gives CMYK as RGB with an opaque alpha.
        for (name, channels, expected) in [("deep.png", [3], "red"), ("grey.png", [3], "other"), ("cmyk.jpg", [3, 4], "red"), ("alpha.png", [4], "red")] {
            guard let pixbuf = decoded(uri(name)) else { continue }
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            XCTAssertTrue(channels.contains(Int(gdk_pixbuf_get_n_channels(pixbuf))), name)
            XCTAssertEqual(gdk_pixbuf_get_bits_per_sample(pixbuf), 8, name)
            XCTAssertEqual(colour(pixbuf, .topLeft), expected, name)
        }
    }

    /// A 40000 x 40000 PNG (1.6 billion pixels in 190 KB) is refused from its header, with its
    /// size and the limit in the reason, and costs no memory; a 12000 x 12000 one (144 million
    /// pixels, under the limit) is decoded row by row at the thumbnail's size: together they add
    /// under 100 MB to the process's peak (decoded whole, the second alone would take 430 MB).
    func testABombIsRefusedAndAHugeImageDecodesInLittleMemory() throws {
        try PhotoFixtures.writeBlankPNG(path("bomb.png"), width: 40000, height: 40000)
        try PhotoFixtures.writeBlankPNG(path("huge.png"), width: 12000, height: 12000)
        // The peak from here (an earlier test's peak would hide these decodes): writing 5 to
        // clear_refs resets the process's peak resident size to what it holds now.
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let before = Self.peakResidentKB()
        let refused = failure(uri("bomb.png"))
        XCTAssertEqual(refused, .tooLarge(width: 40000, height: 40000, limit: PhotoDecoder.streamedPixelLimit))
        XCTAssertEqual(refused?.reason, "40000 × 40000 pixels, more than the 250 megapixels the gallery decodes")
        if let pixbuf = decoded(uri("huge.png")) {
            XCTAssertEqual(gdk_pixbuf_get_width(pixbuf), 256)
            XCTAssertEqual(gdk_pixbuf_get_height(pixbuf), 256)
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
        }
        let added = Self.peakResidentKB() - before
        XCTAssertLessThan(added, 100 * 1024, "the peak grew by \(added / 1024) MB")
    }

    /// A format GdkPixbuf decodes whole (BMP) is refused past the lower limit from its header
    /// alone: a header that claims 10000 x 10000 pixels and no pixel data.
    func testAFormatDecodedWholeHasTheLowerLimit() throws {
        try PhotoFixtures.run("python3", ["-c", """
            import struct, sys
            info = struct.pack("<IiiHHIIiiII", 40, 10000, 10000, 1, 24, 0, 0, 2835, 2835, 0, 0)
            open(sys.argv[1], "wb").write(b"BM" + struct.pack("<IHHI", 14 + 40, 0, 0, 14 + 40) + info)
            """, path("wide.bmp")])
        XCTAssertEqual(failure(uri("wide.bmp")), .tooLarge(width: 10000, height: 10000, limit: PhotoDecoder.wholePixelLimit))
        // And a small BMP decodes, through the same loader.
        try PhotoFixtures.run("convert", ["-size", "40x30", "xc:red", path("small.bmp")])
        if let pixbuf = decoded(uri("small.bmp")) {
            XCTAssertEqual(gdk_pixbuf_get_width(pixbuf), 256)
            XCTAssertEqual(colour(pixbuf, .topLeft), "red")
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
        }
    }

    /// What is not a regular file is refused at once, whatever its name: a FIFO (opening it
    /// would wait for a writer), a link to /dev/zero (reading it never ends), a symlink loop,
    /// a dangling link, a folder.
    func testWhatIsNotARegularFileIsRefusedWithoutBlocking() throws {
        XCTAssertEqual(mkfifo(path("fifo.png"), 0o644), 0)
        XCTAssertEqual(symlink("/dev/zero", path("device.png")), 0)
        XCTAssertEqual(symlink(path("loop.png"), path("loop.png")), 0)
        XCTAssertEqual(symlink(path("missing.png"), path("dangling.png")), 0)
        try FileManager.default.createDirectory(atPath: path("folder.png"), withIntermediateDirectories: false)
        XCTAssertEqual(failure(uri("fifo.png")), .notARegularFile)
        XCTAssertEqual(failure(uri("device.png")), .notARegularFile)
        XCTAssertEqual(failure(uri("loop.png")), .cannotOpen(errno: ELOOP))
        XCTAssertEqual(failure(uri("dangling.png")), .cannotOpen(errno: ENOENT))
        XCTAssertEqual(failure(uri("folder.png")), .notARegularFile)
        XCTAssertEqual(failure("https://example.org/a.png"), .notALocalFile)
    }

    /// A file whose name is not UTF-8 (Latin-1 "café.png") is opened by its bytes.
    func testANameThatIsNotUTF8Opens() throws {
        try PhotoFixtures.run("convert", ["-size", "40x30", "xc:lime", path("source.png")])
        let latin1 = try PhotoFixtures.copy(path("source.png"), into: folder.path, name: PhotoFixtures.latin1Name)
        if let pixbuf = decoded(PhotoFixtures.uri(latin1)) {
            XCTAssertEqual(colour(pixbuf, .bottomRight), "green")
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
        }
    }

    /// A file that is not what its name says gets the decoder's reason.
    func testABrokenFileSaysWhy() throws {
        try Data("not really a jpeg".utf8).write(to: folder.appendingPathComponent("broken.jpg"))
        guard case .undecodable(let reason)? = failure(uri("broken.jpg")) else { return XCTFail("not undecodable") }
        XCTAssertFalse(reason.isEmpty)
    }

    /// The process's peak resident memory (VmHWM), in KB.
    static func peakResidentKB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
