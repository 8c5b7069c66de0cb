import CGtk
import CCollectionHost
import CollectionLayout
import GtkGlue

/// What the element owner asks of the collection view: views from the data source, the
/// delegate's display calls, and the layout's validated answers. The owner calls these only
/// outside its own loops, so whatever a callback does cannot change a collection it iterates.
@MainActor
protocol ElementOwnerClient: AnyObject {
    /// A configured view for the element (the data source's, or a decoration view); nil when
    /// there is none (reported by the client).
    func makeView(for key: ElementKey) -> ReusableView?
    func willDisplay(_ view: ReusableView, for key: ElementKey)
    func didEndDisplaying(_ view: ReusableView, for key: ElementKey)
    /// The view has the layout's attributes (a new element's, or new ones outside an
    /// animation): a self-sizing layout hears what it would like.
    func fit(_ view: ReusableView, _ attributes: LayoutAttributes)
    /// The layout's usable attributes in `rect`, by element.
    func wantedAttributes(in rect: Rect) -> [ElementKey: LayoutAttributes]
    /// Whether the animator moves this view now (then a pass leaves its attributes alone).
    func isAnimating(_ view: ReusableView) -> Bool
    /// The view stops being shown some other way than by its animation ending.
    func viewWillLeave(_ view: ReusableView)
    /// True when app code asked for structural work (an update, a reload) that has not run
    /// yet: views made now could show data for index paths that are about to change.
    var hasWorkWaiting: Bool { get }
}

/// The one owner of element views (GTK's `GtkListItemManager` is the model): the visible views
/// by element key, the elements still waiting for a view, the prepared area, the reuse queues
/// and the drawing order. Scrolling, the layout pass, the fill tick, batch updates and
/// transitions all ask it; nothing else makes, reuses, places or retires a view.
///
/// Views are children of `canvas` for their whole life: a queued view is hidden, not unparented,
/// because taking it out of the tree and back costs GTK a CSS restyle and accessibility setup
/// each time (measured at a third of a scrolled frame; GtkGridView keeps its recycled widgets
/// parented for the same reason).
@MainActor
final class ElementOwner {
    weak var client: ElementOwnerClient?
    let canvas: WidgetPointer
    let queues = ReuseQueues()

    /// The shown view of each element in the prepared area.
    private(set) var visible: [ElementKey: ReusableView] = [:]
    /// Views animating out: no longer an element's view, drawn until their animation ends.
    private(set) var retiring: [ObjectIdentifier: ReusableView] = [:]
    /// How many views began retiring so far: each one's `retiredAt`.
    private var retirements = 0
    /// Views that left while pressed (`hold`): shown but not drawn until the press ends.
    private(set) var held: [ObjectIdentifier: (view: ReusableView, handler: gulong)] = [:]
    /// Elements of the prepared area still waiting for a view, farthest from the viewport first.
    private(set) var pending: [(key: ElementKey, attributes: LayoutAttributes)] = []
    /// The content rectangle the views were made for (the viewport plus overscan); while the
    /// viewport stays well inside it and nothing was invalidated, a scroll only moves the canvas.
    private(set) var preparedArea: Rect?
    /// Extra area around the viewport, as a fraction of its size, whose elements also get views.
    var overscanFraction = 0.15
    /// The least extra area on each side, in points (the tile cache wants views made two tiles
    /// ahead of what is visible).
    var minimumOverscan = 0.0
    /// The content point at the canvas's origin: views are placed relative to it.
    var canvasOrigin = Point.zero
    /// Whether the canvas is drawn mirrored (right to left): views flip their content back.
    var mirrored = false
    private var readingOrderDirty = false
    /// True when the children must be sorted into reading order again before the next placement.
    var readingOrderIsDue: Bool { readingOrderDirty }
    private var drawListDirty = false
    /// True when the canvas's drawing order must be built again before it draws.
    var drawListIsDue: Bool { drawListDirty }
    /// The order last handed to the canvas, and the mark of the last update (see
    /// updatedDrawList). A view let go since is held until the next update.
    private var lastDrawList: [ReusableView] = []
    private var drawListGeneration = 0
    /// A view in the last order got another place in it since (a new zIndex or key, or it
    /// began retiring): the merged order is checked, and sorted again when out of order.
    private var drawOrderMoved = false
    /// Views that came in or changed since the last placement: only they are placed again.
    private var toPlace: [ReusableView] = []
    /// The canvas origin and direction every view was last placed for (`canvasAllocated`).
    private var placedEverything: (origin: Point, mirrored: Bool)?

