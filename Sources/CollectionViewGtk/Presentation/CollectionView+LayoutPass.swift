import CGtk
import GtkGlue
import CCollectionHost
import CollectionLayout

/// The layout pass. On every allocation of the viewport (one per frame at most) the view sizes
/// the scrollable area and moves the canvas to the content offset. Only when the layout was
/// invalidated, the viewport was resized, or the viewport left the prepared area does it ask
/// the layout for the elements in the viewport plus overscan, bring their views in from the
/// reuse queues and send the others back. Views are placed on the canvas, which GTK allocates
/// only when views were added or changed; a plain scroll re-places none of them.
extension CollectionView {
    /// Half the canvas's extra room on each side; see `anchor`.
    static let anchorMargin = 16_384.0

    func hostAllocated(width: Int, height: Int) {
        inLayoutPass = true
        defer { inLayoutPass = false }
        let layout = collectionViewLayout
        let resized = Double(width) != viewportSize.width || Double(height) != viewportSize.height
        viewportSize = Size(width: Double(width), height: Double(height))
        if resized, layout.shouldInvalidateLayout(forBoundsChange: bounds) {
            layout.invalidateLayout()
        }
        _ = counts  // the data source is asked before the layout reads the counts
        let dirty = layout.needsPrepare
        layout.prepareIfNeeded()
        let content = layout.collectionViewContentSize
        cv_scroll_host_configure(host, sanitize(content.width), sanitize(content.height), Double(width), Double(height))
        let visibleRect = bounds
        if dirty || resized || !isComfortable(visibleRect) {
            refreshViews(visibleRect: visibleRect, fresh: dirty || resized)
        } else if !pendingViews.isEmpty {
            fillPendingViews(visibleRect: visibleRect, offscreenBudget: 0)
        }
        var placeNow = false
        if anchorNeedsMove(for: visibleRect.origin) {  // the offset jumped inside this pass (clamping)
            anchor = visibleRect.origin
            placeNow = true
        }
        if drawOrderDirty { restack() }
        let margin = Self.anchorMargin
        var shift = graphene_point_t(x: Float(anchor.x - margin - visibleRect.minX), y: Float(anchor.y - margin - visibleRect.minY))
        gtk_widget_allocate(canvas, Int32(2 * margin) + Int32(width), Int32(2 * margin) + Int32(height), -1,
                            gsk_transform_translate(nil, &shift))
        if placeNow {
            placeVisibleViews()
        } else {
            // Only the views that came in or changed this pass move; the rest keep their place.
            let origin = canvasOrigin
            for view in viewsToPlace where gtk_widget_get_child_visible(view.widget) != 0 {
                if let attributes = view.appliedAttributes { view.placement.place(view.widget, attributes, origin: origin) }
            }
        }
        viewsToPlace.removeAll(keepingCapacity: true)
        noteLayoutPass()
    }

    /// True while the viewport is more than half the overscan inside the prepared area: the
    /// views there are ready. Past that the area is asked again, so views come in a few rows
    /// at a time instead of in one burst per overscan.
    func isComfortable(_ visibleRect: Rect) -> Bool {
        guard let preparedArea else { return false }
        let overscan = (x: visibleRect.width * overscanFraction, y: visibleRect.height * overscanFraction)
        return preparedArea.insetBy(dx: overscan.x / 2, dy: overscan.y / 2).contains(visibleRect)
    }

    /// Prepares the area around `visibleRect` anew: only the strips that came into it after a
    /// plain scroll, or all of it when the layout changed (`fresh`) or something animates.
    /// Views in the viewport are made now, the overscan's a few per frame after.
    func refreshViews(visibleRect: Rect, fresh: Bool) {
        let overscan = (x: visibleRect.width * overscanFraction, y: visibleRect.height * overscanFraction)
        let old = preparedArea
        let area = visibleRect.insetBy(dx: -overscan.x, dy: -overscan.y)
        preparedArea = area
        if let old, !fresh, animator.tracks.isEmpty, interactiveTransition == nil, old.intersects(area) {
            scrollVisibleViews(from: old, to: area)
        } else {
            updateVisibleViews(in: area)
        }
        let centre = visibleRect.center
        pendingViews.sort { distance($0.attributes.frame, centre) > distance($1.attributes.frame, centre) }
        fillPendingViews(visibleRect: visibleRect, offscreenBudget: 0)
    }

    func anchorNeedsMove(for offset: Point) -> Bool {
        abs(offset.x - anchor.x) > Self.anchorMargin / 2 || abs(offset.y - anchor.y) > Self.anchorMargin / 2
    }

