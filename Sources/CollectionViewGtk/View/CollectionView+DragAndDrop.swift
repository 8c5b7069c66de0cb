import CollectionLayout

extension CollectionView {
    /// Opens a gap at `indexPath` for a drop hovering the view, or closes it (nil).
    ///
    /// A placeholder until the display mapping of interactive movement lands: it only records
    /// the index path in ``dropGapIndexPath``; the merge wires it to the mapping's placeholder
    /// gap. Drop handling calls it whenever the gap should move, open or close.
    func setDropGap(at indexPath: IndexPath?) {
        dropGapIndexPath = indexPath
    }

    /// The drag hovering the view, if any (tests).
    package var currentDropSession: DropSession? { dragAndDrop?.session }
    /// The item an insert-into drop would go into (tests).
    package var dropTargetItem: IndexPath? { dragAndDrop?.dropTargetItem }
}
