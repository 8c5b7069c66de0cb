import CollectionLayout

/// A flow delegate that sizes every item from a table and may override section values.
@MainActor
package final class SizingDelegate: FlowLayoutDelegate {
    package var sizes: [[Size]]
    package var insets: [Int: EdgeInsets] = [:]
    package var lineSpacing: [Int: Double] = [:]
    package var interitemSpacing: [Int: Double] = [:]
    package var headers: [Int: Size] = [:]
    package var footers: [Int: Size] = [:]
    package var sizeQueries = 0

    package init(sizes: [[Size]]) { self.sizes = sizes }

    package func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        sizeQueries += 1
        return sizes[indexPath.section][indexPath.item]
    }
    package func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets {
        insets[section] ?? (collectionViewLayout as! FlowLayout).sectionInset
    }
    package func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> Double {
        lineSpacing[section] ?? (collectionViewLayout as! FlowLayout).minimumLineSpacing
    }
    package func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> Double {
        interitemSpacing[section] ?? (collectionViewLayout as! FlowLayout).minimumInteritemSpacing
    }
    package func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> Size {
        headers[section] ?? (collectionViewLayout as! FlowLayout).headerReferenceSize
    }
    package func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, referenceSizeForFooterInSection section: Int) -> Size {
        footers[section] ?? (collectionViewLayout as! FlowLayout).footerReferenceSize
    }
}

/// A flow delegate that overrides only section values, so items keep the uniform `itemSize`.
@MainActor
package final class SectionOnlyDelegate: FlowLayoutDelegate {
    package var insets: [Int: EdgeInsets] = [:]
    package var headers: [Int: Size] = [:]
    package init() {}
    package func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets {
        insets[section] ?? .zero
    }
    package func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> Size {
        headers[section] ?? .zero
    }
}
