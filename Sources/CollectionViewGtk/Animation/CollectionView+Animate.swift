import CGtk
import CCollectionHost
import CollectionLayout

extension CollectionView {
    /// Animates the visible views from where they are shown to where the (already prepared)
    /// current layout puts them: the step every update and animated layout change ends with.
    ///
    /// - Parameters:
    ///   - before: attributes before the change, by the element's old key: what the views showed
    ///     and the old layout's places around the viewport.
    ///   - leaving: views whose elements went (deleted or replaced), with their old keys.
    ///   - oldKey: an element's key before the change, or nil when it is new.
    ///   - isReplaced: whether an old element got a new view (a reload).
    ///   - shift: how far on-screen positions move because the content offset changed; start
    ///     frames are moved by it so nothing jumps on screen.
    func animateVisibleViews(before: [ElementKey: LayoutAttributes], leaving: [(ReusableView, ElementKey)],
                             oldKey: (ElementKey) -> ElementKey?, isReplaced: (ElementKey) -> Bool,
                             shift: Point = .zero, completion: ((Bool) -> Void)?) {
        let layout = collectionViewLayout
        let content = layout.collectionViewContentSize
        cv_scroll_host_configure(host, max(0, content.width), max(0, content.height), viewportSize.width, viewportSize.height)
        let visibleRect = bounds
        let area = visibleRect.insetBy(dx: -visibleRect.width * overscanFraction, dy: -visibleRect.height * overscanFraction)
        preparedArea = area
        pendingViews.removeAll()
        let wanted = wantedAttributes(in: area)
        func shifted(_ a: LayoutAttributes) -> LayoutAttributes {
            guard shift != .zero else { return a }
            let c = a.copy()
            c.frame = c.frame.offsetBy(dx: shift.x, dy: shift.y)
            return c
        }

        var tracks: [Animator.Track] = []
        for (key, view) in visible {
            guard let shown = view.appliedAttributes ?? before[key] else { continue }
            let from = shifted(shown)
            if let to = wanted[key] {
                tracks.append(.init(view: view, from: from, to: to, removeAtEnd: false))
            } else {
                // Out of the prepared area (or gone from this layout): there, or faded, then queued.
                let to = layout.layoutAttributes(for: key) ?? { let a = from.copy(); a.alpha = 0; return a }()
                tracks.append(.init(view: view, from: from, to: to, removeAtEnd: true))
                visible[key] = nil
                view.elementKey = key
            }
        }
        for (key, attributes) in wanted where visible[key] == nil {
            let from: LayoutAttributes
            if let old = oldKey(key), !isReplaced(old), let place = before[old] {
                from = shifted(place.copy(indexPath: key.indexPath))  // comes into view from its old place
            } else {
                from = initialAttributes(for: key, layout) ?? { let a = attributes.copy(); a.alpha = 0; return a }()
            }
            guard let view = showNewView(for: key, from) else { continue }
            tracks.append(.init(view: view, from: from, to: attributes, removeAtEnd: false))
        }
        for (view, old) in leaving {
            let shown = view.appliedAttributes ?? before[old]
            let to = finalAttributes(for: old, layout) ?? shown.map { let a = $0.copy(); a.alpha = 0; return a }
            guard let shown, let to else { retire(view); continue }
            view.elementKey = old
            tracks.append(.init(view: view, from: shifted(shown), to: shifted(to), removeAtEnd: true))
        }
        animator.animate(tracks, completion: completion)
        gtk_widget_queue_allocate(viewport)
    }

    /// The attributes of everything shown now, by key, and the current layout's places around
    /// the viewport: what an animation starts from.
    func snapshotBeforeChange() -> [ElementKey: LayoutAttributes] {
        var before: [ElementKey: LayoutAttributes] = [:]
        let b = bounds
        for attributes in collectionViewLayout.layoutAttributesForElements(in: b.insetBy(dx: -b.width, dy: -b.height)) {
            before[attributes.elementKey] = attributes
        }
        for (key, view) in visible { if let shown = view.appliedAttributes { before[key] = shown } }
        return before
    }
}
