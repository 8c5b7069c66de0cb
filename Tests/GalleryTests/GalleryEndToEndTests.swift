import XCTest
import Foundation
import CGtk
import GtkGlue
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// The real gallery app under Xvfb, driven only by xdotool, checked through what it logs
/// (GALLERY_LOG=1): selection, the clipboard round trip, item counts, the installed layout.
final class GalleryEndToEndTests: XCTestCase {
    /// The runs of this test, their shared home and id.
    let home = GalleryHome()
    var runs: [GalleryRun] = []
    /// The test's latest run and its log.
    var app: GalleryRun? { runs.last }
    var log: GalleryRun { runs.last! }

    override func tearDown() {
        runs.forEach { $0.stop() }
        home.remove()
    }

    /// Starts the gallery; each launch gets an id of its own (a fresh instance, as a user's
    /// second launch with its own id would).
    private func launch(_ arguments: [String] = [], environment: [String: String] = [:], binary: URL? = nil,
                        doubleClickTime: Int? = nil, fontName: String? = nil) throws {
        let id = "io.github.collectionview.GalleryTest.T\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"
        runs.append(try home.launch(arguments, appID: id, environment: environment, binary: binary, doubleClickTime: doubleClickTime,
                                    fontName: fontName))
    }

    /// The "titles" line of the first screen: how many tiles and headers are shown, how many
    /// of their texts are cut, the tallest tile and the first header's height.
    private func titles() -> [String: Int] {
        guard let line = await_("titles", { $0.hasPrefix("titles ") }) else { return [:] }
        var fields: [String: Int] = [:]
        for part in line.split(separator: " ").dropFirst() {
            let pair = part.split(separator: "=")
            if pair.count == 2 { fields[String(pair[0])] = Int(pair[1]) }
        }
        return fields
    }

    /// At one and a half times the font size (GTK's gtk-font-name) no tile title and no section
    /// title is cut: tiles widen and grow taller, headers grow.
    func testALargerFontCutsNoTitle() throws {
        try launch(fontName: "Sans 10")
        let normal = titles()
        XCTAssertGreaterThan(normal["tiles"] ?? 0, 10)
        XCTAssertEqual(normal["cut"], 0)
        XCTAssertEqual(normal["headers-cut"], 0)
        app?.stop()
        try launch(fontName: "Sans 15")
        let large = titles()
        XCTAssertGreaterThan(large["tiles"] ?? 0, 5)
        XCTAssertGreaterThan(large["headers"] ?? 0, 0)
        XCTAssertEqual(large["cut"], 0, "no tile title is cut at 1.5x")
        XCTAssertEqual(large["headers-cut"], 0, "no section title is cut at 1.5x")
        XCTAssertGreaterThan(large["tallest"] ?? 0, normal["tallest"] ?? .max, "tiles grow with their titles")
        XCTAssertGreaterThan(large["header"] ?? 0, normal["header"] ?? .max, "headers grow with their titles")
        XCTAssertEqual(normal["taller"], 0)
        app?.stop()
        // A photo with a long name: its title needs more than half the tile, and the tile grows.
        let folder = home.directory.appendingPathComponent("long names")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try writeTestPNG(folder.appendingPathComponent("The lake below the northern ridge in the last light of a long summer day.png").path, colour: 0x3366aaff)
        try writeTestPNG(folder.appendingPathComponent("Ridge.png").path, colour: 0xaa6633ff)
        try launch([folder.path], fontName: "Sans 10")
        let long = titles()
        XCTAssertEqual(long["tiles"], 2)
        XCTAssertEqual(long["cut"], 0)
        XCTAssertEqual(long["taller"], 1, "the long title's tile is taller than wide, the other square")
    }

    @discardableResult
    private func await_(_ what: String, after: Int = 0, timeout: Double = 10, file: StaticString = #filePath, line: UInt = #line,
                        _ match: (String) -> Bool) -> String? {
        log.await_(what, after: after, timeout: timeout, file: file, line: line, match)
    }

