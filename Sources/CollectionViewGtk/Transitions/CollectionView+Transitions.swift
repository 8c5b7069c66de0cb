import CGtk
import GtkGlue
import CollectionLayout

/// An interactive transition under way: the transition layout, what to call at the end, and,
/// once the app has decided, where it settles. The decision is kept: whatever interrupts the
/// settling (an update, a reload) ends it where the app said.
@MainActor
final class InteractiveTransition {
    let layout: TransitionLayout
    let completion: ((Bool) -> Void)?
    /// True to finish on the new layout, false to cancel back; nil until the app decides.
    var decision: Bool?
    var settling: Tween?
    /// The viewport size the two ends' offsets were worked out for: after a resize they are
    /// worked out again (a paging layout's pages changed width).
    var endsFitSize: Size
    init(layout: TransitionLayout, completion: ((Bool) -> Void)?, endsFitSize: Size) {
        self.layout = layout
        self.completion = completion
        self.endsFitSize = endsFitSize
    }
}

extension CollectionView {
    /// Installs `layout` (`setCollectionViewLayout(_:animated:completion:)`). With animation
    /// every visible element moves from where it is shown to its place in the new layout
    /// (elements only one layout shows fade), and the content offset moves so the focused item,
    /// or else the one at the centre, stays in view.
    ///
    /// From inside a callback the change runs right after it. `completion` gets true when the
    /// layout is in place, false when a later change cut the animation short.
    public func setCollectionViewLayout(_ layout: CollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        work.runOrDefer { [weak self] in self?.swapLayout(to: layout, animated: animated, completion: completion) }
    }

