import FoundationEssentials

/// Per-item and per-section values for a `FlowLayout` (`UICollectionViewDelegateFlowLayout`).
/// The flow layout finds it as the collection view's delegate. Every method is optional: the
/// defaults return the layout's own properties.
///
/// The methods take the collection view as `any CollectionViewLayoutHost`, since this module
/// does not know the GTK view; cast it when you need the view itself. A delegate that answers
/// per-section values only (insets, spacings, header sizes) keeps the layout's fast path
/// for uniform items; implementing ``collectionView(_:layout:sizeForItemAt:)`` makes
/// `prepare()` visit every item.
@MainActor
public protocol FlowLayoutDelegate: AnyObject {
    /// The size of one item. Leave it out to use `itemSize` everywhere: then the layout does no
    /// per-item work at all, whatever the item count.
    ///
    /// - Complexity: When implemented, the layout calls it once per item in every `prepare()`.
    func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath) -> Size
    /// The inset around the items of `section` (not around its header and footer); overrides
    /// ``FlowLayout/sectionInset``.
    func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        insetForSectionAt section: Int) -> EdgeInsets
    /// The minimum gap between the lines of `section`; overrides
    /// ``FlowLayout/minimumLineSpacing``.
    func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int) -> Double
    /// The minimum gap between items on a line of `section`; overrides
    /// ``FlowLayout/minimumInteritemSpacing``.
    func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int) -> Double
    /// The size of the header of `section`; only its extent in the scroll direction counts,
    /// zero means no header. Overrides ``FlowLayout/headerReferenceSize``.
    func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForHeaderInSection section: Int) -> Size
    /// The size of the footer of `section`; only its extent in the scroll direction counts,
    /// zero means no footer. Overrides ``FlowLayout/footerReferenceSize``.
    func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForFooterInSection section: Int) -> Size
}

extension FlowLayoutDelegate {
    /// The layout's ``FlowLayout/itemSize``. This default also tells the layout that the
    /// delegate does not size items, so the layout stops asking.
    public func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> Size {
        // Only this default runs when a delegate leaves the method out: it tells the layout
        // so, and the layout then treats every item as `itemSize` without asking again.
        guard let flow = collectionViewLayout as? FlowLayout else { return .zero }
        flow.delegateSizesItems = false
        return flow.itemSize
    }

    /// The layout's ``FlowLayout/sectionInset``.
    public func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        insetForSectionAt section: Int
    ) -> EdgeInsets {
        (collectionViewLayout as? FlowLayout)?.sectionInset ?? .zero
    }

    /// The layout's ``FlowLayout/minimumLineSpacing``.
    public func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> Double {
        (collectionViewLayout as? FlowLayout)?.minimumLineSpacing ?? 0
    }

    /// The layout's ``FlowLayout/minimumInteritemSpacing``.
    public func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> Double {
        (collectionViewLayout as? FlowLayout)?.minimumInteritemSpacing ?? 0
    }

    /// The layout's ``FlowLayout/headerReferenceSize``.
    public func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> Size {
        (collectionViewLayout as? FlowLayout)?.headerReferenceSize ?? .zero
    }

    /// The layout's ``FlowLayout/footerReferenceSize``.
    public func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> Size {
        (collectionViewLayout as? FlowLayout)?.footerReferenceSize ?? .zero
    }
}
