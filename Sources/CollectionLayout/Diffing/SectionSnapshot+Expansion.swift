/// The rows of ``SectionSnapshot/visibleItems`` that one expand or collapse added or took away,
/// as a batch update states them: removed rows by their indices before, inserted rows by their
/// indices after. A data source animates the change from it alone, without listing or diffing
/// the visible items.
///
/// Expanding a visible parent inserts the rows below it right after its own row; collapsing one
/// removes them. Expanding or collapsing an item that is not visible changes no row.
public struct VisibleItemsChange: Equatable, Sendable {
    /// Rows that went, as indices into the visible items before the change: ascending, disjoint.
    public var removed: [Range<Int>]
    /// Rows that came, as indices into the visible items after the change: ascending, disjoint.
    public var inserted: [Range<Int>]

    /// A change of the given rows; none by default.
    ///
    /// - Complexity: O(1).
    public init(removed: [Range<Int>] = [], inserted: [Range<Int>] = []) {
        self.removed = removed
        self.inserted = inserted
    }

    /// True when no row came or went.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool { removed.isEmpty && inserted.isEmpty }
}

/// Expanding and collapsing items.
extension SectionSnapshot {
    /// Expands items (`expand(_:)`): the children of each become visible where it is visible
    /// itself, with those of its expanded descendants. Expanding an expanded item changes
    /// nothing; an item without children may be expanded too (children appended later show).
    ///
    /// ```swift
    /// let change = try outline.expand(["Documents"])
    /// // change.inserted: the rows below "Documents", right after its row
    /// ```
    ///
    /// - Returns: The rows that appeared (``VisibleItemsChange/inserted``, one range for each
    ///   item that was visible and collapsed, unless it shows nothing below it).
    /// - Throws: ``SectionSnapshotError/unknownItem(identifier:)`` when one is not in the
    ///   snapshot; the snapshot is then unchanged.
    /// - Complexity: O(k + a log a + s) for k items with a ancestors in all, and s siblings
    ///   before the visible ones and before their ancestors; O(d + s) for one item d deep,
    ///   however many items appear below it.
    @discardableResult
    public mutating func expand(_ items: [ItemID]) throws(SectionSnapshotError) -> VisibleItemsChange {
        let opened = changing(try knownSlots(items), toExpanded: true)
        guard !opened.isEmpty else { return VisibleItemsChange() }
        // Rows appear below the items that were shown: the others are inside their blocks.
        let wasVisible = visibility(of: opened) { expandedFlags[$0] }
        let changes = opened.map { CountChange(slot: parents[$0], descendants: 0, shown: shownBelow[$0]) }
        for s in opened { expandedFlags[s] = true }
        propagate(changes)
        let blocks = zip(opened, wasVisible).filter(\.1).map(\.0)
        let rows = positions(of: Set(blocks), visibleOnly: true)
        return VisibleItemsChange(inserted: ranges(below: blocks, at: rows))
    }

    /// Collapses items (`collapse(_:)`): what is below each is no longer visible. Collapsing a
    /// collapsed item changes nothing; the expanded states of items below are kept.
    ///
    /// - Returns: The rows that went (``VisibleItemsChange/removed``, one range for each item
    ///   that was visible and expanded with rows below it, unless an ancestor collapsed with it).
    /// - Throws: ``SectionSnapshotError/unknownItem(identifier:)`` when one is not in the
    ///   snapshot; the snapshot is then unchanged.
    /// - Complexity: as ``expand(_:)``: O(d + s) for one item d deep, however many rows go.
    @discardableResult
    public mutating func collapse(_ items: [ItemID]) throws(SectionSnapshotError) -> VisibleItemsChange {
        let closed = changing(try knownSlots(items), toExpanded: false)
        guard !closed.isEmpty else { return VisibleItemsChange() }
        // Rows go from below the items still shown after: the others' are inside their blocks.
        let closing = Set(closed)
        let staysVisible = visibility(of: closed) { expandedFlags[$0] && !closing.contains($0) }
        let blocks = zip(closed, staysVisible).filter(\.1).map(\.0)
        let rows = positions(of: Set(blocks), visibleOnly: true)
        let removed = ranges(below: blocks, at: rows)
        let changes = closed.map { CountChange(slot: parents[$0], descendants: 0, shown: -shownBelow[$0]) }
        for s in closed { expandedFlags[s] = false }
        propagate(changes)
        return VisibleItemsChange(removed: removed)
    }

    /// The slots among `named` whose expanded state is not `expanded` yet, each once.
    private func changing(_ named: [Int], toExpanded expanded: Bool) -> [Int] {
        var seen = Set<Int>()
        return named.filter { expandedFlags[$0] != expanded && seen.insert($0).inserted }
    }

    /// The rows below each of `blocks` (expanded), given their rows, ascending; none for those
    /// without rows below them.
    private func ranges(below blocks: [Int], at rows: [Int: Int]) -> [Range<Int>] {
        blocks.compactMap { b -> Range<Int>? in
            let count = shownBelow[b]
            return count == 0 ? nil : rows[b]! + 1 ..< rows[b]! + 1 + count
        }.sorted { $0.lowerBound < $1.lowerBound }
    }
}
