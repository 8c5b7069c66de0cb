import CGtk
import GtkGlue
import CCollectionHost

/// The widgets that show a ``ContentUnavailableConfiguration``, laid out as libadwaita's
/// `AdwStatusPage` lays out its own (an icon, a title, a description, a button, centred) and
/// styled by ``css`` to look like it with or without libadwaita. Made once per view; a new
/// configuration only changes their texts and which of them are shown.
@MainActor
final class ContentUnavailableView {
    /// The root: a box filling the viewport, its page centred in it.
    let widget: WidgetPointer
    private let root: ObjectRef
    private let icon: WidgetPointer
    private let spinner: WidgetPointer
    private let title: WidgetPointer
    private let details: WidgetPointer
    private let button: WidgetPointer
    private var action: (@MainActor () -> Void)?

    /// The look of `AdwStatusPage` (libadwaita 1.2's statuspage rules, and its `title-1`, `body`
    /// and `pill` styles) for these widgets. The button takes the theme's suggested-action
    /// colours, and is a pill with and without libadwaita (the library's stylesheet ranks above
    /// GTK's theme provider).
    static let css = """
    box.content-unavailable > box.page { margin: 36px 12px; border-spacing: 36px; }
    box.content-unavailable > box.page > box.texts { border-spacing: 12px; }
    box.content-unavailable image.icon { -gtk-icon-size: 128px; color: alpha(currentColor, 0.55); }
    box.content-unavailable image.icon:not(:last-child) { margin-bottom: 24px; }
    box.content-unavailable spinner { min-width: 32px; min-height: 32px; }
    box.content-unavailable spinner:not(:last-child) { margin-bottom: 24px; }
    box.content-unavailable label.title { font-weight: 800; font-size: 20pt; }
    box.content-unavailable label.description { font-weight: 400; font-size: 11pt; }
    box.content-unavailable button.pill { border-radius: 9999px; padding: 10px 32px; }
    """

    /// Widest lines, in characters of their own font: about the 600 pixels `AdwStatusPage`'s
    /// clamp allows at the default font, and wider with a larger one.
    static let titleWidthChars: Int32 = 34
    static let descriptionWidthChars: Int32 = 64

    init() {
        let root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        self.root = ObjectRef(sinking: raw(root))
        widget = root
        gtk_widget_add_css_class(root, "content-unavailable")
        let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_add_css_class(page, "page")
        // All the height, the page's own height in the middle of it.
        gtk_widget_set_vexpand(page, 1)
        gtk_widget_set_valign(page, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(page, GTK_ALIGN_CENTER)
        gtk_box_append(root.as(GtkBox.self), page)
        let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_add_css_class(texts, "texts")
        gtk_box_append(page.as(GtkBox.self), texts)

        icon = gtk_image_new()!
        gtk_widget_add_css_class(icon, "icon")
        // Decoration: the title says it.
        cv_accessible_set_label(icon, "")
        spinner = gtk_spinner_new()!
        title = Self.label(cssClass: "title", widthChars: Self.titleWidthChars)
        gtk_widget_add_css_class(title, "title-1")  // libadwaita's own, where it is loaded
        details = Self.label(cssClass: "description", widthChars: Self.descriptionWidthChars)
        for child in [icon, spinner, title, details] { gtk_box_append(texts.as(GtkBox.self), child) }

        button = gtk_button_new()!
        gtk_button_set_use_underline(button.as(GtkButton.self), 1)
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(button, "pill")
        gtk_widget_add_css_class(button, "suggested-action")
        gtk_box_append(page.as(GtkBox.self), button)
        Signal.connect(raw(button), "clicked") { [weak self] in self?.action?() }
    }

    /// A label that wraps, centred, at most `widthChars` wide.
    private static func label(cssClass: String, widthChars: Int32) -> WidgetPointer {
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, cssClass)
        gtk_label_set_wrap(label.opaque, 1)
        gtk_label_set_wrap_mode(label.opaque, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_justify(label.opaque, GTK_JUSTIFY_CENTER)
        gtk_label_set_xalign(label.opaque, 0.5)
        gtk_label_set_max_width_chars(label.opaque, widthChars)
        return label
    }

    /// Shows `configuration`: its texts and icon, and only the parts it has.
    func apply(_ configuration: ContentUnavailableConfiguration) {
        gtk_image_set_from_icon_name(icon.opaque, configuration.iconName)
        gtk_widget_set_visible(icon, configuration.iconName == nil || configuration.showsActivityIndicator ? 0 : 1)
        gtk_widget_set_visible(spinner, configuration.showsActivityIndicator ? 1 : 0)
        gtk_spinner_set_spinning(spinner.opaque, configuration.showsActivityIndicator ? 1 : 0)
        gtk_label_set_text(title.opaque, configuration.text ?? "")
        gtk_widget_set_visible(title, configuration.text?.isEmpty == false ? 1 : 0)
        gtk_label_set_text(details.opaque, configuration.secondaryText ?? "")
        gtk_widget_set_visible(details, configuration.secondaryText?.isEmpty == false ? 1 : 0)
        gtk_button_set_label(button.as(GtkButton.self), configuration.button?.title ?? "")
        gtk_widget_set_visible(button, configuration.button == nil ? 0 : 1)
        action = configuration.button?.action
        // Read as one: the title, then the description.
        cv_accessible_set_label(widget, configuration.text ?? "")
        cv_accessible_set_description(widget, configuration.secondaryText ?? "")
    }

    /// The button's widget, while the configuration has one (tests).
    var buttonWidget: WidgetPointer? { gtk_widget_get_visible(button) != 0 ? button : nil }
    /// The title's and description's labels (tests).
    var labels: (title: WidgetPointer, description: WidgetPointer) { (title, details) }
}
