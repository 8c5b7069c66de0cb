/// The appearing and disappearing attributes of any element, by its key: one entry point over
/// UIKit's three per-category methods, for code that handles elements of every category alike
/// (the update record, the view's animations).
extension CollectionViewLayout {
    /// Where an element that appears in an update starts: the layout's
    /// `initialLayoutAttributesForAppearingItem(at:)`,
    /// `initialLayoutAttributesForAppearingSupplementaryElement(ofKind:at:)` or
    /// `initialLayoutAttributesForAppearingDecorationElement(ofKind:at:)`, by the key's category.
    ///
    /// - Parameter key: the element's key after the update.
    /// - Returns: the start attributes, or nil when the layout has none.
    public func initialLayoutAttributesForAppearingElement(_ key: ElementKey) -> LayoutAttributes? {
        switch key.category {
        case .cell: initialLayoutAttributesForAppearingItem(at: key.indexPath)
        case .supplementaryView: initialLayoutAttributesForAppearingSupplementaryElement(ofKind: key.kind ?? "", at: key.indexPath)
        case .decorationView: initialLayoutAttributesForAppearingDecorationElement(ofKind: key.kind ?? "", at: key.indexPath)
        }
    }

    /// Where an element that disappears in an update ends: the layout's
    /// `finalLayoutAttributesForDisappearingItem(at:)`,
    /// `finalLayoutAttributesForDisappearingSupplementaryElement(ofKind:at:)` or
    /// `finalLayoutAttributesForDisappearingDecorationElement(ofKind:at:)`, by the key's category.
    ///
    /// - Parameter key: the element's key before the update.
    /// - Returns: the end attributes, in the coordinates before the update, or nil when the
    ///   layout has none.
    public func finalLayoutAttributesForDisappearingElement(_ key: ElementKey) -> LayoutAttributes? {
        switch key.category {
        case .cell: finalLayoutAttributesForDisappearingItem(at: key.indexPath)
        case .supplementaryView: finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: key.kind ?? "", at: key.indexPath)
        case .decorationView: finalLayoutAttributesForDisappearingDecorationElement(ofKind: key.kind ?? "", at: key.indexPath)
        }
    }
}
