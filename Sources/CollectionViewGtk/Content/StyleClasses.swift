import CGtk

/// What an app sets in code (a configuration's colours, strokes, corner radii) as generated CSS
/// classes of one display-wide stylesheet.
///
/// GTK 4 has no per-widget style: the other ways are a style provider per widget, which costs a
/// CSS parse for each new value and a style recomputation per cell, or inline CSS, which GTK
/// does not have. Here each distinct set of rules becomes a class (`cv-style-0`, `cv-style-1`…)
/// the first time it is asked for, so binding a reused cell to a value already seen costs a
/// dictionary look-up and a class swap: no parse, no provider.
///
/// The stylesheet sits one above the library's (``DefaultStyle/priority`` + 1): GTK applies a
/// higher-priority provider's rules whatever the specificity of the lower one's, so a colour set
/// in code wins over the library's state rules (hover, selection), and an application's own
/// stylesheet (`GTK_STYLE_PROVIDER_PRIORITY_APPLICATION`, 600) still wins over it.
///
/// Classes are never removed: knowing that no widget uses one any more would take a count kept
/// by every user, for a few bytes each. Apps use a handful of distinct colours and lengths, so
/// the sheet stays small; it is loaded again once per new class, not per bind.
@MainActor
final class StyleClasses {
    /// One rule of a class: a selector with `&` where the class goes (`cellbackground&`,
    /// `&:not(.multiselect) image`), and its declarations (`color: red;`).
    struct Rule: Hashable {
        var selector: String
        var declarations: String

        init(_ selector: String, _ declarations: String) {
            self.selector = selector
            self.declarations = declarations
        }
    }

    static let shared = StyleClasses()

    /// The classes made, by their rules.
    private var classes: [[Rule]: String] = [:]
    private var sheet: [String] = []
    private var provider: UnsafeMutablePointer<GtkCssProvider>?

    /// How many classes were made (tests: binding rows with values already seen makes none).
    package var classCount: Int { classes.count }
    /// How many times the stylesheet was parsed (tests: once per new class at most).
    package private(set) var loadCount = 0

    /// Above the library's stylesheet, below the application's.
    static var priority: guint { DefaultStyle.priority + 1 }

    /// The class that gives a widget `rules`, made (and the stylesheet loaded again) the first
    /// time these rules are asked for.
    func className(for rules: [Rule]) -> String {
        if let name = classes[rules] { return name }
        let name = "cv-style-\(classes.count)"
        classes[rules] = name
        sheet.append(Self.css(rules, className: name))
        load()
        return name
    }

    /// The class for one rule on the widget itself (`& { declarations }`).
    func className(declarations: String) -> String {
        className(for: [Rule("&", declarations)])
    }

    /// Replaces `old` (a class this service made, or nil) with the class for `rules` (nil:
    /// none) on `widget`, and returns the class it now has.
    @discardableResult
    func swap(_ old: String?, for rules: [Rule]?, on widget: WidgetPointer) -> String? {
        let new = rules.map { className(for: $0) }
        guard new != old else { return old }
        if let old { gtk_widget_remove_css_class(widget, old) }
        if let new { gtk_widget_add_css_class(widget, new) }
        return new
    }

    /// `rules` as CSS text, with `&` replaced by `.className` (nothing when nil: the rules as
    /// written for any widget they match).
    static func css(_ rules: [Rule], className: String?) -> String {
        let scope = className.map { "." + $0 } ?? ""
        return rules.map { rule in
            rule.selector.replacing("&", with: scope) + " { " + rule.declarations + " }"
        }.joined(separator: "\n")
    }

    /// Loads the sheet into the provider, installed for the default display the first time
    /// there is one (before that, the classes wait in ``sheet``).
    private func load() {
        if provider == nil {
            guard let display = gdk_display_get_default() else { return }
            let made = gtk_css_provider_new()!
            provider = made
            gtk_style_context_add_provider_for_display(display, OpaquePointer(made), Self.priority)
        }
        gtk_css_provider_load_from_data(provider, sheet.joined(separator: "\n"), -1)
        loadCount += 1
    }
}