    init(canvas: WidgetPointer) {
        self.canvas = canvas
    }

    var hasPendingViews: Bool { !pending.isEmpty }

    // MARK: Looking up

    func view(for key: ElementKey) -> ReusableView? { visible[key] }

    /// The visible elements of one category (and kind), in index path order.
    func visibleElements(_ category: ElementCategory, kind: String? = nil) -> [(key: ElementKey, view: ReusableView)] {
        visible.filter { $0.key.category == category && (kind == nil || $0.key.kind == kind) }
            .sorted { $0.key.indexPath < $1.key.indexPath }
            .map { (key: $0.key, view: $0.value) }
    }

    /// What every visible view shows now, by key (mid-animation included).
    func shownAttributes() -> [ElementKey: LayoutAttributes] {
        visible.compactMapValues(\.appliedAttributes)
    }

    // MARK: The prepared area

    /// True while the viewport is more than half the overscan inside the prepared area: the
    /// views there are ready. Past that the area is asked again, so views come in a few rows
    /// at a time instead of in one burst per overscan.
    func isComfortable(_ visibleRect: Rect) -> Bool {
        guard let preparedArea else { return false }
        let extra = overscan(around: visibleRect)
        return preparedArea.insetBy(dx: extra.x / 2, dy: extra.y / 2).contains(visibleRect)
    }

    /// The viewport plus overscan.
    func area(around visibleRect: Rect) -> Rect {
        let extra = overscan(around: visibleRect)
        return visibleRect.insetBy(dx: -extra.x, dy: -extra.y)
    }

    /// The extra area on each side: a fraction of the viewport, at least `minimumOverscan`.
    private func overscan(around visibleRect: Rect) -> (x: Double, y: Double) {
        (max(visibleRect.width * overscanFraction, minimumOverscan), max(visibleRect.height * overscanFraction, minimumOverscan))
    }

    /// Forgets the prepared area: the next pass asks the layout for all of it.
    func invalidateArea() { preparedArea = nil }

    /// Prepares the area around `visibleRect`: after a plain scroll (`incremental`) only the
    /// strips that came into it are asked for, otherwise all of it. Views in the viewport are
    /// made now, the overscan's later (`fill`).
    func prepare(around visibleRect: Rect, incremental: Bool) {
        let old = preparedArea
        let area = area(around: visibleRect)
        preparedArea = area
        if let old, incremental, old.intersects(area) {
            scroll(from: old, to: area)
        } else {
            refresh(area)
        }
        let centre = visibleRect.center
        pending.sort { Self.distance($0.attributes.frame, centre) > Self.distance($1.attributes.frame, centre) }
        fill(visibleRect: visibleRect, offscreenBudget: 0)
    }

    /// Takes `area` as prepared without asking the layout (an update's animation has just
    /// given every element there its view).
    func adoptArea(_ area: Rect) {
        preparedArea = area
        pending.removeAll()
    }

    /// Brings the views of `area` in line with the layout: views whose elements left go, the
    /// others get their attributes, and new elements wait in `pending`.
    private func refresh(_ area: Rect) {
        guard let client else { return }
        let wanted = client.wantedAttributes(in: area)
        let gone = visible.keys.filter { wanted[$0] == nil }
        for key in gone { remove(key) }
        var waiting: [(key: ElementKey, attributes: LayoutAttributes)] = []
        for (key, attributes) in wanted {
            if let view = visible[key] {
                if !client.isAnimating(view) {  // the animator owns it
                    present(attributes, on: view)
                    client.fit(view, attributes)
                }
            } else {
                waiting.append((key, attributes))
            }
        }
        pending = waiting
    }

