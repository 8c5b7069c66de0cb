/// The items of one section as a tree, with the expanded state of each (UIKit's
/// `NSDiffableDataSourceSectionSnapshot`): an outline's data. A value type: copy one, change the
/// copy, and apply it.
///
/// ```swift
/// var outline = SectionSnapshot<String>()
/// try outline.append(["Documents", "Pictures"])
/// try outline.append(["Taxes", "Letters"], to: "Documents")
/// let change = try outline.expand(["Documents"])
/// // outline.visibleItems == ["Documents", "Taxes", "Letters", "Pictures"]
/// // change.inserted == [1..<3]: the rows to animate in below "Documents"
/// ```
///
/// ``items`` lists every item depth first (a parent, then its children's subtrees in order);
/// ``visibleItems`` only those whose ancestors are all expanded: the rows an outline shows.
/// Every item identifier is unique in the tree. Changes that would break that, or that name an
/// item the snapshot does not hold, throw a ``SectionSnapshotError`` and leave the snapshot as it
/// was (UIKit raises an exception instead).
///
/// Each item keeps its parent, its children and two counts: its descendants, and the rows its
/// descendants take when it is expanded. So ``expand(_:)`` and ``collapse(_:)`` cost
/// O(d + s) for an item at depth d with s siblings before it and its ancestors, whatever the
/// number of children, and return the rows that appear or go (``VisibleItemsChange``) without
/// listing or diffing the visible items: what a data source needs for an animated batch update.
/// The expanded state belongs to the item and outlives collapsing its ancestors. Each operation
/// documents its cost.
///
/// Editing is in `SectionSnapshot+Editing.swift`, expanding and collapsing in
/// `SectionSnapshot+Expansion.swift`, the counts and positions in `SectionSnapshot+Storage.swift`.
public struct SectionSnapshot<ItemID: Hashable & Sendable>: Sendable, Equatable {
    /// The parent slot of root items.
    static var top: Int { -1 }

    // Each item has a slot, an index into the arrays below; a slot freed by a deletion is in
    // `freeSlots`, its identifier nil, and is reused first. One array per field, so that a
    // change copies (when the snapshot is shared) only the fields it writes: expanding a copy
    // of a million-item snapshot copies the flags and the row counts, plain memory, and not the
    // identifiers or the children lists.

    /// Slot → its item identifier; nil for a free slot.
    var ids: [ItemID?] = []
    /// Slot → its parent's slot, or ``top`` for a root item.
    var parents: [Int] = []
    /// Slot → its children's slots, in order.
    var childLists: [[Int]] = []
    /// Slot → whether it is expanded.
    var expandedFlags: [Bool] = []
    /// Slot → the number of items below it, at any depth.
    var descendantCounts: [Int] = []
    /// Slot → the rows below it while it is expanded: each child's row, and the rows below each
    /// expanded child. Kept whether it is expanded or not, so expanding it is O(1) here.
    var shownBelow: [Int] = []
    /// Item identifier → its slot.
    var slots: [ItemID: Int] = [:]
    /// The root items' slots, in order.
    var roots: [Int] = []
    var freeSlots: [Int] = []
    /// The number of visible items: the rows of every root item.
    var visibleCount = 0

    /// The rows the item in slot `s` takes where it is shown: its own, and those below it when
    /// it is expanded.
    func rows(_ s: Int) -> Int { expandedFlags[s] ? 1 + shownBelow[s] : 1 }

    /// An empty snapshot (`NSDiffableDataSourceSectionSnapshot()`).
    ///
    /// - Complexity: O(1).
    public init() {}

    /// True when both hold the same tree: the same items under the same parents in the same
    /// order, each expanded or collapsed alike.
    ///
    /// - Complexity: O(n) for n items.
    public static func == (a: Self, b: Self) -> Bool {
        guard a.slots.count == b.slots.count, a.visibleCount == b.visibleCount, a.roots.count == b.roots.count else { return false }
        var stack: [([Int], [Int])] = [(a.roots, b.roots)]
        while let (left, right) = stack.popLast() {
            guard left.count == right.count else { return false }
            for (l, r) in zip(left, right) {
                guard a.ids[l]! == b.ids[r]!, a.expandedFlags[l] == b.expandedFlags[r],
                      a.childLists[l].count == b.childLists[r].count else { return false }
                if !a.childLists[l].isEmpty { stack.append((a.childLists[l], b.childLists[r])) }
            }
        }
        return true
    }

