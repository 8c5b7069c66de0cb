import FoundationEssentials

/// Element keys across a batch: which view an element is shown by after it. Cells follow their
/// item; supplementary and decoration views follow their section (the first index of their
/// path; the rest of the path is kept as is).
extension UpdateIndexMap {
    /// The key an element has after the batch, so its view can stay; nil when the element went
    /// (deleted, its section deleted) or was reloaded: a reloaded element gets a new view, so
    /// its old one leaves.
    ///
    /// - Complexity: O(log² c) for a cell, c changes in its section; O(1) otherwise.
    public func newKey(forOld key: ElementKey) -> ElementKey? {
        if key.category == .cell {
            guard !isReloaded(old: key.indexPath), let path = newIndexPath(forOld: key.indexPath) else { return nil }
            return .cell(path)
        }
        guard let first = key.indexPath.first, !isSectionReloaded(old: first),
              let section = newSection(forOld: first) else { return nil }
        return key.inSection(section)
    }

    /// The key an element had before the batch; nil when it is new (inserted, or in an inserted
    /// section, or a cell of a reloaded section). A reloaded element maps to its old key; ask
    /// `isReplaced(old:)` whether its old view may be reused.
    ///
    /// - Complexity: O(log² c) for a cell, c changes in its section; O(1) otherwise.
    public func oldKey(forNew key: ElementKey) -> ElementKey? {
        if key.category == .cell {
            return oldIndexPath(forNew: key.indexPath).map { .cell($0) }
        }
        guard let first = key.indexPath.first, let section = oldSection(forNew: first) else { return nil }
        return key.inSection(section)
    }

    /// True when the old element keeps its place but gets a new view: a reloaded item, or any
    /// element of a reloaded section.
    ///
    /// - Complexity: O(1).
    public func isReplaced(old key: ElementKey) -> Bool {
        guard let section = key.indexPath.first else { return false }
        if isSectionReloaded(old: section) { return true }
        return key.category == .cell && isReloaded(old: key.indexPath)
    }
}

extension ElementKey {
    /// The same element with its first index (its section) replaced.
    fileprivate func inSection(_ section: Int) -> ElementKey {
        var path = indexPath
        path[0] = section
        return ElementKey(category: category, kind: kind, indexPath: path)
    }
}
