import CGtk
import GtkGlue
import CCollectionHost
import CollectionLayout

/// The widgets of one ``CellAccessory`` in a ``ListCell``'s row, made once and updated in place
/// when the cell is configured again with an accessory of the same kind.
///
/// An accessory that always shows is its widget alone; one that shows only in or out of editing
/// mode sits in a GtkRevealer, which slides it in and out. Widgets a reconfigure leaves unused
/// are hidden, not destroyed, for the next item that has them.
@MainActor
final class AccessoryView {
    let kind: CellAccessory.Kind
    /// The accessory's widget: an image, a label, a button, or the app's.
    let content: WidgetPointer
    private let contentRef: ObjectRef
    /// Made the first time the accessory is shown only in or out of editing mode.
    private(set) var revealer: WidgetPointer?
    private var revealerRef: ObjectRef?
    /// What sits in the row: the revealer, or the widget itself.
    var host: WidgetPointer { revealer ?? content }

    /// What is applied now, to skip GTK calls that would change nothing.
    var accessory: CellAccessory?
    private var appliedTint: (color: ConfigurationColor?, styleClass: String?) = (nil, nil)
    private var appliedFill: (color: ConfigurationColor?, styleClass: String?) = (nil, nil)
    private var appliedWidth: Int32 = -2
    private var appliedHidden = false
    private var appliedPlacement: CellAccessory.Placement?
    private var appliedChecked = false
    private var appliedExpanded: Bool?
    /// Used by the current configuration (scratch for ``ListCell``'s matching).
    var inUse = false
    /// The reorder handle's drag, when this is one.
    private var reorderDrag: ReorderHandleDrag?

    /// The cell this accessory belongs to, for the reorder handle and the actions.
    weak var cell: ListCell?

    init(kind: CellAccessory.Kind, cell: ListCell) {
        self.kind = kind
        self.cell = cell
        let widget: WidgetPointer
        switch kind {
        case .disclosureIndicator: widget = Self.image("go-next-symbolic", "disclosure-indicator")
        case .checkmark: widget = Self.image("object-select-symbolic", "checkmark")
        case .multiselect: widget = Self.image("object-select-symbolic", "multiselect")
        case .delete: widget = Self.button("list-remove-symbolic", "delete", name: "Delete")
        case .insert: widget = Self.button("list-add-symbolic", "insert", name: "Insert")
        case .reorder: widget = Self.button("list-drag-handle-symbolic", "reorder", name: "Reorder")
        case .detail: widget = Self.button("help-about-symbolic", "detail", name: "More Information")
        case .outlineDisclosure: widget = Self.button("pan-end-symbolic", "outline-disclosure", name: "Expand")
        case .label:
            widget = gtk_label_new(nil)!
            gtk_widget_add_css_class(widget, "cell-accessory")
            gtk_widget_add_css_class(widget, "accessory-label")
        case let .customView(held): widget = held.widget
        }
        content = widget
        contentRef = ObjectRef(sinking: raw(widget))
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        if case .customView = kind { return }
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        if kind.acts {
            Signal.connect(raw(widget), "clicked") { [weak self] in self?.clicked() }
        }
        if kind == .reorder { reorderDrag = ReorderHandleDrag(handle: widget, accessory: self) }
    }

    private static func image(_ icon: String, _ cssClass: String) -> WidgetPointer {
        let image = gtk_image_new_from_icon_name(icon)!
        gtk_widget_add_css_class(image, "cell-accessory")
        gtk_widget_add_css_class(image, cssClass)
        return image
    }

    private static func button(_ icon: String, _ cssClass: String, name: String) -> WidgetPointer {
        let button = gtk_button_new_from_icon_name(icon)!
        gtk_widget_add_css_class(button, "cell-accessory")
        gtk_widget_add_css_class(button, cssClass)
        gtk_widget_set_focus_on_click(button, 0)  // the focus stays on the row, as in GtkListView
        cv_accessible_set_label(button, name)
        // The reorder handle's drag claims its presses itself.
        if cssClass != "reorder" { claimPresses(of: button) }
        return button
    }

