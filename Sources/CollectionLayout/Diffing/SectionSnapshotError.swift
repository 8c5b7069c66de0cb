/// Why a ``SectionSnapshot`` refused a change. UIKit's `NSDiffableDataSourceSectionSnapshot`
/// raises an exception for the same input; here every mutating operation throws this instead and
/// leaves the snapshot as it was.
///
/// The identifier is kept as its `String(describing:)`, so one error type serves snapshots of
/// any identifier type (as ``SnapshotError`` does).
public enum SectionSnapshotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An item identifier that is already in the snapshot, or given twice in one call: every
    /// item identifier must be unique in the whole tree.
    case duplicateItem(identifier: String)
    /// An item identifier that is not in the snapshot: a parent to append to, an item to insert
    /// before or after, or one to delete, expand, collapse or take a snapshot of.
    case unknownItem(identifier: String)
    /// An item that would end up under itself: it is the parent the new items go under, or one
    /// of that parent's ancestors (so it is in the snapshot already, and putting it there would
    /// make it its own descendant).
    case itemUnderItself(identifier: String)

    /// What is wrong, naming the identifier, in words like UIKit's exception messages.
    ///
    /// - Complexity: O(m) for an identifier description of length m.
    public var description: String {
        switch self {
        case .duplicateItem(let id): "Item identifiers must be unique: \(id) is already in the section snapshot or given twice"
        case .unknownItem(let id): "Invalid item identifier: \(id) is not in the section snapshot"
        case .itemUnderItself(let id): "An item cannot be its own descendant: \(id) would be placed under itself"
        }
    }

    static func duplicate(_ id: some Hashable) -> Self { .duplicateItem(identifier: String(describing: id)) }
    static func unknown(_ id: some Hashable) -> Self { .unknownItem(identifier: String(describing: id)) }
    static func underItself(_ id: some Hashable) -> Self { .itemUnderItself(identifier: String(describing: id)) }
}
