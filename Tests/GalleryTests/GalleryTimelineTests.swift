import XCTest
import Foundation
import CGtk
import GalleryIndex

/// The gallery's By date view end to end: month sections newest first from EXIF dates and,
/// without them, modification times; the index reused on reopening and kept through a kill
/// mid-index; the Sort choice remembered. The real binary under Xvfb, read through its log.
final class GalleryTimelineTests: XCTestCase {
    typealias Run = GalleryRun
    var runs: [Run] = []
    let gallery = GalleryHome()
    var home: URL { gallery.directory }
    var indexPath: String { home.appendingPathComponent("cache/collection-gallery/photo-index.sqlite").path }

    override func tearDown() {
        runs.forEach { $0.stop() }
        gallery.remove()
    }

    private func launch(_ arguments: [String] = []) throws -> Run {
        let run = try gallery.launch(arguments)
        runs.append(run)
        return run
    }

    @discardableResult
    private func await_(_ run: Run, _ what: String, after: Int = 0, timeout: Double = 10, file: StaticString = #filePath, line: UInt = #line,
                        _ match: (String) -> Bool) -> String? {
        run.await_(what, after: after, timeout: timeout, file: file, line: line, match)
    }

    /// Starts the gallery By date, as a user who chose it last time (the keyfile GSettings reads).
    private func chooseByDate() throws {
        let settings = home.appendingPathComponent("config/glib-2.0/settings")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try Data("[io/github/collectionview/Gallery]\nsort-order='date'\n".utf8).write(to: settings.appendingPathComponent("keyfile"))
    }

    @discardableResult
    private func xdotool(_ args: [String]) -> String {
        runXdotool(args)
    }

    /// Types `key` into the gallery's window once it has the focus: typed at whatever had the
    /// focus (a window still opening, the previous test's closing), keys were lost.
    private func key(_ run: Run, _ key: String) {
        let window = xdotool(["search", "--sync", "--onlyvisible", "--pid", String(run.process.processIdentifier)])
            .split(separator: "\n").first.map(String.init) ?? ""
        if !window.isEmpty { xdotool(["windowfocus", "--sync", window]) }
        xdotool(["key", key])
    }

    /// Photos with EXIF dates (one with an offset, one in a subfolder) and without (dated by
    /// their modification time) fall into month sections, newest month first and newest photo
    /// first within a month; the folder's subfolders no longer split them. A photo moved in later
    /// is read and takes its month, a deleted one leaves, one rewritten in place (a date edited)
    /// moves. Reopened, every date comes from the index, and a photo deleted while the gallery
    /// was closed leaves it.
    func testPhotosAreGroupedByMonthTakenNewestFirst() throws {
        let folder = home.appendingPathComponent("Photos")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Trip"), withIntermediateDirectories: true)
        try writeTestJPEG(folder.appendingPathComponent("early-march.jpg").path, colour: 0x3366_aaff, taken: "2024:03:05 10:00:00")
        try writeTestJPEG(folder.appendingPathComponent("late-march.jpg").path, colour: 0xaa66_33ff, taken: "2024:03:20 18:30:00", offset: "+02:00")
        try writeTestJPEG(folder.appendingPathComponent("Trip/summer.jpg").path, colour: 0x33aa_66ff, taken: "2021:07:14 09:00:00")
        try writeTestJPEG(folder.appendingPathComponent("scan.jpg").path, colour: 0xaa33_66ff)
        try setModified(folder.appendingPathComponent("scan.jpg").path, year: 2019, month: 5, day: 10)
        try writeTestJPEG(folder.appendingPathComponent("screenshot.jpg").path, colour: 0x6633_aaff)
        try setModified(folder.appendingPathComponent("screenshot.jpg").path, year: 2025, month: 1, day: 2)
        try chooseByDate()

        let expected = "timeline sections=4 items=5 months=202501:1,202403:2,202107:1,201905:1"
        let first = try launch([folder.path])
        await_(first, "sort order restored") { $0 == "settings restored sort-order=date" }
        await_(first, "every file read", timeout: 20) { $0 == "index done reused=0 read=5" }
        await_(first, "the months", timeout: 20) { $0 == expected }
        await_(first, "their titles") { $0 == "timeline titles=January 2025|March 2024|July 2021|May 2019" }
        await_(first, "newest first") { $0 == "timeline order=screenshot.jpg,late-march.jpg,early-march.jpg,summer.jpg,scan.jpg" }

        // A photo from 2020 moved into the folder (written elsewhere first, as a download is).
        var moved = first.lines.count
        let staging = home.appendingPathComponent("staging.jpg")
        try writeTestJPEG(staging.path, colour: 0x2020_a0ff, taken: "2020:02:02 12:00:00")
        try FileManager.default.moveItem(at: staging, to: folder.appendingPathComponent("Trip/winter.jpg"))
        await_(first, "the new photo read", after: moved, timeout: 20) { $0 == "index done reused=0 read=1" }
        await_(first, "its month", after: moved, timeout: 20) { $0 == "timeline sections=5 items=6 months=202501:1,202403:2,202107:1,202002:1,201905:1" }
        // And one deleted leaves its month.
        moved = first.lines.count
        unlink(folder.appendingPathComponent("scan.jpg").path)
        await_(first, "its month gone", after: moved, timeout: 20) { $0 == "timeline sections=4 items=5 months=202501:1,202403:2,202107:1,202002:1" }
        await_(first, "forgotten by the index", after: moved) { $0 == "index removed 1" }
        // Its date edited: the file written again in place (GtkDirectoryList keeps the old size and time).
        moved = first.lines.count
        let edited = home.appendingPathComponent("edited.jpg")
        try writeTestJPEG(edited.path, colour: 0x3366_aaff, taken: "2018:08:08 08:00:00")
        let handle = try FileHandle(forWritingTo: folder.appendingPathComponent("early-march.jpg"))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(contentsOf: edited))
        try handle.close()
        await_(first, "read again", after: moved, timeout: 20) { $0 == "index done reused=0 read=1" }
        let final = "timeline sections=5 items=5 months=202501:1,202403:1,202107:1,202002:1,201808:1"
        await_(first, "its new month", after: moved, timeout: 20) { $0 == final }
        first.stop()

