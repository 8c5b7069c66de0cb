// The code of the CollectionLayout documentation ("Writing a custom layout"), kept here so the
// tests compile it and check what it claims. `DocumentationCodeTests` checks that every Swift
// block of the DocC articles is in one of these files (or in the gallery's layouts).
import Foundation
import Testing
import CollectionLayout
import CollectionTestSupport

/// One column of full-width rows whose heights come from the app.
final class RowListLayout: CollectionViewLayout {
    /// The height of the row at an index path (the app's data); zero or more.
    var rowHeight: (IndexPath) -> Double = { _ in 44 }
    private var frames: [Rect] = []  // every row, section after section, top to bottom
    private var paths: [IndexPath] = []  // the item each frame belongs to
    private var firstRow: [Int] = []  // each section's first index in `frames`
    private var width = 0.0

    override func prepare() {
        super.prepare()
        frames = []; paths = []; firstRow = []
        guard let host = collectionView else { return }
        width = host.bounds.width
        var y = 0.0
        for section in 0..<host.numberOfSections {
            firstRow.append(frames.count)
            for item in 0..<host.numberOfItems(inSection: section) {
                let path = IndexPath(item: item, section: section)
                let height = rowHeight(path)
                frames.append(Rect(x: 0, y: y, width: width, height: height))
                paths.append(path)
                y += height
            }
        }
    }

    override var collectionViewContentSize: Size {
        Size(width: width, height: frames.last?.maxY ?? 0)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.width != width  // rows span the width; scrolling alone changes nothing
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.count == 2, firstRow.indices.contains(indexPath.section), indexPath.item >= 0 else { return nil }
        let row = firstRow[indexPath.section] + indexPath.item
        let end = indexPath.section + 1 < firstRow.count ? firstRow[indexPath.section + 1] : frames.count
        return row < end ? attributes(row) : nil
    }

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        // Rows are sorted by y and do not overlap: find the first row that ends below the
        // rectangle's top by bisection, then walk down until a row starts below its bottom.
        var low = 0, high = frames.count
        while low < high {
            let mid = (low + high) / 2
            if frames[mid].maxY <= rect.minY { low = mid + 1 } else { high = mid }
        }
        var result: [LayoutAttributes] = []
        var row = low
        while row < frames.count, frames[row].minY < rect.maxY {
            if frames[row].intersects(rect) { result.append(attributes(row)) }
            row += 1
        }
        return result
    }

    private func attributes(_ row: Int) -> LayoutAttributes {
        let attributes = Self.layoutAttributesClass.init(category: .cell, kind: nil, indexPath: paths[row])
        attributes.frame = frames[row]
        return attributes
    }
}

/// A collection view stand-in with fixed counts and bounds, for tests without a display.
/// A row of cards whose look follows the scroll position, invalidated per scroll only for the
/// cards on screen ("Invalidate when something changes").
final class ScrollFollowingRow: CollectionViewLayout {
    var spacing = 100.0
    private(set) var countings = 0
    private var count = 0
    private var bounds = Rect.zero
    private var countsAreStale = true

    override func prepare() {
        super.prepare()
        guard let host = collectionView else { return }
        bounds = host.bounds
        guard countsAreStale else { return }
        countsAreStale = false
        countings += 1
        count = host.numberOfItems(inSection: 0)
    }

    override var collectionViewContentSize: Size { Size(width: Double(count) * spacing, height: bounds.height) }
    override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

    func itemsShown(in rect: Rect) -> [IndexPath] {
        let first = max(0, Int(rect.minX / spacing)), end = min(count, Int((rect.maxX / spacing).rounded(.up)))
        return first < end ? (first..<end).map { IndexPath(item: $0, section: 0) } : []
    }

    override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        guard newBounds.size == bounds.size else { return super.invalidationContext(forBoundsChange: newBounds) }
        let context = InvalidationContext()
        context.invalidateItems(at: itemsShown(in: newBounds) + itemsShown(in: bounds))
        return context
    }

    override func invalidateLayout(with context: InvalidationContext) {
        if context.invalidatesAll { countsAreStale = true }  // data or size changed
        super.invalidateLayout(with: context)
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.item < count else { return nil }
        let a = LayoutAttributes(forCellWith: indexPath)
        a.frame = Rect(x: Double(indexPath.item) * spacing, y: 0, width: spacing, height: bounds.height)
        a.alpha = max(0.3, 1 - abs(a.frame.midX - bounds.midX) / max(1, bounds.width))
        return a
    }

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        itemsShown(in: rect).compactMap(layoutAttributesForItem(at:))
    }
}

@MainActor
final class PlainHost: CollectionViewLayoutHost {
    var counts: [Int]
    var bounds: Rect

    init(counts: [Int], bounds: Rect) {
        self.counts = counts
        self.bounds = bounds
    }

    var numberOfSections: Int { counts.count }
    func numberOfItems(inSection section: Int) -> Int {
        counts.indices.contains(section) ? counts[section] : 0
    }
}

@MainActor
func rowListLayoutExample() -> [LayoutAttributes] {
    let host = PlainHost(counts: [3, 2], bounds: Rect(x: 0, y: 0, width: 320, height: 100))
    let layout = RowListLayout()
    layout.collectionView = host  // held weakly: keep `host` alive while you query
    layout.prepareIfNeeded()
    let visible = layout.layoutAttributesForElements(in: host.bounds)
    return visible
}

