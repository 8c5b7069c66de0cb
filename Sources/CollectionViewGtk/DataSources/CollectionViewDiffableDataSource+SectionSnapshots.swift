import CollectionLayout
import Foundation

/// Sections shown as outlines (`NSDiffableDataSourceSectionSnapshot`): a section's items are
/// the visible items of its section snapshot, and expanding or collapsing one item is a batch
/// of the rows that appear or go, worked out from the section snapshot's counts
/// (``VisibleItemsChange``) without listing or diffing the section.
///
/// A flat ``apply(_:animatingDifferences:completion:)`` keeps a section's section snapshot when
/// the section's items in the new snapshot are still its visible items, and drops it otherwise
/// (the section was deleted, or the app changed its items through the flat snapshot): the
/// section is flat again, and ``snapshot(for:)`` gives its items as root items. UIKit does the
/// same: a flat snapshot knows nothing of the hierarchy, so changing a section's items through
/// it replaces the section's hierarchy with a flat list of those items.
extension CollectionViewDiffableDataSource {
    /// What the app decides about expanding and collapsing (UIKit's
    /// `UICollectionViewDiffableDataSource.SectionSnapshotHandlers`), asked when the user (or
    /// ``setExpanded(_:itemAt:includingDescendants:animated:)``) expands or collapses an item.
    /// Not asked for changes the app applies itself.
    public struct SectionSnapshotHandlers {
        /// Whether the item may expand; nil: it may.
        public var shouldExpandItem: ((ItemID) -> Bool)?
        /// Called just before the item expands.
        public var willExpandItem: ((ItemID) -> Void)?
        /// Whether the item may collapse; nil: it may.
        public var shouldCollapseItem: ((ItemID) -> Bool)?
        /// Called just before the item collapses.
        public var willCollapseItem: ((ItemID) -> Void)?
        /// Loads children lazily: given the item being expanded and the section snapshot as it
        /// is, returns the section snapshot to show, with the item's children added; the item
        /// is then expanded in it. With it set, an item that has no children and is not
        /// expanded counts as expandable (it may load some). A returned snapshot that differs
        /// from the one given is shown by a diff, as ``apply(_:to:animatingDifferences:completion:)``.
        ///
        /// - Complexity: with it set, every expand compares the returned section snapshot with
        ///   the one given, O(n) for the section's n items (expanded or not) on the main
        ///   thread, even when nothing was loaded; a returned snapshot that differs is then
        ///   diffed as an apply is. Leave the handler nil for a section whose tree is complete:
        ///   expands then cost O(d + s + r) (see
        ///   ``setExpanded(_:itemAt:includingDescendants:animated:)``).
        public var snapshotForExpandingParent: ((ItemID, SectionSnapshot<ItemID>) -> SectionSnapshot<ItemID>)?
        public init() {}
    }

    // MARK: Section snapshots

    /// The flat snapshot and section snapshots the view shows once every pending apply has landed.
    private var latest: (flat: Snapshot, outlines: [SectionID: SectionSnapshot<ItemID>]) {
        queue.last.map { ($0.snapshot, $0.outlines) } ?? (current, outlines)
    }

    /// The section snapshot of `section` (`snapshot(for:)`), as it will be once pending applies
    /// have landed: the one applied to it, with its expanded states as the user left them; for
    /// a section without one, its items as root items; empty for a section the data source
    /// does not hold.
    ///
    /// - Complexity: O(1) for a section shown as an outline; O(n) for n items of a flat section.
    public func snapshot(for section: SectionID) -> SectionSnapshot<ItemID> {
        let (flat, outlines) = latest
        if let outline = outlines[section] { return outline }
        var result = SectionSnapshot<ItemID>()
        try? result.append(flat.itemIdentifiers(inSection: section))
        return result
    }

