import CGtk

/// The keyboard shortcuts window comes from the GResource (Resources/ui/shortcuts.ui).
enum Shortcuts {
    /// A shortcuts group's title, as shown.
    @MainActor
    static func title(of group: UnsafeMutablePointer<GObject>) -> String? {
        var value = GValue()
        g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        defer { g_value_unset(&value) }
        g_object_get_property(group, "title", &value)
        return g_value_get_string(&value).map { String(cString: $0) }
    }
}
