import XCTest
import Foundation
import CGtk

/// The photo viewer end to end: the real gallery under Xvfb, driven by xdotool and read through
/// its log. Activating a tile (double-click, Enter) opens it in the viewer; the keys page
/// (mirrored right to left); Escape returns to the tile of the photo shown last, in view; the
/// header names the photo (and its date taken by date); each page's accessible name says its
/// place; Delete moves the photo shown to the trash (Undo puts it back) and the next one shows;
/// files added and deleted in the folder while it is open keep the photo shown.
final class GalleryViewerTests: XCTestCase {
    let home = GalleryHome()
    var runs: [GalleryRun] = []
    var log: GalleryRun { runs.last! }

    override func tearDown() {
        // The soak and CI fail on any GTK warning: so does every test of the viewer.
        for run in runs { XCTAssertEqual(run.gtkWarnings, [], "GTK warned") }
        runs.forEach { $0.stop() }
        home.remove()
    }

    private func launch(_ arguments: [String] = [], environment: [String: String] = [:]) throws {
        var environment = environment
        environment["HOME"] = home.directory.path
        environment["XDG_DATA_HOME"] = home.directory.appendingPathComponent("data").path
        runs.append(try home.launch(arguments, environment: environment, doubleClickTime: 1000))
    }

    @discardableResult
    private func await_(_ what: String, after: Int = 0, timeout: Double = 10, file: StaticString = #filePath, line: UInt = #line,
                        _ match: (String) -> Bool) -> String? {
        log.await_(what, after: after, timeout: timeout, file: file, line: line, match)
    }

    private func cells(after: Int) -> [String: (Int, Int)] {
        await_("cells", after: after) { $0 == "cells-done" }
        return log.cellCentres(after: after)
    }

    private func window(named name: String) -> String {
        runXdotool(["search", "--sync", "--onlyvisible", "--name", "^\(name)$"]).split(separator: "\n").first.map(String.init) ?? ""
    }

    /// Presses `key` and waits for the log line that says what it did.
    private func press(_ key: String, expect line: String, file: StaticString = #filePath, lineNumber: UInt = #line) {
        let mark = log.lines.count
        runXdotool(["key", key])
        await_("\(key): \(line)", after: mark, file: file, line: lineNumber) { $0 == line }
    }

    /// Waits until the keyboard reaches the window again after a menu closed: a key sent within
    /// moments of "popover hidden" was now and then lost on a busy machine (never reaching the
    /// window, so not a key the app ignored). A Shift press, harmless however late it lands,
    /// is sent until the viewer says it got one.
    private func awaitKeysReachTheViewer(file: StaticString = #filePath, line: UInt = #line) {
        for _ in 0..<5 {
            let mark = log.lines.count
            runXdotool(["key", "shift"])
            if log.wait(timeout: 2, until: { log.lines.dropFirst(mark).contains("viewer key Shift_L") }) { return }
        }
        XCTFail("keys do not reach the viewer", file: file, line: line)
    }

    private func doubleClick(_ cell: String, in positions: [String: (Int, Int)], window wid: String) {
        guard let (x, y) = positions[cell] else { return XCTFail("no cell \(cell) on screen") }
        runXdotool(["mousemove", "--window", wid, String(x), String(y), "click", "--repeat", "2", "--delay", "80", "1"])
    }

