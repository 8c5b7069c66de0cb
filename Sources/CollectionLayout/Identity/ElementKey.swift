import FoundationEssentials

/// The identity of one element of a collection: its category, its kind (nil for cells) and
/// its index path. The view keys its visible views and the animator its tracks by it.
///
/// UIKit has no single type for this; it is what `UICollectionViewLayoutAttributes`'
/// `representedElementCategory`, `representedElementKind` and `indexPath` say together
/// (see ``LayoutAttributes/elementKey``).
public struct ElementKey: Hashable, Sendable, CustomStringConvertible {
    /// Whether the element is a cell, a supplementary view or a decoration view.
    public var category: ElementCategory
    /// The supplementary or decoration kind, such as ``ElementKind/sectionHeader``; nil for cells.
    public var kind: String?
    /// The element's index path: (section, item) for cells; for other elements, a path whose
    /// first index is the section.
    public var indexPath: IndexPath

    /// The key of an element. A cell's key has no kind, whatever `kind` says.
    public init(category: ElementCategory, kind: String? = nil, indexPath: IndexPath) {
        self.category = category
        self.kind = category == .cell ? nil : kind
        self.indexPath = indexPath
    }

    /// The key of the cell at `indexPath`.
    public static func cell(_ indexPath: IndexPath) -> ElementKey {
        ElementKey(category: .cell, indexPath: indexPath)
    }

    /// The key of the supplementary view of `kind` at `indexPath`.
    public static func supplementary(_ kind: String, _ indexPath: IndexPath) -> ElementKey {
        ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath)
    }

    /// The key of the decoration view of `kind` at `indexPath`.
    public static func decoration(_ kind: String, _ indexPath: IndexPath) -> ElementKey {
        ElementKey(category: .decorationView, kind: kind, indexPath: indexPath)
    }

    /// The element in words, such as `supplementary view 'section-header' at [2.0]`.
    public var description: String {
        let path = indexPath.map(String.init).joined(separator: ".")
        if let kind { return "\(category) '\(kind)' at [\(path)]" }
        return "\(category) at [\(path)]"
    }
}
