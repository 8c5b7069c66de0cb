import CollectionLayout
import CollectionViewGtk
import GalleryLayouts

/// The layouts the Layout menu offers, each with its menu label and shortcut.
enum GalleryLayout: String, CaseIterable {
    case grid, horizontal, circle, stack, waterfall

    var title: String {
        switch self {
        case .grid: tr("Grid")
        case .horizontal: tr("Horizontal Flow")
        case .circle: tr("Circle")
        case .stack: tr("Stack")
        case .waterfall: tr("Waterfall")
        }
    }

    var accelerator: String { "<Control>\(Self.allCases.firstIndex(of: self)! + 1)" }
}

/// The grid: a flow layout with a rounded background behind each section.
final class SectionBackgroundFlowLayout: FlowLayout {
    static let background = "section-background"

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result = super.layoutAttributesForElements(in: rect)
        for s in Set(result.map(\.indexPath.section)).sorted() {
            if let a = layoutAttributesForDecorationView(ofKind: Self.background, at: IndexPath(index: s)), a.frame.intersects(rect) {
                result.append(a)
            }
        }
        return result
    }

    override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard elementKind == Self.background, let host = collectionView, indexPath.section < host.numberOfSections else { return nil }
        let count = host.numberOfItems(inSection: indexPath.section)
        guard count > 0, let first = layoutAttributesForItem(at: IndexPath(item: 0, section: indexPath.section)),
              let last = layoutAttributesForItem(at: IndexPath(item: count - 1, section: indexPath.section)) else { return nil }
        let a = LayoutAttributes(forDecorationViewOfKind: elementKind, with: IndexPath(index: indexPath.section))
        a.frame = Rect(x: 8, y: first.frame.minY - 8, width: host.bounds.width - 16, height: last.frame.maxY - first.frame.minY + 16)
        a.zIndex = -1
        return a
    }
}

@MainActor
func makeLayouts(heights: @escaping (IndexPath) -> Double) -> [GalleryLayout: CollectionViewLayout] {
    let grid = SectionBackgroundFlowLayout()
    grid.itemSize = Size(width: 120, height: 120)
    grid.estimatedItemSize = FlowLayout.automaticSize  // tiles and titles size themselves (a long title, a large font)
    grid.minimumInteritemSpacing = 12
    grid.minimumLineSpacing = 12
    grid.sectionInset = EdgeInsets(top: 16, left: 24, bottom: 16, right: 24)
    grid.headerReferenceSize = Size(width: 0, height: 44)
    grid.footerReferenceSize = Size(width: 0, height: 28)
    grid.sectionHeadersPinToVisibleBounds = true  // the section's title stays in sight
    grid.register(SectionBackgroundView.self, forDecorationViewOfKind: SectionBackgroundFlowLayout.background)

    let horizontal = FlowLayout()
    horizontal.scrollDirection = .horizontal
    horizontal.itemSize = Size(width: 140, height: 140)
    horizontal.minimumInteritemSpacing = 12
    horizontal.minimumLineSpacing = 12
    horizontal.sectionInset = EdgeInsets(top: 16, left: 16, bottom: 16, right: 16)

    let waterfall = WaterfallLayout()
    waterfall.heightForItem = heights
    waterfall.register(SectionBackgroundView.self, forDecorationViewOfKind: WaterfallLayout.background)

    return [.grid: grid, .horizontal: horizontal, .circle: CircleLayout(), .stack: CoverFlowLayout(), .waterfall: waterfall]
}
