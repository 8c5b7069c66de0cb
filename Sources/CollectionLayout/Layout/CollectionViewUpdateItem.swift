import FoundationEssentials

/// One change of a batch update, as the layout sees it in `prepare(forCollectionViewUpdates:)`.
///
/// Paths follow UIKit's rules: `indexPathBeforeUpdate` is in the index space before the batch
/// (deletes, reloads, move sources), `indexPathAfterUpdate` in the space after it (inserts, move
/// destinations; a reload names both). A path with a single index names a whole section.
///
/// This is `UICollectionViewUpdateItem`, as a value.
public struct CollectionViewUpdateItem: Hashable, Sendable, CustomStringConvertible {
    /// What happened to the item or section (`UICollectionViewUpdateItem.Action`).
    public enum Action: Hashable, Sendable {
        /// Inserted: only ``CollectionViewUpdateItem/indexPathAfterUpdate`` is set.
        case insert
        /// Deleted: only ``CollectionViewUpdateItem/indexPathBeforeUpdate`` is set.
        case delete
        /// Reloaded in place: both paths are set (and equal); the element gets a new view.
        case reload
        /// Moved: the source before the update, the destination after it.
        case move
        /// No change (UIKit's `.none`); the view never sends one.
        case none
    }

    /// Where the item or section was before the update; nil for an insert.
    public let indexPathBeforeUpdate: IndexPath?
    /// Where the item or section is after the update; nil for a delete.
    public let indexPathAfterUpdate: IndexPath?
    /// What happened.
    public let updateAction: Action

    /// An update item. `before` and `after` follow the rules of ``Action``.
    public init(action: Action, before: IndexPath?, after: IndexPath?) {
        self.updateAction = action
        self.indexPathBeforeUpdate = before
        self.indexPathAfterUpdate = after
    }

    /// True when the item names whole sections rather than items.
    public var isSectionUpdate: Bool {
        (indexPathBeforeUpdate ?? indexPathAfterUpdate)?.count == 1
    }

    /// The change as `ACTION [before] -> [after]`, with `-` for a missing path.
    public var description: String {
        func p(_ path: IndexPath?) -> String {
            path.map { "[" + $0.map(String.init).joined(separator: ".") + "]" } ?? "-"
        }
        return "\(updateAction) \(p(indexPathBeforeUpdate)) -> \(p(indexPathAfterUpdate))"
    }
}
