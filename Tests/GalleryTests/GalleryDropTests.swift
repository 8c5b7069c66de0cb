import XCTest
import Foundation
import CGtk
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// Files dropped onto the real gallery from another process: a real X11 drag (XDND) that
/// xdotool makes from a drag source window of the test process (`DragSourceWindow`, standing
/// for a file manager) to the gallery's window. The test process keeps its main loop running
/// while it waits, as it must serve the dragged data to the gallery.
final class GalleryDropTests: XCTestCase {
    /// Into an open folder: an image file is copied (the folder's monitoring shows it); a
    /// file that is not an image is refused while it hovers; a drop that may only move copies
    /// nothing. The original stays where it was.
    func testAnImageDroppedOnAFolderIsCopiedIntoIt() throws { try MainActor.assumeIsolated {
        let scenario = try GalleryDropScenario()
        defer { scenario.finish() }
        try scenario.folderDrops()
    } }

    /// Onto the catalogue: an image file becomes an item at the drop's place that shows the
    /// file where it is; nothing is copied. A file that cannot be decoded is a message.
    func testAnImageDroppedOnTheCatalogueBecomesAnItem() throws { try MainActor.assumeIsolated {
        let scenario = try GalleryDropScenario()
        defer { scenario.finish() }
        try scenario.catalogueDrop()
    } }

    /// Out of the gallery: a folder's photo dragged to another app arrives as its file, and
    /// stays in the folder (the gallery offers copies only).
    func testAFolderPhotoDragsOutAsItsFile() throws { try MainActor.assumeIsolated {
        let scenario = try GalleryDropScenario()
        defer { scenario.finish() }
        try scenario.dragOut()
    } }
}

/// One test's gallery runs, scratch files and drags.
@MainActor
private final class GalleryDropScenario {
    let home = GalleryHome()
    var runs: [GalleryRun] = []
    var log: GalleryRun { runs.last! }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-drop-\(UUID().uuidString)")

    init() throws {
        try XCTSkipUnless(GtkHarness.available, "needs a display")
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
    }