    // MARK: Counts

    /// The number of items, visible or not (`items.count`).
    ///
    /// - Complexity: O(1).
    public var numberOfItems: Int { slots.count }

    /// The number of visible items (`visibleItems.count`), without listing them.
    ///
    /// - Complexity: O(1).
    public var numberOfVisibleItems: Int { visibleCount }

    // MARK: Items

    /// Every item, depth first: each root item, then its children's subtrees in order, then the
    /// next root item (`items`).
    ///
    /// - Complexity: O(n) for n items.
    public var items: [ItemID] { depthFirst(from: roots, visibleOnly: false, capacity: slots.count) }

    /// The items an outline shows: those whose ancestors are all expanded, depth first
    /// (`visibleItems`).
    ///
    /// - Complexity: O(v) for v visible items.
    public var visibleItems: [ItemID] { depthFirst(from: roots, visibleOnly: true, capacity: visibleCount) }

    /// The items without a parent, in order (`rootItems`).
    ///
    /// - Complexity: O(r) for r root items.
    public var rootItems: [ItemID] { roots.map { ids[$0]! } }

    // MARK: Lookups

    /// Whether the snapshot holds an item (`contains(_:)`).
    ///
    /// - Complexity: O(1) expected.
    public func contains(_ item: ItemID) -> Bool { slots[item] != nil }

    /// An item's parent (`parent(of:)`); nil for a root item and for an item the snapshot does
    /// not hold (UIKit raises).
    ///
    /// - Complexity: O(1) expected.
    public func parent(of item: ItemID) -> ItemID? {
        guard let s = slots[item] else { return nil }
        let p = parents[s]
        return p == Self.top ? nil : ids[p]!
    }

    /// How deep an item is (`level(of:)`): 0 for a root item, 1 for its children, and so on;
    /// nil for an item the snapshot does not hold (UIKit raises). An outline indents by it.
    ///
    /// - Complexity: O(d) for an item at depth d.
    public func level(of item: ItemID) -> Int? {
        guard let s = slots[item] else { return nil }
        var level = 0
        var p = parents[s]
        while p != Self.top {
            level += 1
            p = parents[p]
        }
        return level
    }

    /// Whether an item is expanded (`isExpanded(_:)`); false for an item the snapshot does not
    /// hold. An item keeps its state while an ancestor is collapsed, and may be expanded
    /// without children (those appended later are then visible).
    ///
    /// - Complexity: O(1) expected.
    public func isExpanded(_ item: ItemID) -> Bool { slots[item].map { expandedFlags[$0] } ?? false }

    /// Whether an item is in ``visibleItems``: every ancestor of it is expanded (`isVisible(_:)`);
    /// false for an item the snapshot does not hold.
    ///
    /// - Complexity: O(d) for an item at depth d.
    public func isVisible(_ item: ItemID) -> Bool {
        guard let s = slots[item] else { return false }
        var p = parents[s]
        while p != Self.top {
            guard expandedFlags[p] else { return false }
            p = parents[p]
        }
        return true
    }

    /// An item's index in ``items`` (`index(of:)`); nil for an item the snapshot does not hold.
    ///
    /// - Complexity: O(d + s) for an item at depth d, with s siblings before it and before each
    ///   of its ancestors.
    public func index(of item: ItemID) -> Int? {
        guard let s = slots[item] else { return nil }
        return positions(of: [s], visibleOnly: false)[s]
    }

    /// An item's index in ``visibleItems``: its row in an outline; nil when it is not visible or
    /// not in the snapshot.
    ///
    /// - Complexity: O(d + s) for an item at depth d, with s siblings before it and before each
    ///   of its ancestors.
    public func visibleIndex(of item: ItemID) -> Int? {
        guard let s = slots[item], isVisible(item) else { return nil }
        return positions(of: [s], visibleOnly: true)[s]
    }
}
