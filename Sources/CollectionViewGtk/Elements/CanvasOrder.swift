import CGtk
import CCollectionHost
import CollectionLayout

/// The canvas's two orders and the views' placement, kept for the element owner (only it holds
/// one): child order is reading order, what accessibility tools list and GTK's focus chain
/// walks (`ReadingOrder`); the canvas draws in drawing order (`DrawOrder`: zIndex, category,
/// element), handed to it when it changed; and views are allocated only when they changed.
/// The owner's views come as autoclosures: a frame where nothing is due builds no list of them.
@MainActor
final class CanvasOrder {
    let canvas: WidgetPointer
    private var readingOrderDirty = false
    private var drawListDirty = false
    /// The order last handed to the canvas, and the mark of the last update (see
    /// `updatedDrawList`). A view let go since is held until the next update.
    private(set) var lastDrawList: [ReusableView] = []
    private var drawListGeneration = 0
    /// A view in the last order got another place in it since (a new zIndex or key, or it
    /// began retiring): the merged order is checked, and sorted again when out of order.
    private var drawOrderMoved = false
    /// Views that came in or changed since the last placement: only they are placed again.
    private var toPlace: [ReusableView] = []
    /// The canvas frame every view was last placed for.
    private var placedEverything: CanvasFrame?

    init(canvas: WidgetPointer) {
        self.canvas = canvas
    }

    /// True when the children must be sorted into reading order again before the next placement.
    var readingOrderIsDue: Bool { readingOrderDirty }
    /// True when the canvas's drawing order must be built again before it draws.
    var drawListIsDue: Bool { drawListDirty }

    // MARK: What changed

    /// How many times a view came in or was handed new attributes other than a new place
    /// (`apply(_:)`, app code that may change its widgets): the view compares it around a
    /// layout pass.
    private(set) var presentations = 0

    /// Whether `new` differs from `old` by the frame's origin alone.
    static func onlyMoved(_ old: LayoutAttributes, _ new: LayoutAttributes) -> Bool {
        guard old.frame.origin != new.frame.origin, old.frame.size == new.frame.size else { return false }
        let placed = new.copy()
        placed.frame.origin = old.frame.origin
        return placed == old
    }

    /// A view came in: a child of the canvas, shown, in its place in reading order.
    func viewCameIn(_ view: ReusableView) {
        presentations &+= 1
        insertInReadingOrder(view)
        drawListChanged()
    }

    /// A view left (hidden, queued or held): it leaves the drawing order.
    func viewLeft(_ view: ReusableView) {
        drawListChanged()
        view.leftDrawList = true
    }

    /// A view's element got another key (a batch update): both orders are due.
    func keyChanged(_ view: ReusableView, to key: ElementKey) {
        view.drawOrder = DrawOrder(zIndex: view.drawOrder.zIndex, key: key)
        view.readingOrder = ReadingOrder(key: key)
        drawOrderMoved = true
        readingOrderDirty = true
        drawListChanged()
    }

    /// A view began retiring: it now draws under the view that takes its old key.
    func viewRetired(_ view: ReusableView) {
        drawOrderMoved = true
        drawListChanged()
    }

    /// A view gets `attributes` (stored and handed to GTK only when they changed); placed at the
    /// next placement. The drawing order changes with the zIndex only: a new key gets its order
    /// as it comes in or is remapped, so an animation frame builds no order.
    func present(_ attributes: LayoutAttributes, on view: ReusableView) {
        if let old = view.appliedAttributes, old == attributes { return }
        if let old = view.appliedAttributes, Self.onlyMoved(old, attributes) {
            // A view moved, not changed (a pinned header as the view scrolls): nothing in it
            // queues a resize, and the window is not laid out again for it.
        } else {
            presentations &+= 1
        }
        if let key = view.elementKey, view.appliedAttributes?.zIndex != attributes.zIndex {
            if view.appliedAttributes != nil {
                drawOrderMoved = true
                drawListChanged()
            }
            view.drawOrder = DrawOrder(zIndex: attributes.zIndex, key: key)
        }
        if view.appliedAttributes?.alpha != attributes.alpha {
            gtk_widget_set_opacity(view.widget, attributes.alpha)
        }
        view.appliedAttributes = attributes
        (view as? CollectionViewCell)?.listPosition = attributes.listPosition  // before apply(_:), which subclasses may override
        view.apply(attributes)
        toPlace.append(view)
    }

