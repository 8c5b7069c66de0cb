import CGtk
import CCollectionHost
import CollectionLayout

/// A cell for lists (`UICollectionViewListCell`): a row of leading accessories, the content and
/// trailing accessories, with indentation for outlines.
///
/// The content area, between the accessories, is where ``CollectionViewCell/contentConfiguration``
/// puts its view and ``ReusableView/append(_:)`` its widgets. Accessories (``accessories``) are
/// made once per cell and updated in place when the cell is configured again for another item;
/// those shown only in or out of editing mode slide in and out as the collection view's
/// ``CollectionView/isEditing`` changes.
///
/// ```swift
/// let rows = CellRegistration<ListCell, Contact> { cell, _, contact in
///     var content = cell.defaultContentConfiguration()
///     content.text = contact.name
///     cell.contentConfiguration = content
///     cell.accessories = [.delete(actionHandler: { remove(contact) }), .disclosureIndicator(), .reorder()]
/// }
/// ```
///
/// Without a ``CollectionViewCell/backgroundConfiguration`` of the app's, the cell draws the
/// background of its list's rows (``CollectionViewCell/defaultBackgroundConfiguration()``):
/// hover, pressed and selected in the theme's colours, and the card's corners on an
/// inset-grouped list's first and last rows.
///
/// In right to left, leading is the right edge. The row is a GtkBox with the CSS class
/// `list-cell-row`; each accessory has the class `cell-accessory` and one naming its kind
/// (`disclosure-indicator`, `checkmark`, `delete`, `insert`, `reorder`, `multiselect`,
/// `outline-disclosure`, `accessory-label`, `detail`).
@MainActor
open class ListCell: CollectionViewCell {
    /// The row: leading accessories, the content area, trailing accessories.
    private let row: WidgetPointer
    /// Where content goes: stacks its children at full size, as a cell's content view does.
    private let contentArea: WidgetPointer
    /// Every accessory widget the cell has made, in use or kept for a later item.
    private var accessoryViews: [AccessoryView] = []
    /// The views of ``accessories``, in the same order.
    private var shownViews: [AccessoryView] = []

    /// The content area, between the accessories.
    open override var templateContainer: WidgetPointer { contentArea }

    /// The accessories (`accessories`); each goes to its placement's edge, leading ones in
    /// this order from the leading edge, trailing ones in this order up to the trailing edge.
    /// Setting accessories of the same kinds again (another item's) updates the widgets the
    /// cell has.
    public var accessories: [CellAccessory] = [] {
        didSet { applyAccessories() }
    }

    /// How many levels the row is indented (`indentationLevel`), by ``indentationWidth`` each.
    /// In an outline (a ``CollectionViewOutlineDataSource``) it is the item's level, as UIKit
    /// takes it from the section snapshot, unless the app sets one while configuring the cell
    /// for an item (a reused cell forgets the level set for its previous item).
    public var indentationLevel: Int {
        get { appIndentationLevel ?? outline?.level ?? 0 }
        set {
            appIndentationLevel = newValue
            applyIndentation()
        }
    }
    /// The level the app set, which wins over the outline's.
    private var appIndentationLevel: Int?

    /// The width of one indentation level, in pixels (`indentationWidth`, default 10, UIKit's).
    public var indentationWidth = 10.0 {
        didSet { if indentationWidth != oldValue { applyIndentation() } }
    }

    /// Whether the leading accessories are indented with the content (`indentsAccessories`,
    /// default true); false indents the content alone.
    public var indentsAccessories = true {
        didSet { if indentsAccessories != oldValue { applyIndentation() } }
    }

    /// Makes the row: an empty content area, no accessories.
    public required init() {
        row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        contentArea = cv_view_root_new(GTK_ACCESSIBLE_ROLE_GENERIC)!
        super.init()
        DefaultStyle.install()
        gtk_widget_add_css_class(widget, "list-cell")
        usesListBackgroundAutomatically = true  // the list's row (or header) background, hover and selection
        gtk_widget_add_css_class(row, "list-cell-row")
        gtk_widget_add_css_class(contentArea, "list-cell-content")
        gtk_widget_set_hexpand(contentArea, 1)
        gtk_box_append(row.as(GtkBox.self), contentArea)
        gtk_widget_set_parent(row, widget)
    }

    /// The content configuration that suits the cell where it is shown
    /// (`defaultContentConfiguration()`): for a section header or footer, a grouped list's
    /// (``ListContentConfiguration/groupedHeader()``) or a plain one's; in a sidebar, a sidebar
    /// row's; a row's otherwise. Change it and set it as
    /// ``CollectionViewCell/contentConfiguration``.
    public func defaultContentConfiguration() -> ListContentConfiguration {
        let grouped = listPosition?.appearance == .grouped || listPosition?.appearance == .insetGrouped
        switch (category, queueKey?.kind) {
        case (.supplementaryView, ElementKind.sectionHeader?): return grouped ? .groupedHeader() : .header()
        case (.supplementaryView, ElementKind.sectionFooter?): return grouped ? .groupedFooter() : .footer()
        default: return listPosition?.appearance == .sidebar ? .sidebarCell() : .cell()
        }
    }