    func finish() {
        runs.forEach { $0.stop() }
        home.remove()
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Waits for a log line while the main loop runs.
    @discardableResult
    private func await_(_ what: String, after: Int = 0, timeout: Double = 10, file: StaticString = #filePath, line: UInt = #line,
                        _ match: (String) -> Bool) -> String? {
        var found: String?
        GtkHarness.pump(timeout: timeout) {
            found = log.lines.dropFirst(after).first(where: match)
            return found != nil
        }
        if found == nil {
            XCTFail("no log line for \(what); log: \(log.lines.filter { !$0.hasPrefix("cell") && !$0.hasPrefix("health") && !$0.hasPrefix("frames") }.suffix(20))",
                    file: file, line: line)
        }
        return found
    }

    /// The cells' centres (window coordinates) from the "cell" lines after `after`.
    private func cells(after: Int) -> [String: (Int, Int)] {
        await_("cells", after: after) { $0 == "cells-done" }
        return log.cellCentres(after: after)
    }

    private func galleryWindow(named name: String) -> String {
        var id = ""
        GtkHarness.pump(timeout: 10) {
            id = GtkHarness.xdotool(["search", "--onlyvisible", "--name", "^\(name)$"]).split(separator: "\n").first.map(String.init) ?? ""
            return !id.isEmpty
        }
        return id
    }

    /// Drags `paths` (and `uris`) from the other process's window to a point of the gallery's
    /// window and drops them there.
    private func drop(_ paths: [String], uris: [String] = [], at point: (Int, Int), in window: String,
                      actions: GdkDragAction = GdkDragAction(rawValue: GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue),
                      beforeRelease: () -> Void = {}) {
        let source = DragSourceWindow(items: [DragItem(filePaths: paths, fileURIs: uris)], actions: actions)
        defer { source.close() }
        source.beginDrag()
        DragSourceWindow.move(to: (point.0 + 10, point.1), in: window)
        DragSourceWindow.move(to: point, in: window)
        beforeRelease()
        DragSourceWindow.release()
        GtkHarness.wait(for: "the drag source to hear the drag ended") { !source.endedActions.isEmpty }
    }

    /// Waits for the gallery's next health line (every two seconds): the log is then read past
    /// what the gallery did with the drop, and a test may check what did not come.
    private func awaitLaterLine(file: StaticString = #filePath, line: UInt = #line) {
        let mark = log.lines.count
        await_("a later health line", after: mark, timeout: 20, file: file, line: line) { $0.hasPrefix("health ") }
    }

    /// Into an open folder: an image file is copied (the folder's monitoring shows it); a
    /// file that is not an image is refused while it hovers; a drop that may only move copies
    /// nothing. The original stays where it was.
    func folderDrops() throws {
        let folder = scratch.appendingPathComponent("Photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try writeTestPNG(folder.appendingPathComponent("a.png").path, colour: 0x3080_c0ff)
        try writeTestPNG(folder.appendingPathComponent("b.png").path, colour: 0x80c0_30ff)
        let dropped = scratch.appendingPathComponent("elsewhere/dropped.png")
        try writeTestPNG(dropped.path, colour: 0xc030_80ff)
        let notes = scratch.appendingPathComponent("elsewhere/notes.txt")
        try Data("not a picture".utf8).write(to: notes)

        runs.append(try home.launch([folder.path]))
        await_("opened") { $0.hasPrefix("opened \(folder.path) sections=1 items=2 ") }
        let window = galleryWindow(named: "Photos")
        guard let cell = cells(after: 0)["0.1"] else { return XCTFail("no cell 0.1") }

        // Not an image: refused once the files are read, nothing copied.
        var mark = log.lines.count
        drop([notes.path], at: cell, in: window) {
            await_("a forbidden proposal", after: mark) { $0 == "drop proposal forbidden" }
        }
        awaitLaterLine()
        XCTAssertFalse(log.lines.dropFirst(mark).contains { $0.hasPrefix("drop copy") || $0.hasPrefix("drop copied") }, "no drop")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("notes.txt").path), "nothing copied")

        // A source that only allows moving: the gallery copies only, so nothing happens.
        mark = log.lines.count
        drop([dropped.path], at: cell, in: window, actions: GDK_ACTION_MOVE)
        awaitLaterLine()
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("dropped.png").path),
                       "a move-only drop copies nothing")

        // An image from elsewhere, copied.
        mark = log.lines.count
        drop([dropped.path], at: cell, in: window)
        await_("the drop", after: mark) { $0 == "drop copy files=1 images=1" }
        await_("the copy", after: mark) { $0 == "drop copied \(folder.path)/dropped.png" }
        await_("the folder shows it", after: mark, timeout: 15) { $0 == "sections 1 items 3" }
        await_("its thumbnail", after: mark, timeout: 15) { $0 == "thumbnail \(folder.path)/dropped.png" }
        XCTAssertEqual(FileManager.default.contents(atPath: folder.appendingPathComponent("dropped.png").path),
                       FileManager.default.contents(atPath: dropped.path), "the same bytes")
        XCTAssertTrue(FileManager.default.fileExists(atPath: dropped.path), "the original stays")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["a.png", "b.png", "dropped.png"])
        XCTAssertTrue(log.isRunning)
    }

    /// Onto the catalogue: an image file becomes an item at the drop's place that shows the
    /// file where it is; nothing is copied. A file that cannot be decoded is a message. A file
    /// whose name is not UTF-8 is shown too.
    func catalogueDrop() throws {
        let dropped = scratch.appendingPathComponent("elsewhere/sunset.png")
        try writeTestPNG(dropped.path, colour: 0xe0a0_40ff)
        runs.append(try home.launch())
        await_("ready") { $0.hasPrefix("ready ") }
        let window = galleryWindow(named: "Gallery")
        guard let cell = cells(after: 0)["0.3"] else { return XCTFail("no cell 0.3") }

        let mark = log.lines.count
        // The leading half of item 3: the new item goes before it.
        drop([dropped.path], at: (cell.0 - 20, cell.1), in: window)
        await_("the drop", after: mark) { $0 == "drop copy files=1 images=1" }
        await_("the item", after: mark) { $0 == "drop added sunset at 0.3" }
        await_("the count", after: mark) { $0 == "sections 6 items 80" }
        await_("its thumbnail", after: mark, timeout: 15) { $0 == "thumbnail \(dropped.path)" }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dropped.deletingLastPathComponent().path), ["sunset.png"],
                       "nothing copied")

        // A file that only claims to be an image: an item, and a message once it fails to decode.
        let broken = scratch.appendingPathComponent("elsewhere/broken.png")
        try Data("not really a png".utf8).write(to: broken)
        let again = log.lines.count
        drop([broken.path], at: cell, in: window)
        await_("the item", after: again) { $0.hasPrefix("drop added broken at ") }
        await_("the message", after: again, timeout: 15) { $0.hasPrefix("message 1 file could not be read as an image (broken.png") }

        // A name that is not UTF-8 (Latin-1 "café.png"), dragged as its URI: the item shows the
        // file itself, titled as g_filename_display_name shows the name.
        let latin1 = try PhotoFixtures.copy(dropped.path, into: dropped.deletingLastPathComponent().path, name: PhotoFixtures.latin1Name)
        let third = log.lines.count
        drop([], uris: [PhotoFixtures.uri(latin1)], at: cell, in: window)
        await_("the item", after: third) { $0.hasPrefix("drop added caf\u{FFFD} at ") }
        await_("its thumbnail", after: third, timeout: 15) { $0 == "thumbnail \(PhotoFixtures.displayName(latin1))" }
        XCTAssertTrue(log.isRunning)
    }

    func dragOut() throws {
        let folder = scratch.appendingPathComponent("Outgoing")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try writeTestPNG(folder.appendingPathComponent("a.png").path, colour: 0x3080_c0ff)
        try writeTestPNG(folder.appendingPathComponent("b.png").path, colour: 0x80c0_30ff)
        runs.append(try home.launch([folder.path]))
        await_("opened") { $0.hasPrefix("opened \(folder.path) sections=1 items=2 ") }
        let window = galleryWindow(named: "Outgoing")
        guard let cell = cells(after: 0)["0.1"] else { return XCTFail("no cell 0.1") }
        let receiver = DropReceiverWindow()
        defer { receiver.close() }
        let mark = log.lines.count
        GtkHarness.xdotool(["mousemove", "--window", window, String(cell.0), String(cell.1), "mousedown", "1"])
        GtkHarness.xdotool(["mousemove_relative", "--", "30", "0", "sleep", "0.05", "mousemove_relative", "--", "30", "0"])
        DragSourceWindow.move(to: (100, 100), in: receiver.id)
        DragSourceWindow.release()
        GtkHarness.wait(for: "the receiver's drop") { !receiver.received.isEmpty }
        XCTAssertEqual(receiver.received, [[folder.appendingPathComponent("b.png").path]], "the photo's file arrived")
        await_("the drag", after: mark) { $0 == "drag 0.1" }
        await_("its end", after: mark) { $0 == "drag ended copy" }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("b.png").path), "the photo stays")
        XCTAssertTrue(log.isRunning)
    }
}
