import CollectionLayout

/// Self-sizing: a view that gets attributes from a layout that sizes by content (its
/// `selfSizingAxis` is set) is asked for its preferred attributes, and the layout is
/// invalidated with its context when it takes them. The layout pass runs again at once (see
/// `roundsPerPass`), so a grown cell and everything it moves are placed in the same frame, and
/// an element above the viewport that grows moves the content offset with it.
extension CollectionView {
    func selfSize(_ view: ReusableView, to attributes: LayoutAttributes) {
        let layout = installedLayout
        guard let axis = layout.selfSizingAxis, attributes.representedElementCategory != .decorationView,
              view.elementKey == attributes.elementKey else { return }
        let across = attributes.frame.size[axis == .vertical ? .horizontal : .vertical]
        let given = attributes.frame.size[axis]
        // Measured at this extent before, and the layout gives what the view asked for.
        if var fit = view.lastFit, fit.across == across, fit.preferred == given {
            fit.repeats = 0
            view.lastFit = fit
            return
        }
        view.sizingAxis = axis
        let preferred = work.runNow { view.preferredLayoutAttributesFitting(attributes.copy()) }
        let extent = preferred.frame.size[axis]
        // The same question and answer again: the layout forgot the size (its width changed, say)
        // and takes it again; a third time in a row it does not take it at all, and asking on
        // would invalidate it on every pass.
        var repeats = 0
        if let fit = view.lastFit, fit.across == across, fit.given == given, fit.preferred == extent { repeats = fit.repeats + 1 }
        view.lastFit = (across, extent, given, repeats)
        guard repeats < 2 else { return }
        work.runNow {
            guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes) else { return }
            layout.invalidateLayout(with: layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes))
        }
    }

    /// A cell configured again in place may want another size.
    func selfSizeAgain(_ view: ReusableView) {
        guard let attributes = view.appliedAttributes, !animator.isAnimating(view) else { return }
        view.lastFit = nil
        selfSize(view, to: attributes)
    }
}
