import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A data source and delegate with a context menu of every kind of entry (icons, a destructive
/// one, a checked one, accelerators, a submenu), and the Delete key when `deletes` says so.
@MainActor
private final class RichMenuDelegate: CollectionViewDataSource, CollectionViewDelegate {
    var count = 30
    /// "label items" for each chosen entry.
    var chosen: [String] = []
    /// What Delete and Shift+Delete may delete: nil for nothing.
    var deletes: Set<Bool> = [false, true]
    /// Each delete asked for: the items and whether permanently.
    var deleted: [([Int], Bool)] = []

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: NumberCell = collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
        cell.shownPath = indexPath
        return cell
    }
    func collectionView(_ cv: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: Point) -> ContextMenuConfiguration? {
        let record: (String) -> @MainActor ([IndexPath]) -> Void = { label in { [weak self] paths in
            self?.chosen.append("\(label) \(paths.map { String($0.item) }.joined(separator: ","))")
        } }
        return ContextMenuConfiguration(sections: [
            [ContextMenuItem("Open", iconName: "document-open-symbolic", action: record("Open")),
             ContextMenuItem("Show Hidden", state: .on, action: record("Show Hidden")),
             ContextMenuItem("Copy", accelerator: "<Control>c", action: record("Copy")),
             .submenu("Move To", children: [
                ContextMenuItem("Trash", iconName: "user-trash-symbolic", action: record("Trash")),
                ContextMenuItem("Archive", accelerator: "<Control><Shift>a", action: record("Archive")),
             ])],
            [ContextMenuItem("Delete", iconName: "edit-delete-symbolic", attributes: .destructive, accelerator: "Delete",
                             action: record("Delete")),
             ContextMenuItem("Discard", attributes: .destructive, action: record("Discard")),
             ContextMenuItem("Broken", accelerator: "<Nonsense>", isEnabled: false)],
        ])
    }
    func collectionView(_ cv: CollectionView, canPerformDeleteForItemsAt indexPaths: [IndexPath], permanently: Bool) -> Bool {
        deletes.contains(permanently)
    }
    func collectionView(_ cv: CollectionView, performDeleteForItemsAt indexPaths: [IndexPath], permanently: Bool) {
        deleted.append((indexPaths.map(\.item), permanently))
    }
}

/// A delegate that implements neither delete method.
@MainActor
private final class PlainDelegate: CollectionViewDataSource, CollectionViewDelegate {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 30 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath) as NumberCell
    }
}

