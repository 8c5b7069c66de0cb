import XCTest
import Foundation

/// The folder sidebar and swipe to trash, end to end: the real gallery under Xvfb, driven by
/// xdotool and read through its log. The sidebar lists the opened folder's tree of folders
/// (hidden ones left out), expands, and chooses the folder the grid shows while keeping its
/// root; a narrow window shows one pane at a time with a back button; a photo's swipe action
/// (reached through its context menu, where it is listed once) moves it to the trash, and Undo
/// puts it back.
final class GallerySidebarTests: XCTestCase {
    let home = GalleryHome()
    var runs: [GalleryRun] = []
    var log: GalleryRun { runs.last! }

    override func tearDown() {
        runs.forEach { $0.stop() }
        home.remove()
    }

    private var data: URL { home.directory.appendingPathComponent("data") }

    /// Trip: a-1, a-2; Trip/Alps: x; Trip/Alps/Glacier: g-1, g-2; Trip/Beach: b-1; Trip/.hidden: h.
    private func makeTrip() throws -> URL {
        let trip = home.directory.appendingPathComponent("Trip")
        for (folder, names) in [("", ["a-1.png", "a-2.png"]), ("Alps", ["x.png"]), ("Alps/Glacier", ["g-1.png", "g-2.png"]),
                                ("Beach", ["b-1.png"]), (".hidden", ["h.png"])] {
            let dir = trip.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            for (i, name) in names.enumerated() {
                try writeTestPNG(dir.appendingPathComponent(name).path, colour: 0x3080_c0ff &+ UInt32(i) << 24)
            }
        }
        return trip
    }

    private func launch(_ arguments: [String]) throws {
        runs.append(try home.launch(arguments, environment: ["HOME": home.directory.path, "XDG_DATA_HOME": data.path]))
    }

    /// The sidebar's rows' centres by name, from the "sidebar-cell" lines after `after` up to
    /// the next "sidebar-cells-done".
    private func sidebarCells(after: Int) -> [String: (Int, Int)] {
        guard await_("sidebar cells", after: after, { $0 == "sidebar-cells-done" }) != nil else { return [:] }
        let lines = Array(log.lines.dropFirst(after))
        let end = lines.firstIndex(of: "sidebar-cells-done") ?? lines.count
        var result: [String: (Int, Int)] = [:]
        for line in lines[..<end] where line.hasPrefix("sidebar-cell ") {
            let parts = line.split(separator: " ")
            result[String(parts[1])] = (Int(parts[2])!, Int(parts[3])!)
        }
        return result
    }

    private func click(_ wid: String, _ place: (Int, Int)?, _ what: String) -> Bool {
        guard let (x, y) = place else { XCTFail("\(what) is not shown"); return false }
        xdotool(["mousemove", "--window", wid, String(x), String(y), "click", "1"])
        return true
    }

