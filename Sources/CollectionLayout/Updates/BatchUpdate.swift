import FoundationEssentials

/// The changes of one batch, as the collection view's update methods record them. Indexes
/// follow UIKit: deletes, reloads and move sources are in the index space before the batch;
/// inserts and move destinations in the space after it.
///
/// A batch is only a record: nothing checks it until ``UpdateValidation`` (or building an
/// ``UpdateIndexMap``, which validates first) compares it with the counts before and after.
public struct BatchUpdate: Sendable, Equatable, CustomStringConvertible {
    /// Sections inserted (`insertSections(_:)`), by their index after the batch.
    public var insertedSections: [Int] = []
    /// Sections deleted (`deleteSections(_:)`), by their index before the batch.
    public var deletedSections: [Int] = []
    /// Sections reloaded (`reloadSections(_:)`), by their index before the batch: each keeps
    /// its place, and all of its elements get new views.
    public var reloadedSections: [Int] = []
    /// Sections moved (`moveSection(_:toSection:)`): `from` before the batch, `to` after it.
    public var movedSections: [(from: Int, to: Int)] = []
    /// Items inserted (`insertItems(at:)`), by their index path after the batch.
    public var insertedItems: [IndexPath] = []
    /// Items deleted (`deleteItems(at:)`), by their index path before the batch.
    public var deletedItems: [IndexPath] = []
    /// Items reloaded (`reloadItems(at:)`), by their index path before the batch: each keeps
    /// its place and gets a new view.
    public var reloadedItems: [IndexPath] = []
    /// Items moved (`moveItem(at:to:)`): `from` before the batch, `to` after it.
    public var movedItems: [(from: IndexPath, to: IndexPath)] = []

    /// An empty batch; add changes through the properties.
    public init() {}

    /// True when the batch records no change at all.
    public var isEmpty: Bool {
        insertedSections.isEmpty && deletedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && insertedItems.isEmpty && deletedItems.isEmpty && reloadedItems.isEmpty && movedItems.isEmpty
    }

    /// True when both batches record the same changes in the same order (moves compared by
    /// their `from` and `to`).
    ///
    /// - Complexity: O(c) for c changes.
    public static func == (a: BatchUpdate, b: BatchUpdate) -> Bool {
        a.insertedSections == b.insertedSections && a.deletedSections == b.deletedSections
            && a.reloadedSections == b.reloadedSections && a.insertedItems == b.insertedItems
            && a.deletedItems == b.deletedItems && a.reloadedItems == b.reloadedItems
            && a.movedSections.map { [$0.from, $0.to] } == b.movedSections.map { [$0.from, $0.to] }
            && a.movedItems.map { [$0.from, $0.to] } == b.movedItems.map { [$0.from, $0.to] }
    }

    /// The changes that are there, as index arrays: "deleteItems [[0, 2]], moveItem [0, 1]->[1, 0]".
    public var description: String {
        var parts: [String] = []
        func add(_ name: String, _ values: [Int]) { if !values.isEmpty { parts.append("\(name) \(values)") } }
        func add(_ name: String, _ paths: [IndexPath]) { if !paths.isEmpty { parts.append("\(name) \(paths.map { Array($0) })") } }
        add("insertSections", insertedSections); add("deleteSections", deletedSections); add("reloadSections", reloadedSections)
        if !movedSections.isEmpty { parts.append("moveSections " + movedSections.map { "\($0.from)->\($0.to)" }.joined(separator: ", ")) }
        add("insertItems", insertedItems); add("deleteItems", deletedItems); add("reloadItems", reloadedItems)
        if !movedItems.isEmpty { parts.append("moveItems " + movedItems.map { "\(Array($0.from))->\(Array($0.to))" }.joined(separator: ", ")) }
        return parts.isEmpty ? "no changes" : parts.joined(separator: "; ")
    }

    /// The changes as the layout receives them in `prepare(forCollectionViewUpdates:)`: section
    /// changes before item changes, and in each, deletes, inserts, reloads, then moves.
    ///
    /// - Complexity: O(c) for c changes.
    public var updateItems: [CollectionViewUpdateItem] {
        var items: [CollectionViewUpdateItem] = []
        items += deletedSections.map { .init(action: .delete, before: IndexPath(index: $0), after: nil) }
        items += insertedSections.map { .init(action: .insert, before: nil, after: IndexPath(index: $0)) }
        items += reloadedSections.map { .init(action: .reload, before: IndexPath(index: $0), after: IndexPath(index: $0)) }
        items += movedSections.map { .init(action: .move, before: IndexPath(index: $0.from), after: IndexPath(index: $0.to)) }
        items += deletedItems.map { .init(action: .delete, before: $0, after: nil) }
        items += insertedItems.map { .init(action: .insert, before: nil, after: $0) }
        items += reloadedItems.map { .init(action: .reload, before: $0, after: $0) }
        items += movedItems.map { .init(action: .move, before: $0.from, after: $0.to) }
        return items
    }
}
