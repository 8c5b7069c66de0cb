import CGtk
import CCollectionHost
import CollectionLayout

/// A cell (`UICollectionViewCell`): a content view for the item's widgets over an optional
/// background view, and a selected background view shown while the cell is highlighted or
/// selected. The view changes nothing else about a cell's look; CSS can style the rest with
/// `:selected` (a GTK state flag), `:hover` and `:active` (GTK's own), and the classes
/// `highlighted` and `focused`.
///
/// The content view is the cell's own widget: it stacks its children at full size, and the
/// background layers are kept as its first children, so they draw below the content. That
/// saves a widget per cell, which counts when hundreds are on screen.
@MainActor
open class CollectionViewCell: ReusableView {
    /// Put the item's widgets here: ``ReusableView/append(_:)`` does
    /// (`gtk_widget_set_parent(child, cell.contentView)`).
    public var contentView: WidgetPointer { widget }

    /// Where ``ReusableView/append(_:)`` and templates put widgets: the content view.
    open override var templateContainer: WidgetPointer { contentView }

    /// Drawn below everything else; takes no presses or touches (they go to the cell).
    /// Setting one clears ``backgroundConfiguration``.
    public var backgroundView: WidgetPointer? {
        didSet {
            replaceLayer(oldValue, with: backgroundView)
            if backgroundView != nil { backgroundConfiguration = nil }
        }
    }

    /// Drawn between the background and the content while highlighted or selected. Like the
    /// background view, it takes no presses or touches: they go to the cell. Setting one clears
    /// ``backgroundConfiguration``.
    public var selectedBackgroundView: WidgetPointer? {
        didSet {
            replaceLayer(oldValue, with: selectedBackgroundView)
            updateSelectedBackground()
            if selectedBackgroundView != nil { backgroundConfiguration = nil }
        }
    }

    /// Whether the cell's item is selected (`isSelected`). The collection view sets it as the
    /// selection changes (select items with `selectItem(at:animated:scrollPosition:)`); it gives
    /// the cell GTK's `:selected` state, tells assistive technologies, and shows the selected
    /// background view. Override with `didSet` to change the look further.
    open var isSelected = false {
        didSet {
            guard isSelected != oldValue else { return }
            setState(GTK_STATE_FLAG_SELECTED, isSelected)
            cv_accessible_set_selected(widget, isSelected ? 1 : 0)
            updateSelectedBackground()
            setNeedsUpdateConfiguration()
        }
    }

    /// While a press is tracked on the cell. The cell then has the CSS class `highlighted`
    /// (GTK's own `:active` state is GTK's to count while a button is held; setting it by hand
    /// breaks that count).
    open var isHighlighted = false {
        didSet {
            guard isHighlighted != oldValue else { return }
            if isHighlighted { gtk_widget_add_css_class(widget, "highlighted") } else { gtk_widget_remove_css_class(widget, "highlighted") }
            updateSelectedBackground()
            setNeedsUpdateConfiguration()
        }
    }

    /// True while the cell has the keyboard focus of its collection view: it then has the CSS
    /// class `focused`, which the library's stylesheet draws as a focus ring (a class, not
    /// `:focus-visible`, which GTK sets and clears along its own rules).
    ///
    /// The focused cell also holds GTK's focus (it is the one focusable cell, as in a roving
    /// tab index), so assistive technologies see its `focused` state and a focus event on every
    /// move; the collection's key handling still gets the keys as they bubble up. A cell that
    /// loses the focus state while it holds GTK's focus hands it back to the collection.
    public internal(set) var isFocused = false {
        didSet {
            guard isFocused != oldValue else { return }
            if isFocused { gtk_widget_add_css_class(widget, "focused") } else { gtk_widget_remove_css_class(widget, "focused") }
            gtk_widget_set_focusable(widget, isFocused ? 1 : 0)
            if isFocused {
                gtk_widget_grab_focus(widget)
            } else if gtk_widget_has_focus(widget) != 0 || gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_FOCUS_WITHIN.rawValue != 0,
                      let viewport = owner?.viewport {
                gtk_widget_grab_focus(viewport)
            }
            setNeedsUpdateConfiguration()
        }
    }

