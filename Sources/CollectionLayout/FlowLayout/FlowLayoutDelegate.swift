import FoundationEssentials

/// Per-item and per-section values for a `FlowLayout` (`UICollectionViewDelegateFlowLayout`).
/// The flow layout finds it as the collection view's delegate. Every method is optional: the
/// defaults return the layout's own properties.
@MainActor
public protocol FlowLayoutDelegate: AnyObject {
    /// The size of one item. Leave it out to use `itemSize` everywhere: then the layout does no
    /// per-item work at all, whatever the item count.
    func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath) -> Size
    func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        insetForSectionAt section: Int) -> EdgeInsets
    func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int) -> Double
    func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int) -> Double
    func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForHeaderInSection section: Int) -> Size
    func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForFooterInSection section: Int) -> Size
}

extension FlowLayoutDelegate {
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

    public func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        insetForSectionAt section: Int
    ) -> EdgeInsets {
        (collectionViewLayout as? FlowLayout)?.sectionInset ?? .zero
    }

    public func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> Double {
        (collectionViewLayout as? FlowLayout)?.minimumLineSpacing ?? 0
    }

    public func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> Double {
        (collectionViewLayout as? FlowLayout)?.minimumInteritemSpacing ?? 0
    }

    public func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> Size {
        (collectionViewLayout as? FlowLayout)?.headerReferenceSize ?? .zero
    }

    public func collectionView(
        _ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> Size {
        (collectionViewLayout as? FlowLayout)?.footerReferenceSize ?? .zero
    }
}
