import FoundationEssentials

/// The identity of one element of a collection: its category, its kind (nil for cells) and
/// its index path. The view keys its visible views and the animator its tracks by it.
public struct ElementKey: Hashable, Sendable, CustomStringConvertible {
    public var category: ElementCategory
    public var kind: String?
    public var indexPath: IndexPath

    public init(category: ElementCategory, kind: String? = nil, indexPath: IndexPath) {
        self.category = category
        self.kind = category == .cell ? nil : kind
        self.indexPath = indexPath
    }

    public static func cell(_ indexPath: IndexPath) -> ElementKey {
        ElementKey(category: .cell, indexPath: indexPath)
    }

    public static func supplementary(_ kind: String, _ indexPath: IndexPath) -> ElementKey {
        ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath)
    }

    public static func decoration(_ kind: String, _ indexPath: IndexPath) -> ElementKey {
        ElementKey(category: .decorationView, kind: kind, indexPath: indexPath)
    }

    public var description: String {
        let path = indexPath.map(String.init).joined(separator: ".")
        if let kind { return "\(category) '\(kind)' at [\(path)]" }
        return "\(category) at [\(path)]"
    }
}
