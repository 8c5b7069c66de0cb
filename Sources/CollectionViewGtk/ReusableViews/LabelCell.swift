import CGtk

/// A ready cell that shows one line of text: register it, dequeue it, set ``text``.
///
/// ```swift
/// collectionView.register(LabelCell.self, forCellWithReuseIdentifier: "label")
/// // in cellForItemAt:
/// let cell: LabelCell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
/// cell.text = "Item \(indexPath.item + 1)"
/// ```
///
/// The text is centred in a GtkLabel (``label``, a plain widget to style or change with GTK's
/// API) and is also the cell's ``CollectionViewCell/accessibilityLabel``. The cell has the CSS
/// classes `cell` and `label-cell`; the library's stylesheet gives `label-cell` a light tile
/// background and rounded corners, which an app's CSS can replace.
@MainActor
open class LabelCell: CollectionViewCell {
    /// The GtkLabel showing ``text``, in the content view.
    public let label: WidgetPointer

    /// The text shown, and read to assistive technologies. `nil` shows nothing.
    open var text: String? {
        didSet {
            gtk_label_set_text(OpaquePointer(label), text ?? "")
            accessibilityLabel = text
        }
    }

    /// Makes the cell with an empty label (the collection view makes cells through it).
    public required init() {
        label = gtk_label_new(nil)
        super.init()
        gtk_widget_add_css_class(widget, "label-cell")
        gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
        append(label)
    }

    /// Clears ``text`` before the cell shows another item. Call `super` when overriding.
    open override func prepareForReuse() {
        super.prepareForReuse()
        text = nil
    }
}

/// A ready supplementary view that shows one line of text, for section headers and footers:
/// register it for a kind (``CollectionView/elementKindSectionHeader``...), dequeue it, set
/// ``text``.
///
/// The text is in a GtkLabel (``label``), start-aligned with a small margin, in bold; the view
/// has the CSS class `label-view`.
@MainActor
open class LabelSupplementaryView: ReusableView {
    /// The GtkLabel showing ``text``.
    public let label: WidgetPointer

    /// The text shown. `nil` shows nothing.
    open var text: String? {
        didSet { gtk_label_set_text(OpaquePointer(label), text ?? "") }
    }

    /// Makes the view with an empty label (the collection view makes views through it).
    public required init() {
        label = gtk_label_new(nil)
        super.init()
        gtk_widget_add_css_class(widget, "label-view")
        gtk_label_set_xalign(OpaquePointer(label), 0)
        gtk_widget_set_margin_start(label, 12)
        gtk_widget_set_margin_end(label, 12)
        gtk_widget_add_css_class(label, "heading")
        append(label)
    }

    /// Clears ``text`` before the view shows another element. Call `super` when overriding.
    open override func prepareForReuse() {
        super.prepareForReuse()
        text = nil
    }
}
