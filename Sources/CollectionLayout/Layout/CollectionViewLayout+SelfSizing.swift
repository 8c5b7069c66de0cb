/// Self-sizing: views measure themselves and the layout takes their sizes
/// (`preferredLayoutAttributesFitting(_:)` on the view's side).
///
/// When a view gets attributes from a layout whose ``CollectionViewLayout/selfSizingAxis`` is
/// not nil, the collection view asks the view for its preferred attributes (by default, GTK's
/// measure of the view along that axis at the frame's extent across it), then asks the layout
/// ``CollectionViewLayout/shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)``
/// and, when it says yes, invalidates it with
/// ``CollectionViewLayout/invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)``
/// in the same pass, before anything is drawn.
extension CollectionViewLayout {
    /// The element as named by `attributes`, as an index path of the context's kind.
    func name(_ attributes: LayoutAttributes, in context: InvalidationContext) {
        switch attributes.representedElementCategory {
        case .cell: context.invalidateItems(at: [attributes.indexPath])
        case .supplementaryView:
            context.invalidateSupplementaryElements(ofKind: attributes.representedElementKind ?? "", at: [attributes.indexPath])
        case .decorationView:
            context.invalidateDecorationElements(ofKind: attributes.representedElementKind ?? "", at: [attributes.indexPath])
        }
    }
}
