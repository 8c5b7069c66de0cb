import CGtk
import CCollectionHost
import CollectionLayout
import GtkGlue

/// The one owner of element views (GTK's `GtkListItemManager` is the model): the visible views
/// by element key, the elements still waiting for a view, the prepared area, the reuse queues,
/// and through `CanvasOrder` the reading and drawing orders. Everything that changes them goes
/// through `ensureViews(_:using:)` with a plan; only dequeuing and registering reach the queues
/// from outside. App code is called only through `ElementSource.makeView` (one element at a
/// time, never inside a loop over a collection it could change); the delegate hears what came
/// and went afterwards, from the events the plan returns.
///
/// Views are children of the canvas for their whole life: a queued view is hidden, not
/// unparented, because taking it out of the tree and back costs GTK a CSS restyle and
/// accessibility setup each time (GtkGridView keeps its recycled widgets parented for the same
/// reason).
@MainActor
final class ElementOwner {
    let canvas: WidgetPointer
    private let queues = ReuseQueues()
    private let order: CanvasOrder

    /// The shown view of each element in the prepared area.
    private(set) var visible: [ElementKey: ReusableView] = [:]
    /// Views animating out: no longer an element's view, drawn until their animation ends.
    private(set) var retiring: [ObjectIdentifier: ReusableView] = [:]
    /// How many views began retiring so far: each one's `retiredAt`.
    private var retirements = 0
    /// Views that left while pressed (`hold`): shown but not drawn until the press ends.
    private(set) var held: [ObjectIdentifier: (view: ReusableView, handler: gulong)] = [:]
    /// Elements of the prepared area still waiting for a view, farthest from the viewport first.
    private var pending: [(key: ElementKey, attributes: LayoutAttributes)] = []
    /// The content rectangle the views were made for (the viewport plus overscan); while the
    /// viewport stays well inside it and nothing was invalidated, a scroll only moves the canvas.
    private(set) var preparedArea: Rect?
    /// Extra area around the viewport, as a fraction of its size, whose elements also get views.
    private(set) var overscanFraction = 0.15
    /// The least extra area on each side, in points (the tile cache wants views made two tiles
    /// ahead of what is visible).
    private var minimumOverscan = 0.0
    /// The events of the plan under way.
    private var events: [DisplayEvent] = []

    init(canvas: WidgetPointer) {
        self.canvas = canvas
        order = CanvasOrder(canvas: canvas)
    }

    var hasPendingViews: Bool { !pending.isEmpty }

    // MARK: The funnel

    /// Does all of `plan`, asking `source` for what it needs, and returns what the view acts on
    /// afterwards (the delegate's display calls above all).
    @discardableResult
    func ensureViews(_ plan: ElementPlan, using source: ElementSource) -> ElementChanges {
        var changes = ElementChanges()
        let outer = events  // a plan that app code started from inside another keeps its own
        events = []
        defer { events = outer }
        switch plan {
        case let .pass(visibleRect, refresh, incremental):
            changes.prepared = prepareIfDue(around: visibleRect, refresh: refresh, incremental: incremental, source)
            if !changes.prepared, !pending.isEmpty { fill(visibleRect, offscreenBudget: 0, source) }
        case let .scroll(visibleRect, incremental):
            changes.prepared = preparedArea != nil && prepareIfDue(around: visibleRect, refresh: false, incremental: incremental, source)
        case let .fill(visibleRect, budget):
            fill(visibleRect, offscreenBudget: budget, source)
        case let .invalidated(keys, rect):
            refresh(keys, source)
            if let rect { refresh(in: rect, source) }
        case .forgetArea:
            preparedArea = nil
        case let .overscan(fraction, minimum):
            overscanFraction = fraction
            minimumOverscan = minimum
            preparedArea = nil
        case .reload:
            removeAll(source)
        case let .remap(newKey):
            changes.leaving = remap(newKey)
        case let .animate(record, leaving, area):
            changes.tracks = animate(record, leaving: leaving, area: area, source)
        case let .frame(show, retire):
            for (view, attributes) in show { order.present(attributes, on: view) }
            for view in retire { finishRetiring(view) }
        case .restack:
            order.restackIfDue(shownViews)
        case let .place(frame, allocateCanvas):
            allocateCanvas()
            order.place(shownViews, in: frame)
        case .canvasWillDraw:
            updateDrawListIfDue()
        case let .canvasAllocated(frame, realized):
            changes.placedEverything = order.canvasAllocated(shownViews, in: frame, realized: realized)
        case let .giveBack(view):
            if view.elementKey == nil, !queues.queuedViews.contains(where: { $0 === view }) { queues.enqueue(view) }
        case .dispose:
            dispose()
        }
        changes.events = events
        return changes
    }

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

