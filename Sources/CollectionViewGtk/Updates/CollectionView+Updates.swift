import CGtk
import CCollectionHost
import CollectionLayout
import Foundation

/// Inserting, deleting, moving and reloading, one at a time or in batches, validated against
/// the data source and animated. Update the data source first, then call these.
extension CollectionView {
    public func insertItems(at indexPaths: [IndexPath]) { record { $0.insertedItems += indexPaths } }
    public func deleteItems(at indexPaths: [IndexPath]) { record { $0.deletedItems += indexPaths } }
    public func reloadItems(at indexPaths: [IndexPath]) { record { $0.reloadedItems += indexPaths } }
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { record { $0.movedItems.append((indexPath, newIndexPath)) } }
    public func insertSections(_ sections: IndexSet) { record { $0.insertedSections += Array(sections) } }
    public func deleteSections(_ sections: IndexSet) { record { $0.deletedSections += Array(sections) } }
    public func reloadSections(_ sections: IndexSet) { record { $0.reloadedSections += Array(sections) } }
    public func moveSection(_ section: Int, toSection newSection: Int) { record { $0.movedSections.append((section, newSection)) } }

    /// Runs `updates` at once and animates all their changes together. `completion` gets true
    /// when the animation ran to its end, false when a later update or a reload cut it short
    /// or the update was invalid (then it is reported and the view reloads instead).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        runBatch({ updates?() }, completion: completion)
    }

    private func runBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
        if pendingBatch == nil { endInteractiveTransitionNow() }  // a gesture in progress settles first
        if pendingBatch != nil {  // nested: part of the outer batch
            updates()
            completion?(true)
            return
        }
        guard let oldCounts = sectionCounts else {
            // Nothing was shown yet (or a reload is pending), so there is nothing to animate
            // from: the changes are recorded and dropped, and the data is loaded afresh.
            pendingBatch = BatchUpdate()
            updates()
            pendingBatch = nil
            reloadData()
            completion?(true)
            return
        }
        pendingBatch = BatchUpdate()
        updates()
        let batch = pendingBatch!
        pendingBatch = nil
        apply(batch, from: oldCounts, completion: completion)
    }

    private func record(_ change: (inout BatchUpdate) -> Void) {
        if pendingBatch != nil {
            change(&pendingBatch!)
        } else {
            runBatch({ change(&self.pendingBatch!) }, completion: nil)
        }
    }

    private func apply(_ batch: BatchUpdate, from oldCounts: [Int], completion: ((Bool) -> Void)?) {
        sectionCounts = nil
        let newCounts = counts
        let plan: BatchUpdatePlan
        do {
            plan = try BatchUpdatePlan(oldCounts: oldCounts, newCounts: newCounts, update: batch)
        } catch {
            report(.invalidUpdate(error))
            reloadData()
            _ = counts  // what it reloads to is the data source now, so the next update checks against it
            completion?(false)
            return
        }
        let layout = collectionViewLayout
        // Where everything is now: the views as they are shown (mid-animation included), and
        // the old layout's places around the viewport, for items that come into view.
        let before = snapshotBeforeChange()

        // Follow the items to their new index paths.
        selection.selected = Set(selection.selected.compactMap { plan.newIndexPath(forOld: $0) })
        selection.focused = selection.focused.flatMap { plan.newIndexPath(forOld: $0) }
        selection.highlighted = nil
        interaction?.pressCancelled()
        var remapped: [ElementKey: ReusableView] = [:]
        var leaving: [(ReusableView, ElementKey)] = []
        for (key, view) in visible {
            if let newKey = Self.newKey(for: key, plan) {
                remapped[newKey] = view
                view.elementKey = newKey
            } else {
                leaving.append((view, key))
            }
        }
        visible = remapped
        pendingViews.removeAll()

        // The new layout, told about the changes.
        layout.attributesBeforeUpdate = { before[$0] }
        defer { layout.attributesBeforeUpdate = nil }
        layout.prepare(forCollectionViewUpdates: batch.updateItems)
        layout.invalidateLayout()
        layout.prepareIfNeeded()
        animateVisibleViews(before: before, leaving: leaving, oldKey: { Self.oldKey(for: $0, plan) },
                            isReplaced: { Self.isReloaded($0, plan) }, completion: completion)
        layout.finalizeCollectionViewUpdates()
    }

    func initialAttributes(for key: ElementKey, _ layout: CollectionViewLayout) -> LayoutAttributes? {
        switch key.category {
        case .cell: layout.initialLayoutAttributesForAppearingItem(at: key.indexPath)
        case .supplementaryView: layout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: key.kind ?? "", at: key.indexPath)
        case .decorationView: layout.initialLayoutAttributesForAppearingDecorationElement(ofKind: key.kind ?? "", at: key.indexPath)
        }
    }

    func finalAttributes(for key: ElementKey, _ layout: CollectionViewLayout) -> LayoutAttributes? {
        switch key.category {
        case .cell: layout.finalLayoutAttributesForDisappearingItem(at: key.indexPath)
        case .supplementaryView: layout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: key.kind ?? "", at: key.indexPath)
        case .decorationView: layout.finalLayoutAttributesForDisappearingDecorationElement(ofKind: key.kind ?? "", at: key.indexPath)
        }
    }

    /// An element's key after the update: cells follow their item, other elements their
    /// section (the first index); nil when it went (deleted, or reloaded: a new view comes).
    static func newKey(for key: ElementKey, _ plan: BatchUpdatePlan) -> ElementKey? {
        switch key.category {
        case .cell:
            guard !plan.isReloaded(old: key.indexPath), let path = plan.newIndexPath(forOld: key.indexPath) else { return nil }
            return .cell(path)
        default:
            guard let first = key.indexPath.first, !plan.isSectionReloaded(old: first),
                  let section = plan.newSection(forOld: first) else { return nil }
            var path = key.indexPath
            path[0] = section
            return ElementKey(category: key.category, kind: key.kind, indexPath: path)
        }
    }

    static func oldKey(for key: ElementKey, _ plan: BatchUpdatePlan) -> ElementKey? {
        switch key.category {
        case .cell:
            return plan.oldIndexPath(forNew: key.indexPath).map { .cell($0) }
        default:
            guard let first = key.indexPath.first, let section = plan.oldSection(forNew: first) else { return nil }
            var path = key.indexPath
            path[0] = section
            return ElementKey(category: key.category, kind: key.kind, indexPath: path)
        }
    }

    static func isReloaded(_ oldKey: ElementKey, _ plan: BatchUpdatePlan) -> Bool {
        oldKey.category == .cell ? plan.isReloaded(old: oldKey.indexPath) : plan.isSectionReloaded(old: oldKey.indexPath.first ?? -1)
    }

    /// Whether an update animation is running.
    public var isAnimatingUpdates: Bool { animator.isRunning }
}
