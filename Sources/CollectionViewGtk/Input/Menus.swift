import CGtk
import GtkGlue
import CollectionLayout

/// The context menu (the delegate's, from a secondary click, a long press or the Menu key) and
/// the edit menu (cut, copy, paste), in popovers over the viewport, and the keyboard's edit
/// shortcuts through the same checks.
@MainActor
final class Menus {
    private weak var collectionView: CollectionView?
    /// The open menu, and the item the edit menu is for.
    private(set) var menu: WidgetPointer?
    private(set) var menuItem: IndexPath?
    /// The actions the open edit menu lists, in order.
    private(set) var menuActions: [EditAction] = []
    private let actionGroup: OpaquePointer
    /// The items the open (or last) context menu is for, moved along by updates; nil while
    /// the open menu is the edit menu.
    private(set) var contextMenuItems: [IndexPath]?
    /// The entries of the open (or last) context menu, in the order of their actions.
    private var contextMenuEntries: [ContextMenuItem] = []
    private var contextMenuGeneration = 0
    /// The two popovers every menu is shown in, made at the first menu of their kind and kept
    /// (hidden children of the viewport) until the view goes: a closed GtkPopoverMenu is not
    /// always finalized in GTK 4.8 (something keeps a reference after it is unparented), so a
    /// popover made per menu would grow the heap with every menu.
    private var contextPopover: WidgetPointer?
    private var editPopover: WidgetPointer?
    /// The prefix the app's action group went in under, in the context popover.
    private var contextPopoverAppPrefix: String?

    init(collectionView: CollectionView) {
        self.collectionView = collectionView
        actionGroup = OpaquePointer(g_simple_action_group_new()!)
        // The edit menu's actions: "collectionview.cut" and so on, found from the popover up.
        for action in EditAction.allCases {
            let simple = g_simple_action_new(action.rawValue, nil)!
            Signal.connectPointer(raw(simple), "activate") { [weak self] in self?.chose(action) }
            g_action_map_add_action(actionGroup, simple)
            g_object_unref(raw(simple))
        }
        gtk_widget_insert_action_group(collectionView.viewport, "collectionview", actionGroup)
    }

    /// The data was reloaded: the menu closes and forgets its items.
    func dataReloaded() {
        close()
        menuItem = nil
        contextMenuItems = nil
    }

    /// A batch update moved items: a context menu acts on its items where they are now (deleted
    /// ones are left out, and a menu whose items all went closes); the edit menu follows its
    /// item, or closes when the item went.
    func itemsMoved(_ newPath: (IndexPath) -> IndexPath?) {
        if let items = contextMenuItems {
            let moved = items.compactMap(newPath)
            contextMenuItems = moved
            if moved.isEmpty && !items.isEmpty { close() }
        }
        guard let item = menuItem else { return }
        menuItem = newPath(item)
        if menuItem == nil { close() }
    }

    /// The widget is going away: the menu goes with it, now.
    func dispose() {
        menuItem = nil
        menuActions = []
        contextMenuItems = nil
        contextMenuEntries = []
        if let popover = menu {
            menu = nil
            gtk_popover_popdown(popover.as(GtkPopover.self))  // gives up its grab and surface first
        }
        for popover in [contextPopover, editPopover].compactMap({ $0 }) where gtk_widget_get_parent(popover) != nil {
            gtk_widget_unparent(popover)
        }
        contextPopover = nil
        editPopover = nil
    }

    // MARK: The context menu

    /// Opens the delegate's context menu for `path` (for the whole selection when `path` is
    /// selected; for no items when nil), pointing at the viewport point `at` or else at the
    /// item's cell. When the delegate has none, an item gets its edit menu. False when no menu
    /// could be asked for.
    @discardableResult
    func showContextMenu(for path: IndexPath?, at point: (Double, Double)?) -> Bool {
        guard let collectionView else { return false }
        return collectionView.work.runNow { openContextMenu(for: path, at: point, in: collectionView) }
    }

