import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A cell with a label that wraps: its height depends on its width.
@MainActor
private final class WrappingCell: CollectionViewCell {
    let label: WidgetPointer
    required init() {
        label = wrappingLabel()
        super.init()
        gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD_CHAR)
        gtk_widget_set_valign(label, GTK_ALIGN_START)
        append(label)
    }
    var text: String {
        get { String(cString: gtk_label_get_text(OpaquePointer(label))) }
        set { gtk_label_set_text(OpaquePointer(label), newValue) }
    }
}

/// A header whose title wraps.
@MainActor
private final class WrappingHeader: ReusableView {
    let label: WidgetPointer
    required init() {
        label = wrappingLabel()
        super.init()
        append(label)
    }
}

/// Texts of a few words to many, by item.
@MainActor
private final class Notes: CollectionViewDataSource {
    var counts: [Int]
    var words: (IndexPath) -> Int
    var headerText = "Section"
    init(_ counts: [Int], words: @escaping (IndexPath) -> Int) {
        self.counts = counts
        self.words = words
    }
    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: WrappingCell = collectionView.dequeueReusableCell(withReuseIdentifier: "note", for: indexPath)
        cell.text = "\(indexPath.item)" + String(repeating: " word", count: words(indexPath))
        return cell
    }
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ReusableView {
        let header: WrappingHeader = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "h", for: indexPath)
        gtk_label_set_text(OpaquePointer(header.label), "\(headerText) \(indexPath.section)")
        return header
    }
}

/// Self-sizing cells and headers in a real window (`estimatedItemSize`).
final class SelfSizingWindowTests: XCTestCase {
    @MainActor
    private static func makeView(_ notes: Notes, estimate: Size, header: Double = 0) -> (CollectionView, FlowLayout) {
        let flow = FlowLayout()
        flow.estimatedItemSize = estimate
        flow.minimumLineSpacing = 6
        flow.minimumInteritemSpacing = 6
        flow.headerReferenceSize = Size(width: 0, height: header)
        let cv = bareCollectionView(flow)
        cv.register(WrappingCell.self, forCellWithReuseIdentifier: "note")
        cv.register(WrappingHeader.self, forSupplementaryViewOfKind: FlowLayout.elementKindSectionHeader, withReuseIdentifier: "h")
        cv.dataSource = notes
        return (cv, flow)
    }

    @MainActor
    private static func frame(_ cv: CollectionView, _ item: Int, _ section: Int = 0) -> Rect? {
        cv.appliedLayoutAttributes(for: .cell(IndexPath(item: item, section: section)))?.frame
    }

    /// A cell whose label wraps takes the height GTK measures for it at its width; at a
    /// narrower width it wraps more and grows. Short ones shrink below the estimate.
    func testAWrappingCellGrowsAtANarrowerWidth() { MainActor.assumeIsolated {
        let notes = Notes([40]) { $0.item == 1 ? 30 : 0 }
        let (cv, flow) = Self.makeView(notes, estimate: Size(width: 300, height: 50))
        let window = GtkHarness.window(for: cv, width: 700, height: 500)
        defer { GtkHarness.close(window) }
        XCTAssertTrue(GtkHarness.settle(cv))
        let cell = cv.cellForItem(at: IndexPath(item: 1, section: 0)) as! WrappingCell
        let wide = try! XCTUnwrap(Self.frame(cv, 1))
        XCTAssertEqual(wide.width, 300)
        XCTAssertEqual(wide.height, cell.measuredExtent(along: .vertical, at: 300), "the height GTK measures at the cell's width")
        XCTAssertGreaterThan(wide.height, 50, "thirty words wrap over more than 50 px at 300 px")
        let short = try! XCTUnwrap(Self.frame(cv, 0))
        XCTAssertLessThan(short.height, 50, "one word is shorter than the estimate")
        // The widget is allocated at the measured size, so nothing is cut.
        let onScreen = try! XCTUnwrap(GtkHarness.bounds(of: cell.widget, in: cv.viewport))
        XCTAssertEqual(onScreen.height, wide.height, accuracy: 0.5)
        // The line is as thick as its thickest item: the next line starts below it.
        XCTAssertEqual(try! XCTUnwrap(Self.frame(cv, 2)).minY, max(wide.maxY, short.maxY) + 6, accuracy: 0.5)

        flow.estimatedItemSize = Size(width: 150, height: 50)
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertTrue(GtkHarness.pump { (Self.frame(cv, 1)?.width ?? 0) == 150 })
        let narrow = try! XCTUnwrap(Self.frame(cv, 1))
        XCTAssertEqual(narrow.height, cell.measuredExtent(along: .vertical, at: 150))
        XCTAssertGreaterThan(narrow.height, wide.height + 10, "narrower, the label wraps over more lines")
        // A narrower window lays the lines out again (the layout forgets its sizes, which
        // depend on the width), and the cells, of the same width, are measured again.
        gtk_window_set_default_size(window.as(GtkWindow.self), 500, 500)
        XCTAssertTrue(GtkHarness.pump { cv.bounds.width == 500 })
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertEqual(Self.frame(cv, 1)?.height, narrow.height, "measured again after the resize")
        XCTAssertEqual(Self.frame(cv, 1)?.width, 150)
        GtkHarness.checkInvariants()
    }}

