import Testing
import CollectionLayout

/// A subclass as an app would write it: an extra property, `copy()` and `isEqual(to:)` extended.
final class BadgeAttributes: LayoutAttributes {
    var badge = 0
    override func copy(indexPath: IndexPath) -> LayoutAttributes {
        let c = super.copy(indexPath: indexPath) as! BadgeAttributes
        c.badge = badge
        return c
    }
    override func isEqual(to other: LayoutAttributes) -> Bool {
        guard let other = other as? BadgeAttributes else { return false }
        return super.isEqual(to: other) && badge == other.badge
    }
}

@Suite struct LayoutAttributesTests {
    @Test func frameCentreAndSize() {
        let a = LayoutAttributes(forCellWith: IndexPath(item: 1, section: 2))
        a.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        a.center = Point(x: 100, y: 100)
        #expect(a.frame == Rect(x: 50, y: 75, width: 100, height: 50))
        a.size = Size(width: 20, height: 10)  // keeps the centre
        #expect(a.frame == Rect(x: 90, y: 95, width: 20, height: 10))
        #expect(a.representedElementCategory == .cell && a.representedElementKind == nil)
        let h = LayoutAttributes(forSupplementaryViewOfKind: "header", with: IndexPath(item: 0, section: 0))
        #expect(h.elementKey == .supplementary("header", IndexPath(item: 0, section: 0)))
        let d = LayoutAttributes(forDecorationViewOfKind: "bg", with: IndexPath(index: 3))
        #expect(d.representedElementCategory == .decorationView && d.indexPath.section == 3)
    }

    @Test func copyIsIndependentAndKeepsEverything() {
        let a = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        a.frame = Rect(x: 1, y: 2, width: 3, height: 4)
        a.alpha = 0.5
        a.zIndex = 7
        a.isHidden = true
        a.transform3D = Transform3D(scaleX: 2, y: 2)
        let b = a.copy()
        #expect(b == a && b !== a)
        b.alpha = 1
        #expect(a.alpha == 0.5 && b != a)
        let moved = a.copy(indexPath: IndexPath(item: 5, section: 0))
        #expect(moved.indexPath.item == 5 && moved.frame == a.frame && moved.alpha == a.alpha && moved.zIndex == a.zIndex && moved != a)
    }

    @Test func subclassesExtendCopyAndEquality() {
        let a = BadgeAttributes(forCellWith: IndexPath(item: 0, section: 0))
        a.badge = 3
        let b = a.copy()
        #expect(b is BadgeAttributes && (b as! BadgeAttributes).badge == 3)
        #expect(a == b)
        (b as! BadgeAttributes).badge = 4
        #expect(a != b, "the subclass property takes part in equality")
        let plain = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        #expect(plain != a && a != plain, "different classes are never equal")
    }
}
