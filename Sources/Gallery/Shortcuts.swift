import CGtk

/// The keyboard shortcuts window (GtkShortcutsWindow), as GtkBuilder XML; its titles are
/// translatable="yes" (po/update-pot extracts them).
enum Shortcuts {
    static let ui = """
    <interface>
      <object class="GtkShortcutsWindow" id="shortcuts">
        <property name="modal">1</property>
        <child><object class="GtkShortcutsSection"><property name="section-name">gallery</property>
          <child><object class="GtkShortcutsGroup" id="layouts"><property name="title" translatable="yes">Layouts</property>
            <child><object class="GtkShortcutsShortcut"><property name="title" translatable="yes">Grid</property><property name="accelerator">&lt;Control&gt;1</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title" translatable="yes">Horizontal flow</property><property name="accelerator">&lt;Control&gt;2</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title" translatable="yes">Circle</property><property name="accelerator">&lt;Control&gt;3</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title" translatable="yes">Stack</property><property name="accelerator">&lt;Control&gt;4</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title" translatable="yes">Waterfall</property><property name="accelerator">&lt;Control&gt;5</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title" translatable="yes">Zoom between grid and stack</property><property name="shortcut-type">gesture-pinch</property></object></child>
          </object></child>
          <child><object class="GtkShortcutsGroup"><property name="title" translatable="yes">Items</property>
            <child><object class="GtkShortcutsShortcut"><property name="title" translatable="yes">Add an item</property><property name="accelerator">&lt;Control&gt;n</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title" translatable="yes">Delete the selection</property><property name="accelerator">Delete</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title" translatable="yes">Add a section</property><property name="accelerator">&lt;Control&gt;&lt;Shift&gt;n</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title" translatable="yes">Remove a section</property><property name="accelerator">&lt;Control&gt;&lt;Shift&gt;Delete</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title" translatable="yes">Shuffle</property><property name="accelerator">&lt;Control&gt;r</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title" translatable="yes">Multiple selection</property><property name="accelerator">&lt;Control&gt;m</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title" translatable="yes">Cut, copy, paste</property><property name="accelerator">&lt;Control&gt;x &lt;Control&gt;c &lt;Control&gt;v</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title" translatable="yes">Edit menu</property><property name="accelerator">Menu &lt;Shift&gt;F10</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title" translatable="yes">Open a folder</property><property name="accelerator">&lt;Control&gt;o</property></object></child>
          </object></child>
        </object></child>
      </object>
    </interface>
    """

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
