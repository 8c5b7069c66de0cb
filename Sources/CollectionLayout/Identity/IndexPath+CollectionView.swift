import FoundationEssentials

/// Foundation's `IndexPath`, with the `section` and `item` accessors UIKit adds on Apple
/// platforms, so code written against `UICollectionView` reads the same here.
///
/// Cells use two indexes (section, item); supplementary and decoration views may use longer
/// paths whose first index is the section; a one-index path (`IndexPath(index: 2)`) names a
/// whole section in a ``CollectionViewUpdateItem``. This module re-exports `IndexPath`, so
/// `import CollectionLayout` is enough to use it.
extension IndexPath {
    /// The path of `item` in `section` (`IndexPath(item:section:)`).
    @inlinable public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The first index: the section. The path must not be empty.
    @inlinable public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The second index: the item within its section. The path must have two indexes at least.
    @inlinable public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}

@_exported import struct FoundationEssentials.IndexPath
