import CGtk
import GtkGlue
import CollectionLayout

/// How a person touches the collection: clicks (highlight, then select), long presses and the
/// Menu key (the edit menu), and the keyboard (focus, selection, shortcuts). It owns the
/// collection view's event controllers.
@MainActor
final class Interaction {
    private weak var collectionView: CollectionView?
    /// The item a press is tracking (highlighted); nil when no press is being tracked.
    private(set) var trackedItem: IndexPath?
    /// The open edit menu, and the item it is for.
    package private(set) var menu: WidgetPointer?
    package private(set) var menuItem: IndexPath?
    /// The actions the open menu lists, in order.
    private(set) var menuActions: [EditAction] = []
    private let actionGroup: OpaquePointer
    private var longPress: OpaquePointer?
    /// The cell a long press is on, until the button comes up and its menu opens.
    private var longPressedView: ReusableView?
    /// Whether the press being tracked is the second of a double-click.
    private var trackedIsDoubleClick = false
    /// Whether the primary button is down (between the click gesture's press and its release).
    private var buttonHeld = false
    /// The click gesture stopped while the button was down (its double-click time ran out, the
    /// main loop having been busy): it will send no release, so the drag gesture's end stands in.
    private var releaseComesFromDrag = false
    /// ``CollectionView/isSingleClickActivationEnabled``.
    var singleClickActivates = false
    /// The items the open (or last) context menu is for, moved along by updates; nil while
    /// the open menu is the edit menu.
    package private(set) var contextMenuItems: [IndexPath]?
    /// The entries of the open (or last) context menu, in the order of their actions.
    private var contextMenuEntries: [ContextMenuItem] = []
    private var contextMenuGeneration = 0
    /// The two popovers every menu is shown in, made at the first menu of their kind and kept
    /// (hidden children of the viewport) until the view goes: a closed GtkPopoverMenu is not
    /// always finalized in GTK 4.8 (something keeps a reference after it is unparented), so a
    /// popover made per menu grew the heap ~22 KB a menu in the touch soak.
    private var contextPopover: WidgetPointer?
    private var editPopover: WidgetPointer?
    /// The prefix the app's action group went in under, in the context popover.
    private var contextPopoverAppPrefix: String?
    /// Drags: reordering and the rubber band.
    private(set) var pointerDrag: PointerDrag?

    init(collectionView: CollectionView) {
        self.collectionView = collectionView
        actionGroup = OpaquePointer(g_simple_action_group_new()!)
        let viewport = collectionView.viewport

        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, guint(GDK_BUTTON_PRIMARY))
        Signal.connectPress(raw(click), "pressed") { [weak self] n, x, y in
            self?.buttonHeld = true
            self?.pressBegan(n: n, x: x, y: y)
        }
        Signal.connectPress(raw(click), "released") { [weak self] _, x, y in
            self?.buttonHeld = false
            self?.releaseComesFromDrag = false
            self?.pressEnded(x: x, y: y, modifiers: gtk_event_controller_get_current_event_state(click))
        }
        Signal.connect(raw(click), "stopped") { [weak self] in self?.clickStopped() }
        Signal.connectPointer(raw(click), "cancel") { [weak self] in self?.pressCancelled() }
        gtk_widget_add_controller(viewport, click)

        // The secondary button opens the context menu (or the edit menu) where it is clicked,
        // at the release: a menu grabbing mid-press would break GTK's :active accounting.
        let secondary = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(secondary, guint(GDK_BUTTON_SECONDARY))
        Signal.connectPress(raw(secondary), "released") { [weak self] _, x, y in self?.secondaryClicked(x: x, y: y) }
        gtk_widget_add_controller(viewport, secondary)

        let longPress = gtk_gesture_long_press_new()!
        Signal.connectPoint(raw(longPress), "pressed") { [weak self] x, y in self?.longPressed(x: x, y: y) }
        Signal.connectPointer(raw(longPress), "end") { [weak self] in self?.longPressEnded() }
        gtk_widget_add_controller(viewport, longPress)
        self.longPress = longPress

        let keys = gtk_event_controller_key_new()!
        Signal.connectKey(raw(keys)) { [weak self] keyval, _, state in self?.keyPressed(keyval, state) ?? false }
        gtk_widget_add_controller(viewport, keys)

        let focus = gtk_event_controller_focus_new()!
        Signal.connect(raw(focus), "enter") { [weak self] in self?.focusChanged() }
        Signal.connect(raw(focus), "leave") { [weak self] in self?.focusChanged() }
        gtk_widget_add_controller(viewport, focus)