    // MARK: Placement

    /// Allocates the views that changed since the last call, or `all` of them when the frame is
    /// not the one they were all placed for. The children are sorted into reading order
    /// (`restackIfDue`) apart from this, before GTK's layout phase: reordering them queues a
    /// resize of the canvas and everything above it.
    func place(_ all: @autoclosure () -> [ReusableView], in frame: CanvasFrame) {
        if placedEverything != frame {
            placedEverything = frame
            for view in all() { place(view, frame) }
        } else {
            for view in toPlace where gtk_widget_get_child_visible(view.widget) != 0 { place(view, frame) }
        }
        toPlace.removeAll(keepingCapacity: true)
    }

    /// GTK allocated the canvas and wants every child allocated again. Where the views were all
    /// placed for this frame, the canvas puts each where it was (false); else (or the canvas was
    /// realized since: the renderer decides how a 3D transform goes in) they are placed from
    /// their attributes.
    func canvasAllocated(_ all: @autoclosure () -> [ReusableView], in frame: CanvasFrame, realized: Bool) -> Bool {
        if !realized, placedEverything == frame { return false }
        placedEverything = nil
        place(all(), in: frame)
        return true
    }

    private func place(_ view: ReusableView, _ frame: CanvasFrame) {
        guard let attributes = view.appliedAttributes else { return }
        view.placement.place(view.widget, attributes, origin: frame.origin, mirrored: frame.mirrored)
    }

    // MARK: Reading order

    /// A view goes straight to its place: a new one is appended or prepended, a reused one stays
    /// where it was, and either moves only when it is out of order with its shown neighbours
    /// (hidden children are neither read nor drawn, so they do not count). Only a changed key
    /// sorts everything again; a zIndex never moves a child.
    private func insertInReadingOrder(_ view: ReusableView) {
        if gtk_widget_get_parent(view.widget) != canvas {
            gtk_widget_set_parent(view.widget, canvas)
        }
        gtk_widget_set_child_visible(view.widget, 1)
        let order = view.readingOrder
        let previous = shownSibling(of: view.widget, forward: false), next = shownSibling(of: view.widget, forward: true)
        if (previous.map { $0.readingOrder <= order } ?? true) && (next.map { order <= $0.readingOrder } ?? true) { return }
        // Out of order. Scrolling back brings views that come before all others: first child.
        if let first = firstShownView(), order < first.readingOrder, first !== view {
            gtk_widget_insert_before(view.widget, canvas, first.widget)
            return
        }
        // Otherwise after the last shown view that comes at or before it.
        var child = gtk_widget_get_last_child(canvas)
        while let c = child {
            if c != view.widget, gtk_widget_get_child_visible(c) != 0, let v = ReusableView.view(for: c), v.elementKey != nil, v.readingOrder <= order { break }
            child = gtk_widget_get_prev_sibling(c)
        }
        gtk_widget_insert_after(view.widget, canvas, child)
    }

    private func firstShownView() -> ReusableView? {
        var child = gtk_widget_get_first_child(canvas)
        while let c = child {
            if gtk_widget_get_child_visible(c) != 0, let v = ReusableView.view(for: c), v.elementKey != nil { return v }  // not a held view
            child = gtk_widget_get_next_sibling(c)
        }
        return nil
    }

    private func shownSibling(of widget: WidgetPointer, forward: Bool) -> ReusableView? {
        var child = forward ? gtk_widget_get_next_sibling(widget) : gtk_widget_get_prev_sibling(widget)
        while let c = child {
            if gtk_widget_get_child_visible(c) != 0, let v = ReusableView.view(for: c), v.elementKey != nil { return v }  // not a held view
            child = forward ? gtk_widget_get_next_sibling(c) : gtk_widget_get_prev_sibling(c)
        }
        return nil
    }

