import CollectionLayout
import Foundation

/// A horizontal stack of cards: the card at the centre faces you; the others turn away about
/// their vertical axis with perspective, fade a little and sit further back (zIndex).
///
/// Scrolling changes the angles, so every scrolled frame invalidates it, but only for the
/// cards on screen (its bounds-change context names them) and without recounting anything:
/// a frame costs the cards it shows, however many there are.
public final class CoverFlowLayout: CollectionViewLayout {
    public var itemSize = Size(width: 220, height: 220)
    public var spacing = 70.0
    /// The index of each section's first card, and the number of cards.
    private var sectionStarts: [Int] = []
    private var count = 0
    private var bounds = Rect.zero
    /// Whether the counts must be read again (data or everything invalidated).
    private var countsAreStale = true
    /// How many times the counts were read (the benchmark and tests check it stays put while
    /// scrolling).
    public private(set) var countings = 0

    public override init() { super.init() }

    public override func invalidateLayout(with context: InvalidationContext) {
        if context.invalidatesAll { countsAreStale = true }
        super.invalidateLayout(with: context)
    }

    public override func prepare() {
        guard let host = collectionView else { return }
        bounds = host.bounds
        guard countsAreStale else { return }
        countsAreStale = false
        countings += 1
        sectionStarts = []
        count = 0
        for section in 0..<host.numberOfSections {
            sectionStarts.append(count)
            count += host.numberOfItems(inSection: section)
        }
    }

    public override var collectionViewContentSize: Size {
        Size(width: Double(max(count - 1, 0)) * spacing + bounds.width, height: bounds.height)
    }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

    /// A scroll names the cards on screen before and after it; a resize changes everything.
    public override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        guard newBounds.size == bounds.size else { return super.invalidationContext(forBoundsChange: newBounds) }
        let context = InvalidationContext()
        var shown = Set(indexRange(in: newBounds))
        shown.formUnion(indexRange(in: bounds))
        context.invalidateItems(at: shown.sorted().map(indexPath(at:)))
        return context
    }

    /// The cards whose frames can meet `rect`.
    private func indexRange(in rect: Rect) -> Range<Int> {
        let first = max(0, Int(((rect.minX - bounds.width / 2 - itemSize.width) / spacing).rounded(.down)))
        let end = min(count, Int(((rect.maxX - bounds.width / 2 + itemSize.width) / spacing).rounded(.up)) + 1)
        return first < end ? first..<end : 0..<0
    }

    /// The card at `index` in the flattened order: its section by binary search.
    private func indexPath(at index: Int) -> IndexPath {
        var low = 0, high = sectionStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sectionStarts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return IndexPath(item: index - sectionStarts[low], section: low)
    }

    private func attributes(at index: Int) -> LayoutAttributes {
        let a = LayoutAttributes(forCellWith: indexPath(at: index))
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

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard sectionStarts.indices.contains(indexPath.section), indexPath.item >= 0 else { return nil }
        let index = sectionStarts[indexPath.section] + indexPath.item
        let end = indexPath.section + 1 < sectionStarts.count ? sectionStarts[indexPath.section + 1] : count
        guard index < end else { return nil }
        return attributes(at: index)
    }

    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        indexRange(in: rect).map(attributes(at:)).filter { $0.frame.intersects(rect) }
    }

    public override func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
        // Settle on a card.
        Point(x: (proposedContentOffset.x / spacing).rounded() * spacing, y: 0)
    }

    /// Flings and the wheel settle on a card too: the view asks when the user's scroll ends.
    public override var snapsScrolling: Bool { true }

    /// The card where the fling would rest, or the next one on in the fling's direction, so
    /// that a flick never springs back; a stopped wheel takes the nearest card.
    public override func targetContentOffset(forProposedContentOffset proposedContentOffset: Point,
                                      withScrollingVelocity velocity: Point) -> Point {
        let card = proposedContentOffset.x / spacing
        let index = velocity.x > Paging.flingThreshold ? card.rounded(.up)
            : velocity.x < -Paging.flingThreshold ? card.rounded(.down) : card.rounded()
        return Point(x: index * spacing, y: 0)
    }
}