    private func sanitize(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }

    /// The rectangle whose elements get views, for the current viewport.
    var preparedRect: Rect {
        preparedArea ?? bounds
    }

    /// Brings the views for `area` in line with the layout: views whose elements left go, the
    /// others get their attributes, and new elements wait in `pendingViews`.
    private func updateVisibleViews(in area: Rect) {
        let wanted = wantedAttributes(in: area)
        for key in Array(visible.keys) where wanted[key] == nil {
            removeVisibleView(for: key)
        }
        var pending: [(key: ElementKey, attributes: LayoutAttributes)] = []
        for (key, attributes) in wanted {
            if let view = visible[key] {
                if !animator.isAnimating(view) { apply(attributes, to: view) }  // the animator owns it
            } else {
                pending.append((key, attributes))
            }
        }
        pendingViews = pending
    }

    /// A plain scroll (the layout unchanged, nothing animating): the views whose frames left
    /// `area` go, and only the strips of `area` that `old` did not cover are asked for
    /// elements, a few rows instead of the whole area. The layout's answers for the rest are
    /// what they were, so the views there stay as they are.
    private func scrollVisibleViews(from old: Rect, to area: Rect) {
        var gone: [ElementKey] = []
        for (key, view) in visible where !(view.appliedAttributes?.frame.intersects(area) ?? true) {
            gone.append(key)
        }
        for key in gone { removeVisibleView(for: key) }
        pendingViews.removeAll { !$0.attributes.frame.intersects(area) }
        var pendingKeys = Set(pendingViews.map(\.key))
        for strip in Self.strips(of: area, outside: old) {
            for (key, attributes) in wantedAttributes(in: strip) where visible[key] == nil && !pendingKeys.contains(key) {
                pendingViews.append((key, attributes))
                pendingKeys.insert(key)
            }
        }
    }

    /// The parts of `area` outside `old` (which it overlaps): bands above and below, then the
    /// left and right pieces of the band they share.
    static func strips(of area: Rect, outside old: Rect) -> [Rect] {
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

    /// Makes views for pending elements (sorted farthest first): every one now in the
    /// viewport, and `offscreenBudget` more. The rest come in the next frames' update phase,
    /// before layout: a view's content changing during the layout pass (a label's text, say)
    /// queues a resize, which makes GTK lay the whole window out again in the same frame.
    func fillPendingViews(visibleRect: Rect, offscreenBudget: Int) {
        var budget = offscreenBudget
        var index = pendingViews.count - 1
        while index >= 0 {
            let (key, attributes) = pendingViews[index]
            let onScreen = attributes.frame.intersects(visibleRect)
            if onScreen || budget > 0 {
                if !onScreen { budget -= 1 }
                pendingViews.remove(at: index)
                showView(for: key, attributes)
            }
            index -= 1
            if budget <= 0, index >= 0, !pendingViews[index].attributes.frame.intersects(visibleRect) {
                // The rest is sorted farther out; only on-screen ones could still be due.
                index = pendingViews.lastIndex { $0.attributes.frame.intersects(visibleRect) } ?? -1
            }
        }
        if !pendingViews.isEmpty { scheduleFill() }
    }

    /// Makes pending views a few per frame, in the frame clock's update phase (a tick
    /// callback), until none is left, and asks for a pass to place them.
    private func scheduleFill() {
        guard !fillScheduled else { return }
        fillScheduled = true
        Tick.add(viewport) { [weak self] _ in
            guard let self, !self.pendingViews.isEmpty else {
                self?.fillScheduled = false
                return false
            }
            self.fillPendingViews(visibleRect: self.bounds, offscreenBudget: Self.offscreenViewsPerFrame)
            gtk_widget_queue_allocate(self.viewport)
            self.fillScheduled = !self.pendingViews.isEmpty
            return self.fillScheduled
        }
    }

    /// How many views outside the viewport a frame makes: about a line of a dense grid.
    static let offscreenViewsPerFrame = 12

    func showView(for key: ElementKey, _ attributes: LayoutAttributes) {
        guard visible[key] == nil, let view = makeView(for: key) else { return }
        visible[key] = view
        view.elementKey = key
        if let cell = view as? CollectionViewCell { applySelectionState(to: cell, at: key.indexPath) }
        apply(attributes, to: view)
        insertInDrawOrder(view)
        willDisplay(view, key)
    }

    private func distance(_ frame: Rect, _ point: Point) -> Double {
        let dx = max(frame.minX - point.x, 0, point.x - frame.maxX)
        let dy = max(frame.minY - point.y, 0, point.y - frame.maxY)
        return dx * dx + dy * dy
    }

    /// The layout's attributes in `rect`, keyed by element, without hidden or unusable ones.
    func wantedAttributes(in rect: Rect) -> [ElementKey: LayoutAttributes] {
        let all = collectionViewLayout.layoutAttributesForElements(in: rect)
        var wanted: [ElementKey: LayoutAttributes] = Dictionary(minimumCapacity: all.count)
        let counts = self.counts
        for attributes in all where !attributes.isHidden {
            let key = attributes.elementKey
            guard attributes.frame.isFinite else {
                report(.invalidLayoutAttributes("\(key) has the frame \(attributes.frame)"))
                continue
            }
            if key.category != .decorationView {
                let path = key.indexPath
                let valid = path.count >= 1 && counts.indices.contains(path.section)
                    && (key.category != .cell || (path.count == 2 && path.item >= 0 && path.item < counts[path.section]))
                guard valid else {
                    report(.invalidLayoutAttributes("\(key) is outside the data source's \(counts.count) sections"))
                    continue
                }
            }
            wanted[key] = attributes
        }
        return wanted
    }

    private func makeView(for key: ElementKey) -> ReusableView? {
        switch key.category {
        case .cell:
            guard let dataSource else { return nil }
            let cell = dataSource.collectionView(self, cellForItemAt: key.indexPath)
            guard cell.owner === self, cell.category == .cell, cell.elementKey == nil else {
                let why = cell.owner !== self ? "not from this collection view" : cell.category != .cell ? "not a cell" : "already shown for another item"
                report(.foreignView("a cell for item \(key.indexPath.item) in section \(key.indexPath.section) that is \(why)"))
                return nil
            }
            return cell
        case .supplementaryView:
            guard let dataSource, let kind = key.kind else { return nil }
            let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: key.indexPath)
            if view is MissingSupplementaryView { return nil }
            guard view.owner === self, view.category == .supplementaryView, view.elementKey == nil else {
                report(.foreignView("a view for \(key) that is not a supplementary view dequeued here"))
                return nil
            }
            return view
        case .decorationView:
            let kind = key.kind ?? ""
            let queueKey = ReuseQueueKey(category: .decorationView, kind: kind, identifier: kind)
            let registration = collectionViewLayout.decorationRegistrations[kind] as? ViewRegistration
            do {
                return try dequeue(queueKey, registration: registration)
            } catch {
                report(error)
                return nil
            }
        }
    }