    /// The cells' centres from the latest "cell" lines.
    private func cells(after: Int) -> [String: (Int, Int)] {
        await_("cells", after: after) { $0 == "cells-done" }
        return log.cellCentres(after: after)
    }

    @discardableResult
    private func xdotool(_ args: String...) -> String {
        runXdotool(args)
    }

    /// Holds the button on a tile until the gallery took the press as a long one (its
    /// highlight goes while the button is down), then lets go, and waits for the menu that opens.
    private func longPress(_ moveThere: [String], _ item: String, after mark: Int) {
        xdotool(contentsOf: moveThere + ["mousedown", "1"])
        await_("the long press on \(item)", after: mark) { $0 == "unhighlighted \(item)" }
        xdotool("mouseup", "1")
        await_("the menu after the long press", after: mark) { $0 == "popover shown" }
    }

    /// Types keys into the open menu and waits until it has closed: a key or a click while it
    /// still closes would go to it.
    private func typeIntoMenu(_ keys: [String], after mark: Int) {
        xdotool(contentsOf: ["key"] + keys)
        await_("the menu to close", after: mark) { $0 == "popover hidden" }
    }

    private func window() -> String {
        xdotool("search", "--sync", "--onlyvisible", "--name", "^Gallery$").split(separator: "\n").first.map(String.init) ?? ""
    }

    /// The Showcase page (Alt+2): one compositional layout over the catalogue: six featured
    /// photos, six albums, every tile in a grid whose columns the section provider chooses by
    /// width (5 at 1000 px, 2 when narrow), and three preference rows; the orthogonal rows make
    /// views only for the items in sight.
    func testTheShowcasePageAdaptsItsGridToTheWidth() throws {
        try launch()
        await_("ready") { $0.hasPrefix("ready layout=grid sections=6 items=79") }
        let wid = window()
        var mark = log.lines.count
        xdotool(contentsOf: ["key", "alt+2"])
        await_("page", after: mark) { $0 == "page showcase" }
        guard let wide = await_("showcase", after: mark, { $0.hasPrefix("showcase width=") }) else { return }
        XCTAssertTrue(wide.contains("columns=5 featured=6 albums=6 photos=79 preferences=3"), wide)
        // The carousel shows its first card and part of the next, not all six.
        let featuredShown = wide.split(separator: " ").first { $0.hasPrefix("featured=") && $0 != "featured=6" }
        XCTAssertNotNil(featuredShown, "the carousel's off-screen cards have no views: \(wide)")

        mark = log.lines.count
        xdotool(contentsOf: ["windowsize", wid, "420", "700"])
        guard let narrow = await_("narrow", after: mark, { $0.hasPrefix("showcase width=") && !$0.contains("columns=5") }) else { return }
        XCTAssertTrue(narrow.contains("columns=2"), narrow)

        mark = log.lines.count
        xdotool(contentsOf: ["key", "alt+1"])
        await_("back", after: mark) { $0 == "page photos" }
    }

