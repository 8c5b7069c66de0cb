import CollectionLayout
import Foundation
import GalleryLayouts

/// The layout's share of a scrolled frame, without a display, for layouts that invalidate on
/// every scroll: the flow layout with pinned headers (and footers) and the gallery's cover
/// flow. A frame does what the view's `handleScroll` and `layoutPass` do with the layout: new
/// bounds, the bounds-change invalidation, `takePendingInvalidation`, `prepareIfNeeded`, the
/// attributes of each element the context names, and the elements of the strip that scrolled
/// into view. The same scroll with a thousand items and with a million must cost the same and
/// ask for the same elements: nothing in a frame may grow with the item count.
@MainActor
enum LayoutScrollBenchmark {
    /// A stand-in for the collection view that counts how often the counts are read.
    final class Host: CollectionViewLayoutHost {
        let counts: [Int]
        var bounds: Rect
        var countReads = 0
        init(counts: [Int], viewport: Size) {
            self.counts = counts
            bounds = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        }
        var numberOfSections: Int { countReads += 1; return counts.count }
        func numberOfItems(inSection section: Int) -> Int { countReads += 1; return counts[section] }
        var layoutDelegate: AnyObject? { nil }
    }

    enum Kind {
        case flow(footers: Bool)
        case coverFlow
    }

    struct Case {
        var layout: String
        var kind: Kind
        /// Items per section; nil for one section.
        var perSection: Int?
    }

    static let viewport = Size(width: 1000, height: 800)
    static let step = 30.0  // points per frame
    static let frames = 2000
    static let rounds = 5
    static let warmUpFrames = 200
    /// The scroll goes this many frames each way from its start and back (a triangle wave), so
    /// the thousand-item content, a few thousand points tall, holds it too.
    static let swing = 36

    static func run() {
        let cases = [
            Case(layout: "flow, headers pinned", kind: .flow(footers: false), perSection: 100),
            Case(layout: "flow, headers+footers pinned", kind: .flow(footers: true), perSection: 100),
            Case(layout: "flow, headers pinned", kind: .flow(footers: false), perSection: nil),
            Case(layout: "flow, headers+footers pinned", kind: .flow(footers: true), perSection: nil),
            Case(layout: "cover flow", kind: .coverFlow, perSection: 100),
            Case(layout: "cover flow", kind: .coverFlow, perSection: nil),
        ]
        print("Layout work per scrolled frame, no display: 1000x800 viewport, \(Int(step)) points a frame,")
        print("\(rounds) rounds of \(frames) frames (each after \(warmUpFrames) untimed) swinging \(swing) frames each way from the middle of the content.")
        print("Flow: 50x50 items, spacing 10, headers (and footers) 30 high; cover flow: 220x220 cards 70 apart, scrolling sideways.")
        print("A frame: shouldInvalidateLayout(forBoundsChange:), invalidateLayout(with: invalidationContext(forBoundsChange:)),")
        print("takePendingInvalidation, prepareIfNeeded, layoutAttributes(for:) for each named element, and")
        print("layoutAttributesForElements(in:) for the strip that scrolled in. named/strip: elements asked for per frame")
        print("(mean); same: whether 1k and 1M asked for the same elements frame by frame")
        print("(relative to the start's section or item); reads: counts read while scrolling.\n")
        var rows: [[String]] = []
        var failures: [String] = []
        for c in cases {
            var small = Result(), large = Result()
            for round in 0..<rounds {  // alternating, so a busy moment of the machine hits both
                measure(c, total: 1_000, into: &small, recordKeys: round == 0)
                measure(c, total: 1_000_000, into: &large, recordKeys: round == 0)
            }
            let sections = c.perSection.map { "\(formatCount(1_000 / $0))/\(formatCount(1_000_000 / $0))" } ?? "1"
            let same = small.asked == large.asked
            if !same { failures.append("\(c.layout) (\(sections) sections): 1k and 1M asked for different elements") }
            if small.countReads + large.countReads > 0 { failures.append("\(c.layout) (\(sections) sections): counts read while scrolling") }
            if small.fullFrames + large.fullFrames > 0 { failures.append("\(c.layout) (\(sections) sections): a scroll invalidated everything") }
            rows.append([c.layout, sections,
                         formatDuration(median(small.times)), formatDuration(percentile(small.times, 0.99)),
                         formatDuration(median(large.times)), formatDuration(percentile(large.times, 0.99)),
                         String(format: "%.2f", median(large.times) / median(small.times)),
                         String(format: "%.2f", percentile(large.times, 0.99) / percentile(small.times, 0.99)),
                         String(format: "%.1f", small.meanNamed), String(format: "%.1f", small.meanStrip),
                         same ? "yes" : "NO", "\(small.countReads)/\(large.countReads)"])
        }
        printTable(["layout", "sections", "1k med", "1k p99", "1M med", "1M p99", "med 1M/1k", "p99 1M/1k",
                    "named", "strip", "same", "reads"], rows)
        if !failures.isEmpty {
            print("")
            failures.forEach { print("FAILED: " + $0) }
            exit(1)
        }
    }

    struct Result {
        var times: [Double] = []
        /// Per timed frame of the first round: the elements asked for (named, then strip), as
        /// keys relative to the start's item, so the thousand and the million compare.
        var asked: [[String]] = []
        var countReads = 0
        /// Frames whose context invalidated everything (none should).
        var fullFrames = 0
        var named = 0
        var strip = 0
        var meanNamed: Double { Double(named) / Double(times.count) }
        var meanStrip: Double { Double(strip) / Double(times.count) }
    }

