import XCTest
import CGtk
import GtkGlue
import CCollectionHost
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// Sections of numbered cells with a title per section (or none), counting what the view asks.
@MainActor
private final class TitledSource: CollectionViewDataSource {
    let counts: [Int]
    var titles: [String]?
    /// Where a title jumps; nil keeps the protocol's default (the section's first item).
    var pathForTitle: ((Int) -> IndexPath)?
    var titleQueries = 0
    var pathQueries = 0
    var cellQueries = 0

    init(counts: [Int], titles: [String]?) {
        self.counts = counts
        self.titles = titles
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        cellQueries += 1
        let cell: NumberCell = collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
        cell.shownPath = indexPath
        return cell
    }
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath)
    }
    func indexTitles(for collectionView: CollectionView) -> [String]? {
        titleQueries += 1
        return titles
    }
    func collectionView(_ collectionView: CollectionView, indexPathForIndexTitle title: String, at index: Int) -> IndexPath {
        pathQueries += 1
        return pathForTitle?(index) ?? IndexPath(item: 0, section: index)
    }
}

/// The scrubber along the scrollbar: shown only with index titles, dragged to a title's place,
/// O(titles) however many items, on the left in right to left, keys untouched.
final class IndexScrubberTests: XCTestCase {
    /// 100x100 cells, 7 to a line in 800 points, a 40-point header per section.
    @MainActor
    private static func open(_ source: TitledSource, direction: GtkTextDirection = GTK_TEXT_DIR_LTR,
                             errorHandler: ((CollectionViewError) -> Void)? = nil)
        -> (CollectionView, FlowLayout, WidgetPointer) {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        layout.headerReferenceSize = Size(width: 0, height: 40)
        let cv = bareCollectionView(layout)
        cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
        cv.register(LabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
                    withReuseIdentifier: CollectionView.elementKindSectionHeader)
        gtk_widget_set_direction(cv.widget, direction)
        gtk_widget_set_direction(cv.viewport, direction)
        if let errorHandler { cv.errorHandler = errorHandler }  // before the first frame asks for titles
        cv.dataSource = source
        // The pointer away from where the window opens: left at its edge by the test before, it
        // would show the handle as the window appears.
        if GtkHarness.drivesInputThroughX11 { _ = GtkHarness.xdotool(["mousemove", "0", "0"]) }
        let window = GtkHarness.window(for: cv)
        return (cv, layout, window)
    }

    /// Moves the pointer near the scrollbar's edge of the view, which shows the handle.
    @MainActor
    private static func hover(edgeOf cv: CollectionView, in window: WidgetPointer, rightToLeft: Bool = false) {
        let width = Double(gtk_widget_get_width(cv.widget))
        GtkHarness.pointer(window, at: GtkHarness.windowPoint(of: cv.widget, x: rightToLeft ? 20 : width - 20, y: 200))
    }

    /// Presses the handle's centre and drags it so its top lands at `fraction` of its track;
    /// the button stays down.
    @MainActor
    private static func drag(_ cv: CollectionView, in window: WidgetPointer, toFraction fraction: Double) {
        let handle = cv.indexScrubberHandle!
        let height = Double(gtk_widget_get_height(handle))
        let bounds = GtkHarness.bounds(of: handle, in: cv.viewport)!
        let span = cv.bounds.height - 2 * IndexScrubber.trackMargin - height
        let grab = GtkHarness.windowPoint(of: handle, x: bounds.width / 2, y: height / 2)
        GtkHarness.pointer(window, at: grab, then: ["mousedown", "1"])
        let targetTop = IndexScrubber.trackMargin + fraction * span
        let dy = Int((targetTop - bounds.minY).rounded())
        // Two steps: past GTK's drag threshold, then to the place.
        GtkHarness.xdotool(["mousemove", "--window", GtkHarness.xid(of: window), String(grab.0), String(grab.1 + (dy >= 0 ? 12 : -12))])
        GtkHarness.xdotool(["mousemove", "--window", GtkHarness.xid(of: window), String(grab.0), String(grab.1 + dy)])
    }

