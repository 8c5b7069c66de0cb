import CGtk
import CCollectionHost
import CollectionLayout
import Foundation

/// Inserting, deleting, moving and reloading, one at a time or in batches, validated against
/// the data source and animated. Update the data source first, then call these.
/// Outside `performBatchUpdates(_:completion:)` each change method is a batch of its own;
/// inside one, its changes join that batch.
extension CollectionView {
    /// Inserts items at `indexPaths`, index paths after the change (`insertItems(at:)`): new
    /// cells come from the data source and appear from the layout's initial attributes. Update
    /// the data source first; outside a batch this animates at once.
    public func insertItems(at indexPaths: [IndexPath]) { addToBatch { $0.insertedItems += indexPaths } }
    /// Deletes the items at `indexPaths`, index paths before the change (`deleteItems(at:)`):
    /// their views go to the layout's final attributes, then back to their reuse queues.
    /// Update the data source first; outside a batch this animates at once.
    public func deleteItems(at indexPaths: [IndexPath]) { addToBatch { $0.deletedItems += indexPaths } }
    /// Replaces the cells of the items at `indexPaths`, index paths before the change, with new
    /// ones from the data source (`reloadItems(at:)`); each item keeps its place. Outside a batch
    /// this animates at once.
    public func reloadItems(at indexPaths: [IndexPath]) { addToBatch { $0.reloadedItems += indexPaths } }
    /// Moves an item from `indexPath`, before the change, to `newIndexPath`, after it
    /// (`moveItem(at:to:)`); its cell moves with it. Update the data source first; outside a
    /// batch this animates at once.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { addToBatch { $0.movedItems.append((indexPath, newIndexPath)) } }
    /// Inserts sections at `sections`, indexes after the change (`insertSections(_:)`). Update
    /// the data source first; outside a batch this animates at once.
    public func insertSections(_ sections: IndexSet) { addToBatch { $0.insertedSections += Array(sections) } }
    /// Deletes the sections at `sections`, indexes before the change (`deleteSections(_:)`),
    /// with all their items. Update the data source first; outside a batch this animates at once.
    public func deleteSections(_ sections: IndexSet) { addToBatch { $0.deletedSections += Array(sections) } }
    /// Replaces every view of the sections at `sections`, indexes before the change, with new
    /// ones from the data source (`reloadSections(_:)`); each section keeps its place, and its
    /// item count may change. Outside a batch this animates at once.
    public func reloadSections(_ sections: IndexSet) { addToBatch { $0.reloadedSections += Array(sections) } }
    /// Moves a section from `section`, before the change, to `newSection`, after it
    /// (`moveSection(_:toSection:)`), with all its items. Update the data source first; outside a
    /// batch this animates at once.
    public func moveSection(_ section: Int, toSection newSection: Int) { addToBatch { $0.movedSections.append((section, newSection)) } }

