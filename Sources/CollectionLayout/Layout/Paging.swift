#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Page boundaries for a paging scroll view (`isPagingEnabled`): pages are the viewport's size,
/// per axis, from offset 0; the last page on an axis ends at the content's end, so the largest
/// offset is a boundary too even when the content is not a whole number of pages.
///
/// A fling moves one page in its direction, as GNOME's carousel (AdwCarousel) does by default;
/// a slow release settles on the boundary nearest to where the scroll would come to rest.
public struct Paging: Sendable, Equatable {
    /// The page's size: the viewport's.
    public var pageSize: Size
    /// The largest offset on each axis (content size less the viewport, at least 0).
    public var maxOffset: Point
    /// A fling faster than this (points per second) turns the page; a slower release settles on
    /// the nearest boundary. Small, so that any deliberate flick turns the page, and above zero,
    /// so that fingers that stopped before they lifted (a velocity of a few points) do not.
    public static let flingThreshold = 100.0
    /// Offsets this close to a boundary count as on it (rounding in the adjustments).
    static let tolerance = 0.5

    /// Pages of `pageSize` over content whose largest offset is `maxOffset`.
    public init(pageSize: Size, maxOffset: Point) {
        self.pageSize = pageSize
        self.maxOffset = Point(x: max(0, maxOffset.x), y: max(0, maxOffset.y))
    }

    /// The page boundary a scroll settles on when it ends at `offset` with `velocity`.
    ///
    /// - Parameters:
    ///   - offset: where the scroll is when it ends (the fingers leave).
    ///   - resting: where it would come to rest on its own (``ScrollDeceleration``).
    ///   - velocity: points per second; positive towards larger offsets.
    ///   - allowsLongFlings: false (the default) moves at most one page from `offset` per
    ///     fling; true goes on to the boundary past `resting` in the fling's direction.
    /// - Returns: a boundary on each axis, within 0...maxOffset; an axis that does not scroll
    ///   (a page as large as the content, or no page) stays at 0.
    /// - Complexity: O(1).
    public func targetOffset(from offset: Point, restingAt resting: Point, velocity: Point,
                             allowsLongFlings: Bool = false) -> Point {
        Point(x: axisTarget(offset.x, resting.x, velocity.x, pageSize.width, maxOffset.x, allowsLongFlings),
              y: axisTarget(offset.y, resting.y, velocity.y, pageSize.height, maxOffset.y, allowsLongFlings))
    }

    /// The boundary `pages` pages from `offset` (negative: back), clamped: one wheel notch is
    /// one page. From between two boundaries, one page forward is the next boundary, not a
    /// whole page further.
    ///
    /// - Complexity: O(1).
    public func offset(movingPages pages: Point, from offset: Point) -> Point {
        Point(x: axisStep(offset.x, Int(pages.x), pageSize.width, maxOffset.x),
              y: axisStep(offset.y, Int(pages.y), pageSize.height, maxOffset.y))
    }

    /// The boundary nearest to `offset` on each axis.
    public func nearestBoundary(to offset: Point) -> Point {
        Point(x: nearest(offset.x, pageSize.width, maxOffset.x), y: nearest(offset.y, pageSize.height, maxOffset.y))
    }

    private func axisTarget(_ offset: Double, _ resting: Double, _ velocity: Double, _ page: Double,
                            _ maxOffset: Double, _ long: Bool) -> Double {
        guard page > 0, maxOffset > 0 else { return 0 }
        if abs(velocity) <= Self.flingThreshold { return nearest(resting, page, maxOffset) }
        let direction = velocity > 0 ? 1 : -1
        let adjacent = axisStep(offset, direction, page, maxOffset)
        guard long else { return adjacent }
        // Past where it would rest, and never short of the adjacent page.
        let past = axisStep(resting, direction, page, maxOffset, strictly: false)
        return direction > 0 ? max(past, adjacent) : min(past, adjacent)
    }

    /// `pages` boundaries from `offset`; with `strictly` false, a boundary at `offset` itself
    /// counts as the first.
    private func axisStep(_ offset: Double, _ pages: Int, _ page: Double, _ maxOffset: Double,
                          strictly: Bool = true) -> Double {
        guard page > 0, maxOffset > 0 else { return 0 }
        guard pages != 0 else { return nearest(offset, page, maxOffset) }
        if strictly, pages > 0, offset >= maxOffset - Self.tolerance { return maxOffset }
        let position = min(max(offset, 0), maxOffset) / page
        let t = Self.tolerance / page
        // The first boundary in the direction, then the rest of the pages.
        let first: Double
        switch (pages > 0, strictly) {
        case (true, true): first = (position + t).rounded(.down) + 1
        case (true, false): first = (position - t).rounded(.up)
        case (false, true): first = (position - t).rounded(.up) - 1
        case (false, false): first = (position + t).rounded(.down)
        }
        let index = first + Double(pages > 0 ? pages - 1 : pages + 1)
        return min(max(index * page, 0), maxOffset)
    }

    private func nearest(_ offset: Double, _ page: Double, _ maxOffset: Double) -> Double {
        guard page > 0, maxOffset > 0 else { return 0 }
        let clamped = min(max(offset, 0), maxOffset)
        let below = (clamped / page).rounded(.down) * page
        let candidates = [below, below + page, maxOffset].map { min($0, maxOffset) }
        return candidates.min { abs($0 - clamped) < abs($1 - clamped) }!
    }
}
