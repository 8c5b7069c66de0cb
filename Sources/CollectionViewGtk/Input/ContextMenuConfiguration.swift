import CGtk
import CollectionLayout

/// What a context menu shows (`UIContextMenuConfiguration` with its `UIMenu`). The delegate
/// returns one from
/// ``CollectionViewDelegate/collectionView(_:contextMenuConfigurationForItemsAt:point:)``; the
/// view shows it as a `GtkPopoverMenu` for a right-click, a long press, the Menu key or
/// Shift+F10. It comes in two forms:
///
/// - Swift items (``init(title:items:)``, ``init(title:sections:)``): sections of
///   ``ContextMenuItem``s with labels and closures, and optionally icons, the destructive
///   style, a check mark, an accelerator, or a submenu of their own. An item's action gets the
///   index paths the menu was opened for, as they are when the item is chosen: batch updates
///   that land while the menu is open move them along, and items deleted meanwhile are left out.
/// - A `GMenuModel` (``init(title:menuModel:actionGroup:actionPrefix:)``), as GTK apps build
///   their menus (in code or from a `GtkBuilder` file), whose items name the app's own actions:
///   `app.delete` and `win.copy` are found through the widget tree (the application and its
///   window), and an optional action group is added for the menu alone. Those actions read
///   the items the menu is for from ``CollectionView/contextMenuItems``, moved along by updates
///   in the same way.
public struct ContextMenuConfiguration {
    /// A heading over the first section (GTK shows it as the section's label); nil for none.
    public var title: String?
    /// The sections, shown with separators between them; each is a list of items. Empty for a
    /// configuration built from a menu model.
    public var sections: [[ContextMenuItem]]
    /// The menu model the popover shows, for a configuration built from one; nil for one built
    /// from ``ContextMenuItem``s. The configuration holds a reference to it.
    public var menuModel: UnsafeMutablePointer<GMenuModel>? { model.map { $0.pointer.assumingMemoryBound(to: GMenuModel.self) } }
    /// An action group (a `GActionGroup`, such as a `GSimpleActionGroup`) added to the menu
    /// under ``actionPrefix``, or nil. The configuration holds a reference to it.
    public var actionGroup: OpaquePointer? { group.map { OpaquePointer($0.pointer) } }
    /// The prefix ``actionGroup``'s actions are found under: with "menu", the model's items
    /// name them "menu.rename".
    public private(set) var actionPrefix: String
    private var model: ObjectRef?
    private var group: ObjectRef?

    /// A menu of one section.
    public init(title: String? = nil, items: [ContextMenuItem]) {
        self.title = title
        sections = [items]
        actionPrefix = ""
    }

    /// A menu of several sections, separated.
    public init(title: String? = nil, sections: [[ContextMenuItem]]) {
        self.title = title
        self.sections = sections
        actionPrefix = ""
    }

    /// A menu shown from a `GMenuModel` whose items name actions ("app.delete", "win.copy",
    /// or `actionPrefix` + "." + a name of `actionGroup`). The view calls no closure: GTK
    /// activates the named action, which reads the menu's items from
    /// ``CollectionView/contextMenuItems``.
    ///
    /// - Parameters:
    ///   - title: a heading over the model (its section label); nil for none.
    ///   - menuModel: the menu; referenced, not copied, so later changes to it show.
    ///   - actionGroup: a `GActionGroup` added to the menu alone, or nil when the app's and
    ///     window's actions are enough.
    ///   - actionPrefix: the prefix `actionGroup`'s actions are named with in the model.
    public init(title: String? = nil, menuModel: UnsafeMutablePointer<GMenuModel>, actionGroup: OpaquePointer? = nil,
                actionPrefix: String = "menu") {
        self.title = title
        sections = []
        self.actionPrefix = actionPrefix
        model = ObjectRef(sinking: UnsafeMutableRawPointer(menuModel))
        group = actionGroup.map { ObjectRef(sinking: UnsafeMutableRawPointer($0)) }
    }
}

