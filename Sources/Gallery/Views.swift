import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk

/// A tile: a coloured card, or a thumbnail when the item has one, with its title. In the
/// viewer the same cell is a page: its picture whole (contained, not cropped) on a dark
/// ground, the title hidden; during the transition between the two the page look fades in
/// over the tile as the cell grows (``ViewerPageAttributes/pageFraction``).
final class TileCell: CollectionViewCell {
    static let reuseIdentifier = "tile"
    private let card: WidgetPointer
    private let picture: WidgetPointer
    private let label: OpaquePointer
    /// The page look, over the tile: made visible only when the cell is (becoming) a page, so
    /// the grid pays nothing for it.
    private let page: WidgetPointer
    /// The photo in the page, fitted, zoomable and pannable: the thumbnail until the viewer's
    /// full picture arrives (`showFull`); the coloured swatch (square) for an item without one.
    let zoomView = PhotoZoomView()
    private let pageSwatch: WidgetPointer
    /// Why the full picture cannot be shown, over the page (a broken or refused file).
    private let pageMessage: OpaquePointer  // GtkLabel
    /// The size of the viewer's full picture the zoom view shows; nil while a thumbnail stands in.
    private(set) var fullPictureSize: PixelSize?
    /// Whether the zoom view shows the viewer's full picture (not a thumbnail standing in).
    var showsFullPicture: Bool { fullPictureSize != nil }
    /// The thumbnail (or the item's own picture) shown, to stand in again for a full picture let go.
    private var thumbnail: Texture?
    /// Whether the page shows a picture at all (a thumbnail standing in, or the full one).
    var showsThumbnail: Bool { zoomView.texture != nil }
    private var swatchClass: String?
    /// How far the cell is a page: 0 a tile, 1 the viewer's page.
    private(set) var pageFraction = 0.0
    private var hueClass: String?
    /// The tile shown (its key), to find the cell when its thumbnail arrives.
    private(set) var key: String?
    /// The image file the tile shows (its URI), if any.
    private(set) var uri: String?
    private var hue = 0
    /// The title's width on one line (padding included), once measured; and the tile width
    /// the title's wrapping was last chosen for.
    private var titleWidth: Double?
    private var wrapChosenFor: Double?
    /// The label's Pango context's serial when the title was measured: a new font changes it.
    private var measuredWith: guint = 0

    required init() {
        card = gtk_overlay_new()
        picture = gtk_picture_new()
        label = OpaquePointer(gtk_label_new(nil))
        page = gtk_overlay_new()
        pageMessage = OpaquePointer(gtk_label_new(nil))
        pageSwatch = gtk_aspect_frame_new(0.5, 0.5, 1, 0)
        super.init()
        gtk_widget_add_css_class(card, "tile")
        gtk_widget_set_overflow(card, GTK_OVERFLOW_HIDDEN)
        gtk_picture_set_content_fit_compat(picture)
        gtk_overlay_set_child(card.opaque, picture)
        let labelWidget = UnsafeMutablePointer<GtkWidget>(label)
        gtk_widget_set_valign(labelWidget, GTK_ALIGN_END)
        // A title too wide for the tile wraps and the tile grows (see preferredLayoutAttributesFitting);
        // one that fits stays on one line (see chooseWrapping).
        gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_justify(label, GTK_JUSTIFY_CENTER)
        gtk_widget_add_css_class(labelWidget, "tile-title")
        gtk_overlay_add_overlay(card.opaque, labelWidget)
        let swatch = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_add_css_class(swatch, "viewer-swatch")
        gtk_aspect_frame_set_child(pageSwatch.opaque, swatch)
        gtk_widget_add_css_class(page, "viewer-page")
        gtk_overlay_set_child(page.opaque, zoomView.widget)
        gtk_overlay_add_overlay(page.opaque, pageSwatch)
        // Over the photo, and hidden by opacity only: out of picking, or it would take every
        // touch, click and scroll on the page and the zoom view would never see a pinch or a
        // drag (GtkAspectFrame covers the whole page).
        gtk_widget_set_can_target(pageSwatch, 0)
        let messageWidget = UnsafeMutablePointer<GtkWidget>(pageMessage)
        gtk_label_set_wrap(pageMessage, 1)
        gtk_label_set_justify(pageMessage, GTK_JUSTIFY_CENTER)
        gtk_widget_set_valign(messageWidget, GTK_ALIGN_END)
        gtk_widget_set_can_target(messageWidget, 0)
        gtk_widget_add_css_class(messageWidget, "viewer-message")
        gtk_widget_set_opacity(messageWidget, 0)  // not visibility: no resize (see showPageLook)
        gtk_overlay_add_overlay(page.opaque, messageWidget)
        gtk_widget_set_visible(page, 0)
        gtk_overlay_add_overlay(card.opaque, page)
        gtk_widget_set_parent(card, contentView)
        let selected = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_add_css_class(selected, "tile-selection")
        selectedBackgroundView = selected
    }