    func testClickLongPressCopyPasteLayoutsAddDelete() throws {
        try launch()
        await_("ready") { $0.hasPrefix("ready layout=grid sections=6 items=79") }
        var positions = cells(after: 0)
        let wid = window()
        XCTAssertFalse(wid.isEmpty)
        func at(_ key: String) -> [String] {
            let (x, y) = positions[key] ?? (0, 0)
            return ["mousemove", "--window", wid, String(x), String(y)]
        }

        // Click selects.
        var mark = log.lines.count
        xdotool(contentsOf: at("0.3") + ["click", "1"])
        await_("selection", after: mark) { $0 == "selected 0.3" }

        // Long press on item 0.4, choose Copy from the edit menu with the keyboard (a popover
        // menu opens with its first item, Cut, focused).
        mark = log.lines.count
        longPress(at("0.4"), "0.4", after: mark)
        typeIntoMenu(["Down", "Return"], after: mark)
        await_("copy", after: mark) { $0 == "copy Mountains 5" }
        // The normal mode's desktop selection: the long-pressed tile is selected first, alone.
        await_("the long press selects its tile", after: mark) { $0 == "selected 0.4" }

        // Long press on item 0.0 and Paste (Cut, Copy, Paste): the clipboard's text becomes a
        // new item after it.
        mark = log.lines.count
        longPress(at("0.0"), "0.0", after: mark)
        typeIntoMenu(["Down", "Down", "Return"], after: mark)
        await_("paste", after: mark) { $0 == "paste Mountains 5 at 0.1" }
        await_("count", after: mark) { $0 == "sections 6 items 80" }
        _ = cells(after: mark)  // the paste's cells, before the swaps' (see below)

        // Every layout from the menu (F10 opens it with Grid, the first item, focused). Each
        // swap ends before the next F10: under GL on a loaded machine an F10 during the swap's
        // animation was handled only with the next key (10 s later). The gallery logs the cells
        // 0.7 s after a swap has animated (cut short or not).
        for (index, name) in ["grid", "horizontal", "circle", "stack", "waterfall"].enumerated().dropFirst() {
            mark = log.lines.count
            xdotool("key", "F10")
            await_("the main menu", after: mark) { $0 == "popover shown" }
            typeIntoMenu(Array(repeating: "Down", count: index) + ["Return"], after: mark)
            await_("layout \(name)", after: mark) { $0 == "layout \(name)" }
            await_("paging", after: mark) { $0 == "paging \(name == "horizontal")" }  // the horizontal flow turns pages
            _ = cells(after: mark)
        }
        // And back with the shortcut.
        mark = log.lines.count
        xdotool("key", "ctrl+1")
        await_("layout grid", after: mark) { $0 == "layout grid" }
        positions = cells(after: mark)

        // Add an item (Ctrl+N) and delete the selection (Delete).
        mark = log.lines.count
        xdotool("key", "ctrl+n")
        await_("added", after: mark) { $0 == "sections 6 items 81" }
        positions = cells(after: mark)
        mark = log.lines.count
        xdotool(contentsOf: at("1.2") + ["click", "1"])
        await_("selection", after: mark) { $0 == "selected 1.2" }
        xdotool("key", "Delete")
        await_("deleted", after: mark) { $0 == "sections 6 items 80" }
        XCTAssertEqual(app?.isRunning, true, "still running")
    }

