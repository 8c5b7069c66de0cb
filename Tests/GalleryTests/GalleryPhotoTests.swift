import XCTest
import Foundation
import CGtk

/// The real gallery showing people's photos: what the window shows of each orientation (read
/// from a screenshot of the window), a decompression bomb as a message while memory stays
/// flat, a name that is not UTF-8, special files left out.
final class GalleryPhotoTests: XCTestCase {
    let home = GalleryHome()
    var runs: [GalleryRun] = []
    var log: GalleryRun { runs.last! }
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-photos-\(UUID().uuidString.prefix(8))")

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        runs.forEach { $0.stop() }
        home.remove()
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func launch() throws {
        runs.append(try home.launch([folder.path]))
    }

    @discardableResult
    private func await_(_ what: String, after: Int = 0, timeout: Double = 15, file: StaticString = #filePath, line: UInt = #line,
                        _ match: (String) -> Bool) -> String? {
        log.await_(what, after: after, timeout: timeout, file: file, line: line, match)
    }

    /// The gallery's peak and current resident memory (VmHWM, VmRSS), in KB.
    private func memoryKB() -> (peak: Int, now: Int) {
        let status = (try? String(contentsOfFile: "/proc/\(log.process.processIdentifier)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return (field("VmHWM"), field("VmRSS"))
    }

    /// Eight JPEGs whose EXIF says each orientation and eight TIFFs with it in their own tag,
    /// in the window: in each tile, red and green are in the quadrants the orientation puts them
    /// in and blue fills the others, read from the pixels of a screenshot of the window.
    func testEveryOrientationIsShownUpright() throws {
        for tag in 1...8 {
            try PhotoFixtures.writeOrientedJPEG(path("a\(tag).jpg"), orientation: tag)
            try PhotoFixtures.writeOrientedTIFF(path("b\(tag).tif"), orientation: tag)
        }
        try launch()
        await_("opened") { $0.hasPrefix("opened \(folder.path) sections=1 items=16 ") }
        for tag in 1...8 {
            for name in ["a\(tag).jpg", "b\(tag).tif"] { await_("the thumbnail of \(name)") { $0 == "thumbnail \(path(name))" } }
        }
        // Every thumbnail has been shown once the cells are reported after the first screen
        // (its thumbnails all shown; the report comes after frames have been drawn).
        let shown = log.lines.firstIndex { $0.hasPrefix("first-screen ") } ?? {
            await_("the first screen complete") { $0.hasPrefix("first-screen ") }
            return log.lines.firstIndex { $0.hasPrefix("first-screen ") } ?? 0
        }()
        await_("the cells reported after it", after: shown) { $0 == "cells-done" }
        let tiles = cellFrames()
        XCTAssertEqual(tiles.count, 16, "every tile on screen")
        let shot = try Screenshot(window: try windowID())
        for item in 0..<16 {
            let tag = item % 8 + 1, name = item < 8 ? "a\(tag).jpg" : "b\(tag).tif"
            guard let (cx, cy, width, height) = tiles["0.\(item)"] else { XCTFail("no tile for \(name)"); continue }
            let (red, green) = PhotoFixtures.shown(orientation: tag)
            for quadrant in PhotoFixtures.Quadrant.allCases {
                let x = cx + (quadrant == .topLeft || quadrant == .bottomLeft ? -width / 4 : width / 4)
                let y = cy + (quadrant == .topLeft || quadrant == .topRight ? -height / 4 : height / 4)
                let expected = quadrant == red ? "red" : quadrant == green ? "green" : "blue"
                XCTAssertEqual(shot.colourName(x: x, y: y), expected, "\(name) (orientation \(tag)), \(quadrant) at \(x),\(y)")
            }
        }
    }

    /// A 40000 x 40000 PNG (1.6 billion pixels in 190 KB) copied into the shown folder is a
    /// message naming the file and the limit, and a 12000 x 12000 one (144 million pixels) is
    /// shown: the gallery's peak memory grows by under 100 MB for both.
    func testABombIsAMessageAndAHugePhotoCostsLittleMemory() throws {
        try writeTestPNG(path("small.png"), colour: 0x3080_c0ff)
        let elsewhere = folder.appendingPathComponent(".incoming")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try PhotoFixtures.writeBlankPNG(elsewhere.appendingPathComponent("bomb.png").path, width: 40000, height: 40000)
        try PhotoFixtures.writeBlankPNG(elsewhere.appendingPathComponent("huge.png").path, width: 12000, height: 12000)
        try launch()
        await_("opened") { $0.hasPrefix("opened \(folder.path) sections=1 items=1 ") }
        await_("the small photo") { $0 == "thumbnail \(path("small.png"))" }
        var mark = log.lines.count
        log.awaitLaterLine(after: mark)
        let before = memoryKB()

        mark = log.lines.count
        for name in ["bomb.png", "huge.png"] { rename(elsewhere.appendingPathComponent(name).path, path(name)) }
        await_("the bomb's message", after: mark, timeout: 30) {
            $0 == "message 1 file could not be read as an image (bomb.png: 40000 × 40000 pixels, more than the 250 megapixels the gallery decodes)."
        }
        await_("the huge photo", after: mark, timeout: 60) { $0 == "thumbnail \(path("huge.png"))" }
        let after = memoryKB()
        XCTAssertLessThan(after.peak - before.peak, 100 * 1024, "peak \(before.peak / 1024) MB before, \(after.peak / 1024) MB after")
        XCTAssertEqual(log.isRunning, true)
    }

    /// A photo whose name is not UTF-8 (Latin-1 "café.png") is shown with its thumbnail, under
    /// the name g_filename_display_name gives it; nothing is reported unreadable.
    func testANameThatIsNotUTF8IsShown() throws {
        try writeTestPNG(path("source.tmp"), colour: 0x40a0_60ff)
        let latin1 = try PhotoFixtures.copy(path("source.tmp"), into: folder.path, name: PhotoFixtures.latin1Name)
        unlink(path("source.tmp"))
        try launch()
        await_("opened") { $0.hasPrefix("opened \(folder.path) sections=1 items=1 ") }
        await_("its thumbnail") { $0 == "thumbnail \(PhotoFixtures.displayName(latin1))" }
        let mark = log.lines.count
        log.awaitLaterLine(after: mark)
        XCTAssertFalse(log.lines.contains { $0.hasPrefix("message") && $0.contains("could not be read") }, "no file reported unreadable")
    }

    /// A folder whose name is not UTF-8 (Latin-1 "café"), given as its URI (as a file manager
    /// hands folders over; Swift's Process can pass only text), is opened and shows its photo.
    func testAFolderWhoseNameIsNotUTF8Opens() throws {
        try writeTestPNG(path("source.tmp"), colour: 0x40a0_60ff)
        try PhotoFixtures.run("python3", ["-c", """
            import os, shutil, sys
            folder = os.path.join(os.fsencode(sys.argv[1]), bytes.fromhex(sys.argv[2]))
            os.mkdir(folder)
            shutil.copyfile(sys.argv[3], os.path.join(folder, b"photo.png"))
            """, folder.path, "636166e9", path("source.tmp")])
        let latin1 = Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9]
        let shown = PhotoFixtures.displayName(latin1)
        runs.append(try home.launch([PhotoFixtures.uri(latin1)]))
        await_("opened") { $0.hasPrefix("opened \(shown) sections=1 items=1 ") }
        await_("its photo's thumbnail") { $0 == "thumbnail \(shown)/photo.png" }
    }

    /// A FIFO, a link to a device, a symlink loop and a dangling link, all named as photos, are
    /// left out of the folder without a message; the photo next to them is shown.
    func testSpecialFilesAreLeftOut() throws {
        try writeTestPNG(path("photo.png"), colour: 0x3080_c0ff)
        XCTAssertEqual(mkfifo(path("fifo.png"), 0o644), 0)
        XCTAssertEqual(symlink("/dev/zero", path("device.png")), 0)
        XCTAssertEqual(symlink(path("loop.png"), path("loop.png")), 0)
        XCTAssertEqual(symlink(path("missing.png"), path("dangling.png")), 0)
        try launch()
        await_("opened with the photo alone") { $0.hasPrefix("opened \(folder.path) sections=1 items=1 ") }
        await_("its thumbnail") { $0 == "thumbnail \(path("photo.png"))" }
        let mark = log.lines.count
        log.awaitLaterLine(after: mark)
        XCTAssertFalse(log.lines.contains { $0.hasPrefix("message") && $0.contains("could not be read") }, "no file reported unreadable")
        XCTAssertEqual(log.isRunning, true)
    }

    /// The tiles' centres and sizes by "section.item", from the latest full "cell" report.
    private func cellFrames() -> [String: (Int, Int, Int, Int)] {
        let lines = log.lines
        guard let end = lines.lastIndex(of: "cells-done") else { return [:] }
        // A report: "cell" lines, then a "titles" line, then "cells-done".
        let start = lines[..<end].lastIndex { !$0.hasPrefix("cell ") && !$0.hasPrefix("titles ") }.map { $0 + 1 } ?? 0
        var frames: [String: (Int, Int, Int, Int)] = [:]
        for line in lines[start..<end] where line.hasPrefix("cell ") {
            let parts = line.split(separator: " ").map(String.init)
            guard parts.count == 6, let x = Int(parts[2]), let y = Int(parts[3]), let w = Int(parts[4]), let h = Int(parts[5]) else { continue }
            frames[parts[1]] = (x, y, w, h)
        }
        return frames
    }

    /// The gallery's window (named after the folder); xdotool waits for it to be shown.
    private func windowID() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdotool", "search", "--sync", "--onlyvisible", "--name", "^\(folder.lastPathComponent)$"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let id = text.split(separator: "\n").first else { throw XCTSkip("the gallery's window was not found") }
        return String(id)
    }
}
