import CGtk
import GtkGlue
import CollectionLayout

/// The view that shows a ``ListContentConfiguration`` (`UIListContentView`): a horizontal box
/// with the image, then the texts (one above the other, or side by side), made once.
///
/// A new configuration updates the same `GtkLabel` and `GtkImage` widgets: an absent text or
/// image hides its widget instead of removing it, and only what differs from the last
/// configuration is set, so rebinding a row while scrolling costs a few comparisons. The box
/// has the CSS class `list-content` and one for its preset (`style-cell`, `style-sidebar-cell`,
/// `style-grouped-header`...); the labels have `text` and `secondary-text`, the image `icon`.
///
/// Use it on its own, outside a cell, like any widget: `ListContentView(configuration:)` and
/// parent its ``widget``.
@MainActor
public final class ListContentView: ContentView {
    /// The box holding the image and the texts.
    public let widget: WidgetPointer
    private let widgetRef: ObjectRef
    /// The widgets inside (the image, the box of the texts, the labels), for tests.
    let image: WidgetPointer
    let textBox: WidgetPointer
    let textLabel: TextSlot
    let secondaryLabel: TextSlot

    /// The configuration shown; setting another ``ListContentConfiguration`` updates the
    /// widgets in place. Other types are ignored (a cell makes their own view for them, as
    /// ``supports(_:)`` tells it).
    public var configuration: any ContentConfiguration {
        get { listConfiguration }
        set {
            guard let list = newValue as? ListContentConfiguration else { return }
            listConfiguration = list
        }
    }

    /// The configuration shown, typed.
    public var listConfiguration: ListContentConfiguration {
        didSet { apply(listConfiguration) }
    }

    /// The text and the secondary text, joined by a comma ("Alice Smith, Mobile"): what
    /// assistive technologies read for the row.
    public var accessibilityLabel: String? {
        switch (listConfiguration.text ?? "", listConfiguration.secondaryText ?? "") {
        case ("", ""): nil
        case (let text, ""): text
        case ("", let secondary): secondary
        case (let text, let secondary): text + ", " + secondary
        }
    }

    /// Any list content configuration: shown by updating these widgets (no existential boxing
    /// of the current one, as the protocol's default would do on every rebind).
    public func supports(_ configuration: any ContentConfiguration) -> Bool {
        configuration is ListContentConfiguration
    }

    /// Makes the widgets and shows `configuration`.
    public init(configuration: ListContentConfiguration) {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        widget = box
        widgetRef = ObjectRef(sinking: raw(box))
        gtk_widget_add_css_class(box, "list-content")

        image = gtk_image_new()!
        gtk_widget_add_css_class(image, "icon")
        gtk_widget_set_valign(image, GTK_ALIGN_CENTER)
        gtk_widget_set_visible(image, 0)
        gtk_box_append(box.as(GtkBox.self), image)

        textBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_add_css_class(textBox, "texts")
        gtk_widget_set_hexpand(textBox, 1)
        gtk_widget_set_valign(textBox, GTK_ALIGN_CENTER)
        gtk_box_append(box.as(GtkBox.self), textBox)

        textLabel = TextSlot(cssClass: "text")
        secondaryLabel = TextSlot(cssClass: "secondary-text")
        gtk_box_append(textBox.as(GtkBox.self), textLabel.label)
        gtk_box_append(textBox.as(GtkBox.self), secondaryLabel.label)

        listConfiguration = configuration
        apply(configuration)
        // The first configuration is applied before the cell parents this view: a missing
        // image found then is reported once it is in a collection view.
        Signal.connectPointer(raw(box), "notify::parent") { [weak self] in self?.reportPending() }
    }

    // MARK: Applying

    private var appliedStyle: ListContentConfiguration.Style?
    private var appliedMargins: DirectionalEdgeInsets?
    private var appliedImage: ListContentConfiguration.Image??
    private var appliedImageSize: Int?
    private var appliedImageWidth: Int32?
    private var appliedTint = Colouring()
    private var appliedCornerRadius = 0.0
    private var appliedCornerClass: String?
    private var appliedImageSpacing: Int32?
    private var appliedSideBySide: Bool?
    private var appliedTextSpacing: Int32?