    /// A double-click opens the tile in the viewer, with its name in the header and its place
    /// in its accessible name; the arrows, Page Up/Down, Home and End page; Escape returns to
    /// the tile of the photo shown last. Enter opens the focused tile; paged far (to another
    /// section, off the grid's first screen), Escape lands on that photo's tile, scrolled into view.
    func testOpenPageAndReturnToTheTileShown() throws {
        try launch()
        await_("ready") { $0.hasPrefix("ready layout=grid sections=6 items=79") }
        let positions = cells(after: 0)
        let wid = window(named: "Gallery")
        var mark = log.lines.count
        doubleClick("0.2", in: positions, window: wid)
        await_("opened by a double-click", after: mark) { $0 == "viewer open item=0.2" }
        await_("the header", after: mark) { $0 == "viewer title=Mountains 3 date=none" }
        await_("the accessible name", after: mark) { $0 == "viewer label=Mountains 3, 3 of 79" }

        press("Right", expect: "viewer page item=0.3 of=79")
        press("Right", expect: "viewer page item=0.4 of=79")
        press("Left", expect: "viewer page item=0.3 of=79")
        press("Next", expect: "viewer page item=0.4 of=79")  // Page Down
        press("Prior", expect: "viewer page item=0.3 of=79")  // Page Up
        press("End", expect: "viewer page item=5.16 of=79")
        await_("the last one's place", after: mark) { $0.hasPrefix("viewer label=") && $0.hasSuffix(", 79 of 79") }
        press("Home", expect: "viewer page item=0.0 of=79")
        press("Left", expect: "viewer label=Mountains 1, 1 of 79")  // nothing before the first: it stays
        press("Right", expect: "viewer page item=0.1 of=79")
        mark = log.lines.count
        press("Escape", expect: "viewer closed item=0.1")
        XCTAssertTrue(cells(after: mark).keys.contains("0.1"), "the tile of the photo shown last is in view")

        // Enter on the focused tile (the one returned to), then far away and back.
        log.letTimePass(1.1, because: "the gallery's double-click time (1 s) runs out: the next click is a first one")
        guard let coast = cells(after: mark)["1.2"] else { return XCTFail("no cell 1.2 on screen") }
        mark = log.lines.count
        runXdotool(["mousemove", "--window", wid, String(coast.0), String(coast.1), "click", "1"])
        await_("selected", after: mark) { $0 == "selected 1.2" }
        press("Return", expect: "viewer open item=1.2")
        for _ in 0..<2 { runXdotool(["key", "End"]) }
        await_("the last photo", after: mark) { $0 == "viewer page item=5.16 of=79" }
        mark = log.lines.count
        press("Escape", expect: "viewer closed item=5.16")
        let after = cells(after: mark)
        XCTAssertTrue(after.keys.contains("5.16"), "the last tile is scrolled into view: \(after.keys.sorted())")
        XCTAssertFalse(after.keys.contains("0.0"), "the grid scrolled away from its first screen")
    }

    /// Right to left (Hebrew), Left goes forward and Right back, as the pages lie; the page's
    /// place is said in Hebrew.
    func testRightToLeftLeftGoesForward() throws {
        try launch(environment: ["LANGUAGE": "he", "LANG": "he_IL.UTF-8"])
        await_("ready") { $0.hasPrefix("ready layout=grid") }
        await_("right to left") { $0 == "direction rtl" }
        let positions = cells(after: 0)
        let wid = runXdotool(["search", "--sync", "--onlyvisible", "--pid", String(log.process.processIdentifier)])
            .split(separator: "\n").first.map(String.init) ?? ""
        let mark = log.lines.count
        doubleClick("0.2", in: positions, window: wid)
        await_("opened", after: mark) { $0 == "viewer open item=0.2" }
        await_("the place, in Hebrew", after: mark) { $0 == "viewer label=Mountains 3, 3 מתוך 79" }
        press("Left", expect: "viewer page item=0.3 of=79")
        press("Right", expect: "viewer page item=0.2 of=79")
        press("Escape", expect: "viewer closed item=0.2")
    }

