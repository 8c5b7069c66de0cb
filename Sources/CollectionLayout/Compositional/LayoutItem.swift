/// The smallest piece of a compositional layout (`NSCollectionLayoutItem`): one cell, sized
/// by ``layoutSize`` within its group, with insets, edge spacing and supplementary items
/// (badges) anchored to it.
///
/// Items and groups are descriptions: a section's group is laid out for as many items as the
/// section has, so one item describes every cell it places.
@MainActor
open class LayoutItem {
    /// The space the item takes in its group (`layoutSize`).
    public let layoutSize: LayoutSize
    /// Space between the item's allotted room and its cell (`contentInsets`): the cell is the
    /// room less these insets. Leading is the left side in a left-to-right layout. Insets on an
    /// axis whose dimension is estimated are ignored, as in UIKit.
    public var contentInsets = DirectionalEdgeInsets.zero
    /// Space outside the item between it and its neighbours in the group (`edgeSpacing`).
    public var edgeSpacing: LayoutEdgeSpacing?
    /// Views anchored to each cell this item places, such as badges (`supplementaryItems`).
    public let supplementaryItems: [LayoutSupplementaryItem]

    /// An item of `layoutSize` with supplementary items anchored to it
    /// (`init(layoutSize:supplementaryItems:)`).
    public init(layoutSize: LayoutSize, supplementaryItems: [LayoutSupplementaryItem] = []) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
    }
}