    /// The views drawn: visible and retiring.
    private var shownViews: [ReusableView] { Array(visible.values) + Array(retiring.values) }

    /// The shown views in drawing order.
    func drawList() -> [ReusableView] { CanvasOrder.drawList(shownViews) }

    /// The canvas is about to draw: it gets its drawing order when that changed.
    private func updateDrawListIfDue() { order.updateDrawListIfDue(shownViews) }

    var readingOrderIsDue: Bool { order.readingOrderIsDue }
    /// How many times views came in or got new attributes (see `CanvasOrder.presentations`).
    var presentations: Int { order.presentations }
    var drawListIsDue: Bool { order.drawListIsDue }
    var queuedViews: [ReusableView] { queues.queuedViews }
    /// Views made so far, views waiting in queues.
    var queueCounts: (created: Int, queued: Int) { (queues.createdCount, queues.queuedCount) }

    // MARK: The queues

    /// A queued view after `prepareForReuse()`, or a new one (`dequeueReusableCell`).
    func dequeue(_ key: ReuseQueueKey, registration: ViewRegistration? = nil) throws(CollectionViewError) -> ReusableView {
        try queues.dequeue(key, registration: registration)
    }

    /// Registers a view class for a reuse identifier; queued views of a replaced class go.
    func register(_ registration: ViewRegistration?, for key: ReuseQueueKey) {
        for view in queues.register(registration, for: key) where gtk_widget_get_parent(view.widget) == canvas {
            gtk_widget_unparent(view.widget)
        }
    }

    // MARK: The prepared area

