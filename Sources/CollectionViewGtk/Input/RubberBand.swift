import CGtk
import CollectionLayout

/// A rubber-band selection under way: a drag that began on empty space selects every item
/// its band touches. Items the band took back out are deselected again, unless they were
/// selected before the band began.
struct RubberBand {
    /// Where the drag began, in content coordinates.
    let start: Point
    /// The band now, in content coordinates.
    private(set) var rect: Rect
    /// The items this band selected (they were not selected before it).
    private(set) var added: Set<IndexPath> = []

    init(start: Point) {
        self.start = start
        rect = Rect(origin: start, size: .zero)
    }

    /// The band from `start` to `point`, at least a point wide and high so a thin band still
    /// touches what it crosses.
    static func band(from start: Point, to point: Point) -> Rect {
        Rect(x: min(start.x, point.x), y: min(start.y, point.y),
             width: max(1, abs(point.x - start.x)), height: max(1, abs(point.y - start.y)))
    }

    /// Where the band changed between `old` and `new`: only items there can change state, so
    /// a band that grows by a few points costs a few items, however many it holds.
    static func changedRegions(from old: Rect, to new: Rect) -> [Rect] {
        guard old.width > 0, old.height > 0, old.intersects(new) else { return [old, new].filter { $0.width > 0 && $0.height > 0 } }
        return ElementOwner.strips(of: new, outside: old) + ElementOwner.strips(of: old, outside: new)
    }

    mutating func didSelect(_ path: IndexPath) { added.insert(path) }
    mutating func didDeselect(_ path: IndexPath) { added.remove(path) }
    mutating func moved(to rect: Rect) { self.rect = rect }
}

extension CollectionView {
    /// Starts a band at `start` (content coordinates). Without `adding` (Ctrl) the selection is
    /// cleared first, as a plain click on empty space would.
    func beginRubberBand(at start: Point, adding: Bool) -> RubberBand {
        if !adding { userDeselectAll() }
        return RubberBand(start: start)
    }

    /// Stretches the band to `point`: items it now touches are selected (the delegate asked
    /// per item), items it let go of that it had selected are deselected.
    ///
    /// - Complexity: one layout query per changed strip, and the items in those strips.
    func updateRubberBand(_ band: inout RubberBand, to point: Point) {
        let new = RubberBand.band(from: band.start, to: point)
        let old = band.rect
        guard new != old else { return }
        work.runNow { installedLayout.prepareIfNeeded() }
        var seen = Set<IndexPath>()
        // One operation: the delegate's did-select calls inside the loop are not safe points, so
        // an update made there waits until the band has gone over every item.
        work.runNow {
            for region in RubberBand.changedRegions(from: old, to: new) {
                for attributes in installedLayout.layoutAttributesForElements(in: region)
                where attributes.representedElementCategory == .cell && !attributes.isHidden {
                    let path = attributes.indexPath
                    guard seen.insert(path).inserted, isValidItem(path) else { continue }
                    let inside = attributes.frame.intersects(new)
                    if inside, !selection.selected.contains(path) {
                        userSelect(path)
                        if selection.selected.contains(path) { band.didSelect(path) }
                    } else if !inside, band.added.contains(path) {
                        userDeselect(path)
                        if !selection.selected.contains(path) { band.didDeselect(path) }
                    }
                }
            }
        }
        band.moved(to: new)
    }
}
