import CGtk
import GtkGlue

/// The `GMenu` and actions a context menu of ``ContextMenuItem``s is shown from, and the rows
/// GTK's popover cannot draw from a menu model alone, which ``ContextMenuRows`` makes once the
/// popover has the model.
///
/// Each entry that acts gets an action "`prefix``index`" in the "contextmenu" group; an entry
/// with ``ContextMenuItem/State/on`` gets a stateful boolean action, which GTK draws as a
/// checked item. Submenus are `GMenu` submenu links (GTK slides them in, with a button back).
@MainActor
struct ContextMenuModel {
    /// The menu: a section per configuration section.
    let model: OpaquePointer
    /// The entries' actions, to be inserted as "contextmenu".
    let group: OpaquePointer
    /// The entries that act, in the order of their actions' indices.
    private(set) var entries: [ContextMenuItem] = []
    /// The entries shown as custom rows (those with an icon or the destructive style), by
    /// their slot's id.
    private(set) var rows: [(slot: String, index: Int, checkColumn: Bool)] = []
    /// What was wrong with the entries (an accelerator GTK cannot read), to report.
    private(set) var problems: [CollectionViewError] = []
    let prefix: String

    /// Builds the menu of `configuration`; `chose` runs with an entry's index when its action
    /// is activated. The caller owns `model` and `group` (one reference each).
    init(_ configuration: ContextMenuConfiguration, prefix: String, chose: @escaping @MainActor (Int) -> Void) {
        self.prefix = prefix
        model = g_menu_new()!
        group = OpaquePointer(g_simple_action_group_new()!)
        if let appModel = configuration.menuModel {
            // The app's own model, its items naming the app's actions; a title heads it as a
            // section label, as it heads the first section of the Swift form.
            g_menu_append_section(model, configuration.title, appModel)
        }
        append(configuration.sections, title: configuration.title, enabled: true, to: model, chose: chose)
    }

    /// Appends `sections` to `menu`, a `GMenu` section each (the first headed by `title`).
    private mutating func append(_ sections: [[ContextMenuItem]], title: String?, enabled: Bool,
                                 to menu: OpaquePointer, chose: @escaping @MainActor (Int) -> Void) {
        // GTK's rows line their labels up after a check column when one of the menu's (or
        // submenu's) entries is checked, in any section; a custom row leaves the same room then.
        let checkColumn = sections.joined().contains { $0.state == .on && !$0.isSubmenu }
        for (number, section) in sections.enumerated() {
            let sectionModel = g_menu_new()!
            for entry in section {
                if let children = entry.children {
                    let submenu = g_menu_new()!
                    append(children, title: nil, enabled: enabled && entry.isEnabled, to: submenu, chose: chose)
                    let item = g_menu_item_new_submenu(entry.label, UnsafeMutablePointer<GMenuModel>(submenu))!
                    g_menu_append_item(sectionModel, item)
                    g_object_unref(raw(item))
                    g_object_unref(raw(submenu))
                } else {
                    appendAction(entry, enabled: enabled, checkColumn: checkColumn, to: sectionModel, chose: chose)
                }
            }
            g_menu_append_section(menu, number == 0 ? title : nil, UnsafeMutablePointer<GMenuModel>(sectionModel))
            g_object_unref(raw(sectionModel))
        }
    }

    private mutating func appendAction(_ entry: ContextMenuItem, enabled: Bool, checkColumn: Bool,
                                       to section: OpaquePointer, chose: @escaping @MainActor (Int) -> Void) {
        var entry = entry
        if !enabled { entry.isEnabled = false }  // in a disabled submenu
        if let accelerator = entry.accelerator, !Self.isValid(accelerator: accelerator) {
            problems.append(.invalidMenuAccelerator(item: entry.label, accelerator: accelerator))
            entry.accelerator = nil
        }
        let index = entries.count
        entries.append(entry)
        let name = "\(prefix)\(index)"
        let action = entry.state == .on ? g_simple_action_new_stateful(name, nil, g_variant_new_boolean(1))!
                                        : g_simple_action_new(name, nil)!
        g_simple_action_set_enabled(action, entry.isEnabled ? 1 : 0)
        Signal.connectPointer(raw(action), "activate") { chose(index) }
        g_action_map_add_action(group, action)
        g_object_unref(raw(action))

        let item = g_menu_item_new(entry.label, nil as UnsafePointer<CChar>?)!
        if entry.iconName != nil || entry.attributes.contains(.destructive) {
            // GTK 4.8's popover menus draw an item's "icon" only in an iconic section
            // (display-hint "horizontal-buttons" or "circular-buttons", where the label goes):
            // GtkModelButton hides its image whenever it has text (update_visibility in
            // gtkmodelbutton.c). Nor can a model give its row a CSS class, and GTK's rows do not
            // carry their action's name to be found by. So an entry with an icon or the
            // destructive style is a custom row: the model holds a slot ("custom" attribute)
            // that gtk_popover_menu_add_child fills.
            let slot = "cv-\(name)"
            g_menu_item_set_attribute_value(item, "custom", g_variant_new_string(slot))
            rows.append((slot, index, checkColumn))
        } else {
            g_menu_item_set_detailed_action(item, "contextmenu.\(name)")
            if let accelerator = entry.accelerator {
                g_menu_item_set_attribute_value(item, "accel", g_variant_new_string(accelerator))
            }
        }
        g_menu_append_item(section, item)
        g_object_unref(raw(item))
    }

    /// Whether GTK reads `accelerator` as a key (with modifiers).
    static func isValid(accelerator: String) -> Bool {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        return gtk_accelerator_parse(accelerator, &key, &modifiers) != 0 && key != 0
    }

    /// Fills the custom rows' slots of `popover`, a GtkPopoverMenu showing ``model``.
    func addRows(to popover: WidgetPointer) {
        for row in rows {
            let widget = ContextMenuRows.row(for: entries[row.index], action: "contextmenu.\(prefix)\(row.index)",
                                             checkColumn: row.checkColumn,
                                             rightToLeft: gtk_widget_get_direction(popover) == GTK_TEXT_DIR_RTL)
            let added = gtk_popover_menu_add_child(OpaquePointer(popover), widget, row.slot)
            assert(added != 0, "the model has a slot for each custom row")
        }
    }
}