/// One entry of a ``ContextMenuConfiguration``: an action (`UIAction`), or a submenu
/// (`UIMenu(title:children:)`, made with ``submenu(_:isEnabled:children:)``).
///
/// An entry can show an icon, be drawn as destructive, carry a check mark and show its
/// keyboard shortcut, as `UIAction`'s `image`, `attributes`, `state` and a key command's title
/// do.
public struct ContextMenuItem {
    /// The label, with an optional mnemonic (`_Copy`).
    public var label: String
    /// Whether the item can be chosen; a disabled item is shown greyed out.
    public var isEnabled: Bool
    /// What choosing the item does, given the index paths the menu is for (possibly empty: the
    /// view's own menu, opened on empty space). Nil makes the item do nothing. A submenu's own
    /// action never runs (choosing it opens the submenu).
    public var action: (@MainActor ([IndexPath]) -> Void)?
    /// A themed icon's name ("edit-delete-symbolic"), shown at the item's end as UIKit shows
    /// `UIAction.image`; nil for none. A submenu shows none (GTK draws a submenu's row itself,
    /// and hides the icon of a row with a label).
    public var iconName: String?
    /// How the item is drawn (`UIMenuElement.Attributes`).
    public var attributes: Attributes
    /// Whether the item shows a check mark (`UIMenuElement.State`). Choosing the item runs its
    /// action, which changes the app's state; the next menu shows the new state.
    public var state: State
    /// The keyboard shortcut shown at the item's end, in GTK's accelerator syntax ("Delete",
    /// "<Control>c", "<Shift>Delete"); nil for none. Only shown: the shortcut itself is the
    /// app's (or the view's, for Delete: see
    /// ``CollectionViewDelegate/collectionView(_:performDeleteForItemsAt:permanently:)``).
    public var accelerator: String?
    /// For a submenu, its sections (each a list of items, shown with separators between
    /// them); nil for an item that acts.
    public var children: [[ContextMenuItem]]?

    /// How an item is drawn (`UIMenuElement.Attributes`).
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Drawn in the destructive colour (`@cv_destructive_color`): the item deletes or
        /// discards something (`.destructive`).
        public static let destructive = Attributes(rawValue: 1 << 0)
    }

    /// Whether an item is checked (`UIMenuElement.State`; `.mixed` has no GTK counterpart).
    public enum State: Sendable {
        /// No check mark.
        case off
        /// A check mark, drawn by GTK as the check of a stateful menu item.
        case on
    }

    /// An item that acts.
    ///
    /// - Parameters:
    ///   - label: the label, with an optional mnemonic (`_Copy`).
    ///   - iconName: a themed icon shown at the end, or nil.
    ///   - attributes: `.destructive` draws it in the destructive colour.
    ///   - state: `.on` shows a check mark.
    ///   - accelerator: a shortcut shown at the end ("Delete", "<Control>c"), or nil.
    ///   - isEnabled: false shows it greyed out, and it cannot be chosen.
    ///   - action: what choosing it does, given the menu's index paths.
    public init(_ label: String, iconName: String? = nil, attributes: Attributes = [], state: State = .off,
                accelerator: String? = nil, isEnabled: Bool = true, action: (@MainActor ([IndexPath]) -> Void)? = nil) {
        self.label = label
        self.isEnabled = isEnabled
        self.action = action
        self.iconName = iconName
        self.attributes = attributes
        self.state = state
        self.accelerator = accelerator
    }

    /// A submenu of one section (`UIMenu(title:children:)`): choosing it slides `children` into
    /// the popover in its place, under a button back. A disabled submenu still opens; its
    /// entries are disabled.
    public static func submenu(_ label: String, isEnabled: Bool = true, children: [ContextMenuItem]) -> ContextMenuItem {
        submenu(label, isEnabled: isEnabled, sections: [children])
    }

    /// A submenu of several sections, separated.
    public static func submenu(_ label: String, isEnabled: Bool = true, sections: [[ContextMenuItem]]) -> ContextMenuItem {
        var item = ContextMenuItem(label, isEnabled: isEnabled)
        item.children = sections
        return item
    }

    /// Whether the item opens a submenu instead of acting.
    public var isSubmenu: Bool { children != nil }
}

extension CollectionView {
    /// The items the open context menu is for, or the last one's: the index paths the delegate
    /// was given in
    /// ``CollectionViewDelegate/collectionView(_:contextMenuConfigurationForItemsAt:point:)``
    /// (empty for the view's own menu, on empty space), moved along by the batch updates that
    /// landed since, without the deleted ones. The actions of a menu built from a `GMenuModel`
    /// (``ContextMenuConfiguration/init(title:menuModel:actionGroup:actionPrefix:)``) read it
    /// when they run; GTK closes the menu before it activates them, so it stays set after
    /// the menu closed.
    ///
    /// Nil before the first context menu, after ``reloadData()``, while the edit menu is open
    /// (or after it was, until the next context menu), and once an entry of a menu built from
    /// ``ContextMenuItem``s was chosen (its action got the items).
    public var contextMenuItems: [IndexPath]? { interaction.contextMenuItems }

    /// Whether a single click activates an item (GTK's `single-click-activate`): a plain click
    /// on an item whose delegate handles activation
    /// (``CollectionViewDelegate/collectionView(_:canPerformPrimaryActionForItemAt:)``) selects
    /// it as a click does (never toggling it off) and then performs its primary action; Ctrl and
    /// Shift clicks only select, as without it. Default false: a click only selects, and a
    /// double-click or Enter activates.
    public var isSingleClickActivationEnabled: Bool {
        get { interaction.singleClickActivates }
        set { interaction.singleClickActivates = newValue }
    }
}
