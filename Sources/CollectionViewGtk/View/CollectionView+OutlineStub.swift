import CollectionLayout

// A stand-in until part 2 of issue 33 (the outline in the view) is merged; the lead deletes
// this file at the merge, where the view's own `outlineStateDidChange(at:)` replaces it.
extension CollectionView {
    /// Tells the view that the items at `indexPaths` were expanded or collapsed (no-op here).
    package func outlineStateDidChange(at indexPaths: [IndexPath]) {}
}