    /// True while the viewport is more than half the overscan inside the prepared area: the
    /// views there are ready. Past that the area is asked again, so views come in a few rows
    /// at a time instead of in one burst per overscan.
    private func isComfortable(_ visibleRect: Rect) -> Bool {
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

    /// Prepares the area around `visibleRect` when asked to (`refresh`) or when the viewport left
    /// the comfortable middle of the prepared area; true when it did.
    private func prepareIfDue(around visibleRect: Rect, refresh: Bool, incremental: Bool, _ source: ElementSource) -> Bool {
        guard refresh || !isComfortable(visibleRect) else { return false }
        prepare(around: visibleRect, incremental: incremental && !refresh, source)
        return true
    }

    /// Prepares the area around `visibleRect`: after a plain scroll (`incremental`) only the
    /// strips that came into it are asked for, otherwise all of it. Views in the viewport are
    /// made now, the overscan's later (`fill`).
    private func prepare(around visibleRect: Rect, incremental: Bool, _ source: ElementSource) {
        let old = preparedArea
        let area = area(around: visibleRect)
        preparedArea = area
        if let old, incremental, old.intersects(area) {
            scroll(from: old, to: area, source)
        } else {
            refresh(area, source)
        }
        let centre = visibleRect.center
        pending.sort { Self.distance($0.attributes.frame, centre) > Self.distance($1.attributes.frame, centre) }
        fill(visibleRect, offscreenBudget: 0, source)
    }

    /// Brings the views of `area` in line with the layout: views whose elements left go, the
    /// others get their attributes, and new elements wait in `pending`.
    private func refresh(_ area: Rect, _ source: ElementSource) {
        let wanted = source.attributesIn(area)
        let gone = visible.keys.filter { wanted[$0] == nil }
        for key in gone { remove(key, source) }
        var waiting: [(key: ElementKey, attributes: LayoutAttributes)] = []
        for (key, attributes) in wanted {
            if let view = visible[key] {
                if !source.animator.isAnimating(view) {  // the animator owns it
                    order.present(attributes, on: view)
                    source.selfSize(view, attributes)
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
    private func scroll(from old: Rect, to area: Rect, _ source: ElementSource) {
        let gone = visible.filter { !($0.value.appliedAttributes?.frame.intersects(area) ?? true) }.map(\.key)
        for key in gone { remove(key, source) }
        pending.removeAll { !$0.attributes.frame.intersects(area) }
        var known = Set(pending.map(\.key))
        for strip in Self.strips(of: area, outside: old) {
            for (key, attributes) in source.attributesIn(strip) where visible[key] == nil && !known.contains(key) {
                pending.append((key, attributes))
                known.insert(key)
            }
        }
    }

    /// Asks the layout again for the elements an invalidation context names: shown ones get
    /// their new attributes (unless an animation owns them), ones that came into the prepared
    /// area wait to be made, ones that left it or were hidden go.
    private func refresh(_ keys: [ElementKey], _ source: ElementSource) {
        guard !keys.isEmpty, let area = preparedArea else { return }
        for key in keys {
            guard let attributes = source.attributesOf(key), attributes.frame.intersects(area) else {
                if visible[key] != nil { remove(key, source) }
                continue
            }
            if let view = visible[key] {
                if !source.animator.isAnimating(view) {
                    order.present(attributes, on: view)
                    source.selfSize(view, attributes)
                }
            } else if let index = pending.firstIndex(where: { $0.key == key }) {
                pending[index].attributes = attributes  // it moved (a self-sizing view above it grew)
            } else {
                pending.append((key, attributes))
            }
        }
    }

    /// Asks the layout again for every element of the prepared area in `rect`, where the layout
    /// says elements moved without naming them (a self-sizing view grew): the shown ones there
    /// (by where they were) and the ones the layout puts there now.
    private func refresh(in rect: Rect, _ source: ElementSource) {
        guard let area = preparedArea else { return }
        let region = rect.intersection(area)
        guard !region.isEmpty else { return }
        var keys = Set(source.attributesIn(region).keys)
        for (key, view) in visible where view.appliedAttributes?.frame.intersects(region) ?? false { keys.insert(key) }
        pending.removeAll { $0.attributes.frame.intersects(region) }
        refresh(keys.sorted { $0.indexPath < $1.indexPath }, source)
    }

    /// Makes views for pending elements: every one now in the viewport, and `offscreenBudget`
    /// more (the nearest). The due elements are taken out of `pending` first; only then is the
    /// data source asked, one element at a time, so nothing it does reaches into the loop.
    private func fill(_ visibleRect: Rect, offscreenBudget: Int, _ source: ElementSource) {
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
            guard show(element.key, element.attributes, source) != nil || !source.hasWorkWaiting() else {
                pending += due[index...].reversed()  // made after the work that was asked for has run
                return
            }
        }
    }

    // MARK: Updates

    /// Gives the visible views their keys after a batch update. `newKey` maps an old key to its
    /// new one, or nil when the element went (deleted or replaced): those views start retiring
    /// and are returned with their old keys.
    private func remap(_ newKey: (ElementKey) -> ElementKey?) -> [(view: ReusableView, oldKey: ElementKey)] {
        var remapped: [ElementKey: ReusableView] = Dictionary(minimumCapacity: visible.count)
        var leaving: [(view: ReusableView, oldKey: ElementKey)] = []
        for (key, view) in visible {
            if let new = newKey(key) {
                remapped[new] = view
                view.elementKey = new
                if new != key { order.keyChanged(view, to: new) }
            } else {
                leaving.append((view, key))
                markRetiring(view)
            }
        }
        visible = remapped
        pending.removeAll()
        return leaving.sorted { $0.oldKey.indexPath < $1.oldKey.indexPath }
    }

    /// Gives every entry of an update record its view: persisting ones keep theirs, ones leaving
    /// the area start retiring, disappearing ones animate out on the view that retired in
    /// `remap`, appearing ones get a new view. The area around the viewport is taken as
    /// prepared: every element there has its view now.
    private func animate(_ record: UpdateRecord, leaving: [(view: ReusableView, oldKey: ElementKey)], area: Rect,
                         _ source: ElementSource) -> [Animator.Track] {
        preparedArea = area
        pending.removeAll()
        var leavingViews: [ElementKey: ReusableView] = [:]
        for (view, key) in leaving { leavingViews[key] = view }
        var tracks: [Animator.Track] = []
        for entry in record.entries {
            let view: ReusableView?
            switch entry.fate {
            case .persisting: view = entry.newKey.flatMap { visible[$0] }
            case .leavingArea: view = entry.newKey.flatMap(beginRetiring)
            case .disappearing: view = entry.oldKey.flatMap { leavingViews.removeValue(forKey: $0) }
            case .appearing: view = entry.newKey.flatMap { show($0, entry.from, source) }
            }
            guard let view else {
                // Not made now (app code asked for work while it was being made): made later.
                if entry.fate == .appearing, let key = entry.newKey, visible[key] == nil { pending.append((key, entry.to)) }
                continue
            }
            tracks.append(.init(view: view, from: entry.from, to: entry.to, removeAtEnd: entry.fate == .leavingArea || entry.fate == .disappearing))
        }
        for view in leavingViews.values { finishRetiring(view) }  // nothing to animate it from
        return tracks
    }
}

// MARK: Making and retiring views

extension ElementOwner {
    /// Makes (or reuses) and shows a view for `key` with `attributes`; nil when the data source
    /// has none. The delegate hears of it after the plan (`willDisplay`).
    ///
    /// A view whose making led app code to ask for structural work (it changed its data from
    /// inside `cellForItemAt`) is not shown but queued again: it may show data of an index path
    /// that is about to change. The element is made again once that work has run.
    private func show(_ key: ElementKey, _ attributes: LayoutAttributes, _ source: ElementSource) -> ReusableView? {
        guard visible[key] == nil, !source.hasWorkWaiting(), let view = source.makeView(key, attributes) else { return visible[key] }
        guard !source.hasWorkWaiting() else {
            hideAndQueue(view)
            return nil
        }
        visible[key] = view
        view.elementKey = key
        view.readingOrder = ReadingOrder(key: key)
        order.present(attributes, on: view)
        order.viewCameIn(view)
        view.lastFit = nil
        source.selfSize(view, attributes)
        events.append(.willDisplay(view, key))
        return view
    }

    /// The element's view leaves: hidden and queued for reuse.
    private func remove(_ key: ElementKey, _ source: ElementSource) {
        guard let view = visible.removeValue(forKey: key) else { return }
        source.animator.forget(view)
        end(view, key)
    }

    /// Every view leaves (a reload); retiring views too.
    private func removeAll(_ source: ElementSource) {
        pending.removeAll()
        preparedArea = nil
        let keys = Array(visible.keys)
        for key in keys { remove(key, source) }
        let leaving = Array(retiring.values)
        for view in leaving { finishRetiring(view) }
    }

    /// The element's view stops being the element's but stays on screen, animating out; it is
    /// queued by `finishRetiring` when its animation ends.
    private func beginRetiring(_ key: ElementKey) -> ReusableView? {
        guard let view = visible.removeValue(forKey: key) else { return nil }
        view.elementKey = key
        markRetiring(view)
        return view
    }

    private func markRetiring(_ view: ReusableView) {
        retiring[ObjectIdentifier(view)] = view
        retirements += 1
        view.retiredAt = retirements
        order.viewRetired(view)
    }

    /// A view that finished animating out: hidden and queued.
    private func finishRetiring(_ view: ReusableView) {
        guard retiring.removeValue(forKey: ObjectIdentifier(view)) != nil, let key = view.elementKey else { return }
        end(view, key)
    }

    private func end(_ view: ReusableView, _ key: ElementKey) {
        hideAndQueue(view)
        events.append(.didEndDisplaying(view, key))
    }

    private func hideAndQueue(_ view: ReusableView) {
        // A hidden cell keeps neither the focus state nor GTK's focus (the collection takes it);
        // its look is updated when it next shows an item, not for the item it leaves.
        if let cell = view as? CollectionViewCell {
            cell.isPreparingForDisplay = true
            cell.isFocused = false
        }
        order.viewLeft(view)
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
    /// raised ("Broken accounting of active state"). So it stays a shown child, kept out of the
    /// drawing order and out of picking (can-target off), keyless and in no queue, until the
    /// press ends; then it is hidden and queued like any other.
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

    /// The widget is going away: views drop their owner and the queues empty.
    private func dispose() {
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
}