    private func openContextMenu(for path: IndexPath?, at point: (Double, Double)?, in collectionView: CollectionView) -> Bool {
        if let path, !collectionView.isValidItem(path) { return false }
        let items: [IndexPath]
        if let path {
            items = collectionView.selection.selected.contains(path) ? collectionView.indexPathsForSelectedItems : [path]
        } else {
            items = []
        }
        let offset = collectionView.contentOffset
        let contentPoint: Point
        if let point {
            contentPoint = Point(x: collectionView.layoutViewportX(point.0) + offset.x, y: point.1 + offset.y)
        } else if let path, let frame = collectionView.collectionViewLayout.layoutAttributesForItem(at: path)?.frame {
            contentPoint = Point(x: frame.midX, y: frame.midY)
        } else {
            contentPoint = Point(x: offset.x + collectionView.bounds.width / 2, y: offset.y + collectionView.bounds.height / 2)
        }
        // A single item's swipe actions follow the app's own entries.
        let swipeEntries = items.count == 1 ? Self.swipeActionEntries(for: items[0], in: collectionView) : []
        var asked = collectionView.delegate?.collectionView(collectionView, contextMenuConfigurationForItemsAt: items, point: contentPoint)
        if asked == nil, !swipeEntries.isEmpty { asked = ContextMenuConfiguration(items: []) }
        guard var configuration = asked else {
            if let path { openMenu(for: path, in: collectionView) }
            return path != nil
        }
        if !swipeEntries.isEmpty {
            configuration.sections.removeAll { $0.isEmpty }
            configuration.sections.append(swipeEntries)
        }
        close()
        // Fresh actions for each menu, so a late activation of an older one finds nothing.
        contextMenuGeneration += 1
        let built = ContextMenuModel(configuration, prefix: "m\(contextMenuGeneration)-") { [weak self] in self?.contextMenuChose($0) }
        for problem in built.problems { collectionView.report(problem) }
        let entries = built.entries
        gtk_widget_insert_action_group(collectionView.viewport, "contextmenu", built.group)
        g_object_unref(raw(built.group))
        let popover = popover(context: true, model: UnsafeMutablePointer<GMenuModel>(built.model), in: collectionView)
        g_object_unref(raw(built.model))
        built.addRows(to: popover)
        if let old = contextPopoverAppPrefix {
            gtk_widget_insert_action_group(popover, old, nil)  // the last menu's app actions go
            contextPopoverAppPrefix = nil
        }
        if let appGroup = configuration.actionGroup {
            gtk_widget_insert_action_group(popover, configuration.actionPrefix, appGroup)
            contextPopoverAppPrefix = configuration.actionPrefix
        }
        var rect: GdkRectangle?
        if let point {
            rect = GdkRectangle(x: Int32(point.0), y: Int32(point.1), width: 1, height: 1)
        } else if let path, let cell = collectionView.cellForItem(at: path) {
            rect = Self.anchor(of: cell, in: collectionView)
        }
        if var rect {
            gtk_popover_set_pointing_to(popover.as(GtkPopover.self), &rect)
        } else {
            gtk_popover_set_pointing_to(popover.as(GtkPopover.self), nil)
        }
        gtk_popover_set_has_arrow(popover.as(GtkPopover.self), point == nil ? 1 : 0)
        menu = popover
        menuItem = nil
        menuActions = []
        contextMenuItems = items
        contextMenuEntries = entries
        gtk_popover_popup(popover.as(GtkPopover.self))
        return true
    }

    /// An entry of the context menu was chosen: its action gets the menu's items as they are
    /// now (moved by updates, without the deleted ones).
    private func contextMenuChose(_ index: Int) {
        guard let collectionView, let items = contextMenuItems, index < contextMenuEntries.count else { return }
        let entry = contextMenuEntries[index]
        contextMenuItems = nil
        contextMenuEntries = []
        // GTK closes the menu for a plain item before it activates the action, but not for a
        // checked one nor for the library's own rows: a chosen entry closes the menu, as in UIKit.
        close()
        guard entry.isEnabled, let action = entry.action else { return }
        let valid = items.filter { collectionView.isValidItem($0) }
        // The view is done with the menu: an update the action makes lands before it returns.
        collectionView.work.runAtSafePoint { action(valid) }
    }