    /// A plain scroll (the layout unchanged, nothing animating): the views whose frames left
    /// `area` go, and only the strips of `area` that `old` did not cover are asked for
    /// elements, a few rows instead of the whole area.
    private func scroll(from old: Rect, to area: Rect) {
        guard let client else { return }
        let gone = visible.filter { !($0.value.appliedAttributes?.frame.intersects(area) ?? true) }.map(\.key)
        for key in gone { remove(key) }
        pending.removeAll { !$0.attributes.frame.intersects(area) }
        var known = Set(pending.map(\.key))
        for strip in Self.strips(of: area, outside: old) {
            for (key, attributes) in client.wantedAttributes(in: strip) where visible[key] == nil && !known.contains(key) {
                pending.append((key, attributes))
                known.insert(key)
            }
        }
    }

    /// The parts of `area` outside `old` (which it overlaps): bands above and below, then the
    /// left and right pieces of the band they share.
    nonisolated static func strips(of area: Rect, outside old: Rect) -> [Rect] {
        var result: [Rect] = []
        if area.minY < old.minY { result.append(Rect(x: area.minX, y: area.minY, width: area.width, height: old.minY - area.minY)) }
        if area.maxY > old.maxY { result.append(Rect(x: area.minX, y: old.maxY, width: area.width, height: area.maxY - old.maxY)) }
        let top = max(area.minY, old.minY), bottom = min(area.maxY, old.maxY)
        if bottom > top {
            if area.minX < old.minX { result.append(Rect(x: area.minX, y: top, width: old.minX - area.minX, height: bottom - top)) }
            if area.maxX > old.maxX { result.append(Rect(x: old.maxX, y: top, width: area.maxX - old.maxX, height: bottom - top)) }
        }
        return result
    }

    private static func distance(_ frame: Rect, _ point: Point) -> Double {
        let dx = max(frame.minX - point.x, 0, point.x - frame.maxX)
        let dy = max(frame.minY - point.y, 0, point.y - frame.maxY)
        return dx * dx + dy * dy
    }

    /// Makes views for pending elements: every one now in the viewport, and `offscreenBudget`
    /// more (the nearest). The due elements are taken out of `pending` first; only then is the
    /// data source asked, one element at a time, so nothing it does reaches into the loop.
    func fill(visibleRect: Rect, offscreenBudget: Int) {
        var due: [(key: ElementKey, attributes: LayoutAttributes)] = []
        var budget = offscreenBudget
        var index = pending.count - 1
        while index >= 0 {
            let onScreen = pending[index].attributes.frame.intersects(visibleRect)
            if onScreen || budget > 0 {
                if !onScreen { budget -= 1 }
                due.append(pending.remove(at: index))
            }
            index -= 1
            if budget <= 0, index >= 0, !pending[index].attributes.frame.intersects(visibleRect) {
                // The rest is sorted farther out; only on-screen ones could still be due.
                index = pending.lastIndex { $0.attributes.frame.intersects(visibleRect) } ?? -1
            }
        }
        for (index, element) in due.enumerated() {
            guard show(element.key, element.attributes) != nil || client?.hasWorkWaiting != true else {
                pending += due[index...].reversed()  // made after the work that was asked for has run
                return
            }
        }
    }

    /// An element of the prepared area whose view is to be made later.
    func addPending(_ key: ElementKey, _ attributes: LayoutAttributes) {
        guard visible[key] == nil else { return }
        if let index = pending.firstIndex(where: { $0.key == key }) {
            pending[index].attributes = attributes  // it moved (a self-sizing view above it grew)
        } else {
            pending.append((key, attributes))
        }
    }

    /// Elements waiting for a view whose frames meet `rect`: the layout moved them.
    func dropPending(in rect: Rect) {
        pending.removeAll { $0.attributes.frame.intersects(rect) }
    }

    // MARK: Making and retiring views

