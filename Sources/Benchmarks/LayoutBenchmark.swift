import CollectionLayout
import Foundation

/// Prepare and viewport-query costs of the flow layout, and its memory per item, from a
/// thousand to ten million items, uniform and varied sizes, one section and ten thousand.
@MainActor
enum LayoutBenchmark {
    /// A stand-in for the collection view: counts and a 1000x800 viewport.
    final class Host: CollectionViewLayoutHost {
        var counts: [Int]
        var bounds = Rect(x: 0, y: 0, width: 1000, height: 800)
        var layoutDelegate: AnyObject?
        init(counts: [Int], delegate: AnyObject?) { self.counts = counts; self.layoutDelegate = delegate }
        var numberOfSections: Int { counts.count }
        func numberOfItems(inSection section: Int) -> Int { counts[section] }
    }

    /// Varied sizes from arithmetic, so the delegate itself stores nothing.
    final class VariedSizes: FlowLayoutDelegate {
        func collectionView(_ collectionView: any CollectionViewLayoutHost, layout collectionViewLayout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> Size {
            let i = indexPath.item &+ indexPath.section &* 7
            return Size(width: Double(40 + (i &* 7919) % 60), height: Double(40 + (i &* 104_729) % 80))
        }
    }

    struct Case {
        var label: String
        var sections: Int
        var total: Int
        var varied: Bool
    }

    static func run(quick: Bool) {
        var cases: [Case] = []
        let sizes = quick ? [1_000, 100_000, 1_000_000] : [1_000, 100_000, 1_000_000, 10_000_000]
        for n in sizes { cases.append(Case(label: "uniform", sections: 1, total: n, varied: false)) }
        for n in sizes { cases.append(Case(label: "varied", sections: 1, total: n, varied: true)) }
        for n in [100_000, 1_000_000] {
            cases.append(Case(label: "uniform", sections: 10_000, total: n, varied: false))
            cases.append(Case(label: "varied", sections: 10_000, total: n, varied: true))
        }
        print("Flow layout, 1000x800 viewport, 50x50 items (varied: 40-100 x 40-120), spacing 10, headers 30")
        print("prepare: median of runs; query: median and p99 of 2000 viewport queries at random offsets\n")
        var rows: [[String]] = []
        for c in cases {
            rows.append(measure(c))
        }
        printTable(["items", "sizes", "sections", "prepare", "query med", "query p99", "elements", "bytes/item"], rows)
    }

    static func measure(_ c: Case) -> [String] {
        let per = c.total / c.sections
        let counts = Array(repeating: per, count: c.sections)
        let delegate: AnyObject? = c.varied ? VariedSizes() : nil
        let host = Host(counts: counts, delegate: delegate)

        let runs = c.total >= 1_000_000 && c.varied ? 3 : 7
        var prepareTimes: [Double] = []
        var bytesPerItem = 0.0
        var layout = FlowLayout()
        for run in 0..<runs {
            let fresh = FlowLayout()
            fresh.headerReferenceSize = Size(width: 0, height: 30)
            fresh.collectionView = host
            let heapBefore = heapBytesInUse()
            let start = now()
            fresh.prepareIfNeeded()
            prepareTimes.append(now() - start)
            if run == 0 {
                bytesPerItem = Double(max(heapBytesInUse() - heapBefore, fresh.preparedStorageByteCount)) / Double(c.total)
            }
            layout = fresh  // the previous one is freed here, outside the timed part
        }

        let content = layout.collectionViewContentSize
        var rng = SystemRandomNumberGenerator()
        var queryTimes: [Double] = []
        var returned = 0
        for _ in 0..<2000 {
            let y = Double.random(in: 0...max(0, content.height - 800), using: &rng)
            let rect = Rect(x: 0, y: y, width: 1000, height: 800)
            let start = now()
            let answer = layout.layoutAttributesForElements(in: rect)
            queryTimes.append(now() - start)
            returned += answer.count
        }
        return [formatCount(c.total), c.label, formatCount(c.sections), formatDuration(median(prepareTimes)),
                formatDuration(median(queryTimes)), formatDuration(percentile(queryTimes, 0.99)),
                String(returned / 2000), String(format: "%.1f", bytesPerItem)]
    }
}
