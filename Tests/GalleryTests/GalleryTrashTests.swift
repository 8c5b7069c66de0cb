import XCTest
import Foundation
import CGtk

/// A folder's Delete, end to end: the real gallery under Xvfb, driven by xdotool and read
/// through its log, with its own trash ($XDG_DATA_HOME and $HOME in the test's temp home, on
/// the same file system as the photos). Photos go to the trash (never deleted for good), a toast
/// says how many, and Undo puts them back byte for byte; a photo that cannot be trashed stays,
/// with a message; a mount's own trash ($topdir/.Trash-$uid) works the same.
final class GalleryTrashTests: XCTestCase {
    let home = GalleryHome()
    var runs: [GalleryRun] = []
    var log: GalleryRun { runs.last! }
    /// Mounts a test made, unmounted after it (its app stopped first).
    var mounts: [URL] = []

    override func tearDown() {
        runs.forEach { $0.stop() }
        for mount in mounts.reversed() { run("/bin/umount", [mount.path]) }
        home.remove()
    }

    private var data: URL { home.directory.appendingPathComponent("data") }
    private var trash: URL { data.appendingPathComponent("Trash") }

    private func launch(_ folder: URL) throws {
        runs.append(try home.launch([folder.path], environment: ["HOME": home.directory.path, "XDG_DATA_HOME": data.path]))
    }

    /// Three photos selected (one named by bytes that are not UTF-8) and Delete: they leave
    /// the folder and the grid for the trash, each with its .trashinfo; the toast says so; its
    /// Undo button puts them back where they were, byte for byte, and the grid shows them again.
    func testDeleteMovesPhotosToTheTrashAndUndoPutsThemBack() throws {
        let folder = home.directory.appendingPathComponent("Photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (i, name) in ["a-1.png", "a-2.png", "b-4.png", "b-5.png"].enumerated() {
            try writeTestPNG(folder.appendingPathComponent(name).path, colour: 0x3080_c0ff &+ UInt32(i) << 24)
        }
        // "a-3-\xff.png": legal on Linux, not UTF-8.
        let oddName = Array("a-3-".utf8) + [0xff] + Array(".png".utf8)
        try writeTestPNG(folder.appendingPathComponent("odd.png").path, colour: 0xc0a0_30ff)
        XCTAssertEqual(path(folder, Array("odd.png".utf8)) { from in path(folder, oddName) { to in rename(from, to) } }, 0)
        let before = [Array("a-1.png".utf8), Array("a-2.png".utf8), oddName].map { contents(folder, $0) }
        XCTAssertTrue(before.allSatisfy { $0 != nil })

        try launch(folder)
        await_("opened") { $0.hasPrefix("opened \(folder.path) sections=1 items=5 ") }
        let cells = cells(after: 0)
        let wid = window(named: "Photos")
        var mark = log.lines.count
        xdotool(["key", "--window", wid, "ctrl+m"])
        await_("multiple selection", after: mark) { $0 == "multiple true" }
        for (item, selected) in [("0.0", "0.0"), ("0.1", "0.0 0.1"), ("0.2", "0.0 0.1 0.2")] {
            guard let (x, y) = cells[item] else { return XCTFail("no cell \(item)") }
            mark = log.lines.count
            xdotool(["mousemove", "--window", wid, String(x), String(y), "click", "1"])
            await_("the selection", after: mark) { $0 == "selected \(selected)" }
        }
        mark = log.lines.count
        xdotool(["key", "Delete"])
        await_("the toast", after: mark) { $0 == "toast 3 photos moved to the trash" }
        await_("found in the trash", after: mark) { $0 == "trashed 3 found=3" }
        await_("the grid without them", after: mark) { $0 == "sections 1 items 2" }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["b-4.png", "b-5.png"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash.appendingPathComponent("files").path).count, 3)
        let infos = try FileManager.default.contentsOfDirectory(atPath: trash.appendingPathComponent("info").path)
        XCTAssertEqual(infos.count, 3)
        XCTAssertTrue(infos.allSatisfy { $0.hasSuffix(".trashinfo") })
        let info = try String(contentsOf: trash.appendingPathComponent("info/a-1.png.trashinfo"), encoding: .utf8)
        XCTAssertTrue(info.contains("Path=\(folder.path)/a-1.png\n"), info)
        XCTAssertTrue(info.contains("DeletionDate="), info)
        let oddInfo = String(decoding: contents(trash.appendingPathComponent("info"), oddName + Array(".trashinfo".utf8)) ?? Data(), as: UTF8.self)
        XCTAssertTrue(oddInfo.contains("Path=\(folder.path)/a-3-%FF.png\n"), "the name's byte, escaped: \(oddInfo)")

