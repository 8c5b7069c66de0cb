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
        /// When the picture was taken (seconds since the epoch): spread over past months for the
        /// built-in items, the time it was added for the others.
        var taken: Int64

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
    /// By name (the sections as made and edited) or by date (a section per month, newest first).
    private(set) var order = PhotoOrder.name
    /// While shown by date: the sections by name, which every edit changes too, shown again
    /// when the order goes back to name.
    private var byName: Snapshot?

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
        // By date the order is the dates'.
        dataSource.reorderingHandlers.canReorderItem = { [unowned self] _ in self.order == .name }
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
                item.taken = Self.builtInDate(section: index, item: i)
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
                    texture: texture, uri: uri, taken: Int64(g_get_real_time() / 1_000_000))
    }

    /// A built-in item's date: the same for every launch in a month, spread over the two years
    /// before this month, each month mixing sections (and colours).
    static func builtInDate(section: Int, item: Int) -> Int64 {
        let monthsAgo = (section * 5 + item * 2) % 24 + 1
        let now = g_date_time_new_now_local()!
        defer { g_date_time_unref(now) }
        guard let first = g_date_time_new_local(g_date_time_get_year(now), g_date_time_get_month(now), 1, 12, 0, 0),
              let month = g_date_time_add_months(first, gint(-monthsAgo)) else { return 0 }
        defer { g_date_time_unref(first); g_date_time_unref(month) }
        let day = g_date_time_add_days(month, gint((section * 11 + item * 3) % 28))!
        defer { g_date_time_unref(day) }
        return Int64(g_date_time_to_unix(day))
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
        guard let id = dataSource.sectionIdentifier(for: section) else { return "" }
        return id < 0 ? FolderTimeline.title(forKey: String(-id)) : sectionTitles[id] ?? ""
    }

    // MARK: By date

    /// Shows the items by date (a section per month, newest first) or by their sections again,
    /// animated.
    func show(_ order: PhotoOrder, animated: Bool = true, completion: (() -> Void)? = nil) {
        guard order != self.order else { return }
        let target: Snapshot
        switch order {
        case .date:
            let names = dataSource.snapshot()
            byName = names
            target = byDate(names)
        case .name:
            target = byName ?? dataSource.snapshot()
            byName = nil
        }
        self.order = order
        if animated {
            dataSource.apply(target) { completion?() }
        } else {
            dataSource.applySnapshotUsingReloadData(target)
            completion?()
        }
    }

    /// The items of `names` by date: month sections (identified by minus the month, 202611 as
    /// -202611, apart from the sections' own identifiers), newest first.
    private func byDate(_ names: Snapshot) -> Snapshot {
        let dated = names.itemIdentifiers.compactMap { id in items[id].map { (id: id, taken: $0.taken, month: Self.month(of: $0.taken)) } }
            .sorted { $0.taken != $1.taken ? $0.taken > $1.taken : $0.id < $1.id }
        var snapshot = Snapshot()
        for item in dated {
            if snapshot.sectionIdentifiers.last != -item.month { try? snapshot.appendSections([-item.month]) }
            try? snapshot.appendItems([item.id], toSection: -item.month)
        }
        GalleryLog.event("catalogue months=\(snapshot.sectionIdentifiers.prefix(4).map { String(-$0) }.joined(separator: ","))")
        return snapshot
    }

    private static func month(of seconds: Int64) -> Int {
        guard let date = g_date_time_new_from_unix_local(Int(seconds)) else { return 0 }
        defer { g_date_time_unref(date) }
        return Int(g_date_time_get_year(date) * 100 + g_date_time_get_month(date))
    }

    func item(at indexPath: IndexPath) -> Item? {
        dataSource.itemIdentifier(for: indexPath).flatMap { items[$0] }
    }

    // MARK: Changes, as snapshots

    /// Applies a change to the latest snapshot; `completion` runs once it has landed.
    private func change(_ edit: (inout Snapshot) throws -> Void, completion: (() -> Void)? = nil) {
        if order == .date, var names = byName {
            // Edits are made to the sections by name; the dates' view of them is shown.
            do { try edit(&names) } catch { GalleryLog.event("snapshot error: \(error)"); return }
            byName = names
            dataSource.apply(byDate(names)) { [weak self] in
                self?.forgetUnshownItems()
                completion?()
            }
            return
        }
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
        let shown = Set((byName ?? dataSource.snapshot()).itemIdentifiers)
        if shown.count != items.count { items = items.filter { shown.contains($0.key) } }
    }

    /// Inserts `item` after the item at `indexPath`, or first in the section when the path is
    /// before its first item; at the end of the first section when there is no such place.
    func insert(_ item: Item, at indexPath: IndexPath, completion: (() -> Void)? = nil) {
        items[item.id] = item
        change({ snapshot in
            // By date the place is the item's date: it goes at the end of the first section by name.
            let shownSection = self.order == .name ? self.dataSource.sectionIdentifier(for: indexPath.section) : nil
            guard let section = shownSection ?? snapshot.sectionIdentifiers.first else {
                let section = self.makeSection(title: "New Section")
                try snapshot.appendSections([section])
                try snapshot.appendItems([item.id], toSection: section)
                return
            }
            let inSection = snapshot.itemIdentifiers(inSection: section)
            if self.order == .date {
                try snapshot.appendItems([item.id], toSection: section)
            } else if indexPath.item > 0, indexPath.item - 1 < inSection.count {
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
        guard order == .name else { return }  // sections by date are months
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
        guard order == .name, let section = dataSource.sectionIdentifier(for: index) else { return }
        change({ try $0.deleteSections([section]) }, completion: completion)
    }

    /// The first section in a random order: the diff moves all but the longest run in order.
    func shuffleFirstSection(completion: (() -> Void)? = nil) {
        reorderFirstSection({ $0.shuffled() }, completion: completion)
    }

    /// Every section sorted by title (in natural order: "Tile 9" before "Tile 10").
    func sortByTitle(completion: (() -> Void)? = nil) {
        guard order == .name else { return }  // by date the order is the dates'
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
        guard self.order == .name else { return }
        change({ snapshot in
            guard let section = snapshot.sectionIdentifiers.first else { return }
            let ids = snapshot.itemIdentifiers(inSection: section)
            try snapshot.deleteItems(ids)
            try snapshot.appendItems(order(ids), toSection: section)
        }, completion: completion)
    }
}
