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
        let record = UpdateRecord(shown: shown, before: before, after: after, newKey: newKey, oldKey: oldKey,
                                  isReplaced: isReplaced, layout: installedLayout, shift: shift)
        let tracks = ensureViews(.animate(record, leaving: leaving, area: area)).tracks
        animator.animate(tracks, animated: animated, completion: completion)
        gtk_widget_queue_allocate(viewport)
    }

    /// The attributes of everything shown now, by key, and the current layout's places around
    /// the viewport: what an animation starts from.
    ///
    /// - Parameter shift: how far the content offset moved since the views were placed (an
    ///   interactive transition ended at once): added to the shown frames, so they stay where
    ///   they are on screen.
    func snapshotBeforeChange(shownMovedBy shift: Point = .zero) -> [ElementKey: LayoutAttributes] {
        var before: [ElementKey: LayoutAttributes] = [:]
        let b = bounds
        for attributes in installedLayout.layoutAttributesForElements(in: b.insetBy(dx: -b.width, dy: -b.height)) {
            before[attributes.elementKey] = attributes
        }
        for (key, attributes) in shownAttributes(movedBy: shift) { before[key] = attributes }
        return before
    }

    /// What the views show now, by key, moved by `shift` (see
    /// ``snapshotBeforeChange(shownMovedBy:)``).
    func shownAttributes(movedBy shift: Point = .zero) -> [ElementKey: LayoutAttributes] {
        let shown = elements.shownAttributes()
        guard shift != .zero else { return shown }
        return shown.mapValues { attributes in
            let moved = attributes.copy()
            moved.frame = moved.frame.offsetBy(dx: shift.x, dy: shift.y)
            return moved
        }
    }
}
