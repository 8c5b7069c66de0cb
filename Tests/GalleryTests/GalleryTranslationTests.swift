import XCTest
import Foundation

/// The real gallery in Chinese, Russian and Hebrew, under Xvfb: the texts the window shows (its title,
/// the menu's first item, the section footers with their plural forms, the shortcuts window's
/// first group, read back from the widgets and logged with GALLERY_LOG=1) are the translations
/// in po/, while the log's own lines stay English.
final class GalleryTranslationTests: XCTestCase {
    private let home = GalleryHome()
    private var run: GalleryRun?

    override func tearDown() {
        run?.stop()
        home.remove()
    }

    func testChinese() throws {
        try launch(locale: "zh_CN.UTF-8")
        expect("text menu=网格")
        expect("text title=图库")
        expect("text footers=14 个项目|9 个项目|21 个项目|6 个项目|12 个项目|17 个项目")
        expectShortcutsWindow(group: "布局")
    }

    /// Russian has three plural forms: 21 is "элемент", 14 and 6 are "элементов".
    func testRussian() throws {
        try launch(locale: "ru_RU.UTF-8", arguments: ["/nonexistent/картинки"])
        expect("text menu=Сетка")
        expect("text title=Галерея")
        expect("text footers=14 элементов|9 элементов|21 элемент|6 элементов|12 элементов|17 элементов")
        // The window says it in Russian; the log keeps the English message.
        expect("message The folder “/nonexistent/картинки” does not exist.")
        expectShortcutsWindow(group: "Макеты")
    }

    /// Hebrew reads right to left: GTK flips the window from its own translation (which GLib
    /// allows only because the gallery has a Hebrew one), and the collection view mirrors.
    func testHebrewIsRightToLeft() throws {
        try launch(locale: "he_IL.UTF-8")
        expect("text menu=רשת")
        expect("text title=גלריה")
        expect("direction rtl")
    }

    // MARK: Helpers

    private var binDirectory: URL { URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent() }

    /// Compiles po/ next to the binary (as scripts/test does), then runs the gallery in `locale`.
    private func launch(locale: String, arguments: [String] = []) throws {
        let binary = binDirectory.appendingPathComponent("gallery")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("the gallery is not built next to the tests (\(binary.path)); build everything first")
        }
        // A missing locale would show English and the test would say why only vaguely: fail clearly.
        guard let handle = newlocale((1 << LC_CTYPE) | (1 << LC_MESSAGES), locale, nil) else {
            throw NSError(domain: "GalleryTranslationTests", code: 1, userInfo: [NSLocalizedDescriptionKey:
                "the locale \(locale) is not installed: run scripts/setup --test (it enables it in /etc/locale.gen and runs locale-gen)"])
        }
        freelocale(handle)
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let compile = Process()
        compile.executableURL = package.appendingPathComponent("scripts/compile-translations")
        compile.arguments = [binDirectory.appendingPathComponent("locale").path]
        try compile.run()
        compile.waitUntilExit()
        XCTAssertEqual(compile.terminationStatus, 0, "scripts/compile-translations failed (is gettext installed? scripts/setup)")

        // LANGUAGE would take precedence over LC_ALL for messages; the translations are the
        // build tree's (GALLERY_LOCALE_DIR unset).
        run = try home.launch(arguments, environment: ["LANG": locale, "LC_ALL": locale, "LANGUAGE": "", "GALLERY_LOCALE_DIR": ""])
    }

    private func expect(_ line: String, timeout: Double = 10) {
        if let run, run.wait(timeout: timeout, until: { run.lines.contains(line) }) { return }
        XCTFail("no log line “\(line)”; log: \((run?.lines ?? []).filter { !$0.hasPrefix("cell") && !$0.hasPrefix("health") }.suffix(20))")
    }

    /// Ctrl+? opens the shortcuts window, built from XML with the gallery's translation domain.
    private func expectShortcutsWindow(group: String) {
        expect("ready layout=grid sections=6 items=79")
        // "ready" comes as the window is presented: the keys go to it once it is on screen.
        let search = Process()
        search.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        search.arguments = ["search", "--sync", "--onlyvisible", "--pid", String(run?.process.processIdentifier ?? 0)]
        let found = Pipe()
        search.standardOutput = found
        try? search.run()
        search.waitUntilExit()
        // The keys go to the gallery's window once it has the focus: typed while the window was
        // shown but not yet focused (the previous test's window closing), they were lost.
        let window = String(decoding: found.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").first.map(String.init) ?? ""
        func xdotool(_ arguments: [String]) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            process.arguments = arguments
            try? process.run()
            process.waitUntilExit()
        }
        if !window.isEmpty { xdotool(["windowfocus", "--sync", window]) }
        xdotool(["key", "ctrl+question"])
        expect("text shortcuts=\(group)")
    }
}