    /// The title whose section holds the content point at `fraction` of the content, worked
    /// out from the layout's header frames (the scrubber's own map is not consulted).
    @MainActor
    private static func expectedTitle(atFraction fraction: Double, in cv: CollectionView, layout: FlowLayout, titles: [String]) -> (String, Double) {
        let y = fraction * cv.contentSize.height
        var best = 0
        for section in 0..<cv.numberOfSections {
            let header = layout.layoutAttributesForSupplementaryView(ofKind: CollectionView.elementKindSectionHeader,
                                                                     at: IndexPath(item: 0, section: section))!.frame
            if header.minY <= y { best = section }
        }
        let top = layout.layoutAttributesForSupplementaryView(ofKind: CollectionView.elementKindSectionHeader,
                                                              at: IndexPath(item: 0, section: best))!.frame.minY
        return (titles[best], min(top, cv.contentSize.height - cv.bounds.height))
    }

    func testNoTitlesNoScrubber() { MainActor.assumeIsolated {
        let source = TitledSource(counts: Array(repeating: 100, count: 10), titles: nil)
        let (cv, _, window) = Self.open(source)
        defer { GtkHarness.close(window) }
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 2000) }
        Self.hover(edgeOf: cv, in: window)
        XCTAssertFalse(cv.isIndexScrubberShown)
        XCTAssertNil(cv.indexScrubberHandle, "no widget is made without titles")
        XCTAssertGreaterThan(source.titleQueries, 0, "the data source was asked")