    /// Makes (or reuses) and shows a view for `key` with `attributes`; nil when the data source
    /// has none. Asks the data source, then tells the delegate.
    ///
    /// A view whose making led app code to ask for structural work (it changed its data from
    /// inside `cellForItemAt`) is not shown but queued again: it may show data of an index path
    /// that is about to change. The element is made again once that work has run.
    @discardableResult
    func show(_ key: ElementKey, _ attributes: LayoutAttributes) -> ReusableView? {
        guard visible[key] == nil, let client, !client.hasWorkWaiting, let view = client.makeView(for: key) else { return visible[key] }
        guard !client.hasWorkWaiting else {
            hideAndQueue(view)
            return nil
        }
        visible[key] = view
        view.elementKey = key
        view.readingOrder = ReadingOrder(key: key)
        present(attributes, on: view)
        insertInReadingOrder(view)
        drawListChanged()
        view.lastFit = nil
        client.fit(view, attributes)
        client.willDisplay(view, for: key)
        return view
    }

    /// The element's view leaves: hidden and queued for reuse.
    func remove(_ key: ElementKey) {
        guard let view = visible.removeValue(forKey: key) else { return }
        client?.viewWillLeave(view)
        end(view, key)
    }

    /// Every view leaves (a reload); retiring views too.
    func removeAll() {
        pending.removeAll()
        preparedArea = nil
        let keys = Array(visible.keys)
        for key in keys { remove(key) }
        let leaving = Array(retiring.values)
        for view in leaving { finishRetiring(view) }
    }

    /// The element's view stops being the element's but stays on screen, animating out; it is
    /// queued by `finishRetiring` when its animation ends.
    func beginRetiring(_ key: ElementKey) -> ReusableView? {
        guard let view = visible.removeValue(forKey: key) else { return nil }
        view.elementKey = key
        markRetiring(view)
        return view
    }

    private func markRetiring(_ view: ReusableView) {
        retiring[ObjectIdentifier(view)] = view
        retirements += 1
        view.retiredAt = retirements
        drawOrderMoved = true
        drawListChanged()  // it now goes under a view that takes its old key
    }

    /// A view that finished animating out: hidden and queued.
    func finishRetiring(_ view: ReusableView) {
        guard retiring.removeValue(forKey: ObjectIdentifier(view)) != nil, let key = view.elementKey else { return }
        end(view, key)
    }

    private func end(_ view: ReusableView, _ key: ElementKey) {
        hideAndQueue(view)
        client?.didEndDisplaying(view, for: key)
    }

    private func hideAndQueue(_ view: ReusableView) {
        // A hidden cell keeps neither the focus state nor GTK's focus (the collection takes it).
        (view as? CollectionViewCell)?.isFocused = false
        drawListChanged()
        view.leftDrawList = true
        view.elementKey = nil
        view.retiredAt = 0
        view.appliedAttributes = nil
        if isPressed(view) {
            hold(view)
            return
        }
        gtk_widget_set_child_visible(view.widget, 0)
        if !queues.enqueue(view), gtk_widget_get_parent(view.widget) == canvas {
            gtk_widget_unparent(view.widget)  // of a class registered over since: dropped
        }
    }

    /// Whether a press or a touch that began on the view is still down: GTK counts it in the
    /// widget's ACTIVE state (its `n_active`, raised on the picked widget and all its ancestors
    /// at the press, lowered at the release).
    private func isPressed(_ view: ReusableView) -> Bool {
        gtk_widget_get_state_flags(view.widget).rawValue & GTK_STATE_FLAG_ACTIVE.rawValue != 0
    }

    /// A view whose element left while a finger (or button) is still down on it: hiding it now
    /// would make GTK drop the touch's implicit grab and pick a new target under the finger at
    /// the next event, so the release would lower the ACTIVE count of widgets the press never
    /// raised ("Broken accounting of active state", seen when a pinch's transition finished
    /// with a finger on a view the new layout leaves out). So it stays a shown child, kept out
    /// of the drawing order and out of picking (can-target off), keyless and in no queue, until
    /// the press ends; then it is hidden and queued like any other.
    private func hold(_ view: ReusableView) {
        let id = ObjectIdentifier(view)
        guard held[id] == nil else { return }
        gtk_widget_set_can_target(view.widget, 0)
        let handler = Signal.connectInt(raw(view.widget), "state-flags-changed") { [weak self, weak view] _ in
            guard let self, let view, !self.isPressed(view) else { return }
            // Not inside GTK's handling of the release (it is still walking up from the
            // widget it picked): on the main loop's next turn.
            Async.after(milliseconds: 0) { [weak self, weak view] in
                guard let self, let view, !self.isPressed(view) else { return }
                self.release(view)
            }
        }
        held[id] = (view, handler)
    }

