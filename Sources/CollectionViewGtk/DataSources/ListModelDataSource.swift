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
    /// Models up to this size are matched by identity; larger ones (often lazy models that make
    /// items on demand) are not held item by item: their changes replace the changed range.
    public static var identityLimit: Int { 100_000 }

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
        if count <= Self.identityLimit { modelRef.items = Self.items(of: model, in: 0..<count) }
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
        let newCount = Int(g_list_model_get_n_items(model))
        let change: (deleted: [IndexPath], inserted: [IndexPath], moved: [(from: IndexPath, to: IndexPath)])
        if let held = modelRef.items, position + removed <= held.count, newCount <= Self.identityLimit {
            // The held items keep their objects alive, so an address is an identity.
            let old = Array(held[position..<position + removed])
            let new = Self.items(of: model, in: position..<position + added)
            change = Self.change(from: old.map { UInt(bitPattern: $0) }, to: new.map { UInt(bitPattern: $0) }, at: position)
            modelRef.items!.replaceSubrange(position..<position + removed, with: new)
            old.forEach { g_object_unref($0) }
        } else {
            modelRef.releaseItems()
            change = ((position..<position + removed).map { IndexPath(item: $0, section: 0) },
                      (position..<position + added).map { IndexPath(item: $0, section: 0) }, [])
        }
        collectionView.performBatchUpdates {
            self.count = newCount
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

    /// The model's items in `range`, each with a reference taken (the caller releases them).
    private static func items(of model: OpaquePointer, in range: Range<Int>) -> [UnsafeMutableRawPointer] {
        range.compactMap { g_list_model_get_item(model, guint($0)) }
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

/// The model reference, the signal handler and the held items, released together off the main
/// actor.
private final class ModelRef: @unchecked Sendable {
    let model: OpaquePointer
    var handler: gulong = 0
    /// A reference to every item, in model order, while the model is matched by identity.
    var items: [UnsafeMutableRawPointer]?

    func releaseItems() {
        items?.forEach { g_object_unref($0) }
        items = nil
    }
    init(_ model: OpaquePointer) {
        self.model = model
        g_object_ref(UnsafeMutableRawPointer(model))
    }
    deinit {
        releaseItems()
        if handler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(model), handler) }
        g_object_unref(UnsafeMutableRawPointer(model))
    }
}
