import CollectionLayout

/// The app code that ends what the view does for a click or a key (did-select, did-deselect,
/// the primary action, the context menu of an item a right-click selects) runs where an update
/// it makes lands at once. Work that earlier steps of the same input asked for lands first, so
/// the index path the app gets is the one its item has by then.
extension CollectionView {
    /// Follows `indexPath` through `body`: batch updates that land meanwhile move it (as they move
    /// the selection). Returns where the item is after `body`, or nil when it went (or, after a
    /// reload, when the path no longer names an item).
    func following(_ indexPath: IndexPath, through body: () -> Void) -> IndexPath? {
        selection.followed.append(indexPath)
        body()
        let now = selection.followed.removeLast()
        return now.flatMap { isValidItem($0) ? $0 : nil }
    }

    /// Calls app code about one item as the last step of a click or a key, at a safe point: work
    /// that earlier callbacks of the same input queued (a did-deselect's `apply`) runs first,
    /// then `call` gets the item where it is now, and work it asks for runs at once, as in UIKit.
    /// Not called when the queued work removed the item. Inside a loop of the view (a rubber
    /// band, a range) it is a callback like any other: nothing runs first and its work waits.
    func callAtSafePoint(about indexPath: IndexPath, _ call: (IndexPath) -> Void) {
        guard let path = following(indexPath, through: { work.runQueuedWorkAtSafePoint() }) else { return }
        work.runAtSafePoint { call(path) }
    }
}