private func p(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

/// 100x100 items in 800x600, seven a line, in multiple selection with touch semantics.
@MainActor
private func open(_ delegate: CollectionViewDataSource & CollectionViewDelegate) -> (CollectionView, WidgetPointer) {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    let cv = bareCollectionView(layout)
    cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
    cv.dataSource = delegate
    cv.delegate = delegate
    cv.allowsMultipleSelection = true
    cv.selectionBehavior = .touch  // the tests click items into the selection one by one
    return (cv, GtkHarness.window(for: cv))
}

@MainActor
private func click(_ item: Int, _ cv: CollectionView, _ window: WidgetPointer, button: Int = 1) {
    GtkHarness.pointer(window, at: GtkHarness.centre(of: cv.cellForItem(at: p(item))!, in: window), then: ["click", String(button)])
}

/// What the popover's widget tree says about a menu entry.
@MainActor
private struct Row {
    let widget: WidgetPointer

    /// The row of the entry labelled `label`: the nearest `modelbutton` above its label.
    init?(_ label: String, in popover: WidgetPointer) {
        guard var widget = GtkHarness.label(label, in: popover) else { return nil }
        while String(cString: gtk_widget_get_css_name(widget)) != "modelbutton" {
            guard let parent = gtk_widget_get_parent(widget) else { return nil }
            widget = parent
        }
        self.widget = widget
    }

    private func all(_ visit: (WidgetPointer) -> Void) { walk(widget, visit) }

    private func isA(_ w: WidgetPointer, _ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(w).assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    /// The icon names of the images drawn (mapped) in the row.
    var icons: [String] {
        var names: [String] = []
        all { w in
            if isA(w, gtk_image_get_type()), gtk_widget_get_mapped(w) != 0, gtk_widget_get_opacity(w) > 0,
               let name = gtk_image_get_icon_name(w.opaque) {
                names.append(String(cString: name))
            }
        }
        return names
    }

    /// The text of the row's accelerator label, when one is drawn.
    var accelerator: String? {
        var text: String?
        all { w in
            if String(cString: gtk_widget_get_css_name(w)) == "accelerator", gtk_widget_get_mapped(w) != 0 {
                text = String(cString: gtk_label_get_text(w.opaque))
            }
        }
        return text
    }

    /// Whether a check mark is drawn: GTK's `check` indicator in its checked state, or the
    /// library's check image.
    var isChecked: Bool {
        var checked = false
        all { w in
            guard gtk_widget_get_mapped(w) != 0, String(cString: gtk_widget_get_css_name(w)) == "check"
                    || gtk_widget_has_css_class(w, "check") != 0 else { return }
            if gtk_widget_get_state_flags(w).rawValue & GTK_STATE_FLAG_CHECKED.rawValue != 0 { checked = true }
            if isA(w, gtk_image_get_type()), gtk_widget_get_opacity(w) == 1 { checked = true }
        }
        return checked
    }

    var isDestructive: Bool { gtk_widget_has_css_class(widget, ContextMenuRows.destructiveClass) != 0 }

    /// The colour the row's text is drawn in.
    var textColor: GdkRGBA {
        var colour = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &colour)
        return colour
    }
}

/// Context menu entries as `UIAction` and `UIMenu` describe them (an icon, the destructive
/// style, a check mark, the accelerator, a submenu) drawn in GTK's popover, and the Delete key
/// reaching the delegate.
final class MenuItemsAndDeleteKeyTests: XCTestCase {

    /// A menu with icons, destructive entries, a checked one, accelerators and a submenu: the
    /// realised popover's widgets show each, and entries chosen in the submenu (a plain one and
    /// an icon row) run their actions with the menu's items.
    func testEntriesShowIconsDestructiveStyleChecksAcceleratorsAndSubmenus() { MainActor.assumeIsolated {
        let delegate = RichMenuDelegate()
        let (cv, window) = open(delegate)
        var reported: [CollectionViewError] = []
        cv.errorHandler = { reported.append($0) }
        click(4, cv, window, button: 3)
        GtkHarness.wait(for: "the menu to open") { cv.interaction.menu != nil }
        guard let popover = cv.interaction.menu, GtkHarness.waitUntilShown(popover, "the menu") else { return }
        XCTAssertNotEqual(gtk_widget_get_realized(popover), 0)
        XCTAssertEqual(reported, [.invalidMenuAccelerator(item: "Broken", accelerator: "<Nonsense>")], "the unreadable accelerator is reported")

        let open = Row("Open", in: popover), hidden = Row("Show Hidden", in: popover), copy = Row("Copy", in: popover)
        let delete = Row("Delete", in: popover), discard = Row("Discard", in: popover), broken = Row("Broken", in: popover)
        XCTAssertEqual(open?.icons, ["document-open-symbolic"], "the icon is drawn")
        XCTAssertEqual(open?.isChecked, false)
        XCTAssertEqual(hidden?.isChecked, true, "the checked entry shows a check mark")
        XCTAssertEqual(copy?.isChecked, false)
        XCTAssertEqual(copy?.accelerator, "Ctrl+C", "GTK's row shows the accelerator")
        XCTAssertEqual(delete?.accelerator, "Delete", "the icon row shows it too")
        XCTAssertEqual(delete?.icons, ["edit-delete-symbolic"])
        XCTAssertEqual(broken?.accelerator, nil, "an unreadable accelerator is left out")
        XCTAssertEqual(broken.map { gtk_widget_get_sensitive($0.widget) }, 0, "disabled")
        for row in [delete, discard] {
            XCTAssertEqual(row?.isDestructive, true)
            // Plain GTK's @error_color (#cc0000), through @cv_destructive_color.
            if let colour = row?.textColor {
                XCTAssertGreaterThan(colour.red, 0.6)
                XCTAssertLessThan(colour.green + colour.blue, 0.3, "drawn in the destructive colour: \(colour)")
            }
        }
        XCTAssertEqual(open?.isDestructive, false)
        if let copyColour = copy?.textColor {
            XCTAssertLessThan(abs(copyColour.red - copyColour.green), 0.2, "a plain entry keeps the theme's (grey) colour: \(copyColour)")
        }
        GtkHarness.screenCapture(name: "context-menu-rich")

        // Into the submenu: its entries are not shown until it is chosen.
        XCTAssertNil(GtkHarness.labels(in: popover).first { $0 == "Archive" })
        choose("Move To", in: popover, window)
        GtkHarness.wait(for: "the submenu to slide in") {
            GtkHarness.labels(in: popover).contains("Archive") && !GtkHarness.labels(in: popover).contains("Copy")
        }
        waitForSlide(popover)
        XCTAssertEqual(Row("Archive", in: popover)?.accelerator, "Shift+Ctrl+A")
        XCTAssertEqual(Row("Trash", in: popover)?.icons, ["user-trash-symbolic"])
        GtkHarness.screenCapture(name: "context-menu-submenu")
        choose("Archive", in: popover, window)
        GtkHarness.wait(for: "the menu to close") { cv.interaction.menu == nil }
        XCTAssertEqual(delegate.chosen, ["Archive 4"], "the submenu's entry ran with the menu's item")

        // The selection's menu; an icon row in the submenu.
        click(1, cv, window)
        click(2, cv, window)
        click(2, cv, window, button: 3)
        GtkHarness.wait(for: "the menu to open again") { cv.interaction.menu != nil }
        guard let again = cv.interaction.menu, GtkHarness.waitUntilShown(again, "the menu") else { return }
        choose("Move To", in: again, window)
        GtkHarness.wait(for: "the submenu to slide in") { GtkHarness.labels(in: again).contains("Trash") }
        waitForSlide(again)
        choose("Trash", in: again, window)
        GtkHarness.wait(for: "the menu to close") { cv.interaction.menu == nil }
        XCTAssertEqual(delegate.chosen, ["Archive 4", "Trash 1,2"])

        // The checked entry: chosen, it runs and closes the menu as the others do.
        click(6, cv, window, button: 3)
        GtkHarness.wait(for: "the menu to open a third time") { cv.interaction.menu != nil }
        guard let third = cv.interaction.menu, GtkHarness.waitUntilShown(third, "the menu") else { return }
        choose("Show Hidden", in: third, window)
        GtkHarness.wait(for: "the menu to close") { cv.interaction.menu == nil }
        XCTAssertEqual(delegate.chosen.last, "Show Hidden 6")

        // By the keyboard (item 8 joins the selection, 1 and 2): the menu opens with its first
        // entry (an icon row) focused; five Downs pass GTK's rows and the library's to Discard.
        click(8, cv, window)
        GtkHarness.keys("Menu")
        GtkHarness.wait(for: "the menu to open by the keyboard") { cv.interaction.menu != nil }
        guard let fourth = cv.interaction.menu, GtkHarness.waitUntilShown(fourth, "the menu") else { return }
        GtkHarness.keys("Return")
        GtkHarness.wait(for: "the menu to close") { cv.interaction.menu == nil }
        XCTAssertEqual(delegate.chosen.last, "Open 1,2,8", "Return chose the focused icon row, for the selection")
        GtkHarness.keys("Menu")
        GtkHarness.wait(for: "the menu to open by the keyboard") { cv.interaction.menu != nil }
        guard let fifth = cv.interaction.menu, GtkHarness.waitUntilShown(fifth, "the menu") else { return }
        GtkHarness.keys("Down", "Down", "Down", "Down", "Down", "Return")
        GtkHarness.wait(for: "the menu to close") { cv.interaction.menu == nil }
        XCTAssertEqual(delegate.chosen.last, "Discard 1,2,8", "the keys went through GTK's rows and the library's alike")
        closeAfterMenu(window)
    }}

    /// The library's rows of a menu go when the next menu replaces them in the kept popover:
    /// nothing of a menu stays behind per menu opened.
    func testTheRowsOfAMenuGoWithTheNextMenu() { MainActor.assumeIsolated {
        let delegate = RichMenuDelegate()
        let (cv, window) = open(delegate)
        cv.errorHandler = { _ in }  // the Broken entry's accelerator
        var rows: [UnsafeMutablePointer<gpointer?>] = []
        defer { rows.forEach { $0.deallocate() } }
        for round in 0..<3 {
            click(4 + round, cv, window, button: 3)
            GtkHarness.wait(for: "menu \(round) to open") { cv.interaction.menu != nil }
            guard let popover = cv.interaction.menu, GtkHarness.waitUntilShown(popover, "menu \(round)"),
                  let row = Row("Delete", in: popover) else { return XCTFail("menu \(round) has its Delete row") }
            let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
            slot.pointee = UnsafeMutableRawPointer(row.widget)
            g_object_add_weak_pointer(raw(row.widget).assumingMemoryBound(to: GObject.self), slot)
            rows.append(slot)
            GtkHarness.keys("Escape")
            GtkHarness.wait(for: "menu \(round) to close") { cv.interaction.menu == nil }
        }
        GtkHarness.wait(for: "the rows of the menus before the last to be finalized") { rows.dropLast().allSatisfy { $0.pointee == nil } }
        XCTAssertNotNil(rows.last?.pointee, "the last menu's row stays with its popover until the next menu")
        if let last = rows.last, let widget = last.pointee {
            g_object_remove_weak_pointer(widget.assumingMemoryBound(to: GObject.self), last)
        }
        closeAfterMenu(window)
    }}

    /// Right to left, the library's rows mirror as GTK's do: the check column on the right of
    /// the label, the accelerator and the icon on its left.
    func testEntriesMirrorRightToLeft() { MainActor.assumeIsolated {
        let delegate = RichMenuDelegate()
        // The app's direction, as a right-to-left locale sets it (the popover follows it, not
        // its parent's).
        gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)
        defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
        let (cv, window) = open(delegate)
        cv.errorHandler = { _ in }  // the Broken entry's accelerator
        click(4, cv, window, button: 3)
        GtkHarness.wait(for: "the menu to open") { cv.interaction.menu != nil }
        guard let popover = cv.interaction.menu, GtkHarness.waitUntilShown(popover, "the menu") else { return }
        // The horizontal middle of the first widget under `row` that `matches`.
        @MainActor func middle(in row: Row?, _ matches: (WidgetPointer) -> Bool) -> Float? {
            guard let row else { return nil }
            var found: Float?
            walk(row.widget) { w in
                var bounds = graphene_rect_t()
                if found == nil, w != row.widget, matches(w), gtk_widget_compute_bounds(w, row.widget, &bounds) != 0 {
                    found = bounds.origin.x + bounds.size.width / 2
                }
            }
            return found
        }
        func named(_ name: String) -> (WidgetPointer) -> Bool { { String(cString: gtk_widget_get_css_name($0)) == name } }
        let label: (String) -> (WidgetPointer) -> Bool = { text in { w in
            named("label")(w) && String(cString: gtk_label_get_text(w.opaque)) == text
        } }
        let hidden = Row("Show Hidden", in: popover), open = Row("Open", in: popover), delete = Row("Delete", in: popover)
        let image: (WidgetPointer) -> Bool = { named("image")($0) }
        XCTAssertGreaterThan(middle(in: hidden, named("check")) ?? 0, middle(in: hidden, label("Show Hidden")) ?? 1, "GTK's check: on the right")
        XCTAssertGreaterThan(middle(in: open, named("check")) ?? 0, middle(in: open, label("Open")) ?? 1, "the library's check column too")
        XCTAssertLessThan(middle(in: open, image) ?? 1, middle(in: open, label("Open")) ?? 0, "the icon at the (left) end")
        XCTAssertLessThan(middle(in: delete, named("accelerator")) ?? 1, middle(in: delete, label("Delete")) ?? 0, "the accelerator too")
        GtkHarness.screenCapture(name: "context-menu-rtl")
        GtkHarness.keys("Escape")
        GtkHarness.wait(for: "the menu to close") { cv.interaction.menu == nil }
        closeAfterMenu(window)
    }}

    /// Delete and Shift+Delete send the selected items to the delegate (the focused item when
    /// none is selected), saying whether permanently; a key the delegate does not take goes on
    /// to the window.
    func testDeleteKeySendsTheSelectedItemsToTheDelegate() { MainActor.assumeIsolated {
        let delegate = RichMenuDelegate()
        let (cv, window) = open(delegate)
        let windowKeys = keysReaching(window)
        click(3, cv, window)
        click(5, cv, window)
        click(9, cv, window)
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(3), p(5), p(9)])
        GtkHarness.keys("Delete")
        XCTAssertEqual(delegate.deleted.map(\.0), [[3, 5, 9]], "exactly the selected items")
        XCTAssertEqual(delegate.deleted.map(\.1), [false])
        GtkHarness.keys("shift+Delete")
        XCTAssertEqual(delegate.deleted.last?.0, [3, 5, 9])
        XCTAssertEqual(delegate.deleted.last?.1, true, "Shift+Delete: permanently")
        GtkHarness.keys("KP_Delete")
        XCTAssertEqual(delegate.deleted.count, 3, "the keypad's Delete too")
        XCTAssertEqual(windowKeys.deletes, 0, "the view took every Delete")

        // Nothing selected: the focused item.
        GtkHarness.keys("Escape")
        XCTAssertEqual(cv.indexPathsForSelectedItems, [])
        XCTAssertEqual(cv.indexPathForFocusedItem, p(9))
        GtkHarness.keys("Delete")
        XCTAssertEqual(delegate.deleted.last?.0, [9])

        // The delegate deletes only to a trash: Shift+Delete goes on to the window.
        delegate.deletes = [false]
        let before = delegate.deleted.count
        GtkHarness.keys("shift+Delete")
        XCTAssertEqual(delegate.deleted.count, before, "not asked to delete")
        XCTAssertEqual(windowKeys.deletes, 1, "the key went on to the window")
        GtkHarness.close(window)
    }}

    /// A delegate that implements neither delete method: the key does nothing to the view and
    /// goes on to the window; no delegate at all, the same.
    func testDeleteKeyWithoutTheDelegatesMethodsDoesNothing() { MainActor.assumeIsolated {
        let delegate = PlainDelegate()
        let (cv, window) = open(delegate)
        let windowKeys = keysReaching(window)
        click(2, cv, window)
        GtkHarness.keys("Delete", "shift+Delete")
        XCTAssertEqual(windowKeys.deletes, 2, "both went on to the window")
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(2)], "nothing changed")
        cv.delegate = nil
        GtkHarness.keys("Delete")
        XCTAssertEqual(windowKeys.deletes, 3)
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 30)
        GtkHarness.close(window)
    }}
}

