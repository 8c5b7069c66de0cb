import CGtk
import CollectionLayout
import CollectionViewGtk

/// A tile: a coloured card with a title.
final class TileCell: CollectionViewCell {
    static let reuseIdentifier = "tile"
    private let card: WidgetPointer
    private let label: OpaquePointer
    private var hueClass: String?

    required init() {
        card = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        label = OpaquePointer(gtk_label_new(nil))
        super.init()
        gtk_widget_add_css_class(card, "tile")
        let labelWidget = UnsafeMutablePointer<GtkWidget>(label)
        gtk_widget_set_valign(labelWidget, GTK_ALIGN_END)
        gtk_widget_set_vexpand(labelWidget, 1)
        gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END)
        gtk_widget_add_css_class(labelWidget, "tile-title")
        gtk_box_append(card.as(GtkBox.self), labelWidget)
        gtk_widget_set_parent(card, contentView)
        let selected = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_add_css_class(selected, "tile-selection")
        selectedBackgroundView = selected
    }

    func configure(with item: Catalogue.Item) {
        gtk_label_set_text(label, item.title)
        accessibilityLabel = item.title
        let newClass = "hue-\(item.hue)"
        if hueClass != newClass {
            if let hueClass { gtk_widget_remove_css_class(card, hueClass) }
            gtk_widget_add_css_class(card, newClass)
            hueClass = newClass
        }
    }
}

/// A section title.
final class SectionHeaderView: ReusableView {
    static let reuseIdentifier = "header"
    private let label: OpaquePointer
    var title = "" { didSet { gtk_label_set_text(label, title) } }

    required init() {
        label = OpaquePointer(gtk_label_new(nil))
        super.init()
        let widget = UnsafeMutablePointer<GtkWidget>(label)
        gtk_label_set_xalign(label, 0)
        gtk_widget_add_css_class(widget, "section-title")
        gtk_widget_set_parent(widget, self.widget)
    }
}

/// A small line under a section.
final class SectionFooterView: ReusableView {
    static let reuseIdentifier = "footer"
    private let label: OpaquePointer
    var text = "" { didSet { gtk_label_set_text(label, text) } }

    required init() {
        label = OpaquePointer(gtk_label_new(nil))
        super.init()
        let widget = UnsafeMutablePointer<GtkWidget>(label)
        gtk_label_set_xalign(label, 0)
        gtk_widget_add_css_class(widget, "section-footer")
        gtk_widget_add_css_class(widget, "dim-label")
        gtk_widget_set_parent(widget, self.widget)
    }
}
