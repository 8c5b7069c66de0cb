/// A view owned by the layout behind a section (`NSCollectionLayoutDecorationItem`): the
/// background of the whole section rectangle (its boundary items, insets and groups), less
/// ``contentInsets``. Register a decoration view for ``elementKind``. Its index path is
/// `[section, 0]`.
@MainActor
public final class DecorationItem {
    /// The decoration kind (`elementKind`).
    public let elementKind: String
    /// Space between the section's rectangle and the decoration (`contentInsets`).
    public var contentInsets = DirectionalEdgeInsets.zero
    /// Drawing order (`zIndex`). Default -1: below the cells.
    public var zIndex = -1

    private init(elementKind: String) { self.elementKind = elementKind }

    /// A section background (`background(elementKind:)`).
    public static func background(elementKind: String) -> DecorationItem {
        DecorationItem(elementKind: elementKind)
    }
}