    private func swapLayout(to layout: CollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)?) {
        let jump = endInteractiveTransitionNow()
        let old = installedLayout
        guard layout !== old else { completion?(true); return }
        // An open swipe's slide and buttons were sized for the old layout's cell.
        interaction.swipes.close(animated: false)
        guard animated, gtk_widget_get_mapped(viewport) != 0 else {
            old.prepareForTransition(to: layout)
            layout.prepareForTransition(from: old)
            install(layout)
            old.finalizeLayoutTransition()
            layout.finalizeLayoutTransition()
            completion?(true)
            return
        }
        let before = snapshotBeforeChange(shownMovedBy: jump)
        let shown = shownAttributes(movedBy: jump)
        let anchorItem = itemToKeepInView()
        let oldOffset = contentOffset
        old.prepareForTransition(to: layout)
        layout.prepareForTransition(from: old)
        install(layout)  // the pass it asks for finds everything placed: this animates instead
        layout.prepareIfNeeded()
        // An animated swap ends a scroll of the view's (an animated scrollToItem, a page's
        // ease), as UIKit's setCollectionViewLayout(_:animated:) stops a scroll animation: its
        // target was the old layout's, and the swap puts its own item in view. Said here, not
        // left to the move below counting as someone scrolling.
        stopScrollAnimation()
        moveOffsetItself(to: targetOffset(keeping: anchorItem, in: layout))
        let newOffset = contentOffset
        animateChange(shown: shown, before: before, leaving: [], newKey: { $0 }, oldKey: { $0 }, isReplaced: { _ in false },
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
        return elements.visibleElements(.cell).min { a, b in
            let fa = a.view.appliedAttributes?.frame.center ?? .zero, fb = b.view.appliedAttributes?.frame.center ?? .zero
            return hypot(fa.x - centre.x, fa.y - centre.y) < hypot(fb.x - centre.x, fb.y - centre.y)
        }?.key.indexPath
    }

    /// The offset that centres `item` in `layout` (adjusted by the layout and clamped to its
    /// content); with no item, `proposed`, or else the offset now, adjusted and clamped.
    private func targetOffset(keeping item: IndexPath?, in layout: CollectionViewLayout, proposing proposed: Point? = nil) -> Point {
        let size = layout.collectionViewContentSize, b = bounds
        var target = proposed ?? b.origin
        if let item, let frame = layout.layoutAttributesForItem(at: item)?.frame {
            target = Point(x: frame.midX - b.width / 2, y: frame.midY - b.height / 2)
        }
        target = layout.targetContentOffset(forProposedContentOffset: target)
        return Point(x: max(0, min(target.x, size.width - b.width)), y: max(0, min(target.y, size.height - b.height)))
    }

    // MARK: Interactive transitions

    /// Starts a transition to `layout` that something else drives, such as a gesture
    /// (`startInteractiveTransition(to:completion:)`): installs a transition layout at progress
    /// 0, the delegate's or a plain `TransitionLayout`, and returns it. Set its
    /// `transitionProgress`, then call ``finishInteractiveTransition()`` or
    /// ``cancelInteractiveTransition()``; `completion` then gets whether the new layout stays.
    ///
    /// The focused item, or else the one nearest the centre, stays in view: see
    /// ``startInteractiveTransition(to:keepingItemAt:completion:)``.
    @discardableResult
    public func startInteractiveTransition(to layout: CollectionViewLayout, completion: ((Bool) -> Void)? = nil) -> TransitionLayout {
        startInteractiveTransition(to: layout, keepingItemAt: nil, completion: completion)
    }

    /// Starts a transition to `layout` that keeps `indexPath` in view: the new layout is
    /// shown at the offset that centres the item, as its
    /// ``CollectionViewLayout/targetContentOffset(forProposedContentOffset:)`` adjusts it (a
    /// paging layout: the item's page). The transition layout's `currentContentOffset` is the
    /// offset now and its `nextContentOffset` that one; while the progress moves, the content
    /// offset moves between them with it, so every element travels on screen from where it is
    /// shown to where the new layout shows it, without a jump at either end. Finishing leaves
    /// the new layout at `nextContentOffset`, cancelling the old one at `currentContentOffset`.
    /// When the viewport changes size meanwhile (a window resized, full screen), both offsets
    /// are worked out again for the item, as at the start, for the new size.
    ///
    /// - Parameters:
    ///   - layout: The layout to go to.
    ///   - indexPath: The item to keep in view; nil for the focused item when it is visible,
    ///     else the one nearest the viewport's centre. One that names no item is reported
    ///     (an invalid index path error) and the default is used.
    ///   - completion: Called once the transition ends: true when the new layout stays.
    /// - Returns: The installed transition layout, to set its `transitionProgress`.
    @discardableResult
    public func startInteractiveTransition(to layout: CollectionViewLayout, keepingItemAt indexPath: IndexPath?,
                                           completion: ((Bool) -> Void)? = nil) -> TransitionLayout {
        endInteractiveTransitionNow()
        animator.finish()
        stopScrollAnimation()  // the transition moves the offset from here on
        var kept = indexPath
        if let requested = indexPath, !isValidItem(requested) {
            report(.invalidIndexPath("startInteractiveTransition(to:keepingItemAt:)", requested))
            kept = nil
        }
        kept = kept ?? itemToKeepInView()
        let old = installedLayout
        let transition = work.runNow { delegate?.collectionView(self, transitionLayoutForOldLayout: old, newLayout: layout) }
            ?? TransitionLayout(currentLayout: old, nextLayout: layout)
        old.prepareForTransition(to: layout)
        layout.prepareForTransition(from: old)
        // The new layout is asked where the item goes before anything is installed: prepared
        // against this view, as the transition layout prepares it too.
        layout.collectionView = self
        work.runNow { layout.prepareIfNeeded() }
        transition.currentContentOffset = contentOffset
        transition.nextContentOffset = targetOffset(keeping: kept, in: layout)
        transition.keptIndexPath = kept
        interactiveTransition = InteractiveTransition(layout: transition, completion: completion, endsFitSize: viewportSize)
        install(transition)
        return transition
    }

    /// During an interactive transition, the content offset goes where the transition layout
    /// has its viewport (each layout pass, after the scrollable area is sized for it). Not a
    /// user scroll, and it leaves the settling tween alone.
    func followInteractiveTransition() {
        guard let transition = interactiveTransition, installedLayout === transition.layout else { return }
        if transition.endsFitSize != viewportSize {
            fitEnds(of: transition)
            configureScrolling()  // the scrollable area for the new offsets, before the offset goes there
        }
        let offset = transition.layout.contentOffset
        if offset != contentOffset { setOffsetQuietly(offset) }
    }

    /// The viewport changed size during the transition: each end's offset is worked out again
    /// for the kept item in its layout (prepared for the new size by this pass), so that a
    /// paging layout lands on the item's page, not where the old page width put it.
    private func fitEnds(of transition: InteractiveTransition) {
        transition.endsFitSize = viewportSize
        let layout = transition.layout, kept = layout.keptIndexPath
        layout.currentContentOffset = targetOffset(keeping: kept, in: layout.currentLayout, proposing: layout.currentContentOffset)
        layout.nextContentOffset = targetOffset(keeping: kept, in: layout.nextLayout, proposing: layout.nextContentOffset)
    }

    /// The transition layout of the interactive transition under way; nil when none is. (It is
    /// also ``collectionViewLayout`` meanwhile, which is where UIKit has it.)
    public var transitionLayout: TransitionLayout? { interactiveTransition?.layout }

    /// Animates the rest of the way to the new layout, installs it, and calls the completion
    /// with true (`finishInteractiveTransition()`). The decision holds whatever comes after.
    public func finishInteractiveTransition() { settleInteractiveTransition(finish: true) }

    /// Animates back to the old layout, installs it, and calls the completion with false
    /// (`cancelInteractiveTransition()`). The decision holds whatever comes after.
    public func cancelInteractiveTransition() { settleInteractiveTransition(finish: false) }

    private func settleInteractiveTransition(finish: Bool) {
        guard let transition = interactiveTransition, transition.decision == nil else { return }
        transition.decision = finish
        let from = transition.layout.transitionProgress, target: Double = finish ? 1 : 0
        let tween = Tween(on: viewport, animation, durationScale: abs(target - from),
                          frame: { [weak transition] e in transition?.layout.transitionProgress = from + (target - from) * e },
                          end: { [weak self, weak transition] finished in
                              guard finished, let self, let transition, self.interactiveTransition === transition else { return }
                              self.work.runNow { _ = self.completeInteractiveTransition() }
                          })
        transition.settling = tween
        tween.begin(animated: animationsEnabled && from != target)
    }

    /// Installs the layout the transition ends on (the app's decision) at its content offset,
    /// and calls its completion.
    ///
    /// - Returns: How far the content offset moved: nothing when the transition had got to its
    ///   end, else the rest of the way from where the viewport was shown.
    @discardableResult
    private func completeInteractiveTransition() -> Point {
        guard let transition = interactiveTransition else { return .zero }
        interactiveTransition = nil
        transition.settling?.stop()
        let finished = transition.decision ?? (transition.layout.transitionProgress >= 0.5)
        let shownOffset = contentOffset
        transition.layout.transitionProgress = finished ? 1 : 0
        let old = transition.layout.currentLayout, new = transition.layout.nextLayout
        let end = finished ? new : old
        var endOffset = finished ? transition.layout.nextContentOffset : transition.layout.currentContentOffset
        install(end)
        // The scrollable area is sized for the end layout first: the transition's need not
        // reach the end's offset, which would then be clamped. (Not while a reload is pending:
        // the counts are asked by the pass that reloads.)
        if sectionCounts != nil {
            work.runNow { end.prepareIfNeeded() }
            // A resize no pass of the transition followed yet: the end's offset for this size.
            if transition.endsFitSize != viewportSize {
                endOffset = targetOffset(keeping: transition.layout.keptIndexPath, in: end, proposing: endOffset)
            }
            configureScrolling()
        }
        setOffsetQuietly(endOffset)
        old.finalizeLayoutTransition()
        new.finalizeLayoutTransition()
        transition.completion?(finished)
        return Point(x: endOffset.x - shownOffset.x, y: endOffset.y - shownOffset.y)
    }

    /// Ends an interactive transition at once (a new transition, an update or a reload came):
    /// where the app decided, or, before it did, finished when past half way and cancelled
    /// otherwise. The views stay where they are shown, so whatever comes next starts from there:
    /// the offset jumps to the end layout's, by the returned amount, which an animation that
    /// follows adds to the views' shown frames so that they do not jump on screen.
    @discardableResult
    func endInteractiveTransitionNow() -> Point {
        completeInteractiveTransition()
    }

    /// The app assigned a layout during an interactive transition: the transition ends without
    /// installing either of its layouts (its completion gets false).
    func abandonInteractiveTransition() {
        guard let transition = interactiveTransition else { return }
        interactiveTransition = nil
        transition.settling?.stop()
        transition.layout.currentLayout.finalizeLayoutTransition()
        transition.layout.nextLayout.finalizeLayoutTransition()
        transition.completion?(false)
    }
}
