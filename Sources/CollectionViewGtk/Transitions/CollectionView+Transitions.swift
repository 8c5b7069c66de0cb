import CGtk
import GtkGlue
import CollectionLayout

/// An interactive transition under way: the transition layout and what to call at the end.
@MainActor
final class InteractiveTransition {
    let layout: TransitionLayout
    let completion: ((Bool) -> Void)?
    var settling: (target: Double, from: Double, start: Double?)?
    init(layout: TransitionLayout, completion: ((Bool) -> Void)?) {
        self.layout = layout
        self.completion = completion
    }
}

extension CollectionView {
    /// Installs `layout`. With animation every visible element moves from where it is shown to
    /// its place in the new layout (elements only one layout shows fade), and the content offset
    /// moves so the focused item, or else the one at the centre, stays in view.
    public func setCollectionViewLayout(_ layout: CollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        endInteractiveTransitionNow()
        let old = collectionViewLayout
        guard layout !== old else { completion?(true); return }
        guard animated, gtk_widget_get_mapped(viewport) != 0 else {
            old.prepareForTransition(to: layout)
            layout.prepareForTransition(from: old)
            collectionViewLayout = layout
            old.finalizeLayoutTransition()
            layout.finalizeLayoutTransition()
            completion?(true)
            return
        }
        let before = snapshotBeforeChange()
        let anchorItem = itemToKeepInView()
        let oldOffset = contentOffset
        old.prepareForTransition(to: layout)
        layout.prepareForTransition(from: old)
        inLayoutPass = true  // install without the usual pass: this animates instead
        collectionViewLayout = layout
        inLayoutPass = false
        layout.prepareIfNeeded()
        setOffset(targetOffset(keeping: anchorItem, in: layout))
        let newOffset = contentOffset
        animateVisibleViews(before: before, leaving: [], oldKey: { $0 }, isReplaced: { _ in false },
                            shift: Point(x: newOffset.x - oldOffset.x, y: newOffset.y - oldOffset.y)) { finished in
            old.finalizeLayoutTransition()
            layout.finalizeLayoutTransition()
            completion?(finished)
        }
    }

    /// The item a layout change keeps in view: the focused one when it is visible, else the
    /// one nearest the viewport's centre.
    private func itemToKeepInView() -> IndexPath? {
        if let focused = selection.focused, cellForItem(at: focused) != nil { return focused }
        let centre = bounds.center
        return visible.filter { $0.key.category == .cell }.min { a, b in
            let fa = a.value.appliedAttributes?.frame.center ?? .zero, fb = b.value.appliedAttributes?.frame.center ?? .zero
            return hypot(fa.x - centre.x, fa.y - centre.y) < hypot(fb.x - centre.x, fb.y - centre.y)
        }?.key.indexPath
    }

    private func targetOffset(keeping item: IndexPath?, in layout: CollectionViewLayout) -> Point {
        let size = layout.collectionViewContentSize, b = bounds
        var target = b.origin
        if let item, let frame = layout.layoutAttributesForItem(at: item)?.frame {
            target = Point(x: frame.midX - b.width / 2, y: frame.midY - b.height / 2)
        }
        target = layout.targetContentOffset(forProposedContentOffset: target)
        return Point(x: max(0, min(target.x, size.width - b.width)), y: max(0, min(target.y, size.height - b.height)))
    }

    // MARK: Interactive transitions

    /// Starts a transition to `layout` that something else drives (a gesture): installs a
    /// transition layout at progress 0 and returns it. Set its `transitionProgress`, then call
    /// `finishInteractiveTransition()` or `cancelInteractiveTransition()`.
    @discardableResult
    public func startInteractiveTransition(to layout: CollectionViewLayout, completion: ((Bool) -> Void)? = nil) -> TransitionLayout {
        endInteractiveTransitionNow()
        animator.finish()
        let old = collectionViewLayout
        let transition = delegate?.collectionView(self, transitionLayoutForOldLayout: old, newLayout: layout)
            ?? TransitionLayout(currentLayout: old, nextLayout: layout)
        old.prepareForTransition(to: layout)
        layout.prepareForTransition(from: old)
        interactiveTransition = InteractiveTransition(layout: transition, completion: completion)
        collectionViewLayout = transition
        return transition
    }

    /// The transition layout of the interactive transition under way.
    public var transitionLayout: TransitionLayout? { interactiveTransition?.layout }

    /// Animates the rest of the way to the new layout, installs it, and calls the completion
    /// with true.
    public func finishInteractiveTransition() { settleInteractiveTransition(to: 1) }

    /// Animates back to the old layout, installs it, and calls the completion with false.
    public func cancelInteractiveTransition() { settleInteractiveTransition(to: 0) }

    private func settleInteractiveTransition(to target: Double) {
        guard let transition = interactiveTransition, transition.settling == nil else { return }
        let from = transition.layout.transitionProgress
        guard animationsEnabled, gtk_widget_get_mapped(viewport) != 0, from != target else {
            transition.layout.transitionProgress = target
            completeInteractiveTransition(finished: target == 1)
            return
        }
        transition.settling = (target, from, nil)
        let duration = animator.duration * abs(target - from)
        Tick.add(viewport) { [weak self, weak transition] time in
            guard let self, let transition, self.interactiveTransition === transition, let settle = transition.settling else { return false }
            let start = settle.start ?? time
            transition.settling?.start = start
            let t = duration > 0 ? min(1, (time - start) / duration) : 1
            transition.layout.transitionProgress = settle.from + (settle.target - settle.from) * easeInOut(t)
            if t >= 1 {
                self.completeInteractiveTransition(finished: settle.target == 1)
                return false
            }
            return true
        }
    }

    /// Installs the layout the transition ends on and calls its completion.
    private func completeInteractiveTransition(finished: Bool) {
        guard let transition = interactiveTransition else { return }
        interactiveTransition = nil
        let old = transition.layout.currentLayout, new = transition.layout.nextLayout
        collectionViewLayout = finished ? new : old
        old.finalizeLayoutTransition()
        new.finalizeLayoutTransition()
        transition.completion?(finished)
    }

    /// Ends an interactive transition at once (a new transition, an update or a reload came):
    /// it finishes when past half way, else it cancels. The views stay where they are shown, so
    /// whatever comes next starts from there.
    func endInteractiveTransitionNow() {
        guard let transition = interactiveTransition else { return }
        completeInteractiveTransition(finished: transition.layout.transitionProgress >= 0.5)
    }
}

#if canImport(Glibc)
import Glibc
#endif
