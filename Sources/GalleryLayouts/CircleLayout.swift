import CollectionLayout
import Foundation

/// Every item on one circle (sections follow each other round it). Inserted items grow out of
/// the centre and deleted ones shrink into it: the layout's own appearing and disappearing
/// attributes. Fine for the few hundred items a circle can show.
public final class CircleLayout: CollectionViewLayout {
    /// The largest tile; with many items the tiles shrink so they fit round the circle.
    public var itemSize = Size(width: 90, height: 90)
    private var tile = Size(width: 90, height: 90)
    private var frames: [IndexPath: Rect] = [:]
    private var order: [IndexPath] = []
    private var size = Size.zero
    private var inserted: Set<IndexPath> = [], deleted: Set<IndexPath> = []

    public override init() { super.init() }

    public override func prepare() {
        guard let host = collectionView else { return }
        size = host.bounds.size
        order = (0..<host.numberOfSections).flatMap { s in (0..<host.numberOfItems(inSection: s)).map { IndexPath(item: $0, section: s) } }
        let centre = Point(x: size.width / 2, y: size.height / 2)
        let outer = max(0, min(size.width, size.height) / 2 - 10)
        // Tiles a little less than the arc each item gets, within 28 points and itemSize.
        let side = max(28, min(itemSize.width, 2 * Double.pi * outer / Double(max(order.count, 1)) * 0.9))
        tile = Size(width: side, height: side)
        let radius = max(0, outer - side / 2)
        frames = [:]
        for (i, path) in order.enumerated() {
            let angle = 2 * Double.pi * Double(i) / Double(max(order.count, 1)) - .pi / 2
            frames[path] = Rect(x: centre.x + radius * cos(angle) - side / 2, y: centre.y + radius * sin(angle) - side / 2,
                                width: side, height: side)
        }
    }

    public override var collectionViewContentSize: Size { size }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { newBounds.size != size }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let frame = frames[indexPath] else { return nil }
        let a = LayoutAttributes(forCellWith: indexPath)
        a.frame = frame
        return a
    }

    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        order.compactMap { frames[$0]!.intersects(rect) ? layoutAttributesForItem(at: $0) : nil }
    }

    public override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        inserted = Set(updateItems.filter { $0.updateAction == .insert }.compactMap(\.indexPathAfterUpdate))
        deleted = Set(updateItems.filter { $0.updateAction == .delete }.compactMap(\.indexPathBeforeUpdate))
    }

    public override func finalizeCollectionViewUpdates() { inserted = []; deleted = [] }

    private func atCentre(_ a: LayoutAttributes) -> LayoutAttributes {
        a.center = Point(x: size.width / 2, y: size.height / 2)
        a.transform3D = Transform3D(scaleX: 0.1, y: 0.1)
        a.alpha = 0
        return a
    }

    public override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        guard inserted.contains(itemIndexPath), let a = layoutAttributesForItem(at: itemIndexPath) else {
            return super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
        }
        return atCentre(a)
    }

    public override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        guard deleted.contains(itemIndexPath), let a = attributesBeforeUpdate?(.cell(itemIndexPath))?.copy() else {
            return super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
        }
        return atCentre(a)
    }
}