    /// Shows `sectionSnapshot` in `section` (`apply(_:to:animatingDifferences:completion:)`):
    /// the section's items become its visible items, diffed against what the section showed
    /// (an item that stays keeps its cell), and the other sections stay as they are. A section
    /// the data source does not hold is appended. An item of it that is in another section is
    /// reported (``CollectionViewError/invalidSectionSnapshot(_:)``) and nothing changes.
    ///
    /// - Complexity: as a flat apply: O(n log n) for n items in both snapshots, diffed off the
    ///   main thread when large. To expand or collapse one item without a diff, use
    ///   ``setExpanded(_:itemAt:includingDescendants:animated:)``.
    public func apply(_ sectionSnapshot: SectionSnapshot<ItemID>, to section: SectionID,
                      animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        freshen()
        var (flat, outlines) = latest
        flat = flat.withoutChangeMarks
        flat.reindexStaleRows()
        do {
            if flat.indexOfSection(section) == nil { try flat.appendSections([section]) }
            try flat.deleteItems(flat.itemIdentifiers(inSection: section))
            try flat.appendItems(sectionSnapshot.visibleItems, toSection: section)
        } catch {
            collectionView?.report(.invalidSectionSnapshot(error))
            return
        }
        outlines[section] = sectionSnapshot
        enqueue(PendingApply(snapshot: flat, outlines: outlines, animated: animatingDifferences, usingReloadData: false,
                             completion: completion))
    }

    /// The section snapshots that stay with `snapshot` applied flat: those whose section holds
    /// their visible items still (see the type's notes).
    ///
    /// - Complexity: O(v) for v visible items of the sections shown as outlines, on the main
    ///   thread when the flat apply is made: a section whose count still matches lists its
    ///   visible items (and the snapshot's items of the section) to compare them. A walk
    ///   comparing in place would need both snapshots to
    ///   walk their items without an array; neither does today. Counts that differ cost O(1).
    func outlines(keptBy snapshot: Snapshot) -> [SectionID: SectionSnapshot<ItemID>] {
        latest.outlines.filter { section, outline in
            snapshot.numberOfItems(inSection: section) == outline.numberOfVisibleItems
                && snapshot.indexOfSection(section) != nil
                && snapshot.itemIdentifiers(inSection: section) == outline.visibleItems
        }
    }

    // MARK: Expanding and collapsing

    /// Expands or collapses `item` of `section` in its section snapshot after asking the
    /// handlers, and shows the change: the rows below it animate in or out as one batch.
    func setExpanded(_ expanded: Bool, item: ItemID, section: SectionID, includingDescendants: Bool, animated: Bool,
                     completion: (() -> Void)? = nil) {
        guard let asked = latest.outlines[section], asked.contains(item) else { return }
        if expanded {
            guard includingDescendants || !asked.isExpanded(item) else { return }
            if let should = sectionSnapshotHandlers.shouldExpandItem, !should(item) { return }
            sectionSnapshotHandlers.willExpandItem?(item)
        } else {
            guard asked.isExpanded(item) || includingDescendants else { return }
            if let should = sectionSnapshotHandlers.shouldCollapseItem, !should(item) { return }
            sectionSnapshotHandlers.willCollapseItem?(item)
        }
        // The handlers may have applied snapshots (to this section or flat): the change is
        // worked out from the section as it is now, or not made when it no longer applies.
        guard var outline = latest.outlines[section], outline.contains(item) else { return }
        if expanded {
            guard includingDescendants || !outline.isExpanded(item) else { return }
            if let load = sectionSnapshotHandlers.snapshotForExpandingParent {
                let loaded = load(item, outline)
                if loaded != outline {
                    // New children: the app's snapshot is shown as any other, by a diff.
                    var shown = loaded
                    _ = try? shown.expand(includingDescendants ? loaded.itemsWithChildren(from: item) + [item] : [item])
                    apply(shown, to: section, animatingDifferences: animated, completion: completion)
                    return
                }
                // The loader may have applied a snapshot itself.
                guard let now = latest.outlines[section], now.contains(item) else { return }
                outline = now
            }
        } else {
            guard outline.isExpanded(item) || includingDescendants else { return }
        }
        let targets = includingDescendants ? outline.itemsWithChildren(from: item) + [item] : [item]
        let change: VisibleItemsChange
        do {
            change = expanded ? try outline.expand(targets) : try outline.collapse(targets)
        } catch {
            return  // cannot happen: every target is in the snapshot
        }
        land(change, to: outline, in: section, animated: animated, completion: completion)
    }

