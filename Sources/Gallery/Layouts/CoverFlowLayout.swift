import CollectionLayout
import Foundation

/// A horizontal stack of cards: the card at the centre faces you; the others turn away about
/// their vertical axis with perspective, fade a little and sit further back (zIndex). Scrolling
/// changes the angles, so bounds changes invalidate it.
final class CoverFlowLayout: CollectionViewLayout {
    var itemSize = Size(width: 220, height: 220)
    var spacing = 70.0
    private var order: [IndexPath] = []
    private var bounds = Rect.zero

    override func prepare() {
        guard let host = collectionView else { return }
        bounds = host.bounds
        order = (0..<host.numberOfSections).flatMap { s in (0..<host.numberOfItems(inSection: s)).map { IndexPath(item: $0, section: s) } }
    }

    override var collectionViewContentSize: Size {
        Size(width: Double(max(order.count - 1, 0)) * spacing + bounds.width, height: bounds.height)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

    private func attributes(at index: Int) -> LayoutAttributes {
        let a = LayoutAttributes(forCellWith: order[index])
        let x = Double(index) * spacing + bounds.width / 2
        a.frame = Rect(x: x - itemSize.width / 2, y: (bounds.height - itemSize.height) / 2, width: itemSize.width, height: itemSize.height)
        let offset = (x - bounds.midX) / spacing  // cards from the centre
        let angle = max(-1, min(1, offset)) * (Double.pi / 3)
        a.transform3D = Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
            .concatenating(Transform3D(perspectiveDistance: 600))
        a.zIndex = -Int(abs(offset) * 10)
        a.alpha = max(0.35, 1 - abs(offset) * 0.12)
        return a
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let index = order.firstIndex(of: indexPath) else { return nil }
        return attributes(at: index)
    }

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        guard !order.isEmpty else { return [] }
        // Cards sit spacing apart; a card's frame spans itemSize around its centre.
        let first = max(0, Int(((rect.minX - bounds.width / 2 - itemSize.width) / spacing).rounded(.down)))
        let last = min(order.count - 1, Int(((rect.maxX - bounds.width / 2 + itemSize.width) / spacing).rounded(.up)))
        guard first <= last else { return [] }
        return (first...last).map(attributes(at:)).filter { $0.frame.intersects(rect) }
    }

    override func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
        // Settle on a card.
        Point(x: (proposedContentOffset.x / spacing).rounded() * spacing, y: 0)
    }
}