    /// The widget of the accessory at `index` of ``accessories``, for tests and for apps that
    /// need to reach it (a popover's anchor).
    public func accessoryWidget(at index: Int) -> WidgetPointer? {
        shownViews.indices.contains(index) ? shownViews[index].content : nil
    }

    /// The accessory views of ``accessories``, in order (tests).
    var shownAccessoryViews: [AccessoryView] { shownViews }

    // MARK: Applying

    private var isAnimatingEditing: Bool { owner?.editingMode.isAnimatingChange == true && !isPreparingForDisplay }

    /// Matches the accessories to the widgets the cell has (the first unused one of the same
    /// kind), makes the missing ones, hides the rest, and orders the row.
    private func applyAccessories() {
        if applyInPlace() { return }
        for view in accessoryViews { view.inUse = false }
        var ordered: [AccessoryView] = []
        ordered.reserveCapacity(accessories.count)
        let state = configurationState
        for accessory in accessories {
            let view: AccessoryView
            if let existing = accessoryViews.first(where: { !$0.inUse && $0.kind == accessory.kind }) {
                view = existing
            } else {
                view = AccessoryView(kind: accessory.kind, cell: self)
                accessoryViews.append(view)
            }
            view.inUse = true
            view.apply(accessory, editing: isEditing, animated: false, state: state)
            ordered.append(view)
        }
        // App widgets no longer shown go back to the app; the cell's own wait, hidden.
        accessoryViews.removeAll { view in
            guard !view.inUse, case .customView = view.kind else { return false }
            view.detach()
            return true
        }
        // Waiting views let go of their accessory: its action handler may hold the app's objects.
        for view in accessoryViews where !view.inUse {
            gtk_widget_set_visible(view.host, 0)
            view.accessory = nil
        }
        shownViews = ordered
        orderRow(ordered)
        applyIndentation()
    }

    /// The common case when a cell is reused: the same kinds at the same places as the widgets
    /// in use, in the same order. Each is updated where it is, with no matching and no
    /// reordering (nothing is allocated). False when anything differs.
    private func applyInPlace() -> Bool {
        guard shownViews.count == accessories.count else { return false }
        for (view, accessory) in zip(shownViews, accessories) {
            guard accessory.kind == view.kind, accessory.placement == view.accessory?.placement else { return false }
        }
        let state = configurationState
        for (view, accessory) in zip(shownViews, accessories) {
            view.apply(accessory, editing: isEditing, animated: false, state: state)
        }
        applyIndentation()
        return true
    }

    /// Puts the hosts in row order: leading ones, the content area, trailing ones, moving only
    /// what is out of place (a reconfigure with the same accessories moves nothing).
    private func orderRow(_ ordered: [AccessoryView]) {
        let widgets = ordered.filter { $0.accessory?.placement == .leading }.map(\.host) + [contentArea]
            + ordered.filter { $0.accessory?.placement == .trailing }.map(\.host)
        var previous: WidgetPointer?
        for widget in widgets {
            if widget != contentArea, gtk_widget_get_visible(widget) == 0 { gtk_widget_set_visible(widget, 1) }
            if gtk_widget_get_parent(widget) == row {
                if gtk_widget_get_prev_sibling(widget) != previous { gtk_box_reorder_child_after(row.as(GtkBox.self), widget, previous) }
            } else {
                if gtk_widget_get_parent(widget) != nil { gtk_widget_unparent(widget) }
                gtk_box_insert_child_after(row.as(GtkBox.self), widget, previous)
            }
            previous = widget
        }
    }

    private var appliedIndentation: (row: Int32, content: Int32) = (0, 0)

    /// The level the app set was for the previous item.
    open override func prepareForReuse() {
        super.prepareForReuse()
        if appIndentationLevel != nil {
            appIndentationLevel = nil
            applyIndentation()
        }
    }

    override func outlineDidChange() {
        if appIndentationLevel == nil { applyIndentation() }
    }

    /// Indentation is a leading margin: on the whole row, or on the content area alone when the
    /// accessories stay put. Leading mirrors in right to left.
    private func applyIndentation() {
        let indent = Pixels.gtk(Double(indentationLevel) * indentationWidth)
        let hasLeading = accessories.contains { $0.placement == .leading }
        let wanted: (row: Int32, content: Int32) = indentsAccessories || !hasLeading ? (indent, 0) : (0, indent)
        guard wanted != appliedIndentation else { return }
        appliedIndentation = wanted
        gtk_widget_set_margin_start(row, wanted.row)
        gtk_widget_set_margin_start(contentArea, wanted.content)
    }

    /// Updates the accessories for `state` (the editing mode, multiselect's check, the outline's
    /// turn) after the content configuration. Call `super` when overriding.
    open override func updateConfiguration(using state: CellConfigurationState) {
        super.updateConfiguration(using: state)
        let animated = isAnimatingEditing
        for (view, accessory) in zip(shownViews, accessories) {
            view.apply(accessory, editing: state.isEditing, animated: animated, state: state)
        }
    }
}