    /// The item's swipe actions (leading, then trailing) as menu entries, so a mouse, the
    /// keyboard and a screen reader reach them: an entry calls the action's handler as its
    /// button does, from the item's cell (or the view when it has none).
    static func swipeActionEntries(for path: IndexPath, in collectionView: CollectionView) -> [ContextMenuItem] {
        let actions = swipeActions(for: path, in: collectionView)
        return actions.enumerated().map { index, action in
            ContextMenuItem(action.menuLabel, iconName: action.iconName,
                            attributes: action.style == .destructive ? .destructive : []) { [weak collectionView] paths in
                // The item may have moved while the menu was open: the delegate's action for
                // where it is now (its handler may name its path), the same entry by place and title.
                guard let collectionView, let path = paths.first else { return }
                let now = swipeActions(for: path, in: collectionView)
                guard index < now.count, now[index].title == action.title else { return }
                let source = collectionView.cellForItem(at: path)?.widget ?? collectionView.viewport
                now[index].handler(now[index], source) { _ in }
            }
        }
    }

    /// The delegate's swipe actions for an item, leading then trailing.
    private static func swipeActions(for path: IndexPath, in collectionView: CollectionView) -> [ContextualAction] {
        guard let delegate = collectionView.delegate, collectionView.isValidItem(path) else { return [] }
        return Array([delegate.collectionView(collectionView, leadingSwipeActionsConfigurationForItemAt: path),
                      delegate.collectionView(collectionView, trailingSwipeActionsConfigurationForItemAt: path)]
            .compactMap { $0?.actions }.joined())
    }

    // MARK: The edit menu

    private func openMenu(for path: IndexPath, in collectionView: CollectionView) {
        guard let delegate = collectionView.delegate,
              delegate.collectionView(collectionView, shouldShowMenuForItemAt: path) else { return }
        let allowed = EditAction.allCases.filter {
            delegate.collectionView(collectionView, canPerformAction: $0, forItemAt: path, withSender: EditAction.Sender.menu)
        }
        guard !allowed.isEmpty, let cell = collectionView.cellForItem(at: path) else { return }
        close()
        let model = g_menu_new()!
        for action in allowed {
            let item = g_menu_item_new(action.label, "collectionview.\(action.rawValue)")!
            g_menu_item_set_attribute_value(item, "accel", g_variant_new_string(action.accelerator))
            g_menu_append_item(model, item)
            g_object_unref(raw(item))
        }
        let popover = popover(context: false, model: UnsafeMutablePointer<GMenuModel>(model), in: collectionView)
        g_object_unref(raw(model))
        if var rect = Self.anchor(of: cell, in: collectionView) {
            gtk_popover_set_pointing_to(popover.as(GtkPopover.self), &rect)
        }
        menu = popover
        menuItem = path
        menuActions = allowed
        contextMenuItems = nil
        contextMenuEntries = []
        gtk_popover_popup(popover.as(GtkPopover.self))
    }

    /// Shows the open menu at its size and place (called from the view's allocation).
    func present() {
        guard let popover = menu, gtk_widget_get_visible(popover) != 0 else { return }
        gtk_popover_present(popover.as(GtkPopover.self))
    }

    func close() {
        guard let popover = menu else { return }
        gtk_popover_popdown(popover.as(GtkPopover.self))
        if menu == popover { menuClosed(popover) }  // not shown yet: GTK sends no "closed"
    }

    /// The popover stays, hidden, for the next menu of its kind. Its surface goes, once GTK is
    /// done with the closing popover (the chosen action runs after): a kept surface shows the
    /// next menu where the last one was for a moment, until the display server moves it.
    private func menuClosed(_ popover: WidgetPointer) {
        guard menu == popover else { return }
        menu = nil
        menuActions = []
        Async.after(milliseconds: 0) { [weak self] in
            guard let self, self.menu != popover, popover == self.contextPopover || popover == self.editPopover,
                  gtk_widget_get_mapped(popover) == 0 else { return }
            gtk_widget_unrealize(popover)
        }
    }

    /// A menu item was chosen.
    func chose(_ action: EditAction) {
        guard let collectionView, let path = menuItem, collectionView.isValidItem(path) else { return }
        menuItem = nil
        collectionView.work.runAtSafePoint {
            collectionView.delegate?.collectionView(collectionView, performAction: action, forItemAt: path, withSender: EditAction.Sender.menu)
        }
    }

