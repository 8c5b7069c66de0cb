import CollectionLayout

/// The selection's state: what is selected, highlighted, and has the keyboard focus.
struct SelectionState {
    var selected = SelectedItems()
    var highlighted: IndexPath?
    var focused: IndexPath?

    /// Follows the items through a batch update; items that went are no longer selected,
    /// highlighted or focused.
    mutating func remap(_ newPath: (IndexPath) -> IndexPath?) {
        selected = SelectedItems(selected.sorted.compactMap(newPath))
        focused = focused.flatMap(newPath)
        highlighted = nil
    }

    /// Keeps only the selected items that pass `keep` (after a reload).
    mutating func retain(where keep: (IndexPath) -> Bool) {
        selected = SelectedItems(selected.sorted.filter(keep))
    }
}

/// The selected index paths: a set for membership and their index path order for reading.
/// The order is kept as items are selected and deselected at the end (what Ctrl+A, Escape and
/// clicking down a grid do), and sorted again only after a change in the middle, and only
/// when read. So a delegate that reads the selection on every `didSelect` of a select-all costs
/// O(1) per item, not a sort of the whole selection per item.
struct SelectedItems {
    private var members: Set<IndexPath> = []
    private var order: [IndexPath] = []
    private var orderIsSorted = true
    /// How often the order had to be sorted (tests).
    private(set) var sorts = 0

    init() {}

    init<S: Sequence>(_ paths: S) where S.Element == IndexPath {
        for path in paths { insert(path) }
    }

    var isEmpty: Bool { members.isEmpty }
    var count: Int { members.count }
    var first: IndexPath? { mutating get { sorted.first } }

    func contains(_ path: IndexPath) -> Bool { members.contains(path) }

    /// - Complexity: O(1) amortized at the end of the order; otherwise the next read sorts.
    mutating func insert(_ path: IndexPath) {
        guard members.insert(path).inserted else { return }
        if orderIsSorted, let last = order.last, path < last { orderIsSorted = false }
        order.append(path)
    }

    /// - Complexity: O(1) for the last item in order; otherwise O(n).
    mutating func remove(_ path: IndexPath) {
        guard members.remove(path) != nil else { return }
        if order.last == path {
            order.removeLast()
        } else if let i = order.lastIndex(of: path) {
            order.remove(at: i)
        }
    }

    /// In index path order.
    ///
    /// - Complexity: O(1) when nothing was inserted out of order since the last read;
    ///   otherwise O(n log n) once.
    var sorted: [IndexPath] {
        mutating get {
            if !orderIsSorted {
                sorts += 1
                order.sort()
                orderIsSorted = true
            }
            return order
        }
    }
}
