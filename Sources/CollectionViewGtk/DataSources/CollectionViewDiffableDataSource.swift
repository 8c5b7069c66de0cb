import CGtk
import GtkGlue
import CollectionLayout
import Dispatch
import Foundation

/// A data source driven by snapshots of identifiers (`UICollectionViewDiffableDataSource`):
/// build a `DiffableSnapshot`, `apply` it, and the view animates from what it showed to the
/// snapshot, with deletes, inserts and the fewest moves worked out by identity
/// (`SnapshotDiff`). No index path is written by hand, so no batch can be inconsistent.
///
/// Applies run in the order they are made. A large snapshot is diffed off the main thread
/// (the main loop goes on meanwhile), with the view's plan of the batch, and applied when its
/// turn comes; the big snapshot it replaces is freed off the main thread once the change has
/// landed. A small one is diffed inline.
/// Keep a reference to the data source, as to any data source.
@MainActor
public final class CollectionViewDiffableDataSource<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: CollectionViewDataSource {
    /// Makes the cell for an item (the snapshot's identifier); nil is reported and leaves the
    /// item without a cell.
    public typealias CellProvider = (CollectionView, IndexPath, ItemID) -> CollectionViewCell?
    /// Makes a supplementary view of a kind at an index path; nil is reported.
    public typealias SupplementaryViewProvider = (CollectionView, String, IndexPath) -> ReusableView?
    public typealias Snapshot = DiffableSnapshot<SectionID, ItemID>
    /// Gives the view's index titles; see ``indexTitlesProvider``.
    public typealias IndexTitlesProvider = (CollectionView) -> [String]?
    /// Gives where an index title (and its place among the titles) jumps to.
    public typealias IndexPathForIndexTitleProvider = (CollectionView, String, Int) -> IndexPath

    /// Supplies headers, footers and other supplementary views (`supplementaryViewProvider`).
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// Supplies the view's index titles, what a UIKit app overrides `indexTitles(for:)` of its
    /// diffable data source subclass for: the view then shows a scrubber that jumps to them.
    /// Nil (the default): no index. Setting it asks again.
    public var indexTitlesProvider: IndexTitlesProvider? {
        didSet { collectionView?.reloadIndexTitles() }
    }
    /// Where each index title jumps to (UIKit's override of
    /// `collectionView(_:indexPathForIndexTitle:at:)`); nil: the first item of the section at
    /// the title's place, a title per section.
    public var indexPathForIndexTitleProvider: IndexPathForIndexTitleProvider? {
        didSet { collectionView?.reloadIndexTitles() }
    }

    /// What the user may reorder, and what to do when they have (`reorderingHandlers`): with
    /// `canReorderItem` set, an interactive movement moves the item in the snapshot, and
    /// `didReorder` gets the snapshots before and after. No item moves without it.
    public struct ReorderingHandlers {
        public var canReorderItem: ((ItemID) -> Bool)?
        public var willReorder: ((Transaction) -> Void)?
        public var didReorder: ((Transaction) -> Void)?
        public init() {}
    }

    /// A reorder by the user (`NSDiffableDataSourceTransaction`): the snapshot before and after.
    public struct Transaction {
        public let initialSnapshot: Snapshot
        public let finalSnapshot: Snapshot
    }

    public var reorderingHandlers = ReorderingHandlers()
    weak var collectionView: CollectionView?
    private let cellProvider: CellProvider
    /// What the collection view shows (or will, once the batch in flight lands).
    var current = Snapshot()
    /// The section snapshots of the sections shown as outlines, with `current`.
    var outlines: [SectionID: SectionSnapshot<ItemID>] = [:]
    /// What the app's handlers say about expanding and collapsing (`sectionSnapshotHandlers`).
    public var sectionSnapshotHandlers = SectionSnapshotHandlers()
    /// Applies waiting for their turn, in call order; the first may be diffing off the main thread.
    var queue: [PendingApply] = []

    struct PendingApply {
        let snapshot: Snapshot
        /// The section snapshots once it has landed.
        let outlines: [SectionID: SectionSnapshot<ItemID>]
        let animated: Bool
        let usingReloadData: Bool
        let completion: (() -> Void)?
        var diff: SnapshotDiff?
        /// The batch worked out without a diff (an expand or collapse), instead of `diff`.
        var update: BatchUpdate?
        /// The batch's plan, made with the diff off the main thread.
        var prepared: PreparedBatch?
    }

    /// Snapshots with more items than this (old and new together) are diffed off the main
    /// thread: about where the diff starts to cost more than a frame on this class of machine.
    public static var backgroundDiffThreshold: Int { 20_000 }

    /// Makes the data source and installs it as `collectionView.dataSource`.
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    // MARK: Snapshots

    /// A copy of what the view shows, or will once pending applies have landed
    /// (`snapshot()`): change it and `apply` it.
    public func snapshot() -> Snapshot {
        freshen()
        var result = (queue.last?.snapshot ?? current).withoutChangeMarks
        result.reindexStaleRows()  // a waiting expand's, a copy
        return result
    }