    /// Runs `updates` at once and animates all their changes together
    /// (`performBatchUpdates(_:completion:)`). Update the data source inside `updates`.
    ///
    /// `completion` gets true when the animation ran to its end, false when a later update or a
    /// reload cut it short or the update was invalid (then it is reported with the rule it broke
    /// and the view reloads instead). A batch inside another is part of the outer one and
    /// completes with it, with its result. The batch has landed when this returns, from the
    /// app's own code and from the callbacks that end what the view does for the user (a menu's
    /// action, activation, the did-select of a click, a drop). From inside the view's own work
    /// (`cellForItemAt`, `willDisplay`, a completion...) `updates` still runs at once, and the
    /// batch is applied right after that work, in order with other work asked for there.
    ///
    /// - Parameters:
    ///   - updates: changes the data source, then calls the change methods; may be nil.
    ///   - completion: called once with whether the animation ran to its end.
    /// - Complexity: checking the batch against the data source's counts and mapping every
    ///   position costs O(c log c + s) for c changes and s sections, whatever the item count;
    ///   then the layout prepares again and only the views around the viewport move.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        performBatch(updates, animated: true, completion: completion)
    }

    /// `performBatchUpdates`, optionally landing at once (a diffable data source's apply
    /// without animating differences): the views still move to their new items, nothing fades.
    /// `newCounts`, when given, are the counts after the batch instead of the data source's: a
    /// move the view makes on its own (an interactive movement) asks the data source nothing.
    /// `applyNow` lands it before returning when the view is at a safe point (its own queued
    /// work), instead of after the work queued so far.
    func performBatch(_ updates: (() -> Void)?, animated: Bool, newCounts: [Int]? = nil, applyNow: Bool = false,
                      completion: ((Bool) -> Void)?) {
        if let open = openBatch {  // nested: part of the outer batch
            updates?()
            open.addCompletion(completion)
            return
        }
        cancelMovementForUpdate()
        let batch = PendingBatch()
        batch.animated = animated
        batch.addCompletion(completion)
        let runUpdates = { [self] in
            openBatch = batch
            updates?()
            openBatch = nil
            batch.newCounts = newCounts ?? countsFromDataSource()
        }
        if work.isBusy && !(applyNow && work.isAtSafePoint) {
            runUpdates()
            work.runOrDefer { [weak self] in self?.apply(batch) }
        } else {
            work.runNow {
                runUpdates()
                apply(batch)
            }
        }
    }

    /// `performBatch` for a batch worked out as a whole (a diffable data source's diff):
    /// `dataChange` changes the data and `update` is the batch. `prepared`, its plan made off
    /// the main thread, spares the main thread validating and mapping it, when it was made for
    /// the counts the view shows and the data source then reports and nothing else joins the
    /// batch; otherwise the batch is planned here as any other.
    func performBatch(_ update: BatchUpdate, prepared: PreparedBatch?, dataChange: @escaping () -> Void,
                      animated: Bool, completion: ((Bool) -> Void)?) {
        performBatch({ [self] in
            dataChange()
            guard let batch = openBatch else { return }
            if batch.update.isEmpty {
                batch.update = update
                batch.prepared = prepared
            } else {  // nested in a batch with changes of its own
                addToBatch { $0.append(update) }
            }
        }, animated: animated, completion: completion)
    }

    /// Adds a change to the open batch, or makes a batch of it alone.
    private func addToBatch(_ change: @escaping (inout BatchUpdate) -> Void) {
        if let open = openBatch {
            open.prepared = nil  // the batch is no longer the one planned ahead
            change(&open.update)
        } else {
            performBatchUpdates { [self] in change(&openBatch!.update) }
        }
    }

    /// Validates a collected batch against the counts shown, then animates it.
    private func apply(_ batch: PendingBatch) {
        let jump = endInteractiveTransitionNow()  // a gesture in progress settles first
        let completion = batch.completion
        guard let oldCounts = sectionCounts else {
            // Nothing was shown yet (or a reload is pending), so there is nothing to animate
            // from: the data is loaded afresh.
            reloadNow()
            completion?(true)
            return
        }
        let map: UpdateIndexMap
        var updateItems: [CollectionViewUpdateItem]?
        if let prepared = batch.prepared, prepared.fits(oldCounts: oldCounts, newCounts: batch.newCounts) {
            map = prepared.map  // validated for these very counts, off the main thread
            updateItems = prepared.updateItems
        } else {
            do {
                map = try UpdateIndexMap(oldCounts: oldCounts, newCounts: batch.newCounts, update: batch.update)
            } catch {
                report(.invalidUpdate(error))
                reloadNow()
                _ = counts  // what it reloads to is the data source now, so the next update checks against it
                completion?(false)
                return
            }
        }
        sectionCounts = batch.newCounts
        cancelPrefetching()  // announced index paths may name other items now
        let layout = installedLayout
        // Where everything is now: the views as they are shown (mid-animation included), and
        // the old layout's places around the viewport, for items that come into view.
        let before = snapshotBeforeChange(shownMovedBy: jump)
        let shown = shownAttributes(movedBy: jump)

        // Follow the items to their new index paths.
        selection.remap(map)
        interaction.itemsMoved { map.newIndexPath(forOld: $0) }
        scrollAnimation?.itemsMoved { map.newIndexPath(forOld: $0) }  // a scroll to an item heads for it still
        let leaving = ensureViews(.remap { map.newKey(forOld: $0) }).leaving

        // The layout, told about the changes.
        layout.attributesBeforeUpdate = { before[$0] }
        defer { layout.attributesBeforeUpdate = nil }
        layout.prepare(forCollectionViewUpdates: updateItems ?? map.update.updateItems)
        layout.invalidateLayout()
        layout.prepareIfNeeded()
        animateChange(shown: shown, before: before, leaving: leaving,
                      newKey: { map.newKey(forOld: $0) }, oldKey: { map.oldKey(forNew: $0) }, isReplaced: { map.isReplaced(old: $0) },
                      animated: batch.animated, completion: completion)
        layout.finalizeCollectionViewUpdates()
    }

    /// Whether an update or layout swap animation is running.
    public var isAnimatingUpdates: Bool { animator.isRunning }
}

extension BatchUpdate {
    /// Adds `other`'s changes after this batch's, list by list.
    fileprivate mutating func append(_ other: BatchUpdate) {
        insertedSections += other.insertedSections
        deletedSections += other.deletedSections
        reloadedSections += other.reloadedSections
        movedSections += other.movedSections
        insertedItems += other.insertedItems
        deletedItems += other.deletedItems
        reloadedItems += other.reloadedItems
        movedItems += other.movedItems
    }
}
