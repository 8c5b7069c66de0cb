import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// Over many random configurations, rectangle queries return exactly what a scan of every
/// element finds, and agree with the per-element queries.
@Suite @MainActor
struct FlowLayoutQueryTests {
    struct Config {
        var counts: [Int]
        var bounds: Rect
        var layout: FlowLayout
        var delegate: SizingDelegate?
    }

    static func randomConfig(_ rng: inout SplitMix64, varied: Bool) -> Config {
        let layout = FlowLayout()
        layout.scrollDirection = Bool.random(using: &rng) ? .vertical : .horizontal
        layout.itemSize = Size(width: Double(Int.random(in: 1...120, using: &rng)), height: Double(Int.random(in: 1...120, using: &rng)))
        layout.minimumLineSpacing = Double(Int.random(in: 0...20, using: &rng))
        layout.minimumInteritemSpacing = Double(Int.random(in: 0...20, using: &rng)) / 2
        layout.sectionInset = EdgeInsets(top: Double(Int.random(in: 0...15, using: &rng)), left: Double(Int.random(in: 0...15, using: &rng)),
                                         bottom: Double(Int.random(in: 0...15, using: &rng)), right: Double(Int.random(in: 0...15, using: &rng)))
        if Bool.random(using: &rng) { layout.headerReferenceSize = Size(width: Double.random(in: 0...40, using: &rng), height: Double.random(in: 0...40, using: &rng)) }
        if Bool.random(using: &rng) { layout.footerReferenceSize = Size(width: Double.random(in: 0...40, using: &rng), height: Double.random(in: 0...40, using: &rng)) }
        let counts = (0..<Int.random(in: 0...12, using: &rng)).map { _ in Int.random(in: 0...60, using: &rng) }
        let bounds = Rect(x: 0, y: 0, width: Double(Int.random(in: 30...700, using: &rng)), height: Double(Int.random(in: 30...700, using: &rng)))
        var delegate: SizingDelegate?
        if varied {
            let d = SizingDelegate(sizes: counts.map { n in
                (0..<n).map { _ in Size(width: Double.random(in: 1...150, using: &rng).rounded(), height: Double.random(in: 1...150, using: &rng).rounded()) }
            })
            for s in counts.indices where Bool.random(using: &rng) {
                d.lineSpacing[s] = Double(Int.random(in: 0...30, using: &rng))
                d.headers[s] = Size(width: 25, height: 25)
            }
            delegate = d
        }
        return Config(counts: counts, bounds: bounds, layout: layout, delegate: delegate)
    }

