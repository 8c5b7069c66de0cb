import CGtk
import GtkGlue
import CCollectionHost

/// The buttons of one side's swipe actions, beside a cell's content while a swipe slides it
/// aside: a child of the cell's root that the root's slide layout keeps next to the content
/// (`cv_view_root_set_slide`), so nothing of it lies under content that may be see-through.
///
/// The buttons sit at the edge that meets the content, and come in with it; the first action
/// is the outermost, as in UIKit. Styled `swipeactions > button.swipe-action` (`.destructive`).
@MainActor
final class SwipeActionsView {
    /// The root: a view-sized box; ``box`` holds the buttons at the side that meets the content.
    let widget: WidgetPointer
    private let widgetRef: ObjectRef
    private let box: WidgetPointer
    let actions: [ContextualAction]
    /// Whether the buttons show on the view's left (the content slid right).
    let onLeft: Bool
    private(set) var buttons: [WidgetPointer] = []

    /// Buttons for `actions` on the left or the right of the view; `chose` runs with an action's
    /// index when its button is clicked.
    init(actions: [ContextualAction], onLeft: Bool, chose: @escaping @MainActor (Int) -> Void) {
        self.actions = actions
        self.onLeft = onLeft
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        widgetRef = ObjectRef(sinking: raw(widget))
        gtk_widget_add_css_class(widget, "swipeactions")
        box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        // Laid out by screen side (left to right), whatever the text direction: which side
        // shows is already decided from it.
        gtk_widget_set_direction(widget, GTK_TEXT_DIR_LTR)
        gtk_widget_set_direction(box, GTK_TEXT_DIR_LTR)
        gtk_widget_set_hexpand(box, 1)
        gtk_widget_set_halign(box, onLeft ? GTK_ALIGN_END : GTK_ALIGN_START)
        gtk_box_append(widget.as(GtkBox.self), box)
        // The first action is the outermost: leftmost on the left, rightmost on the right.
        let order = onLeft ? Array(actions.indices) : actions.indices.reversed()
        for index in order {
            let button = Self.button(for: actions[index])
            Signal.connect(raw(button), "clicked") { chose(index) }
            gtk_box_append(box.as(GtkBox.self), button)
            buttons.append(button)
        }
        if !onLeft { buttons.reverse() }  // in the actions' order
    }

    /// How wide the buttons are together: a swipe opens to that. Measured with every button
    /// shown (kept while a full swipe hides all but the first).
    var revealWidth: Double {
        guard !isFullSwipe else { return fullWidth }
        var natural: Int32 = 0
        gtk_widget_measure(box, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
        return Double(natural)
    }
    private var fullWidth = 0.0

    /// Past the full-swipe distance the first action takes the whole strip the content leaves
    /// (the others hide), its label at the content's edge, as UIKit shows that letting go
    /// performs it.
    var isFullSwipe = false {
        didSet {
            guard isFullSwipe != oldValue else { return }
            if isFullSwipe { fullWidth = { var n: Int32 = 0; gtk_widget_measure(box, GTK_ORIENTATION_HORIZONTAL, -1, nil, &n, nil, nil); return Double(n) }() }
            for (index, button) in buttons.enumerated() where index > 0 { gtk_widget_set_visible(button, isFullSwipe ? 0 : 1) }
            if let first = buttons.first {
                gtk_widget_set_hexpand(first, isFullSwipe ? 1 : 0)
                if let content = gtk_button_get_child(first.as(GtkButton.self)) {
                    gtk_widget_set_halign(content, isFullSwipe ? (onLeft ? GTK_ALIGN_END : GTK_ALIGN_START) : GTK_ALIGN_CENTER)
                }
            }
            gtk_widget_set_halign(box, isFullSwipe ? GTK_ALIGN_FILL : (onLeft ? GTK_ALIGN_END : GTK_ALIGN_START))
        }
    }

    private static func button(for action: ContextualAction) -> WidgetPointer {
        let button = gtk_button_new()!
        gtk_widget_add_css_class(button, "swipe-action")
        gtk_widget_add_css_class(button, action.style == .destructive ? "destructive" : "normal")
        // The keyboard reaches the actions through the context menu; the buttons are for fingers.
        gtk_widget_set_focusable(button, 0)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_widget_set_valign(content, GTK_ALIGN_CENTER)
        if let icon = action.iconName {
            gtk_box_append(content.as(GtkBox.self), gtk_image_new_from_icon_name(icon))
        }
        if let title = action.title {
            let label = gtk_label_new(title)!
            gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
            gtk_label_set_max_width_chars(OpaquePointer(label), 12)
            gtk_box_append(content.as(GtkBox.self), label)
        }
        gtk_button_set_child(button.as(GtkButton.self), content)
        cv_accessible_set_label(button, action.menuLabel)
        if let color = action.backgroundColor {
            _ = StyleClasses.shared.swap(nil, for: [StyleClasses.Rule("&", "background: \(color.cssValue);")], on: button)
        }
        return button
    }

    /// The library's CSS for the buttons: the destructive colour for a destructive action, a
    /// neutral one otherwise, the row's full height, no rounding.
    static let css = """
    box.swipeactions > box > button.swipe-action { border-radius: 0; min-width: 72px; padding: 0 12px; margin: 0;
        border: none; box-shadow: none; background-image: none; }
    box.swipeactions > box > button.swipe-action.normal { background-color: mix(@cv_fg_color, @cv_view_bg_color, 0.55);
        color: @cv_view_bg_color; }
    box.swipeactions > box > button.swipe-action.destructive { background-color: @cv_destructive_bg_color;
        color: @cv_destructive_fg_color; }
    box.swipeactions > box > button.swipe-action:active { filter: brightness(0.9); }
    """
}
