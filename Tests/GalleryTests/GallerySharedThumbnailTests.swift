import XCTest
import Foundation
import CGtk

/// The freedesktop thumbnail cache (`$XDG_CACHE_HOME/thumbnails`, shared with GNOME Files):
/// the gallery writes thumbnails that libgnome-desktop's own lookup finds, uses a valid one
/// instead of decoding the photo, replaces one that is out of date, marks files it cannot read
/// and does not decode them again, and makes no thumbnails of the cache's own files. Each test
/// has a cache folder of its own (GalleryHome sets XDG_CACHE_HOME).
final class GallerySharedThumbnailTests: XCTestCase {
    let home = GalleryHome()
    var runs: [GalleryRun] = []
    var log: GalleryRun { runs.last! }
    lazy var folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-shared-\(UUID().uuidString)")
    var cache: URL { home.directory.appendingPathComponent("cache/thumbnails") }

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        runs.forEach { $0.stop() }
        home.remove()
        try? FileManager.default.removeItem(at: folder)
    }

    private func launch(_ path: String, environment: [String: String] = [:]) throws {
        let id = "io.github.collectionview.GalleryTest.T\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"
        runs.append(try home.launch([path], appID: id, environment: environment))
    }

    @discardableResult
    private func await_(_ what: String, after: Int = 0, timeout: Double = 30, file: StaticString = #filePath, line: UInt = #line,
                        _ match: (String) -> Bool) -> String? {
        log.await_(what, after: after, timeout: timeout, file: file, line: line, match)
    }

    /// The "thumbnails ..." line logged when nothing is left to load or write, with these counts.
    private func awaitSettled(decoded: Int, shared: Int, failedBefore: Int, written: Int, after: Int = 0,
                              file: StaticString = #filePath, line: UInt = #line) {
        await_("thumbnails decoded=\(decoded) shared=\(shared) failed-before=\(failedBefore) written=\(written)", after: after,
               file: file, line: line) {
            $0.hasPrefix("thumbnails settled decoded=\(decoded) ") && $0.hasSuffix(" shared=\(shared) failed-before=\(failedBefore) written=\(written)")
        }
    }

    /// Waits until what was loaded by the time of line `line` has been written: the next
    /// "thumbnails ..." line after it, logged when nothing is left to load or write.
    private func awaitWritten(after line: String?, file: StaticString = #filePath, lineNumber: UInt = #line) {
        let mark = line.flatMap { log.lines.lastIndex(of: $0) }.map { $0 + 1 } ?? log.lines.count
        await_("the thumbnails written", after: mark, file: file, line: lineNumber) { $0.hasPrefix("thumbnails settled decoded=") }
    }

    private func photo(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A thumbnail the gallery wrote, or one placed by hand: a photo, then its thumbnails, the
    /// second launch reads them all and decodes nothing; the broken file's marker is honoured
    /// and its message shown again; libgnome-desktop's lookup (what GNOME Files calls) finds
    /// each thumbnail for the file's URI and modification time, and none for another time.
    func testThumbnailsGoToTheSharedCacheAndComeBackFromIt() throws {
        let colours: [String: UInt32] = ["red.png": 0xc0_1c_28ff, "green.png": 0x26_a2_69ff, "blue.png": 0x1c_71_d8ff]
        for (name, colour) in colours { try writeTestPNG(photo(name), colour: colour) }
        try Data("not really a jpeg".utf8).write(to: URL(fileURLWithPath: photo("broken.jpg")))

        try launch(folder.path)
        await_("the broken file's message") { $0.hasPrefix("message 1 file could not be read as an image (broken.jpg") }
        awaitSettled(decoded: 3, shared: 0, failedBefore: 0, written: 4)
        XCTAssertEqual(try permissions(of: cache), 0o700)
        XCTAssertEqual(try permissions(of: cache.appendingPathComponent("large")), 0o700)
        for (name, colour) in colours {
            let uri = fileURI(photo(name))
            let thumbnail = thumbnailPath(uri, size: "large")
            let fields = try XCTUnwrap(textFields(ofPNG: thumbnail), "the thumbnail of \(name)")
            XCTAssertEqual(fields["Thumb::URI"], uri)
            XCTAssertEqual(fields["Thumb::MTime"], String(modificationTime(photo(name))))
            XCTAssertEqual(fields["Thumb::Size"], String(fileSize(photo(name))))
            XCTAssertEqual(fields["Thumb::Image::Width"], "320")
            XCTAssertEqual(fields["Thumb::Image::Height"], "240")
            XCTAssertEqual(fields["Software"], "Collection Gallery")
            XCTAssertEqual(try permissions(of: URL(fileURLWithPath: thumbnail)), 0o600)
            XCTAssertEqual(pixelSize(ofPNG: thumbnail), [256, 192], "fits the large size")
            XCTAssertEqual(centrePixel(ofPNG: thumbnail), colour >> 8, "the photo's pixels")
            XCTAssertEqual(try gnomeLookup(uri, modified: modificationTime(photo(name))), thumbnail, "libgnome-desktop finds it")
            XCTAssertEqual(try gnomeLookup(uri, modified: modificationTime(photo(name)) + 1), "", "not for another time")
        }
        let broken = fileURI(photo("broken.jpg"))
        let marker = try XCTUnwrap(textFields(ofPNG: failurePath(broken)), "the broken file's failure marker")
        XCTAssertEqual(marker["Thumb::URI"], broken)
        XCTAssertEqual(marker["Thumb::MTime"], String(modificationTime(photo("broken.jpg"))))
        let reason = try XCTUnwrap(marker["X-Collection-Gallery::Error"], "the reason is kept: \(marker)")
        XCTAssertFalse(reason.isEmpty, "the reason is kept: \(marker)")
        runs.last?.stop()

        try launch(folder.path)
        for name in colours.keys { await_("\(name) from the cache") { $0 == "thumbnail-source shared \(photo(name))" } }
        await_("the broken file known") { $0 == "thumbnail-source failed-before \(photo("broken.jpg"))" }
        await_("its message again") { $0.hasPrefix("message 1 file could not be read as an image (broken.jpg: ") && $0.contains(reason) }
        awaitSettled(decoded: 0, shared: 3, failedBefore: 1, written: 0)
        XCTAssertFalse(log.lines.contains { $0.hasPrefix("thumbnail-source decoded ") || $0.hasPrefix("thumbnail-source failed ") }, "nothing decoded")
    }

    /// A thumbnail placed by hand (a colour the photo does not have, with the right Thumb::URI
    /// and Thumb::MTime) is what the tile shows, and the photo is not decoded, also when only a
    /// larger size has one; one whose MTime is not the file's is replaced by the decoded photo.
    func testAValidThumbnailIsShownWithoutDecodingAndAStaleOneIsReplaced() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/import"), "ImageMagick's import is not installed")
        let (photoGreen, handMagenta, photoBlue, staleYellow): (UInt32, UInt32, UInt32, UInt32) = (0x12_ab_34ff, 0xe0_20_d0ff, 0x1c_40_d8ff, 0xf6_d3_2dff)
        let (photoRed, largerCyan): (UInt32, UInt32) = (0xa5_1d_2dff, 0x00_c0_c8ff)
        try writeTestPNG(photo("fresh.png"), colour: photoGreen)
        try writeTestPNG(photo("stale.png"), colour: photoBlue)
        try writeTestPNG(photo("larger.png"), colour: photoRed)
        let fresh = fileURI(photo("fresh.png")), stale = fileURI(photo("stale.png")), larger = fileURI(photo("larger.png"))
        try placeThumbnail(colour: handMagenta, uri: fresh, modified: modificationTime(photo("fresh.png")), size: "large")
        try placeThumbnail(colour: staleYellow, uri: stale, modified: modificationTime(photo("stale.png")) - 60, size: "large")
        try placeThumbnail(colour: largerCyan, uri: larger, modified: modificationTime(photo("larger.png")), size: "x-large")

        try launch(folder.path)
        await_("the placed thumbnail used") { $0 == "thumbnail-source shared \(photo("fresh.png"))" }
        await_("the larger one used") { $0 == "thumbnail-source shared \(photo("larger.png"))" }
        await_("the stale one decoded again") { $0 == "thumbnail-source decoded \(photo("stale.png"))" }
        awaitSettled(decoded: 1, shared: 2, failedBefore: 0, written: 1)
        XCTAssertFalse(log.lines.contains("thumbnail-source decoded \(photo("fresh.png"))"))

        let colours = [photoGreen, handMagenta, photoBlue, staleYellow, photoRed, largerCyan].map { $0 >> 8 }
        var screen: [UInt32: Int] = [:]
        let shown = log.wait(timeout: 20) {
            screen = screenPixels(counting: colours)
            return [handMagenta, photoBlue, largerCyan].allSatisfy { screen[$0 >> 8, default: 0] > 2000 }
        }
        XCTAssertTrue(shown, "the tiles show the placed thumbnails and the decoded photo: \(screen)")
        XCTAssertEqual(screen[photoGreen >> 8], 0, "the photo whose thumbnail was valid is not shown decoded")
        XCTAssertEqual(screen[photoRed >> 8], 0, "nor the one with a larger thumbnail")
        XCTAssertEqual(screen[staleYellow >> 8], 0, "the stale thumbnail is not shown")
        XCTAssertFalse(FileManager.default.fileExists(atPath: thumbnailPath(larger, size: "large")), "nothing written for it")

        let replaced = try XCTUnwrap(textFields(ofPNG: thumbnailPath(stale, size: "large")))
        XCTAssertEqual(replaced["Thumb::MTime"], String(modificationTime(photo("stale.png"))))
        XCTAssertEqual(centrePixel(ofPNG: thumbnailPath(stale, size: "large")), photoBlue >> 8, "replaced by the photo's pixels")
        XCTAssertEqual(centrePixel(ofPNG: thumbnailPath(fresh, size: "large")), handMagenta >> 8, "the valid one is kept")
    }

    /// The cache is a folder any program writes to: a "thumbnail" that is a decompression bomb
    /// (10000x10000, 300 MB decoded, with the right fields) is refused from its header and never
    /// decoded, and a damaged one (half a PNG) is not used; both photos are decoded and their
    /// thumbnails replaced.
    func testHostileAndDamagedThumbnailsAreReplaced() throws {
        try writeTestPNG(photo("bomb.png"), colour: 0x57_e3_89ff)
        try writeTestPNG(photo("damaged.png"), colour: 0xdc_8a_ddff)
        let bomb = fileURI(photo("bomb.png")), damaged = fileURI(photo("damaged.png"))
        try FileManager.default.createDirectory(at: cache.appendingPathComponent("large"), withIntermediateDirectories: true)
        let script = """
            import sys, struct, zlib
            path, uri, mtime, side = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
            def chunk(kind, data):
                return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
            packer = zlib.compressobj(9)
            row = bytes(side + 1)  # filter byte, then grey pixels
            pixels = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()
            with open(path, "wb") as f:
                f.write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0))
                        + chunk(b"tEXt", b"Thumb::URI\\0" + uri.encode()) + chunk(b"tEXt", b"Thumb::MTime\\0" + mtime.encode())
                        + chunk(b"IDAT", pixels) + chunk(b"IEND", b""))
            """
        try runPython(script, thumbnailPath(bomb, size: "large"), bomb, String(modificationTime(photo("bomb.png"))), "10000")
        try placeThumbnail(colour: 0xff_00_00ff, uri: damaged, modified: modificationTime(photo("damaged.png")), size: "large")
        let whole = try Data(contentsOf: URL(fileURLWithPath: thumbnailPath(damaged, size: "large")))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: thumbnailPath(damaged, size: "large")))

        try launch(folder.path)
        await_("the photo under the bomb decoded") { $0 == "thumbnail-source decoded \(photo("bomb.png"))" }
        await_("the photo under the damaged one decoded") { $0 == "thumbnail-source decoded \(photo("damaged.png"))" }
        awaitSettled(decoded: 2, shared: 0, failedBefore: 0, written: 2)
        let status = (try? String(contentsOfFile: "/proc/\(log.process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let peakKB = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap { Int($0.split(separator: " ")[1]) } ?? .max
        XCTAssertLessThan(peakKB, 300 << 10, "the bomb was not decoded (it alone is 300 MB): peak resident \(peakKB) kB")
        XCTAssertEqual(pixelSize(ofPNG: thumbnailPath(bomb, size: "large")), [256, 192], "replaced")
        XCTAssertEqual(centrePixel(ofPNG: thumbnailPath(damaged, size: "large")), 0xdc_8a_dd, "replaced by the photo's pixels")
    }

    /// A thumbnail GNOME made as Files makes it (libgnome-desktop's generate_thumbnail, which
    /// runs gdk-pixbuf-thumbnailer in bubblewrap, then save_thumbnail) is what the gallery uses.
    func testAThumbnailGnomeMadeIsUsed() throws {
        try writeTestPNG(photo("by-files.png"), colour: 0x2e_c2_7eff)
        let uri = fileURI(photo("by-files.png"))
        let made = try gnomeFactory("""
            pixbuf = factory.generate_thumbnail(sys.argv[1], "image/png", None)
            factory.save_thumbnail(pixbuf, sys.argv[1], int(sys.argv[2]), None)
            print(factory.lookup(sys.argv[1], int(sys.argv[2])) or "")
            """, uri, String(modificationTime(photo("by-files.png"))))
        XCTAssertEqual(made, thumbnailPath(uri, size: "large"), "GNOME's thumbnail is there")
        XCTAssertEqual(textFields(ofPNG: made)?["Software"], "GNOME::ThumbnailFactory")

        try launch(folder.path)
        await_("GNOME's thumbnail used") { $0 == "thumbnail-source shared \(photo("by-files.png"))" }
        awaitSettled(decoded: 0, shared: 1, failedBefore: 0, written: 0)
        XCTAssertEqual(textFields(ofPNG: made)?["Software"], "GNOME::ThumbnailFactory", "left as it was")
    }

    /// A photo that changes while it is shown gets a new thumbnail (decoded again, written with
    /// the new time); a broken file that is fixed is decoded, and its failure marker goes.
    func testAChangedFileGetsANewThumbnailAndAFixedOneLosesItsMarker() throws {
        let (before, after): (UInt32, UInt32) = (0x98_41_c1ff, 0xe6_61_00ff)
        try writeTestPNG(photo("changing.png"), colour: before)
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: photo("fixed.png")))
        try launch(folder.path)
        awaitSettled(decoded: 1, shared: 0, failedBefore: 0, written: 2)
        let changing = thumbnailPath(fileURI(photo("changing.png")), size: "large")
        XCTAssertEqual(centrePixel(ofPNG: changing), before >> 8)
        XCTAssertNotNil(textFields(ofPNG: failurePath(fileURI(photo("fixed.png")))), "the broken file is marked")

        var mark = log.lines.count
        try writeTestPNG(photo("changing.png"), colour: after)
        let decodedAgain = await_("the changed photo decoded", after: mark) { $0 == "thumbnail-source decoded \(photo("changing.png"))" }
        awaitWritten(after: decodedAgain)
        XCTAssertEqual(centrePixel(ofPNG: changing), after >> 8, "the new thumbnail has the new pixels")
        XCTAssertEqual(textFields(ofPNG: changing)?["Thumb::MTime"], String(modificationTime(photo("changing.png"))))

        mark = log.lines.count
        try writeTestPNG(photo("fixed.png"), colour: after)
        let fixed = await_("the fixed file decoded", after: mark) { $0 == "thumbnail-source decoded \(photo("fixed.png"))" }
        awaitWritten(after: fixed)
        XCTAssertNil(textFields(ofPNG: failurePath(fileURI(photo("fixed.png")))), "its failure marker is gone")
        XCTAssertNotNil(textFields(ofPNG: thumbnailPath(fileURI(photo("fixed.png")), size: "large")), "its thumbnail is written")
    }

    /// The size that covers a tile at the screen's scale: at 2x (GDK_SCALE) a 120-pixel tile is
    /// 240 device pixels, and its thumbnail is x-large (512), written and read there.
    func testAtTwiceTheScaleThumbnailsAreXLarge() throws {
        try writeTestPNG(photo("sharp.png"), colour: 0x81_3d_9cff)
        let uri = fileURI(photo("sharp.png"))
        try launch(folder.path, environment: ["GDK_SCALE": "2"])
        awaitSettled(decoded: 1, shared: 0, failedBefore: 0, written: 1)
        XCTAssertEqual(pixelSize(ofPNG: thumbnailPath(uri, size: "x-large")), [512, 384])
        XCTAssertFalse(FileManager.default.fileExists(atPath: thumbnailPath(uri, size: "large")))
        runs.last?.stop()

        try launch(folder.path, environment: ["GDK_SCALE": "2"])
        awaitSettled(decoded: 0, shared: 1, failedBefore: 0, written: 0)
    }

    /// The specification: no thumbnails of the files in the thumbnails folder. Opened as a
    /// folder of pictures, they are shown (decoded) and nothing is written there.
    func testTheThumbnailsFolderGetsNoThumbnails() throws {
        let large = cache.appendingPathComponent("large")
        try FileManager.default.createDirectory(at: large, withIntermediateDirectories: true)
        let colours: [UInt32] = [0x33_d1_7aff, 0x62_a0_eaff]
        for (i, colour) in colours.enumerated() {
            try writeTestPNG(large.appendingPathComponent("thumbnail-\(i).png").path, colour: colour)
        }
        let before = try FileManager.default.subpathsOfDirectory(atPath: cache.path).sorted()
        try launch(large.path)
        await_("its pictures shown") { $0 == "thumbnail \(large.path)/thumbnail-1.png" }
        awaitSettled(decoded: 2, shared: 0, failedBefore: 0, written: 0)
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: cache.path).sorted(), before)
    }

    // MARK: - The cache's files, read as another program would

    private func fileURI(_ path: String) -> String {
        let file = g_file_new_for_path(path)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        let uri = g_file_get_uri(file)!
        defer { g_free(uri) }
        return String(cString: uri)
    }

    private func md5(_ uri: String) -> String {
        let sum = g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1)!
        defer { g_free(sum) }
        return String(cString: sum)
    }

    /// Where the specification puts a thumbnail: `thumbnails/<size>/<MD5 of the URI>.png`.
    private func thumbnailPath(_ uri: String, size: String) -> String {
        cache.appendingPathComponent("\(size)/\(md5(uri)).png").path
    }

    private func failurePath(_ uri: String) -> String {
        cache.appendingPathComponent("fail/collection-gallery-0.1/\(md5(uri)).png").path
    }

    private func modificationTime(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_mtim.tv_sec) : -1
    }

    private func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : -1
    }

    private func permissions(of url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
    }

    /// The PNG's text fields (Thumb::URI, ...), nil when there is no such image.
    private func textFields(ofPNG path: String) -> [String: String]? {
        guard let pixbuf = gdk_pixbuf_new_from_file(path, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        var fields: [String: String] = [:]
        let options = gdk_pixbuf_get_options(pixbuf)
        defer { g_hash_table_destroy(options) }
        var iterator = GHashTableIter()
        g_hash_table_iter_init(&iterator, options)
        var key: gpointer?, value: gpointer?
        while g_hash_table_iter_next(&iterator, &key, &value) != 0 {
            let name = String(cString: key!.assumingMemoryBound(to: CChar.self))
            guard name.hasPrefix("tEXt::") else { continue }
            fields[String(name.dropFirst(6))] = String(cString: value!.assumingMemoryBound(to: CChar.self))
        }
        return fields
    }

    private func pixelSize(ofPNG path: String) -> [Int32] {
        var width: Int32 = 0, height: Int32 = 0
        _ = gdk_pixbuf_get_file_info(path, &width, &height)
        return [width, height]
    }

    /// The colour (0xRRGGBB) at the image's centre.
    private func centrePixel(ofPNG path: String) -> UInt32? {
        guard let pixbuf = gdk_pixbuf_new_from_file(path, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let p = gdk_pixbuf_get_pixels(pixbuf)! + Int(gdk_pixbuf_get_height(pixbuf) / 2) * stride + Int(gdk_pixbuf_get_width(pixbuf) / 2) * channels
        return UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
    }

    /// Writes a thumbnail as another program would (GNOME Files' fields, no Thumb::Size).
    private func placeThumbnail(colour: UInt32, uri: String, modified: Int, size: String) throws {
        let path = thumbnailPath(uri, size: size)
        let side: Int32 = ["normal": 128, "large": 256, "x-large": 512, "xx-large": 1024][size]!
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, side, side * 3 / 4)!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, colour)
        let fields: [(String, String)] = [("tEXt::Thumb::URI", uri), ("tEXt::Thumb::MTime", String(modified)),
                                          ("tEXt::Software", "GNOME::ThumbnailFactory")]
        var keys = fields.map { g_strdup($0.0) } + [nil]
        var values = fields.map { g_strdup($0.1) } + [nil]
        defer { (keys + values).forEach { g_free($0) } }
        var error: UnsafeMutablePointer<GError>?
        let saved = keys.withUnsafeMutableBufferPointer { k in
            values.withUnsafeMutableBufferPointer { v in gdk_pixbuf_savev(pixbuf, path, "png", k.baseAddress, v.baseAddress, &error) }
        }
        if let error { defer { g_error_free(error) }; throw NSError(domain: "png", code: 1, userInfo: [NSLocalizedDescriptionKey: String(cString: error.pointee.message)]) }
        XCTAssertNotEqual(saved, 0)
    }

    /// `gnome_desktop_thumbnail_factory_lookup` for the large size, as GNOME Files calls it.
    /// The path it found, or "".
    private func gnomeLookup(_ uri: String, modified: Int) throws -> String {
        try gnomeFactory("print(factory.lookup(sys.argv[1], int(sys.argv[2])) or '')", uri, String(modified))
    }

    /// Runs `code` with `factory`, a large-size GnomeDesktopThumbnailFactory, and `arguments`
    /// in `sys.argv`, against this test's cache folder (a Python process through GObject
    /// introspection: libgnome-desktop reads XDG_CACHE_HOME once per process). What it printed.
    private func gnomeFactory(_ code: String, _ arguments: String...) throws -> String {
        let script = """
            import sys, os, gi
            gi.require_version("GnomeDesktop", "4.0")
            from gi.repository import GnomeDesktop
            factory = GnomeDesktop.DesktopThumbnailFactory.new(GnomeDesktop.DesktopThumbnailSize.LARGE)
            \(code)
            """
        return try runPython(script, arguments)
    }

    @discardableResult
    private func runPython(_ script: String, _ arguments: String...) throws -> String { try runPython(script, arguments) }

    /// Runs a Python script with `arguments` and XDG_CACHE_HOME set to the test's; what it printed.
    private func runPython(_ script: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = home.directory.appendingPathComponent("cache").path
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTFail("the Python helper failed (scripts/setup --test installs python3-gi and gir1.2-gnomedesktop-4.0): \(problem)")
            return "?"
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// How many pixels of the screen (ImageMagick's `import -window root`) have each colour.
    private func screenPixels(counting colours: [UInt32]) -> [UInt32: Int] {
        let path = folder.appendingPathComponent("screen-\(UUID().uuidString).png").path
        defer { unlink(path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/import")
        process.arguments = ["-window", "root", path]
        guard (try? process.run()) != nil else { return [:] }
        process.waitUntilExit()
        guard let pixbuf = gdk_pixbuf_new_from_file(path, nil) else { return [:] }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        let wanted = Set(colours)
        var counts = Dictionary(uniqueKeysWithValues: colours.map { ($0, 0) })
        for y in 0..<Int(gdk_pixbuf_get_height(pixbuf)) {
            for x in 0..<Int(gdk_pixbuf_get_width(pixbuf)) {
                let p = pixels + y * stride + x * channels
                let rgb = UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
                if wanted.contains(rgb) { counts[rgb, default: 0] += 1 }
            }
        }
        return counts
    }
}
