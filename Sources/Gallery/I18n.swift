import CGtk
import Foundation

// Translations with gettext, in the domain "collection-gallery". Strings are marked with `tr`
// (Swift reserves `_`), `ntr` for plurals, and `UserText(...)` for messages, so that
// `po/update-pot` (xgettext) finds them; see meson-notes.md.
// The log (GALLERY_LOG) stays English: a message keeps its English text for the log next to the
// translated text it shows.

enum I18n {
    static let domain = "collection-gallery"

    /// Sets the locale from the environment and binds the domain to its compiled catalogues
    /// (`<dir>/<lang>/LC_MESSAGES/collection-gallery.mo`). Call before any widget is made.
    @MainActor
    static func setUp() {
        setlocale(LC_ALL, "")
        let dir = localeDirectory()
        bindtextdomain(domain, dir)
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
        GalleryLog.event("locale \((dir as NSString).standardizingPath)")
    }

    /// Where the catalogues are: $GALLERY_LOCALE_DIR; next to a binary built with SwiftPM
    /// (`<bin>/locale`, compiled there by scripts/compile-translations); or, for an installed
    /// binary, `../share/locale` relative to it (where meson installs them).
    static func localeDirectory() -> String {
        if let dir = ProcessInfo.processInfo.environment["GALLERY_LOCALE_DIR"] { return dir }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let buildTree = executable.appendingPathComponent("locale").path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: buildTree, isDirectory: &isDirectory), isDirectory.boolValue { return buildTree }
        return executable.appendingPathComponent("../share/locale").path
    }
}

/// The translation of `msgid` (itself when there is none).
func tr(_ msgid: String) -> String {
    // gettext returns its argument when there is no translation: read it while it lives.
    msgid.withCString { String(cString: g_dgettext(I18n.domain, $0)) }
}

/// The translation of the form for `n` (singular or plural, in the language's plural rules).
func ntr(_ singular: String, _ plural: String, _ n: Int) -> String {
    pluralForm(singular, plural, n)
}

private func pluralForm(_ singular: String, _ plural: String, _ n: Int) -> String {
    singular.withCString { one in
        plural.withCString { many in String(cString: g_dngettext(I18n.domain, one, many, gulong(max(n, 0)))) }
    }
}

/// Fills a C-style format's `%s`/`%d` (in order) and `%1$s`/`%2$d` (by position) with the
/// arguments' text; `%%` is a percent sign. Translators see one msgid with its placeholders,
/// and `msgfmt --check` checks that a translation keeps them.
func format(_ template: String, _ arguments: CustomStringConvertible...) -> String {
    formatArray(template, arguments)
}

/// A text shown to the user that the log also records: in English for the log, translated
/// for the window.
struct UserText {
    let english: String
    let shown: String

    /// `msgid` (a format, see `format`) translated, with its arguments.
    init(_ msgid: String, _ arguments: CustomStringConvertible...) {
        english = Self.fill(msgid, arguments)
        shown = Self.fill(tr(msgid), arguments)
    }

    /// The singular or plural form for `n`, with its arguments.
    static func ntr(_ singular: String, _ plural: String, _ n: Int, _ arguments: CustomStringConvertible...) -> UserText {
        UserText(english: formatArray(n == 1 ? singular : plural, arguments), shown: formatArray(pluralForm(singular, plural, n), arguments))
    }

    init(english: String, shown: String) {
        self.english = english
        self.shown = shown
    }

    private static func fill(_ template: String, _ arguments: [CustomStringConvertible]) -> String {
        formatArray(template, arguments)
    }
}

/// `format` with its arguments in an array.
func formatArray(_ template: String, _ arguments: [CustomStringConvertible]) -> String {
    var result = ""
    var next = 0
    var chars = template[...]
    while let percent = chars.firstIndex(of: "%") {
        result += chars[..<percent]
        var rest = chars[chars.index(after: percent)...]
        if rest.first == "%" { result += "%"; chars = rest.dropFirst(); continue }
        var index = next
        let digits = rest.prefix(while: \.isASCIIDigit)
        if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
            index = Int(digits)! - 1
            rest = rest.dropFirst(digits.count + 1)
        } else {
            next += 1
        }
        guard let conversion = rest.first, conversion == "s" || conversion == "d" else { result += "%"; chars = rest; continue }
        result += index >= 0 && index < arguments.count ? arguments[index].description : ""
        chars = rest.dropFirst()
    }
    result += chars
    return result
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