    /// Hides a view and queues it. It stays a child of the canvas, unmapped (never measured,
    /// allocated, drawn or picked), because taking it out of the tree and back costs GTK a CSS
    /// restyle and accessibility setup each time: measured at a third of a scrolled frame.
    /// GtkGridView keeps its recycled widgets parented for the same reason.
    func removeVisibleView(for key: ElementKey) {
        guard let view = visible.removeValue(forKey: key) else { return }
        animator?.forget(view)
        gtk_widget_set_child_visible(view.widget, 0)
        view.elementKey = nil
        view.appliedAttributes = nil
        didEndDisplaying(view, key)
        if !(view is MissingSupplementaryView) { queues.enqueue(view) }
    }

    /// Shows `attributes` on a view now (the animator's frames).
    func present(_ attributes: LayoutAttributes, on view: ReusableView) {
        apply(attributes, to: view)
    }

    /// Hides and queues a view that has finished disappearing.
    func retire(_ view: ReusableView) {
        guard gtk_widget_get_child_visible(view.widget) != 0, let key = view.elementKey, visible[key] !== view else { return }
        gtk_widget_set_child_visible(view.widget, 0)
        view.elementKey = nil
        view.appliedAttributes = nil
        didEndDisplaying(view, key)
        if !(view is MissingSupplementaryView) { queues.enqueue(view) }
    }

    /// Makes and shows a view for `key` with `attributes` (used by updates for elements that
    /// come into view).
    func showNewView(for key: ElementKey, _ attributes: LayoutAttributes) -> ReusableView? {
        showView(for: key, attributes)
        return visible[key]
    }

    private func willDisplay(_ view: ReusableView, _ key: ElementKey) {
        guard let delegate else { return }
        if let cell = view as? CollectionViewCell, key.category == .cell {
            delegate.collectionView(self, willDisplay: cell, forItemAt: key.indexPath)
        } else if key.category == .supplementaryView, let kind = key.kind {
            delegate.collectionView(self, willDisplaySupplementaryView: view, forElementKind: kind, at: key.indexPath)
        }
    }

