import CGtk
import CollectionLayout

/// The view's keys, as a table (GTK's list widgets declare theirs with
/// `gtk_widget_class_add_binding`): each binding names its keys, when it applies, and what it
/// does; the first that applies takes the key. A binding whose action returns false lets the
/// key go on to the window (a shortcut the delegate does not take, say).
@MainActor
struct KeyBindings {
    /// The modifiers held with the key.
    struct Modifiers {
        let control: Bool
        let shift: Bool
    }

    struct Binding {
        let keys: [Int32]
        var when: (Modifiers) -> Bool = { _ in true }
        let action: (CollectionView, Interaction, Modifiers) -> Bool
    }

    /// Moves the focus; the selection follows as the modifiers say.
    private static func move(_ direction: FocusMove) -> (CollectionView, Interaction, Modifiers) -> Bool {
        { view, _, m in view.userMoveFocus(direction, shift: m.shift, control: m.control); return true }
    }

    /// Left and right as the person sees them: mirrored, the layout's left is on the right.
    private static func sideways(_ direction: FocusMove, mirrored: FocusMove) -> (CollectionView, Interaction, Modifiers) -> Bool {
        { view, _, m in view.userMoveFocus(view.isMirrored ? mirrored : direction, shift: m.shift, control: m.control); return true }
    }

    /// The focused item, when it is still an item.
    private static func focused(_ view: CollectionView) -> IndexPath? {
        view.selection.focused.flatMap { view.isValidItem($0) ? $0 : nil }
    }

    /// In an outline, plain Right (Left in right to left) expands or enters a row and plain Left
    /// collapses it or goes to its parent, as GtkTreeExpander's keys; elsewhere, and with
    /// modifiers, the arrows move as `sideways` does.
    private static func outlineOrSideways(towardsChildren: Bool, _ direction: FocusMove, mirrored: FocusMove) -> (CollectionView, Interaction, Modifiers) -> Bool {
        let move = sideways(direction, mirrored: mirrored)
        return { view, interaction, m in
            if !m.shift, !m.control {
                let inward = towardsChildren != view.isMirrored
                if inward ? view.outlineKeyTowardsChildren() : view.outlineKeyTowardsParent() { return true }
            }
            return move(view, interaction, m)
        }
    }

    static let table: [Binding] = [
        Binding(keys: [GDK_KEY_Left, GDK_KEY_KP_Left], action: outlineOrSideways(towardsChildren: false, .left, mirrored: .right)),
        Binding(keys: [GDK_KEY_Right, GDK_KEY_KP_Right], action: outlineOrSideways(towardsChildren: true, .right, mirrored: .left)),
        // An outline's row: `+` expands, `-` collapses, `*` expands everything below (GtkTreeExpander's).
        Binding(keys: [GDK_KEY_plus, GDK_KEY_KP_Add], when: { !$0.control }) { view, _, _ in
            view.outlineKeySetExpanded(true, includingDescendants: false)
        },
        Binding(keys: [GDK_KEY_minus, GDK_KEY_KP_Subtract], when: { !$0.control }) { view, _, _ in
            view.outlineKeySetExpanded(false, includingDescendants: false)
        },
        Binding(keys: [GDK_KEY_asterisk, GDK_KEY_KP_Multiply], when: { !$0.control }) { view, _, _ in
            view.outlineKeySetExpanded(true, includingDescendants: true)
        },
        Binding(keys: [GDK_KEY_Up, GDK_KEY_KP_Up], action: move(.up)),
        Binding(keys: [GDK_KEY_Down, GDK_KEY_KP_Down], action: move(.down)),
        Binding(keys: [GDK_KEY_Home, GDK_KEY_KP_Home], action: move(.first)),
        Binding(keys: [GDK_KEY_End, GDK_KEY_KP_End], action: move(.last)),
        Binding(keys: [GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up], action: move(.pageUp)),
        Binding(keys: [GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down], action: move(.pageDown)),
        // Enter activates the focused item when the delegate handles activation, and otherwise
        // selects it as Space does.
        Binding(keys: [GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter]) { view, interaction, _ in
            guard let path = focused(view) else { return false }
            let activated = view.work.runWithSafePoints { interaction.activate(path, in: view) }
            if !activated { view.userToggle(path) }
            return true
        },
        // Space and Ctrl+Space toggle the focused item; Shift+Space selects the range from the
        // anchor to it (Ctrl+Shift+Space adds the range), as in GtkGridView.
        Binding(keys: [GDK_KEY_space]) { view, _, m in
            guard let path = focused(view) else { return false }
            if m.shift { view.userClick(path, shift: true, control: m.control) } else { view.userToggle(path) }
            return true
        },
        Binding(keys: [GDK_KEY_a, GDK_KEY_A], when: { $0.control && !$0.shift }) { view, _, _ in
            guard view.allowsSelection && view.allowsMultipleSelection else { return false }
            view.userSelectAll()
            return true
        },
        Binding(keys: [GDK_KEY_a, GDK_KEY_A], when: { $0.control }) { view, _, _ in
            guard view.allowsSelection && view.allowsMultipleSelection else { return false }
            view.userDeselectAll()
            return true
        },
        // Escape closes the menu or an open swipe, or cancels a drag or a movement, or else deselects.
        Binding(keys: [GDK_KEY_Escape]) { view, interaction, _ in
            if interaction.menu != nil { interaction.closeMenu(); return true }
            if interaction.swipes.swipedItem != nil { interaction.swipes.close(); return true }
            if interaction.pointerDrag?.isActive == true { interaction.pointerDrag?.cancel(); return true }
            if view.movement != nil { view.cancelInteractiveMovement(); return true }
            view.userDeselectAll()
            return true
        },
        // The Menu key: the focused item's menu; with no focused item, the view's own.
        Binding(keys: [GDK_KEY_Menu]) { view, interaction, _ in interaction.showContextMenu(for: focused(view), at: nil) },
        // Shift+F10 is the Menu key too.
        Binding(keys: [GDK_KEY_F10], when: { $0.shift }) { view, interaction, _ in interaction.showContextMenu(for: focused(view), at: nil) },
        // Delete and Shift+Delete: the delegate deletes the selected (or focused) items, when
        // it says it can; otherwise the key goes on to the window.
        Binding(keys: [GDK_KEY_Delete, GDK_KEY_KP_Delete], when: { !$0.control }) { _, interaction, m in
            interaction.menus.deleteKey(permanently: m.shift)
        },
        Binding(keys: [GDK_KEY_x], when: { $0.control }) { _, interaction, _ in interaction.menus.shortcut(.cut) },
        Binding(keys: [GDK_KEY_c], when: { $0.control }) { _, interaction, _ in interaction.menus.shortcut(.copy) },
        Binding(keys: [GDK_KEY_v], when: { $0.control }) { _, interaction, _ in interaction.menus.shortcut(.paste) },
    ]

    /// Runs the first binding for the key that applies; false when none takes it.
    static func handle(_ keyval: UInt32, _ state: GdkModifierType, in view: CollectionView, interaction: Interaction) -> Bool {
        let modifiers = Modifiers(control: state.rawValue & GDK_CONTROL_MASK.rawValue != 0,
                                  shift: state.rawValue & GDK_SHIFT_MASK.rawValue != 0)
        let key = Int32(bitPattern: keyval)
        guard let binding = table.first(where: { $0.keys.contains(key) && $0.when(modifiers) }) else { return false }
        return binding.action(view, interaction, modifiers)
    }
}
