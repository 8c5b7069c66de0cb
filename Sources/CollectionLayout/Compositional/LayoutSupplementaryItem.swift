/// A supplementary view attached to each cell an item places (`NSCollectionLayoutSupplementaryItem`),
/// such as a badge: ``layoutSize`` is resolved against the cell's size, and the view is placed
/// by ``containerAnchor``. Its index path is the cell's.
@MainActor
open class LayoutSupplementaryItem {
    /// The view's size; fractions are of the cell's size (`layoutSize`).
    public let layoutSize: LayoutSize
    /// The supplementary kind the view is registered for (`elementKind`).
    public let elementKind: String
    /// Where on the cell it goes (`containerAnchor`).
    public let containerAnchor: LayoutAnchor
    /// Which point of the view goes to the container anchor (`itemAnchor`); nil: the point at
    /// the container anchor's edges.
    public let itemAnchor: LayoutAnchor?
    /// Drawing order (`zIndex`). Default 1, above the cells, as in UIKit.
    public var zIndex = 1

    /// A supplementary item anchored to its cell
    /// (`init(layoutSize:elementKind:containerAnchor:itemAnchor:)`).
    public init(layoutSize: LayoutSize, elementKind: String, containerAnchor: LayoutAnchor, itemAnchor: LayoutAnchor? = nil) {
        self.layoutSize = layoutSize
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        self.itemAnchor = itemAnchor
    }

    /// The frame on a cell at `cell` (left to right).
    func frame(on cell: Rect) -> Rect {
        containerAnchor.frame(of: layoutSize.resolved(in: cell.size), on: cell, itemAnchor: itemAnchor)
    }
}
