import XCTest
import Foundation
import CGtk

/// The gallery as a GNOME app: its files validate, its settings survive a restart (and a
/// missing schema is a message, not a crash), and it runs one instance per session. The real
/// binary under Xvfb, driven with xdotool and read through its GALLERY_LOG output.
final class GalleryIdentityTests: XCTestCase {
    typealias Run = GalleryRun
    var runs: [Run] = []
    /// This test's settings, cache and folders, and the id its launches share.
    let gallery = GalleryHome()
    var home: URL { gallery.directory }
    var appID: String { gallery.appID }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    override func tearDown() {
        runs.forEach { $0.stop() }
        gallery.remove()
    }

    private func launch(_ arguments: [String] = [], appID: String? = nil, environment extra: [String: String] = [:]) throws -> Run {
        let run = try gallery.launch(arguments, appID: appID, environment: extra)
        runs.append(run)
        return run
    }

    @discardableResult
    private func await_(_ run: Run, _ what: String, after: Int = 0, timeout: Double = 10, file: StaticString = #filePath, line: UInt = #line,
                        _ match: (String) -> Bool) -> String? {
        run.await_(what, after: after, timeout: timeout, file: file, line: line, match)
    }

    private func awaitExit(_ run: Run, timeout: Double = 10) -> Int32? { run.awaitExit(timeout: timeout) }