        unlink(folder.appendingPathComponent("screenshot.jpg").path)
        let second = try launch([folder.path])
        await_(second, "the index opened") { $0 == "index open rows=5" }
        await_(second, "nothing read again", timeout: 20) { $0 == "index done reused=4 read=0" }
        await_(second, "the deleted one forgotten") { $0 == "index removed 1" }
        await_(second, "the same months but one", timeout: 20) { $0 == "timeline sections=4 items=4 months=202403:1,202107:1,202002:1,201808:1" }
        second.stop()
        XCTAssertEqual(try PhotoIndex(path: indexPath).count, 4)
    }

    /// Killed (SIGKILL) while it indexes thousands of photos, the gallery leaves an index
    /// that opens, passes SQLite's integrity check and holds every batch it reported; opened
    /// again, it reads only the photos the index lacks.
    func testTheIndexSurvivesAKillMidIndexAndIsReused() throws {
        let folder = home.appendingPathComponent("Many")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let original = home.appendingPathComponent("original.jpg").path
        try writeTestJPEG(original, colour: 0x3366_aaff, taken: "2023:06:01 12:00:00")
        let count = 6000  // hard links: one file's content, six thousand names to read
        for i in 0..<count {
            XCTAssertEqual(link(original, folder.appendingPathComponent(String(format: "p-%05d.jpg", i)).path), 0)
        }
        try chooseByDate()

        let first = try launch([folder.path])
        var reported = 0
        await_(first, "indexing under way", timeout: 30) { line in
            guard line.hasPrefix("index progress "), line.hasSuffix(" of \(count)"),
                  let done = Int(line.split(separator: " ")[2]), done >= 200, done < count else { return false }
            reported = done
            return true
        }
        // Dates are read on a thread of lower priority (nice 15) than the main loop's and the
        // thumbnail decoders' (nice 10).
        XCTAssertTrue(threadNiceness(of: first.process.processIdentifier).contains(15), "\(threadNiceness(of: first.process.processIdentifier))")
        kill(first.process.processIdentifier, SIGKILL)
        XCTAssertEqual(first.awaitExit(), SIGKILL)
        XCTAssertFalse(first.lines.contains("index done reused=0 read=\(count)"), "killed before it finished")

        let rows: Int
        do {
            let index = try PhotoIndex(path: indexPath)
            XCTAssertEqual(index.integrityCheck(), "ok")
            rows = index.count
        }
        XCTAssertGreaterThanOrEqual(rows, reported, "every batch reported was committed")
        XCTAssertLessThan(rows, count, "killed mid-index")

        let second = try launch([folder.path])
        await_(second, "the index opened") { $0 == "index open rows=\(rows)" }
        await_(second, "only the rest read", timeout: 60) { $0 == "index done reused=\(rows) read=\(count - rows)" }
        await_(second, "one month", timeout: 20) { $0 == "timeline sections=1 items=\(count) months=202306:\(count)" }
        second.stop()
        XCTAssertEqual(try PhotoIndex(path: indexPath).count, count)
    }

    /// While the view scrolls, dates arriving do not refill the timeline (a refill of a large
    /// folder costs the main loop frames): the months are brought up to date once it rests.
    func testTheTimelineWaitsForTheScrollToRest() throws {
        let folder = home.appendingPathComponent("Many")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let original = home.appendingPathComponent("original.jpg").path
        try writeTestJPEG(original, colour: 0x3366_aaff, taken: "2023:06:01 12:00:00")
        let count = 6000
        for i in 0..<count { XCTAssertEqual(link(original, folder.appendingPathComponent(String(format: "p-%05d.jpg", i)).path), 0) }
        try chooseByDate()

        let run = try launch([folder.path])
        await_(run, "shown") { $0.hasPrefix("opened \(folder.path) ") }
        xdotool(["search", "--sync", "--onlyvisible", "--pid", String(run.process.processIdentifier)])
        xdotool(["mousemove", "500", "400"])
        // Wheel clicks down, 25 a second, from one xdotool (a new one for each few clicks left
        // gaps longer than the gallery's 200 ms of "still scrolling" when the cores were busy),
        // until every date has been read.
        let wheel = Process()
        wheel.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        wheel.arguments = ["click", "--repeat", "3000", "--delay", "40", "5"]
        try wheel.run()
        defer { if wheel.isRunning { wheel.terminate() } }
        await_(run, "every date read while scrolling", timeout: 60) { $0.hasPrefix("index done ") }
        wheel.terminate()
        let lines = run.lines
        guard let done = lines.firstIndex(where: { $0.hasPrefix("index done ") }) else { return XCTFail("the dates were not read") }
        guard let waits = lines.firstIndex(of: "timeline waits for the scroll") else { return XCTFail("no wait: \(lines.suffix(20))") }
        XCTAssertLessThan(waits, done)
        XCTAssertFalse(lines[waits..<done].contains { $0.hasPrefix("timeline rebuilt") }, "no refill while scrolling")
        await_(run, "the months once it rests", timeout: 20) { $0 == "timeline sections=1 items=\(count) months=202306:\(count)" }
    }

    /// A folder opened while another is still being dated is shown at once: the first one's
    /// remaining files are not read first (nor at all: it is no longer shown).
    func testAnotherFolderOpenedWhileIndexingIsShownAtOnce() throws {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil else {
            throw XCTSkip("no session bus: the second launch cannot hand its folder over (run under dbus-run-session)")
        }
        let big = home.appendingPathComponent("Many"), small = home.appendingPathComponent("Few")
        try FileManager.default.createDirectory(at: big, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        let original = home.appendingPathComponent("original.jpg").path
        try writeTestJPEG(original, colour: 0x3366_aaff, taken: "2023:06:01 12:00:00")
        let count = 15000
        for i in 0..<count { XCTAssertEqual(link(original, big.appendingPathComponent(String(format: "p-%05d.jpg", i)).path), 0) }
        try writeTestJPEG(small.appendingPathComponent("a.jpg").path, colour: 0xaa66_33ff, taken: "2020:05:05 12:00:00")
        try writeTestJPEG(small.appendingPathComponent("b.jpg").path, colour: 0x33aa_66ff, taken: "2019:04:04 12:00:00")
        try chooseByDate()

        let first = try launch([big.path])
        await_(first, "the big folder being dated", timeout: 30) { line in
            line.hasPrefix("index progress ") && line.hasSuffix(" of \(count)") && Int(line.split(separator: " ")[2])! >= 200
        }
        let mark = first.lines.count
        let second = try launch([small.path])
        XCTAssertEqual(second.awaitExit(), 0, "handed over")
        // Shown at once, by modification time (one month: both were just written), then by date.
        await_(first, "the small folder opened", after: mark, timeout: 20) { $0.hasPrefix("opened \(small.path) sections=1 items=2 ") }
        await_(first, "and dated", after: mark, timeout: 20) { $0 == "index done reused=0 read=2" }
        await_(first, "in its months", after: mark, timeout: 20) { $0 == "timeline sections=2 items=2 months=202005:1,201904:1" }
        first.awaitLaterLine(after: first.lines.count)  // a late line of the big folder's would be in by then
        let opened = first.lines.firstIndex { $0.hasPrefix("opened \(small.path) ") }!
        XCTAssertFalse(first.lines[..<opened].contains("index done reused=0 read=\(count)"), "the big folder was still being dated")
        XCTAssertFalse(first.lines[opened...].contains { $0.hasSuffix(" of \(count)") }, "the big folder's dating stopped")
    }

    /// A photo whose name is not UTF-8 (Latin-1 "café.jpg", legal on Linux) is dated from its
    /// EXIF like any other: the indexer opens it by the path's bytes.
    func testANameThatIsNotUTF8IsDated() throws {
        let folder = home.appendingPathComponent("Latin1")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let staging = home.appendingPathComponent("staging.jpg").path
        try writeTestJPEG(staging, colour: 0x3366_aaff, taken: "2017:01:01 12:00:00")
        let name: [UInt8] = Array(folder.path.utf8) + Array("/caf".utf8) + [0xe9] + Array(".jpg".utf8) + [0]
        XCTAssertEqual(name.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { rename(staging, $0.baseAddress!) }
        }, 0)
        try chooseByDate()

        let run = try launch([folder.path])
        await_(run, "read", timeout: 20) { $0 == "index done reused=0 read=1" }
        await_(run, "in its month", timeout: 20) { $0 == "timeline sections=1 items=1 months=201701:1" }
        await_(run, "by its URI") { $0 == "timeline order=caf%E9.jpg" }
    }

    /// An index that cannot be opened (here a file that is not a database) is a message: the
    /// photos are still dated, from the files, and the file is left as it was.
    func testAnIndexThatCannotBeOpenedIsAMessage() throws {
        let folder = home.appendingPathComponent("Photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try writeTestJPEG(folder.appendingPathComponent("a.jpg").path, colour: 0x3366_aaff, taken: "2024:03:05 10:00:00")
        try writeTestJPEG(folder.appendingPathComponent("b.jpg").path, colour: 0xaa66_33ff, taken: "2021:07:14 09:00:00")
        try FileManager.default.createDirectory(atPath: (indexPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x41, count: 8192)
        try garbage.write(to: URL(fileURLWithPath: indexPath))
        try chooseByDate()

        let run = try launch([folder.path])
        await_(run, "the reason logged") { $0.hasPrefix("index unavailable: ") && $0.contains(indexPath) }
        await_(run, "the message") { $0.hasPrefix("message Dates taken cannot be remembered (") && $0.hasSuffix("): they are read from the photos each time.") }
        await_(run, "dated anyway", timeout: 20) { $0 == "index done reused=0 read=2" }
        await_(run, "by month", timeout: 20) { $0 == "timeline sections=2 items=2 months=202403:1,202107:1" }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: indexPath)), garbage, "not overwritten")
    }

    /// Sort by date chosen with its shortcut (Ctrl+Shift+D, the menu's By Date Taken) shows
    /// the open folder by month at once, and the next launch starts by date; By Name
    /// (Ctrl+Shift+T) brings back a section per folder.
    func testTheSortOrderIsRememberedAcrossLaunches() throws {
        let folder = home.appendingPathComponent("Sorted")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Later"), withIntermediateDirectories: true)
        try writeTestJPEG(folder.appendingPathComponent("a.jpg").path, colour: 0x3366_aaff, taken: "2022:10:01 12:00:00")
        try writeTestJPEG(folder.appendingPathComponent("Later/b.jpg").path, colour: 0xaa66_33ff, taken: "2022:10:09 12:00:00")
        try writeTestJPEG(folder.appendingPathComponent("Later/c.jpg").path, colour: 0x33aa_66ff, taken: "2020:01:01 12:00:00")

        let first = try launch([folder.path])
        await_(first, "by name, the default") { $0 == "settings restored sort-order=name" }
        await_(first, "a section per folder", timeout: 20) { $0.hasPrefix("opened \(folder.path) sections=2 items=3 ") }
        await_(first, "shown") { $0.hasPrefix("first-screen ") }
        var mark = first.lines.count
        key(first, "ctrl+shift+d")
        await_(first, "by date", after: mark) { $0 == "sort-order date" }
        await_(first, "by month", after: mark, timeout: 20) { $0 == "timeline sections=2 items=3 months=202210:2,202001:1" }
        await_(first, "the view follows", after: mark, timeout: 20) { $0 == "sections 2 items 3" }
        key(first, "ctrl+q")
        await_(first, "saved") { $0.hasPrefix("settings saved ") }
        XCTAssertEqual(first.awaitExit(), 0)
        let keyfile = try String(contentsOf: home.appendingPathComponent("config/glib-2.0/settings/keyfile"), encoding: .utf8)
        XCTAssertTrue(keyfile.contains("sort-order='date'"), keyfile)

        let second = try launch([folder.path])
        await_(second, "by date again") { $0 == "settings restored sort-order=date" }
        await_(second, "by month", timeout: 20) { $0 == "timeline sections=2 items=3 months=202210:2,202001:1" }
        await_(second, "shown") { $0.hasPrefix("first-screen ") }
        mark = second.lines.count
        key(second, "ctrl+shift+t")
        await_(second, "by name", after: mark) { $0 == "sort-order name" }
        await_(second, "a section per folder", after: mark, timeout: 20) { $0 == "sections 2 items 3" }
        second.awaitLaterLine(after: second.lines.count)  // a late timeline line would be in by then
        let byName = second.lines.dropFirst(mark).drop { $0 != "sort-order name" }
        XCTAssertFalse(byName.contains { $0.hasPrefix("timeline ") }, "no timeline by name: \(byName.filter { !$0.hasPrefix("cell") })")
    }
}

