import CollectionLayout

/// Decides which items to announce ahead of the viewport and which announcements to take back.
/// It runs when the prepared area changes (a few times a viewport of scrolling), never per
/// frame: each run asks the layout for one viewport's worth of items ahead of the prepared
/// area in the scroll direction.
///
/// - Complexity: O(k) per run for the k items in and ahead of the prepared area, plus the items
///   announced and not yet shown (at most about one viewport's worth).
@MainActor
final class Prefetcher {
    /// Items announced and neither shown nor cancelled yet.
    private(set) var announced: Set<IndexPath> = []
    private var lastOrigin: Point?
    /// The last direction of travel (-1, 0 or 1 on each axis); kept while the view is still.
    private var direction = (x: 0.0, y: 1.0)

    /// The items ahead of `prepared` in the direction the visible rectangle has moved, a
    /// viewport deep.
    func run(visible: Rect, prepared: Rect, isShown: (IndexPath) -> Bool,
             itemsIn: (Rect) -> [IndexPath]) -> (prefetch: [IndexPath], cancel: [IndexPath]) {
        if let last = lastOrigin {
            let dx = visible.minX - last.x, dy = visible.minY - last.y
            if dx != 0 || dy != 0 { direction = (dx == 0 ? 0 : (dx > 0 ? 1 : -1), dy == 0 ? 0 : (dy > 0 ? 1 : -1)) }
        }
        lastOrigin = visible.origin
        // Items reaching into the prepared area get their cells anyway (some a few frames
        // later): they are not announced, and announced ones there are not cancelled.
        let inPrepared = Set(itemsIn(prepared))
        let wanted = Set(itemsIn(Self.area(ahead: prepared, by: visible.size, direction))).subtracting(inPrepared)
        let shown = announced.filter(isShown)
        announced.subtract(shown)  // they appeared: nothing to cancel
        // Announced items still ahead or in the prepared area stand; the others were passed by.
        let cancel = announced.filter { !wanted.contains($0) && !inPrepared.contains($0) }.sorted()
        announced.subtract(cancel)
        let prefetch = wanted.filter { !announced.contains($0) && !isShown($0) }.sorted()
        announced.formUnion(prefetch)
        return (prefetch, cancel)
    }

    /// Forgets everything announced (a reload or an update changed the index paths), and
    /// returns it to be cancelled.
    func reset() -> [IndexPath] {
        defer { announced.removeAll() }
        return announced.sorted()
    }

    /// The band beyond `prepared` in `direction`, `size` deep (both axes when moving diagonally).
    static func area(ahead prepared: Rect, by size: Size, _ direction: (x: Double, y: Double)) -> Rect {
        var area = prepared
        if direction.y > 0 { area = Rect(x: area.minX, y: prepared.maxY, width: area.width, height: size.height) }
        else if direction.y < 0 { area = Rect(x: area.minX, y: prepared.minY - size.height, width: area.width, height: size.height) }
        if direction.x > 0 { area = Rect(x: prepared.maxX, y: area.minY, width: size.width, height: area.height) }
        else if direction.x < 0 { area = Rect(x: prepared.minX - size.width, y: area.minY, width: size.width, height: area.height) }
        return area
    }
}
