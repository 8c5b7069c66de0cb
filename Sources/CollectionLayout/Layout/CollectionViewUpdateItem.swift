import FoundationEssentials

/// One change of a batch update, as the layout sees it in `prepare(forCollectionViewUpdates:)`.
///
/// Paths follow UIKit's rules: `indexPathBeforeUpdate` is in the index space before the batch
/// (deletes, reloads, move sources), `indexPathAfterUpdate` in the space after it (inserts, move
/// destinations; a reload names both). A path with a single index names a whole section.
public struct CollectionViewUpdateItem: Hashable, Sendable, CustomStringConvertible {
    public enum Action: Hashable, Sendable {
        case insert, delete, reload, move, none
    }

    public let indexPathBeforeUpdate: IndexPath?
    public let indexPathAfterUpdate: IndexPath?
    public let updateAction: Action

    public init(action: Action, before: IndexPath?, after: IndexPath?) {
        self.updateAction = action
        self.indexPathBeforeUpdate = before
        self.indexPathAfterUpdate = after
    }

    /// True when the item names whole sections rather than items.
    public var isSectionUpdate: Bool {
        (indexPathBeforeUpdate ?? indexPathAfterUpdate)?.count == 1
    }

    public var description: String {
        func p(_ path: IndexPath?) -> String {
            path.map { "[" + $0.map(String.init).joined(separator: ".") + "]" } ?? "-"
        }
        return "\(updateAction) \(p(indexPathBeforeUpdate)) -> \(p(indexPathAfterUpdate))"
    }
}