    @discardableResult
    private func tool(_ path: String, _ args: [String]) -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        guard (try? p.run()) != nil else { return (-1, "\(path) did not run") }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private func which(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") + ["/usr/bin"]
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private func galleryWindow() -> String {
        tool("/usr/bin/xdotool", ["search", "--sync", "--onlyvisible", "--name", "^Gallery$"]).output.split(separator: "\n").first.map(String.init) ?? ""
    }

    // MARK: Validation

    /// The metainfo, the desktop file and the schema pass their validators, as software
    /// centres, desktops and GLib read them; the symbolic icon is one 16x16 colour.
    func testTheAppFilesValidate() throws {
        let resources = Self.packageRoot.appendingPathComponent("Resources").path
        let id = "io.github.collectionview.Gallery"
        var missing: [String] = []
        if let appstreamcli = which("appstreamcli") {
            let result = tool(appstreamcli, ["validate", "--no-net", "\(resources)/\(id).metainfo.xml"])
            XCTAssertEqual(result.status, 0, "appstreamcli validate: \(result.output)")
        } else { missing.append("appstreamcli (appstream)") }
        if let validate = which("desktop-file-validate") {
            let result = tool(validate, ["\(resources)/\(id).desktop"])
            XCTAssertEqual(result.status, 0, "desktop-file-validate: \(result.output)")
            XCTAssertEqual(result.output, "", "desktop-file-validate has no hints either")
        } else { missing.append("desktop-file-validate (desktop-file-utils)") }
        if let compile = which("glib-compile-schemas") {
            let result = tool(compile, ["--strict", "--dry-run", resources])
            XCTAssertEqual(result.status, 0, "glib-compile-schemas: \(result.output)")
        } else { missing.append("glib-compile-schemas (libglib2.0-bin)") }

        let icon = try String(contentsOfFile: "\(resources)/\(id)-symbolic.svg", encoding: .utf8)
        XCTAssertTrue(icon.contains(#"width="16" height="16""#) && icon.contains(#"viewBox="0 0 16 16""#), icon)
        let colours = Set(icon.matches(of: /(?:fill|stroke)="([^"]+)"/).map { String($0.1) })
        XCTAssertEqual(colours, ["#2e3436"], "one colour, which GNOME replaces with the theme's")
        XCTAssertTrue(FileManager.default.fileExists(atPath: Self.packageRoot.appendingPathComponent("LICENSE").path))

        if !missing.isEmpty { throw XCTSkip("not installed: \(missing.joined(separator: ", ")); scripts/setup --test installs them") }
    }

    // MARK: Settings

    /// Resized, Stack (Ctrl+4) and multiple selection (Ctrl+M), quit with Ctrl+Q: the next run
    /// starts at that size, in that layout and mode, and the keyfile holds them.
    func testSettingsSurviveARestart() throws {
        guard which("glib-compile-schemas") != nil else { throw XCTSkip("glib-compile-schemas is not installed: no schema from the build tree") }
        let first = try launch()
        await_(first, "the defaults") { $0 == "settings restored width=1000 height=720 maximized=false layout=grid multiple=false" }
        await_(first, "ready") { $0.hasPrefix("ready layout=grid ") }
        let wid = galleryWindow()
        XCTAssertFalse(wid.isEmpty)
        tool("/usr/bin/xdotool", ["windowsize", wid, "820", "610"])
        XCTAssertTrue(tool("/usr/bin/xdotool", ["getwindowgeometry", wid]).output.contains("Geometry: 820x610"))
        var mark = first.lines.count
        tool("/usr/bin/xdotool", ["key", "ctrl+4"])
        await_(first, "layout stack", after: mark) { $0 == "layout stack" }
        mark = first.lines.count
        tool("/usr/bin/xdotool", ["key", "ctrl+m"])
        await_(first, "multiple", after: mark) { $0 == "multiple true" }
        tool("/usr/bin/xdotool", ["key", "ctrl+q"])
        await_(first, "saved") { $0 == "settings saved width=820 height=610 maximized=false layout=stack multiple=true" }
        XCTAssertEqual(awaitExit(first), 0, "Ctrl+Q quits")

        let keyfile = try String(contentsOf: home.appendingPathComponent("config/glib-2.0/settings/keyfile"), encoding: .utf8)
        for entry in ["layout='stack'", "multiple-selection=true", "window-width=820", "window-height=610"] {
            XCTAssertTrue(keyfile.contains(entry), "\(entry) in \(keyfile)")
        }

        let second = try launch()
        await_(second, "restored") { $0 == "settings restored width=820 height=610 maximized=false layout=stack multiple=true" }
        await_(second, "ready in the stack") { $0.hasPrefix("ready layout=stack ") }
        let geometry = tool("/usr/bin/xdotool", ["getwindowgeometry", galleryWindow()]).output
        XCTAssertTrue(geometry.contains("Geometry: 820x610"), geometry)
        XCTAssertEqual(second.process.isRunning, true)
    }

    /// No schema to be had (an empty schema folder, compiling off; then a schema source but no
    /// glib-compile-schemas on PATH): the gallery says so, starts with the defaults, works, and
    /// quits cleanly, instead of GLib's abort on an unknown schema.
    func testWithoutASchemaTheGalleryRunsOnDefaults() throws {
        let empty = home.appendingPathComponent("no-schemas")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let run = try launch(environment: ["GALLERY_SCHEMA_DIR": empty.path, "GALLERY_SCHEMA_NO_COMPILE": "1"])
        await_(run, "the message") { $0.hasPrefix("settings unavailable: no schema io.github.collectionview.Gallery") }
        await_(run, "ready") { $0.hasPrefix("ready layout=grid sections=6 items=79") }
        let mark = run.lines.count
        _ = galleryWindow()
        tool("/usr/bin/xdotool", ["key", "ctrl+4"])
        await_(run, "layout stack", after: mark) { $0 == "layout stack" }
        tool("/usr/bin/xdotool", ["key", "ctrl+q"])
        XCTAssertEqual(awaitExit(run), 0, "quits cleanly")
        XCTAssertFalse(run.lines.contains { $0.hasPrefix("settings saved") || $0.hasPrefix("settings restored") })

        // The schema's source, but nothing to compile it with.
        let sources = home.appendingPathComponent("schema-source")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let schema = "io.github.collectionview.Gallery.gschema.xml"
        try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("Resources/\(schema)"), to: sources.appendingPathComponent(schema))
        let again = try launch(environment: ["GALLERY_SCHEMA_DIR": sources.path, "PATH": empty.path])
        await_(again, "the message") { $0.hasPrefix("settings unavailable: ") && $0.contains("glib-compile-schemas is not on PATH") }
        await_(again, "ready") { $0.hasPrefix("ready layout=grid ") }
        XCTAssertEqual(again.process.isRunning, true)
    }

    // MARK: One instance

    /// A second `gallery FOLDER` hands the folder to the running gallery and exits; the running
    /// window opens it. `gallery` alone brings the window forward. Another application id is
    /// another instance (the isolation every gallery test relies on).
    func testASecondLaunchOpensItsFolderInTheRunningGallery() throws {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil else {
            throw XCTSkip("no session bus: every launch is its own instance (run under dbus-run-session)")
        }
        let folder = home.appendingPathComponent("Photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for i in 0..<3 { try writeTestPNG(folder.appendingPathComponent("p-\(i).png").path, colour: 0x3060_90ff &+ UInt32(i) << 16) }

        let primary = try launch()
        await_(primary, "ready") { $0.hasPrefix("ready layout=grid sections=6 items=79") }
        var mark = primary.lines.count
        let second = try launch([folder.path])
        XCTAssertEqual(awaitExit(second), 0, "the second launch hands over and exits")
        await_(primary, "the folder handed over", after: mark) { $0 == "open \(folder.path)" }
        await_(primary, "the folder opened", after: mark) { $0.hasPrefix("opened \(folder.path) sections=1 items=3 ") }
        XCTAssertFalse(second.lines.contains { $0.hasPrefix("ready") || $0.hasPrefix("settings") }, "no window of its own: \(second.lines)")
        XCTAssertEqual(primary.process.isRunning, true)
        let windows = tool("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^(Gallery|Photos)$"]).output.split(separator: "\n")
        XCTAssertEqual(windows.count, 1, "one window")

        mark = primary.lines.count
        let third = try launch()
        XCTAssertEqual(awaitExit(third), 0)
        await_(primary, "presented again", after: mark) { $0.hasPrefix("ready ") }

        let other = try launch(appID: appID + "Other")
        await_(other, "an instance of its own") { $0.hasPrefix("ready layout=grid ") }
        XCTAssertEqual(other.process.isRunning, true)
    }

}