    /// Sets on the widgets what differs from what was last set on them (everything the first
    /// time).
    private func apply(_ new: ListContentConfiguration) {
        if appliedStyle != new.style {
            if let style = appliedStyle { gtk_widget_remove_css_class(widget, style.cssClass) }
            gtk_widget_add_css_class(widget, new.style.cssClass)
            appliedStyle = new.style
        }
        if appliedMargins != new.directionalLayoutMargins {
            let margins = new.directionalLayoutMargins
            gtk_widget_set_margin_top(widget, pixels(margins.top))
            gtk_widget_set_margin_bottom(widget, pixels(margins.bottom))
            gtk_widget_set_margin_start(widget, pixels(margins.leading))  // start and end follow the direction
            gtk_widget_set_margin_end(widget, pixels(margins.trailing))
            appliedMargins = margins
        }
        let spacing = pixels(new.imageToTextPadding)
        if appliedImageSpacing != spacing {
            gtk_box_set_spacing(widget.as(GtkBox.self), spacing)
            appliedImageSpacing = spacing
        }
        applyImage(new)
        applyTextLayout(new)
        let accent = new.stateLook == .accent
        textLabel.apply(text: new.text, properties: new.textProperties,
                        color: accent && new.textProperties.color == .label ? .accent : new.textProperties.color)
        secondaryLabel.apply(text: new.secondaryText, properties: new.secondaryTextProperties,
                             color: accent && new.secondaryTextProperties.color == .secondaryLabel ? .accent : new.secondaryTextProperties.color)
        if !pendingReports.isEmpty { reportPending() }
    }

    private func applyTextLayout(_ new: ListContentConfiguration) {
        let sideBySide = new.prefersSideBySideTextAndSecondaryText
        if appliedSideBySide != sideBySide {
            gtk_orientable_set_orientation(OpaquePointer(textBox), sideBySide ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL)
            // Side by side, the text takes the room the value leaves.
            gtk_widget_set_hexpand(textLabel.label, sideBySide ? 1 : 0)
            appliedSideBySide = sideBySide
        }
        let spacing = pixels(sideBySide ? new.textToSecondaryTextHorizontalPadding : new.textToSecondaryTextVerticalPadding)
        if appliedTextSpacing != spacing {
            gtk_box_set_spacing(textBox.as(GtkBox.self), spacing)
            appliedTextSpacing = spacing
        }
    }

    private func applyImage(_ new: ListContentConfiguration) {
        if appliedImage != .some(new.image) {
            show(new.image)
            appliedImage = .some(new.image)
        }
        let properties = new.imageProperties
        if appliedImageSize != properties.size {
            gtk_image_set_pixel_size(OpaquePointer(image), Pixels.gtk(Double(properties.size)))
            appliedImageSize = properties.size
        }
        let reserved = properties.reservedLayoutWidth > Double(properties.size) ? pixels(properties.reservedLayoutWidth) : -1
        if appliedImageWidth != reserved {
            gtk_widget_set_size_request(image, reserved, -1)  // the image is centred in the width kept
            appliedImageWidth = reserved
        }
        let tint = new.stateLook == .accent && properties.tintColor == nil ? .accent : properties.tintColor
        appliedTint.apply(tint, to: image)
        if appliedCornerRadius != properties.cornerRadius {
            appliedCornerClass = StyleClasses.shared.swap(appliedCornerClass, for: Self.cornerRules(properties.cornerRadius), on: image)
            gtk_widget_set_overflow(image, properties.cornerRadius > 0 ? GTK_OVERFLOW_HIDDEN : GTK_OVERFLOW_VISIBLE)
            appliedCornerRadius = properties.cornerRadius
        }
    }

    /// The rule that rounds the image's corners by `radius` (nil for none).
    private static func cornerRules(_ radius: Double) -> [StyleClasses.Rule]? {
        radius > 0 ? [StyleClasses.Rule("&", "border-radius: \(Pixels.css(radius))px;")] : nil
    }

