import CGtk
import GtkGlue
import CollectionLayout

/// Any `GListModel` as a collection view's data source: GListStore, GtkStringList,
/// GtkDirectoryList, GtkSortListModel, GtkFilterListModel, GtkFlattenListModel... The model's
/// `items-changed` becomes an animated batch update (GtkGridView only rebinds its rows; here
/// the change animates), and each cell is made for its item object.
///
/// The items form one section, or, with a `sectionKey` function, one section per run of
/// consecutive items with the same key (as GTK 4.12's section models group them: sort the
/// model by the key first). Headers and footers come from `supplementaryViewProvider`.
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
    public typealias CellProvider = (CollectionView, IndexPath, UnsafeMutablePointer<GObject>) -> CollectionViewCell
    /// The section an item belongs to (borrowed for the call); equal keys in a row are one section.
    public typealias SectionKey = (UnsafeMutablePointer<GObject>) -> String
    /// What makes an item the same item across changes (borrowed for the call), for models
    /// that make new objects for the same thing: a GtkDirectoryList read again gives new
    /// GFileInfos for the same files, and the file's path says which is which. Without it, an
    /// item is its object.
    public typealias ItemKey = (UnsafeMutablePointer<GObject>) -> AnyHashable
    /// Makes a supplementary view (a header or footer) of a kind at an index path; nil is reported.
    public typealias SupplementaryViewProvider = (CollectionView, String, IndexPath) -> ReusableView?

    /// The model (a `GListModel*`); the data source holds a reference to it. GListModel is a
    /// GObject interface, a C type GLib never defines, so Swift imports it as `OpaquePointer`,
    /// as GTK's own functions take and return it.
    public let model: OpaquePointer
    /// Gives the view's index titles; see ``indexTitlesProvider``.
    public typealias IndexTitlesProvider = (CollectionView) -> [String]?
    /// Gives where an index title (and its place among the titles) jumps to.
    public typealias IndexPathForIndexTitleProvider = (CollectionView, String, Int) -> IndexPath

    /// Supplies headers, footers and other supplementary views.
    public var supplementaryViewProvider: SupplementaryViewProvider?
    /// Supplies the view's index titles (UIKit's `indexTitles(for:)`): the view then shows a
    /// scrubber that jumps to them. With a section key, a title per section (from
    /// ``sectionKey(ofSection:)``) is the usual index. Nil (the default): no index. Asked again
    /// after every change of the model; setting it asks at once.
    public var indexTitlesProvider: IndexTitlesProvider? {
        didSet { collectionView?.reloadIndexTitles() }
    }
    /// Where each index title jumps to (`collectionView(_:indexPathForIndexTitle:at:)`); nil:
    /// the first item of the section at the title's place.
    public var indexPathForIndexTitleProvider: IndexPathForIndexTitleProvider? {
        didSet { collectionView?.reloadIndexTitles() }
    }
    private let modelRef: ModelRef
    private weak var collectionView: CollectionView?
    private let cellProvider: CellProvider
    private let sectionKey: SectionKey?
    private let itemKey: ItemKey?
    /// Each held item's identity (its key, or its object), in model order.
    private var identities: [ItemIdentity] = []
    /// The item count the collection view has been told about: the model's count changes
    /// before its signal arrives, and the view checks each batch against what it knew.
    private var count: Int
    /// With a section key: each held item's key, and the sections as the view knows them.
    private var keys: [String] = []
    private var sections: [ListSection] = []
    /// Models up to this size are matched by identity; larger ones (often lazy models that make
    /// items on demand) are not held item by item: their changes replace the changed range.
    /// Sectioned models are always held: every item's key is needed.
    public static var identityLimit: Int { 100_000 }

    /// Makes the data source and installs it as `collectionView.dataSource`.
    ///
    /// - Parameters:
    ///   - collectionView: the view to feed.
    ///   - model: a `GListModel*` (from `G_LIST_MODEL (...)`); a reference is taken.
    ///   - sectionKey: groups consecutive items into sections; nil puts all in one section.
    ///   - itemKey: what identifies an item across changes; nil means its object.
    ///   - cellProvider: called for every cell the view shows, with the item it shows.
    public init(collectionView: CollectionView, model: OpaquePointer, sectionKey: SectionKey? = nil,
                itemKey: ItemKey? = nil, cellProvider: @escaping CellProvider) {
        self.model = model
        modelRef = ModelRef(model)
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        self.sectionKey = sectionKey
        self.itemKey = itemKey
        count = Int(g_list_model_get_n_items(model))
        if count <= Self.identityLimit || sectionKey != nil {
            modelRef.items = Self.items(of: model, in: 0..<count)
            identities = modelRef.items!.map(identity)
        }
        if let sectionKey, let items = modelRef.items {
            keys = items.map(sectionKey)
            sections = ListSection.runs(of: keys)
        }
        modelRef.handler = Signal.connectItemsChanged(UnsafeMutableRawPointer(model)) { [weak self] position, removed, added in
            self?.itemsChanged(at: position, removed: removed, added: added)
        }
        collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: Self.placeholderIdentifier)
        collectionView.dataSource = self
    }

    /// The model's item at `indexPath` (a new reference: `g_object_unref` it), or nil.
    public func item(at indexPath: IndexPath) -> UnsafeMutablePointer<GObject>? {
        guard let position = position(of: indexPath) else { return nil }
        if sectionKey != nil, let items = modelRef.items {
            g_object_ref(items[position])
            return items[position]
        }
        return Self.item(of: model, at: position)
    }

    /// The model position shown at `indexPath`, or nil.
    public func position(of indexPath: IndexPath) -> Int? {
        guard indexPath.count == 2, indexPath.item >= 0 else { return nil }
        if sectionKey == nil {
            return indexPath.section == 0 && indexPath.item < count ? indexPath.item : nil
        }
        guard sections.indices.contains(indexPath.section), indexPath.item < sections[indexPath.section].count else { return nil }
        return sections[indexPath.section].start + indexPath.item
    }

    /// The key of the section shown at `section`, or nil (always nil without a section key).
    public func sectionKey(ofSection section: Int) -> String? {
        sections.indices.contains(section) ? sections[section].key : nil
    }

    // MARK: Changes

    private func itemsChanged(at position: Int, removed: Int, added: Int) {
        guard let collectionView else { return }
        if sectionKey != nil {
            sectionedItemsChanged(at: position, removed: removed, added: added, in: collectionView)
            return
        }
        let newCount = Int(g_list_model_get_n_items(model))
        let change: (deleted: [IndexPath], inserted: [IndexPath], moved: [(from: IndexPath, to: IndexPath)])
        if let held = modelRef.items, position + removed <= held.count, newCount <= Self.identityLimit {
            // The held items keep their objects alive, so an address is an identity.
            let old = Array(held[position..<position + removed])
            let new = Self.items(of: model, in: position..<position + added)
            let newIdentities = new.map(identity)
            change = Self.change(from: Array(identities[position..<position + removed]), to: newIdentities, at: position)
            modelRef.items!.replaceSubrange(position..<position + removed, with: new)
            identities.replaceSubrange(position..<position + removed, with: newIdentities)
            old.forEach { g_object_unref($0) }
        } else {
            modelRef.releaseItems()
            identities = []
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

    /// One batch per signal for a sectioned model: the sections before and after, by key, and
    /// the items by identity, diffed as snapshots (sections that come or go, items that move
    /// between sections with the fewest moves).
    ///
    /// - Complexity: O(n log n) in the model's items (every key is read again only in the range).
    private func sectionedItemsChanged(at position: Int, removed: Int, added: Int, in collectionView: CollectionView) {
        guard let sectionKey, let held = modelRef.items, position + removed <= held.count else {
            reloadAll(in: collectionView)
            return
        }
        let before = Self.snapshot(identities: identities, sections: sections)
        let new = Self.items(of: model, in: position..<position + added)
        modelRef.items!.replaceSubrange(position..<position + removed, with: new)
        held[position..<position + removed].forEach { g_object_unref($0) }
        keys.replaceSubrange(position..<position + removed, with: new.map(sectionKey))
        identities.replaceSubrange(position..<position + removed, with: new.map(identity))
        let newSections = ListSection.runs(of: keys)
        let after = Self.snapshot(identities: identities, sections: newSections)
        guard let before, let after else {
            // An object held twice has no identity of its own: show the model anew.
            sections = newSections
            count = keys.count
            collectionView.reloadData()
            return
        }
        let update = SnapshotDiff(from: before, to: after).update
        collectionView.performBatchUpdates {
            self.sections = newSections
            self.count = self.keys.count
            collectionView.replay(update)
        }
    }

    /// Reads the whole model again and reloads the view.
    private func reloadAll(in collectionView: CollectionView) {
        modelRef.releaseItems()
        count = Int(g_list_model_get_n_items(model))
        modelRef.items = Self.items(of: model, in: 0..<count)
        identities = modelRef.items!.map(identity)
        if let sectionKey {
            keys = modelRef.items!.map(sectionKey)
            sections = ListSection.runs(of: keys)
        }
        collectionView.reloadData()
    }

    /// An item's identity: its key, or its object (held, so its address is not reused).
    private func identity(_ item: UnsafeMutablePointer<GObject>) -> ItemIdentity {
        ItemIdentity(value: itemKey?(item) ?? AnyHashable(UInt(bitPattern: item)))
    }

    /// Sections (a key and its run number, as a key may come back later) and items.
    private static func snapshot(identities: [ItemIdentity], sections: [ListSection]) -> DiffableSnapshot<ListSection.ID, ItemIdentity>? {
        var snapshot = DiffableSnapshot<ListSection.ID, ItemIdentity>()
        do {
            for section in sections {
                try snapshot.appendSections([section.id])
                try snapshot.appendItems(Array(identities[section.start..<section.start + section.count]), toSection: section.id)
            }
        } catch {
            return nil
        }
        return snapshot
    }

    /// The deletes, inserts and moves that turn `old` into `new` (item identities), as index
    /// paths offset by `position`. Repeated identities (a list may hold one object twice)
    /// cannot be matched: then everything in the range goes and comes.
    static func change<ID: Hashable & Sendable>(from old: [ID], to new: [ID], at position: Int)
        -> (deleted: [IndexPath], inserted: [IndexPath], moved: [(from: IndexPath, to: IndexPath)]) {
        func path(_ i: Int) -> IndexPath { IndexPath(item: position + i, section: 0) }
        var before = DiffableSnapshot<Int, ID>(), after = DiffableSnapshot<Int, ID>()
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
    private static func items(of model: OpaquePointer, in range: Range<Int>) -> [UnsafeMutablePointer<GObject>] {
        range.compactMap { item(of: model, at: $0) }
    }

    /// The model's item at `position`, with a reference taken: a GListModel's items are
    /// GObjects (`g_list_model_get_item` hands them out as `gpointer`).
    private static func item(of model: OpaquePointer, at position: Int) -> UnsafeMutablePointer<GObject>? {
        g_list_model_get_item(model, guint(position))?.assumingMemoryBound(to: GObject.self)
    }

    // MARK: CollectionViewDataSource

    /// One section, or one per run of equal keys.
    public func numberOfSections(in collectionView: CollectionView) -> Int {
        sectionKey == nil ? 1 : sections.count
    }

    /// The model's item count (or the section's), as the view was last told.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        if sectionKey != nil { return sections.indices.contains(section) ? sections[section].count : 0 }
        return section == 0 ? count : 0
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

    /// The identifier of the plain cell shown for an item the model no longer has.
    static let placeholderIdentifier = "ListModelDataSource.placeholder"
}

/// An item's identity: its key, or its object's address.
struct ItemIdentity: Hashable, @unchecked Sendable {
    let value: AnyHashable
}

/// A run of consecutive items with the same section key.
struct ListSection {
    struct ID: Hashable, Sendable {
        let key: String
        let run: Int  // which run of this key, counting from the model's start
    }
    let key: String
    let run: Int
    let start: Int
    let count: Int
    var id: ID { ID(key: key, run: run) }

    static func runs(of keys: [String]) -> [ListSection] {
        var result: [ListSection] = []
        var seen: [String: Int] = [:]
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count, keys[end] == keys[start] { end += 1 }
            let run = seen[keys[start], default: 0]
            seen[keys[start]] = run + 1
            result.append(ListSection(key: keys[start], run: run, start: start, count: end - start))
            start = end
        }
        return result
    }
}

/// The model reference, the signal handler and the held items, released together off the main
/// actor.
private final class ModelRef: @unchecked Sendable {
    let model: OpaquePointer
    var handler: gulong = 0
    /// A reference to every item, in model order, while the model is matched by identity.
    var items: [UnsafeMutablePointer<GObject>]?

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
