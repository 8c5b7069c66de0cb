import CollectionLayout

/// Where a view draws among its siblings: by zIndex; at the same zIndex decoration views, then
/// cells, then supplementary views; and then by element (index path, then kind), so that two
/// views with equal zIndex keep one order from frame to frame and run to run (mid-transition
/// they would otherwise swap as dictionaries reorder).
struct DrawOrder: Comparable {
    var zIndex = 0
    var rank = 1
    var indexPath = IndexPath()
    var kind = ""

    init() {}

    init(zIndex: Int, key: ElementKey) {
        self.zIndex = zIndex
        rank = switch key.category {
        case .decorationView: 0
        case .cell: 1
        case .supplementaryView: 2
        }
        indexPath = key.indexPath
        kind = key.kind ?? ""
    }

    static func < (a: DrawOrder, b: DrawOrder) -> Bool {
        if a.zIndex != b.zIndex { return a.zIndex < b.zIndex }
        if a.rank != b.rank { return a.rank < b.rank }
        if a.indexPath != b.indexPath { return a.indexPath < b.indexPath }
        return a.kind < b.kind
    }

    static func == (a: DrawOrder, b: DrawOrder) -> Bool {
        a.zIndex == b.zIndex && a.rank == b.rank && a.indexPath == b.indexPath && a.kind == b.kind
    }
}