    /// GtkButton claims a press only at the release, so the press also reached the collection
    /// view, which highlighted the row (and kept the highlight when the release was taken
    /// away). A gesture grouped with the button's own claims it at the press: the button works
    /// as before, and the row sees nothing.
    private static func claimPresses(of button: WidgetPointer) {
        let claim = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(claim, guint(GDK_BUTTON_PRIMARY))
        Signal.connectPress(raw(claim), "pressed") { _, _, _ in gtk_gesture_set_state(claim, GTK_EVENT_SEQUENCE_CLAIMED) }
        let controllers = gtk_widget_observe_controllers(button)!  // before `claim` is added
        var own: [UnsafeMutableRawPointer] = []
        defer { g_object_unref(raw(controllers)) }
        for index in 0..<g_list_model_get_n_items(controllers) {
            guard let item = g_list_model_get_item(controllers, index) else { continue }
            defer { g_object_unref(item) }
            if g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self), gtk_gesture_click_get_type()) != 0 {
                own.append(item)
            }
        }
        gtk_widget_add_controller(button, claim)  // grouping wants both on the widget
        for gesture in own { gtk_gesture_group(OpaquePointer(gesture), claim) }
    }

    private func clicked() {
        guard let accessory else { return }
        if kind == .reorder { return }  // a handle acts by dragging
        if let handler = accessory.actionHandler {
            handler()
        } else if kind == .outlineDisclosure, let cell {
            cell.owner?.toggleExpansion(of: cell)  // UIKit's default: the section snapshot's item expands or collapses
        }
    }

    /// Applies `accessory` (of this view's kind), the editing mode and the cell's state.
    func apply(_ accessory: CellAccessory, editing: Bool, animated: Bool, state: CellConfigurationState) {
        self.accessory = accessory
        let options = accessory.options
        if case .label = kind, gtk_label_get_text(content.opaque).map({ String(cString: $0) }) != accessory.text {
            gtk_label_set_text(content.opaque, accessory.text)
        }
        if options.tintColor != appliedTint.color {
            let styleClass = StyleClasses.shared.swap(appliedTint.styleClass, for: options.tintColor.map { Self.rules("color", $0) }, on: content)
            appliedTint = (options.tintColor, styleClass)
        }
        if options.backgroundColor != appliedFill.color {
            let styleClass = StyleClasses.shared.swap(appliedFill.styleClass, for: options.backgroundColor.map { Self.rules("background-color", $0) }, on: content)
            appliedFill = (options.backgroundColor, styleClass)
        }
        let width: Int32 = switch options.reservedLayoutWidth {
        case .standard: Int32(CellAccessory.LayoutDimension.standardWidth)
        case .actual: -1
        case let .custom(w): Pixels.gtk(w)
        }
        if width != appliedWidth {
            appliedWidth = width
            reserve(width)
        }
        if options.isHidden != appliedHidden {
            appliedHidden = options.isHidden
            // Hidden but in its place: drawn at no opacity, neither picked nor focused.
            gtk_widget_set_opacity(content, options.isHidden ? 0 : 1)
            gtk_widget_set_can_target(content, options.isHidden ? 0 : 1)
            gtk_widget_set_can_focus(content, options.isHidden ? 0 : 1)
        }
        if case let .customView(held) = kind {
            let fixed = accessory.maintainsFixedSize
            gtk_widget_set_valign(held.widget, fixed ? GTK_ALIGN_CENTER : GTK_ALIGN_FILL)
        }
        update(for: state)
        reveal(accessory.displayed, editing: editing, animated: animated)
    }

    /// An option's colour as the rule of a style class: on the accessory and a button's image,
    /// but on a multiselect circle only while it is checked (its tick and fill show only then).
    private static func rules(_ property: String, _ color: ConfigurationColor) -> [StyleClasses.Rule] {
        [StyleClasses.Rule("&:not(.multiselect), &:not(.multiselect) image, &.multiselect.checked", "\(property): \(color.cssValue);")]
    }

    /// The width of the box a built-in accessory draws (``ListCellStyle`` sizes them so): its
    /// reserved width is made with margins around it, so a circle stays round. Nil for labels
    /// and the app's widgets, which are given a minimum width instead.
    static func boxWidth(of kind: CellAccessory.Kind) -> Int32? {
        switch kind {
        case .disclosureIndicator, .checkmark: 16
        case .delete, .insert, .multiselect: 20
        case .reorder, .detail, .outlineDisclosure: 24
        case .label, .customView: nil
        }
    }

    /// The margin either side of an accessory whose own width says nothing (`.actual`).
    static let actualMargin: Int32 = 6

    /// Reserves `width` (-1: the accessory's own width and a small margin) in the row.
    private func reserve(_ width: Int32) {
        if let box = Self.boxWidth(of: kind) {
            let margin = width < 0 ? Self.actualMargin : max(0, (width - box) / 2)
            gtk_widget_set_margin_start(content, margin)
            gtk_widget_set_margin_end(content, width < 0 ? margin : max(0, width - box - margin))
        } else {
            gtk_widget_set_margin_start(content, Self.actualMargin)
            gtk_widget_set_margin_end(content, Self.actualMargin)
            gtk_widget_set_size_request(content, width < 0 ? -1 : max(0, width - 2 * Self.actualMargin), -1)
        }
    }

    /// The state the accessory shows: multiselect's check, the outline disclosure's turn.
    func update(for state: CellConfigurationState) {
        switch kind {
        case .multiselect:
            guard state.isSelected != appliedChecked else { return }
            appliedChecked = state.isSelected
            if state.isSelected { gtk_widget_add_css_class(content, "checked") } else { gtk_widget_remove_css_class(content, "checked") }
        case .outlineDisclosure:
            guard state.isExpanded != appliedExpanded else { return }
            appliedExpanded = state.isExpanded
            if state.isExpanded { gtk_widget_add_css_class(content, "expanded") } else { gtk_widget_remove_css_class(content, "expanded") }
            cv_accessible_set_label(content, state.isExpanded ? "Collapse" : "Expand")
            cv_accessible_set_expanded(content, state.isExpanded ? 1 : 0)  // as GtkTreeExpander's button
        default:
            break
        }
    }

    /// Shows or hides the accessory for the editing mode: through the revealer, sliding when
    /// `animated`, or at once.
    private func reveal(_ displayed: CellAccessory.DisplayedState, editing: Bool, animated: Bool) {
        let shows = displayed.shows(editing: editing)
        if displayed == .always, revealer == nil { return }
        let revealer = ensureRevealer()
        gtk_revealer_set_transition_type(revealer.opaque, placementTransition)
        gtk_revealer_set_transition_duration(revealer.opaque, animated ? Self.revealDuration : 0)
        gtk_revealer_set_reveal_child(revealer.opaque, shows ? 1 : 0)
    }

    /// How long the slide in and out of editing mode lasts, in milliseconds (UIKit's editing
    /// animation is about a quarter of a second).
    static let revealDuration: guint = 250

    /// Leading accessories slide out from the leading edge, trailing ones from the trailing edge
    /// (GtkRevealer mirrors left and right itself in right to left).
    private var placementTransition: GtkRevealerTransitionType {
        accessory?.placement == .leading ? GTK_REVEALER_TRANSITION_TYPE_SLIDE_RIGHT : GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT
    }

    private func ensureRevealer() -> WidgetPointer {
        if let revealer { return revealer }
        let made = gtk_revealer_new()!
        revealerRef = ObjectRef(sinking: raw(made))
        gtk_widget_add_css_class(made, "cell-accessory-revealer")
        // In the content's place in the row, then the content into it.
        if let row = gtk_widget_get_parent(content) {
            gtk_widget_insert_before(made, row, content)
            gtk_widget_unparent(content)
        }
        gtk_revealer_set_child(made.opaque, content)
        revealer = made
        return made
    }

    /// Whether the revealer is mid-slide (tests).
    var isAnimating: Bool {
        guard let revealer else { return false }
        return gtk_revealer_get_child_revealed(revealer.opaque) != gtk_revealer_get_reveal_child(revealer.opaque)
    }

    /// Takes the app's widget out of the row (the app owns it; a reused cell must not keep it).
    func detach() {
        if let revealer {
            gtk_revealer_set_child(revealer.opaque, nil)
            if gtk_widget_get_parent(revealer) != nil { gtk_widget_unparent(revealer) }
        } else if gtk_widget_get_parent(content) != nil {
            gtk_widget_unparent(content)
        }
    }
}

extension CellAccessory.Kind {
    /// Accessories that are buttons.
    var acts: Bool {
        switch self {
        case .delete, .insert, .reorder, .detail, .outlineDisclosure: true
        default: false
        }
    }
}
