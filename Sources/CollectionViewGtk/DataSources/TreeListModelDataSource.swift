import CGtk
import GtkGlue
import CollectionLayout

/// A `GtkTreeListModel` as a collection view's data source: an outline whose expansion lives in
/// the model. Rows expanded or collapsed on the model's side (`gtk_tree_list_row_set_expanded`,
/// autoexpand, a child model that changes while shown) become animated batch updates, children
/// below their parent; rows expanded through the view (its disclosure accessory, its keys, or
/// ``setExpanded(_:itemAt:includingDescendants:animated:)``) expand the model's rows. The
/// view's items are the model's rows, in one section.
///
/// Make it from a root model and a function that gives an item's children (the usual way: the
/// data source makes the tree model), or over a `GtkTreeListModel` the app made itself (to
/// share it with a GtkListView, or one made `passthrough`). Either way each cell is made for
/// the row's item, with the row at hand for its depth and state.
///
/// One thing GTK does not say: a row expanded on the model's side whose children model is empty
/// changes no rows, and the model signals nothing, so the view shows the row's new state the
/// next time it asks for it (`reloadItems(at:)` shows it at once). Through the data source the
/// view is told.
///
/// Keep a reference to it, as to any data source (the collection view holds it weakly).
///
/// ```swift
/// let source = TreeListModelDataSource(collectionView: collectionView, rootModel: folders,
///                                      createChildren: { folder in subfolders(of: folder) }) { cv, indexPath, item, row in
///     let cell: FolderCell = cv.dequeueReusableCell(withReuseIdentifier: "folder", for: indexPath)
///     cell.show(item, depth: Int(gtk_tree_list_row_get_depth(row)))
///     return cell
/// }
/// ```
@MainActor
public final class TreeListModelDataSource: CollectionViewDataSource, CollectionViewOutlineDataSource {
    /// Makes the cell for a row: the collection view, the index path, the row's item (a GObject
    /// from the app's models) and the row (a `GtkTreeListRow*`), both borrowed for the call.
    public typealias CellProvider = (CollectionView, IndexPath, UnsafeMutablePointer<GObject>, OpaquePointer) -> CollectionViewCell
    /// The children of an item (borrowed for the call): a new `GListModel*` the tree model
    /// takes, or nil when the item can have none. Called when a row expands (and when the
    /// view asks whether a collapsed row can).
    public typealias CreateChildren = (UnsafeMutablePointer<GObject>) -> OpaquePointer?
    /// What makes an item the same item across changes (borrowed for the call); see
    /// `ListModelDataSource.ItemKey`. Without it, an item is its object.
    public typealias ItemKey = ListModelDataSource.ItemKey
    /// Makes a supplementary view (a header or footer) of a kind at an index path; nil is reported.
    public typealias SupplementaryViewProvider = ListModelDataSource.SupplementaryViewProvider

    /// What the app says about expanding and collapsing through the view (UIKit's
    /// `sectionSnapshotHandlers`). Each gets the row's item, borrowed for the call. Changes the
    /// app makes on the model itself are its own and ask nothing.
    public struct ExpansionHandlers {
        /// Whether the item may expand; nil: it may.
        public var shouldExpand: ((UnsafeMutablePointer<GObject>) -> Bool)?
        /// Called just before the item expands.
        public var willExpand: ((UnsafeMutablePointer<GObject>) -> Void)?
        /// Whether the item may collapse; nil: it may.
        public var shouldCollapse: ((UnsafeMutablePointer<GObject>) -> Bool)?
        /// Called just before the item collapses.
        public var willCollapse: ((UnsafeMutablePointer<GObject>) -> Void)?
        public init() {}
    }

    /// The tree model (a `GtkTreeListModel*`); the data source holds a reference to it.
    public let treeListModel: OpaquePointer
    /// Supplies headers, footers and other supplementary views.
    public var supplementaryViewProvider: SupplementaryViewProvider?
    /// Asked before the view expands or collapses a row.
    public var expansionHandlers = ExpansionHandlers()

