import CGtk
import GtkGlue
import CollectionLayout

/// Any `GListModel` as a collection view's data source, in one section: GListStore,
/// GtkStringList, GtkDirectoryList, GtkSortListModel, GtkFilterListModel... The model's
/// `items-changed` becomes an animated batch update (GtkGridView only rebinds its rows; here
/// the change animates), and each cell is made for its item object.
///
/// Keep a reference to it, as to any data source (the collection view holds it weakly).
///
/// ```swift
/// let source = ListModelDataSource(collectionView: collectionView, model: names) { cv, indexPath, item in
///     let cell: NameCell = cv.dequeueReusableCell(withReuseIdentifier: "name", for: indexPath)
///     cell.show(item)   // the item is the model's GObject, borrowed for the call
///     return cell
/// }
/// ```
@MainActor
public final class ListModelDataSource: CollectionViewDataSource {
    /// Makes the cell for an item: the collection view, the index path, and the model's item (a
    /// GObject, borrowed for the duration of the call).
    public typealias CellProvider = (CollectionView, IndexPath, UnsafeMutableRawPointer) -> CollectionViewCell

    /// The model (a `GListModel*`); the data source holds a reference to it.
    public let model: OpaquePointer
    private let modelRef: ModelRef
    private weak var collectionView: CollectionView?
    private let cellProvider: CellProvider
    /// The item count the collection view has been told about: the model's count changes
    /// before its signal arrives, and the view checks each batch against what it knew.
    private var count: Int
    /// The item objects' addresses, in model order: what the view shows, by identity.
    private var identities: [UInt]

    /// Makes the data source and installs it as `collectionView.dataSource`.
    ///
    /// - Parameters:
    ///   - collectionView: the view to feed.
    ///   - model: a `GListModel*` (from `G_LIST_MODEL (...)`); a reference is taken.
    ///   - cellProvider: called for every cell the view shows, with the item it shows.
    public init(collectionView: CollectionView, model: OpaquePointer, cellProvider: @escaping CellProvider) {
        self.model = model
        modelRef = ModelRef(model)
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        count = Int(g_list_model_get_n_items(model))
        identities = (0..<count).map { Self.identity(of: model, at: $0) }
        modelRef.handler = Signal.connectItemsChanged(UnsafeMutableRawPointer(model)) { [weak self] position, removed, added in
            self?.itemsChanged(at: position, removed: removed, added: added)
        }
        collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: Self.placeholderIdentifier)
        collectionView.dataSource = self
    }

    /// The model's item at `indexPath` (a new reference: `g_object_unref` it), or nil.
    public func item(at indexPath: IndexPath) -> UnsafeMutableRawPointer? {
        guard indexPath.count == 2, indexPath.section == 0, indexPath.item >= 0, indexPath.item < count else { return nil }
        return g_list_model_get_item(model, guint(indexPath.item))
    }

    /// One batch per signal. Inside the changed range the items are matched by identity (the
    /// item objects), so an object that is still there moves with its cell (a sort or a
    /// filter animates as moves), with the fewest moves; the rest go or come.
    ///
    /// - Complexity: O(k log k) for the k items in the changed range.
    private func itemsChanged(at position: Int, removed: Int, added: Int) {
        guard let collectionView else { return }
        let old = Array(identities[position..<min(identities.count, position + removed)])
        let new = (position..<position + added).map { Self.identity(of: model, at: $0) }
        identities.replaceSubrange(position..<min(identities.count, position + removed), with: new)
        let change = Self.change(from: old, to: new, at: position)
        collectionView.performBatchUpdates {
            self.count = Int(g_list_model_get_n_items(self.model))
            collectionView.deleteItems(at: change.deleted)
            collectionView.insertItems(at: change.inserted)
            for move in change.moved { collectionView.moveItem(at: move.from, to: move.to) }
        }
    }

    /// The deletes, inserts and moves that turn `old` into `new` (item object addresses), as
    /// index paths offset by `position`. Repeated objects (a list may hold one object twice)
    /// cannot be matched by identity: then everything in the range goes and comes.
    static func change(from old: [UInt], to new: [UInt], at position: Int)
        -> (deleted: [IndexPath], inserted: [IndexPath], moved: [(from: IndexPath, to: IndexPath)]) {
        func path(_ i: Int) -> IndexPath { IndexPath(item: position + i, section: 0) }
        var before = DiffableSnapshot<Int, UInt>(), after = DiffableSnapshot<Int, UInt>()
        do {
            try before.appendSections([0])
            try before.appendItems(old, toSection: 0)
            try after.appendSections([0])
            try after.appendItems(new, toSection: 0)
        } catch {
            return (old.indices.map(path), new.indices.map(path), [])
        }
        let update = SnapshotDiff(from: before, to: after).update
        let shift = { (p: IndexPath) in path(p.item) }
        return (update.deletedItems.map(shift), update.insertedItems.map(shift),
                update.movedItems.map { (shift($0.from), shift($0.to)) })
    }

    /// The item object's address at `index`: its identity (the model keeps it alive).
    private static func identity(of model: OpaquePointer, at index: Int) -> UInt {
        guard let item = g_list_model_get_item(model, guint(index)) else { return 0 }
        defer { g_object_unref(item) }
        return UInt(bitPattern: item)
    }

    // MARK: CollectionViewDataSource

    /// The model's item count, as the view was last told.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        section == 0 ? count : 0
    }

    /// The cell provider's cell for the model's item.
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        guard let item = item(at: indexPath) else {
            // The model shrank before its signal arrived: an empty cell until the update runs.
            return collectionView.dequeueReusableCell(withReuseIdentifier: ListModelDataSource.placeholderIdentifier, for: indexPath)
        }
        defer { g_object_unref(item) }
        return cellProvider(collectionView, indexPath, item)
    }

    /// The identifier of the plain cell shown for an item the model no longer has.
    static let placeholderIdentifier = "ListModelDataSource.placeholder"
}

/// The model reference and the signal handler, released together off the main actor.
private final class ModelRef: @unchecked Sendable {
    let model: OpaquePointer
    var handler: gulong = 0
    init(_ model: OpaquePointer) {
        self.model = model
        g_object_ref(UnsafeMutableRawPointer(model))
    }
    deinit {
        if handler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(model), handler) }
        g_object_unref(UnsafeMutableRawPointer(model))
    }
}
