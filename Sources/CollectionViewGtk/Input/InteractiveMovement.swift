import CGtk
import CollectionLayout

/// An item the user is moving (`beginInteractiveMovementForItem(at:)`). While it lasts, the
/// view shows the data with one item moved from `original` to `current`, without the data
/// source having moved anything: counts and index paths the data source is asked about are
/// translated, so cells made meanwhile (autoscroll) show the right items.
struct InteractiveMovement {
    /// Where the item is in the data source.
    let original: IndexPath
    /// Where the view shows it now.
    var current: IndexPath
    /// The centre of the moving cell, in content coordinates.
    var position: Point

    /// The data source's index path for an item the view shows at `shown`: take the moved
    /// item out at `current`, put it back at `original`.
    func dataIndexPath(forShown shown: IndexPath) -> IndexPath {
        if shown == current { return original }
        var item = shown.item
        if shown.section == current.section, item > current.item { item -= 1 }
        if shown.section == original.section, item >= original.item { item += 1 }
        return IndexPath(item: item, section: shown.section)
    }

    /// The counts the view shows for the data source's `counts`.
    func shownCounts(_ counts: [Int]) -> [Int] {
        guard original.section != current.section, counts.indices.contains(original.section),
              counts.indices.contains(current.section) else { return counts }
        var shown = counts
        shown[original.section] -= 1
        shown[current.section] += 1
        return shown
    }
}

