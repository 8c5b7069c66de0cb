/// A view owned by the layout behind a section (`NSCollectionLayoutDecorationItem`): the
/// background of the whole section rectangle (its boundary items, insets and groups), or of
/// its groups alone (``extent``), less ``contentInsets``. Register a decoration view for
/// ``elementKind``. Its index path is `[section, 0]`.
@MainActor
public final class DecorationItem {
    /// The decoration kind (`elementKind`).
    public let elementKind: String
    /// Space between the section's rectangle and the decoration (`contentInsets`).
    public var contentInsets = DirectionalEdgeInsets.zero
    /// Drawing order (`zIndex`). Default -1: below the cells.
    public var zIndex = -1
    /// What it covers. Default ``DecorationExtent/section``, as in UIKit.
    public var extent = DecorationExtent.section

    private init(elementKind: String) { self.elementKind = elementKind }

    /// A section background (`background(elementKind:)`).
    public static func background(elementKind: String) -> DecorationItem {
        DecorationItem(elementKind: elementKind)
    }
}

/// What a section's background covers.
public enum DecorationExtent: Hashable, Sendable {
    /// The whole section: boundary items, insets and groups (UIKit's only choice).
    case section
    /// The section's groups alone: from the first group's start to the last one's end along
    /// the scroll direction, between the section's insets across it; nothing for a section
    /// with no items. A boxed list's card is this: around its rows, not its title.
    case groups
}