    private let ref: TreeModelRef
    private weak var collectionView: CollectionView?
    private let cellProvider: CellProvider
    private let itemKey: ItemKey?
    /// Each held row's identity (its item's key, or its item), in model order.
    private var identities: [ItemIdentity] = []
    /// Whether each held row can expand, once asked: for a collapsed row that has children GTK
    /// runs the app's function (and drops the model it made) each time it is asked; only a
    /// leaf's answer is kept. A row's answer does not change while it is in the model.
    private var expandable: [Expandability] = []
    /// The same for a tree too large to hold its rows, by position, for the rows asked about
    /// since the model last changed (asking GTK runs the app's function that makes children,
    /// directory I/O for a `GtkDirectoryList`, for every cell made while scrolling otherwise).
    private var expandableByPosition: [Int: Bool] = [:]
    /// How many answers ``expandableByPosition`` keeps before starting again: the rows a few
    /// screens of scrolling show, so it stays small in a tree of millions.
    private static var expandableCacheLimit: Int { 4096 }
    /// The row count the collection view has been told about (the model's count changes
    /// before its signal arrives).
    private var count: Int
    /// Whether changes the model signals animate (a view-driven change may ask not to).
    private var animatesModelChanges = true
    /// While a subtree expands row by row, the model's signals are gathered here and shown
    /// as one batch.
    private var gathered: [(position: Int, removed: Int, added: Int)]?
    /// Trees up to this many rows hold their rows and match them by item across a change (a
    /// child model sorted moves its rows); larger ones replace the changed range.
    public static var identityLimit: Int { ListModelDataSource.identityLimit }