@Suite @MainActor
struct DocumentationExampleTests {
    /// The scroll-following row: a scroll names only the cards on screen and reads no counts.
    @Test func scrollFollowingRowNamesTheCardsOnScreen() {
        let host = FakeHost(counts: [1000], bounds: Rect(x: 0, y: 0, width: 350, height: 100))
        let row = prepared(ScrollFollowingRow(), in: host)
        let moved = Rect(x: 120, y: 0, width: 350, height: 100)
        let context = row.invalidationContext(forBoundsChange: moved)
        #expect(!context.invalidatesAll)
        #expect(Set(context.invalidatedItemIndexPaths ?? []) == Set((0..<5).map { IndexPath(item: $0, section: 0) }))
        host.bounds = moved
        row.invalidateLayout(with: context)
        row.prepareIfNeeded()
        #expect(row.countings == 1)
        row.invalidateLayout()
        row.prepareIfNeeded()
        #expect(row.countings == 2)
    }

    @Test func rowListExampleShowsTheFirstRows() {
        let visible = rowListLayoutExample()
        #expect(visible.map(\.indexPath) == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0)],
                "rows of 44 in a 100-high viewport: three rows")
        #expect(visible.allSatisfy { $0.frame.width == 320 })
    }

    /// The bisection answers exactly what a scan of every row answers, for every kind of
    /// rectangle: above, inside, across sections, below, empty, and on the rows' edges.
    @Test func rowListQueriesMatchAScan() {
        var rng = SplitMix64(seed: 11)
        for round in 0..<200 {
            let counts = (0..<Int.random(in: 0...4, using: &rng)).map { _ in Int.random(in: 0...30, using: &rng) }
            let heights = counts.map { (0..<$0).map { _ in [0.0, 10, 44, 44, 80.5].randomElement(using: &rng)! } }
            let host = PlainHost(counts: counts, bounds: Rect(x: 0, y: 0, width: 300, height: 400))
            let layout = RowListLayout()
            layout.rowHeight = { heights[$0.section][$0.item] }
            layout.collectionView = host
            layout.prepareIfNeeded()
            let all = counts.indices.flatMap { s in (0..<counts[s]).map { IndexPath(item: $0, section: s) } }
                .map { layout.layoutAttributesForItem(at: $0)! }
            #expect(layout.layoutAttributesForItem(at: IndexPath(item: -1, section: 1)) == nil)
            #expect(layout.layoutAttributesForItem(at: IndexPath(item: counts.last ?? 0, section: counts.count - 1)) == nil)
            let height = layout.collectionViewContentSize.height
            let edges = all.flatMap { [$0.frame.minY, $0.frame.maxY] }
            for _ in 0..<20 {
                let y0 = Bool.random(using: &rng) && !edges.isEmpty ? edges.randomElement(using: &rng)! : Double.random(in: -50...(height + 50), using: &rng)
                let rect = Rect(x: Double.random(in: -10...310, using: &rng), y: y0,
                                width: Double.random(in: 0...200, using: &rng), height: Double.random(in: 0...300, using: &rng))
                let expected = all.filter { $0.frame.intersects(rect) }.map(\.indexPath)
                #expect(layout.layoutAttributesForElements(in: rect).map(\.indexPath) == expected, "round \(round), \(rect)")
            }
        }
    }
}

/// Every Swift block of the DocC articles and the README is compiled: it appears, line for line (indentation
/// aside), in one of the documentation example files or in the gallery's sources.
@Suite struct DocumentationCodeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The lines that matter: trimmed, without blank lines, imports and whole-line comments
    /// (an article may show `import` lines or a file name the example file cannot repeat).
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") && !$0.hasPrefix("//") }
            // The gallery's layouts are a library, so their declarations say `public`; the
            // articles quote them as an app's own layout would read, without it.
            .map { $0.hasPrefix("public ") ? String($0.dropFirst("public ".count)) : $0 }
    }

    static func swiftBlocks(in article: String) -> [String] {
        var blocks: [String] = [], current: [Substring]?
        for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" { current = [] }
            else if current != nil, trimmed == "```" { blocks.append(current!.joined(separator: "\n")); current = nil }
            else { current?.append(line) }
        }
        return blocks
    }

    static func files(in folder: String, ending suffix: String) -> [URL] {
        let url = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { url.appendingPathComponent($0) }
    }

    /// True when `lines` appear one after another in `file`.
    static func contains(_ lines: [String], in file: [String]) -> Bool {
        guard file.count >= lines.count else { return false }
        for start in 0...(file.count - lines.count) where Array(file[start..<(start + lines.count)]) == lines {
            return true
        }
        return false
    }

    @Test func everySwiftBlockIsCompiled() throws {
        var corpus: [URL] = ["Tests/CollectionLayoutTests/DocumentationExamples.swift",
                             "Tests/CollectionLayoutTests/CompositionalDocumentationExamples.swift", "Tests/CollectionViewGtkTests/DocumentationExamples.swift",
                             "Tests/CollectionViewGtkTests/ReadmeExample.swift", "Examples/Sources/Contacts/main.swift"]
            .map { Self.root.appendingPathComponent($0) }
        corpus += Self.files(in: "Sources/Gallery", ending: ".swift")
        corpus += Self.files(in: "Sources/GalleryLayouts", ending: ".swift")
        let compiled: [[String]] = try corpus.map { Self.lines(try String(contentsOf: $0, encoding: .utf8)) }
        let articles = Self.files(in: "Sources/CollectionLayout/CollectionLayout.docc", ending: ".md")
            + Self.files(in: "Sources/CollectionViewGtk/CollectionViewGtk.docc", ending: ".md")
            + [Self.root.appendingPathComponent("README.md")]
        #expect(articles.count >= 2)
        var checked = 0
        for article in articles {
            for block in Self.swiftBlocks(in: try String(contentsOf: article, encoding: .utf8)) {
                let wanted = Self.lines(block)
                let found = compiled.contains { Self.contains(wanted, in: $0) }
                #expect(found, "\(article.lastPathComponent): this block is not in any example file:\n\(block)")
                checked += 1
            }
        }
        #expect(checked > 10)
    }
}