    /// The name assistive technologies read for this cell. Without one, a content view's own
    /// (``ContentView/accessibilityLabel``, a list row's text and secondary text) is read.
    public var accessibilityLabel: String? {
        didSet { updateAccessibleLabel() }
    }

    /// Whether the cell takes presses and keys (`isUserInteractionEnabled`); a cell that does
    /// not is insensitive, and its configuration state ``CellConfigurationState/isDisabled``.
    public var isUserInteractionEnabled = true {
        didSet {
            guard isUserInteractionEnabled != oldValue else { return }
            gtk_widget_set_sensitive(widget, isUserInteractionEnabled ? 1 : 0)
            setNeedsUpdateConfiguration()
        }
    }

    /// The view's editing mode, the user moving this item, and a drop over the view: set by
    /// the collection view, read through ``configurationState``.
    var isEditing = false { didSet { if isEditing != oldValue { setNeedsUpdateConfiguration() } } }
    var isReordering = false { didSet { if isReordering != oldValue { setNeedsUpdateConfiguration() } } }
    /// Whether the cell's swipe actions show (``CellConfigurationState/isSwiped``).
    var isSwiped = false { didSet { if isSwiped != oldValue { setNeedsUpdateConfiguration() } } }
    /// The swipe actions beside the content while a swipe shows them (SwipeActions.swift).
    var swipeActionsView: SwipeActionsView?
    var dropState = CellConfigurationState.DropState.none { didSet { if dropState != oldValue { setNeedsUpdateConfiguration() } } }

    /// The item's place in an outline, set by the collection view from an outline data source
    /// (nil outside one): the state's ``CellConfigurationState/isExpanded``, and the row's
    /// level and expanded state for assistive technologies.
    var outline: OutlineRowState? {
        didSet {
            guard outline != oldValue else { return }
            updateOutlineAccessibility(from: oldValue)
            outlineDidChange()
            if outline?.isExpanded != oldValue?.isExpanded { setNeedsUpdateConfiguration() }
        }
    }

    /// What a subclass does when ``outline`` changes (a list cell indents).
    func outlineDidChange() {}

    /// The level is 1-based (ARIA's aria-level); a leaf's expanded state is undefined, so it is
    /// not "expandable". Only what changed is set, so each change is one state-changed event.
    private func updateOutlineAccessibility(from old: OutlineRowState?) {
        if outline?.level != old?.level {
            if let level = outline?.level { cv_accessible_set_level(widget, Int32(level + 1)) } else { cv_accessible_reset_level(widget) }
        }
        let expanded: Int32 = outline.map { $0.isExpandable ? ($0.isExpanded ? 1 : 0) : -1 } ?? -1
        let oldExpanded: Int32 = old.map { $0.isExpandable ? ($0.isExpanded ? 1 : 0) : -1 } ?? -1
        if expanded != oldExpanded { cv_accessible_set_expanded(widget, expanded) }
    }

    // MARK: Configurations

    /// What the cell shows, as a value (`contentConfiguration`): setting one makes its content
    /// view (``ContentView``) in the content view, or updates the one there in place when it
    /// supports the new configuration, so a reused cell makes no widget. Nil removes it.
    public var contentConfiguration: (any ContentConfiguration)? {
        didSet { applyContentConfiguration() }
    }

    /// The view showing ``contentConfiguration``, nil without one.
    public private(set) var configuredContentView: (any ContentView)?

    /// What the cell draws behind its content (`backgroundConfiguration`), in one widget made
    /// once and updated in place. Setting one removes ``backgroundView`` and
    /// ``selectedBackgroundView``, as in UIKit; nil draws none.
    public var backgroundConfiguration: BackgroundConfiguration? {
        didSet {
            if backgroundConfiguration != nil {
                if backgroundView != nil { backgroundView = nil }
                if selectedBackgroundView != nil { selectedBackgroundView = nil }
            }
            showBackground(effectiveBackgroundConfiguration(for: configurationState))
        }
    }