    /// Whether the last configuration showed a swipe's actions (a change is logged, so the
    /// touch scripts can see a row open and close).
    private var loggedSwiped = false

    override func updateConfiguration(using state: CellConfigurationState) {
        super.updateConfiguration(using: state)
        guard state.isSwiped != loggedSwiped else { return }
        loggedSwiped = state.isSwiped
        GalleryLog.event("swiped \(state.isSwiped) \(uri.map(PhotoURI.displayName) ?? "-")")
    }

    /// Square, or taller when the title needs more than the lower half of a square card (a
    /// long title, a large font): measured by GTK at the tile's width.
    override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes) -> LayoutAttributes {
        let preferred = layoutAttributes.copy()
        let width = layoutAttributes.frame.width
        chooseWrapping(for: width)
        let title = measuredExtent(along: .vertical, at: width, of: UnsafeMutablePointer<GtkWidget>(label))
        preferred.frame.size.height = max(width, title + width / 2).rounded(.up)
        return preferred
    }

    override func apply(_ layoutAttributes: LayoutAttributes) {
        chooseWrapping(for: layoutAttributes.frame.width)
        showPageLook((layoutAttributes as? ViewerPageAttributes)?.pageFraction ?? 0)
    }

    /// The page look over the tile in proportion: the page fades in (its picture contained)
    /// as the title fades out, so the square crop turns into the whole picture without a cut.
    /// Whole, the card loses its rounded corners.
    ///
    /// Called in the view's layout pass: opacity only queues a redraw there, but showing or
    /// hiding the page, or a style class, queues a resize up to the window, which GTK then
    /// finds unallocated when it draws the frame. Those wait for the pass to end.
    private func showPageLook(_ fraction: Double) {
        let f = min(1, max(0, fraction))
        guard f != pageFraction else { return }
        pageFraction = f
        gtk_widget_set_opacity(page, f)
        gtk_widget_set_opacity(UnsafeMutablePointer<GtkWidget>(label), 1 - f)
        if let selected = selectedBackgroundView { gtk_widget_set_opacity(selected, 1 - f) }  // a page has no selection ring
        guard !pageLookPending, (f > 0) != (gtk_widget_get_visible(page) != 0) || (f >= 1) != isWholePage else { return }
        pageLookPending = true
        Async.after(milliseconds: 0) { [weak self] in
            guard let self else { return }
            self.pageLookPending = false
            gtk_widget_set_visible(self.page, self.pageFraction > 0 ? 1 : 0)
            if (self.pageFraction >= 1) != self.isWholePage {
                self.isWholePage = self.pageFraction >= 1
                // A page has no focus ring: the whole window would be outlined.
                for widget in [self.card, self.widget] {
                    if self.isWholePage { gtk_widget_add_css_class(widget, "page-shown") } else { gtk_widget_remove_css_class(widget, "page-shown") }
                }
            }
        }
    }
    private var pageLookPending = false
    /// Whether the card has its page-shown look (square corners).
    private var isWholePage = false

    /// Wraps the title only when it does not fit on one line. A wrapping GtkLabel lays its text
    /// out again at every measure and allocation, several times a frame for each new cell: in a
    /// fling through a folder, that was half of the main thread's time for titles that nearly
    /// always fit. Measured once per title, on one line, and kept by the label.
    private func chooseWrapping(for width: Double) {
        let serial = pango_context_get_serial(gtk_widget_get_pango_context(UnsafeMutablePointer<GtkWidget>(label)))
        if serial != measuredWith { titleWidth = nil; wrapChosenFor = nil; measuredWith = serial }
        guard width > 0, width != wrapChosenFor else { return }
        wrapChosenFor = width
        let measured = titleWidth ?? {
            gtk_label_set_wrap(label, 0)
            return measuredExtent(along: .horizontal, at: -1, of: UnsafeMutablePointer<GtkWidget>(label))
        }()
        titleWidth = measured
        let wraps = measured > width
        if (gtk_label_get_wrap(label) != 0) != wraps { gtk_label_set_wrap(label, wraps ? 1 : 0) }
    }

    /// Whether the title does not fit where it is shown (for the log: a larger font must not cut it).
    var titleIsCut: Bool { isCut(UnsafeMutablePointer<GtkWidget>(label)) }

    /// Shows a tile: its picture (its own, else the thumbnail when decoded) or a coloured card.
    func configure(with tile: Tile, thumbnail: Texture?) {
        if tile.key != key {  // another photo: fitted, its thumbnail until its picture comes
            fullPictureSize = nil
            showPageMessage(nil)
            zoomView.reset()
        }
        key = tile.key
        uri = tile.uri
        if tile.title != String(cString: gtk_label_get_text(label)) {
            gtk_label_set_wrap(label, 0)
            gtk_label_set_text(label, tile.title)
            titleWidth = nil
            wrapChosenFor = nil
        }
        accessibilityLabel = tile.title
        hue = tile.hue
        show(tile.texture ?? thumbnail)
    }

    /// The viewer's picture of the photo, decoded at the window's size: it replaces the
    /// thumbnail in the page (the zoom view keeps what it shows where it is).
    func showFull(_ photo: FullPhoto) {
        fullPictureSize = photo.pixelSize
        showPageMessage(nil)
        zoomView.setTexture(photo.texture, imageSize: photo.imageSize)
    }

    /// The thumbnail again in place of the full picture (the viewer closed, the cell waits to
    /// be reused, or the file changed): only the viewer's cache holds full pictures, within its cap.
    func dropFullPicture() {
        guard showsFullPicture else { return }
        fullPictureSize = nil
        zoomView.onNeedsDetail = nil
        zoomView.setTexture(thumbnail, imageSize: Self.pixelSize(of: thumbnail))
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        dropFullPicture()
    }

    /// A message over the page (why the full picture cannot be shown), or none.
    func showPageMessage(_ text: String?) {
        gtk_label_set_text(pageMessage, text ?? "")
        gtk_widget_set_opacity(UnsafeMutablePointer<GtkWidget>(pageMessage), text == nil ? 0 : 1)
    }

    private static func pixelSize(of texture: Texture?) -> PixelSize {
        guard let texture else { return PixelSize(width: 1, height: 1) }
        return PixelSize(width: Int(gdk_texture_get_width(texture.pointer)), height: Int(gdk_texture_get_height(texture.pointer)))
    }

    /// A thumbnail decoded after the cell was configured.
    func show(_ texture: Texture?) {
        gtk_picture_set_paintable(picture.opaque, texture?.pointer)
        thumbnail = texture
        if !showsFullPicture { zoomView.setTexture(texture, imageSize: Self.pixelSize(of: texture)) }
        gtk_widget_set_opacity(pageSwatch, texture == nil ? 1 : 0)  // not visibility: no resize (see showPageLook)
        let newSwatch = "hue-\(hue)"
        if texture == nil, swatchClass != newSwatch, let swatch = gtk_aspect_frame_get_child(pageSwatch.opaque) {
            if let swatchClass { gtk_widget_remove_css_class(swatch, swatchClass) }
            gtk_widget_add_css_class(swatch, newSwatch)
            swatchClass = newSwatch
        }
        let newClass = texture == nil ? "hue-\(hue)" : "photo"
        if hueClass != newClass {
            if let hueClass { gtk_widget_remove_css_class(card, hueClass) }
            gtk_widget_add_css_class(card, newClass)
            hueClass = newClass
        }
    }
}

