import CollectionLayout
import Foundation

/// The compositional layout against the flow layout on the same grid, without a display:
/// prepare, viewport queries at random offsets, and a scrolled frame's layout work; then
/// estimated heights at 100k items, measured as cells would be. The grid: 111x40 cells, nine a
/// row in a 1000x800 viewport, a 30-high header per section. The compositional one comes from
/// a section provider (a horizontal group of nine `fractionalWidth(1/9)` cells and a header).
@MainActor
enum CompositionalBenchmark {
    final class Host: CollectionViewLayoutHost {
        let counts: [Int]
        var bounds = Rect(x: 0, y: 0, width: 1000, height: 800)
        init(counts: [Int]) { self.counts = counts }
        var numberOfSections: Int { counts.count }
        func numberOfItems(inSection section: Int) -> Int { counts[section] }
        var layoutDelegate: AnyObject? { nil }
    }

    static let viewport = Size(width: 1000, height: 800)

    static func flow() -> CollectionViewLayout {
        let flow = FlowLayout()
        flow.itemSize = Size(width: 111, height: 40)
        flow.minimumInteritemSpacing = 0
        flow.minimumLineSpacing = 0
        flow.headerReferenceSize = Size(width: 0, height: 30)
        return flow
    }

    /// Nine cells a row (as many 111-wide as fit) and a header, from a provider; `estimated`:
    /// rows estimated 52 high.
    static func compositional(estimated: Bool = false, headers: Bool = true) -> CompositionalLayout {
        CompositionalLayout { _, environment in
            let height: LayoutDimension = estimated ? .estimated(52) : .absolute(40)
            let columns = max(1, Int(environment.container.effectiveContentSize.width / 111))
            let item = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1 / Double(columns)), heightDimension: height))
            let group = LayoutGroup.horizontal(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height),
                                               repeatingSubitem: item, count: columns)
            let section = LayoutSection(group: group)
            guard headers else { return section }
            section.boundarySupplementaryItems = [
                BoundarySupplementaryItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
                                          elementKind: ElementKind.sectionHeader, alignment: .top),
            ]
            return section
        }
    }

    /// An inset-grouped list with a title per section: rows estimated 50 high (not measured
    /// here), a separator under each row but the last and a card behind them.
    static func list() -> CompositionalLayout {
        var configuration = ListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        return CompositionalLayout.list(using: configuration)
    }

    struct Case {
        var layout: String
        var sections: Int
        var perSection: Int
        var make: @MainActor () -> CollectionViewLayout
    }

    static func run() {
        let cases = [
            Case(layout: "flow", sections: 100, perSection: 1_000, make: flow),
            Case(layout: "compositional", sections: 100, perSection: 1_000, make: { compositional() }),
            Case(layout: "flow", sections: 1_000, perSection: 1_000, make: flow),
            Case(layout: "compositional", sections: 1_000, perSection: 1_000, make: { compositional() }),
            Case(layout: "list", sections: 100, perSection: 1_000, make: list),
            Case(layout: "list", sections: 1_000, perSection: 1_000, make: list),
        ]
        print("Compositional layout (a section provider) against the flow layout, no display: 1000x800 viewport,")
        print("111x40 cells nine a row, a 30-high header per section; and an inset-grouped list (rows, their separators,")
        print("a card and a title per section). prepare: median of 7; query: median and p99 of")
        print("2000 viewport queries at random offsets; frame: a scrolled frame's layout work (bounds change,")
        print("invalidation, prepare, the strip that scrolled in), median and p99 of 2000 frames at 30 px a frame.\n")
        var rows: [[String]] = []
        var queries: [String: Double] = [:]
        for c in cases {
            let r = measure(c)
            queries["\(c.layout) \(c.sections)"] = r.queryMedian
            rows.append([c.layout, formatCount(c.sections), formatCount(c.sections * c.perSection), formatDuration(r.prepare),
                         formatDuration(r.queryMedian), formatDuration(r.queryP99), String(r.elements),
                         formatDuration(r.frameMedian), formatDuration(r.frameP99)])
        }
        printTable(["layout", "sections", "items", "prepare", "query med", "query p99", "elements", "frame med", "frame p99"], rows)
        if let small = queries["compositional 100"], let large = queries["compositional 1000"] {
            print(String(format: "\nCompositional query, 1M items against 100k: %.2fx (O(log n + k): close to 1)", large / small))
        }
        if let small = queries["list 100"], let large = queries["list 1000"] {
            print(String(format: "List query, 1M rows against 100k: %.2fx (O(log n + k): close to 1)", large / small))
        }
        estimated()
    }

    struct Result {
        var prepare = 0.0, queryMedian = 0.0, queryP99 = 0.0, frameMedian = 0.0, frameP99 = 0.0
        var elements = 0
    }

    static func measure(_ c: Case) -> Result {
        let host = Host(counts: Array(repeating: c.perSection, count: c.sections))
        var prepares: [Double] = []
        var layout = c.make()
        for _ in 0..<7 {
            let fresh = c.make()
            fresh.collectionView = host
            let start = now()
            fresh.prepareIfNeeded()
            prepares.append(now() - start)
            _ = fresh.takePendingInvalidation()
            layout = fresh
        }
        var result = Result()
        result.prepare = median(prepares)
        let content = layout.collectionViewContentSize
        var rng = SplitMix(seed: 42)
        var times: [Double] = []
        var returned = 0
        for _ in 0..<2000 {
            let y = rng.unit() * max(0, content.height - viewport.height)
            let start = now()
            returned += layout.layoutAttributesForElements(in: Rect(x: 0, y: y, width: viewport.width, height: viewport.height)).count
            times.append(now() - start)
        }
        result.queryMedian = median(times)
        result.queryP99 = percentile(times, 0.99)
        result.elements = returned / 2000

        // Scrolled frames from the middle: what the view asks of the layout each frame.
        var frames: [Double] = []
        var offset = content.height / 2
        for frame in 0..<2200 {
            let old = Rect(x: 0, y: offset, width: viewport.width, height: viewport.height)
            offset += frame % 400 < 200 ? 30 : -30
            let new = Rect(x: 0, y: offset, width: viewport.width, height: viewport.height)
            let start = now()
            host.bounds = new
            if layout.shouldInvalidateLayout(forBoundsChange: new) {
                layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: new))
            }
            _ = layout.takePendingInvalidation()
            layout.prepareIfNeeded()
            let strip = new.minY > old.minY ? Rect(x: 0, y: old.maxY, width: viewport.width, height: new.minY - old.minY)
                : Rect(x: 0, y: new.minY, width: viewport.width, height: old.minY - new.minY)
            _ = layout.layoutAttributesForElements(in: strip)
            if frame >= 200 { frames.append(now() - start) }
        }
        result.frameMedian = median(frames)
        result.frameP99 = percentile(frames, 0.99)
        return result
    }

    /// Estimated heights at 100k items (100 sections): prepare, then rows measured as the view
    /// measures cells (each 40 high against the 52 estimate, through the preferred-attributes
    /// invalidation), and viewport queries with measured rows scattered through the content.
    static func estimated() {
        let host = Host(counts: Array(repeating: 1_000, count: 100))
        let layout = compositional(estimated: true)
        layout.collectionView = host
        let start = now()
        layout.prepareIfNeeded()
        let prepare = now() - start
        _ = layout.takePendingInvalidation()
        var rng = SplitMix(seed: 7)
        var measureTimes: [Double] = []
        for _ in 0..<2000 {
            let path = IndexPath(item: Int(rng.unit() * 999), section: Int(rng.unit() * 99))
            guard let original = layout.layoutAttributesForItem(at: path) else { continue }
            let preferred = original.copy()
            preferred.frame.size.height = 40
            let began = now()
            if layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original) {
                layout.invalidateLayout(with: layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
                _ = layout.takePendingInvalidation()
                layout.prepareIfNeeded()
            }
            measureTimes.append(now() - began)
        }
        let content = layout.collectionViewContentSize
        var queryTimes: [Double] = []
        for _ in 0..<2000 {
            let y = rng.unit() * max(0, content.height - viewport.height)
            let began = now()
            _ = layout.layoutAttributesForElements(in: Rect(x: 0, y: y, width: viewport.width, height: viewport.height))
            queryTimes.append(now() - began)
        }
        print("\nEstimated heights (52, cells measure 40), 100 sections x 1,000 items: prepare \(formatDuration(prepare)); "
              + "a measurement (2000 at random) median \(formatDuration(median(measureTimes))), p99 \(formatDuration(percentile(measureTimes, 0.99))); "
              + "query with measured rows median \(formatDuration(median(queryTimes))), p99 \(formatDuration(percentile(queryTimes, 0.99)))")
    }

    /// A small seeded generator, so every run queries the same offsets.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    }
}