    func testTheSidebarListsTheTreeExpandsAndChoosesTheFolderShown() throws {
        let trip = try makeTrip()
        try launch([trip.path])
        await_("opened") { $0.hasPrefix("opened \(trip.path) sections=3 items=4 ") }
        await_("the root") { $0 == "sidebar root \(trip.path)" }
        guard let rows = await_("the rows", { $0.hasPrefix("sidebar rows ") }) else { return }
        XCTAssertEqual(rows, "sidebar rows Trip@0 Alps@1 Beach@1", "the root expanded, its folders by name, the hidden one left out")
        let wid = window(named: "Trip")
        var mark = log.lines.firstIndex(of: rows)!
        var cells = sidebarCells(after: mark)

        // Choosing Alps shows it (its photos and its subfolder's) in the grid.
        mark = log.lines.count
        guard click(wid, cells["Alps"], "Alps") else { return }
        await_("chosen", after: mark) { $0 == "sidebar chose \(trip.path)/Alps" }
        await_("Alps in the grid", after: mark) { $0.hasPrefix("opened \(trip.path)/Alps sections=2 items=3 ") }

        // Right expands the focused row: Glacier comes in below Alps.
        mark = log.lines.count
        xdotool(["key", "--window", wid, "Right"])
        guard let expanded = await_("Alps expanded", after: mark, { $0.hasPrefix("sidebar rows ") }) else { return }
        XCTAssertEqual(expanded, "sidebar rows Trip@0 Alps@1 Glacier@2 Beach@1")
        cells = sidebarCells(after: log.lines.firstIndex(of: expanded)!)

        // Choosing Glacier shows its two photos; the sidebar stays on Trip.
        mark = log.lines.count
        guard click(wid, cells["Glacier"], "Glacier") else { return }
        await_("Glacier in the grid", after: mark) { $0.hasPrefix("opened \(trip.path)/Alps/Glacier sections=1 items=2 ") }
        mark = log.lines.count
        guard click(wid, cells["Trip"], "Trip") else { return }
        await_("Trip again", after: mark) { $0.hasPrefix("opened \(trip.path) sections=3 items=4 ") }
        XCTAssertEqual(log.lines.filter { $0.hasPrefix("sidebar root ") }, ["sidebar root \(trip.path)"], "one root all along")
    }

    /// A wide window shows the sidebar and the photos; a narrow one one of them, the photos
    /// with a back button to the sidebar, where choosing a folder returns to the photos.
    func testANarrowWindowShowsOnePaneAtATime() throws {
        let trip = try makeTrip()
        try launch([trip.path])
        await_("opened") { $0.hasPrefix("opened \(trip.path) sections=3 items=4 ") }
        await_("side by side") { $0 == "split folded=false pane=both sidebar=true back=false" }
        let wid = window(named: "Trip")

        var mark = log.lines.count
        xdotool(["windowsize", wid, "500", "700"])
        await_("folded on the photos", after: mark) { $0 == "split folded=true pane=content sidebar=true back=true" }
        guard let back = await_("the back button", after: mark, { $0.hasPrefix("split-back ") }) else { return }
        let place = back.split(separator: " ").dropFirst().compactMap { Int($0) }

        mark = log.lines.count
        xdotool(["mousemove", "--window", wid, String(place[0]), String(place[1]), "click", "1"])
        await_("the sidebar alone", after: mark) { $0 == "split folded=true pane=sidebar sidebar=true back=false" }
        let cells = sidebarCells(after: mark)
        mark = log.lines.count
        guard click(wid, cells["Beach"], "Beach") else { return }
        await_("the photos again", after: mark) { $0 == "split folded=true pane=content sidebar=true back=true" }
        await_("Beach in the grid", after: mark) { $0.hasPrefix("opened \(trip.path)/Beach sections=1 items=1 ") }

        // The Showcase page has no sidebar to go back to: no back button there, back on Photos.
        mark = log.lines.count
        xdotool(["key", "--window", wid, "alt+2"])
        await_("no back button on the Showcase", after: mark) { $0 == "split folded=true pane=content sidebar=true back=false" }
        mark = log.lines.count
        xdotool(["key", "--window", wid, "alt+1"])
        await_("the back button on the photos again", after: mark) { $0 == "split folded=true pane=content sidebar=true back=true" }

        mark = log.lines.count
        xdotool(["windowsize", wid, "1000", "700"])
        await_("side by side again", after: mark) { $0 == "split folded=false pane=both sidebar=true back=false" }
    }

    /// The catalogue (no folder) has no sidebar.
    func testTheCatalogueHasNoSidebar() throws {
        try launch([])
        await_("ready") { $0.hasPrefix("ready ") }
        log.awaitLaterLine(after: 0)
        XCTAssertFalse(log.lines.contains { $0.hasPrefix("sidebar") || $0.contains("sidebar=true") }, "no sidebar for the catalogue")
    }