/// GTK 4.8 has gtk_picture_set_keep_aspect_ratio (content-fit came in 4.8 too); cover the tile.
@MainActor
private func gtk_picture_set_content_fit_compat(_ picture: WidgetPointer) {
    gtk_picture_set_content_fit(picture.opaque, GTK_CONTENT_FIT_COVER)
}

/// A line of text a section shows above or below itself; subclasses say its style.
class SectionLabelView: ReusableView {
    class var cssClasses: [String] { [] }
    private let label: OpaquePointer
    var text = "" { didSet { gtk_label_set_text(label, text) } }
    var textIsCut: Bool { isCut(UnsafeMutablePointer<GtkWidget>(label)) }

    required init() {
        label = OpaquePointer(gtk_label_new(nil))
        super.init()
        let widget = UnsafeMutablePointer<GtkWidget>(label)
        gtk_label_set_xalign(label, 0)
        gtk_label_set_wrap(label, 1)  // a long title wraps and the header grows
        gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        for name in Self.cssClasses { gtk_widget_add_css_class(widget, name) }
        gtk_widget_set_parent(widget, self.widget)
    }
}

/// Whether a label shows less than its text: its laid-out text is wider or taller than the
/// room GTK gave it (the content box, without padding and margins).
@MainActor
func isCut(_ label: WidgetPointer) -> Bool {
    guard let layout = gtk_label_get_layout(OpaquePointer(label)) else { return false }
    var width: Int32 = 0, height: Int32 = 0
    pango_layout_get_pixel_size(layout, &width, &height)
    return width > gtk_widget_get_width(label) || height > gtk_widget_get_height(label) || pango_layout_is_ellipsized(layout) != 0
}

/// A section title.
final class SectionHeaderView: SectionLabelView {
    static let reuseIdentifier = "header"
    override class var cssClasses: [String] { ["section-title"] }
    /// Screen readers announce section titles as headings, named by their text.
    override class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_HEADING }
    override var text: String { didSet { setAccessibleLabel(widget, text) } }

    required init() {
        super.init()
        gtk_widget_add_css_class(widget, "section-header")  // opaque: it stays over the tiles it pins above
    }
}

/// A small line under a section.
final class SectionFooterView: SectionLabelView {
    static let reuseIdentifier = "footer"
    override class var cssClasses: [String] { ["section-footer", "dim-label"] }
}

/// The rounded panel behind a section: a decoration view the layouts own.
final class SectionBackgroundView: ReusableView {
    required init() {
        super.init()
        gtk_widget_add_css_class(widget, "section-background")
    }
}
