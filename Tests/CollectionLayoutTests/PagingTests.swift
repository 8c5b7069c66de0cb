import Testing
import CollectionLayout
#if canImport(Glibc)
import Glibc
#endif

/// Where flings come to rest, page boundaries, and the layout's velocity target.
@Suite @MainActor
struct PagingTests {
    @Test func flingsComeToRestWhereGTKsDecelerationStops() {
        let d = ScrollDeceleration.gtk
        #expect(d.distance(forVelocity: 2000) == 500, "v / 4: GTK's friction")
        #expect(d.distance(forVelocity: -800) == -200)
        #expect(d.restingOffset(from: Point(x: 10, y: 100), velocity: Point(x: 0, y: 4000)) == Point(x: 10, y: 1100))
        #expect(d.restingOffset(from: Point(x: 500, y: 0), velocity: Point(x: -400, y: 0)) == Point(x: 400, y: 0))
        // The closed form agrees with stepping the decay frame by frame.
        for v in stride(from: -5000.0, through: 5000, by: 250) {
            var x = 0.0, speed = v
            let dt = 1.0 / 2000
            for _ in 0..<40_000 { x += speed * dt; speed *= exp(-d.friction * dt) }
            #expect(abs(x - d.distance(forVelocity: v)) < abs(v) * 1e-3 + 1e-9, "v \(v): stepped \(x)")
        }
    }

    /// Every page size against content of whole and partial pages, from every offset: a fast
    /// fling moves to the adjacent boundary in its direction, a slow one to the nearest; the
    /// result is always a boundary (a page multiple or the end) within the content.
    @Test func flingsEndOnTheAdjacentPageAndSlowReleasesOnTheNearest() {
        for page in [100.0, 250, 600] {
            for pages in [1.0, 2, 3.5, 7] {
                let maxOffset = page * pages
                let paging = Paging(pageSize: Size(width: page, height: page), maxOffset: Point(x: 0, y: maxOffset))
                let boundaries = Set(stride(from: 0.0, to: maxOffset, by: page)).union([maxOffset])
                for offset in stride(from: 0.0, through: maxOffset, by: page / 8) {
                    for v in [-3000.0, -101, -50, 0, 50, 101, 3000] {
                        let resting = ScrollDeceleration.gtk.restingOffset(from: Point(x: 0, y: offset), velocity: Point(x: 0, y: v))
                        let target = paging.targetOffset(from: Point(x: 0, y: offset), restingAt: resting, velocity: Point(x: 0, y: v))
                        #expect(target.x == 0, "no horizontal scrolling: stays at 0")
                        #expect(boundaries.contains(target.y), "page \(page) offset \(offset) v \(v): \(target.y)")
                        if v > Paging.flingThreshold {
                            let next = boundaries.filter { $0 > offset }.min() ?? maxOffset
                            #expect(target.y == next, "forward fling from \(offset): the next boundary, \(next)")
                        } else if v < -Paging.flingThreshold {
                            let previous = boundaries.filter { $0 < offset }.max() ?? 0
                            #expect(target.y == previous, "back fling from \(offset): the previous boundary, \(previous)")
                        } else {
                            let r = min(max(resting.y, 0), maxOffset)
                            let best = boundaries.map { abs($0 - r) }.min()!
                            #expect(abs(target.y - r) == best, "slow from \(offset): the nearest boundary to \(r)")
                        }
                    }
                }
            }
        }
    }

