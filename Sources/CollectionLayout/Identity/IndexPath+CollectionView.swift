import FoundationEssentials

// Foundation's IndexPath, with the `section` and `item` accessors UIKit adds on Apple
// platforms, so code written against UICollectionView reads the same here. Cells use two
// indexes (section, item); supplementary and decoration views may use longer paths whose
// first index is the section; a one-index path names a whole section in an update.
extension IndexPath {
    /// The path of `item` in `section`.
    @inlinable public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The first index: the section.
    @inlinable public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The second index: the item within its section.
    @inlinable public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}

@_exported import struct FoundationEssentials.IndexPath