extension GalleryTimelineTests {
    /// The nice value of each of a process's threads (/proc/PID/task/TID/stat, field 19).
    private func threadNiceness(of pid: Int32) -> [Int] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { tid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/stat", encoding: .utf8),
                  let end = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: end)...].split(separator: " ")  // from field 3 (state) on
            return fields.count > 16 ? Int(fields[16]) : nil
        }
    }

    /// The month `monthsAgo` months before this one, as the log names it (202611).
    private func month(ago monthsAgo: Int32) -> String {
        let now = g_date_time_new_now_local()!
        defer { g_date_time_unref(now) }
        let first = g_date_time_new_local(g_date_time_get_year(now), g_date_time_get_month(now), 1, 12, 0, 0)!
        defer { g_date_time_unref(first) }
        let then = g_date_time_add_months(first, -monthsAgo)!
        defer { g_date_time_unref(then) }
        return String(g_date_time_get_year(then) * 100 + g_date_time_get_month(then))
    }

    /// The catalogue by date: its built-in items spread over the two years before this month,
    /// a section per month, newest first; an item added now opens this month's section at the
    /// top; by name the six sections come back with the new item, and by date again the months.
    func testTheCatalogueByDate() throws {
        try chooseByDate()
        let run = try launch()
        await_(run, "by date") { $0 == "settings restored sort-order=date" }
        await_(run, "two years of months") { $0 == "ready layout=grid sections=24 items=79" }
        XCTAssertTrue(run.lines.contains("catalogue months=\(month(ago: 1)),\(month(ago: 2)),\(month(ago: 3)),\(month(ago: 4))"), "newest first")
        var mark = run.lines.count
        key(run, "ctrl+n")
        await_(run, "added", after: mark) { $0 == "sections 25 items 80" }
        XCTAssertTrue(run.lines.dropFirst(mark).contains("catalogue months=\(month(ago: 0)),\(month(ago: 1)),\(month(ago: 2)),\(month(ago: 3))"), "this month first")
        mark = run.lines.count
        key(run, "ctrl+shift+t")
        await_(run, "by name", after: mark) { $0 == "sections 6 items 80" }
        mark = run.lines.count
        key(run, "ctrl+shift+d")
        await_(run, "by date again", after: mark) { $0 == "sections 25 items 80" }
    }
}
