import CollectionLayout

/// Prefetching: when the prepared area moves, the items a viewport ahead of it (in the direction
/// of scrolling) are announced, and announcements the scroll turned away from are cancelled.
extension CollectionView {
    /// Announces what lies ahead of the prepared area; called when the area was prepared anew.
    func prefetchAhead() {
        guard isPrefetchingEnabled, let prefetchDataSource, let prepared = elements.preparedArea else { return }
        let (prefetch, cancel) = prefetcher.run(
            visible: bounds, prepared: prepared,
            isShown: { elements.view(for: .cell($0)) != nil },
            itemsIn: { rect in
                installedLayout.layoutAttributesForElements(in: rect)
                    .filter { $0.representedElementCategory == .cell && !$0.isHidden && isValidItem($0.indexPath) }
                    .map(\.indexPath)
            })
        work.runNow {
            if !cancel.isEmpty { prefetchDataSource.collectionView(self, cancelPrefetchingForItemsAt: cancel) }
            if !prefetch.isEmpty { prefetchDataSource.collectionView(self, prefetchItemsAt: prefetch) }
        }
    }

    /// Takes back every announcement (the index paths are about to mean other items).
    func cancelPrefetching() {
        let cancel = prefetcher.reset()
        guard !cancel.isEmpty, let prefetchDataSource else { return }
        work.runNow { prefetchDataSource.collectionView(self, cancelPrefetchingForItemsAt: cancel) }
    }
}
