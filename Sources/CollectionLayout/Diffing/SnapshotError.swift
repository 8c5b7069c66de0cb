/// Why a ``DiffableSnapshot`` refused a change. UIKit's `NSDiffableDataSourceSnapshot` raises an
/// exception for the same input; here every mutating operation throws this instead and leaves
/// the snapshot as it was.
///
/// The identifier is kept as its `String(describing:)`, so one error type serves snapshots of
/// any identifier types.
public enum SnapshotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An item identifier that is already in the snapshot, or given twice in one call: every
    /// item identifier must be unique across all sections.
    case duplicateItem(identifier: String)
    /// A section identifier that is already in the snapshot, or given twice in one call.
    case duplicateSection(identifier: String)
    /// An item identifier that is not in the snapshot.
    case unknownItem(identifier: String)
    /// A section identifier that is not in the snapshot.
    case unknownSection(identifier: String)
    /// `appendItems(_:toSection:)` without a section, on a snapshot that has no sections.
    case noSectionToAppendTo

    /// What is wrong, naming the identifier, in words like UIKit's exception messages.
    ///
    /// - Complexity: O(m) for an identifier description of length m.
    public var description: String {
        switch self {
        case .duplicateItem(let id): "Item identifiers must be unique: \(id) is already in the snapshot or given twice"
        case .duplicateSection(let id): "Section identifiers must be unique: \(id) is already in the snapshot or given twice"
        case .unknownItem(let id): "Invalid item identifier: \(id) is not in the snapshot"
        case .unknownSection(let id): "Invalid section identifier: \(id) is not in the snapshot"
        case .noSectionToAppendTo: "There are currently no sections in the snapshot to append items to"
        }
    }

    static func duplicate(item id: some Hashable) -> SnapshotError { .duplicateItem(identifier: String(describing: id)) }
    static func duplicate(section id: some Hashable) -> SnapshotError { .duplicateSection(identifier: String(describing: id)) }
    static func unknown(item id: some Hashable) -> SnapshotError { .unknownItem(identifier: String(describing: id)) }
    static func unknown(section id: some Hashable) -> SnapshotError { .unknownSection(identifier: String(describing: id)) }
}