    /// A real folder: its images and its subfolders' images in sections, thumbnails decoded,
    /// a file that is not an image and one that cannot be decoded told in messages; then the
    /// folder changes under the running app (a photo added, one deleted, a subfolder emptied,
    /// or renamed into place) and the view follows, and the new photo gets its thumbnail.
    func testAFolderIsShownAndFollowsItsFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-e2e-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        for sub in ["", "Beach", "Hills"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        let images = ["top-1.png", "top-2.png", "Beach/sea-1.png", "Beach/sea-2.png", "Beach/sea-10.png", "Hills/hill-1.png"]
        for (i, name) in images.enumerated() { try writeTestPNG(folder.appendingPathComponent(name).path, colour: UInt32(0x3080_c0ff) &+ UInt32(i) << 24) }
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data("not really a jpeg".utf8).write(to: folder.appendingPathComponent("broken.jpg"))

        try launch([folder.path])
        await_("opened") { $0.hasPrefix("opened \(folder.path) sections=3 items=7 ") }
        await_("the text file") { $0 == "message 1 file is not an image and not shown." }
        await_("the broken file", timeout: 15) { $0.hasPrefix("message 1 file could not be read as an image (broken.jpg") }
        for name in images { await_("the thumbnail of \(name)", timeout: 15) { $0 == "thumbnail \(folder.path)/\(name)" } }

        var mark = log.lines.count
        try writeTestPNG(folder.appendingPathComponent("Beach/sea-3.png").path, colour: 0x20a0_40ff)
        await_("a photo added", after: mark, timeout: 15) { $0 == "sections 3 items 8" }
        await_("its thumbnail", after: mark, timeout: 15) { $0 == "thumbnail \(folder.path)/Beach/sea-3.png" }
        mark = log.lines.count
        unlink(folder.appendingPathComponent("top-2.png").path)
        await_("a photo deleted", after: mark, timeout: 15) { $0 == "sections 3 items 7" }
        mark = log.lines.count
        unlink(folder.appendingPathComponent("Hills/hill-1.png").path)
        await_("a subfolder emptied", after: mark, timeout: 15) { $0 == "sections 2 items 6" }
        // Saved as most apps and browsers save: a temporary name, then a rename into place.
        mark = log.lines.count
        try writeTestPNG(folder.appendingPathComponent("Beach/.sea-4.png.part").path, colour: 0x8040_20ff)
        rename(folder.appendingPathComponent("Beach/.sea-4.png.part").path, folder.appendingPathComponent("Beach/sea-4.png").path)
        await_("a photo renamed into place", after: mark, timeout: 15) { $0 == "sections 2 items 7" }
        await_("its thumbnail", after: mark, timeout: 15) { $0 == "thumbnail \(folder.path)/Beach/sea-4.png" }
        XCTAssertEqual(app?.isRunning, true, "still running")
    }

    /// A folder without pictures is shown with its empty state (the texts as its labels show
    /// them); a picture copied in replaces it, and the state comes back when the picture goes.
    func testAnEmptyFolderShowsItsEmptyState() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-empty-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shown = "empty-state shown: No Pictures | Pictures copied into “\(folder.lastPathComponent)” appear here."

