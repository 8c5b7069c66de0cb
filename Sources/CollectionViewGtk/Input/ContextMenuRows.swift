import CGtk
import GtkGlue

/// The context menu's own rows, for entries GTK's menu model cannot show as asked (an icon,
/// the destructive style: see ``ContextMenuModel``). A row is a flat `GtkButton` named `modelbutton` in CSS, so the
/// theme's menu-item rules (height, padding, hover, the selected highlight) style it as it
/// styles GTK's own rows; it activates the entry's action as GTK's rows do, and shows a check
/// column, the label and the accelerator in GTK's order, then the icon.
@MainActor
enum ContextMenuRows {
    /// The CSS class of a destructive entry's row (drawn in `@cv_destructive_color`).
    static let destructiveClass = "destructive"
    /// The CSS class of the library's own rows.
    static let rowClass = "cv-menu-row"

    /// The row of `entry`, whose action is `action` ("contextmenu.m3-2").
    static func row(for entry: ContextMenuItem, action: String, checkColumn: Bool, rightToLeft: Bool) -> WidgetPointer {
        let button = widget(gtk_button_get_type(), cssName: "modelbutton")
        for name in ["flat", rowClass] { gtk_widget_add_css_class(button, name) }
        if entry.attributes.contains(.destructive) { gtk_widget_add_css_class(button, destructiveClass) }
        gtk_actionable_set_action_name(button.opaque, action)  // enabled and activated with the action
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        if checkColumn || entry.state == .on {
            // Named and classed as GTK's check indicator, so the theme sizes and places it alike.
            let check = widget(gtk_image_get_type(), cssName: "check")
            gtk_image_set_from_icon_name(check.opaque, "object-select-symbolic")
            gtk_widget_add_css_class(check, rightToLeft ? "right" : "left")
            gtk_widget_set_opacity(check, entry.state == .on ? 1 : 0)  // keeps the column
            gtk_box_append(box.as(GtkBox.self), check)
        }
        let label = gtk_label_new_with_mnemonic(entry.label)!
        gtk_label_set_xalign(label.opaque, 0)
        gtk_widget_set_hexpand(label, 1)
        gtk_label_set_mnemonic_widget(label.opaque, button)
        gtk_box_append(box.as(GtkBox.self), label)
        if let accelerator = entry.accelerator {
            var key: guint = 0
            var modifiers = GdkModifierType(rawValue: 0)
            gtk_accelerator_parse(accelerator, &key, &modifiers)
            let text = gtk_accelerator_get_label(key, modifiers)!
            let accel = widget(gtk_label_get_type(), cssName: "accelerator")  // as GTK's rows name theirs
            gtk_label_set_text(accel.opaque, text)
            g_free(text)
            gtk_box_append(box.as(GtkBox.self), accel)
        }
        if let iconName = entry.iconName {
            // At the end, as UIKit's menus place an action's image: the labels stay in line with
            // GTK's own rows, which have no room for an icon.
            let icon = gtk_image_new_from_icon_name(iconName)!
            gtk_widget_set_margin_start(icon, 12)
            gtk_box_append(box.as(GtkBox.self), icon)
        }
        gtk_button_set_child(button.as(GtkButton.self), box)
        // GTK's rows show the menu's current item as :selected (the pointer's, or the keyboard
        // focus's); this row does the same, so the theme highlights it alike.
        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(raw(motion), "enter") { _, _ in gtk_widget_set_state_flags(button, GTK_STATE_FLAG_SELECTED, 0) }
        Signal.connect(raw(motion), "leave") {
            if gtk_widget_has_focus(button) == 0 { gtk_widget_unset_state_flags(button, GTK_STATE_FLAG_SELECTED) }
        }
        gtk_widget_add_controller(button, motion)
        let focus = gtk_event_controller_focus_new()!
        Signal.connect(raw(focus), "enter") {
            // The focus a menu opens with is not shown (GTK's rows show it once keys move it).
            guard let root = gtk_widget_get_root(button),
                  gtk_window_get_focus_visible(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self)) != 0 else { return }
            gtk_widget_set_state_flags(button, GTK_STATE_FLAG_SELECTED, 0)
        }
        Signal.connect(raw(focus), "leave") { gtk_widget_unset_state_flags(button, GTK_STATE_FLAG_SELECTED) }
        gtk_widget_add_controller(button, focus)
        if entry.state == .on { setChecked(button) }
        return button
    }

    /// Tells assistive technologies the row is checked, as GTK's check rows do.
    private static func setChecked(_ button: WidgetPointer) {
        var state = GTK_ACCESSIBLE_STATE_CHECKED
        var value = GValue()
        _ = g_value_init(&value, gtk_accessible_tristate_get_type())
        g_value_set_enum(&value, gint(GTK_ACCESSIBLE_TRISTATE_TRUE.rawValue))
        gtk_accessible_update_state_value(button.opaque, 1, &state, &value)
        g_value_unset(&value)
    }

    /// A new widget of `type` with its CSS name set (a construct-only property).
    private static func widget(_ type: GType, cssName: String) -> WidgetPointer {
        var value = GValue()
        _ = g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        g_value_set_string(&value, cssName)
        defer { g_value_unset(&value) }
        return "css-name".withCString { name in
            var names: [UnsafePointer<CChar>?] = [name]
            let object = g_object_new_with_properties(type, 1, &names, &value)!
            return UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
        }
    }
}