    /// A photo's context menu lists Move to Trash once (the swipe action's); choosing it runs the
    /// swipe action's handler: the photo goes to the trash with a toast, and Undo puts it back.
    func testTheSwipeActionTrashesAndUndoRestores() throws {
        let trip = try makeTrip()
        try launch([trip.path])
        await_("opened") { $0.hasPrefix("opened \(trip.path) sections=3 items=4 ") }
        let wid = window(named: "Trip")
        await_("cells") { $0 == "cells-done" }
        guard let first = log.cellCentres(after: 0)["0.0"] else { return XCTFail("no cell 0.0") }
        var mark = log.lines.count
        xdotool(["mousemove", "--window", wid, String(first.0), String(first.1), "click", "3"])
        guard let menu = await_("the menu", after: mark, { $0.hasPrefix("menu ") }) else { return }
        XCTAssertEqual(menu, "menu Copy|Move to Trash", "Move to Trash once")
        await_("shown", after: mark) { $0 == "popover shown" }
        xdotool(["key", "Down", "Return"])
        await_("the swipe action", after: mark) { $0 == "swipe trash 0.0" }
        await_("the toast", after: mark) { $0 == "toast 1 photo moved to the trash" }
        await_("the grid without it", after: mark) { $0 == "sections 3 items 3" }
        // The action completes once the trash has answered, not before (the trash is asynchronous).
        await_("the action done", after: mark) { $0 == "swipe trash done true" }
        XCTAssertLessThan(log.lines.firstIndex { $0.hasPrefix("trashed 1 ") } ?? Int.max, log.lines.firstIndex(of: "swipe trash done true") ?? -1,
                          "completed after the trash answered: \(log.lines.filter { $0.hasPrefix("trashed") || $0.hasPrefix("swipe") })")
        XCTAssertFalse(FileManager.default.fileExists(atPath: trip.appendingPathComponent("a-1.png").path))

        mark = log.lines.count
        xdotool(["key", "--window", wid, "ctrl+z"])
        await_("undo", after: mark) { $0 == "undo 1" }
        await_("restored", after: mark) { $0 == "restored 1" }
        let restored = log.lines.count
        await_("the grid with it", after: mark, timeout: 15) { $0 == "sections 3 items 4" }
        await_("its cells", after: restored) { $0 == "cells-done" }
        let cells = log.cellCentres(after: restored)
        XCTAssertTrue(FileManager.default.fileExists(atPath: trip.appendingPathComponent("a-1.png").path))

        // Several photos selected: the app's own Move to Trash (for all of them) is there instead.
        mark = log.lines.count
        xdotool(["key", "--window", wid, "ctrl+m"])
        await_("multiple selection", after: mark) { $0 == "multiple true" }
        for (item, selected) in [("0.0", "0.0"), ("0.1", "0.0 0.1")] {
            mark = log.lines.count
            guard click(wid, cells[item], item) else { return }
            await_("the selection", after: mark) { $0 == "selected \(selected)" }
        }
        mark = log.lines.count
        guard click3(wid, cells["0.1"]) else { return }
        guard let several = await_("the menu", after: mark, { $0.hasPrefix("menu ") }) else { return }
        XCTAssertEqual(several, "menu Copy|Move to Trash", "the app's entry, once")
    }

    private func click3(_ wid: String, _ place: (Int, Int)?) -> Bool {
        guard let (x, y) = place else { XCTFail("not shown"); return false }
        xdotool(["mousemove", "--window", wid, String(x), String(y), "click", "3"])
        return true
    }

    @discardableResult
    private func await_(_ what: String, after: Int = 0, timeout: Double = 10, file: StaticString = #filePath, line: UInt = #line,
                        _ match: (String) -> Bool) -> String? {
        log.await_(what, after: after, timeout: timeout, file: file, line: line, match)
    }
    private func window(named name: String) -> String {
        xdotool(["search", "--sync", "--onlyvisible", "--name", "^\(name)$"]).split(separator: "\n").first.map(String.init) ?? ""
    }
    @discardableResult
    private func xdotool(_ args: [String]) -> String {
        runXdotool(args)
    }
}