        // The edit menu's actions: "collectionview.cut" and so on, found from the popover up.
        for action in EditAction.allCases {
            let simple = g_simple_action_new(action.rawValue, nil)!
            Signal.connectPointer(raw(simple), "activate") { [weak self] in self?.menuChose(action) }
            g_action_map_add_action(actionGroup, simple)
            g_object_unref(raw(simple))
        }
        gtk_widget_insert_action_group(viewport, "collectionview", actionGroup)
        pointerDrag = PointerDrag(collectionView: collectionView, interaction: self)
    }

    // MARK: Pressing

    /// The cell under a point of the viewport, by GTK's own picking (so transforms and drawing
    /// order count, as the person sees them).
    func item(atViewportX x: Double, y: Double) -> IndexPath? {
        guard let collectionView, var widget = gtk_widget_pick(collectionView.viewport, x, y, GTK_PICK_DEFAULT) else { return nil }
        while widget != collectionView.viewport {
            if let view = ReusableView.view(for: widget), view.category == .cell, let key = view.elementKey {
                return key.indexPath
            }
            guard let parent = gtk_widget_get_parent(widget) else { return nil }
            widget = parent
        }
        return nil
    }

    private func pressBegan(n: Int, x: Double, y: Double) {
        guard let collectionView else { return }
        collectionView.work.run { beginPress(n: n, x: x, y: y, in: collectionView) }
    }

    private func beginPress(n: Int, x: Double, y: Double, in collectionView: CollectionView) {
        gtk_widget_grab_focus(collectionView.viewport)
        closeMenu()
        guard let path = item(atViewportX: x, y: y),
              collectionView.allowsSelection || canActivate(path, in: collectionView) else { return }
        if collectionView.allowsSelection { collectionView.setFocusedItem(path, scroll: false) }
        if let delegate = collectionView.delegate, !delegate.collectionView(collectionView, shouldHighlightItemAt: path) { return }
        trackedItem = path
        trackedIsDoubleClick = n >= 2
        setHighlighted(path, true)
    }

    /// Whether the delegate handles activation for the item.
    private func canActivate(_ path: IndexPath, in collectionView: CollectionView) -> Bool {
        guard collectionView.isValidItem(path), let delegate = collectionView.delegate else { return false }
        return delegate.collectionView(collectionView, canPerformPrimaryActionForItemAt: path)
    }

    /// Activates the item when the delegate handles activation; false when it does not.
    private func activate(_ path: IndexPath, in collectionView: CollectionView) -> Bool {
        guard canActivate(path, in: collectionView) else { return false }
        collectionView.delegate?.collectionView(collectionView, performPrimaryActionForItemAt: path)
        return true
    }

    private func pressEnded(x: Double, y: Double, modifiers: GdkModifierType) {
        guard let collectionView, trackedItem != nil else { return }
        collectionView.work.run { endPress(x: x, y: y, modifiers: modifiers, in: collectionView) }
    }

    private func endPress(x: Double, y: Double, modifiers: GdkModifierType, in collectionView: CollectionView) {
        guard let path = trackedItem else { return }
        trackedItem = nil
        let releasedOver = item(atViewportX: x, y: y)
        // Unhighlight first; the selected state always changes last.
        setHighlighted(path, false)
        guard releasedOver == path else { return }
        // The second click of a double-click activates (the first one already selected); a
        // single click activates too with single-click activation, after selecting.
        if trackedIsDoubleClick, activate(path, in: collectionView) { return }
        if singleClickActivates, canActivate(path, in: collectionView) {
            if collectionView.allowsSelection { collectionView.userSelect(path) }
            _ = activate(path, in: collectionView)
            return
        }
        // Shift+click selects a range from the anchor; Ctrl+click toggles, as a click does.
        if collectionView.allowsSelection {
            collectionView.userClick(path, shift: modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0,
                                     control: modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0)
        }
    }

    /// The view scrolled: a press under way turns into a scroll, which neither selects nor,
    /// however long the button stays down, opens the edit menu.
    func viewScrolled() {
        pressCancelled()
        longPressedView = nil
        if let longPress { gtk_event_controller_reset(longPress) }
    }

    /// GTK's click gesture stops when its double-click time runs out or the pointer moves away.
    /// With the button still down the press goes on (a busy main loop can run the timer out
    /// between a double-click's press and release): the release then comes from the drag
    /// gesture, which sees every one. With the button up there is nothing left to end.
    private func clickStopped() {
        if buttonHeld, trackedItem != nil {
            releaseComesFromDrag = true
        } else {
            pressCancelled()
        }
    }

    /// The primary button came up (the drag gesture's end, at a viewport point): the end of a
    /// press whose click gesture stopped.
    func primaryButtonReleased(x: Double, y: Double, modifiers: GdkModifierType) {
        buttonHeld = false
        guard releaseComesFromDrag else { return }
        releaseComesFromDrag = false
        pressEnded(x: x, y: y, modifiers: modifiers)
    }

    /// The press left its cell, turned into a scroll or a drag, or was cancelled.
    func pressCancelled() {
        releaseComesFromDrag = false
        guard let path = trackedItem else { return }
        trackedItem = nil
        setHighlighted(path, false)
    }

    private func setHighlighted(_ path: IndexPath, _ on: Bool) {
        guard let collectionView else { return }
        collectionView.selection.highlighted = on ? path : nil
        collectionView.cellForItem(at: path)?.isHighlighted = on
        collectionView.work.run {
            if on {
                collectionView.delegate?.collectionView(collectionView, didHighlightItemAt: path)
            } else {
                collectionView.delegate?.collectionView(collectionView, didUnhighlightItemAt: path)
            }
        }
    }

    /// The data was reloaded: a press under way is cancelled (its item may be gone), and so is
    /// a long press waiting for its release; the edit menu closes.
    func dataReloaded() {
        pressCancelled()
        pointerDrag?.cancel()
        longPressedView = nil
        if let longPress { gtk_event_controller_reset(longPress) }
        closeMenu()
        menuItem = nil
        contextMenuItems = nil
    }

    /// A batch update moved items: the press is cancelled (as UIKit does) and the edit menu
    /// follows its item, or closes when the item went.
    func itemsMoved(_ newPath: (IndexPath) -> IndexPath?) {
        pressCancelled()
        // A context menu acts on its items where they are now; deleted ones are left out, and
        // a menu whose items all went closes.
        if let items = contextMenuItems {
            let moved = items.compactMap(newPath)
            contextMenuItems = moved
            if moved.isEmpty && !items.isEmpty { closeMenu() }
        }
        guard let item = menuItem else { return }
        menuItem = newPath(item)
        if menuItem == nil { closeMenu() }
    }

    /// The widget is going away: the menu goes with it, now.
    func dispose() {
        pressCancelled()
        pointerDrag?.dispose()
        longPressedView = nil
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

    /// The popover a menu of this kind is shown in (made at the first), with its model set.
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

    /// A long press never selects; it opens the edit menu for its cell when the button comes
    /// up. Not at once: the menu grabs the pointer, which in GTK 4.8 ends the press's implicit
    /// grab, and the release then unwinds GTK's :active marks from whatever cell is under the
    /// pointer by then. Any cell that moved or went in the meantime (an update, a layout swap)
    /// would leave GTK's accounting broken ("Broken accounting of active state").
    private func longPressed(x: Double, y: Double) {
        pressCancelled()
        guard let collectionView, let path = item(atViewportX: x, y: y) else { return }
        longPressedView = collectionView.cellForItem(at: path)
    }

    private func longPressEnded() {
        guard let view = longPressedView else { return }
        longPressedView = nil
        // The cell's item now: updates during the press may have moved it, or removed it.
        guard let key = view.elementKey, key.category == .cell else { return }
        showContextMenu(for: key.indexPath, at: nil)
    }

    // MARK: The context menu

    /// A secondary-button click: the menu for the item under the pointer, or the view's own
    /// on empty space.
    private func secondaryClicked(x: Double, y: Double) {
        guard let collectionView else { return }
        gtk_widget_grab_focus(collectionView.viewport)
        pressCancelled()
        let path = item(atViewportX: x, y: y)
        if let path, collectionView.allowsSelection { collectionView.setFocusedItem(path, scroll: false) }
        _ = showContextMenu(for: path, at: (x, y))
    }

    /// Opens the delegate's context menu for `path` (for the whole selection when `path` is
    /// selected; for no items when nil), pointing at the viewport point `at` or else at the
    /// item's cell. When the delegate has none, an item gets its edit menu. False when no menu
    /// could be asked for.
    @discardableResult
    func showContextMenu(for path: IndexPath?, at point: (Double, Double)?) -> Bool {
        guard let collectionView else { return false }
        return collectionView.work.run { openContextMenu(for: path, at: point, in: collectionView) }
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
        guard let configuration = collectionView.delegate?.collectionView(collectionView, contextMenuConfigurationForItemsAt: items,
                                                                          point: contentPoint) else {
            if let path { openMenu(for: path, in: collectionView) }
            return path != nil
        }
        closeMenu()
        // Fresh actions for each menu, so a late activation of an older one finds nothing.
        contextMenuGeneration += 1
        let prefix = "m\(contextMenuGeneration)-"
        let group = OpaquePointer(g_simple_action_group_new()!)
        let model = g_menu_new()!
        var entries: [ContextMenuItem] = []
        if let appModel = configuration.menuModel {
            // The app's own model, its items naming the app's actions; a title heads it as a
            // section label, as it heads the first section of the Swift form.
            g_menu_append_section(model, configuration.title, appModel)
        }
        for (number, section) in configuration.sections.enumerated() {
            let sectionModel = g_menu_new()!
            for entry in section {
                let index = entries.count
                entries.append(entry)
                let action = g_simple_action_new("\(prefix)\(index)", nil)!
                g_simple_action_set_enabled(action, entry.isEnabled ? 1 : 0)
                Signal.connectPointer(raw(action), "activate") { [weak self] in self?.contextMenuChose(index) }
                g_action_map_add_action(group, action)
                g_object_unref(raw(action))
                g_menu_append(sectionModel, entry.label, "contextmenu.\(prefix)\(index)")
            }
            g_menu_append_section(model, number == 0 ? configuration.title : nil, UnsafeMutablePointer<GMenuModel>(sectionModel))
            g_object_unref(raw(sectionModel))
        }
        gtk_widget_insert_action_group(collectionView.viewport, "contextmenu", group)
        g_object_unref(raw(group))
        let popover = popover(context: true, model: UnsafeMutablePointer<GMenuModel>(model), in: collectionView)
        g_object_unref(raw(model))
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
            var bounds = graphene_rect_t()
            if gtk_widget_compute_bounds(cell.widget, collectionView.viewport, &bounds) != 0 {
                rect = GdkRectangle(x: Int32(bounds.origin.x), y: Int32(bounds.origin.y),
                                    width: max(1, Int32(bounds.size.width)), height: max(1, Int32(bounds.size.height)))
            }
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
        guard entry.isEnabled, let action = entry.action else { return }
        let valid = items.filter { collectionView.isValidItem($0) }
        collectionView.work.run { action(valid) }
    }

    // MARK: The edit menu

    /// Opens the edit menu for `path` when the delegate allows it and at least one action.
    func showMenu(for path: IndexPath) {
        guard let collectionView else { return }
        collectionView.work.run { openMenu(for: path, in: collectionView) }
    }

    private func openMenu(for path: IndexPath, in collectionView: CollectionView) {
        guard let delegate = collectionView.delegate,
              delegate.collectionView(collectionView, shouldShowMenuForItemAt: path) else { return }
        let allowed = EditAction.allCases.filter {
            delegate.collectionView(collectionView, canPerformAction: $0, forItemAt: path, withSender: EditAction.Sender.menu)
        }
        guard !allowed.isEmpty, let cell = collectionView.cellForItem(at: path) else { return }
        closeMenu()
        let model = g_menu_new()!
        for action in allowed {
            let item = g_menu_item_new(action.label, "collectionview.\(action.rawValue)")!
            g_menu_item_set_attribute_value(item, "accel", g_variant_new_string(action.accelerator))
            g_menu_append_item(model, item)
            g_object_unref(raw(item))
        }
        let popover = popover(context: false, model: UnsafeMutablePointer<GMenuModel>(model), in: collectionView)
        g_object_unref(raw(model))
        var bounds = graphene_rect_t()
        if gtk_widget_compute_bounds(cell.widget, collectionView.viewport, &bounds) != 0 {
            var rect = GdkRectangle(x: Int32(bounds.origin.x), y: Int32(bounds.origin.y),
                                    width: max(1, Int32(bounds.size.width)), height: max(1, Int32(bounds.size.height)))
            gtk_popover_set_pointing_to(popover.as(GtkPopover.self), &rect)
        }
        menu = popover
        menuItem = path
        menuActions = allowed
        contextMenuItems = nil
        contextMenuEntries = []
        gtk_popover_popup(popover.as(GtkPopover.self))
    }

    /// Sizes and places the open menu: GTK asks a popover's parent to present it from its
    /// size_allocate; without it the popover keeps the size of its first measure, too small
    /// for a menu with sections.
    func allocateOverlays() { pointerDrag?.allocateBand() }

    func presentMenu() {
        guard let popover = menu, gtk_widget_get_visible(popover) != 0 else { return }
        gtk_popover_present(popover.as(GtkPopover.self))
    }

    func closeMenu() {
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
    func menuChose(_ action: EditAction) {
        guard let collectionView, let path = menuItem, collectionView.isValidItem(path) else { return }
        menuItem = nil
        collectionView.work.run {
            collectionView.delegate?.collectionView(collectionView, performAction: action, forItemAt: path, withSender: EditAction.Sender.menu)
        }
    }

    /// Ctrl+X, Ctrl+C, Ctrl+V on the focused item, through the same checks as the menu.
    private func shortcut(_ action: EditAction) -> Bool {
        guard let collectionView else { return false }
        return collectionView.work.run { performShortcut(action, in: collectionView) }
    }

    private func performShortcut(_ action: EditAction, in collectionView: CollectionView) -> Bool {
        guard let delegate = collectionView.delegate, let path = collectionView.selection.focused,
              collectionView.isValidItem(path),
              delegate.collectionView(collectionView, shouldShowMenuForItemAt: path),
              delegate.collectionView(collectionView, canPerformAction: action, forItemAt: path, withSender: EditAction.Sender.keyboard)
        else { return false }
        delegate.collectionView(collectionView, performAction: action, forItemAt: path, withSender: EditAction.Sender.keyboard)
        return true
    }

    // MARK: Keyboard

    private func keyPressed(_ keyval: UInt32, _ state: GdkModifierType) -> Bool {
        guard let collectionView else { return false }
        let control = state.rawValue & GDK_CONTROL_MASK.rawValue != 0
        let shift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
        switch Int32(bitPattern: keyval) {
        // Left and right as the person sees them: mirrored, the layout's left is on the right.
        case GDK_KEY_Left, GDK_KEY_KP_Left: collectionView.userMoveFocus(collectionView.isMirrored ? .right : .left, shift: shift, control: control)
        case GDK_KEY_Right, GDK_KEY_KP_Right: collectionView.userMoveFocus(collectionView.isMirrored ? .left : .right, shift: shift, control: control)
        case GDK_KEY_Up, GDK_KEY_KP_Up: collectionView.userMoveFocus(.up, shift: shift, control: control)
        case GDK_KEY_Down, GDK_KEY_KP_Down: collectionView.userMoveFocus(.down, shift: shift, control: control)
        case GDK_KEY_Home, GDK_KEY_KP_Home: collectionView.userMoveFocus(.first, shift: shift, control: control)
        case GDK_KEY_End, GDK_KEY_KP_End: collectionView.userMoveFocus(.last, shift: shift, control: control)
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: collectionView.userMoveFocus(.pageUp, shift: shift, control: control)
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: collectionView.userMoveFocus(.pageDown, shift: shift, control: control)
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
            // Enter activates the focused item when the delegate handles activation, and
            // otherwise selects it as Space does.
            guard let path = collectionView.selection.focused, collectionView.isValidItem(path) else { return false }
            let activated = collectionView.work.run { activate(path, in: collectionView) }
            if !activated { collectionView.userToggle(path) }
        case GDK_KEY_space:
            guard let path = collectionView.selection.focused, collectionView.isValidItem(path) else { return false }
            collectionView.userToggle(path)
        case GDK_KEY_a where control && !shift, GDK_KEY_A where control && !shift:
            guard collectionView.allowsSelection && collectionView.allowsMultipleSelection else { return false }
            collectionView.userSelectAll()
        case GDK_KEY_a where control, GDK_KEY_A where control:
            guard collectionView.allowsSelection && collectionView.allowsMultipleSelection else { return false }
            collectionView.userDeselectAll()
        case GDK_KEY_Escape:
            if menu != nil { closeMenu(); return true }
            if pointerDrag?.isActive == true { pointerDrag?.cancel(); return true }
            if collectionView.movement != nil { collectionView.cancelInteractiveMovement(); return true }
            collectionView.userDeselectAll()
        case GDK_KEY_Menu,
             GDK_KEY_F10 where shift:  // the Menu key, or Shift+F10
            // The focused item's menu; with no focused item, the view's own.
            let focused = collectionView.selection.focused.flatMap { collectionView.isValidItem($0) ? $0 : nil }
            return showContextMenu(for: focused, at: nil)
        case GDK_KEY_x where control: return shortcut(.cut)
        case GDK_KEY_c where control: return shortcut(.copy)
        case GDK_KEY_v where control: return shortcut(.paste)
        default: return false
        }
        return true
    }

    private func focusChanged() {
        guard let collectionView, let path = collectionView.selection.focused else { return }
        collectionView.cellForItem(at: path)?.isFocused = collectionView.containsKeyboardFocus
    }
}