    private func release(_ view: ReusableView) {
        guard let (_, handler) = held.removeValue(forKey: ObjectIdentifier(view)) else { return }
        g_signal_handler_disconnect(raw(view.widget), handler)
        gtk_widget_set_can_target(view.widget, 1)
        hideAndQueue(view)
    }

    /// Gives the visible views their keys after a batch update. `newKey` maps an old key to its
    /// new one, or nil when the element went (deleted or replaced): those views start retiring
    /// and are returned with their old keys.
    func remap(_ newKey: (ElementKey) -> ElementKey?) -> [(view: ReusableView, oldKey: ElementKey)] {
        var remapped: [ElementKey: ReusableView] = Dictionary(minimumCapacity: visible.count)
        var leaving: [(view: ReusableView, oldKey: ElementKey)] = []
        for (key, view) in visible {
            if let new = newKey(key) {
                remapped[new] = view
                view.elementKey = new
                if new != key {
                    view.drawOrder = DrawOrder(zIndex: view.drawOrder.zIndex, key: new)
                    drawOrderMoved = true
                    view.readingOrder = ReadingOrder(key: new)
                    readingOrderDirty = true
                    drawListChanged()
                }
            } else {
                leaving.append((view, key))
                markRetiring(view)
            }
        }
        visible = remapped
        pending.removeAll()
        return leaving.sorted { $0.oldKey.indexPath < $1.oldKey.indexPath }
    }

    /// Registers a view class for a reuse identifier; queued views of a replaced class go.
    func register(_ registration: ViewRegistration?, for key: ReuseQueueKey) {
        for view in queues.register(registration, for: key) where gtk_widget_get_parent(view.widget) == canvas {
            gtk_widget_unparent(view.widget)
        }
    }

    /// The widget is going away: views drop their owner and the queues empty.
    func dispose() {
        for view in visible.values { view.owner = nil }
        for view in retiring.values { view.owner = nil }
        for (view, handler) in held.values {
            view.owner = nil
            g_signal_handler_disconnect(raw(view.widget), handler)
        }
        held.removeAll()
        visible.removeAll()
        retiring.removeAll()
        pending.removeAll()
        queues.removeAll()
    }

    // MARK: Attributes and placement

    /// Shows `attributes` on a view: stored, and handed to GTK only when they changed.
    func present(_ attributes: LayoutAttributes, on view: ReusableView) {
        if let old = view.appliedAttributes, old == attributes { return }
        // The drawing order changes with the zIndex only: a new key gets its order in `show`
        // (no attributes yet) or `remap`. So an animation frame builds no order.
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
        view.apply(attributes)
        toPlace.append(view)
    }

    /// Allocates the views that came in or changed since the last call (all of them when
    /// `everything`: GTK allocated the canvas, or its origin moved). Call `restackIfDue()`
    /// before the canvas is allocated: reordering children makes GTK lay the canvas out again.
    func place(everything: Bool) {
        let origin = canvasOrigin
        if everything {
            placedEverything = (origin, mirrored)
            for view in visible.values { place(view, origin) }
            for view in retiring.values { place(view, origin) }
        } else {
            for view in toPlace where gtk_widget_get_child_visible(view.widget) != 0 { place(view, origin) }
        }
        toPlace.removeAll(keepingCapacity: true)
    }

    /// GTK allocated the canvas (a child was added or queued a resize), and wants every child
    /// allocated again. Where the views were all placed for this canvas origin and direction,
    /// the canvas puts each where it was (false); else (or the canvas was realized since: the
    /// renderer decides how a 3D transform goes in) they are placed from their attributes.
    func canvasAllocated(realized: Bool) -> Bool {
        if !realized, let placed = placedEverything, placed.origin == canvasOrigin, placed.mirrored == mirrored { return false }
        place(everything: true)
        return true
    }

    private func place(_ view: ReusableView, _ origin: Point) {
        guard let attributes = view.appliedAttributes else { return }
        view.placement.place(view.widget, attributes, origin: origin, mirrored: mirrored)
    }