        try launch([folder.path])
        await_("opened") { $0.hasPrefix("opened \(folder.path) sections=") && $0.contains(" items=0 ") }
        await_("the empty state") { $0 == shown }
        var mark = log.lines.count
        try writeTestPNG(folder.appendingPathComponent("first.png").path, colour: 0x3080_c0ff)
        await_("the picture", after: mark, timeout: 15) { $0 == "sections 1 items 1" }
        await_("the empty state to go", after: mark, timeout: 15) { $0 == "empty-state hidden" }
        mark = log.lines.count
        unlink(folder.appendingPathComponent("first.png").path)
        await_("the picture deleted", after: mark, timeout: 15) { $0.hasSuffix(" items 0") }
        await_("the empty state again", after: mark, timeout: 15) { $0 == shown }
        XCTAssertEqual(app?.isRunning, true)
    }

    /// The catalogue with every section removed (Ctrl+Shift+Delete) shows its empty state, whose
    /// button adds a tile (here through Ctrl+N, which it stands for); the tile replaces it.
    func testAnEmptyCatalogueShowsItsEmptyState() throws {
        try launch()
        await_("ready") { $0.hasPrefix("ready layout=grid sections=6 items=79") }
        let wid = window()
        for left in (0..<6).reversed() {
            let mark = log.lines.count
            _ = xdotool("key", "--window", wid, "ctrl+shift+Delete")
            await_("\(left) sections left", after: mark) { $0.hasPrefix("sections \(left) items ") }
        }
        await_("the empty state") { $0 == "empty-state shown: No Tiles | Add a tile, or paste or drop a picture here. | Add a Tile" }
        let mark = log.lines.count
        _ = xdotool("key", "--window", wid, "ctrl+n")
        await_("a tile", after: mark) { $0 == "sections 1 items 1" }
        await_("the empty state to go", after: mark) { $0 == "empty-state hidden" }
        XCTAssertEqual(app?.isRunning, true)
    }

    /// The thumbnail cache keeps under its cap: 30 photos on screen, a 1 MB cache (seven
    /// thumbnails of 256x192 RGB): every photo is decoded and shown, the cache holds its cap.
    func testTheThumbnailCacheStaysUnderItsCap() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-cache-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for i in 0..<30 { try writeTestPNG(folder.appendingPathComponent("p-\(i).png").path, colour: 0x4060_80ff &+ UInt32(i) << 16) }
        try launch([folder.path], environment: ["GALLERY_THUMBNAIL_CACHE_MB": "1"])
        await_("opened") { $0.hasPrefix("opened \(folder.path) sections=1 items=30 ") }
        let line = await_("every thumbnail", timeout: 20) { $0.hasPrefix("thumbnails settled decoded=30 ") }
        let fields = Dictionary(uniqueKeysWithValues: (line ?? "").split(separator: " ").dropFirst().compactMap { field -> (String, Int)? in
            let parts = field.split(separator: "=")
            return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? -1) : nil
        })
        XCTAssertLessThanOrEqual(fields["cacheKB"] ?? .max, 1024, line ?? "")
        XCTAssertLessThan(fields["cached"] ?? .max, 30, "older thumbnails were evicted: \(line ?? "")")
        XCTAssertGreaterThan(fields["cached"] ?? 0, 0, line ?? "")
        XCTAssertEqual(app?.isRunning, true)
    }

    /// The stylesheet, the UI definitions and the icon are compiled into the binary: a copy
    /// of it far from the source tree still has them all, and the shortcuts window opens.
    func testResourcesAreInTheBinary() throws {
        let built = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gallery")
        let alone = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-alone-\(getpid())")
        try? FileManager.default.removeItem(at: alone)
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: alone) }
        try FileManager.default.copyItem(at: built, to: alone.appendingPathComponent("gallery"))
        try launch(binary: alone.appendingPathComponent("gallery"))
        await_("the stylesheet") { $0 == "style resource:///io/github/collectionview/Gallery/style.css" }
        await_("the icon") { $0 == "icon io.github.collectionview.Gallery found" }
        await_("ready") { $0.hasPrefix("ready") }
        let mark = log.lines.count
        _ = xdotool("key", "--window", window(), "ctrl+question")
        await_("the shortcuts window", after: mark) { $0 == "shortcuts shown" }
        XCTAssertEqual(app?.isRunning, true)
    }

    /// libadwaita follows the system's preferences: dark and high contrast when asked for
    /// (here through libadwaita's own debug switches, as no settings portal runs under Xvfb).
    func testDarkAndHighContrastPreferencesAreFollowed() throws {
        try launch(environment: ["ADW_DEBUG_COLOR_SCHEME": "prefer-dark", "ADW_DEBUG_HIGH_CONTRAST": "1"])
        await_("the scheme") { $0 == "scheme dark=true high-contrast=true" }
        await_("ready") { $0.hasPrefix("ready") }
        XCTAssertEqual(app?.isRunning, true)
    }


    func testAFolderThatCannotBeShownIsAMessage() throws {
        try launch(["/nonexistent/pictures"])
        await_("message") { $0 == "message The folder “/nonexistent/pictures” does not exist." }
        await_("ready") { $0.hasPrefix("ready") }
        XCTAssertEqual(app?.isRunning, true)
    }

    /// What the clipboard may hold when a person pastes: 2 and 20 MB of text, text that is not
    /// UTF-8, nothing but spaces, bytes that claim to be a PNG, and a real PNG header that
    /// claims a picture of 60,000 by 60,000 pixels. The clipboard is owned by this test process
    /// (the same X display), which serves it while the gallery reads. Each paste is a message
    /// in the window or a new item, and the gallery keeps running and pasting.
    func testHugeOrMalformedClipboardContentIsAMessage() throws {
        try launch()
        await_("ready") { $0.hasPrefix("ready layout=grid sections=6 items=79") }
        let (x, y) = cells(after: 0)["0.3"] ?? (0, 0)
        let wid = window()
        let log = self.log
        let app = self.app
        try MainActor.assumeIsolated {
            guard GtkHarness.available else { throw XCTSkip("no display") }
            GtkHarness.xdotool(["mousemove", "--window", wid, String(x), String(y), "click", "1"])
            awaitPumping(log, "selection") { $0 == "selected 0.3" }
            let clipboard = gdk_display_get_clipboard(gdk_display_get_default())!

            @MainActor func offer(_ mime: String, _ bytes: [UInt8]) {
                let mark = log.lines.count
                let data = bytes.withUnsafeBufferPointer { g_bytes_new($0.baseAddress, gsize($0.count)) }
                let provider = gdk_content_provider_new_for_bytes(mime, data)
                g_bytes_unref(data)
                gdk_clipboard_set_content(clipboard, provider)
                g_object_unref(raw(provider!))
                // The app knows the new owner's formats (it allows a paste by them).
                awaitPumping(log, "the app to hear of the new content", after: mark) {
                    $0.hasPrefix("clipboard changed ") && $0.split(separator: " ").contains(Substring(mime))
                }
            }
            @MainActor func paste(expect match: @escaping (String) -> Bool, _ what: String) {
                let mark = log.lines.count
                GtkHarness.xdotool(["key", "--window", wid, "ctrl+v"])
                awaitPumping(log, what, after: mark, timeout: 30, match)
            }
            // A PNG signature and an IHDR chunk for 60000 x 60000 RGBA, then nothing.
            var bigPNG: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
            bigPNG += [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60, 8, 6, 0, 0, 0, 0x2B, 0x7F, 0x3C, 0x9D]

            offer("text/plain;charset=utf-8", Array(repeating: UInt8(ascii: "x"), count: 2_000_000))
            paste(expect: { $0 == "message The clipboard's text is empty or too long to be a title (2000000 bytes)." }, "2 MB of text")
            // 20 MB does not come through X here (GTK's transfer stalls): the paste gives up in
            // time and says so.
            offer("text/plain;charset=utf-8", Array(repeating: UInt8(ascii: "x"), count: 20_000_000))
            paste(expect: { $0 == "message The clipboard did not deliver its content within 5 seconds." }, "20 MB of text")
            offer("text/plain;charset=utf-8", Array("   \n\t ".utf8))
            paste(expect: { $0.hasPrefix("message The clipboard's text is empty or too long") }, "blank text")
            offer("text/plain;charset=utf-8", [0xFF, 0xFE, 0x41, 0xC3, 0x28, 0x42, 0x00, 0x43])
            paste(expect: { $0.hasPrefix("paste ") || $0.hasPrefix("message ") }, "text that is not UTF-8")
            offer("image/png", Array("this is not a picture".utf8))
            paste(expect: { $0.hasPrefix("message The clipboard's picture could not be read") }, "bytes that claim to be a PNG")
            offer("image/png", bigPNG)
            paste(expect: { $0.hasPrefix("message The clipboard's picture could not be read") }, "a 60000 x 60000 PNG header")
            // A whole PNG of 40000 x 40000 pixels in 190 KB (a decompression bomb): refused from
            // its header, as a photo's file is.
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-paste-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            try PhotoFixtures.writeBlankPNG(scratch.appendingPathComponent("bomb.png").path, width: 40000, height: 40000)
            offer("image/png", [UInt8](try Data(contentsOf: scratch.appendingPathComponent("bomb.png"))))
            paste(expect: { $0 == "message The clipboard's picture could not be read: 40000 × 40000 pixels, more than the 250 megapixels the gallery decodes." },
                  "a 40000 x 40000 PNG")
            // A JPEG whose EXIF says "turned 90° clockwise" is pasted upright: red (stored top
            // left) shows top right, blue top left.
            try PhotoFixtures.writeOrientedJPEG(scratch.appendingPathComponent("turned.jpg").path, orientation: 6)
            offer("image/jpeg", [UInt8](try Data(contentsOf: scratch.appendingPathComponent("turned.jpg"))))
            let pasted = log.lines.count
            paste(expect: { $0.hasPrefix("sections 6 items ") }, "the oriented JPEG")
            awaitPumping(log, "the cells", after: pasted) { $0 == "cells-done" }
            if let (cx, cy) = log.cellCentres(after: pasted)["0.4"] {
                let shot = try Screenshot(window: wid)
                XCTAssertEqual(shot.colourName(x: cx - 20, y: cy - 20), "blue", "top left of the pasted picture")
                XCTAssertEqual(shot.colourName(x: cx + 20, y: cy - 20), "red", "top right of the pasted picture")
            } else {
                XCTFail("no cell for the pasted picture")
            }
            // Still running, and a good paste still works.
            offer("text/plain;charset=utf-8", Array("Pasted after the bad ones".utf8))
            paste(expect: { $0 == "paste Pasted after the bad ones at 0.4" }, "good text")
            XCTAssertEqual(app?.isRunning, true)
        }
    }

    /// A double-click and Enter open a tile; a right-click opens the app's context menu for
    /// the clicked tile, or for the selection when the tile is selected, and its entries act.
    func testDoubleClickEnterAndTheContextMenu() throws {
        try launch(doubleClickTime: 1000)
        await_("ready") { $0.hasPrefix("ready layout=grid sections=6 items=79") }
        let positions = cells(after: 0)
        let wid = window()
        func at(_ key: String) -> [String] {
            let (x, y) = positions[key] ?? (0, 0)
            return ["mousemove", "--window", wid, String(x), String(y)]
        }
        var mark = log.lines.count
        xdotool(contentsOf: at("0.3") + ["click", "--repeat", "2", "--delay", "80", "1"])
        await_("activated by a double-click", after: mark) { $0 == "activated 0.3" }
        XCTAssertEqual(log.lines.dropFirst(mark).filter { $0.hasPrefix("selected") }, ["selected 0.3"], "the first click selects, the second activates")
        // Activating opens the viewer (GalleryViewerTests); Escape returns to the grid.
        await_("the viewer", after: mark) { $0 == "viewer open item=0.3" }
        xdotool("key", "Escape")
        await_("the grid again", after: mark) { $0 == "viewer closed item=0.3" }
        log.letTimePass(1.1, because: "the gallery's double-click time (1 s) runs out: the next click is a first one")
        mark = log.lines.count
        xdotool("key", "Return")
        await_("activated by Enter", after: mark) { $0 == "activated 0.3" }
        await_("the viewer", after: mark) { $0 == "viewer open item=0.3" }
        xdotool("key", "Escape")
        await_("the grid again", after: mark) { $0 == "viewer closed item=0.3" }
        log.awaitLaterLine(after: log.lines.count)
        XCTAssertFalse(log.lines.dropFirst(mark).contains { $0.hasPrefix("selected") }, "Enter activates instead of selecting")

        // Right-click on 0.4 (not selected): it is selected first, then the menu for it; Copy
        // (Cut is first).
        mark = log.lines.count
        xdotool(contentsOf: at("0.4") + ["click", "3"])
        await_("context menu", after: mark) { $0 == "context menu 0.4" }
        await_("the menu shown", after: mark) { $0 == "popover shown" }
        if let dir = ProcessInfo.processInfo.environment["CV_SCREENSHOT_DIR"] {
            let shot = Process()
            shot.executableURL = URL(fileURLWithPath: "/usr/bin/import")
            shot.arguments = ["-window", "root", "\(dir)/gallery-context-menu.png"]
            try? shot.run()
            shot.waitUntilExit()
        }
        typeIntoMenu(["Down", "Return"], after: mark)
        await_("copy", after: mark) { $0 == "copy Mountains 5" }
        // The normal mode's desktop selection: the right-clicked tile is selected first, alone.
        await_("the right-click selects its tile", after: mark) { $0 == "selected 0.4" }

        // Multiple selection, 0.4 and 0.5 selected: a right-click on 0.5 is for both; Delete.
        mark = log.lines.count
        xdotool("key", "ctrl+m")
        await_("multiple", after: mark) { $0 == "multiple true" }
        xdotool(contentsOf: at("0.5") + ["click", "1"])
        await_("selection", after: mark) { $0 == "selected 0.4 0.5" }
        log.letTimePass(1.1, because: "the gallery's double-click time (1 s) runs out: the next click is a first one")
        mark = log.lines.count
        xdotool(contentsOf: at("0.5") + ["click", "3"])
        await_("context menu", after: mark) { $0 == "context menu 0.4 0.5" }
        await_("the menu shown", after: mark) { $0 == "popover shown" }
        typeIntoMenu(["Down", "Down", "Down", "Return"], after: mark)
        await_("delete", after: mark) { $0 == "delete 0.4 0.5" }
        await_("count", after: mark) { $0 == "sections 6 items 77" }
        XCTAssertEqual(app?.isRunning, true, "still running")
    }

    /// Dragging a tile moves it (the catalogue's snapshot follows); in multiple selection a
    /// drag from the gap between tiles draws a band that selects what it touches.
    func testDragReordersTilesAndTheBandSelects() throws {
        try launch()
        await_("ready") { $0.hasPrefix("ready layout=grid sections=6 items=79") }
        let positions = cells(after: 0)
        let wid = window()
        func move(_ point: (Int, Int)) -> [String] { ["mousemove", "--window", wid, String(point.0), String(point.1), "sleep", "0.05"] }
        func steps(from a: (Int, Int), to b: (Int, Int)) -> [String] {
            (1...8).flatMap { move((a.0 + (b.0 - a.0) * $0 / 8, a.1 + (b.1 - a.1) * $0 / 8)) }
        }
        let first = positions["0.0"]!, second = positions["0.1"]!, third = positions["0.2"]!, fourth = positions["0.3"]!
        var mark = log.lines.count
        xdotool(contentsOf: move(first) + ["mousedown", "1"] + steps(from: first, to: fourth) + ["sleep", "0.4", "mouseup", "1"])
        await_("the reorder", after: mark) { $0.hasPrefix("reordered order=Mountains 2,Mountains 3,Mountains 4,Mountains 1,") }
        XCTAssertFalse(log.lines.dropFirst(mark).contains { $0.hasPrefix("selected") }, "a drag does not select")

        mark = log.lines.count
        xdotool("key", "ctrl+m")
        await_("multiple selection", after: mark) { $0 == "multiple true" }
        let gap = ((first.0 + second.0) / 2, first.1)
        mark = log.lines.count
        xdotool(contentsOf: move(gap) + ["mousedown", "1"] + steps(from: gap, to: third) + ["sleep", "0.3", "mouseup", "1"])
        await_("the band's selection", after: mark) { $0 == "selected 0.1 0.2" }
    }

    private func xdotool(contentsOf args: [String]) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        p.arguments = args
        try? p.run()
        p.waitUntilExit()
    }
}

/// Waits for a log line of the app while this process's main loop runs (it owns the clipboard
/// the app reads).
@MainActor
@discardableResult
private func awaitPumping(_ log: GalleryRun, _ what: String, after: Int = 0, timeout: Double = 10,
                          _ match: (String) -> Bool) -> String? {
    var found: String?
    GtkHarness.pump(timeout: timeout) {
        found = log.lines.dropFirst(after).first(where: match)
        return found != nil
    }
    if found == nil { XCTFail("no log line for \(what); log: \(log.lines.filter { !$0.hasPrefix("health") && !$0.hasPrefix("cell") }.suffix(6))") }
    return found
}
