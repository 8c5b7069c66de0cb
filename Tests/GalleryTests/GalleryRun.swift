import XCTest
import Foundation
import CGtk

/// One run of the real gallery binary for a test, and what it printed (GALLERY_LOG=1). Each
/// run has an application id and a home (settings keyfile, cache, GTK settings) of its own
/// test's, so no launch lands in an instance another test left running (the gallery is
/// single-instance on the session bus scripts/test starts) or starts from another's state.
final class GalleryRun: @unchecked Sendable {
    let process = Process()
    /// Guards `text` and `changes`; signalled whenever output comes or the process ends.
    private let changed = NSCondition()
    private var text = ""
    private var changes = 0
    /// What the app printed on stderr (passed on to the test runner's too).
    private var errorText = ""
    var lines: [String] { changed.lock(); defer { changed.unlock() }; return text.split(separator: "\n").map(String.init) }
    fileprivate func append(_ s: String) { changed.lock(); text += s; changes += 1; changed.broadcast(); changed.unlock() }
    fileprivate func appendError(_ s: String) { changed.lock(); errorText += s; changed.unlock() }
    /// The GLib, GTK and GDK warnings and criticals the app printed on stderr so far
    /// ("(gallery:123): Gtk-WARNING **: ..."): the soak and CI fail on any.
    var gtkWarnings: [String] {
        changed.lock(); defer { changed.unlock() }
        return errorText.split(separator: "\n").map(String.init).filter { $0.contains("-WARNING **") || $0.contains("-CRITICAL **") }
    }
    fileprivate func ended() { changed.lock(); changes += 1; changed.broadcast(); changed.unlock() }
    var isRunning: Bool { process.isRunning }

