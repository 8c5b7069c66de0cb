import CGtk
import GtkGlue
import CCollectionHost
import CollectionLayout

/// The base of every view a collection view shows (`UICollectionReusableView`): backed by a GTK
/// widget that stacks its children at full size. Supplementary and decoration views subclass
/// it directly; cells subclass `CollectionViewCell`.
///
/// Subclasses build their widgets in `init()` (the collection view creates views through it),
/// or come from a GtkBuilder template registered with the collection view.
@MainActor
open class ReusableView {
    /// The root widget; the collection view parents and allocates it.
    public let widget: WidgetPointer
    private let widgetRef: ObjectRef

    /// The identifier this view was dequeued with.
    public internal(set) var reuseIdentifier: String?
    /// The GtkBuilder that made this view's content, when it came from a template.
    public internal(set) var builder: OpaquePointer?
    private var builderRef: ObjectRef?

    /// The collection view that made this view, and the element it shows now.
    weak var owner: CollectionView?
    var elementKey: ElementKey?
    var appliedAttributes: LayoutAttributes?
    var category: ElementCategory = .supplementaryView
    var queueKey: ReuseQueueKey?
    var drawOrder = DrawOrder()
    /// When the view began retiring (a count, 0 while it is an element's view): breaks ties
    /// with the view that has its old key now, the same way every run.
    var retiredAt = 0
    /// Scratch for building the drawing order from the last one (ElementOwner.updatedDrawList).
    var drawListMark = 0
    /// It left the drawing order since the last one was built (it may be back for another
    /// element, at another place): it comes in as new.
    var leftDrawList = false
    var readingOrder = ReadingOrder()
    let placement = Placement()

    /// The accessible role of the root widget, read once when a view is made; a group unless a
    /// subclass says otherwise.
    open class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_GROUP }

    /// Makes the view's widget: a `reusableview` node that stacks its children at full size,
    /// with ``accessibleRole``. The collection view makes views through it when a queue is
    /// empty; subclasses build their widgets here, once.
    public required init() {
        let root = cv_view_root_new(Self.accessibleRole)!
        widget = root
        widgetRef = ObjectRef(sinking: raw(root))
        gtk_widget_add_css_class(root, "reusable-view")
        g_object_set_qdata(raw(root).assumingMemoryBound(to: GObject.self), Self.ownerQuark, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Widgets point back to their views (unretained: the view owns the widget, not the other
    /// way round, and clears the pointer when it goes).
    nonisolated static let ownerQuark = g_quark_from_static_string("cv-reusable-view")

    /// The view whose root widget is `widget`.
    static func view(for widget: WidgetPointer) -> ReusableView? {
        guard let p = g_object_get_qdata(raw(widget).assumingMemoryBound(to: GObject.self), ownerQuark) else { return nil }
        return Unmanaged<ReusableView>.fromOpaque(p).takeUnretainedValue()
    }

    deinit {
        g_object_set_qdata(widgetRef.pointer.assumingMemoryBound(to: GObject.self), Self.ownerQuark, nil)
    }

    /// Resets the view before the collection view hands it out again (`prepareForReuse()`).
    /// Call `super`.
    open func prepareForReuse() {}

    /// Applies attributes the base view does not know, from a `LayoutAttributes` subclass
    /// (`apply(_:)`). Called on every change of the view's attributes, each frame of an
    /// animation included; frame, transform, alpha and zIndex are applied by the collection view.
    open func apply(_ layoutAttributes: LayoutAttributes) {}

    // MARK: Self-sizing

    /// The attributes this view would like, given the layout's (`preferredLayoutAttributesFitting(_:)`).
    /// Asked when the view is shown, and again when its extent across the sizing axis changes,
    /// only while the layout sizes by content (its `selfSizingAxis` is set, as a flow layout's
    /// is with an `estimatedItemSize`).
    ///
    /// The default measures the widget as GTK does (`gtk_widget_measure`): its natural extent
    /// along the layout's sizing axis at the frame's extent across it, so a label that wraps at
    /// a narrower width asks for more height. Override it to change the answer (call `super`
    /// and adjust the copy it returns); the layout decides what it takes.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes) -> LayoutAttributes {
        let preferred = layoutAttributes.copy()
        preferred.frame.size[sizingAxis] = measuredExtent(along: sizingAxis, at: layoutAttributes.frame.size[sizingAxis == .vertical ? .horizontal : .vertical])
        return preferred
    }

    /// The natural extent along `axis` of the view's widget (or of `child`, one of its widgets)
    /// when it is `across` long the other way: what the default
    /// ``preferredLayoutAttributesFitting(_:)`` asks for.
    public func measuredExtent(along axis: Axis, at across: Double, of child: WidgetPointer? = nil) -> Double {
        var minimum: Int32 = 0, natural: Int32 = 0
        let forSize = across.isFinite && across >= 0 ? Int32(min(across, Double(Int32.max / 2))) : -1
        gtk_widget_measure(child ?? widget, axis == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, forSize,
                           &minimum, &natural, nil, nil)
        return Double(max(minimum, natural))
    }

    /// The axis the layout takes sizes along, set by the collection view before it asks.
    var sizingAxis = Axis.vertical
    /// The last measurement: at which extent across the axis, what the view asked for, what
    /// the layout gave it then, and how many times in a row that was so.
    var lastFit: (across: Double, preferred: Double, given: Double, repeats: Int)?

    /// Where the template's widgets go; a cell uses its content view.
    open var templateContainer: WidgetPointer { widget }

    /// Adds `child` on top of the view's content: to the root widget, or on a cell to its
    /// content view, above the background layers. The view stacks its children at full size;
    /// GTK's alignment and margin properties place a child inside that area.
    ///
    /// This is `gtk_widget_set_parent(child, templateContainer)`, nothing more: the widget stays
    /// a plain GTK widget, and `gtk_widget_unparent` takes it out again.
    public func append(_ child: WidgetPointer) {
        gtk_widget_set_parent(child, templateContainer)
    }

    /// An object of this view's template, by its id.
    public func templateObject(named id: String) -> UnsafeMutableRawPointer? {
        guard let builder else { return nil }
        return gtk_builder_get_object(builder, id).map { UnsafeMutableRawPointer($0) }
    }

    func adoptTemplate(builder: OpaquePointer, root: WidgetPointer) {
        self.builder = builder
        builderRef = ObjectRef(adopting: raw(builder))
        gtk_widget_set_parent(root, templateContainer)
    }
}