    /// Brings the places of items after an expand or collapse up to date: landing one leaves
    /// them out of date (rewriting a million places would cost more than the rest of it), and
    /// they are rewritten once, when something needs them.
    func freshen() {
        current.reindexStaleRows()
    }

    /// Shows `snapshot` (`apply(_:animatingDifferences:completion:)`): what stayed keeps its
    /// cell and moves, what went fades, what came in appears; reloaded items get new cells,
    /// reconfigured ones are configured again in their own cells. `completion` runs once the
    /// change has landed (after its animation). Made from the app's own code or a callback that
    /// ends what the view does for the user (a menu's action, activation, a did-select, a drop),
    /// the change has landed when this returns: counts, selection and cells are the snapshot's
    /// (unless an earlier apply is still diffing off the main thread: then it lands after that
    /// one). From inside the view's own work (the cell provider, a completion) `snapshot()` has
    /// the change at once, and the view shows it right after that work, reconfigures included,
    /// as with `performBatchUpdates`.
    ///
    /// - Complexity: the diff is O(n log n) in the items of both snapshots; above
    ///   `backgroundDiffThreshold` it runs on another thread.
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        enqueue(PendingApply(snapshot: snapshot, outlines: outlines(keptBy: snapshot), animated: animatingDifferences,
                             usingReloadData: false, completion: completion))
    }

    /// Shows `snapshot` by reloading the view, without a diff or animation
    /// (`applySnapshotUsingReloadData(_:completion:)`).
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        enqueue(PendingApply(snapshot: snapshot, outlines: outlines(keptBy: snapshot), animated: false, usingReloadData: true,
                             completion: completion))
    }

    func enqueue(_ apply: PendingApply) {
        queue.append(apply)
        if queue.count == 1 { startNext() }
    }

    /// Diffs the first waiting apply (inline when small, else on a background queue) and lands it.
    private func startNext() {
        guard let next = queue.first else { return }
        if next.usingReloadData || next.update != nil {
            land()
            return
        }
        freshen()
        var fresh = next.snapshot
        fresh.reindexStaleRows()
        let old = current, new = fresh
        if old.numberOfItems + new.numberOfItems <= Self.backgroundDiffThreshold {
            queue[0].diff = SnapshotDiff(from: old, to: new)
            land()
            return
        }
        DispatchQueue.global(qos: .userInitiated).async {
            let diff = SnapshotDiff(from: old, to: new)
            // The view's plan of the batch too, so the main thread only checks the counts.
            let prepared = PreparedBatch(oldCounts: diff.oldCounts, newCounts: diff.newCounts, update: diff.update)
            Async.onMain { [weak self] in
                guard let self, !self.queue.isEmpty else { return }
                self.queue[0].diff = diff
                self.queue[0].prepared = prepared
                self.land()
            }
        }
    }

    /// Applies the first waiting snapshot to the view, then starts the next.
    private func land() {
        let apply = queue.removeFirst()
        let touchesOutlines = !outlines.isEmpty || !apply.outlines.isEmpty
        defer {
            if touchesOutlines { refreshShownOutlineStates() }
            startNext()
        }
        guard let collectionView else {
            show(apply.snapshot.withoutChangeMarks)?.letGo()
            outlines = apply.outlines
            apply.completion?()
            return
        }
        if let update = apply.update {  // an expand or collapse, worked out without a diff
            let new = apply.snapshot
            collectionView.performBatch(update, prepared: nil, dataChange: {
                self.current = new
                self.outlines = apply.outlines
            }, animated: apply.animated) { _ in apply.completion?() }
            return
        }
        guard let diff = apply.diff, !apply.usingReloadData else {
            show(apply.snapshot.withoutChangeMarks)?.letGo()
            outlines = apply.outlines
            collectionView.reloadData()
            apply.completion?()
            return
        }
        let new = apply.snapshot
        var retired: Retired<Snapshot>?
        collectionView.performBatch(diff.update, prepared: apply.prepared, dataChange: {
            retired = self.show(new.withoutChangeMarks)
            self.outlines = apply.outlines
        }, animated: apply.animated) { _ in
            retired?.letGo()
            apply.completion?()
        }
        guard !diff.reconfiguredItems.isEmpty else { return }
        // The reconfigured paths are places in `new`, so they are reconfigured right after this
        // batch, in order with the view's work: from inside a callback (a completion, the cell
        // provider) the batch waits until the callback returns, and the cells at those paths
        // are still at their old places until then. The identifiers come from `new` too, as
        // a later apply may have changed `current` by the time this runs.
        collectionView.work.runOrDefer { [weak collectionView, cellProvider] in
            guard let collectionView else { return }
            collectionView.reconfigureItems(at: diff.reconfiguredItems) { path in
                new.itemIdentifier(at: path).flatMap { cellProvider(collectionView, path, $0) }
            }
        }
    }

    /// After a landing that may have changed section snapshots (expansion, levels, children,
    /// or a section made flat), the cells on screen take their outline state again, once the
    /// view has moved them to their new places: cells that stay would keep their old state.
    func refreshShownOutlineStates() {
        collectionView?.work.runOrDefer { [weak collectionView] in collectionView?.visibleOutlineStatesDidChange() }
    }

    /// Makes `snapshot` the one shown. A big snapshot it replaces comes back, to be let go on
    /// another thread: freeing a million identifiers and their index takes milliseconds, and
    /// even on another thread it slows the main thread down (the memory goes back to the
    /// system), so a batch lets it go once it has landed and animated.
    private func show(_ snapshot: Snapshot) -> Retired<Snapshot>? {
        guard current.numberOfItems > Self.backgroundDiffThreshold else {
            current = snapshot
            return nil
        }
        let retired = Retired(current)
        current = snapshot
        return retired
    }

    // MARK: Identifiers and index paths

    /// The item shown at `indexPath` (`itemIdentifier(for:)`), or nil.
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> ItemID? {
        current.itemIdentifier(at: indexPath)
    }

    /// Where `itemIdentifier` is shown (`indexPath(for:)`), or nil.
    ///
    /// - Complexity: O(1) expected; the first call after an expand or collapse for an item
    ///   below it rewrites the places of the rows below it, once.
    public func indexPath(for itemIdentifier: ItemID) -> IndexPath? {
        if !current.hasCurrentPlace(itemIdentifier) { freshen() }
        return current.indexPath(ofItem: itemIdentifier)
    }

    /// The section shown at `index` (`sectionIdentifier(for:)`), or nil.
    public func sectionIdentifier(for index: Int) -> SectionID? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }

    // MARK: CollectionViewDataSource

    /// The snapshot's sections.
    public func numberOfSections(in collectionView: CollectionView) -> Int { current.numberOfSections }

    /// The snapshot's items in `section`.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        current.numberOfItems(inSectionAt: section)
    }

    /// The cell provider's cell for the item's identifier.
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        if let id = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, id) { return cell }
        let item = itemIdentifier(for: indexPath).map { " (\($0))" } ?? ""
        collectionView.report(.foreignView("nothing from the cell provider for item \(indexPath.item) in section \(indexPath.section)\(item)"))
        return MissingCell()  // shown as nothing, without a second report
    }

    /// Whether `reorderingHandlers.canReorderItem` allows it; never for an item of a section
    /// shown as an outline, whose place is its section snapshot's (moving a row there would
    /// leave the section snapshot in its old order, and later expands splicing into the wrong
    /// rows).
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        guard let can = reorderingHandlers.canReorderItem, queue.isEmpty, let id = itemIdentifier(for: indexPath),
              let section = sectionIdentifier(for: indexPath.section), outlines[section] == nil else { return false }
        return can(id)
    }

    /// Moves the item in the snapshot shown; the view already shows it there.
    public func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        freshen()
        guard let id = itemIdentifier(for: sourceIndexPath),
              current.sectionIdentifiers.indices.contains(destinationIndexPath.section) else { return }
        let before = current
        var after = current
        do {
            try after.deleteItems([id])
            let section = after.sectionIdentifiers[destinationIndexPath.section]
            let items = after.itemIdentifiers(inSection: section)
            if destinationIndexPath.item < items.count {
                try after.insertItems([id], beforeItem: items[destinationIndexPath.item])
            } else {
                try after.appendItems([id], toSection: section)
            }
        } catch {
            return
        }
        let transaction = Transaction(initialSnapshot: before, finalSnapshot: after)
        reorderingHandlers.willReorder?(transaction)
        current = after
        // An item dropped into a section shown as an outline changed its items as a flat apply
        // would: the section is flat from now on (see the outline notes).
        if outlines.removeValue(forKey: after.sectionIdentifiers[destinationIndexPath.section]) != nil {
            refreshShownOutlineStates()
        }
        reorderingHandlers.didReorder?(transaction)
    }

    /// The supplementary view provider's view.
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> ReusableView {
        if let view = supplementaryViewProvider?(collectionView, kind, indexPath) { return view }
        collectionView.report(.missingSupplementaryView(kind: kind, indexPath: indexPath))
        return MissingSupplementaryView()
    }

    /// The index titles provider's titles, or none.
    public func indexTitles(for collectionView: CollectionView) -> [String]? {
        indexTitlesProvider?(collectionView)
    }

    /// The provider's index path, or the first item of section `index`.
    public func collectionView(_ collectionView: CollectionView, indexPathForIndexTitle title: String, at index: Int) -> IndexPath {
        indexPathForIndexTitleProvider?(collectionView, title, index) ?? IndexPath(item: 0, section: index)
    }
}

/// A value kept until `letGo()` drops it on a utility queue: whoever held the other references
/// has let go of them by then, so the value is freed there.
private final class Retired<Value: Sendable>: @unchecked Sendable {
    private var value: Value?
    init(_ value: Value) { self.value = value }
    func letGo() { DispatchQueue.global(qos: .utility).async { self.value = nil } }
}

/// What a data source hands back when its provider had no cell: rejected by the view, which
/// reports it and shows nothing for the item.
final class MissingCell: CollectionViewCell {}