    // MARK: Reading order and drawing order

    /// Child order is reading order (`ReadingOrder`): what accessibility tools list and GTK's
    /// focus chain walks. A view goes straight to its place: a new one is appended or
    /// prepended, a reused one stays where it was, and either moves only when it is out of
    /// order with its shown neighbours (hidden children are neither read nor drawn, so they do
    /// not count). Only a changed key sorts everything again; a zIndex never moves a child.
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

    /// Sorts the shown views into reading order when a key changed (a batch update).
    func restackIfDue() {
        if readingOrderDirty { restack() }
    }

    /// Sorts the shown views into reading order; retiring views come by their old keys.
    private func restack() {
        readingOrderDirty = false
        let ordered = (Array(visible.values) + Array(retiring.values)).sorted {
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

    /// A view came or went, or a zIndex or key changed: the canvas's drawing order is built
    /// again when it next draws.
    private func drawListChanged() {
        if drawListDirty { return }
        drawListDirty = true
        gtk_widget_queue_draw(canvas)
    }

    /// The shown views in drawing order (`DrawOrder`: zIndex, then category, then element).
    /// A retiring view can share its old key's order with the view that has that key now:
    /// retiring views go under live ones, the earlier retired lower, so the order is the same
    /// however the dictionaries iterate (object identities, which differ run to run, never count).
    func drawList() -> [ReusableView] {
        (Array(visible.values) + Array(retiring.values)).sorted(by: Self.drawsBelow)
    }

    private static func drawsBelow(_ a: ReusableView, _ b: ReusableView) -> Bool {
        a.drawOrder != b.drawOrder ? a.drawOrder < b.drawOrder : retiredEarlier(a, b)
    }

    /// `drawList()`, built from the last one: its views still shown keep their order, the views
    /// that came in are sorted and merged in. A scrolled frame brings a row or two into a few
    /// hundred views, so this compares about twice per view where sorting them all compared
    /// ten times (it was a tenth of a scrolled frame's CPU). A view whose place changed (a new
    /// zIndex or index path) can leave the list out of order, which a last pass then looks
    /// for (only then: it was a third of this on a scrolled frame); out of order, everything
    /// is sorted.
    private func updatedDrawList() -> [ReusableView] {
        drawListGeneration += 2
        let shown = drawListGeneration, kept = drawListGeneration + 1
        for view in visible.values { view.drawListMark = shown }
        for view in retiring.values { view.drawListMark = shown }
        var old: [ReusableView] = []
        old.reserveCapacity(visible.count + retiring.count)
        for view in lastDrawList where view.drawListMark == shown && !view.leftDrawList {
            view.drawListMark = kept
            old.append(view)
        }
        var arrivals = visible.values.filter { $0.drawListMark == shown } + retiring.values.filter { $0.drawListMark == shown }
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
            for k in merged.indices.dropFirst() where Self.drawsBelow(merged[k], merged[k - 1]) { return drawList() }
        }
        return merged
    }

    /// The tie between views with one key: retiring before live, then by when they retired.
    private static func retiredEarlier(_ a: ReusableView, _ b: ReusableView) -> Bool {
        let live = Int.max
        return (a.retiredAt == 0 ? live : a.retiredAt) < (b.retiredAt == 0 ? live : b.retiredAt)
    }

    /// Hands the canvas its drawing order when it changed; the canvas calls this as it starts
    /// to draw. Sorting the shown views only, and only after a change: a plain animation frame
    /// costs nothing here.
    func updateDrawListIfDue() {
        guard drawListDirty else { return }
        drawListDirty = false
        lastDrawList = updatedDrawList()
        // Debug builds (the tests): the order built from the last one is the order sorted anew.
        assert(lastDrawList.map(ObjectIdentifier.init) == drawList().map(ObjectIdentifier.init), "the drawing order built from the last one is out of order")
        let widgets: [UnsafeMutablePointer<GtkWidget>?] = lastDrawList.map { $0.widget }
        widgets.withUnsafeBufferPointer { buffer in
            cv_canvas_set_draw_order(OpaquePointer(canvas), buffer.baseAddress, guint(buffer.count))
        }
    }
}
