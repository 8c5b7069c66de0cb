import CollectionLayout

/// A collection view stand-in: fixed counts and bounds, an optional delegate, and a count of
/// the invalidations it was told about.
@MainActor
package final class FakeHost: CollectionViewLayoutHost {
    package var counts: [Int]
    package var bounds: Rect
    package var layoutDelegate: AnyObject?
    package var invalidations = 0

    package init(counts: [Int], bounds: Rect, delegate: AnyObject? = nil) {
        self.counts = counts
        self.bounds = bounds
        self.layoutDelegate = delegate
    }

    package var numberOfSections: Int { counts.count }
    package func numberOfItems(inSection section: Int) -> Int { counts[section] }
    package func layoutDidInvalidate(_ layout: CollectionViewLayout) { invalidations += 1 }
}

/// Installs `layout` in `host` and runs a layout pass.
@MainActor
package func prepared<L: CollectionViewLayout>(_ layout: L, in host: FakeHost) -> L {
    layout.collectionView = host
    layout.invalidateLayout()
    layout.prepareIfNeeded()
    return layout
}

/// Rectangles equal to within rounding.
package func nearlyEqual(_ a: Rect, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}