    private func didEndDisplaying(_ view: ReusableView, _ key: ElementKey) {
        guard let delegate else { return }
        if let cell = view as? CollectionViewCell, key.category == .cell {
            delegate.collectionView(self, didEndDisplaying: cell, forItemAt: key.indexPath)
        } else if key.category == .supplementaryView, let kind = key.kind {
            delegate.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: kind, at: key.indexPath)
        }
    }

    /// Stores the attributes on the view and passes them to `apply(_:)` only when they changed.
    func apply(_ attributes: LayoutAttributes, to view: ReusableView) {
        if let old = view.appliedAttributes, old == attributes { return }
        if let old = view.appliedAttributes, old.zIndex != attributes.zIndex { drawOrderDirty = true }
        if view.appliedAttributes?.alpha != attributes.alpha {
            gtk_widget_set_opacity(view.widget, attributes.alpha)
        }
        view.drawOrder = DrawOrder(zIndex: attributes.zIndex, category: view.category)
        view.appliedAttributes = attributes
        view.apply(attributes)
        viewsToPlace.append(view)
    }

    /// The content point at the canvas's origin.
    var canvasOrigin: Point { Point(x: anchor.x - Self.anchorMargin, y: anchor.y - Self.anchorMargin) }

    /// Allocates every visible view on the canvas: when GTK allocates the canvas (a child was
    /// added or resized itself) and when the anchor moved.
    func placeVisibleViews() {
        let origin = canvasOrigin
        for view in visible.values {
            guard let attributes = view.appliedAttributes else { continue }
            view.placement.place(view.widget, attributes, origin: origin)
        }
        for track in animator.tracks.values where track.removeAtEnd {  // still fading out
            if let attributes = track.view.appliedAttributes { track.view.placement.place(track.view.widget, attributes, origin: origin) }
        }
    }

    // MARK: Drawing order

    /// Child order is drawing order: lower zIndex first; at the same zIndex decoration views,
    /// then cells, then supplementary views. A view goes straight to its place: a new one is
    /// appended, a reused one stays where it was, and either moves only when it is out of order
    /// with its shown neighbours (hidden children do not draw, so they do not count). Only a
    /// changed zIndex sorts everything again.
    private func insertInDrawOrder(_ view: ReusableView) {
        if gtk_widget_get_parent(view.widget) != canvas {
            gtk_widget_set_parent(view.widget, canvas)
        }
        gtk_widget_set_child_visible(view.widget, 1)
        let order = view.drawOrder
        let previous = shownSibling(of: view.widget, forward: false), next = shownSibling(of: view.widget, forward: true)
        if (previous.map { $0.drawOrder <= order } ?? true) && (next.map { order <= $0.drawOrder } ?? true) { return }
        // Out of order: after the last shown view that draws at or below it.
        var child = gtk_widget_get_last_child(canvas)
        while let c = child {
            if c != view.widget, gtk_widget_get_child_visible(c) != 0, let v = viewForWidget(c), v.drawOrder <= order { break }
            child = gtk_widget_get_prev_sibling(c)
        }
        gtk_widget_insert_after(view.widget, canvas, child)
    }

    private func shownSibling(of widget: WidgetPointer, forward: Bool) -> ReusableView? {
        var child = forward ? gtk_widget_get_next_sibling(widget) : gtk_widget_get_prev_sibling(widget)
        while let c = child {
            if gtk_widget_get_child_visible(c) != 0, let v = viewForWidget(c) { return v }
            child = forward ? gtk_widget_get_next_sibling(c) : gtk_widget_get_prev_sibling(c)
        }
        return nil
    }

    private func viewForWidget(_ widget: WidgetPointer) -> ReusableView? {
        ReusableView.view(for: widget)
    }

    func restack() {
        drawOrderDirty = false
        let ordered = visible.values.sorted { $0.drawOrder < $1.drawOrder }
        var previous: WidgetPointer? = nil
        for view in ordered {
            if gtk_widget_get_prev_sibling(view.widget) != previous {
                gtk_widget_insert_after(view.widget, canvas, previous)
            }
            previous = view.widget
        }
    }
}

/// Where a view draws: by zIndex, then decoration below cells below supplementary views.
struct DrawOrder: Comparable {
    var zIndex = 0
    var rank = 1

    init() {}

    init(zIndex: Int, category: ElementCategory) {
        self.zIndex = zIndex
        rank = switch category {
        case .decorationView: 0
        case .cell: 1
        case .supplementaryView: 2
        }
    }

    static func < (a: DrawOrder, b: DrawOrder) -> Bool {
        a.zIndex != b.zIndex ? a.zIndex < b.zIndex : a.rank < b.rank
    }
}