    /// Whether a change of state applies ``backgroundConfiguration``'s
    /// ``BackgroundConfiguration/updated(for:)`` to the cell
    /// (`automaticallyUpdatesBackgroundConfiguration`). Default true.
    public var automaticallyUpdatesBackgroundConfiguration = true

    /// The background a cell of this class has by default (`defaultBackgroundConfiguration()`):
    /// a plain list's row, or the row of the list the cell is shown in; a header's or footer's
    /// when the cell is shown as one.
    open func defaultBackgroundConfiguration() -> BackgroundConfiguration {
        owner != nil && category == .supplementaryView  // a view of no collection view has no category yet
            ? BackgroundConfiguration.listHeaderFooter(for: listPosition?.appearance)
            : BackgroundConfiguration.listCell(for: listPosition?.appearance)
    }

    /// With no ``backgroundConfiguration`` and no background views, draws the default background
    /// of the list the cell is in (list cells turn it on).
    package var usesListBackgroundAutomatically = false {
        didSet { if usesListBackgroundAutomatically != oldValue { showBackground(effectiveBackgroundConfiguration(for: configurationState)) } }
    }

    /// Where the cell sits in a list section, from its layout attributes (nil outside lists).
    var listPosition: ListRowPosition? {
        didSet { if listPosition != oldValue { listPositionChanged(from: oldValue) } }
    }
    var backgroundWidget: CellBackgroundView?
    var hasSelectedTextClass = false

    /// Whether a change of state applies ``contentConfiguration``'s
    /// ``ContentConfiguration/updated(for:)`` to the cell (`automaticallyUpdatesContentConfiguration`).
    /// Default true.
    public var automaticallyUpdatesContentConfiguration = true

    /// Runs after the configurations were updated for a new state, before the cell is first shown
    /// for an item and at every change of ``configurationState`` (`configurationUpdateHandler`):
    /// the place to change the look with the state.
    public var configurationUpdateHandler: (@MainActor (_ cell: CollectionViewCell, _ state: CellConfigurationState) -> Void)? {
        didSet { setNeedsUpdateConfiguration() }
    }

    /// The cell's state now (`configurationState`).
    open var configurationState: CellConfigurationState {
        var state = CellConfigurationState()
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isFocused = isFocused
        state.isDisabled = !isUserInteractionEnabled
        state.isEditing = isEditing
        state.isReordering = isReordering
        state.isExpanded = outline?.isExpanded ?? false
        state.isSwiped = isSwiped
        state.cellDropState = dropState
        return state
    }

    /// Updates the cell's configurations for `state` (`updateConfiguration(using:)`): the
    /// content configuration's ``ContentConfiguration/updated(for:)`` when
    /// ``automaticallyUpdatesContentConfiguration``, the background configuration's likewise,
    /// then ``configurationUpdateHandler``. Subclasses override it to update their own look;
    /// call `super`.
    open func updateConfiguration(using state: CellConfigurationState) {
        if automaticallyUpdatesContentConfiguration, let content = contentConfiguration {
            contentConfiguration = content.updated(for: state)
        }
        if automaticallyUpdatesBackgroundConfiguration, let background = backgroundConfiguration {
            backgroundConfiguration = background.updated(for: state)
        } else if backgroundConfiguration == nil {
            showBackground(effectiveBackgroundConfiguration(for: state))
        }
        configurationUpdateHandler?(self, state)
    }

