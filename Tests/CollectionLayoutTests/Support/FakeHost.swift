import CollectionLayout

/// A collection view stand-in: fixed counts and bounds, an optional delegate, and a count of
/// the invalidations it was told about.
@MainActor
final class FakeHost: CollectionViewLayoutHost {
    var counts: [Int]
    var bounds: Rect
    var layoutDelegate: AnyObject?
    var invalidations = 0

    init(counts: [Int], bounds: Rect, delegate: AnyObject? = nil) {
        self.counts = counts
        self.bounds = bounds
        self.layoutDelegate = delegate
    }

    var numberOfSections: Int { counts.count }
    func numberOfItems(inSection section: Int) -> Int { counts[section] }
    func layoutDidInvalidate(_ layout: CollectionViewLayout) { invalidations += 1 }
}

/// Installs `layout` in `host` and runs a layout pass.
@MainActor
func prepared<L: CollectionViewLayout>(_ layout: L, in host: FakeHost) -> L {
    layout.collectionView = host
    layout.invalidateLayout()
    layout.prepareIfNeeded()
    return layout
}

/// Rectangles equal to within rounding.
func nearlyEqual(_ a: Rect, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}