    /// Every element, by asking for each one.
    static func everyElement(_ layout: FlowLayout, _ counts: [Int]) -> [LayoutAttributes] {
        var all: [LayoutAttributes] = []
        for (s, n) in counts.enumerated() {
            for kind in [FlowLayout.elementKindSectionHeader, FlowLayout.elementKindSectionFooter] {
                if let a = layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: s)) { all.append(a) }
            }
            for i in 0..<n { all.append(layout.layoutAttributesForItem(at: IndexPath(item: i, section: s))!) }
        }
        return all
    }

    @Test(arguments: [false, true])
    func rectQueriesMatchAScan(varied: Bool) {
        let seed: UInt64 = varied ? 0xF10E_0002 : 0xF10E_0001
        var rng = SplitMix64(seed: seed)
        for round in 0..<150 {
            let config = Self.randomConfig(&rng, varied: varied)
            let host = FakeHost(counts: config.counts, bounds: config.bounds, delegate: config.delegate)
            let layout = prepared(config.layout, in: host)
            let all = Self.everyElement(layout, config.counts)
            let content = layout.collectionViewContentSize
            for _ in 0..<20 {
                let x = Double.random(in: -50...(content.width + 50), using: &rng).rounded()
                let y = Double.random(in: -50...(content.height + 50), using: &rng).rounded()
                let rect = Rect(x: x, y: y, width: Double.random(in: 1...600, using: &rng), height: Double.random(in: 1...600, using: &rng))
                let expected = Dictionary(uniqueKeysWithValues: all.filter { $0.frame.intersects(rect) }.map { ($0.elementKey, $0.frame) })
                let answer = layout.layoutAttributesForElements(in: rect)
                let got = Dictionary(answer.map { ($0.elementKey, $0.frame) }, uniquingKeysWith: { a, _ in a })
                #expect(answer.count == got.count, "duplicates in the answer (seed \(seed), round \(round))")
                #expect(got == expected, "seed \(seed) round \(round) rect \(rect): missing \(Set(expected.keys).subtracting(got.keys).sorted { $0.description < $1.description }.prefix(3)), extra \(Set(got.keys).subtracting(expected.keys).sorted { $0.description < $1.description }.prefix(3))")
                if got != expected { return }
            }
            // The whole content, queried at once, is every element.
            let everything = layout.layoutAttributesForElements(in: Rect(x: -1, y: -1, width: content.width + 2, height: content.height + 2))
            #expect(everything.count == all.filter { !$0.frame.isEmpty }.count, "seed \(seed) round \(round)")
        }
    }

    /// The line rules, checked on every line of random layouts: items keep at least the minimum
    /// spacing, stay inside the section's insets when they fit, and lines do not overlap.
    @Test func linesKeepTheirSpacingAndInsets() {
        var rng = SplitMix64(seed: 0xF10E_0003)
        for round in 0..<150 {
            let config = Self.randomConfig(&rng, varied: true)
            let host = FakeHost(counts: config.counts, bounds: config.bounds, delegate: config.delegate)
            let layout = prepared(config.layout, in: host)
            let vertical = layout.scrollDirection == .vertical
            let along = vertical ? config.bounds.width : config.bounds.height
            for (s, n) in config.counts.enumerated() where n > 0 {
                let frames = (0..<n).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: s))!.frame }
                for i in 1..<max(1, n) {
                    let (a, b) = (frames[i - 1], frames[i])
                    // Items on one line are centred on it, so their ranges across the lines overlap.
                    let sameLine = vertical ? b.minY < a.maxY : b.minX < a.maxX
                    let inset = config.layout.sectionInset
                    let lineSpacing = config.delegate?.lineSpacing[s] ?? config.layout.minimumLineSpacing
                    if sameLine {
                        let gap = vertical ? b.minX - a.maxX : b.minY - a.maxY
                        #expect(gap >= config.layout.minimumInteritemSpacing - 1e-6, "round \(round) section \(s) item \(i): gap \(gap)")
                        let end = vertical ? b.maxX : b.maxY
                        let fits = (vertical ? b.width : b.height) <= along - (vertical ? inset.left + inset.right : inset.top + inset.bottom)
                        #expect(!fits || end <= along - (vertical ? inset.right : inset.bottom) + 1e-6, "round \(round): item \(i) past the inset")
                    } else {
                        // A new line starts at least the line spacing after the items above it.
                        let previousEnd = frames[..<i].map { vertical ? $0.maxY : $0.maxX }.max()!
                        let start = vertical ? b.minY : b.minX
                        #expect(start >= previousEnd + lineSpacing - 1e-6, "round \(round) section \(s) item \(i)")
                    }
                }
            }
        }
    }

    /// A delegate that sizes every item `itemSize` gives the frames of the uniform path.
    @Test func variedPathAgreesWithUniformPath() {
        var rng = SplitMix64(seed: 0xF10E_0004)
        for round in 0..<100 {
            let config = Self.randomConfig(&rng, varied: false)
            let uniform = prepared(config.layout, in: FakeHost(counts: config.counts, bounds: config.bounds))
            let twin = FlowLayout()
            twin.scrollDirection = uniform.scrollDirection
            twin.itemSize = uniform.itemSize
            twin.minimumLineSpacing = uniform.minimumLineSpacing
            twin.minimumInteritemSpacing = uniform.minimumInteritemSpacing
            twin.sectionInset = uniform.sectionInset
            twin.headerReferenceSize = uniform.headerReferenceSize
            twin.footerReferenceSize = uniform.footerReferenceSize
            let delegate = SizingDelegate(sizes: config.counts.map { Array(repeating: uniform.itemSize, count: $0) })
            let varied = prepared(twin, in: FakeHost(counts: config.counts, bounds: config.bounds, delegate: delegate))
            #expect(delegate.sizeQueries >= config.counts.reduce(0, +), "the varied path asks for every size")
            let a = Self.everyElement(uniform, config.counts), b = Self.everyElement(varied, config.counts)
            #expect(a.count == b.count)
            for (x, y) in zip(a, b) {
                #expect(x.elementKey == y.elementKey && nearlyEqual(x.frame, y.frame, tolerance: 1e-6), "round \(round): \(x) vs \(y)")
            }
            let (su, sv) = (uniform.collectionViewContentSize, varied.collectionViewContentSize)
            #expect(abs(su.width - sv.width) < 1e-6 && abs(su.height - sv.height) < 1e-6, "round \(round): \(su) vs \(sv)")
        }
    }

    /// Ten million uniform items: the answer is immediate and right at the far end.
    @Test func tenMillionUniformItems() {
        let host = FakeHost(counts: [10_000_000], bounds: Rect(x: 0, y: 0, width: 1000, height: 800))
        let layout = prepared(FlowLayout(), in: host)
        let height = layout.collectionViewContentSize.height
        // 16 per line (16*50 + 15*10 = 950 <= 1000), 625,000 lines of 60 less the last spacing.
        #expect(height == 625_000 * 60 - 10)
        let tail = layout.layoutAttributesForElements(in: Rect(x: 0, y: height - 800, width: 1000, height: 800))
        #expect(tail.contains { $0.indexPath.item == 9_999_999 })
        #expect(tail.count == 14 * 16)  // 800 tall: the last 13 full lines and part of a 14th
    }

    /// Rectangles no viewport has (NaN, infinite, inverted) are answered, not trapped on: NaN
    /// and empty ones with nothing, infinite ones with everything.
    @Test func unusableRectanglesAreAnsweredSafely() {
        let host = FakeHost(counts: [100, 3], bounds: Rect(x: 0, y: 0, width: 1000, height: 800))
        let layout = prepared(FlowLayout(), in: host)
        #expect(layout.layoutAttributesForElements(in: Rect(x: .nan, y: 0, width: 10, height: 10)).isEmpty)
        #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: .nan, height: 10)).isEmpty)
        #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: -50, height: 10)).isEmpty)
        let all = layout.layoutAttributesForElements(in: Rect(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity))
        #expect(all.count == 103)
        #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 1e300, width: 10, height: 1e300)).isEmpty)
    }
}