    /// A header whose title wraps in a narrow window grows, and the items move below it.
    func testAWrappingHeaderGrows() { MainActor.assumeIsolated {
        let notes = Notes([6, 6]) { _ in 1 }
        notes.headerText = String(repeating: "A long section title ", count: 8)
        let (cv, _) = Self.makeView(notes, estimate: Size(width: 90, height: 40), header: 30)
        let window = GtkHarness.window(for: cv, width: 260, height: 600)
        defer { GtkHarness.close(window) }
        XCTAssertTrue(GtkHarness.settle(cv))
        let header = try! XCTUnwrap(cv.appliedLayoutAttributes(for: .supplementary(FlowLayout.elementKindSectionHeader, IndexPath(item: 0, section: 0)))?.frame)
        XCTAssertGreaterThan(header.height, 60, "eight phrases wrap over several lines at 260 px")
        XCTAssertEqual(try! XCTUnwrap(Self.frame(cv, 0)).minY, header.maxY, accuracy: 0.5)
    }}

    /// Scrolling up through cells no one has measured yet (they were jumped over): each comes
    /// in at its estimate and is measured, and the cell the user looks at never moves on screen
    /// by more than the scroll itself (within a pixel).
    func testScrollingUpThroughUnmeasuredCellsKeepsTheContentStill() { MainActor.assumeIsolated {
        let notes = Notes([3_000, 3_000]) { ($0.item * 7 + $0.section) % 23 }
        let (cv, _) = Self.makeView(notes, estimate: Size(width: 180, height: 40), header: 30)
        let window = GtkHarness.window(for: cv, width: 600, height: 400)
        defer { GtkHarness.close(window) }
        XCTAssertTrue(GtkHarness.settle(cv))
        // Jump far down: everything above is estimated.
        cv.contentOffset = Point(x: 0, y: cv.contentSize.height * 0.6)
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertTrue(GtkHarness.settle(cv))
        var adjusted = 0
        for _ in 0..<60 {
            // The anchor: the first cell wholly on screen.
            let visible = cv.indexPathsForVisibleItems.compactMap { path -> (IndexPath, Rect)? in
                guard let cell = cv.cellForItem(at: path), let r = GtkHarness.bounds(of: cell.widget, in: cv.viewport), r.minY >= 0, r.maxY <= 400 else { return nil }
                return (path, r)
            }.sorted { $0.1.minY < $1.1.minY }
            guard let (anchor, before) = visible.first else { return XCTFail("no cell on screen") }
            let offset = cv.contentOffset.y
            cv.contentOffset = Point(x: 0, y: offset - 37)
            XCTAssertTrue(GtkHarness.settle(cv))
            if abs(cv.contentOffset.y - (offset - 37)) > 0.5 { adjusted += 1 }  // a cell above grew or shrank
            guard let cell = cv.cellForItem(at: anchor), let after = GtkHarness.bounds(of: cell.widget, in: cv.viewport) else {
                return XCTFail("the anchor \(anchor) left the screen")
            }
            XCTAssertEqual(after.minY, before.minY + 37, accuracy: 1, "\(anchor) moved by the scroll only")
        }
        XCTAssertGreaterThan(adjusted, 10, "cells above the viewport were measured on the way and moved the offset")
        GtkHarness.checkInvariants()
    }}
}

