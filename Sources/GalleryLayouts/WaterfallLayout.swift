import CollectionLayout
import Foundation

/// Columns of items of varied heights (masonry): each item goes to the shortest column. Each
/// section has a header across the columns and a rounded background behind it (a decoration
/// view the layout owns).
public final class WaterfallLayout: CollectionViewLayout {
    public static let background = "section-background"
    public var columnWidth = 180.0
    public var spacing = 12.0
    public var headerHeight = 44.0
    /// The height of an item (the app's data).
    public var heightForItem: (IndexPath) -> Double = { _ in 150 }

    private var frames: [[Rect]] = []
    private var headers: [Rect] = []
    private var backgrounds: [Rect] = []
    private var tallest = 0.0
    private var size = Size.zero

    public override init() { super.init() }

    public override func prepare() {
        guard let host = collectionView else { return }
        let width = host.bounds.width
        let columns = max(1, Int((width - spacing) / (columnWidth + spacing)))
        let actualWidth = (width - spacing * Double(columns + 1)) / Double(columns)
        var y = 0.0
        frames = []; headers = []; backgrounds = []; tallest = 0
        for s in 0..<host.numberOfSections {
            headers.append(Rect(x: 0, y: y, width: width, height: headerHeight))
            let top = y + headerHeight
            var bottoms = Array(repeating: top, count: columns)
            var section: [Rect] = []
            for i in 0..<host.numberOfItems(inSection: s) {
                let column = bottoms.indices.min { bottoms[$0] < bottoms[$1] }!
                let h = heightForItem(IndexPath(item: i, section: s))
                let frame = Rect(x: spacing + Double(column) * (actualWidth + spacing), y: bottoms[column], width: actualWidth, height: h)
                section.append(frame)
                bottoms[column] += h + spacing
                tallest = max(tallest, h)
            }
            frames.append(section)
            let bottom = bottoms.max()! + spacing
            backgrounds.append(Rect(x: spacing / 2, y: top - spacing / 2, width: width - spacing, height: bottom - top))
            y = bottom
        }
        size = Size(width: width, height: y)
    }

    public override var collectionViewContentSize: Size { size }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { newBounds.width != size.width }

    public override var supplementaryElementKinds: [String] { [ElementKind.sectionHeader] }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard frames.indices.contains(indexPath.section), frames[indexPath.section].indices.contains(indexPath.item) else { return nil }
        let a = LayoutAttributes(forCellWith: indexPath)
        a.frame = frames[indexPath.section][indexPath.item]
        return a
    }

    public override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard elementKind == ElementKind.sectionHeader, headers.indices.contains(indexPath.section) else { return nil }
        let a = LayoutAttributes(forSupplementaryViewOfKind: elementKind, with: IndexPath(item: 0, section: indexPath.section))
        a.frame = headers[indexPath.section]
        return a
    }

    public override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard elementKind == Self.background, backgrounds.indices.contains(indexPath.section) else { return nil }
        let a = LayoutAttributes(forDecorationViewOfKind: elementKind, with: IndexPath(index: indexPath.section))
        a.frame = backgrounds[indexPath.section]
        a.zIndex = -1
        return a
    }

    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for s in frames.indices {
            guard backgrounds[s].maxY + headerHeight > rect.minY else { continue }
            if headers[s].minY > rect.maxY { break }
            if headers[s].intersects(rect), let h = layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: s)) { result.append(h) }
            if backgrounds[s].intersects(rect), let b = layoutAttributesForDecorationView(ofKind: Self.background, at: IndexPath(index: s)) { result.append(b) }
            // Items' tops never decrease (each goes to the shortest column), so the ones that
            // can meet the rectangle start one item height above it.
            let section = frames[s]
            var low = 0, high = section.count
            while low < high { let mid = (low + high) / 2; if section[mid].minY < rect.minY - tallest { low = mid + 1 } else { high = mid } }
            var i = low
            while i < section.count, section[i].minY < rect.maxY {
                if section[i].intersects(rect) { result.append(layoutAttributesForItem(at: IndexPath(item: i, section: s))!) }
                i += 1
            }
        }
        return result
    }
}