    static func makeLayout(_ c: Case) -> CollectionViewLayout {
        switch c.kind {
        case .flow(let footers):
            let flow = FlowLayout()
            flow.headerReferenceSize = Size(width: 0, height: 30)
            flow.sectionHeadersPinToVisibleBounds = true
            if footers {
                flow.footerReferenceSize = Size(width: 0, height: 30)
                flow.sectionFootersPinToVisibleBounds = true
            }
            return flow
        case .coverFlow:
            return CoverFlowLayout()
        }
    }

    static func measure(_ c: Case, total: Int, into result: inout Result, recordKeys: Bool) {
        let counts = c.perSection.map { Array(repeating: $0, count: total / $0) } ?? [total]
        let host = Host(counts: counts, viewport: viewport)
        let layout = makeLayout(c)
        layout.collectionView = host
        layout.prepareIfNeeded()
        _ = layout.takePendingInvalidation()

        // Start where the middle item (the first of the middle section) is near the top or the
        // left, so the thousand and the million see the same rows and sections go by.
        let vertical: Bool
        if case .coverFlow = c.kind { vertical = false } else { vertical = true }
        let middle = c.perSection.map { _ in IndexPath(item: 0, section: counts.count / 2) }
            ?? IndexPath(item: total / 2 - (total / 2) % itemsPerRow(layout), section: 0)
        let start: Double
        if vertical {
            start = (layout.layoutAttributesForItem(at: middle)?.frame.minY ?? 0) - 100
        } else {
            start = (layout.layoutAttributesForItem(at: middle)?.frame.midX ?? 0) - viewport.width / 2
        }
        func origin(_ offset: Double) -> Point { vertical ? Point(x: 0, y: offset) : Point(x: offset, y: 0) }
        host.bounds = Rect(origin: origin(start), size: viewport)
        _ = layout.layoutAttributesForElements(in: host.bounds)  // the first pass fills the viewport

        func relative(_ key: ElementKey) -> String {
            let path = key.indexPath
            let section = path.isEmpty ? 0 : path[0] - middle.section
            let item = path.count > 1 ? path[1] - (key.category == .cell && path[0] == middle.section ? middle.item : 0) : 0
            return "\(key.category) \(key.kind ?? "") \(section) \(item)"
        }
        var named = 0, strip = 0
        let readsBefore = host.countReads
        for frame in 0..<(warmUpFrames + frames) {
            let offset = start + step * Double(triangle(frame + 1))
            let old = host.bounds
            let new = Rect(origin: origin(offset), size: viewport)
            let began = now()
            // handleScroll: the bounds change.
            host.bounds = new
            if layout.shouldInvalidateLayout(forBoundsChange: new) {
                layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: new))
            }
            // layoutPass: the context, prepare, the named elements, then what scrolled in.
            let context = layout.takePendingInvalidation()
            layout.prepareIfNeeded()
            var keys: [ElementKey] = []
            if let context, !context.invalidatesAll {
                for key in context.invalidatedElementKeys where layout.layoutAttributes(for: key) != nil {
                    keys.append(key)
                }
            }
            if context?.invalidatesAll == true && frame >= warmUpFrames { result.fullFrames += 1 }
            let namedCount = keys.count
            let revealed = context?.invalidatesAll == true ? new : revealedStrip(old: old, new: new, vertical: vertical)
            keys.append(contentsOf: layout.layoutAttributesForElements(in: revealed).map(\.elementKey))
            let elapsed = now() - began
            if frame >= warmUpFrames {
                result.times.append(elapsed)
                if recordKeys { result.asked.append(keys.map(relative)) }
                named += namedCount
                strip += keys.count - namedCount
            }
        }
        result.countReads += host.countReads - readsBefore
        result.named += named
        result.strip += strip
    }

    /// 0, 1, ... swing, swing - 1, ... -swing, ... 0: the frame's offset from the start, in steps.
    static func triangle(_ frame: Int) -> Int {
        let period = 4 * swing
        let phase = frame % period
        if phase <= swing { return phase }
        if phase <= 3 * swing { return 2 * swing - phase }
        return phase - period
    }

    /// The part of `new` that `old` did not show: a strip one step deep at the edge the scroll
    /// moved towards.
    static func revealedStrip(old: Rect, new: Rect, vertical: Bool) -> Rect {
        if vertical {
            let delta = new.minY - old.minY
            return delta >= 0 ? Rect(x: new.minX, y: old.maxY, width: new.width, height: delta)
                : Rect(x: new.minX, y: new.minY, width: new.width, height: -delta)
        }
        let delta = new.minX - old.minX
        return delta >= 0 ? Rect(x: old.maxX, y: new.minY, width: delta, height: new.height)
            : Rect(x: new.minX, y: new.minY, width: -delta, height: new.height)
    }

    /// Items in a row of the flow layout (1 for others): those that share the first item's top.
    static func itemsPerRow(_ layout: CollectionViewLayout) -> Int {
        guard layout is FlowLayout, let first = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) else { return 1 }
        var n = 1
        while let next = layout.layoutAttributesForItem(at: IndexPath(item: n, section: 0)), next.frame.minY == first.frame.minY { n += 1 }
        return n
    }
}
