/// The keyboard shortcuts window (GtkShortcutsWindow), as GtkBuilder XML.
enum Shortcuts {
    static let ui = """
    <interface>
      <object class="GtkShortcutsWindow" id="shortcuts">
        <property name="modal">1</property>
        <child><object class="GtkShortcutsSection"><property name="section-name">gallery</property>
          <child><object class="GtkShortcutsGroup"><property name="title">Layouts</property>
            <child><object class="GtkShortcutsShortcut"><property name="title">Grid</property><property name="accelerator">&lt;Control&gt;1</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title">Horizontal flow</property><property name="accelerator">&lt;Control&gt;2</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title">Circle</property><property name="accelerator">&lt;Control&gt;3</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title">Stack</property><property name="accelerator">&lt;Control&gt;4</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title">Waterfall</property><property name="accelerator">&lt;Control&gt;5</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title">Zoom between grid and stack</property><property name="shortcut-type">gesture-pinch</property></object></child>
          </object></child>
          <child><object class="GtkShortcutsGroup"><property name="title">Items</property>
            <child><object class="GtkShortcutsShortcut"><property name="title">Add an item</property><property name="accelerator">&lt;Control&gt;n</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title">Delete the selection</property><property name="accelerator">Delete</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title">Add a section</property><property name="accelerator">&lt;Control&gt;&lt;Shift&gt;n</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title">Remove a section</property><property name="accelerator">&lt;Control&gt;&lt;Shift&gt;Delete</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title">Shuffle</property><property name="accelerator">&lt;Control&gt;r</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title">Multiple selection</property><property name="accelerator">&lt;Control&gt;m</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title">Cut, copy, paste</property><property name="accelerator">&lt;Control&gt;x &lt;Control&gt;c &lt;Control&gt;v</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title">Edit menu</property><property name="accelerator">Menu &lt;Shift&gt;F10</property></object></child>
            <child><object class="GtkShortcutsShortcut"><property name="title">Open a folder</property><property name="accelerator">&lt;Control&gt;o</property></object></child>
          </object></child>
        </object></child>
      </object>
    </interface>
    """
}
