import CGtk
import CCollectionHost
import CollectionLayout

/// The layout pass: on every allocation (one per frame at most, after a scroll, a resize or an
/// invalidation) the view prepares the layout, sizes the scrollable area, asks for the elements
/// in the visible rectangle plus overscan, brings their views in or sends them back to their
/// queues, and places every visible view.
extension CollectionView {
    func hostAllocated(width: Int, height: Int) {
        inLayoutPass = true
        defer { inLayoutPass = false }
        let layout = collectionViewLayout
        viewportSize = Size(width: Double(width), height: Double(height))
        if bounds.size != lastPassBounds.size, layout.shouldInvalidateLayout(forBoundsChange: bounds) {
            layout.invalidateLayout()
        }
        _ = counts  // the data source is asked before the layout reads the counts
        layout.prepareIfNeeded()
        let content = layout.collectionViewContentSize
        cv_scroll_host_configure(host, sanitize(content.width), sanitize(content.height),
                                 Double(width), Double(height))
        lastPassBounds = bounds
        updateVisibleViews()
        placeVisibleViews()
        noteLayoutPass()
    }

    private func sanitize(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }

    /// The rectangle whose elements get views.
    var preparedRect: Rect {
        let b = bounds
        return b.insetBy(dx: -b.width * overscanFraction, dy: -b.height * overscanFraction)
    }

    private func updateVisibleViews() {
        let wanted = wantedAttributes(in: preparedRect)
        for key in Array(visible.keys) where wanted[key] == nil {
            removeVisibleView(for: key)
        }
        for (key, attributes) in wanted {
            if let view = visible[key] {
                apply(attributes, to: view)
            } else if let view = makeView(for: key) {
                visible[key] = view
                view.elementKey = key
                gtk_widget_set_parent(view.widget, viewport)
                drawOrderDirty = true
                apply(attributes, to: view)
                willDisplay(view, key)
            }
        }
    }

    /// The layout's attributes in `rect`, keyed by element, without hidden or unusable ones.
    func wantedAttributes(in rect: Rect) -> [ElementKey: LayoutAttributes] {
        var wanted: [ElementKey: LayoutAttributes] = [:]
        let counts = self.counts
        for attributes in collectionViewLayout.layoutAttributesForElements(in: rect) where !attributes.isHidden {
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
                report(.foreignView("a cell for \(key) that is \(cell.owner !== self ? "not from this collection view" : "already shown")"))
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

    /// Takes a view out of the widget tree and queues it.
    func removeVisibleView(for key: ElementKey) {
        guard let view = visible.removeValue(forKey: key) else { return }
        gtk_widget_unparent(view.widget)
        view.elementKey = nil
        view.appliedAttributes = nil
        didEndDisplaying(view, key)
        if !(view is MissingSupplementaryView) { queues.enqueue(view) }
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
        if view.appliedAttributes?.zIndex != attributes.zIndex { drawOrderDirty = true }
        if view.appliedAttributes?.alpha != attributes.alpha {
            gtk_widget_set_opacity(view.widget, attributes.alpha)
        }
        view.appliedAttributes = attributes
        view.apply(attributes)
    }

    /// Allocates every visible view at its frame and transform, shifted by the content offset,
    /// and restacks them by zIndex when that changed.
    func placeVisibleViews() {
        if drawOrderDirty { restack() }
        let offset = contentOffset
        for view in visible.values {
            guard let attributes = view.appliedAttributes else { continue }
            allocate(view.widget, attributes, offset: offset)
        }
    }

    /// Child order is drawing order: lower zIndex first; cells before supplementary views before
    /// decoration views at the same zIndex... except that decorations default to behind.
    private func restack() {
        drawOrderDirty = false
        let ordered = visible.values.sorted { a, b in
            let (za, zb) = (a.appliedAttributes?.zIndex ?? 0, b.appliedAttributes?.zIndex ?? 0)
            if za != zb { return za < zb }
            let (ra, rb) = (rank(a.category), rank(b.category))
            if ra != rb { return ra < rb }
            return (a.elementKey?.indexPath ?? []) < (b.elementKey?.indexPath ?? [])
        }
        var previous: WidgetPointer? = nil
        for view in ordered {
            if gtk_widget_get_prev_sibling(view.widget) != previous || (previous == nil && gtk_widget_get_first_child(viewport) != view.widget) {
                gtk_widget_insert_after(view.widget, viewport, previous)
            }
            previous = view.widget
        }
    }

    private func rank(_ category: ElementCategory) -> Int {
        switch category {
        case .decorationView: 0
        case .cell: 1
        case .supplementaryView: 2
        }
    }
}