    @Test func longFlingsGoPastWhereTheyWouldRest() {
        let paging = Paging(pageSize: Size(width: 500, height: 400), maxOffset: Point(x: 4000, y: 0))
        let v = Point(x: 6000, y: 0)  // rests 1500 further
        let resting = ScrollDeceleration.gtk.restingOffset(from: Point(x: 1000, y: 0), velocity: v)
        #expect(paging.targetOffset(from: Point(x: 1000, y: 0), restingAt: resting, velocity: v) == Point(x: 1500, y: 0))
        #expect(paging.targetOffset(from: Point(x: 1000, y: 0), restingAt: resting, velocity: v, allowsLongFlings: true) == Point(x: 2500, y: 0))
        let back = Point(x: -6000, y: 0)
        let restingBack = ScrollDeceleration.gtk.restingOffset(from: Point(x: 3900, y: 0), velocity: back)
        #expect(paging.targetOffset(from: Point(x: 3900, y: 0), restingAt: restingBack, velocity: back, allowsLongFlings: true) == Point(x: 2000, y: 0))
        // Clamped to the content both ways.
        let huge = Point(x: 1e6, y: 0)
        #expect(paging.targetOffset(from: Point(x: 3000, y: 0), restingAt: ScrollDeceleration.gtk.restingOffset(from: Point(x: 3000, y: 0), velocity: huge),
                                    velocity: huge, allowsLongFlings: true) == Point(x: 4000, y: 0))
        #expect(paging.targetOffset(from: Point(x: 200, y: 0), restingAt: Point(x: -1e5, y: 0), velocity: Point(x: -1e6, y: 0), allowsLongFlings: true) == .zero)
    }

    @Test func wheelNotchesMoveOnePageEach() {
        let paging = Paging(pageSize: Size(width: 800, height: 600), maxOffset: Point(x: 0, y: 2100))
        #expect(paging.offset(movingPages: Point(x: 0, y: 1), from: .zero) == Point(x: 0, y: 600))
        #expect(paging.offset(movingPages: Point(x: 0, y: 2), from: .zero) == Point(x: 0, y: 1200))
        #expect(paging.offset(movingPages: Point(x: 0, y: 1), from: Point(x: 0, y: 250)) == Point(x: 0, y: 600), "between boundaries: the next one")
        #expect(paging.offset(movingPages: Point(x: 0, y: 1), from: Point(x: 0, y: 1800)) == Point(x: 0, y: 2100), "the end is the last boundary")
        #expect(paging.offset(movingPages: Point(x: 0, y: 1), from: Point(x: 0, y: 2100)) == Point(x: 0, y: 2100))
        #expect(paging.offset(movingPages: Point(x: 0, y: -1), from: Point(x: 0, y: 2100)) == Point(x: 0, y: 1800))
        #expect(paging.offset(movingPages: Point(x: 0, y: -1), from: Point(x: 0, y: 600.3)) == Point(x: 0, y: 0), "within rounding of a boundary counts as on it")
        #expect(paging.offset(movingPages: Point(x: 0, y: -5), from: Point(x: 0, y: 1200)) == .zero)
        #expect(paging.nearestBoundary(to: Point(x: 0, y: 2000)) == Point(x: 0, y: 2100))
        #expect(paging.nearestBoundary(to: Point(x: 0, y: 1450)) == Point(x: 0, y: 1200))
    }

    @Test func theVelocityTargetDefaultsToTheProposalAndDoesNotSnap() {
        let layout = CollectionViewLayout()
        #expect(!layout.snapsScrolling)
        let proposal = Point(x: 123.5, y: -7)
        #expect(layout.targetContentOffset(forProposedContentOffset: proposal, withScrollingVelocity: Point(x: 900, y: 0)) == proposal)
        let snapping = RowSnapLayout()
        #expect(snapping.snapsScrolling)
        #expect(snapping.targetContentOffset(forProposedContentOffset: Point(x: 260, y: 0), withScrollingVelocity: Point(x: 500, y: 0)) == Point(x: 300, y: 0))
        #expect(snapping.targetContentOffset(forProposedContentOffset: Point(x: 260, y: 0), withScrollingVelocity: Point(x: -500, y: 0)) == Point(x: 200, y: 0))
        #expect(snapping.targetContentOffset(forProposedContentOffset: Point(x: 260, y: 0), withScrollingVelocity: .zero) == Point(x: 300, y: 0))
    }
}

/// Settles on a 100-point column, onwards in the fling's direction.
@MainActor
private final class RowSnapLayout: CollectionViewLayout {
    override var snapsScrolling: Bool { true }
    override func targetContentOffset(forProposedContentOffset p: Point, withScrollingVelocity v: Point) -> Point {
        let column = p.x / 100
        let x = v.x > 0 ? column.rounded(.up) : v.x < 0 ? column.rounded(.down) : column.rounded()
        return Point(x: x * 100, y: p.y)
    }
}
