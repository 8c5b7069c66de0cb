import CGtk
import CollectionLayout
import CollectionViewGtk
import Foundation

/// The built-in catalogue: items by identifier and the sections' titles, shown through a
/// diffable data source. Every change (add, delete, shuffle, sort, sections) is a new
/// snapshot applied to it, so the view animates it and no index path is written by hand.
@MainActor
final class Catalogue: GalleryContent {
    struct Item {
        var id: Int
        var title: String
        var hue: Int
        var height: Double
        var texture: Texture?
        /// An image file the item shows where it is (a dropped file).
        var uri: String?

        var tile: Tile { Tile(key: "item-\(id)", title: title, hue: hue, height: height, uri: uri, texture: texture) }
    }

    typealias Snapshot = DiffableSnapshot<Int, Int>
    let dataSource: CollectionViewDiffableDataSource<Int, Int>
    /// Every item a snapshot may name; items leave when no snapshot names them any more.
    private(set) var items: [Int: Item] = [:]
    private var sectionTitles: [Int: String] = [:]
    private var nextID = 0
    var isEditable: Bool { true }
    /// Called after the user reordered tiles by dragging (footers count again).
    var reordered: (() -> Void)?

    /// - Parameters:
    ///   - cell: makes the cell for a tile (the window's one cell style).
    ///   - supplementary: makes a header or footer for a section.
    init(collectionView: CollectionView, cell: @escaping (CollectionView, IndexPath, Tile) -> CollectionViewCell?,
         supplementary: @escaping CollectionViewDiffableDataSource<Int, Int>.SupplementaryViewProvider) {
        var tileOf: ((Int) -> Tile?)!
        dataSource = CollectionViewDiffableDataSource(collectionView: collectionView) { cv, path, id in
            tileOf(id).flatMap { cell(cv, path, $0) }
        }
        dataSource.supplementaryViewProvider = supplementary
        tileOf = { [unowned self] id in self.items[id]?.tile }
        dataSource.indexTitlesProvider = { [unowned self] cv in self.indexTitles(in: cv) }
        // Tiles are reordered by dragging them; the snapshot follows, so later edits diff from it.
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        dataSource.reorderingHandlers.didReorder = { [weak self] transaction in
            guard let self else { return }
            GalleryLog.event("reordered order=\(transaction.finalSnapshot.itemIdentifiers.prefix(8).compactMap { self.items[$0]?.title }.joined(separator: ","))")
            self.reordered?()
        }
    }

    /// Fills the catalogue with the generated sections (no files needed).
    func loadBuiltIn() {
        var snapshot = Snapshot()
        let names = ["Mountains", "Coast", "Forest", "City", "Desert", "Night sky"]
        let counts = [14, 9, 21, 6, 12, 17]
        for (index, (name, count)) in zip(names, counts).enumerated() {
            let section = makeSection(title: name)
            try! snapshot.appendSections([section])
            var ids: [Int] = []
            for i in 0..<count {
                var item = makeItem(title: "\(name) \(i + 1)")
                item.hue = (index * 3 + i) % 8
                items[item.id] = item
                ids.append(item.id)
            }
            try! snapshot.appendItems(ids, toSection: section)
        }
        dataSource.applySnapshotUsingReloadData(snapshot)
    }

    func makeItem(title: String? = nil, texture: Texture? = nil, uri: String? = nil) -> Item {
        defer { nextID += 1 }
        return Item(id: nextID, title: title ?? "Tile \(nextID + 1)", hue: nextID % 8, height: Double(90 + (nextID * 37) % 110),
                    texture: texture, uri: uri)
    }

    private func makeSection(title: String) -> Int {
        defer { nextID += 1 }
        sectionTitles[nextID] = title
        return nextID
    }

    // MARK: GalleryContent

    var sectionCount: Int { dataSource.snapshot().numberOfSections }
    var itemCount: Int { dataSource.snapshot().numberOfItems }

    func tile(at indexPath: IndexPath) -> Tile? {
        dataSource.itemIdentifier(for: indexPath).flatMap { items[$0]?.tile }
    }

    func title(ofSection section: Int) -> String {
        dataSource.sectionIdentifier(for: section).flatMap { sectionTitles[$0] } ?? ""
    }

    func item(at indexPath: IndexPath) -> Item? {
        dataSource.itemIdentifier(for: indexPath).flatMap { items[$0] }
    }

    // MARK: Changes, as snapshots

