/// What kind of view an element is shown by (`UICollectionView.ElementCategory`).
public enum ElementCategory: UInt8, Hashable, Sendable, CustomStringConvertible {
    /// A cell: one item of the data source.
    case cell
    /// A supplementary view (a header, a footer...): data-driven, placed by the layout.
    case supplementaryView
    /// A decoration view: owned by the layout, tied to no data.
    case decorationView

    /// The category in words: "cell", "supplementary view" or "decoration view".
    public var description: String {
        switch self {
        case .cell: "cell"
        case .supplementaryView: "supplementary view"
        case .decorationView: "decoration view"
        }
    }
}
