import CGtk
import CollectionLayout

extension CollectionView {
    /// The step every update and animated layout change ends with: the update record sorts
    /// the elements around the viewport into persisting, leaving the area, appearing and
    /// disappearing; the element owner gives each its view; the animator moves them all on one
    /// tween from where they are shown to where the (already prepared) current layout puts them.
    ///
    /// - Parameters:
    ///   - shown: what the views showed, by the element's old key.
    ///   - before: the old layout's places around the viewport, by old key.
    ///   - leaving: views whose elements went (deleted or replaced), already retiring.
    ///   - shift: how far on-screen positions move because the content offset changed; start
    ///     frames are moved by it so nothing jumps on screen.
    func animateChange(shown: [ElementKey: LayoutAttributes], before: [ElementKey: LayoutAttributes],
                       leaving: [(view: ReusableView, oldKey: ElementKey)],
                       newKey: (ElementKey) -> ElementKey?, oldKey: (ElementKey) -> ElementKey?, isReplaced: (ElementKey) -> Bool,
                       shift: Point = .zero, animated: Bool = true, completion: ((Bool) -> Void)?) {
        configureScrolling()
        let area = elements.area(around: bounds)
        let after = wantedAttributes(in: area)
        elements.adoptArea(area)
        let record = UpdateRecord(shown: shown, before: before, after: after, newKey: newKey, oldKey: oldKey,
                                  isReplaced: isReplaced, layout: installedLayout, shift: shift)
        var leavingViews: [ElementKey: ReusableView] = [:]
        for (view, key) in leaving { leavingViews[key] = view }
        var tracks: [Animator.Track] = []
        for entry in record.entries {
            let view: ReusableView?
            switch entry.fate {
            case .persisting: view = entry.newKey.flatMap(elements.view(for:))
            case .leavingArea: view = entry.newKey.flatMap(elements.beginRetiring)
            case .disappearing: view = entry.oldKey.flatMap { leavingViews.removeValue(forKey: $0) }
            case .appearing: view = entry.newKey.flatMap { elements.show($0, entry.from) }
            }
            guard let view else {
                // Not made now (app code asked for work while it was being made): made later.
                if entry.fate == .appearing, let key = entry.newKey { elements.addPending(key, entry.to) }
                continue
            }
            tracks.append(.init(view: view, from: entry.from, to: entry.to, removeAtEnd: entry.fate == .leavingArea || entry.fate == .disappearing))
        }
        for view in leavingViews.values { elements.finishRetiring(view) }  // nothing to animate it from
        animator.animate(tracks, animated: animated, completion: completion)
        gtk_widget_queue_allocate(viewport)
    }

    /// The attributes of everything shown now, by key, and the current layout's places around
    /// the viewport: what an animation starts from.
    func snapshotBeforeChange() -> [ElementKey: LayoutAttributes] {
        var before: [ElementKey: LayoutAttributes] = [:]
        let b = bounds
        for attributes in installedLayout.layoutAttributesForElements(in: b.insetBy(dx: -b.width, dy: -b.height)) {
            before[attributes.elementKey] = attributes
        }
        for (key, attributes) in elements.shownAttributes() { before[key] = attributes }
        return before
    }
}