    /// Asks for ``updateConfiguration(using:)`` (`setNeedsUpdateConfiguration()`): now, or while
    /// the view is still preparing the cell for an item, once it is done.
    public func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        if !isPreparingForDisplay { updateConfigurationIfNeeded() }
    }

    /// Runs a requested update now. A state change the update itself makes (a handler that
    /// turns editing on, or selects its own item) asks again, and runs once the update is done,
    /// so the cell ends showing its last state (a handler that changes the state every time is
    /// cut off after a few rounds).
    public func updateConfigurationIfNeeded() {
        guard !isUpdatingConfiguration else { return }
        isUpdatingConfiguration = true
        defer { isUpdatingConfiguration = false }
        var rounds = 0
        while needsConfigurationUpdate, rounds < 4 {
            needsConfigurationUpdate = false
            rounds += 1
            updateConfiguration(using: configurationState)
        }
    }

    /// From a dequeue until the view has set the item's state: updates wait, so the cell is
    /// updated once for its item, with its whole state.
    var isPreparingForDisplay = false
    private var needsConfigurationUpdate = false
    private var isUpdatingConfiguration = false

    /// The view has given the cell its item's state: the one update for display.
    func finishPreparingForDisplay() {
        isPreparingForDisplay = false
        needsConfigurationUpdate = true
        updateConfigurationIfNeeded()
    }

    private func applyContentConfiguration() {
        guard let configuration = contentConfiguration else {
            if let old = configuredContentView { gtk_widget_unparent(old.widget) }
            configuredContentView = nil
            updateAccessibleLabel()
            return
        }
        if let view = configuredContentView, view.supports(configuration) {
            view.configuration = configuration
        } else {
            if let old = configuredContentView { gtk_widget_unparent(old.widget) }
            let view = configuration.makeContentView()
            gtk_widget_set_parent(view.widget, templateContainer)
            configuredContentView = view
        }
        updateAccessibleLabel()
    }

    private var appliedAccessibleLabel: String?

    private func updateAccessibleLabel() {
        let label = accessibilityLabel ?? configuredContentView?.accessibilityLabel ?? ""
        guard label != appliedAccessibleLabel else { return }
        appliedAccessibleLabel = label
        cv_accessible_set_label(widget, label)
    }

    /// Cells are grid cells to assistive technologies.
    open override class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_GRID_CELL }

    /// Makes an empty cell with the CSS class `cell`. The collection view makes cells through
    /// it when a queue is empty; subclasses build their widgets here, once.
    public required init() {
        super.init()
        gtk_widget_add_css_class(widget, "cell")
    }

    /// Clears the highlight before the cell shows another item; the view then sets its
    /// selected and focused state for that item. Call `super` when overriding.
    open override func prepareForReuse() {
        super.prepareForReuse()
        isHighlighted = false
        isReordering = false
        endSwipe()
    }

    /// Background and selected background sit below the content view, in that order.
    ///
    /// Neither is ever the target of a press or a touch (can-target off; the cell is). The
    /// selected background hides when a highlight ends, often under a finger that is still down,
    /// and GTK 4.8 then drops that touch's target and picks whatever is under it at the next
    /// move, so the release lowered the ACTIVE count of widgets the touch never raised ("Broken
    /// accounting of active state"); a ring drawn outside the card made that easy to hit.
    private func replaceLayer(_ old: WidgetPointer?, with new: WidgetPointer?) {
        if let old, old != new, gtk_widget_get_parent(old) == widget { gtk_widget_unparent(old) }
        guard let new, gtk_widget_get_parent(new) != widget else { return }
        gtk_widget_set_can_target(new, 0)
        if new == backgroundView {
            gtk_widget_insert_after(new, widget, nil)  // first child
        } else if let background = backgroundView {
            gtk_widget_insert_after(new, widget, background)
        } else {
            gtk_widget_insert_after(new, widget, nil)
        }
    }

    private func updateSelectedBackground() {
        guard let selectedBackgroundView else { return }
        gtk_widget_set_visible(selectedBackgroundView, isSelected || isHighlighted ? 1 : 0)
    }

    private func setState(_ flag: GtkStateFlags, _ on: Bool) {
        if on { gtk_widget_set_state_flags(widget, flag, 0) } else { gtk_widget_unset_state_flags(widget, flag) }
    }
}

