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
    var trackedItem: IndexPath? { press.trackedItem }
    /// The press under way, from the button (or finger) going down to its release.
    private var press = Press.none
    /// Whether the primary button is down (between the click gesture's press and its release).
    private var buttonHeld = false
    private var longPress: OpaquePointer?
    /// ``CollectionView/isSingleClickActivationEnabled``.
    var singleClickActivates = false
    /// The context and edit menus.
    let menus: Menus
    /// Drags: reordering and the rubber band.
    private(set) var pointerDrag: PointerDrag?
    /// Swipe actions, by touch and touchpad.
    private(set) var swipes: SwipeActions!

    init(collectionView: CollectionView) {
        self.collectionView = collectionView
        menus = Menus(collectionView: collectionView)
        let viewport = collectionView.viewport

        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, guint(GDK_BUTTON_PRIMARY))
        Signal.connectPress(raw(click), "pressed") { [weak self] n, x, y in
            self?.buttonHeld = true
            self?.pressBegan(n: n, x: x, y: y)
        }
        Signal.connectPress(raw(click), "released") { [weak self] _, x, y in
            self?.buttonHeld = false
            self?.press.releaseComesFromDrag = false
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
        Signal.connectKey(raw(keys)) { [weak self] keyval, _, state in
            guard let self, let collectionView = self.collectionView else { return false }
            return KeyBindings.handle(keyval, state, in: collectionView, interaction: self)
        }
        gtk_widget_add_controller(viewport, keys)

        let focus = gtk_event_controller_focus_new()!
        Signal.connect(raw(focus), "enter") { [weak self] in self?.focusChanged() }
        Signal.connect(raw(focus), "leave") { [weak self] in self?.focusChanged() }
        gtk_widget_add_controller(viewport, focus)

        pointerDrag = PointerDrag(collectionView: collectionView, interaction: self)
        swipes = SwipeActions(collectionView: collectionView)
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
        collectionView.work.runNow { beginPress(n: n, x: x, y: y, in: collectionView) }
    }

    private func beginPress(n: Int, x: Double, y: Double, in collectionView: CollectionView) {
        gtk_widget_grab_focus(collectionView.viewport)
        menus.close()
        // A press that closes an open swipe does only that, as in UIKit.
        if swipes.pressBegan(atViewportX: x, y: y) { return }
        guard let path = item(atViewportX: x, y: y),
              collectionView.allowsSelection || canActivate(path, in: collectionView) else { return }
        if collectionView.allowsSelection { collectionView.setFocusedItem(path, scroll: false) }
        if let delegate = collectionView.delegate, !delegate.collectionView(collectionView, shouldHighlightItemAt: path) { return }
        press = .tracking(path, doubleClick: n >= 2, releaseComesFromDrag: false)
        setHighlighted(path, true)
    }

    /// Whether the delegate handles activation for the item.
    private func canActivate(_ path: IndexPath, in collectionView: CollectionView) -> Bool {
        guard collectionView.isValidItem(path), let delegate = collectionView.delegate else { return false }
        return delegate.collectionView(collectionView, canPerformPrimaryActionForItemAt: path)
    }

    /// Activates the item when the delegate handles activation; false when it does not. The
    /// primary action is the last thing the view does for the click or key: a safe point, where
    /// an update the app makes lands at once, after what the click's did-select asked for (the
    /// action then gets the item where that left it).
    func activate(_ path: IndexPath, in collectionView: CollectionView) -> Bool {
        guard canActivate(path, in: collectionView), let delegate = collectionView.delegate else { return false }
        collectionView.callAtSafePoint(about: path) { delegate.collectionView(collectionView, performPrimaryActionForItemAt: $0) }
        return true
    }

    private func pressEnded(x: Double, y: Double, modifiers: GdkModifierType) {
        guard let collectionView, trackedItem != nil else { return }
        // Its last step (the did-select, the activation) is the app's: a safe point.
        collectionView.work.runWithSafePoints { endPress(x: x, y: y, modifiers: modifiers, in: collectionView) }
    }

    private func endPress(x: Double, y: Double, modifiers: GdkModifierType, in collectionView: CollectionView) {
        guard case let .tracking(path, doubleClick, _) = press else { return }
        press = .none
        let releasedOver = item(atViewportX: x, y: y)
        // Unhighlight first; the selected state always changes last.
        setHighlighted(path, false)
        guard releasedOver == path else { return }
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        let control = modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
        // The second click of a double-click activates (the first one already selected); a
        // plain single click activates too with single-click activation, after selecting as a
        // click does. Ctrl and Shift clicks only select, as without it.
        if doubleClick, activate(path, in: collectionView) { return }
        if singleClickActivates, !shift, !control, canActivate(path, in: collectionView) {
            // One operation, so the did-select is no safe point: what it asks for lands first,
            // as the activation begins, and the activation gets the item where that left it.
            if collectionView.allowsSelection { collectionView.work.runNow { collectionView.userClickToActivate(path) } }
            _ = activate(path, in: collectionView)
            return
        }
        // Shift+click selects a range from the anchor; Ctrl+click toggles; a plain click
        // selects only the item or toggles it, as the selection behaviour says.
        if collectionView.allowsSelection { collectionView.userClick(path, shift: shift, control: control) }
    }

    /// The view scrolled: a press under way turns into a scroll, which neither selects nor,
    /// however long the button stays down, opens the edit menu.
    func viewScrolled() {
        pressCancelled()
        swipes.viewScrolled()
        press = .none  // a long press too
        if let longPress { gtk_event_controller_reset(longPress) }
    }

    /// GTK's click gesture stops when its double-click time runs out or the pointer moves away.
    /// With the button still down the press goes on (a busy main loop can run the timer out
    /// between a double-click's press and release): the release then comes from the drag
    /// gesture, which sees every one. With the button up there is nothing left to end.
    private func clickStopped() {
        if buttonHeld, trackedItem != nil {
            press.releaseComesFromDrag = true
        } else {
            pressCancelled()
        }
    }

    /// The primary button came up (the drag gesture's end, at a viewport point): the end of a
    /// press whose click gesture stopped.
    func primaryButtonReleased(x: Double, y: Double, modifiers: GdkModifierType) {
        buttonHeld = false
        guard press.releaseComesFromDrag else { return }
        press.releaseComesFromDrag = false
        pressEnded(x: x, y: y, modifiers: modifiers)
    }

    /// The press left its cell, turned into a scroll or a drag, or was cancelled.
    func pressCancelled() {
        guard case let .tracking(path, _, _) = press else { return }  // a long press goes on
        press = .none
        setHighlighted(path, false)
    }

    private func setHighlighted(_ path: IndexPath, _ on: Bool) {
        guard let collectionView else { return }
        collectionView.selection.highlighted = on ? path : nil
        collectionView.cellForItem(at: path)?.isHighlighted = on
        collectionView.work.runNow {
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
        press = .none
        if let longPress { gtk_event_controller_reset(longPress) }
        menus.dataReloaded()
        swipes.dataReloaded()
    }

    /// A batch update moved items: the press is cancelled (as UIKit does) and the edit menu
    /// follows its item, or closes when the item went.
    func itemsMoved(_ newPath: (IndexPath) -> IndexPath?) {
        pressCancelled()
        menus.itemsMoved(newPath)
        swipes.itemsMoved(newPath)
    }

    /// The widget is going away: the menu goes with it, now.
    func dispose() {
        pressCancelled()
        pointerDrag?.dispose()
        swipes.dispose()
        press = .none
        menus.dispose()
    }

    /// A long press never selects; it opens the edit menu for its cell when the button comes
    /// up. Not at once: the menu grabs the pointer, which in GTK 4.8 ends the press's implicit
    /// grab, and the release then unwinds GTK's :active marks from whatever cell is under the
    /// pointer by then. Any cell that moved or went in the meantime (an update, a layout swap)
    /// would leave GTK's accounting broken ("Broken accounting of active state").
    private func longPressed(x: Double, y: Double) {
        pressCancelled()
        guard let collectionView, let path = item(atViewportX: x, y: y) else { return }
        press = collectionView.cellForItem(at: path).map(Press.long) ?? .none
    }

    private func longPressEnded() {
        guard case let .long(view) = press else { return }
        press = .none
        // The cell's item now: updates during the press may have moved it, or removed it.
        guard let key = view.elementKey, key.category == .cell else { return }
        showContextMenu(for: key.indexPath, at: nil)
    }

    /// A secondary-button click: the menu for the item under the pointer, or the view's own
    /// on empty space.
    private func secondaryClicked(x: Double, y: Double) {
        guard let collectionView else { return }
        gtk_widget_grab_focus(collectionView.viewport)
        pressCancelled()
        let path = item(atViewportX: x, y: y)
        if let path, collectionView.allowsSelection { collectionView.setFocusedItem(path, scroll: false) }
        showContextMenu(for: path, at: (x, y))
    }

    /// With desktop selection, a context menu for an item that is not selected selects only it
    /// first, as GNOME Files does (in single and multiple selection), so the menu acts on what
    /// shows as selected; on a selected item the selection stays and the menu acts on all of
    /// it. With touch selection a menu never changes the selection, as in UIKit.
    private func selectForContextMenu(_ path: IndexPath) {
        guard let collectionView, collectionView.selectionBehavior == .desktop, collectionView.allowsSelection,
              collectionView.isValidItem(path), !collectionView.isItemSelected(at: path) else { return }
        collectionView.selection.anchor = path
        collectionView.selectOnlyAsUser(path)
    }

    /// Sizes and places the open menu: GTK asks a popover's parent to present it from its
    /// size_allocate; without it the popover keeps the size of its first measure, too small
    /// for a menu with sections.
    func allocateOverlays() { pointerDrag?.allocateBand() }

    // MARK: Keyboard

    private func focusChanged() {
        guard let collectionView, let path = collectionView.selection.focused else { return }
        collectionView.cellForItem(at: path)?.isFocused = collectionView.containsKeyboardFocus
    }

    // The menus, as the rest of the view and the tests name them.
    package var menu: WidgetPointer? { menus.menu }
    package var menuItem: IndexPath? { menus.menuItem }
    var menuActions: [EditAction] { menus.menuActions }
    package var contextMenuItems: [IndexPath]? { menus.contextMenuItems }
    func closeMenu() { menus.close() }
    func presentMenu() { menus.present() }
    func menuChose(_ action: EditAction) { menus.chose(action) }
    /// Opens the context menu for an item (or for none), selecting the item first as
    /// ``selectForContextMenu(_:)`` says. Its did-select is a safe point, so an update made
    /// there lands at once: the menu is for the item where that left it, and for none when the
    /// update removed it (and, when the item moved, anchored on its cell, not the press).
    @discardableResult
    func showContextMenu(for path: IndexPath?, at point: (Double, Double)?) -> Bool {
        guard let path, let collectionView else { return menus.showContextMenu(for: path, at: point) }
        guard let now = collectionView.following(path, through: { selectForContextMenu(path) }) else { return false }
        // The press's point is over another item once the item moved: the menu is then
        // anchored on the item's cell instead.
        return menus.showContextMenu(for: now, at: now == path ? point : nil)
    }
}

/// A press on the view, from the button (or finger) going down to its release.
enum Press {
    case none
    /// A click on an item, highlighted until it ends. Its release comes from the drag gesture
    /// when the click gesture stopped while the button was down (its double-click time ran
    /// out, the main loop having been busy): that one sends no release.
    case tracking(IndexPath, doubleClick: Bool, releaseComesFromDrag: Bool)
    /// A long press on a cell: its menu opens when the button comes up.
    case long(ReusableView)

    var trackedItem: IndexPath? {
        if case let .tracking(path, _, _) = self { return path }
        return nil
    }

    var releaseComesFromDrag: Bool {
        get {
            if case let .tracking(_, _, fromDrag) = self { return fromDrag }
            return false
        }
        set {
            if case let .tracking(path, doubleClick, _) = self { self = .tracking(path, doubleClick: doubleClick, releaseComesFromDrag: newValue) }
        }
    }
}