    /// In the catalogue Delete deletes the item shown and its neighbour shows in its place; at
    /// the end the one before shows. The viewer's context menu copies and deletes the item shown.
    func testDeleteInTheCatalogueShowsTheNextItem() throws {
        try launch()
        await_("ready") { $0.hasPrefix("ready layout=grid sections=6 items=79") }
        let positions = cells(after: 0)
        let mark = log.lines.count
        doubleClick("0.2", in: positions, window: window(named: "Gallery"))
        await_("opened", after: mark) { $0 == "viewer open item=0.2" }
        press("Delete", expect: "delete 0.2")
        await_("the item gone", after: mark) { $0 == "sections 6 items 78" }
        await_("the next item shown", after: mark) { $0 == "viewer label=Mountains 4, 3 of 78" }
        // The viewer's menu (a right-click anywhere on the page): Copy copies the item shown.
        guard let (x, y) = positions["0.4"] else { return XCTFail("no cell 0.4") }
        var menu = log.lines.count
        runXdotool(["mousemove", "--window", window(named: "Gallery"), String(x), String(y), "click", "3"])
        await_("the menu", after: menu) { $0 == "popover shown" }
        runXdotool(["key", "Return"])
        await_("copied", after: menu) { $0 == "copy Mountains 4" }
        await_("the menu closed", after: menu) { $0 == "popover hidden" }
        // Its Delete is the key's.
        menu = log.lines.count
        runXdotool(["mousemove", "--window", window(named: "Gallery"), String(x), String(y), "click", "3"])
        await_("the menu", after: menu) { $0 == "popover shown" }
        runXdotool(["key", "Down", "Return"])
        await_("deleted from the menu", after: menu) { $0 == "delete 0.2" }
        await_("the next item shown", after: menu) { $0 == "viewer label=Mountains 5, 3 of 77" }
        await_("the menu closed", after: menu) { $0 == "popover hidden" }
        awaitKeysReachTheViewer()
        press("End", expect: "viewer page item=5.16 of=77")
        press("Delete", expect: "delete 5.16")
        await_("the one before shown", after: mark) { $0 == "viewer page item=5.15 of=76" }
        press("Escape", expect: "viewer closed item=5.15")
    }

    /// A key that turns the page while a deletion still animates goes where it was sent: End
    /// pressed at once after Delete shows the last photo, not the one that took the deleted
    /// one's place.
    func testEndRightAfterDeleteGoesToTheEnd() throws {
        try launch()
        await_("ready") { $0.hasPrefix("ready layout=grid sections=6 items=79") }
        let positions = cells(after: 0)
        let mark = log.lines.count
        doubleClick("0.2", in: positions, window: window(named: "Gallery"))
        await_("opened", after: mark) { $0 == "viewer open item=0.2" }
        let keys = log.lines.count
        runXdotool(["key", "Delete", "End"])
        await_("deleted", after: keys) { $0 == "delete 0.2" }
        await_("the last photo shown", after: keys) { $0 == "viewer page item=5.16 of=78" }
        press("Escape", expect: "viewer closed item=5.16")
    }

