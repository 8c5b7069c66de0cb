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

/// A small deterministic generator so random tests can print and replay their seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Rectangles equal to within rounding.
func nearlyEqual(_ a: Rect, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}