    /// Makes the data source over a tree model the app made, and installs it as
    /// `collectionView.dataSource`.
    ///
    /// - Parameters:
    ///   - collectionView: the view to feed.
    ///   - treeListModel: a `GtkTreeListModel*`, passthrough or not; a reference is taken.
    ///   - itemKey: what identifies an item across changes; nil means its object.
    ///   - cellProvider: called for every cell the view shows, with the row's item and the row.
    public init(collectionView: CollectionView, treeListModel: OpaquePointer, itemKey: ItemKey? = nil,
                cellProvider: @escaping CellProvider) {
        self.treeListModel = treeListModel
        ref = TreeModelRef(treeListModel)
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        self.itemKey = itemKey
        count = Int(g_list_model_get_n_items(ref.list))
        holdAllRowsIfSmall()
        ref.handler = Signal.connectItemsChanged(UnsafeMutableRawPointer(treeListModel)) { [weak self] position, removed, added in
            self?.itemsChanged(at: position, removed: removed, added: added)
        }
        collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: ListModelDataSource.placeholderIdentifier)
        collectionView.dataSource = self
    }

    /// Makes a `GtkTreeListModel` over `rootModel` whose rows' children come from
    /// `createChildren`, and the data source over it (see ``treeListModel``).
    ///
    /// - Parameters:
    ///   - collectionView: the view to feed.
    ///   - rootModel: the top level's `GListModel*`; the tree model takes a reference of its own.
    ///   - autoexpand: whether every row comes expanded (`gtk_tree_list_model_set_autoexpand`).
    ///   - itemKey: what identifies an item across changes; nil means its object.
    ///   - createChildren: gives an item's children, or nil for an item that has none.
    ///   - cellProvider: called for every cell the view shows, with the row's item and the row.
    public convenience init(collectionView: CollectionView, rootModel: OpaquePointer, autoexpand: Bool = false,
                            itemKey: ItemKey? = nil, createChildren: @escaping CreateChildren,
                            cellProvider: @escaping CellProvider) {
        g_object_ref(UnsafeMutableRawPointer(rootModel))  // the tree model takes it over
        let box = Unmanaged.passRetained(CreateChildrenBox(createChildren)).toOpaque()
        let tree = gtk_tree_list_model_new(rootModel, 0, autoexpand ? 1 : 0, createChildrenThunk, box, releaseCreateChildrenBox)!
        self.init(collectionView: collectionView, treeListModel: tree, itemKey: itemKey, cellProvider: cellProvider)
        g_object_unref(UnsafeMutableRawPointer(tree))  // the data source holds its own
    }

    // MARK: Rows

    /// The row at `indexPath` (a `GtkTreeListRow*`, a new reference: `g_object_unref` it), or nil.
    public func row(at indexPath: IndexPath) -> OpaquePointer? {
        guard let position = position(of: indexPath) else { return nil }
        if let rows = ref.rows, position < rows.count {
            g_object_ref(UnsafeMutableRawPointer(rows[position]))
            return rows[position]
        }
        return gtk_tree_list_model_get_row(treeListModel, guint(position))
    }

    /// The item of the row at `indexPath` (a new reference: `g_object_unref` it), or nil.
    public func item(at indexPath: IndexPath) -> UnsafeMutablePointer<GObject>? {
        guard let row = row(at: indexPath) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(row)) }
        return Self.item(of: row)
    }

    /// Where `row` (a `GtkTreeListRow*` of this model) is shown, or nil when it is no longer
    /// in the model.
    public func indexPath(of row: OpaquePointer) -> IndexPath? {
        let position = Int(gtk_tree_list_row_get_position(row))
        guard position < count else { return nil }
        let path = IndexPath(item: position, section: 0)
        // A destroyed row answers 0: check it is the row there.
        guard let there = self.row(at: path) else { return nil }
        g_object_unref(UnsafeMutableRawPointer(there))
        return there == row ? path : nil
    }

    /// The model position shown at `indexPath`, or nil.
    private func position(of indexPath: IndexPath) -> Int? {
        guard indexPath.count == 2, indexPath.section == 0, indexPath.item >= 0, indexPath.item < count else { return nil }
        return indexPath.item
    }

    // MARK: CollectionViewOutlineDataSource

    /// The row's depth (`gtk_tree_list_row_get_depth`): 0 for the root model's items.
    public func outlineLevel(forItemAt indexPath: IndexPath) -> Int? {
        guard let row = row(at: indexPath) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(row)) }
        return Int(gtk_tree_list_row_get_depth(row))
    }

    /// Whether the row has children to show: for a collapsed row, whether the function that
    /// makes children gives a model. Asked of GTK once per row until the model changes, in a
    /// tree of any size.
    public func isExpandable(itemAt indexPath: IndexPath) -> Bool {
        guard let position = position(of: indexPath) else { return false }
        if position < expandable.count, expandable[position] != .unknown { return expandable[position] == .yes }
        if let known = expandableByPosition[position] { return known }
        guard let row = row(at: indexPath) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(row)) }
        let answer = gtk_tree_list_row_is_expandable(row) != 0
        if position < expandable.count {
            expandable[position] = answer ? .yes : .no
        } else {
            if expandableByPosition.count >= Self.expandableCacheLimit { expandableByPosition.removeAll(keepingCapacity: true) }
            expandableByPosition[position] = answer
        }
        return answer
    }

    /// Whether the row's children are shown (`gtk_tree_list_row_get_expanded`).
    public func isExpanded(itemAt indexPath: IndexPath) -> Bool {
        guard let row = row(at: indexPath) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(row)) }
        return gtk_tree_list_row_get_expanded(row) != 0
    }

    /// Where the row's parent is shown; nil for a row of the root model.
    public func parentIndexPath(ofItemAt indexPath: IndexPath) -> IndexPath? {
        guard let row = row(at: indexPath) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(row)) }
        guard let parent = gtk_tree_list_row_get_parent(row) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(parent)) }
        let position = Int(gtk_tree_list_row_get_position(parent))
        return position < count ? IndexPath(item: position, section: 0) : nil
    }

    /// Expands or collapses the row in the model (`gtk_tree_list_row_set_expanded`), asking
    /// ``expansionHandlers`` first; the model's change shows as one batch update.
    ///
    /// With `includingDescendants`, expanding also expands every collapsed row below it, depth
    /// first, each asked of the handlers, and shows all of them in one batch. Children that a
    /// model loads later (a `GtkDirectoryList` reads its folder asynchronously) arrive
    /// collapsed; a tree model with autoexpand expands them as they come. Collapsing needs no
    /// walk: GTK drops the rows below a collapsed row with their expansion, so a collapsed row
    /// shows its children collapsed when it opens again (unless the model autoexpands).
    ///
    /// An index path that names no row is reported (`CollectionViewError.invalidIndexPath`).
    public func setExpanded(_ expanded: Bool, itemAt indexPath: IndexPath, includingDescendants: Bool, animated: Bool) {
        guard let collectionView else { return }
        guard gathered == nil else {
            // A handler asked during a subtree's walk: its signals would land in (and reset)
            // the walk's batch, and rows outside the subtree would not be shown changed.
            collectionView.report(.expansionDuringSubtreeExpand(indexPath))
            return
        }
        guard let row = row(at: indexPath) else {
            collectionView.report(.invalidIndexPath("setExpanded(_:itemAt:includingDescendants:animated:)", indexPath))
            return
        }
        defer { g_object_unref(UnsafeMutableRawPointer(row)) }
        let wasExpanded = gtk_tree_list_row_get_expanded(row) != 0
        if expanded && includingDescendants {
            expandSubtree(of: row, at: indexPath.item, animated: animated, in: collectionView)
            return
        }
        guard wasExpanded != expanded, isExpandable(itemAt: indexPath), ask(expanded, row) else { return }
        animatesModelChanges = animated
        defer { animatesModelChanges = true }
        gtk_tree_list_row_set_expanded(row, expanded ? 1 : 0)
        collectionView.outlineStateDidChange(at: [indexPath])
    }

    /// Asks the handlers whether `row` may expand (or collapse), and tells them it will.
    private func ask(_ expand: Bool, _ row: OpaquePointer) -> Bool {
        let handlers = expansionHandlers
        guard let item = Self.item(of: row) else { return false }
        defer { g_object_unref(item) }
        if expand {
            guard handlers.shouldExpand?(item) ?? true else { return false }
            handlers.willExpand?(item)
        } else {
            guard handlers.shouldCollapse?(item) ?? true else { return false }
            handlers.willCollapse?(item)
        }
        return true
    }

    /// Expands `row` and every collapsed row below it, gathering the model's signals (all
    /// inserts, each in the positions of the tree after the ones before) into one batch.
    private func expandSubtree(of row: OpaquePointer, at position: Int, animated: Bool, in collectionView: CollectionView) {
        let depth = gtk_tree_list_row_get_depth(row)
        let start = position + 1
        let before = descendantCount(from: start, deeperThan: depth)
        var opened: [OpaquePointer] = []
        gathered = []
        func open(_ candidate: OpaquePointer) {
            guard gtk_tree_list_row_get_expanded(candidate) == 0, gtk_tree_list_row_is_expandable(candidate) != 0,
                  ask(true, candidate) else { return }
            gtk_tree_list_row_set_expanded(candidate, 1)
            g_object_ref(UnsafeMutableRawPointer(candidate))
            opened.append(candidate)
        }
        open(row)
        var next = start
        while let candidate = gtk_tree_list_model_get_row(treeListModel, guint(next)) {
            defer { g_object_unref(UnsafeMutableRawPointer(candidate)) }
            guard gtk_tree_list_row_get_depth(candidate) > depth else { break }
            open(candidate)  // its children come next, and are walked in turn
            next += 1
        }
        let events = gathered ?? []
        gathered = nil
        let after = next - start
        defer { opened.forEach { g_object_unref(UnsafeMutableRawPointer($0)) } }
        guard !events.isEmpty else {
            if !opened.isEmpty { collectionView.outlineStateDidChange(at: [IndexPath(item: position, section: 0)]) }
            return
        }
        if let inserted = Self.insertedPositions(of: events, in: start..<start + before) {
            applyInsertions(inserted, replacing: start..<start + before, with: after, animated: animated, in: collectionView)
        } else {
            // Something else changed while rows expanded: the subtree is replaced as a whole.
            applyChange(at: start, removed: before, added: after, animated: animated, in: collectionView)
        }
        let paths = opened.compactMap { indexPath(of: $0) }
        collectionView.outlineStateDidChange(at: paths)
    }

    /// How many rows from `start` on are deeper than `depth` (the shown descendants of the row
    /// before `start`).
    private func descendantCount(from start: Int, deeperThan depth: guint) -> Int {
        var next = start
        while let row = gtk_tree_list_model_get_row(treeListModel, guint(next)) {
            defer { g_object_unref(UnsafeMutableRawPointer(row)) }
            guard gtk_tree_list_row_get_depth(row) > depth else { break }
            next += 1
        }
        return next - start
    }

    /// Where the rows inserted by `events` are, once all have happened, if every event only
    /// inserted rows within `range` (grown by the inserts before it); nil otherwise.
    ///
    /// The events are read last to first: a row an event inserted at `offset` (counting the
    /// rows there after the events before it) is the `offset`-th row, in the final order, not
    /// inserted by a later event. A Fenwick tree of the rows not yet claimed by a later event
    /// finds it in O(log n).
    ///
    /// - Complexity: O(e + n + r log n) for e events, n rows in the end, r of them inserted
    ///   (inserting each event's rows into an array instead is O(e × n): quadratic for `*` on
    ///   a large subtree).
    static func insertedPositions(of events: [(position: Int, removed: Int, added: Int)], in range: Range<Int>) -> [Int]? {
        var length = range.count
        for event in events {
            let offset = event.position - range.lowerBound
            guard event.removed == 0, event.added >= 0, offset >= 0, offset <= length else { return nil }
            length += event.added
        }
        var unclaimed = FenwickCounts(ones: length)
        var isNew = [Bool](repeating: false, count: length)
        for event in events.reversed() {
            let offset = event.position - range.lowerBound
            for _ in 0..<event.added {
                // The next of this event's rows is the offset-th unclaimed one once this is claimed.
                let row = unclaimed.index(ofNth: offset)
                unclaimed.decrement(at: row)
                isNew[row] = true
            }
        }
        return isNew.indices.filter { isNew[$0] }.map { $0 + range.lowerBound }
    }

    // MARK: Changes

    private func itemsChanged(at position: Int, removed: Int, added: Int) {
        expandableByPosition.removeAll(keepingCapacity: true)  // the positions moved
        if gathered != nil {
            gathered!.append((position, removed, added))
            return
        }
        guard let collectionView else { return }
        applyChange(at: position, removed: removed, added: added, animated: animatesModelChanges, in: collectionView)
        if position > 0 {
            // The row before the change may be the parent that expanded or collapsed.
            collectionView.outlineStateDidChange(at: [IndexPath(item: position - 1, section: 0)])
        }
    }

    /// Shows the model's change of `removed` rows at `position` into `added` rows as one batch:
    /// held rows matched by item (a sorted child model moves its rows), others replaced.
    private func applyChange(at position: Int, removed: Int, added: Int, animated: Bool, in collectionView: CollectionView) {
        let newCount = Int(g_list_model_get_n_items(ref.list))
        var change: (deleted: [IndexPath], inserted: [IndexPath], moved: [(from: IndexPath, to: IndexPath)])
        change = ((position..<position + removed).map { IndexPath(item: $0, section: 0) },
                  (position..<position + added).map { IndexPath(item: $0, section: 0) }, [])
        if let held = ref.rows, position + removed <= held.count, newCount <= Self.identityLimit {
            let new = rows(in: position..<position + added)
            let newIdentities = new.map(identity)
            if removed > 0 && added > 0 {
                change = ListModelDataSource.change(from: Array(identities[position..<position + removed]), to: newIdentities, at: position)
            }
            replaceHeldRows(position..<position + removed, with: new, identities: newIdentities)
        } else {
            ref.releaseRows()
            identities = []
            expandable = []
        }
        collectionView.performBatch({
            self.count = newCount
            collectionView.deleteItems(at: change.deleted)
            collectionView.insertItems(at: change.inserted)
            for move in change.moved { collectionView.moveItem(at: move.from, to: move.to) }
        }, animated: animated, completion: nil)
        if ref.rows == nil { holdAllRowsIfSmall() }
    }

    /// Shows rows inserted at `inserted` (positions after the change) as one batch; `range`
    /// held rows become the `added` rows now there.
    private func applyInsertions(_ inserted: [Int], replacing range: Range<Int>, with added: Int, animated: Bool,
                                 in collectionView: CollectionView) {
        let newCount = Int(g_list_model_get_n_items(ref.list))
        if ref.rows != nil, range.upperBound <= identities.count, newCount <= Self.identityLimit {
            let new = rows(in: range.lowerBound..<range.lowerBound + added)
            replaceHeldRows(range, with: new, identities: new.map(identity))
        } else {
            ref.releaseRows()
            identities = []
            expandable = []
        }
        collectionView.performBatch({
            self.count = newCount
            collectionView.insertItems(at: inserted.map { IndexPath(item: $0, section: 0) })
        }, animated: animated, completion: nil)
        if ref.rows == nil { holdAllRowsIfSmall() }
    }

    private func replaceHeldRows(_ range: Range<Int>, with new: [OpaquePointer], identities newIdentities: [ItemIdentity]) {
        let old = Array(ref.rows![range])
        ref.rows!.replaceSubrange(range, with: new)
        identities.replaceSubrange(range, with: newIdentities)
        expandable.replaceSubrange(range, with: repeatElement(.unknown, count: new.count))
        old.forEach { g_object_unref(UnsafeMutableRawPointer($0)) }
    }

    /// Holds every row while the tree is small enough to match rows by item.
    private func holdAllRowsIfSmall() {
        let total = Int(g_list_model_get_n_items(ref.list))
        guard total <= Self.identityLimit else { return }
        ref.rows = rows(in: 0..<total)
        identities = ref.rows!.map(identity)
        expandable = Array(repeating: .unknown, count: total)
    }

    /// The rows in `range`, each with a reference taken (released with the held rows).
    private func rows(in range: Range<Int>) -> [OpaquePointer] {
        range.compactMap { gtk_tree_list_model_get_row(treeListModel, guint($0)) }
    }

    /// A row's identity: its item's key, or its item (which the held row keeps alive, so its
    /// address is not reused).
    private func identity(_ row: OpaquePointer) -> ItemIdentity {
        guard let item = Self.item(of: row) else { return ItemIdentity(value: AnyHashable(UInt(bitPattern: row))) }
        defer { g_object_unref(item) }
        return ItemIdentity(value: itemKey?(item) ?? AnyHashable(UInt(bitPattern: item)))
    }

    /// The row's item, with a reference taken.
    private static func item(of row: OpaquePointer) -> UnsafeMutablePointer<GObject>? {
        gtk_tree_list_row_get_item(row)?.assumingMemoryBound(to: GObject.self)
    }

    // MARK: CollectionViewDataSource

    /// One section: the tree's shown rows.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    /// The model's row count, as the view was last told.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        section == 0 ? count : 0
    }

    /// The cell provider's cell for the row's item.
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        guard let row = row(at: indexPath), let item = Self.item(of: row) else {
            // The model shrank before its signal arrived: an empty cell until the update runs.
            return collectionView.dequeueReusableCell(withReuseIdentifier: ListModelDataSource.placeholderIdentifier, for: indexPath)
        }
        defer {
            g_object_unref(item)
            g_object_unref(UnsafeMutableRawPointer(row))
        }
        return cellProvider(collectionView, indexPath, item, row)
    }

    /// The supplementary view provider's view.
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> ReusableView {
        if let view = supplementaryViewProvider?(collectionView, kind, indexPath) { return view }
        collectionView.report(.missingSupplementaryView(kind: kind, indexPath: indexPath))
        return MissingSupplementaryView()
    }
}

