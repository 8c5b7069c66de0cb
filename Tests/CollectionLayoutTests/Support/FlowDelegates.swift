import CollectionLayout

/// A flow delegate that sizes every item from a table and may override section values.
@MainActor
final class SizingDelegate: FlowLayoutDelegate {
    var sizes: [[Size]]
    var insets: [Int: EdgeInsets] = [:]
    var lineSpacing: [Int: Double] = [:]
    var interitemSpacing: [Int: Double] = [:]
    var headers: [Int: Size] = [:]
    var footers: [Int: Size] = [:]
    var sizeQueries = 0

    init(sizes: [[Size]]) { self.sizes = sizes }

    func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        sizeQueries += 1
        return sizes[indexPath.section][indexPath.item]
    }
    func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets {
        insets[section] ?? (collectionViewLayout as! FlowLayout).sectionInset
    }
    func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> Double {
        lineSpacing[section] ?? (collectionViewLayout as! FlowLayout).minimumLineSpacing
    }
    func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> Double {
        interitemSpacing[section] ?? (collectionViewLayout as! FlowLayout).minimumInteritemSpacing
    }
    func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> Size {
        headers[section] ?? (collectionViewLayout as! FlowLayout).headerReferenceSize
    }
    func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, referenceSizeForFooterInSection section: Int) -> Size {
        footers[section] ?? (collectionViewLayout as! FlowLayout).footerReferenceSize
    }
}

/// A flow delegate that overrides only section values, so items keep the uniform `itemSize`.
@MainActor
final class SectionOnlyDelegate: FlowLayoutDelegate {
    var insets: [Int: EdgeInsets] = [:]
    var headers: [Int: Size] = [:]
    func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets {
        insets[section] ?? .zero
    }
    func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> Size {
        headers[section] ?? .zero
    }
}
