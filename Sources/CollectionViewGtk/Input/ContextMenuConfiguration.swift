import CollectionLayout

/// What a context menu shows (`UIContextMenuConfiguration` with its `UIMenu`): an optional
/// title and sections of items. The delegate returns one from
/// ``CollectionViewDelegate/collectionView(_:contextMenuConfigurationForItemsAt:point:)``; the
/// view shows it as a `GtkPopoverMenu` for a right-click, a long press, the Menu key or
/// Shift+F10.
///
/// An item's action gets the index paths the menu was opened for, as they are when the item is
/// chosen: batch updates that land while the menu is open move them along, and items deleted
/// meanwhile are left out.
public struct ContextMenuConfiguration {
    /// A heading over the first section (GTK shows it as the section's label); nil for none.
    public var title: String?
    /// The sections, shown with separators between them; each is a list of items.
    public var sections: [[ContextMenuItem]]

    /// A menu of one section.
    public init(title: String? = nil, items: [ContextMenuItem]) {
        self.title = title
        sections = [items]
    }

    /// A menu of several sections, separated.
    public init(title: String? = nil, sections: [[ContextMenuItem]]) {
        self.title = title
        self.sections = sections
    }
}

/// One entry of a ``ContextMenuConfiguration`` (`UIAction`).
public struct ContextMenuItem {
    /// The label, with an optional mnemonic (`_Copy`).
    public var label: String
    /// Whether the item can be chosen; a disabled item is shown greyed out.
    public var isEnabled: Bool
    /// What choosing the item does, given the index paths the menu is for (possibly empty: the
    /// view's own menu, opened on empty space). Nil makes the item do nothing.
    public var action: (@MainActor ([IndexPath]) -> Void)?

    public init(_ label: String, isEnabled: Bool = true, action: (@MainActor ([IndexPath]) -> Void)? = nil) {
        self.label = label
        self.isEnabled = isEnabled
        self.action = action
    }
}

extension CollectionView {
    /// Whether a single click activates an item (GTK's `single-click-activate`): a click on an
    /// item whose delegate handles activation
    /// (``CollectionViewDelegate/collectionView(_:canPerformPrimaryActionForItemAt:)``) selects
    /// it and then performs its primary action. Default false: a click only selects, and a
    /// double-click or Enter activates.
    public var isSingleClickActivationEnabled: Bool {
        get { interaction?.singleClickActivates ?? false }
        set { interaction?.singleClickActivates = newValue }
    }
}