    /// Applies a change to the latest snapshot; `completion` runs once it has landed.
    private func change(_ edit: (inout Snapshot) throws -> Void, completion: (() -> Void)? = nil) {
        var snapshot = dataSource.snapshot()
        do {
            try edit(&snapshot)
        } catch {
            // The catalogue builds its snapshots from what the view shows; a failure is a bug
            // worth seeing, and the snapshot call changed nothing.
            GalleryLog.event("snapshot error: \(error)")
            return
        }
        dataSource.apply(snapshot) { [weak self] in
            self?.forgetUnshownItems()
            completion?()
        }
    }

    /// Drops the items no snapshot names (once the applies in flight have landed).
    private func forgetUnshownItems() {
        let shown = Set(dataSource.snapshot().itemIdentifiers)
        if shown.count != items.count { items = items.filter { shown.contains($0.key) } }
    }

    /// Inserts `item` after the item at `indexPath`, or first in the section when the path is
    /// before its first item; at the end of the first section when there is no such place.
    func insert(_ item: Item, at indexPath: IndexPath, completion: (() -> Void)? = nil) {
        items[item.id] = item
        change({ snapshot in
            guard let section = self.dataSource.sectionIdentifier(for: indexPath.section) ?? snapshot.sectionIdentifiers.first else {
                let section = self.makeSection(title: "New Section")
                try snapshot.appendSections([section])
                try snapshot.appendItems([item.id], toSection: section)
                return
            }
            let inSection = snapshot.itemIdentifiers(inSection: section)
            if indexPath.item > 0, indexPath.item - 1 < inSection.count {
                try snapshot.insertItems([item.id], afterItem: inSection[indexPath.item - 1])
            } else if indexPath.item == 0, let first = inSection.first {
                try snapshot.insertItems([item.id], beforeItem: first)
            } else {
                try snapshot.appendItems([item.id], toSection: section)
            }
        }, completion: completion)
    }

    func delete(_ paths: [IndexPath], completion: (() -> Void)? = nil) {
        let ids = paths.compactMap { dataSource.itemIdentifier(for: $0) }
        guard !ids.isEmpty else { return }
        change({ try $0.deleteItems(ids) }, completion: completion)
    }

    /// A new section of three items after section `index` (or first).
    func addSection(after index: Int?, completion: (() -> Void)? = nil) {
        let section = makeSection(title: "New Section \(nextID)")
        let new = (0..<3).map { _ in makeItem() }
        for item in new { items[item.id] = item }
        change({ snapshot in
            if let index, let after = self.dataSource.sectionIdentifier(for: index) {
                try snapshot.insertSections([section], afterSection: after)
            } else if let first = snapshot.sectionIdentifiers.first {
                try snapshot.insertSections([section], beforeSection: first)
            } else {
                try snapshot.appendSections([section])
            }
            try snapshot.appendItems(new.map(\.id), toSection: section)
        }, completion: completion)
    }

    func removeSection(at index: Int, completion: (() -> Void)? = nil) {
        guard let section = dataSource.sectionIdentifier(for: index) else { return }
        change({ try $0.deleteSections([section]) }, completion: completion)
    }

    /// The first section in a random order: the diff moves all but the longest run in order.
    func shuffleFirstSection(completion: (() -> Void)? = nil) {
        reorderFirstSection({ $0.shuffled() }, completion: completion)
    }

    /// Every section sorted by title (in natural order: "Tile 9" before "Tile 10").
    func sortByTitle(completion: (() -> Void)? = nil) {
        change({ snapshot in
            for section in snapshot.sectionIdentifiers {
                let ids = snapshot.itemIdentifiers(inSection: section)
                let sorted = ids.sorted { self.items[$0]!.title.localizedStandardCompare(self.items[$1]!.title) == .orderedAscending }
                guard sorted != ids else { continue }
                try snapshot.deleteItems(ids)
                try snapshot.appendItems(sorted, toSection: section)
            }
        }, completion: completion)
    }

    private func reorderFirstSection(_ order: @escaping ([Int]) -> [Int], completion: (() -> Void)?) {
        change({ snapshot in
            guard let section = snapshot.sectionIdentifiers.first else { return }
            let ids = snapshot.itemIdentifiers(inSection: section)
            try snapshot.deleteItems(ids)
            try snapshot.appendItems(order(ids), toSection: section)
        }, completion: completion)
    }
}
