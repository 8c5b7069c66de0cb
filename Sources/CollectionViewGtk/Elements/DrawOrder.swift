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

/// Where a view comes among the canvas's children, which is the order accessibility tools and
/// GTK's focus chain walk: by section; in a section its decoration views, then its header, its
/// cells by item, and its other supplementary views (a footer); then by index path and kind.
/// It follows the element only, never its zIndex: the canvas draws in `DrawOrder` on its own.
struct ReadingOrder: Comparable {
    var section = -1
    var group = 0
    var indexPath = IndexPath()
    var kind = ""

    init() {}

    init(key: ElementKey) {
        section = key.indexPath.count > 0 ? key.indexPath[0] : -1
        group = switch key.category {
        case .decorationView: 0
        case .supplementaryView: key.kind == ElementKind.sectionHeader ? 1 : 3
        case .cell: 2
        }
        indexPath = key.indexPath
        kind = key.kind ?? ""
    }

    static func < (a: ReadingOrder, b: ReadingOrder) -> Bool {
        if a.section != b.section { return a.section < b.section }
        if a.group != b.group { return a.group < b.group }
        if a.indexPath != b.indexPath { return a.indexPath < b.indexPath }
        return a.kind < b.kind
    }
}
