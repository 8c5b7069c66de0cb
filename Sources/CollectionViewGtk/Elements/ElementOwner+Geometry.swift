import CollectionLayout

// The prepared area's geometry: pure, no views.
extension ElementOwner {
    /// The parts of `area` outside `old` (which it overlaps): bands above and below, then the
    /// left and right pieces of the band they share.
    nonisolated static func strips(of area: Rect, outside old: Rect) -> [Rect] {
        var result: [Rect] = []
        if area.minY < old.minY { result.append(Rect(x: area.minX, y: area.minY, width: area.width, height: old.minY - area.minY)) }
        if area.maxY > old.maxY { result.append(Rect(x: area.minX, y: old.maxY, width: area.width, height: area.maxY - old.maxY)) }
        let top = max(area.minY, old.minY), bottom = min(area.maxY, old.maxY)
        if bottom > top {
            if area.minX < old.minX { result.append(Rect(x: area.minX, y: top, width: old.minX - area.minX, height: bottom - top)) }
            if area.maxX > old.maxX { result.append(Rect(x: old.maxX, y: top, width: area.maxX - old.maxX, height: bottom - top)) }
        }
        return result
    }

    static func distance(_ frame: Rect, _ point: Point) -> Double {
        let dx = max(frame.minX - point.x, 0, point.x - frame.maxX)
        let dy = max(frame.minY - point.y, 0, point.y - frame.maxY)
        return dx * dx + dy * dy
    }
}