        // Titles that come later (a reload of the titles) bring it.
        source.titles = (0..<10).map { "S\($0)" }
        cv.reloadIndexTitles()
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 2500) }
        GtkHarness.wait(for: "the handle to show after a scroll") { cv.isIndexScrubberShown }
        let handle = cv.indexScrubberHandle!
        GtkHarness.waitForFrames(2, of: window)
        let bounds = GtkHarness.bounds(of: handle, in: cv.viewport)!
        XCTAssertGreaterThan(bounds.minX, cv.bounds.width - 80, "along the right edge")
        XCTAssertGreaterThan(bounds.height, 20)
        // The handle's place is the scroll position's.
        let range = cv.contentSize.height - cv.bounds.height
        let span = cv.bounds.height - 2 * IndexScrubber.trackMargin - bounds.height
        XCTAssertEqual(bounds.minY, IndexScrubber.trackMargin + span * 2500 / range, accuracy: 1.5)

        // And empty titles take it away again.
        source.titles = []
        cv.reloadIndexTitles()
        GtkHarness.wait(for: "the handle to hide without titles") { !cv.isIndexScrubberShown }
    }}

    func testHoveringTheEdgeShowsTheHandleAndItHidesAgain() { MainActor.assumeIsolated {
        let source = TitledSource(counts: Array(repeating: 100, count: 10), titles: (0..<10).map { "S\($0)" })
        let (cv, _, window) = Self.open(source)
        defer { GtkHarness.close(window) }
        GtkHarness.pointer(window, at: GtkHarness.windowPoint(of: cv.widget, x: 300, y: 200))
        GtkHarness.wait(for: "no handle with the pointer in the middle of the view") { !cv.isIndexScrubberShown }
        Self.hover(edgeOf: cv, in: window)
        GtkHarness.wait(for: "the handle to show with the pointer near the edge") { cv.isIndexScrubberShown }
        GtkHarness.pointer(window, at: GtkHarness.windowPoint(of: cv.widget, x: 300, y: 200))
        GtkHarness.wait(for: "the handle to hide once the pointer left the edge") { !cv.isIndexScrubberShown }
    }}

    /// Dragging shows the title at the handle's place in the bubble and jumps to the start of
    /// its section (its header's top); releasing takes the bubble away.
    func testDraggingShowsTheTitleAndJumpsToIt() { MainActor.assumeIsolated {
        let titles = (0..<20).map { "Section \($0)" }
        let source = TitledSource(counts: Array(repeating: 100, count: 20), titles: titles)
        let (cv, layout, window) = Self.open(source)
        defer { GtkHarness.close(window) }
        Self.hover(edgeOf: cv, in: window)
        GtkHarness.wait(for: "the handle to show") { cv.isIndexScrubberShown }
        GtkHarness.waitForFrames(2, of: window)

        for fraction in [0.53, 0.22, 1.0, 0.0, 0.77] {
            Self.drag(cv, in: window, toFraction: fraction)
            let (title, top) = Self.expectedTitle(atFraction: fraction, in: cv, layout: layout, titles: titles)
            GtkHarness.wait(for: "the bubble to show \(title)") { cv.indexScrubberBubbleTitle == title }
            XCTAssertEqual(cv.contentOffset.y, top, accuracy: 0.5, "at \(fraction) the view shows the start of \(title)")
            XCTAssertTrue(cv_accessible_value_text_is(cv.indexScrubberHandle!, title) != 0, "the slider's value text is the title")
            GtkHarness.waitForFrames(2, of: window)
            let bubble = GtkHarness.label(title, in: cv.viewport)
            XCTAssertNotNil(bubble, "a label shows \(title)")
            if let bubble, let handle = GtkHarness.bounds(of: cv.indexScrubberHandle!, in: cv.viewport),
               let shown = GtkHarness.bounds(of: bubble, in: cv.viewport) {
                XCTAssertLessThan(shown.maxX, handle.minX, "the bubble is beside the handle, on its inner side")
                XCTAssertEqual(shown.midY, handle.midY, accuracy: shown.height, "level with the handle")
            }
            GtkHarness.xdotool(["mouseup", "1"])
            GtkHarness.wait(for: "the bubble to go") { cv.indexScrubberBubbleTitle == nil }
            GtkHarness.waitForFrames(2, of: window)
            XCTAssertEqual(cv.contentOffset.y, top, accuracy: 0.5, "the release leaves the view there")
        }
        XCTAssertEqual(cv.indexPathsForSelectedItems, [], "the drag selected nothing")
    }}

    /// A million items and 50 titles: a drag of many moves asks for each title's index path
    /// once, resolves the titles once, and makes no more cells than the pages it shows.
    func testAMillionItemsAndFiftyTitlesCostTheTitlesOnly() { MainActor.assumeIsolated {
        let titles = (0..<50).map { "T\($0)" }
        let source = TitledSource(counts: Array(repeating: 20_000, count: 50), titles: titles)
        let (cv, layout, window) = Self.open(source)
        defer { GtkHarness.close(window) }
        Self.hover(edgeOf: cv, in: window)
        GtkHarness.wait(for: "the handle to show") { cv.isIndexScrubberShown }
        GtkHarness.waitForFrames(2, of: window)
        let resolutions = cv.indexTitleResolutions, paths = source.pathQueries, titleQueries = source.titleQueries
        XCTAssertLessThanOrEqual(paths, 50, "at most one query per title so far")

        Self.drag(cv, in: window, toFraction: 0.1)
        for step in 1...12 {
            let fraction = (Double(4 + 3 * step) + 0.5) / 50  // mid-section: a pixel either way names the same title
            let handle = cv.indexScrubberHandle!
            let bounds = GtkHarness.bounds(of: handle, in: cv.viewport)!
            let span = cv.bounds.height - 2 * IndexScrubber.trackMargin - bounds.height
            let point = GtkHarness.windowPoint(of: handle, x: bounds.width / 2,
                                               y: IndexScrubber.trackMargin + fraction * span - bounds.minY + bounds.height / 2)
            GtkHarness.xdotool(["mousemove", "--window", GtkHarness.xid(of: window), String(point.0), String(point.1)])
            let (title, top) = Self.expectedTitle(atFraction: fraction, in: cv, layout: layout, titles: titles)
            GtkHarness.wait(for: "step \(step): the bubble to show \(title)") { cv.indexScrubberBubbleTitle == title }
            XCTAssertEqual(cv.contentOffset.y, top, accuracy: 0.5, "step \(step)")
        }
        GtkHarness.xdotool(["mouseup", "1"])
        XCTAssertLessThanOrEqual(cv.indexTitleResolutions - resolutions, 1, "the titles were resolved at most once for the drag")
        XCTAssertLessThanOrEqual(source.pathQueries - paths, 50, "each title's index path asked at most once")
        XCTAssertLessThanOrEqual(source.titleQueries - titleQueries, 1, "the titles asked at most once")
        XCTAssertLessThan(source.cellQueries, 2_000, "cells only for what was shown")
    }}

    func testRightToLeftPutsTheScrubberOnTheLeft() { MainActor.assumeIsolated {
        let titles = (0..<10).map { "S\($0)" }
        let source = TitledSource(counts: Array(repeating: 100, count: 10), titles: titles)
        let (cv, layout, window) = Self.open(source, direction: GTK_TEXT_DIR_RTL)
        defer { GtkHarness.close(window) }
        Self.hover(edgeOf: cv, in: window, rightToLeft: true)
        GtkHarness.wait(for: "the handle to show with the pointer near the left edge") { cv.isIndexScrubberShown }
        GtkHarness.waitForFrames(2, of: window)
        let bounds = GtkHarness.bounds(of: cv.indexScrubberHandle!, in: cv.viewport)!
        XCTAssertLessThan(bounds.maxX, 80, "along the left edge")
        Self.drag(cv, in: window, toFraction: 0.65)
        let (title, top) = Self.expectedTitle(atFraction: 0.65, in: cv, layout: layout, titles: titles)
        GtkHarness.wait(for: "the bubble to show \(title)") { cv.indexScrubberBubbleTitle == title }
        XCTAssertEqual(cv.contentOffset.y, top, accuracy: 0.5)
        GtkHarness.xdotool(["mouseup", "1"])
    }}

    /// Page Down, End and Home still move the focus and scroll with a scrubber shown.
    func testKeysStillScroll() { MainActor.assumeIsolated {
        let source = TitledSource(counts: Array(repeating: 100, count: 10), titles: (0..<10).map { "S\($0)" })
        let (cv, _, window) = Self.open(source)
        defer { GtkHarness.close(window) }
        let first = cv.cellForItem(at: IndexPath(item: 0, section: 0))!
        GtkHarness.pointer(window, at: GtkHarness.centre(of: first, in: window), then: ["click", "1"])
        XCTAssertEqual(cv.indexPathForFocusedItem, IndexPath(item: 0, section: 0))
        GtkHarness.keys("Page_Down")
        GtkHarness.wait(for: "Page Down to scroll") { cv.contentOffset.y > 0 }
        XCTAssertNotEqual(cv.indexPathForFocusedItem, IndexPath(item: 0, section: 0))
        XCTAssertTrue(cv.isIndexScrubberShown, "scrolling shows the handle")
        GtkHarness.keys("End")
        GtkHarness.wait(for: "End to reach the last item") { cv.indexPathForFocusedItem == IndexPath(item: 99, section: 9) }
        GtkHarness.wait(for: "End to scroll to the bottom") { cv.contentOffset.y >= cv.contentSize.height - cv.bounds.height - 0.5 }
        GtkHarness.keys("Home")
        let firstTop = cv.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame.minY
        GtkHarness.wait(for: "Home to go back to the top") {
            cv.indexPathForFocusedItem == IndexPath(item: 0, section: 0) && cv.contentOffset.y <= firstTop
        }
    }}

    /// A title whose index path names nothing is reported and left out; the rest work.
    func testATitleForNothingIsReported() { MainActor.assumeIsolated {
        let source = TitledSource(counts: Array(repeating: 100, count: 10), titles: (0..<10).map { "S\($0)" } + ["Nowhere"])
        source.pathForTitle = { $0 < 10 ? IndexPath(item: 0, section: $0) : IndexPath(item: 0, section: 99) }
        var errors: [String] = []
        let (cv, _, window) = Self.open(source, errorHandler: { errors.append("\($0)") })
        defer { GtkHarness.close(window) }
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 1000) }
        GtkHarness.wait(for: "the handle to show") { cv.isIndexScrubberShown }
        XCTAssertEqual(errors.count, 1, "\(errors)")
        XCTAssertTrue(errors.first?.contains("Nowhere") ?? false, "the report names the title: \(errors)")
        XCTAssertEqual(cv.indexScrubber.currentMap?.entries.map(\.title), (0..<10).map { "S\($0)" })
    }}

    /// The diffable data source and the list model data source give titles through their
    /// providers; by default a title jumps to its section's first item.
    func testProvidersOfTheTwoDataSources() { MainActor.assumeIsolated {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        let cv = bareCollectionView(layout)
        cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
        let diffable = CollectionViewDiffableDataSource<String, Int>(collectionView: cv) { cv, path, _ in
            cv.dequeueReusableCell(withReuseIdentifier: "n", for: path) as NumberCell
        }
        var snapshot = DiffableSnapshot<String, Int>()
        try! snapshot.appendSections(["A", "B", "C"])
        for (n, s) in ["A", "B", "C"].enumerated() { try! snapshot.appendItems(Array(n * 200..<(n + 1) * 200), toSection: s) }
        diffable.applySnapshotUsingReloadData(snapshot)
        XCTAssertNil(diffable.indexTitles(for: cv))
        diffable.indexTitlesProvider = { _ in ["A", "B", "C"] }
        XCTAssertEqual(diffable.indexTitles(for: cv), ["A", "B", "C"])
        XCTAssertEqual(diffable.collectionView(cv, indexPathForIndexTitle: "B", at: 1), IndexPath(item: 0, section: 1))
        diffable.indexPathForIndexTitleProvider = { _, _, index in IndexPath(item: 5, section: index) }
        XCTAssertEqual(diffable.collectionView(cv, indexPathForIndexTitle: "B", at: 1), IndexPath(item: 5, section: 1))
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 500) }
        GtkHarness.wait(for: "the handle to show") { cv.isIndexScrubberShown }
        let second = layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 1))!.frame.minY
        XCTAssertEqual(cv.indexScrubber.currentMap?.entries.map(\.position)[1], second)

        let strings = gtk_string_list_new(nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(strings)) }
        for i in 0..<50 { gtk_string_list_append(strings, "x\(i)") }
        let listView = bareCollectionView(FlowLayout())
        listView.register(NumberCell.self, forCellWithReuseIdentifier: "n")
        let list = ListModelDataSource(collectionView: listView, model: strings) { cv, path, _ in
            let cell: NumberCell = cv.dequeueReusableCell(withReuseIdentifier: "n", for: path)
            return cell
        }
        XCTAssertNil(list.indexTitles(for: listView))
        list.indexTitlesProvider = { _ in ["All"] }
        XCTAssertEqual(list.indexTitles(for: listView), ["All"])
        XCTAssertEqual(list.collectionView(listView, indexPathForIndexTitle: "All", at: 0), IndexPath(item: 0, section: 0))
    }}

    /// The map's look-up sweeps every position against a linear search.
    func testTheMapFindsTheLastTitleAtOrAbove() {
        for count in 0..<8 {
            let entries = (0..<count).map { (i: Int) -> IndexTitleMap.Entry in
                let position = Double((i * 37) % 5) * 100  // out of order, with repeats
                return IndexTitleMap.Entry(title: "t\(i)", index: i, indexPath: IndexPath(item: 0, section: i), position: position)
            }
            let map = IndexTitleMap(entries: entries)
            for y in stride(from: -50.0, through: 650, by: 25) {
                let expected = map.entries.last { $0.position <= y } ?? map.entries.first
                XCTAssertEqual(map.entry(at: y), expected, "\(count) titles, y \(y)")
            }
        }
    }
}