extension CollectionView {
    /// Starts moving an item by hand (`beginInteractiveMovementForItem(at:)`): false when the
    /// item does not exist, a movement is under way, or the data source's
    /// `collectionView(_:canMoveItemAt:)` says no. Then call
    /// ``updateInteractiveMovementTargetPosition(_:)`` as the pointer moves and end with
    /// ``endInteractiveMovement()`` or ``cancelInteractiveMovement()``. With
    /// ``installsStandardGestureForInteractiveMovement`` a drag does all of it.
    ///
    /// Any other batch update or reload during the movement cancels it first.
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        guard movement == nil, let dataSource, isValidItem(indexPath),
              work.runNow({ dataSource.collectionView(self, canMoveItemAt: indexPath) }) else { return false }
        if dropGap != nil { setDropGap(at: nil) }
        work.runNow { installedLayout.prepareIfNeeded() }
        let centre = installedLayout.layoutAttributesForItem(at: indexPath)?.center
            ?? Point(x: bounds.midX, y: bounds.midY)
        movement = InteractiveMovement(original: indexPath, current: indexPath, position: centre)
        interaction.pressCancelled()
        if let cell = cellForItem(at: indexPath) { gtk_widget_add_css_class(cell.widget, "moving"); cell.isReordering = true }
        work.runOrDefer { [weak self] in self?.presentMovingCell() }
        return true
    }

    /// Moves the moving item's cell to `position` (content coordinates: its centre)
    /// (`updateInteractiveMovementTargetPosition(_:)`). When the layout's
    /// `targetIndexPath(forInteractivelyMovingItem:withPosition:)`, as the delegate allows it,
    /// names another place, the other cells make room with an animation.
    ///
    /// Called from inside a data source or delegate call, it runs right after that call's
    /// operation, as updates do; so do ``endInteractiveMovement()`` and
    /// ``cancelInteractiveMovement()``.
    ///
    /// - Complexity: one layout query, plus an animated move when the place changes.
    public func updateInteractiveMovementTargetPosition(_ position: Point) {
        work.runOrDefer { [weak self] in self?.updateMovement(to: position) }
    }

    private func updateMovement(to position: Point) {
        guard let moving = movement, position.x.isFinite, position.y.isFinite else { return }
        movement?.position = position
        let proposed = installedLayout.targetIndexPath(forInteractivelyMovingItem: moving.current, withPosition: position)
        let target = work.runNow {
            delegate?.collectionView(self, targetIndexPathForMoveOfItemFromOriginalIndexPath: moving.original,
                                     atCurrentIndexPath: moving.current, toProposedIndexPath: proposed) ?? proposed
        }
        if target != moving.current, canShowMovingItem(at: target, from: moving.current) {
            movement?.current = target
            editing.isRecordingOwnBatch = true
            performBatch({ [self] in moveItem(at: moving.current, to: target) }, animated: true,
                         newCounts: counts(moving: moving.current, to: target), applyNow: true, completion: nil)
            editing.isRecordingOwnBatch = false
        }
        presentMovingCell()
    }

    /// Ends the movement where the item is now (`endInteractiveMovement()`): the data
    /// source's `collectionView(_:moveItemAt:to:)` is told (unless it is back where it
    /// began), and the cell settles into its place.
    public func endInteractiveMovement() {
        work.runOrDefer { [weak self] in self?.endMovement() }
    }

    private func endMovement() {
        guard let moving = movement else { return }
        let cell = cellForItem(at: moving.current)
        movement = nil
        if moving.current != moving.original, let dataSource {
            work.runNow { dataSource.collectionView(self, moveItemAt: moving.original, to: moving.current) }
            let reported = countsFromDataSource()
            if reported != sectionCounts {
                report(.inconsistentMove(from: moving.original, to: moving.current, shown: sectionCounts ?? [], reported: reported))
                reloadNow()
                return
            }
        }
        settle(cell, at: moving.current)
    }

    /// Puts the item back where it began (`cancelInteractiveMovement()`), with an animation;
    /// the data source is told nothing.
    public func cancelInteractiveMovement() {
        work.runOrDefer { [weak self] in self?.cancelMovementNow() }
    }

    /// Cancels at once: the view's counts stop showing the move now, and the move back is
    /// recorded now (animated once the current operation ends, before any batch recorded
    /// after it).
    private func cancelMovementNow() {
        guard let moving = movement else { return }
        let cell = cellForItem(at: moving.current)
        movement = nil
        if let cell { gtk_widget_remove_css_class(cell.widget, "moving"); cell.isReordering = false }
        if moving.current != moving.original {
            editing.isRecordingOwnBatch = true
            performBatch({ [self] in moveItem(at: moving.current, to: moving.original) }, animated: true,
                         newCounts: counts(moving: moving.current, to: moving.original), applyNow: true, completion: nil)
            editing.isRecordingOwnBatch = false
        } else {
            if let cell { gtk_widget_remove_css_class(cell.widget, "moving"); cell.isReordering = false }
            work.runOrDefer { [weak self] in self?.settle(nil, at: moving.original) }
        }
    }

    /// The data source's index path for the item shown at `indexPath`. They differ only during
    /// an interactive movement, which shows the item moved before the data source has moved
    /// it, and while a drop opens a gap: a layout delegate that looks sizes up in the data by index path translates with
    /// this (cells need not: `cellForItemAt` is asked with the data source's path).
    public func dataSourceIndexPath(forShownIndexPath indexPath: IndexPath) -> IndexPath {
        dataIndexPathForShown(indexPath)
    }

    /// The item being moved, where the view shows it now; nil when none is.
    public var indexPathForInteractivelyMovingItem: IndexPath? { movement?.current }

    /// Whether the moved item can be shown at `target` (coming from `current`): an item's
    /// place, or the end of another section.
    private func canShowMovingItem(at target: IndexPath, from current: IndexPath) -> Bool {
        guard target.count == 2, counts.indices.contains(target.section), target.item >= 0 else { return false }
        let limit = counts[target.section] + (target.section == current.section ? 0 : 1)
        return target.item < limit
    }

    /// The counts shown now, with one item moved from `from` to `to`.
    private func counts(moving from: IndexPath, to: IndexPath) -> [Int] {
        InteractiveMovement(original: from, current: to, position: .zero).shownCounts(counts)
    }

    /// The moving cell under the pointer, above everything, out of any animation.
    func presentMovingCell() {
        guard let moving = movement, let cell = cellForItem(at: moving.current),
              let attributes = movingAttributes(moving) else { return }
        animator.forget(cell)
        ensureViews(.frame(show: [(cell, attributes)], retire: []))
        gtk_widget_queue_allocate(viewport)
    }

    func movingAttributes(_ moving: InteractiveMovement) -> LayoutAttributes? {
        installedLayout.layoutAttributesForInteractivelyMovingItem(at: moving.current, withTargetPosition: moving.position)
    }

    /// The released cell glides from under the pointer to its place, and cells still making
    /// room go on to theirs.
    private func settle(_ cell: CollectionViewCell?, at indexPath: IndexPath) {
        if let cell { gtk_widget_remove_css_class(cell.widget, "moving"); cell.isReordering = false }
        let shown = elements.shownAttributes()
        animateChange(shown: shown, before: snapshotBeforeChange(), leaving: [],
                      newKey: { $0 }, oldKey: { $0 }, isReplaced: { _ in false }, completion: nil)
    }

    /// Another update or a reload is about to run during a movement: the movement is
    /// cancelled first, so the update is checked against the data source's own order.
    func cancelMovementForUpdate() {
        guard !editing.isRecordingOwnBatch else { return }
        if movement != nil { cancelMovementNow() }
        // The gap closes; its animation starts from where the cells are, so an insert there
        // right after (the drop's own) leaves them in place.
        if dropGap != nil { setDropGap(at: nil) }
    }
}