/// Whether a held row can expand, once asked.
private enum Expandability { case unknown, yes, no }

/// The app's children function, carried to GTK's C callback as its user data.
private final class CreateChildrenBox: @unchecked Sendable {
    let createChildren: TreeListModelDataSource.CreateChildren
    init(_ createChildren: @escaping TreeListModelDataSource.CreateChildren) { self.createChildren = createChildren }
}

/// GTK calls this on the main thread as a row expands (or is asked whether it can).
private let createChildrenThunk: GtkTreeListModelCreateModelFunc = { item, data in
    guard let item, let data else { return nil }
    let box = Unmanaged<CreateChildrenBox>.fromOpaque(data).takeUnretainedValue()
    let address = UInt(bitPattern: item)  // pointers are not Sendable; GTK calls on the main thread
    let children = MainActor.assumeIsolated {
        box.createChildren(UnsafeMutablePointer<GObject>(bitPattern: address)!).map { UInt(bitPattern: $0) }
    }
    return children.flatMap { OpaquePointer(bitPattern: $0) }
}

private let releaseCreateChildrenBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<CreateChildrenBox>.fromOpaque(data).release()
}

/// The tree model reference, its signal handler and the held rows, released together off the
/// main actor.
private final class TreeModelRef: @unchecked Sendable {
    let model: OpaquePointer
    var handler: gulong = 0
    /// A reference to every row (`GtkTreeListRow*`), in model order, while the tree is small.
    var rows: [OpaquePointer]?
    /// The model as a `GListModel*`.
    var list: OpaquePointer { model }

    func releaseRows() {
        rows?.forEach { g_object_unref(UnsafeMutableRawPointer($0)) }
        rows = nil
    }
    init(_ model: OpaquePointer) {
        self.model = model
        g_object_ref(UnsafeMutableRawPointer(model))
    }
    deinit {
        releaseRows()
        if handler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(model), handler) }
        g_object_unref(UnsafeMutableRawPointer(model))
    }
}