    /// Ctrl+X, Ctrl+C, Ctrl+V on the focused item, through the same checks as the menu.
    func shortcut(_ action: EditAction) -> Bool {
        guard let collectionView else { return false }
        return collectionView.work.runWithSafePoints { performShortcut(action, in: collectionView) }
    }

    private func performShortcut(_ action: EditAction, in collectionView: CollectionView) -> Bool {
        guard let delegate = collectionView.delegate, let path = collectionView.selection.focused,
              collectionView.isValidItem(path),
              delegate.collectionView(collectionView, shouldShowMenuForItemAt: path),
              delegate.collectionView(collectionView, canPerformAction: action, forItemAt: path, withSender: EditAction.Sender.keyboard)
        else { return false }
        collectionView.work.runAtSafePoint {
            delegate.collectionView(collectionView, performAction: action, forItemAt: path, withSender: EditAction.Sender.keyboard)
        }
        return true
    }

    /// Delete (or Shift+Delete, `permanently`) on the selected items, or on the focused item
    /// when none is selected, when the delegate can delete them. False lets the key go on.
    func deleteKey(permanently: Bool) -> Bool {
        // While a menu is open the key is the menu's (its Delete item shows it), not the
        // selection's: a menu opened on another item would otherwise delete the selection.
        guard let collectionView, menu == nil else { return false }
        return collectionView.work.runWithSafePoints { performDelete(permanently: permanently, in: collectionView) }
    }

    private func performDelete(permanently: Bool, in collectionView: CollectionView) -> Bool {
        guard let delegate = collectionView.delegate else { return false }
        var items = collectionView.indexPathsForSelectedItems.filter { collectionView.isValidItem($0) }
        if items.isEmpty, let focused = collectionView.selection.focused, collectionView.isValidItem(focused) { items = [focused] }
        guard !items.isEmpty,
              delegate.collectionView(collectionView, canPerformDeleteForItemsAt: items, permanently: permanently) else { return false }
        collectionView.work.runAtSafePoint { delegate.collectionView(collectionView, performDeleteForItemsAt: items, permanently: permanently) }
        return true
    }

    /// The popover a menu of this kind is shown in (made at the first), with its model set.
    /// Where a menu for `cell` points, in viewport coordinates: the cell's bounds, or the
    /// centre of its visible part when it covers most of the viewport both ways (a page of a
    /// paging layout): beside such a cell there is no room for the menu, and a popover kept
    /// within the monitor (Broadway, Wayland) was squeezed to a negative height.
    static func anchor(of cell: CollectionViewCell, in collectionView: CollectionView) -> GdkRectangle? {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(cell.widget, collectionView.viewport, &bounds) != 0 else { return nil }
        let x = Double(bounds.origin.x), y = Double(bounds.origin.y), width = Double(bounds.size.width), height = Double(bounds.size.height)
        let viewWidth = Double(gtk_widget_get_width(collectionView.viewport)), viewHeight = Double(gtk_widget_get_height(collectionView.viewport))
        guard width > viewWidth / 2, height > viewHeight / 2 else {
            return GdkRectangle(x: Int32(x), y: Int32(y), width: max(1, Int32(width)), height: max(1, Int32(height)))
        }
        let left = max(x, 0), right = min(x + width, viewWidth), top = max(y, 0), bottom = min(y + height, viewHeight)
        return GdkRectangle(x: Int32(((left + right) / 2).rounded()), y: Int32(((top + bottom) / 2).rounded()), width: 1, height: 1)
    }

    private func popover(context: Bool, model: UnsafeMutablePointer<GMenuModel>, in collectionView: CollectionView) -> WidgetPointer {
        if let popover = context ? contextPopover : editPopover {
            gtk_popover_menu_set_menu_model(OpaquePointer(popover), model)
            return popover
        }
        let popover = gtk_popover_menu_new_from_model(model)!
        if context { gtk_widget_add_css_class(popover, "context-menu") }
        gtk_widget_set_parent(popover, collectionView.viewport)
        Signal.connect(raw(popover), "closed") { [weak self] in self?.menuClosed(popover) }
        if context { contextPopover = popover } else { editPopover = popover }
        return popover
    }
}
