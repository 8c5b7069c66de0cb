import Testing
import CollectionLayout

@Suite struct GeometryTests {
    @Test func rectEdgesAndCentre() {
        var r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(r.minX == 10 && r.maxX == 40 && r.minY == 20 && r.maxY == 60)
        #expect(r.center == Point(x: 25, y: 40))
        r.center = Point(x: 0, y: 0)
        #expect(r == Rect(x: -15, y: -20, width: 30, height: 40))
        #expect(Rect.zero.isEmpty && !r.isEmpty)
        #expect(!Rect(x: .nan, y: 0, width: 1, height: 1).isFinite && r.isFinite)
    }

    @Test func intersectionAndTouchingEdges() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersects(Rect(x: 5, y: 5, width: 10, height: 10)))
        #expect(a.intersection(Rect(x: 5, y: 5, width: 10, height: 10)) == Rect(x: 5, y: 5, width: 5, height: 5))
        // Sharing only an edge is not an intersection (half-open ranges, as CoreGraphics).
        #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 5, height: 5)).isEmpty)
        #expect(!a.intersects(Rect(x: 2, y: 2, width: 0, height: 5)), "an empty rectangle intersects nothing")
    }

    @Test func unionContainmentAndInsets() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.union(Rect(x: 20, y: -5, width: 5, height: 5)) == Rect(x: 0, y: -5, width: 25, height: 15))
        #expect(a.union(.zero) == a, "an empty rectangle adds nothing")
        #expect(a.contains(Point(x: 0, y: 0)) && !a.contains(Point(x: 10, y: 5)))
        #expect(a.contains(Rect(x: 1, y: 1, width: 9, height: 9)) && !a.contains(Rect(x: 1, y: 1, width: 10, height: 9)))
        #expect(a.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 2, y: 1, width: 4, height: 6))
        #expect(a.insetBy(dx: -1, dy: 2) == Rect(x: -1, y: 2, width: 12, height: 6))
        #expect(a.offsetBy(dx: 3, dy: 4) == Rect(x: 3, y: 4, width: 10, height: 10))
    }

    @Test func indexPathsReadLikeUIKit() {
        let p = IndexPath(item: 3, section: 1)
        #expect(p.section == 1 && p.item == 3 && p.count == 2)
        #expect(IndexPath(item: 9, section: 0) < IndexPath(item: 0, section: 1))
        #expect(IndexPath(item: 1, section: 1) < IndexPath(item: 2, section: 1))
        #expect(Set([p, IndexPath(item: 3, section: 1)]).count == 1)
        let longer = IndexPath(indexes: [2, 0, 5])
        #expect(longer.section == 2 && longer.count == 3)
    }

    @Test func elementKeysIdentifyElements() {
        let p = IndexPath(item: 0, section: 0)
        #expect(ElementKey.cell(p) != ElementKey.supplementary("header", p))
        #expect(ElementKey.supplementary("header", p) != ElementKey.supplementary("footer", p))
        #expect(ElementKey.supplementary("header", p) != ElementKey.decoration("header", p))
        #expect(ElementKey(category: .cell, kind: "ignored", indexPath: p) == .cell(p), "cells have no kind")
    }
}
