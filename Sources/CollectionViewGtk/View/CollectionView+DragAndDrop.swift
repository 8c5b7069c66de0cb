import CollectionLayout

extension CollectionView {
    /// The drag hovering the view, if any (tests).
    package var currentDropSession: DropSession? { dragAndDrop.session }
    /// The item an insert-into drop would go into (tests).
    package var dropTargetItem: IndexPath? { dragAndDrop.dropTargetItem }
}