    /// A folder by date taken: the header shows the photo's date. Delete moves the photo shown
    /// to the trash and the next one shows; Ctrl+Z puts it back and the photo shown stays.
    /// A photo copied into the folder before the one shown, and one deleted, move it in the
    /// row: it stays shown.
    func testAFolderTheTrashAndUpdatesWhileOpen() throws {
        let folder = home.directory.appendingPathComponent("Trip")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Newest first: d (4th), c, b, a.
        for (day, name) in ["a", "b", "c", "d"].enumerated() {
            try writeTestJPEG(folder.appendingPathComponent("\(name).jpg").path, colour: 0x3080_c0ff &+ UInt32(day) << 24,
                              taken: "2024:05:0\(day + 1) 1\(day):00:00")
        }
        let settings = home.directory.appendingPathComponent("config/glib-2.0/settings")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try Data("[io/github/collectionview/Gallery]\nsort-order='date'\n".utf8).write(to: settings.appendingPathComponent("keyfile"))
        try launch([folder.path])
        guard let opened = await_("opened", timeout: 20, { $0.hasPrefix("opened \(folder.path) sections=1 items=4 ") }) else { return }
        await_("newest first", timeout: 20) { $0 == "timeline order=d.jpg,c.jpg,b.jpg,a.jpg" }
        var mark = log.lines.count
        // Where the folder's tiles are once shown, not what was logged before it opened.
        let positions = cells(after: log.lines.firstIndex(of: opened)!)
        mark = log.lines.count
        doubleClick("0.1", in: positions, window: window(named: "Trip"))
        await_("the viewer", after: mark) { $0 == "viewer open item=0.1" }
        // c.jpg, taken on 3 May 2024 at 12:00 (in the test's time zone).
        guard let title = await_("the header", after: mark, { $0.hasPrefix("viewer title=c date=") }) else { return }
        XCTAssertTrue(title.contains("12:00:00"), "the date taken: \(title)")
        XCTAssertFalse(title.hasSuffix("date=none"), title)

        // Delete: c.jpg to the trash, b.jpg (next) shown at the same place.
        mark = log.lines.count
        runXdotool(["key", "Delete"])
        await_("trash", after: mark) { $0 == "trash c.jpg" }
        await_("the folder without it", after: mark) { $0 == "sections 1 items 3" }
        await_("the next photo", after: mark) { $0.hasPrefix("viewer title=b date=") }
        await_("its place", after: mark) { $0 == "viewer label=b, 2 of 3" }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("c.jpg").path))

        // Undo: c.jpg back before b.jpg; b.jpg stays shown, now third.
        mark = log.lines.count
        runXdotool(["key", "ctrl+z"])
        await_("undo", after: mark) { $0 == "undo 1" }
        await_("the folder with it", after: mark, timeout: 15) { $0 == "sections 1 items 4" }
        await_("b.jpg still shown, moved", after: mark) { $0 == "viewer page item=0.2 of=4" }
        await_("b.jpg still shown", after: mark) { $0 == "viewer label=b, 3 of 4" }

        // A newer photo copied in goes first: b.jpg moves to the fourth page and stays shown.
        mark = log.lines.count
        try writeTestJPEG(folder.appendingPathComponent("e.jpg").path, colour: 0x20c0_40ff, taken: "2024:05:09 09:00:00")
        await_("the new photo", after: mark, timeout: 15) { $0 == "sections 1 items 5" }
        await_("b.jpg still shown, moved", after: mark, timeout: 15) { $0 == "viewer page item=0.3 of=5" }
        // And deleted in the folder (by another app): back to third.
        mark = log.lines.count
        try FileManager.default.removeItem(at: folder.appendingPathComponent("e.jpg"))
        await_("the photo gone", after: mark, timeout: 15) { $0 == "sections 1 items 4" }
        await_("b.jpg still shown, moved", after: mark, timeout: 15) { $0 == "viewer page item=0.2 of=4" }
        mark = log.lines.count
        press("Escape", expect: "viewer closed item=0.2")
    }

    /// A folder's photo shows decoded at the window's size (not the thumbnail): 3000 x 2000
    /// fits the page, and is decoded again when the window grows; the header has its date
    /// though the folder is shown by name. Zoomed to 1:1 it shows a sharp detail. `+` zooms in (up to 1:1 and no further), the arrows then pan the photo
    /// instead of paging, `0` fits it again and the arrows page; a file that is not a picture
    /// says why on its page.
    func testPagesShowTheFullPhotoZoomAndSayWhyOneCannotShow() throws {
        let folder = home.directory.appendingPathComponent("Large")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sines = folder.appendingPathComponent(".s.v").path, grey = folder.appendingPathComponent(".g.v").path
        try PhotoFixtures.run("vips", ["sines", sines, "3000", "2000", "--hfreq", "4", "--vfreq", "3"])
        try PhotoFixtures.run("vips", ["linear", sines, grey, "100", "128", "--uchar"])
        try PhotoFixtures.run("vips", ["jpegsave", grey, folder.appendingPathComponent("a-large.jpg").path, "--Q", "85"])
        for file in [sines, grey] { try FileManager.default.removeItem(atPath: file) }
        try Data(repeating: 0x41, count: 4000).write(to: folder.appendingPathComponent("b-broken.jpg"))
        try launch([folder.path])
        guard let opened = await_("opened", timeout: 20, { $0.hasPrefix("opened \(folder.path) sections=1 items=2 ") }) else { return }
        // Where the folder's tiles are once shown, not what was logged before it opened.
        let positions = cells(after: log.lines.firstIndex(of: opened)!)
        var mark = log.lines.count
        doubleClick("0.0", in: positions, window: window(named: "Large"))
        await_("the viewer", after: mark) { $0 == "viewer open item=0.0" }
        // Shown by name (no timeline), the header still has a date: read from the file (no EXIF
        // here: its modification time, as the timeline takes it).
        await_("the date in the header", after: mark) { $0.hasPrefix("viewer title=a-large date=") && !$0.hasSuffix("date=none") }
        guard let decoded = await_("the full picture", after: mark, timeout: 15, { $0.hasPrefix("viewer photo item=0.0 decoded=") }) else { return }
        let size = decoded.split(separator: "=").last!.split(separator: "x").compactMap { Int($0) }
        XCTAssertEqual(size.count, 2)
        if size.count == 2 {
            XCTAssertGreaterThan(size[0], 600, "decoded for the page, far larger than a thumbnail: \(decoded)")
            XCTAssertLessThanOrEqual(size[0], 1000, "within the window: \(decoded)")
            XCTAssertEqual(Double(size[0]) / Double(size[1]), 1.5, accuracy: 0.01, "its proportions")
        }
        // Zoom in to 1:1 (a few steps of 1.25 from about 0.3), and no further.
        mark = log.lines.count
        for _ in 0..<8 { runXdotool(["key", "plus"]) }
        await_("1:1", after: mark) { $0 == "viewer zoom=1.00" }
        await_("a sharp detail of what shows, at 1:1", after: mark, timeout: 15) { $0.hasPrefix("viewer detail item=0.0 pixels=") }
        var later = log.lines.count
        runXdotool(["key", "plus"])
        log.awaitLaterLine(after: later)
        XCTAssertFalse(log.lines[later...].contains { $0.hasPrefix("viewer zoom=") && $0 != "viewer zoom=1.00" }, "no further than 1:1")
        // Zoomed, Right pans the photo: no page turns.
        later = log.lines.count
        runXdotool(["key", "Right"])
        runXdotool(["key", "plus"])  // a line after the arrow's effect
        log.awaitLaterLine(after: later)
        XCTAssertFalse(log.lines[later...].contains { $0.hasPrefix("viewer page ") }, "the arrow panned: \(log.lines[later...])")
        // Back to fit; a larger window has the photo decoded again for its size.
        later = log.lines.count
        runXdotool(["key", "0"])
        await_("fit", after: later) { $0.hasPrefix("viewer zoom=0.") }
        later = log.lines.count
        runXdotool(["windowsize", "--sync", window(named: "Large"), "1200", "780"])
        guard let resized = await_("decoded again", after: later, timeout: 15, { $0.hasPrefix("viewer photo item=0.0 decoded=") }) else { return }
        XCTAssertNotEqual(resized, decoded, "another size")
        // Right pages, to the broken file, which says why.
        later = log.lines.count
        press("Right", expect: "viewer page item=0.1 of=2")
        await_("why it cannot show", after: later, timeout: 15) { $0.hasPrefix("viewer photo-failed item=0.1 reason=") }
        press("Escape", expect: "viewer closed item=0.1")
    }

    /// Ctrl + scroll down on a photo at fit size drags it back towards its tile: one notch is
    /// not enough (the viewer stays), four are past half way (the grid comes back, on the
    /// photo's tile).
    func testCtrlScrollDownReturnsToTheGrid() throws {
        try launch(environment: ["GALLERY_LOG_MOTION": "1"])  // the transitions' start and end
        await_("ready") { $0.hasPrefix("ready layout=grid sections=6 items=79") }
        let positions = cells(after: 0)
        let wid = window(named: "Gallery")
        var mark = log.lines.count
        doubleClick("0.2", in: positions, window: wid)
        await_("opened", after: mark) { $0 == "viewer open item=0.2" }
        // One notch down: a start towards the grid that is let go short of half way.
        mark = log.lines.count
        runXdotool(["keydown", "ctrl", "click", "5", "keyup", "ctrl"])
        await_("towards the grid", after: mark) { $0 == "transition start from=viewer to=grid" }
        await_("cancelled", after: mark) { $0 == "transition end layout=viewer" }
        // Four notches: past half way, the grid, on the photo's tile.
        log.letTimePass(0.3, because: "the wheel's pause ends the gesture: the next notches are a new one")
        mark = log.lines.count
        runXdotool(["keydown", "ctrl", "click", "--repeat", "4", "--delay", "30", "5", "keyup", "ctrl"])
        await_("finished", after: mark) { $0 == "transition end layout=grid" }
        await_("closed on its tile", after: mark) { $0 == "viewer closed item=0.2" }
    }

    /// Delete in a folder's viewer (the photo to the trash, a toast, the next photo shown, the
    /// pages moving up) lays out every frame before it is drawn: GTK warns of nothing. (It
    /// printed "Trying to snapshot GtkStack ... without a current allocation" once per Delete
    /// when the collection view sorted its children in its layout pass.)
    func testDeleteInAFolderWarnsNothing() throws {
        let folder = home.directory.appendingPathComponent("Walk")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (i, name) in ["a", "b", "c", "d", "e"].enumerated() {
            try writeTestJPEG(folder.appendingPathComponent("\(name).jpg").path, colour: 0x4070_a0ff &+ UInt32(i) << 24)
        }
        try launch([folder.path])
        guard let opened = await_("opened", timeout: 20, { $0.hasPrefix("opened \(folder.path) sections=1 items=5 ") }) else { return }
        // Where the folder's tiles are once shown, not what was logged before it opened.
        let positions = cells(after: log.lines.firstIndex(of: opened)!)
        var mark = log.lines.count
        doubleClick("0.1", in: positions, window: window(named: "Walk"))
        await_("the viewer", after: mark) { $0 == "viewer open item=0.1" }
        for (gone, next, count, toast) in [("b", "c", 4, "1 photo"), ("c", "d", 3, "2 photos")] {
            mark = log.lines.count
            runXdotool(["key", "Delete"])
            await_("\(gone).jpg to the trash", after: mark) { $0 == "trash \(gone).jpg" }
            await_("the toast", after: mark) { $0 == "toast \(toast) moved to the trash" }  // it counts on
            await_("the folder without it", after: mark) { $0 == "sections 1 items \(count)" }
            await_("\(next).jpg shown in its place", after: mark) { $0 == "viewer label=\(next), 2 of \(count)" }
        }
        log.awaitLaterLine(after: log.lines.count)  // the frames after the updates are drawn
        XCTAssertEqual(log.gtkWarnings, [], "GTK warned as the photos went")
        press("Escape", expect: "viewer closed item=0.1")
    }

    /// A narrower and wider window keeps the photo shown (the next key goes on from it); a
    /// wheel notch turns a page; F11 asks for fullscreen.
    func testResizingKeepsThePhotoShown() throws {
        try launch()
        await_("ready") { $0.hasPrefix("ready layout=grid sections=6 items=79") }
        let positions = cells(after: 0)
        let wid = window(named: "Gallery")
        let mark = log.lines.count
        doubleClick("0.5", in: positions, window: wid)
        await_("opened", after: mark) { $0 == "viewer open item=0.5" }
        for width in ["700", "1100", "900"] { runXdotool(["windowsize", "--sync", wid, width, "600"]) }
        log.awaitLaterLine(after: log.lines.count)  // the app has drawn the sizes since
        press("Right", expect: "viewer page item=0.6 of=79")
        // A wheel notch turns a page (the pointer is still over the photo).
        var mark2 = log.lines.count
        runXdotool(["click", "5"])
        await_("a notch down", after: mark2) { $0 == "viewer page item=0.7 of=79" }
        mark2 = log.lines.count
        runXdotool(["click", "4"])
        await_("a notch up", after: mark2) { $0 == "viewer page item=0.6 of=79" }
        press("F11", expect: "fullscreen true")
        press("Escape", expect: "viewer closed item=0.6")
    }

    /// Ctrl + wheel over a photo larger than the window zooms the photo in its page, and back
    /// to fit. (The page's swatch, over the photo and hidden by opacity only, once took every
    /// event on the page: the zoom view never saw a wheel, a drag or a pinch.)
    func testCtrlScrollOverAPhotoZoomsIt() throws {
        let folder = home.directory.appendingPathComponent("Big")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try writeTestJPEG(folder.appendingPathComponent("big.jpg").path, colour: 0x3080_c0ff, width: 3000, height: 2000)
        try launch([folder.path])
        await_("opened", timeout: 20) { $0.hasPrefix("opened \(folder.path) sections=1 items=1 ") }
        await_("its thumbnail", timeout: 20) { $0.hasPrefix("first-screen ") }
        var mark = log.lines.count
        let positions = cells(after: mark)
        mark = log.lines.count
        doubleClick("0.0", in: positions, window: window(named: "Big"))
        await_("the viewer", after: mark) { $0 == "viewer open item=0.0" }
        await_("the full picture", after: mark) { $0.hasPrefix("viewer photo item=0.0 decoded=") }
        mark = log.lines.count
        // The pointer moves onto the photo first, as a hand on the mouse does: GTK 4.8 sends a
        // wheel to the widget the pointer last moved over, here the tile the photo grew from.
        runXdotool(["mousemove_relative", "--", "4", "4"])
        runXdotool(["keydown", "ctrl", "click", "4", "keyup", "ctrl"])
        guard let zoomed = await_("zoomed in", after: mark, { $0.hasPrefix("viewer zoom=") }) else { return }
        mark = log.lines.count
        runXdotool(["keydown", "ctrl", "click", "5", "keyup", "ctrl"])
        guard let fit = await_("back to fit", after: mark, { $0.hasPrefix("viewer zoom=") }) else { return }
        XCTAssertLessThan(Double(fit.dropFirst("viewer zoom=".count)) ?? 9, Double(zoomed.dropFirst("viewer zoom=".count)) ?? 0, "\(zoomed), then \(fit)")
        press("Escape", expect: "viewer closed item=0.0")
    }

    /// What a screen reader reads (a real AT-SPI client, pyatspi): each page is named by its
    /// photo and its place, "Mountains 4, 4 of 79", and the next page by its own.
    func testPagesSayTheirPlaceToScreenReaders() throws {
        guard FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pyatspi/__init__.py") else {
            throw XCTSkip("pyatspi (python3-pyatspi, scripts/setup --test) is not installed")
        }
        try launch()
        await_("ready") { $0.hasPrefix("ready layout=grid sections=6 items=79") }
        let positions = cells(after: 0)
        let mark = log.lines.count
        doubleClick("0.2", in: positions, window: window(named: "Gallery"))
        await_("opened", after: mark) { $0 == "viewer open item=0.2" }
        press("Right", expect: "viewer page item=0.3 of=79")
        await_("the labels", after: mark) { $0 == "viewer label=Mountains 4, 4 of 79" }
        let names = accessibleNames(ofApplicationWithPID: log.process.processIdentifier, containing: " of 79")
        XCTAssertTrue(names.contains("Mountains 4, 4 of 79"), "the page shown, as AT-SPI has it: \(names)")
        XCTAssertTrue(names.contains("Mountains 5, 5 of 79"), "the next page: \(names)")
        XCTAssertFalse(names.contains { $0.hasPrefix("Mountains 4,") && $0 != "Mountains 4, 4 of 79" }, "\(names)")
    }

    /// The accessible names in a running app that contain `fragment`, read through AT-SPI.
    private func accessibleNames(ofApplicationWithPID pid: Int32, containing fragment: String) -> [String] {
        let script = """
        import pyatspi, sys
        found = []
        def walk(o, depth):
            if o is None or depth > 40: return
            try: name = o.name or ""
            except Exception: return
            if sys.argv[2] in name: found.append(name)
            for i in range(min(o.childCount, 300)):
                try: walk(o.getChildAtIndex(i), depth + 1)
                except Exception: pass
        for app in pyatspi.Registry.getDesktop(0):
            try: mine = app.get_process_id() == int(sys.argv[1])
            except Exception: mine = False
            if mine: walk(app, 0)
        print("\\n".join(found))
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, String(pid), fragment]
        let output = Pipe()
        process.standardOutput = output
        try? process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