/// Visits `widget` and everything under it, in tree order.
@MainActor
private func walk(_ widget: WidgetPointer, _ visit: (WidgetPointer) -> Void) {
    visit(widget)
    var child = gtk_widget_get_first_child(widget)
    while let c = child {
        walk(c, visit)
        child = gtk_widget_get_next_sibling(c)
    }
}

/// Counts the Delete keys that reach the window after the focused widget left them.
@MainActor
private final class WindowKeys {
    var deletes = 0
}

@MainActor
private func keysReaching(_ window: WidgetPointer) -> WindowKeys {
    let keys = WindowKeys()
    let controller = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_BUBBLE)
    Signal.connectKey(raw(controller)) { keyval, _, _ in
        if Int32(bitPattern: keyval) == GDK_KEY_Delete || Int32(bitPattern: keyval) == GDK_KEY_KP_Delete { keys.deletes += 1 }
        return false
    }
    gtk_widget_add_controller(window, controller)
    return keys
}

/// Chooses the entry labelled `label` of an open popover with the pointer.
@MainActor
private func choose(_ label: String, in popover: WidgetPointer, _ window: WidgetPointer, file: StaticString = #filePath, line: UInt = #line) {
    guard let widget = GtkHarness.label(label, in: popover) else { return XCTFail("no entry \(label)", file: file, line: line) }
    GtkHarness.xdotool(["mousemove", "--window", GtkHarness.xid(of: window)] + GtkHarness.popoverPoint(of: widget).map(String.init),
                       file: file, line: line)
    GtkHarness.xdotool(["click", "1"], file: file, line: line)
}

/// Waits until the popover's stack has finished sliding to a submenu (or back).
@MainActor
private func waitForSlide(_ popover: WidgetPointer, file: StaticString = #filePath, line: UInt = #line) {
    var stack: WidgetPointer?
    walk(popover) { w in
        if stack == nil, g_type_check_instance_is_a(UnsafeMutableRawPointer(w).assumingMemoryBound(to: GTypeInstance.self),
                                                    gtk_stack_get_type()) != 0 { stack = w }
    }
    guard let stack else { return }
    GtkHarness.wait(for: "the menu's slide to end", file: file, line: line) { gtk_stack_get_transition_running(stack.opaque) == 0 }
    GtkHarness.waitForFrames(2, of: popover, file: file, line: line)
}

/// Closes a window whose menu grabbed lately: GTK 4.8 logs a tooltip critical when a popover
/// that grabbed less than half a second ago is destroyed.
@MainActor
private func closeAfterMenu(_ window: WidgetPointer) {
    GtkHarness.letTimePass(0.7, because: "GTK 4.8's tooltip timeout, started by the menu's grab, fires before the window goes")
    GtkHarness.close(window)
}