/// Self-sizing the way app code uses it: updates that animate, "load more" from willDisplay,
/// no items, an estimate wider than the view, a million items jumped through.
final class SelfSizingUseTests: XCTestCase {
    @MainActor
    private final class LoadMore: CollectionViewDelegate {
        var loads = 0
        let notes: Notes
        init(_ notes: Notes) { self.notes = notes }
        func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
            guard indexPath.item == notes.counts[0] - 1, loads < 3 else { return }
            loads += 1
            let start = notes.counts[0]
            notes.counts[0] += 20
            collectionView.insertItems(at: (start..<start + 20).map { IndexPath(item: $0, section: 0) })
        }
    }

    /// Every shown cell has the height GTK measures for it at its width.
    @MainActor
    private static func assertMeasured(_ cv: CollectionView, file: StaticString = #filePath, line: UInt = #line) {
        var checked = 0
        for path in cv.indexPathsForVisibleItems {
            guard let cell = cv.cellForItem(at: path), let frame = cv.appliedLayoutAttributes(for: .cell(path))?.frame else { continue }
            XCTAssertEqual(frame.height, cell.measuredExtent(along: .vertical, at: frame.width), "\(path)", file: file, line: line)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 0, file: file, line: line)
    }

    func testAnimatedUpdatesLoadMoreAndEdgeCases() { MainActor.assumeIsolated {
        let notes = Notes([0]) { ($0.item * 5) % 17 }
        let flow = FlowLayout()
        flow.estimatedItemSize = Size(width: 140, height: 30)
        let cv = bareCollectionView(flow)
        cv.register(WrappingCell.self, forCellWithReuseIdentifier: "note")
        cv.dataSource = notes
        let loader = LoadMore(notes)
        cv.delegate = loader
        let window = GtkHarness.window(for: cv, width: 640, height: 480)
        defer { GtkHarness.close(window) }
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertTrue(cv.indexPathsForVisibleItems.isEmpty, "no items, no cells")

        // Items inserted, animated: once the animation ends every cell has its measured height.
        notes.counts[0] = 30
        cv.insertItems(at: (0..<30).map { IndexPath(item: $0, section: 0) })
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates })
        XCTAssertTrue(GtkHarness.settle(cv))
        Self.assertMeasured(cv)
        // More at the top, animated: they measure while the animation runs, and the others
        // end where the measured sizes put them.
        notes.counts[0] += 4
        notes.words = { ($0.item * 5 + 3) % 17 }
        cv.insertItems(at: (0..<4).map { IndexPath(item: $0, section: 0) })
        XCTAssertTrue(GtkHarness.pump { cv.isAnimatingUpdates }, "the insertion animates")
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates })
        XCTAssertTrue(GtkHarness.settle(cv))
        Self.assertMeasured(cv)
        notes.counts[0] -= 4
        cv.deleteItems(at: (0..<4).map { IndexPath(item: $0, section: 0) })
        notes.words = { ($0.item * 5) % 17 }
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates })

        // Scrolling to the end loads more from willDisplay, three times; each new cell measures.
        for _ in 0..<8 {
            cv.contentOffset = Point(x: 0, y: max(0, cv.contentSize.height - cv.bounds.height))
            XCTAssertTrue(GtkHarness.settle(cv))
            _ = GtkHarness.pump { !cv.isAnimatingUpdates }
        }
        XCTAssertEqual(loader.loads, 3)
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 90)
        XCTAssertTrue(GtkHarness.settle(cv))
        Self.assertMeasured(cv)

        // An estimate wider than the view: one item a line, measured at that width.
        flow.estimatedItemSize = Size(width: 900, height: 30)
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertTrue(GtkHarness.settle(cv))
        Self.assertMeasured(cv)
        GtkHarness.checkInvariants()
    }}

    /// A million estimated items: jumps to the middle and the end, and scrolling there, keep
    /// every shown cell measured and the view's invariants.
    func testAMillionItemsJumpedThrough() { MainActor.assumeIsolated {
        let notes = Notes([1_000_000]) { ($0.item * 3) % 11 }
        let flow = FlowLayout()
        flow.estimatedItemSize = Size(width: 180, height: 44)
        let cv = bareCollectionView(flow)
        cv.register(WrappingCell.self, forCellWithReuseIdentifier: "note")
        cv.dataSource = notes
        let window = GtkHarness.window(for: cv, width: 600, height: 400)
        defer { GtkHarness.close(window) }
        XCTAssertTrue(GtkHarness.settle(cv))
        for fraction in [0.5, 1.0, 0.25] {
            cv.contentOffset = Point(x: 0, y: (cv.contentSize.height - cv.bounds.height) * fraction)
            XCTAssertTrue(GtkHarness.settle(cv))
            for _ in 0..<10 {
                cv.contentOffset = Point(x: 0, y: max(0, cv.contentOffset.y - 53))
                XCTAssertTrue(GtkHarness.settle(cv))
            }
            Self.assertMeasured(cv)
        }
        XCTAssertGreaterThan(cv.indexPathsForVisibleItems.first?.item ?? 0, 200_000)
        GtkHarness.checkInvariants()
    }}
}