    /// Shows `content` in the image widget, or the theme's `image-missing` icon for an icon the
    /// theme lacks or a file that does not load (reported once per collection view).
    private func show(_ content: ListContentConfiguration.Image?) {
        let gtkImage = OpaquePointer(image)
        switch content {
        case nil:
            gtk_image_clear(gtkImage)
        case .iconName(let name):
            let theme = gtk_icon_theme_get_for_display(gtk_widget_get_display(image))
            if !name.isEmpty, gtk_icon_theme_has_icon(theme, name) != 0 {
                gtk_image_set_from_icon_name(gtkImage, name)
            } else {
                gtk_image_set_from_icon_name(gtkImage, Self.missingIcon)
                pend(.imageUnavailable(name, isFile: false))
            }
        case .paintable(let paintable):
            gtk_image_set_from_paintable(gtkImage, paintable)
        case .file(let path):
            // GtkImage shows `image-missing` itself when the file does not load; that icon in
            // place of a picture is how a failure shows.
            gtk_image_set_from_file(gtkImage, path)
            if gtk_image_get_storage_type(gtkImage) != GTK_IMAGE_PAINTABLE {
                gtk_image_set_from_icon_name(gtkImage, Self.missingIcon)
                pend(.imageUnavailable(path, isFile: true))
            }
        }
        gtk_widget_set_visible(image, content == nil ? 0 : 1)
    }

    private static let missingIcon = "image-missing"

    // MARK: Reporting

    /// Unavailable images found but not yet reported: the view was not in a collection view.
    private var pendingReports: [CollectionViewError] = []

    private func pend(_ error: CollectionViewError) {
        if !pendingReports.contains(error) { pendingReports.append(error) }
    }

    /// Reports what is pending to the collection view this view is in (each image once per
    /// collection view); keeps it while the view is in none.
    private func reportPending() {
        guard !pendingReports.isEmpty, let collectionView = owningCollectionView() else { return }
        for error in pendingReports { collectionView.reportUnavailableImage(error) }
        pendingReports.removeAll()
    }

    /// The collection view of the cell (or supplementary view) this view is in: the nearest
    /// ancestor that is a reusable view's root, and the view that made it.
    private func owningCollectionView() -> CollectionView? {
        var ancestor = gtk_widget_get_parent(widget)
        while let widget = ancestor {
            if let view = ReusableView.view(for: widget) { return view.owner }
            ancestor = gtk_widget_get_parent(widget)
        }
        return nil
    }

    private func pixels(_ value: Double) -> Int32 { Pixels.gtk(value) }

    // MARK: Style

    /// The CSS of list content: the rows' minimum heights (with the presets' margins, 55 for a
    /// row, as libadwaita's rows are apart in a boxed list, and 36 for a sidebar row), the subtitle's smaller font, the colours
    /// the presets name and a disabled row's image dimmed like its text. Only the library's
    /// named colours. Listed in ``DefaultStyle/parts``.
    static let css = """
    box.list-content.style-cell { min-height: 39px; }
    box.list-content.style-sidebar-cell { min-height: 24px; }
    box.list-content label.subtitle-text { font-size: smaller; }
    box.list-content .cv-accent { color: @cv_accent_color; }
    box.list-content .cv-accent-fg { color: @cv_accent_fg_color; }
    box.list-content .cv-destructive { color: @cv_destructive_color; }
    box.list-content .cv-fg { color: @cv_fg_color; }
    box.list-content > image.icon:disabled { -gtk-icon-filter: opacity(0.5); }
    """
}

/// One of the two labels, and what was last set on it.
@MainActor
final class TextSlot {
    let label: WidgetPointer
    private var text: String??
    private var font: String??
    private var colouring = Colouring()
    private var lines: Int?
    private var lineBreakMode: ListContentConfiguration.LineBreakMode?
    private var alignment: ListContentConfiguration.TextAlignment?

