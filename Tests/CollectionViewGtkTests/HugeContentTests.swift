import XCTest
import Foundation
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// Coordinates past GTK's 32-bit integers: content of 1e13 and 1e15 px scrolls to its last item
/// exactly, and frames far larger than GTK can allocate are shown clipped to what shows.
final class HugeContentTests: XCTestCase {
    /// The tests' cell colour (GtkHarness's stylesheet), and the viewport's.
    private static let cellBlue: (UInt8, UInt8, UInt8) = (0x35, 0x84, 0xe4)
    private static let viewportWhite: (UInt8, UInt8, UInt8) = (0xff, 0xff, 0xff)

    /// A uniform flow layout of 200x50 cells, four a line in the 800 px window, with as many
    /// items as make `height` px of content. Nothing is stored per item.
    @MainActor
    /// `overlayScrolling` false: a scrollbar that stays, beside the content (three a line then).
    private static func open(contentHeight height: Double, overlayScrolling: Bool = true) -> (CollectionView, FlowLayout, WidgetPointer, Int, GridSource) {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 200, height: 50)
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        let lines = Int(height / 50)
        let count = lines * 4
        let source = GridSource(counts: [count])
        let cv = makeCollectionView(layout, source)
        if !overlayScrolling {
            // Vertical only: a horizontal scrollbar that comes and goes with the first allocations
            // makes GTK lay the window out again and again (with any content size).
            gtk_scrolled_window_set_overlay_scrolling(cv.widget.opaque, 0)
            gtk_scrolled_window_set_policy(cv.widget.opaque, GTK_POLICY_NEVER, GTK_POLICY_ALWAYS)
        }
        let window = GtkHarness.window(for: cv, width: 800, height: 600)
        return (cv, layout, window, count, source)
    }

    /// The colour drawn at a point of the viewport (in its coordinates).
    @MainActor
    private static func colour(at point: (Double, Double), of cv: CollectionView, in window: WidgetPointer, saveAs name: String? = nil)
        -> (UInt8, UInt8, UInt8) {
        let shot = GtkHarness.renderedPixels(of: window, saveAs: name)
        let (x, y) = GtkHarness.windowPoint(of: cv.viewport, x: point.0, y: point.1)
        let i = y * shot.stride + x * 4
        return (shot.bytes[i + 2], shot.bytes[i + 1], shot.bytes[i])
    }

    /// scrollToItem(last, .bottom) puts the last cell's bottom at the viewport's bottom to the
    /// pixel, draws it, and the scrollbar's adjustment holds the whole content; back to the
    /// top shows the first cell at 0.
    @MainActor
    private static func checkLastItemReached(contentHeight: Double, file: StaticString = #filePath, line: UInt = #line) {
        let (cv, layout, window, count, source) = Self.open(contentHeight: contentHeight)
        defer { withExtendedLifetime(source) { GtkHarness.close(window) } }
        XCTAssertEqual(cv.contentSize.height, contentHeight, "the adjustment holds the whole content", file: file, line: line)
        XCTAssertEqual(gtk_adjustment_get_upper(cv.vadjustment), contentHeight, file: file, line: line)
        let last = IndexPath(item: count - 1, section: 0)
        cv.scrollToItem(at: last, at: .bottom, animated: false)
        XCTAssertTrue(GtkHarness.settle(cv), file: file, line: line)
        let frame = layout.layoutAttributesForItem(at: last)!.frame
        XCTAssertEqual(frame.maxY, contentHeight, file: file, line: line)
        XCTAssertEqual(cv.contentOffset.y, contentHeight - cv.bounds.height, "exactly at the end", file: file, line: line)
        guard let cell = cv.cellForItem(at: last) else { return XCTFail("the last cell is shown", file: file, line: line) }
        XCTAssertTrue(GtkHarness.waitUntilShown(cell.widget, "the last cell"), file: file, line: line)
        let shown = GtkHarness.bounds(of: cell.widget, in: cv.viewport)
        XCTAssertEqual(shown, Rect(x: 600, y: cv.bounds.height - 50, width: 200, height: 50), "to the pixel", file: file, line: line)
        let drawn = Self.colour(at: (700, cv.bounds.height - 25), of: cv, in: window, saveAs: "huge-content-\(Int(log10(contentHeight)))-end")
        XCTAssertTrue(drawn == Self.cellBlue, "the last cell is drawn: \(drawn)", file: file, line: line)
        // The row above is there too, 50 px up: positions far down are exact, not rounded.
        let above = cv.cellForItem(at: IndexPath(item: count - 5, section: 0)).flatMap { GtkHarness.bounds(of: $0.widget, in: cv.viewport) }
        XCTAssertEqual(above, Rect(x: 600, y: cv.bounds.height - 100, width: 200, height: 50), file: file, line: line)

        cv.contentOffset = .zero
        XCTAssertTrue(GtkHarness.settle(cv), file: file, line: line)
        XCTAssertEqual(cv.contentOffset.y, 0, file: file, line: line)
        guard let first = cv.cellForItem(at: IndexPath(item: 0, section: 0)) else { return XCTFail("the first cell is shown", file: file, line: line) }
        XCTAssertEqual(GtkHarness.bounds(of: first.widget, in: cv.viewport), Rect(x: 0, y: 0, width: 200, height: 50), file: file, line: line)
        XCTAssertNil(cv.cellForItem(at: last), file: file, line: line)
        let top = Self.colour(at: (100, 25), of: cv, in: window)
        XCTAssertTrue(top == Self.cellBlue, "the first cell is drawn: \(top)", file: file, line: line)
    }

    /// 1e13 px: 200 billion lines of 50 px.
    func testLastItemOf1e13PxIsPlacedExactlyAndDrawn() { MainActor.assumeIsolated {
        Self.checkLastItemReached(contentHeight: 1e13)
    }}

    /// 1e15 px, where a double still holds an eighth of a pixel.
    func testLastItemOf1e15PxIsPlacedExactlyAndDrawn() { MainActor.assumeIsolated {
        Self.checkLastItemReached(contentHeight: 1e15)
    }}

    /// Content past the adjustments' largest extent (2^53 px): a scroll to the last item goes
    /// as far as the adjustments take and lets go there, instead of holding on to an offset
    /// they cannot take (every layout round asked for another, up to the hold's limit).
    func testAScrollPastTheAdjustmentsLargestExtentLetsGoAtTheirEnd() { MainActor.assumeIsolated {
        let (cv, _, window, count, source) = Self.open(contentHeight: 2e16)
        defer { withExtendedLifetime(source) { GtkHarness.close(window) } }
        XCTAssertEqual(cv.contentSize.height, CollectionView.largestContentExtent, "the adjustments' cap")
        cv.scrollToItem(at: IndexPath(item: count - 1, section: 0), at: .bottom, animated: false)
        XCTAssertTrue(GtkHarness.settle(cv))
        GtkHarness.wait(for: "the hold to let go", timeout: 5) { !cv.isScrollingToTarget }
        XCTAssertEqual(cv.contentOffset.y, CollectionView.largestContentExtent - cv.bounds.height, "the adjustments' end")
    }}

    /// Sideways and right to left, 1e13 px wide: the start is at the right; the last item, scrolled
    /// to, is at the viewport's left edge to the pixel, drawn, with the scrollbar's slider at the
    /// left (the mirrored adjustment holds the whole content too).
    func testRightToLeftSidewaysToTheLastItemOf1e13Px() { MainActor.assumeIsolated {
        let layout = FlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = Size(width: 50, height: 150)
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        let count = Int(1e13 / 50) * 4
        let source = GridSource(counts: [count])
        let cv = makeCollectionView(layout, source)
        for widget in [cv.widget, cv.viewport, cv.canvas] { gtk_widget_set_direction(widget, GTK_TEXT_DIR_RTL) }
        let window = GtkHarness.window(for: cv, width: 800, height: 600)
        defer { withExtendedLifetime(source) { GtkHarness.close(window) } }
        XCTAssertTrue(cv.isMirrored)
        XCTAssertEqual(cv.contentSize.width, 1e13)
        let first = cv.cellForItem(at: IndexPath(item: 0, section: 0)).flatMap { GtkHarness.bounds(of: $0.widget, in: cv.viewport) }
        XCTAssertEqual(first, Rect(x: 750, y: 0, width: 50, height: 150), "the start at the right")
        let last = IndexPath(item: count - 1, section: 0)
        cv.scrollToItem(at: last, at: [], animated: false)
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertEqual(cv.contentOffset.x, 1e13 - cv.bounds.width)
        XCTAssertEqual(gtk_adjustment_get_value(cv.hadjustment), 0, "the slider at the left, where the end shows")
        guard let cell = cv.cellForItem(at: last) else { return XCTFail("the last cell is shown") }
        XCTAssertEqual(GtkHarness.bounds(of: cell.widget, in: cv.viewport), Rect(x: 0, y: 450, width: 50, height: 150), "to the pixel")
        let drawn = Self.colour(at: (25, 525), of: cv, in: window, saveAs: "huge-content-rtl-sideways-end")
        XCTAssertTrue(drawn == Self.cellBlue, "the last cell is drawn: \(drawn)")
    }}

    /// An animated scroll to the last item of 1e13 px ends there, the cell drawn; the
    /// scrollbar's adjustment, moved like a dragged slider, moves the content proportionally.
    func testAnimatedScrollAndScrollbarAcross1e13Px() { MainActor.assumeIsolated {
        cv_test_set_animations(true)  // as the tests leave it
        let (cv, _, window, count, source) = Self.open(contentHeight: 1e13)
        defer { withExtendedLifetime(source) { GtkHarness.close(window) } }
        let last = IndexPath(item: count - 1, section: 0)
        cv.scrollToItem(at: last, at: .bottom, animated: true)
        GtkHarness.wait(for: "the animated scroll to reach the end") { cv.contentOffset.y == 1e13 - cv.bounds.height }
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertEqual(cv.cellForItem(at: last).flatMap { GtkHarness.bounds(of: $0.widget, in: cv.viewport) },
                       Rect(x: 600, y: cv.bounds.height - 50, width: 200, height: 50))
        // The slider at 40%: the offset is 40% of the scrollable range.
        let adjustment = cv.vadjustment
        let range = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, (range * 0.4).rounded())
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertEqual(cv.contentOffset.y, (range * 0.4).rounded())
        let line = Int((range * 0.4).rounded() / 50)
        guard let cell = cv.cellForItem(at: IndexPath(item: line * 4, section: 0)) else { return XCTFail("the cells at 40% are shown") }
        XCTAssertEqual(GtkHarness.bounds(of: cell.widget, in: cv.viewport)?.minY, Double(line) * 50 - cv.contentOffset.y)
    }}

    /// The scrollbar of 1e13 px, dragged with the pointer: the content moves by the drag's share
    /// of the trough, as for any content, and the cells there are placed exactly.
    func testDraggingTheScrollbarAcross1e13PxMovesProportionally() { MainActor.assumeIsolated {
        let (cv, layout, window, _, source) = Self.open(contentHeight: 1e13, overlayScrolling: false)
        defer { withExtendedLifetime(source) { GtkHarness.close(window) } }
        XCTAssertGreaterThan(cv.contentSize.height, 1e13, "three a line beside the scrollbar")
        let scrollbar = gtk_scrolled_window_get_vscrollbar(cv.widget.opaque)!
        var slider: WidgetPointer?, trough: WidgetPointer?
        func find(_ widget: WidgetPointer) {
            let name = String(cString: gtk_widget_get_css_name(widget))
            if name == "slider" { slider = widget }
            if name == "trough" { trough = widget }
            var child = gtk_widget_get_first_child(widget)
            while let c = child { find(c); child = gtk_widget_get_next_sibling(c) }
        }
        find(scrollbar)
        guard let slider, let trough else { return XCTFail("the scrollbar has a trough and a slider") }
        XCTAssertTrue(GtkHarness.waitUntilShown(slider, "the slider"))
        let travel = Double(gtk_widget_get_height(trough) - gtk_widget_get_height(slider))
        XCTAssertGreaterThan(travel, 300)
        let start = GtkHarness.windowPoint(of: slider, x: Double(gtk_widget_get_width(slider)) / 2, y: Double(gtk_widget_get_height(slider)) / 2)
        GtkHarness.pointer(window, at: start, then: ["mousedown", "1", "sleep", "0.05", "mousemove_relative", "--", "0", "100",
                                                     "sleep", "0.05", "mousemove_relative", "--", "0", "100", "sleep", "0.05", "mouseup", "1"])
        GtkHarness.wait(for: "the drag to scroll") { cv.contentOffset.y > 0 }
        XCTAssertTrue(GtkHarness.settle(cv))
        let range = cv.contentSize.height - cv.bounds.height
        // GTK's own travel is the trough's inside (less its padding): a few px of slack.
        XCTAssertEqual(cv.contentOffset.y / range, 200 / travel, accuracy: 10 / travel, "200 px of \(travel) px of travel")
        let there = layout.layoutAttributesForElements(in: cv.bounds)
        XCTAssertFalse(there.isEmpty)
        for attributes in there {
            guard let cell = cv.cellForItem(at: attributes.indexPath) else { return XCTFail("item \(attributes.indexPath.item) is shown") }
            // The slider leaves a fraction of a pixel, which GTK's floats hold to a thousandth.
            let shown = GtkHarness.bounds(of: cell.widget, in: cv.viewport)?.minY ?? .nan
            XCTAssertEqual(shown, attributes.frame.minY - cv.contentOffset.y, accuracy: 0.01)
        }
    }}

    /// A billion items (1.25e10 px, past GTK's 32 bits, four a line): everything selected,
    /// prefetching on, scrolled to the end and back. The selection is ranges and prefetching asks
    /// the layout for rectangles, so the process grows by far less than a byte an item would take.
    func testABillionItemsSelectAndPrefetchWithoutStoringAnythingPerItem() { MainActor.assumeIsolated {
        let before = Self.residentBytes()
        let (cv, _, window, count, source) = Self.open(contentHeight: 1_000_000_000 / 4 * 50)
        defer { withExtendedLifetime(source) { GtkHarness.close(window) } }
        XCTAssertEqual(count, 1_000_000_000)
        let prefetch = PrefetchRecorder()
        cv.prefetchDataSource = prefetch
        cv.allowsMultipleSelection = true
        cv.selectAllItems()
        XCTAssertEqual(cv.selectedItemCount, count)
        let last = IndexPath(item: count - 1, section: 0)
        cv.scrollToItem(at: last, at: .bottom, animated: false)
        XCTAssertTrue(GtkHarness.settle(cv))
        guard let cell = cv.cellForItem(at: last) else { return XCTFail("the last cell is shown") }
        XCTAssertTrue(cell.isSelected)
        cv.deselectItem(at: last, animated: false)
        XCTAssertEqual(cv.selectedItemCount, count - 1)
        XCTAssertFalse(cv.isItemSelected(at: last))
        XCTAssertTrue(cv.isItemSelected(at: IndexPath(item: count - 2, section: 0)))
        // A few lines scrolled up: what comes next is announced, a viewport's worth, not more.
        cv.contentOffset = Point(x: 0, y: cv.contentOffset.y - 2_000)
        XCTAssertTrue(GtkHarness.settle(cv))
        cv.contentOffset = .zero
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertGreaterThan(prefetch.announced, 0)
        XCTAssertLessThan(prefetch.announced, 2_000)
        XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 0, section: 0))?.isSelected ?? false)
        let grown = Self.residentBytes() - before
        XCTAssertLessThan(grown, 200 << 20, "grew \(grown >> 20) MB for a billion items")
    }}

    /// Resident memory of this process, in bytes.
    private static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// A layout of a cell 3e9 px wide and one that starts 1e12 px before what shows (2e12
    /// wide): both are shown, clipped to what shows and allocated that, and drawn; scrolled to
    /// the middle of the wide one, it still covers the viewport. `mirrored`: right to left.
    @MainActor
    private static func checkHugeFramesShownClipped(mirrored: Bool, file: StaticString = #filePath, line: UInt = #line) {
        let layout = HugeFramesLayout()
        let wide = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        wide.frame = Rect(x: 0, y: 0, width: 3e9, height: 100)
        let early = LayoutAttributes(forCellWith: IndexPath(item: 1, section: 0))
        early.frame = Rect(x: -1e12, y: 200, width: 2e12, height: 100)
        layout.attributes = [wide, early]
        layout.contentSize = Size(width: 3e9, height: 600)
        let source = GridSource(counts: [2])
        let cv = makeCollectionView(layout, source)
        var errors: [String] = []
        cv.errorHandler = { errors.append("\($0)") }
        if mirrored {
            for widget in [cv.widget, cv.viewport, cv.canvas] { gtk_widget_set_direction(widget, GTK_TEXT_DIR_RTL) }
        }
        let window = GtkHarness.window(for: cv, width: 800, height: 600)
        defer { withExtendedLifetime(source) { GtkHarness.close(window) } }
        XCTAssertEqual(cv.isMirrored, mirrored, file: file, line: line)
        for offset in [0, 1.5e9] {
            cv.contentOffset = Point(x: offset, y: 0)
            XCTAssertTrue(GtkHarness.settle(cv), file: file, line: line)
            XCTAssertEqual(cv.contentOffset.x, offset, file: file, line: line)
            for (item, y) in [(0, 0.0), (1, 200.0)] {
                guard let cell = cv.cellForItem(at: IndexPath(item: item, section: 0)) else {
                    XCTFail("item \(item) is shown at \(offset)", file: file, line: line)
                    continue
                }
                XCTAssertNotEqual(gtk_widget_get_mapped(cell.widget), 0, "item \(item) is mapped", file: file, line: line)
                let width = Double(gtk_widget_get_width(cell.widget))
                XCTAssertGreaterThanOrEqual(width, cv.bounds.width, "item \(item) allocated at least what shows", file: file, line: line)
                XCTAssertLessThan(width, Double(Int32.max / 2), "item \(item) allocated what GTK holds", file: file, line: line)
                guard let shown = GtkHarness.bounds(of: cell.widget, in: cv.viewport) else { continue }
                XCTAssertLessThanOrEqual(shown.minX, 0, "item \(item) covers the viewport's left", file: file, line: line)
                XCTAssertGreaterThanOrEqual(shown.maxX, cv.bounds.width, "and its right", file: file, line: line)
                XCTAssertEqual(shown.minY, y, file: file, line: line)
                XCTAssertEqual(shown.height, 100, file: file, line: line)
            }
            // Drawn: the cells' blue across the viewport (their clipped ends, with the border
            // and rounded corners, are far outside), white between them.
            let shot = GtkHarness.renderedPixels(of: window, saveAs: "huge-frames-\(mirrored ? "rtl" : "ltr")-at-\(Int(offset))")
            func colour(_ x: Double, _ y: Double) -> (UInt8, UInt8, UInt8) {
                let (wx, wy) = GtkHarness.windowPoint(of: cv.viewport, x: x, y: y)
                let i = wy * shot.stride + wx * 4
                return (shot.bytes[i + 2], shot.bytes[i + 1], shot.bytes[i])
            }
            for x in [5.0, 400, 795] {
                XCTAssertTrue(colour(x, 50) == Self.cellBlue, "the wide cell at x \(x): \(colour(x, 50))", file: file, line: line)
                XCTAssertTrue(colour(x, 250) == Self.cellBlue, "the early cell at x \(x): \(colour(x, 250))", file: file, line: line)
                XCTAssertTrue(colour(x, 150) == Self.viewportWhite, "nothing between at x \(x): \(colour(x, 150))", file: file, line: line)
            }
        }
        XCTAssertEqual(errors, [], "finite frames are not refused", file: file, line: line)
    }

    /// A cell 3e9 px wide scaled to half about its centre (as an insert animation or a zoom
    /// transition does) shows where the transform puts it, 0.75e9 to 2.25e9 px across and half
    /// its height: its left end scrolled to the viewport's middle, then its right end; right to
    /// left, mirrored. The part clipped out for GTK is the part the transform brings into view.
    @MainActor
    private static func checkHugeScaledFrameShownWhereItShould(mirrored: Bool, file: StaticString = #filePath, line: UInt = #line) {
        let layout = HugeFramesLayout()
        let wide = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        wide.frame = Rect(x: 0, y: 0, width: 3e9, height: 100)
        wide.transform3D = Transform3D(scaleX: 0.5, y: 0.5)
        layout.attributes = [wide]
        layout.contentSize = Size(width: 3e9, height: 600)
        let source = GridSource(counts: [1])
        let cv = makeCollectionView(layout, source)
        if mirrored {
            for widget in [cv.widget, cv.viewport, cv.canvas] { gtk_widget_set_direction(widget, GTK_TEXT_DIR_RTL) }
        }
        let window = GtkHarness.window(for: cv, width: 800, height: 600)
        defer { withExtendedLifetime(source) { GtkHarness.close(window) } }
        XCTAssertEqual(cv.isMirrored, mirrored, file: file, line: line)
        // (offset, the end that shows at the viewport's middle)
        for (offset, leftEnd) in [(0.75e9 - 400, true), (2.25e9 - 400, false)] {
            cv.contentOffset = Point(x: offset, y: 0)
            XCTAssertTrue(GtkHarness.settle(cv), file: file, line: line)
            XCTAssertEqual(cv.contentOffset.x, offset, file: file, line: line)
            guard let cell = cv.cellForItem(at: IndexPath(item: 0, section: 0)) else {
                return XCTFail("the cell is shown at \(offset)", file: file, line: line)
            }
            XCTAssertTrue(GtkHarness.waitUntilShown(cell.widget, "the scaled cell"), file: file, line: line)
            let shot = GtkHarness.renderedPixels(of: window, saveAs: "huge-scaled-\(mirrored ? "rtl" : "ltr")-\(leftEnd ? "start" : "end")")
            func colour(_ x: Double, _ y: Double) -> (UInt8, UInt8, UInt8) {
                let (wx, wy) = GtkHarness.windowPoint(of: cv.viewport, x: x, y: y)
                let i = wy * shot.stride + wx * 4
                return (shot.bytes[i + 2], shot.bytes[i + 1], shot.bytes[i])
            }
            // The cell lies past its end's side of the middle: right of it for the left end
            // (left of it when mirrored), and 25 to 75 px down.
            let cellSide = leftEnd != mirrored ? 600.0 : 200.0, emptySide = 800 - cellSide
            let what = "\(leftEnd ? "left" : "right") end, mirrored \(mirrored)"
            XCTAssertTrue(colour(cellSide, 50) == Self.cellBlue, "the cell beside its \(what): \(colour(cellSide, 50))", file: file, line: line)
            XCTAssertTrue(colour(emptySide, 50) == Self.viewportWhite, "nothing past its \(what): \(colour(emptySide, 50))", file: file, line: line)
            for y in [10.0, 90.0] {
                XCTAssertTrue(colour(cellSide, y) == Self.viewportWhite, "half its height, at y \(y): \(colour(cellSide, y))", file: file, line: line)
            }
        }
    }

    func testHugeFrameScaledAboutItsCentreShowsWhereItShould() { MainActor.assumeIsolated {
        Self.checkHugeScaledFrameShownWhereItShould(mirrored: false)
    }}

    func testHugeFrameScaledAboutItsCentreShowsWhereItShouldRightToLeft() { MainActor.assumeIsolated {
        Self.checkHugeScaledFrameShownWhereItShould(mirrored: true)
    }}

    /// Placement alone, over a family of 2D transforms (scales up and down, a rotation, a
    /// shear, a translation), mirrored or not, for frames 3e9 and 2e12 px wide seen at several
    /// places along them: every point of the allocated part lands where the whole frame's
    /// transform about its centre puts it (in doubles), to a quarter of a pixel, and the part
    /// covers the canvas wherever the transformed frame does.
    func testClippedTransformedPlacementLandsWhereTheWholeFramesTransformPutsIt() { MainActor.assumeIsolated {
        var sheared = Transform3D.identity
        (sheared.m12, sheared.m21, sheared.m41, sheared.m42) = (0.3, 0.2, 17, 3)
        let transforms = [
            Transform3D(scaleX: 0.5, y: 0.5), Transform3D(scaleX: 2, y: 0.7), Transform3D(scaleX: 0.1, y: 1),
            Transform3D(rotationAngle: 0.4, x: 0, y: 0, z: 1), Transform3D(translationX: 1234.5, y: -20), sheared,
        ]
        for width in [3e9, 2e12] {
            let whole = Rect(x: 0, y: 0, width: width, height: 100)
            for t in transforms {
                let centre = (x: whole.midX, y: whole.midY)
                // Where the whole frame's transform puts a point of it (relative to the frame's origin).
                func landing(_ u: (x: Double, y: Double)) -> (x: Double, y: Double) {
                    let (dx, dy) = (u.x - centre.x, u.y - centre.y)
                    return (centre.x + dx * t.m11 + dy * t.m21 + t.m41, centre.y + dx * t.m12 + dy * t.m22 + t.m42)
                }
                // Offsets that put the transformed frame's left end, middle and right end at the canvas.
                let left = landing((0, 0)).x, right = landing((width, 0)).x
                for seen in [min(left, right), (left + right) / 2, max(left, right) - 800] {
                    let offset = Point(x: seen - 20_000, y: 0)
                    let attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
                    attributes.frame = whole
                    attributes.transform3D = t
                    for mirrored in [false, true] {
                        let ((w, h), transform) = placement(attributes, offset: offset, mirrored: mirrored)
                        defer { gsk_transform_unref(transform) }
                        let relative = Rect(x: -offset.x, y: 0, width: width, height: 100)
                        let part = clippedPart(of: relative, transformedBy: t)
                        XCTAssertEqual(Double(w), part.width.rounded())
                        XCTAssertLessThanOrEqual(Double(w), 2 * placementReach, "allocated what GTK holds")
                        // A part with no size (nothing of the frame comes near) draws nothing.
                        guard w > 0 else { continue }
                        XCTAssertEqual(h, 100)
                        for (qx, qy) in [(0.0, 0.0), (Double(w), 0), (Double(w) / 3, 100), (Double(w), 100)] {
                            var p = graphene_point_t(x: Float(qx), y: Float(qy)), out = graphene_point_t()
                            gsk_transform_transform_point(transform, &p, &out)
                            // Mirrored, the view's content is flipped back about its centre.
                            let ux = part.minX + (mirrored ? Double(w) - qx : qx)
                            let expected = landing((ux + offset.x, qy))
                            let label = "\(t) width \(width) seen at \(seen) mirrored \(mirrored), (\(qx), \(qy))"
                            XCTAssertEqual(Double(out.x), expected.x - offset.x, accuracy: 0.25, label)
                            XCTAssertEqual(Double(out.y), expected.y, accuracy: 0.25, label)
                        }
                        // Scaled along the axes: the canvas's span, wherever the frame lands, comes from the part.
                        guard t.m12 == 0, t.m21 == 0 else { continue }
                        for x in stride(from: 0.0, through: 40_000, by: 5_000) where (min(left, right)...max(left, right)).contains(x + offset.x) {
                            let ux = centre.x + (x + offset.x - centre.x - t.m41) / t.m11 - offset.x
                            XCTAssertTrue(ux >= part.minX - 0.5 && ux <= part.maxX + 0.5,
                                          "\(t) width \(width): canvas x \(x) comes from the part \(part)")
                        }
                    }
                }
            }
        }
    }}

    func testFrameWiderThanGtkAllocatesIsShownClipped() { MainActor.assumeIsolated {
        Self.checkHugeFramesShownClipped(mirrored: false)
    }}

    func testFrameWiderThanGtkAllocatesIsShownClippedRightToLeft() { MainActor.assumeIsolated {
        Self.checkHugeFramesShownClipped(mirrored: true)
    }}
}

/// Fixed attributes, flipped right to left as the flow layout is.
@MainActor
private final class HugeFramesLayout: CollectionViewLayout {
    var attributes: [LayoutAttributes] = []
    var contentSize = Size.zero
    override var flipsHorizontallyInOppositeLayoutDirection: Bool { true }
    override var collectionViewContentSize: Size { contentSize }
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { attributes.filter { $0.frame.intersects(rect) } }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        attributes.first { $0.indexPath == indexPath }
    }
}

/// Counts the items the view announced ahead.
@MainActor
private final class PrefetchRecorder: CollectionViewDataSourcePrefetching {
    var announced = 0
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) { announced += indexPaths.count }
}
