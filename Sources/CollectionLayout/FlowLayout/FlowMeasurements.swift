/// What self-sizing views measured in a flow layout: extents in the scroll direction (heights
/// when scrolling vertically), by section. NaN means not measured: the estimate stands.
///
/// They outlive `prepare()`: a full invalidation lays the lines out again from them. They are
/// dropped when what they were measured at changes (the extent along the lines, the estimate,
/// the direction), and follow items through batch updates.
struct FlowMeasurements {
    /// What the measurements hold for.
    struct Basis: Equatable {
        var alongExtent: Double
        var estimate: Size
        var direction: ScrollDirection
    }

    var basis: Basis?
    /// Per section: empty until one of its items is measured, then one entry per item.
    var items: [[Double]] = []
    var headers: [Double] = []
    var footers: [Double] = []
    /// The item counts the entries are for.
    var counts: [Int] = []

    init(basis: Basis? = nil) { self.basis = basis }

    /// Matches the data's counts: new sections start unmeasured, a section whose count changed
    /// without an update that says how loses its items' sizes.
    mutating func fit(counts newCounts: [Int]) {
        guard newCounts != counts else { return }
        let old = counts.count, new = newCounts.count
        if new < old {
            items.removeLast(old - new)
            headers.removeLast(old - new)
            footers.removeLast(old - new)
        } else if new > old {
            items += Array(repeating: [], count: new - old)
            headers += Array(repeating: .nan, count: new - old)
            footers += Array(repeating: .nan, count: new - old)
        }
        for s in 0..<min(old, new) where counts[s] != newCounts[s] { items[s] = [] }
        counts = newCounts
    }

    /// The measured extent of an item, or nil.
    func item(_ item: Int, inSection section: Int) -> Double? {
        guard section < items.count, item < items[section].count else { return nil }
        let value = items[section][item]
        return value.isNaN ? nil : value
    }

    /// Records an item's extent; allocates the section's entries on its first measurement.
    mutating func setItem(_ item: Int, inSection section: Int, _ extent: Double) {
        guard section < counts.count, item >= 0, item < counts[section] else { return }
        if items[section].isEmpty { items[section] = Array(repeating: .nan, count: counts[section]) }
        items[section][item] = extent
    }

    /// The same measurements with index paths of after `update` (`oldCounts` before it, the
    /// counts these hold; `newCounts` after). Reloaded items and sections are measured again.
    func remapped(by update: BatchUpdate, to newCounts: [Int]) -> FlowMeasurements? {
        guard let map = try? UpdateIndexMap(oldCounts: counts, newCounts: newCounts, update: update) else { return nil }
        var result = FlowMeasurements(basis: basis)
        result.fit(counts: newCounts)
        for new in 0..<newCounts.count {
            guard let old = map.oldSection(forNew: new), !map.isSectionReloaded(old: old) else { continue }
            result.headers[new] = headers[old]
            result.footers[new] = footers[old]
        }
        for (section, entries) in items.enumerated() where !entries.isEmpty && !map.isSectionReloaded(old: section) {
            for (item, extent) in entries.enumerated() where !extent.isNaN {
                let old = IndexPath(item: item, section: section)
                guard !map.isReloaded(old: old), let path = map.newIndexPath(forOld: old) else { continue }
                result.setItem(path.item, inSection: path.section, extent)
            }
        }
        return result
    }

    var byteCount: Int {
        items.reduce(0) { $0 + $1.capacity } * MemoryLayout<Double>.stride
            + (headers.capacity + footers.capacity) * MemoryLayout<Double>.stride
    }
}

extension BatchUpdate {
    /// The update that `updateItems` lists (the inverse of ``updateItems``).
    init(updateItems: [CollectionViewUpdateItem]) {
        self.init()
        for item in updateItems {
            let before = item.indexPathBeforeUpdate, after = item.indexPathAfterUpdate
            switch (item.updateAction, item.isSectionUpdate) {
            case (.delete, true): if let before { deletedSections.append(before.section) }
            case (.insert, true): if let after { insertedSections.append(after.section) }
            case (.reload, true): if let before { reloadedSections.append(before.section) }
            case (.move, true): if let before, let after { movedSections.append((before.section, after.section)) }
            case (.delete, false): if let before { deletedItems.append(before) }
            case (.insert, false): if let after { insertedItems.append(after) }
            case (.reload, false): if let before { reloadedItems.append(before) }
            case (.move, false): if let before, let after { movedItems.append((before, after)) }
            case (.none, _): break
            }
        }
    }
}