        // Undo, the toast's button.
        guard let button = await_("the toast's Undo button", after: mark, { $0.hasPrefix("toast-undo ") }) else { return }
        let place = button.split(separator: " ").dropFirst().map(String.init)
        mark = log.lines.count
        xdotool(["mousemove", "--window", wid, place[0], place[1], "click", "1"])
        await_("undo", after: mark) { $0 == "undo 3" }
        await_("restored", after: mark) { $0 == "restored 3" }
        await_("the grid with them", after: mark, timeout: 15) { $0 == "sections 1 items 5" }
        let after = [Array("a-1.png".utf8), Array("a-2.png".utf8), oddName].map { contents(folder, $0) }
        XCTAssertEqual(after, before, "back byte for byte")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash.appendingPathComponent("files").path), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash.appendingPathComponent("info").path), [], "no info left behind")
        XCTAssertFalse(log.lines.contains { $0.hasPrefix("message") && $0.contains("trash") }, "no message")
    }

    /// A second deletion while the toast shows (from the context menu's Move to Trash) makes one
    /// toast of both, and Undo (Ctrl+Z) puts back both; a photo whose name has been taken
    /// meanwhile stays in the trash with a message, and the new file is left alone.
    func testASecondDeletionMergesIntoTheToastAndUndoNeverOverwrites() throws {
        let folder = home.directory.appendingPathComponent("Album")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (i, name) in ["a-1.png", "a-2.png", "a-3.png"].enumerated() {
            try writeTestPNG(folder.appendingPathComponent(name).path, colour: 0x3080_c0ff &+ UInt32(i) << 24)
        }
        let second = try Data(contentsOf: folder.appendingPathComponent("a-2.png"))

        try launch(folder)
        await_("opened") { $0.hasPrefix("opened \(folder.path) sections=1 items=3 ") }
        let wid = window(named: "Album")
        guard let first = cells(after: 0)["0.0"] else { return XCTFail("no cell 0.0") }
        var mark = log.lines.count
        xdotool(["mousemove", "--window", wid, String(first.0), String(first.1), "click", "1"])
        await_("the selection", after: mark) { $0 == "selected 0.0" }
        xdotool(["key", "Delete"])
        await_("the toast", after: mark) { $0 == "toast 1 photo moved to the trash" }
        await_("the grid without it", after: mark) { $0 == "sections 1 items 2" }

        // The context menu of the new first photo: Copy, then Move to Trash.
        mark = log.lines.count
        guard let next = cells(after: mark)["0.0"] else { return XCTFail("no cell 0.0") }
        mark = log.lines.count
        xdotool(["mousemove", "--window", wid, String(next.0), String(next.1), "click", "3"])
        await_("the menu", after: mark) { $0 == "popover shown" }
        xdotool(["key", "Down", "Return"])
        await_("Move to Trash", after: mark) { $0 == "delete 0.0" }
        await_("one toast for both", after: mark) { $0 == "toast 2 photos moved to the trash" }
        await_("the grid without it", after: mark) { $0 == "sections 1 items 1" }

        // Another a-1.png appears where the first was; Undo must not replace it.
        mark = log.lines.count
        try writeTestPNG(folder.appendingPathComponent("a-1.png").path, colour: 0x10_10_10ff)
        let newcomer = try Data(contentsOf: folder.appendingPathComponent("a-1.png"))
        await_("the newcomer", after: mark, timeout: 15) { $0 == "sections 1 items 2" }
        mark = log.lines.count
        xdotool(["key", "--window", wid, "ctrl+z"])
        await_("undo", after: mark) { $0 == "undo 2" }
        await_("restored", after: mark) { $0 == "restored 1" }
        await_("the failure", after: mark) { $0 == "restore failed a-1.png" }
        await_("the message", after: mark) {
            $0 == "message 1 photo was not put back (a-1.png). A file of that name is there now; the photo stays in the trash."
        }
        await_("the grid", after: mark, timeout: 15) { $0 == "sections 1 items 3" }
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("a-1.png")), newcomer, "the newcomer is left alone")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("a-2.png")), second, "back byte for byte")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash.appendingPathComponent("files").path), ["a-1.png"],
                       "the first photo stays in the trash")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash.appendingPathComponent("info").path), ["a-1.png.trashinfo"])
    }

    /// A photo on a read-only mount cannot go to the trash: a message names it and it stays;
    /// the other selected photo still goes.
    func testAPhotoThatCannotBeTrashedStaysWithAMessage() throws {
        let folder = home.directory.appendingPathComponent("Mixed")
        let locked = folder.appendingPathComponent("Locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try writeTestPNG(folder.appendingPathComponent("free.png").path, colour: 0x3080_c0ff)
        try writeTestPNG(locked.appendingPathComponent("locked.png").path, colour: 0xc080_30ff)
        try mount(["--bind", "-o", "ro", locked.path, locked.path], at: locked)

        try launch(folder)
        await_("opened") { $0.hasPrefix("opened \(folder.path) sections=2 items=2 ") }
        let cells = cells(after: 0)
        let wid = window(named: "Mixed")
        var mark = log.lines.count
        xdotool(["key", "--window", wid, "ctrl+m"])
        await_("multiple selection", after: mark) { $0 == "multiple true" }
        for (item, selected) in [("0.0", "0.0"), ("1.0", "0.0 1.0")] {
            guard let (x, y) = cells[item] else { return XCTFail("no cell \(item)") }
            mark = log.lines.count
            xdotool(["mousemove", "--window", wid, String(x), String(y), "click", "1"])
            await_("the selection", after: mark) { $0 == "selected \(selected)" }
        }
        mark = log.lines.count
        xdotool(["key", "Delete"])
        await_("the failure", after: mark) { $0 == "trash failed locked.png" }
        await_("the message", after: mark) { $0.hasPrefix("message 1 photo was not moved to the trash and stays where it is (locked.png). ") }
        await_("the other one's toast", after: mark) { $0 == "toast 1 photo moved to the trash" }
        await_("the grid", after: mark) { $0 == "sections 1 items 1" }
        XCTAssertTrue(FileManager.default.fileExists(atPath: locked.appendingPathComponent("locked.png").path), "it stays")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("free.png").path), "the other goes")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash.appendingPathComponent("files").path), ["free.png"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash.appendingPathComponent("info").path), ["free.png.trashinfo"],
                       "no info for the one that stayed")
    }

    /// On another file system GLib trashes into `$topdir/.Trash-$uid`, with Path= relative to
    /// the mount's top; Undo finds it there and puts it back.
    func testAPhotoOnAnotherFileSystemGoesToThatMountsTrashAndComesBack() throws {
        let image = home.directory.appendingPathComponent("disk.img")
        let disk = home.directory.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        guard run("/usr/bin/truncate", ["-s", "8M", image.path]) == 0, run("/sbin/mkfs.ext4", ["-q", image.path]) == 0 else {
            throw XCTSkip("no mkfs.ext4 here")
        }
        try mount(["-o", "loop", image.path, disk.path], at: disk)
        let folder = disk.appendingPathComponent("Card")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try writeTestPNG(folder.appendingPathComponent("p-1.png").path, colour: 0x3080_c0ff)
        try writeTestPNG(folder.appendingPathComponent("p-2.png").path, colour: 0xc080_30ff)
        let before = try Data(contentsOf: folder.appendingPathComponent("p-1.png"))

        try launch(folder)
        await_("opened") { $0.hasPrefix("opened \(folder.path) sections=1 items=2 ") }
        let wid = window(named: "Card")
        guard let first = cells(after: 0)["0.0"] else { return XCTFail("no cell 0.0") }
        var mark = log.lines.count
        xdotool(["mousemove", "--window", wid, String(first.0), String(first.1), "click", "1"])
        await_("the selection", after: mark) { $0 == "selected 0.0" }
        xdotool(["key", "Delete"])
        await_("found in the trash", after: mark) { $0 == "trashed 1 found=1" }
        await_("the grid without it", after: mark) { $0 == "sections 1 items 1" }
        let mountTrash = disk.appendingPathComponent(".Trash-\(geteuid())")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: mountTrash.appendingPathComponent("files").path), ["p-1.png"])
        let info = try String(contentsOf: mountTrash.appendingPathComponent("info/p-1.png.trashinfo"), encoding: .utf8)
        XCTAssertTrue(info.contains("Path=Card/p-1.png\n"), info)
        XCTAssertFalse(FileManager.default.fileExists(atPath: trash.appendingPathComponent("files").path), "not in the home's trash")

        mark = log.lines.count
        xdotool(["key", "--window", wid, "ctrl+z"])
        await_("restored", after: mark) { $0 == "restored 1" }
        await_("the grid", after: mark, timeout: 15) { $0 == "sections 1 items 2" }
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("p-1.png")), before, "back byte for byte")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: mountTrash.appendingPathComponent("files").path), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: mountTrash.appendingPathComponent("info").path), [])
    }

    // MARK: Helpers

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
        xdotool(["search", "--sync", "--onlyvisible", "--name", "^\(name)$"]).split(separator: "\n").first.map(String.init) ?? ""
    }

    /// Mounts (as root; the test is skipped where mounting is not allowed) and unmounts after.
    private func mount(_ arguments: [String], at point: URL) throws {
        guard geteuid() == 0, run("/bin/mount", arguments) == 0 else { throw XCTSkip("mount \(arguments) is not allowed here") }
        mounts.append(point)
    }

    @discardableResult
    private func xdotool(_ args: [String]) -> String {
        runXdotool(args)
    }

    @discardableResult
    private func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return -1 }
        p.waitUntilExit()
        return p.terminationStatus
    }
}

/// `folder/name` as the C path the file system takes, for a name given as bytes (maybe not UTF-8).
private func path<R>(_ folder: URL, _ name: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
    let bytes = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
    return bytes.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
}

/// A file's bytes, opened by the bytes of its name; nil when it cannot be read.
private func contents(_ folder: URL, _ name: [UInt8]) -> Data? {
    path(folder, name) { cPath -> Data? in
        var data: UnsafeMutablePointer<CChar>?
        var length: gsize = 0
        guard g_file_get_contents(cPath, &data, &length, nil) != 0, let data else { return nil }
        defer { g_free(data) }
        return Data(bytes: data, count: Int(length))
    }
}