    /// Sorts the shown views into reading order when a key changed; retiring views come by
    /// their old keys. Never in GTK's layout phase (see `ElementPlan.restack`).
    func restackIfDue(_ all: @autoclosure () -> [ReusableView]) {
        guard readingOrderDirty else { return }
        readingOrderDirty = false
        let ordered = all().sorted {
            $0.readingOrder != $1.readingOrder ? $0.readingOrder < $1.readingOrder : Self.retiredEarlier($0, $1)
        }
        var previous: WidgetPointer? = nil
        for view in ordered {
            if gtk_widget_get_prev_sibling(view.widget) != previous {
                gtk_widget_insert_after(view.widget, canvas, previous)
            }
            previous = view.widget
        }
    }

    // MARK: Drawing order

    /// The drawing order is built again when the canvas next draws.
    private func drawListChanged() {
        if drawListDirty { return }
        drawListDirty = true
        gtk_widget_queue_draw(canvas)
    }

    /// `views` in drawing order. A retiring view can share its old key's order with the view
    /// that has that key now: retiring views go under live ones, the earlier retired lower, so
    /// the order is the same however the dictionaries iterate (object identities, which differ
    /// run to run, never count).
    static func drawList(_ views: [ReusableView]) -> [ReusableView] {
        views.sorted(by: drawsBelow)
    }

    private static func drawsBelow(_ a: ReusableView, _ b: ReusableView) -> Bool {
        a.drawOrder != b.drawOrder ? a.drawOrder < b.drawOrder : retiredEarlier(a, b)
    }

    /// The tie between views with one key: retiring before live, then by when they retired.
    private static func retiredEarlier(_ a: ReusableView, _ b: ReusableView) -> Bool {
        let live = Int.max
        return (a.retiredAt == 0 ? live : a.retiredAt) < (b.retiredAt == 0 ? live : b.retiredAt)
    }

    /// `drawList(shown)`, built from the last one: its views still shown keep their order, the
    /// views that came in are sorted and merged in. A scrolled frame brings a row or two into a
    /// few hundred views, so this compares about twice per view where sorting them all compares
    /// about ten times. A view whose place changed can leave the merged list out of order, which
    /// a last pass then looks for (only then); out of order, everything is sorted.
    private func updatedDrawList(_ shown: [ReusableView]) -> [ReusableView] {
        drawListGeneration += 2
        let shownMark = drawListGeneration, kept = drawListGeneration + 1
        for view in shown { view.drawListMark = shownMark }
        var old: [ReusableView] = []
        old.reserveCapacity(shown.count)
        for view in lastDrawList where view.drawListMark == shownMark && !view.leftDrawList {
            view.drawListMark = kept
            old.append(view)
        }
        var arrivals = shown.filter { $0.drawListMark == shownMark }
        for view in arrivals { view.leftDrawList = false }
        arrivals.sort(by: Self.drawsBelow)
        var merged: [ReusableView] = []
        merged.reserveCapacity(old.count + arrivals.count)
        var i = 0, j = 0
        while i < old.count, j < arrivals.count {
            if Self.drawsBelow(arrivals[j], old[i]) { merged.append(arrivals[j]); j += 1 } else { merged.append(old[i]); i += 1 }
        }
        merged.append(contentsOf: old[i...])
        merged.append(contentsOf: arrivals[j...])
        // Both runs are in order unless a view kept from the last order moved in it.
        if drawOrderMoved {
            drawOrderMoved = false
            for k in merged.indices.dropFirst() where Self.drawsBelow(merged[k], merged[k - 1]) { return Self.drawList(shown) }
        }
        return merged
    }

    /// Hands the canvas its drawing order when it changed; the canvas asks as it starts to draw.
    /// Sorting the shown views only, and only after a change: a plain animation frame costs
    /// nothing here.
    func updateDrawListIfDue(_ views: @autoclosure () -> [ReusableView]) {
        guard drawListDirty else { return }
        drawListDirty = false
        let shown = views()
        lastDrawList = updatedDrawList(shown)
        // Debug builds (the tests): the order built from the last one is the order sorted anew.
        assert(lastDrawList.map(ObjectIdentifier.init) == Self.drawList(shown).map(ObjectIdentifier.init), "the drawing order built from the last one is out of order")
        let widgets: [UnsafeMutablePointer<GtkWidget>?] = lastDrawList.map { $0.widget }
        widgets.withUnsafeBufferPointer { buffer in
            cv_canvas_set_draw_order(OpaquePointer(canvas), buffer.baseAddress, guint(buffer.count))
        }
    }
}