    /// Shows the rows `change` adds or takes away in `section`, whose section snapshot is
    /// `after` then: a batch of those rows alone, O(changed rows) to plan.
    private func land(_ change: VisibleItemsChange, to after: SectionSnapshot<ItemID>,
                      in section: SectionID, animated: Bool, completion: (() -> Void)?) {
        // No binding holds the shown snapshot here: it changes in place below, and a second
        // reference to it would make that copy a million identifiers.
        guard let s = latest.flat.indexOfSection(section) else { return }
        var update = BatchUpdate()
        for range in change.removed {
            update.deletedItems += range.map { IndexPath(item: $0, section: s) }
        }
        for range in change.inserted {
            update.insertedItems += range.map { IndexPath(item: $0, section: s) }
        }
        var newOutlines = latest.outlines
        newOutlines[section] = after
        let splice = { (snapshot: inout Snapshot) in
            // The places of the rows after the change are rewritten when needed, not here.
            snapshot.apply(change, inSectionAt: s, showing: after, deferringReindex: true)
        }
        guard queue.isEmpty, let collectionView else {
            // Behind other applies (or without a view): a snapshot of its own, landing in turn.
            var next = latest.flat
            splice(&next)
            enqueue(PendingApply(snapshot: next, outlines: newOutlines, animated: animated, usingReloadData: false,
                                 completion: completion, update: update))
            return
        }
        // What the view shows changes in place, so a million-item snapshot is not copied.
        collectionView.performBatch(update, prepared: nil, dataChange: {
            splice(&self.current)
            self.outlines = newOutlines
        }, animated: animated) { _ in completion?() }
        refreshShownOutlineStates()
    }
}

// MARK: CollectionViewOutlineDataSource

extension CollectionViewDiffableDataSource: CollectionViewOutlineDataSource {
    /// The item and the section snapshot of the item shown at `indexPath`, when its section is
    /// shown as an outline.
    private func outlineItem(at indexPath: IndexPath) -> (item: ItemID, section: SectionID, outline: SectionSnapshot<ItemID>)? {
        guard let item = current.itemIdentifier(at: indexPath), let section = sectionIdentifier(for: indexPath.section),
              let outline = outlines[section] else { return nil }
        return (item, section, outline)
    }

    /// The item's level in its section snapshot; nil in a section without one.
    ///
    /// - Complexity: O(d) for an item d deep.
    public func outlineLevel(forItemAt indexPath: IndexPath) -> Int? {
        outlineItem(at: indexPath).flatMap { $0.outline.level(of: $0.item) }
    }

    /// Whether the item has children in its section snapshot, or may load some (with
    /// `snapshotForExpandingParent` set, an item without children that is not expanded).
    public func isExpandable(itemAt indexPath: IndexPath) -> Bool {
        guard let (item, _, outline) = outlineItem(at: indexPath) else { return false }
        return outline.hasChildren(item) || (sectionSnapshotHandlers.snapshotForExpandingParent != nil && !outline.isExpanded(item))
    }

    /// Whether the item is expanded in its section snapshot.
    public func isExpanded(itemAt indexPath: IndexPath) -> Bool {
        guard let (item, _, outline) = outlineItem(at: indexPath) else { return false }
        return outline.isExpanded(item)
    }

    /// Where the item's parent is shown; nil for a root item or outside an outline.
    public func parentIndexPath(ofItemAt indexPath: IndexPath) -> IndexPath? {
        guard let (item, _, outline) = outlineItem(at: indexPath), let parent = outline.parent(of: item) else { return nil }
        return self.indexPath(for: parent)
    }

    /// Expands or collapses the item shown at `indexPath`, asking `sectionSnapshotHandlers`
    /// first (they may refuse, and `snapshotForExpandingParent` may load children), and shows
    /// the change as a batch: the rows below the item animate in (the rows after them move
    /// down) or out. A second change during the animation retargets it. Does nothing for an
    /// item outside an outline.
    ///
    /// - Complexity: O(d + s + r) for an item d deep with s siblings before it and its
    ///   ancestors, and r rows appearing or going, plus one copy of the section's array of
    ///   identifiers; nothing is diffed. The places of the rows after the change (identifier →
    ///   index path) are rewritten later, once, when `indexPath(for:)`, `snapshot()` or the
    ///   next apply needs them.
    public func setExpanded(_ expanded: Bool, itemAt indexPath: IndexPath, includingDescendants: Bool, animated: Bool) {
        guard let (item, section, _) = outlineItem(at: indexPath) else { return }
        // The cells on screen take their new state when the change lands (it may wait behind
        // an apply still diffing), the item's and its descendants' alike.
        setExpanded(expanded, item: item, section: section, includingDescendants: includingDescendants, animated: animated)
    }
}