    /// Blocks until `condition` holds, checked again whenever the app prints or ends; false
    /// when `timeout` passes first.
    func wait(timeout: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            changed.lock()
            let seen = changes
            changed.unlock()
            if condition() { return true }
            changed.lock()
            defer { changed.unlock() }
            while changes == seen {
                if !changed.wait(until: deadline) { return false }
            }
        }
    }

    /// Waits for a log line that satisfies `match`, after `after` lines; fails the test with
    /// the log's tail when none comes.
    @discardableResult
    func await_(_ what: String, after: Int = 0, timeout: Double = 10, file: StaticString = #filePath, line: UInt = #line,
                _ match: (String) -> Bool) -> String? {
        var found: String?
        if wait(timeout: timeout, until: { found = lines.dropFirst(after).first(where: match); return found != nil }) { return found }
        let tail = lines.filter { !$0.hasPrefix("cell") && !$0.hasPrefix("health") && !$0.hasPrefix("frames") }.suffix(30)
        XCTFail("no log line for \(what); log: \(Array(tail))", file: file, line: line)
        return nil
    }

    /// The cells' centres (window coordinates) by "section.item", from the "cell" lines after
    /// line `after` up to the last "cells-done".
    func cellCentres(after: Int) -> [String: (Int, Int)] {
        var result: [String: (Int, Int)] = [:]
        let lines = Array(self.lines.dropFirst(after))
        let end = lines.lastIndex(of: "cells-done") ?? lines.count
        for line in lines[..<end] where line.hasPrefix("cell ") {
            let parts = line.split(separator: " ")
            result[String(parts[1])] = (Int(parts[2])!, Int(parts[3])!)
        }
        return result
    }

    /// Waits for the process to end; its exit status, or nil if it still runs.
    func awaitExit(timeout: Double = 10) -> Int32? {
        _ = wait(timeout: timeout) { !process.isRunning }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Waits for the app's next "health" line after line `mark` (it logs one every two
    /// seconds): the log has then been read past everything the app did before it, so a test
    /// may check that a line did not come.
    func awaitLaterLine(after mark: Int, file: StaticString = #filePath, line: UInt = #line) {
        await_("a later health line", after: mark, timeout: 20, file: file, line: line) { $0.hasPrefix("health ") }
    }

    /// Lets time pass in the app where that is what a test needs (GTK's double-click time
    /// running out there), never to wait for something the app does.
    func letTimePass(_ seconds: Double, because reason: StaticString) {
        Thread.sleep(forTimeInterval: seconds)
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}

/// A test's gallery home: where its runs keep settings and caches, and the id they run under.
struct GalleryHome {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-test-\(UUID().uuidString)")
    /// The id this test's launches share (they meet each other, and no other test's).
    let appID = "io.github.collectionview.GalleryTest.T\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"

    static var binary: URL { URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gallery") }

    /// Starts the gallery with `arguments` and `environment` (an empty value unsets a variable);
    /// `doubleClickTime` (ms) and `fontName` go to GTK's settings (GTK
    /// counts a double-click only while a main-loop timer runs, which a loaded machine may miss).
    func launch(_ arguments: [String] = [], appID: String? = nil, environment extra: [String: String] = [:],
                binary: URL? = nil, doubleClickTime: Int? = nil, fontName: String? = nil) throws -> GalleryRun {
        let binary = binary ?? Self.binary
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("the gallery is not built next to the tests (\(binary.path)); build everything first")
        }
        for dir in ["config", "cache"] {  // as in a real home (Mesa keeps its shader cache there too)
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(dir), withIntermediateDirectories: true)
        }
        if doubleClickTime != nil || fontName != nil {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("config/gtk-4.0"), withIntermediateDirectories: true)
            var ini = "[Settings]\n"
            if let doubleClickTime { ini += "gtk-double-click-time=\(doubleClickTime)\n" }
            if let fontName { ini += "gtk-font-name=\(fontName)\n" }
            try Data(ini.utf8).write(to: directory.appendingPathComponent("config/gtk-4.0/settings.ini"))
        }
        let run = GalleryRun()
        run.process.executableURL = binary
        run.process.arguments = arguments + ["--gapplication-app-id=\(appID ?? self.appID)"]
        var environment = ProcessInfo.processInfo.environment
        environment["GALLERY_LOG"] = "1"
        environment["GSETTINGS_BACKEND"] = "keyfile"
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
        for (name, value) in extra { environment[name] = value.isEmpty ? nil : value }  // empty unsets
        run.process.environment = environment
        let pipe = Pipe()
        run.process.standardOutput = pipe
        pipe.fileHandleForReading.readabilityHandler = { [run] handle in run.append(String(decoding: handle.availableData, as: UTF8.self)) }
        let errors = Pipe()
        run.process.standardError = errors
        errors.fileHandleForReading.readabilityHandler = { [run] handle in
            let data = handle.availableData
            FileHandle.standardError.write(data)
            run.appendError(String(decoding: data, as: UTF8.self))
        }
        run.process.terminationHandler = { [run] _ in run.ended() }
        try run.process.run()
        return run
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// A one-colour 320x240 PNG, written in place (as a copy does), for folder tests.
func writeTestPNG(_ path: String, colour: UInt32) throws {
    let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 320, 240)!
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    gdk_pixbuf_fill(pixbuf, colour)
    var error: UnsafeMutablePointer<GError>?
    guard gdk_pixbuf_savev(pixbuf, path, "png", nil, nil, &error) != 0 else {
        defer { g_error_free(error) }
        throw NSError(domain: "png", code: 1, userInfo: [NSLocalizedDescriptionKey: String(cString: error!.pointee.message)])
    }
}

/// Runs xdotool with `arguments` and returns what it printed (read before waiting for it, so a
/// long output cannot fill the pipe and stall it). The gallery tests' one way to call it.
@discardableResult
func runXdotool(_ arguments: [String]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try? process.run()
    // `search --sync` waits for ever for a window that never comes (a wrong title): the test
    // fails on what it then does not find instead of hanging the suite.
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem { kill(pid, SIGTERM) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    if process.terminationReason == .uncaughtSignal { XCTFail("xdotool \(arguments.joined(separator: " ")) did not finish in 30 s") }
    return String(decoding: data, as: UTF8.self)
}