    init(cssClass: String) {
        label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, cssClass)
        gtk_widget_set_visible(label, 0)
        // A wrapping label's natural width is that of its text wrapped at words, so it asks for
        // the height it needs at the width it is given.
        gtk_label_set_natural_wrap_mode(OpaquePointer(label), GTK_NATURAL_WRAP_WORD)
    }

    func apply(text newText: String?, properties: ListContentConfiguration.TextProperties, color: ConfigurationColor) {
        let gtkLabel = OpaquePointer(label)
        let shown = newText.map(properties.transform.apply)
        if text != .some(shown) {
            let wasVisible = text.flatMap { $0.map { !$0.isEmpty } } ?? false
            let visible = !(shown ?? "").isEmpty
            gtk_label_set_text(gtkLabel, shown ?? "")
            if visible != wasVisible || text == nil { gtk_widget_set_visible(label, visible ? 1 : 0) }
            text = .some(shown)
        }
        if font != .some(properties.font.cssClass) {
            if let old = font, let old { gtk_widget_remove_css_class(label, old) }
            if let new = properties.font.cssClass { gtk_widget_add_css_class(label, new) }
            font = .some(properties.font.cssClass)
        }
        colouring.apply(color == .label ? nil : color, to: label)
        if lines != properties.numberOfLines || lineBreakMode != properties.lineBreakMode {
            setLines(properties.numberOfLines, properties.lineBreakMode)
            lines = properties.numberOfLines
            lineBreakMode = properties.lineBreakMode
        }
        if alignment != properties.alignment {
            let (xalign, justify): (Float, GtkJustification) = switch properties.alignment {
            case .natural: (0, GTK_JUSTIFY_LEFT)  // both mirror in right-to-left text
            case .center: (0.5, GTK_JUSTIFY_CENTER)
            case .trailing: (1, GTK_JUSTIFY_RIGHT)
            case .justified: (0, GTK_JUSTIFY_FILL)
            }
            gtk_label_set_xalign(gtkLabel, xalign)
            gtk_label_set_justify(gtkLabel, justify)
            alignment = properties.alignment
        }
    }

    /// One line, or a few, end with "…" where the mode truncates (GTK cannot clip a label
    /// narrower than its text, nor limit lines without ellipsizing, so the clipping and
    /// wrapping modes end with "…" at the tail); unlimited lines wrap, at words or anywhere.
    private func setLines(_ count: Int, _ mode: ListContentConfiguration.LineBreakMode) {
        let gtkLabel = OpaquePointer(label)
        let ellipsize: PangoEllipsizeMode = switch mode {
        case _ where count == 0: PANGO_ELLIPSIZE_NONE
        case .byTruncatingHead: PANGO_ELLIPSIZE_START
        case .byTruncatingMiddle: PANGO_ELLIPSIZE_MIDDLE
        case .byTruncatingTail, .byWordWrapping, .byCharWrapping, .byClipping: PANGO_ELLIPSIZE_END
        }
        gtk_label_set_wrap(gtkLabel, count == 1 ? 0 : 1)
        gtk_label_set_wrap_mode(gtkLabel, mode == .byCharWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        gtk_label_set_ellipsize(gtkLabel, ellipsize)
        gtk_label_set_lines(gtkLabel, count > 1 ? Int32(clamping: count) : -1)
    }
}

/// A widget's colour from a ``ConfigurationColor``: the theme's colours the presets use through
/// the library's CSS classes, any other through a ``StyleClasses`` class (one per colour, shared
/// by every widget that uses it).
@MainActor
struct Colouring {
    private var applied: ConfigurationColor?
    private var appliedClass: String?
    private var appliedStyleClass: String?

    /// The class for the theme's colours the presets use: `dim-label` is the theme's own
    /// dimming (more opaque in high contrast), the rest are the library's.
    private static func cssClass(for color: ConfigurationColor) -> String? {
        switch color {
        case .secondaryLabel: "dim-label"
        case .accent: "cv-accent"
        case .accentForeground: "cv-accent-fg"
        case .destructive: "cv-destructive"
        case .label: "cv-fg"
        default: nil
        }
    }

    /// Gives `widget` `color` (nil: the inherited one), undoing the last.
    mutating func apply(_ color: ConfigurationColor?, to widget: WidgetPointer) {
        guard color != applied else { return }
        applied = color
        let themeClass = color.flatMap(Self.cssClass(for:))
        if themeClass != appliedClass {
            if let appliedClass { gtk_widget_remove_css_class(widget, appliedClass) }
            if let themeClass { gtk_widget_add_css_class(widget, themeClass) }
            appliedClass = themeClass
        }
        let custom = themeClass == nil ? color : nil
        appliedStyleClass = StyleClasses.shared.swap(appliedStyleClass, for: custom.map { [StyleClasses.Rule("&", "color: \($0.cssValue);")] },
                                                     on: widget)
    }
}

extension CollectionView {
    /// Reports an image a list row could not show, the first time this view meets it.
    func reportUnavailableImage(_ error: CollectionViewError) {
        guard case .imageUnavailable(let name, _) = error, data.reportedUnavailableImages.insert(name).inserted else { return }
        report(error)
    }
}
