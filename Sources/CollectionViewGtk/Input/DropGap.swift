import CGtk
import CollectionLayout

/// An empty place the view opens where a drop would insert: the view shows one item more
/// there, without a cell, and the others make room. The data source knows nothing of it.
struct DropGap {
    let at: IndexPath

    /// The data source's index path for an item the view shows at `shown` (not the gap).
    func dataIndexPath(forShown shown: IndexPath) -> IndexPath {
        guard shown.section == at.section, shown.item > at.item else { return shown }
        return IndexPath(item: shown.item - 1, section: shown.section)
    }

    func shownCounts(_ counts: [Int]) -> [Int] {
        guard counts.indices.contains(at.section) else { return counts }
        var shown = counts
        shown[at.section] += 1
        return shown
    }
}

extension CollectionView {
    /// Opens an empty place at `indexPath` (the others move aside, animated), moves it there
    /// from where it was, or closes it (nil). `indexPath` is where a dropped item would be
    /// inserted: an item's place, or the end of a section. Ignored during an interactive
    /// movement.
    func setDropGap(at indexPath: IndexPath?) {
        guard movement == nil, dropGap?.at != indexPath else { return }
        let old = dropGap?.at
        var base = counts  // the data source's: without the gap open now
        if let old, base.indices.contains(old.section) { base[old.section] -= 1 }
        if let indexPath {
            guard indexPath.count == 2, base.indices.contains(indexPath.section),
                  indexPath.item >= 0, indexPath.item <= base[indexPath.section] else { return }
        }
        let shown = indexPath.map { DropGap(at: $0).shownCounts(base) } ?? base
        dropGap = indexPath.map(DropGap.init)
        editing.isRecordingOwnBatch = true
        performBatch({ [self] in
            if let old { deleteItems(at: [old]) }
            if let indexPath { insertItems(at: [indexPath]) }
        }, animated: true, newCounts: shown, applyNow: true, completion: nil)
        editing.isRecordingOwnBatch = false
    }

    /// Where the view shows an open drop gap, or nil.
    var dropGapIndexPath: IndexPath? { dropGap?.at }

    /// The data source's index path for one the view shows, through a movement or a drop gap.
    func dataIndexPathForShown(_ indexPath: IndexPath) -> IndexPath {
        if let movement { return movement.dataIndexPath(forShown: indexPath) }
        if let dropGap { return dropGap.dataIndexPath(forShown: indexPath) }
        return indexPath
    }
}
