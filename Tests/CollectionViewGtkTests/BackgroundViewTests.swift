import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// Counts as a data source, and the delegate's context menu calls recorded.
@MainActor
private final class SpacedItems: CollectionViewDataSource, CollectionViewDelegate {
    var counts: [Int]
    var menuCalls: [[IndexPath]] = []
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: NumberCell = collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
        cell.shownPath = indexPath
        return cell
    }
    func collectionView(_ collectionView: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
                        point: Point) -> ContextMenuConfiguration? {
        menuCalls.append(indexPaths)
        return ContextMenuConfiguration(items: [ContextMenuItem("Select All") { _ in }])
    }
}

/// `backgroundView`: a widget under the canvas that fills the viewport, stays put while the
/// content scrolls, is replaced and removed cleanly, takes no press a cell should get and lets
/// presses on empty space reach the view; drawn through the tile cache, the tiles let it show.
final class BackgroundViewTests: XCTestCase {
    /// Two bands of colour, red over green, each half the widget's height.
    @MainActor
    static func twoColourBackground() -> WidgetPointer {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        for colour in ["bg-red", "bg-green"] {
            let band = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_add_css_class(band, colour)
            gtk_widget_set_vexpand(band, 1)
            gtk_box_append(box.as(GtkBox.self), band)
        }
        return box
    }

    /// The colours of `twoColourBackground`, once per process.
    @MainActor
    static let backgroundStyle: Void = {
        precondition(GtkHarness.available, "GTK could not open a display: run the tests under xvfb-run")
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, ".bg-red { background: #ff0000; } .bg-green { background: #00ff00; }", -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider), 900)
    }()

    @MainActor
    private static func open(_ counts: [Int], multiple: Bool = false) -> (CollectionView, SpacedItems, WidgetPointer) {
        _ = Self.backgroundStyle
        let flow = FlowLayout()
        flow.itemSize = Size(width: 100, height: 100)
        flow.minimumInteritemSpacing = 40
        flow.minimumLineSpacing = 40
        let cv = bareCollectionView(flow)
        cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
        let data = SpacedItems(counts)
        cv.dataSource = data
        cv.delegate = data
        cv.allowsMultipleSelection = multiple
        // No scroll bars: nothing fades over the pixels read.
        gtk_scrolled_window_set_policy(cv.widget.opaque, GTK_POLICY_EXTERNAL, GTK_POLICY_EXTERNAL)
        let window = GtkHarness.window(for: cv, width: 800, height: 600)
        return (cv, data, window)
    }

    /// The viewport's children in order.
    @MainActor
    private static func children(of viewport: WidgetPointer) -> [WidgetPointer] {
        var result: [WidgetPointer] = []
        var child = gtk_widget_get_first_child(viewport)
        while let c = child { result.append(c); child = gtk_widget_get_next_sibling(c) }
        return result
    }

    @MainActor
    private static func assertFillsTheViewport(_ cv: CollectionView, _ widget: WidgetPointer, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let bounds = GtkHarness.bounds(of: widget, in: cv.viewport)
        XCTAssertEqual(bounds, Rect(x: 0, y: 0, width: Double(gtk_widget_get_width(cv.viewport)), height: Double(gtk_widget_get_height(cv.viewport))),
                       what, file: file, line: line)
    }

    func testItIsUnderTheCanvasFillsTheViewportAndStaysPutWhileScrolling() { MainActor.assumeIsolated {
        let (cv, data, window) = Self.open([300])
        defer { GtkHarness.close(window); withExtendedLifetime(data) {} }
        let background = Self.twoColourBackground()
        g_object_ref_sink(raw(background))  // the test's own reference, to look at it after it goes
        defer { g_object_unref(raw(background)) }
        cv.backgroundView = background
        XCTAssertTrue(cv.backgroundView == background)
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertTrue(gtk_widget_get_parent(background) == cv.viewport)
        let order = Self.children(of: cv.viewport)
        XCTAssertTrue(order.first == background, "drawn first")
        XCTAssertLessThan(order.firstIndex(of: background)!, order.firstIndex(of: cv.canvas)!, "under the canvas")
        Self.assertFillsTheViewport(cv, background, "at first")

        cv.contentOffset = Point(x: 0, y: 900)
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertEqual(cv.contentOffset.y, 900)
        Self.assertFillsTheViewport(cv, background, "scrolled")

        gtk_window_set_default_size(window.as(GtkWindow.self), 600, 450)
        GtkHarness.wait(for: "the smaller window") { gtk_widget_get_width(cv.viewport) == 600 && gtk_widget_get_height(cv.viewport) == 450 }
        XCTAssertTrue(GtkHarness.settle(cv))
        Self.assertFillsTheViewport(cv, background, "resized")
        GtkHarness.screenshot(window, name: "background-view-scrolled")

        // Replaced: the old one is out, the new one in its place; nil: none is left.
        let other = gtk_label_new("Other")!
        cv.backgroundView = other
        XCTAssertNil(gtk_widget_get_parent(background), "the old one was unparented")
        XCTAssertTrue(gtk_widget_get_parent(other) == cv.viewport)
        XCTAssertTrue(Self.children(of: cv.viewport).first == other)
        XCTAssertTrue(GtkHarness.settle(cv))
        Self.assertFillsTheViewport(cv, other, "the new one")
        cv.backgroundView = nil
        XCTAssertNil(cv.backgroundView)
        XCTAssertTrue(Self.children(of: cv.viewport).first == cv.canvas, "nothing under the canvas")
        XCTAssertTrue(GtkHarness.settle(cv))
        // The removed widget is the app's again: it can go into another view.
        cv.backgroundView = background
        XCTAssertTrue(gtk_widget_get_parent(background) == cv.viewport)
    }}

    /// A widget already in another widget is refused with a report, and the background stays.
    func testAWidgetWithAParentIsReported() { MainActor.assumeIsolated {
        let (cv, data, window) = Self.open([10])
        defer { GtkHarness.close(window); withExtendedLifetime(data) {} }
        var reports: [CollectionViewError] = []
        cv.errorHandler = { reports.append($0) }
        let mine = gtk_label_new("mine")!
        cv.backgroundView = mine
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        g_object_ref_sink(raw(box))
        defer { g_object_unref(raw(box)) }
        let taken = gtk_label_new("taken")!
        gtk_box_append(box.as(GtkBox.self), taken)
        cv.backgroundView = taken
        XCTAssertEqual(reports, [.widgetHasParent(property: "backgroundView", type: "GtkLabel")])
        XCTAssertTrue("\(reports[0])".contains("already in another widget"))
        XCTAssertTrue(cv.backgroundView == mine, "the background stayed")
        XCTAssertTrue(gtk_widget_get_parent(taken) == box)
    }}

    /// Over the background, a cell gets its press and empty space gives it to the view: GTK's
    /// picking finds the cell over it and the background (not the canvas) between cells; a
    /// click selects the cell; a drag from empty space draws the rubber band; a secondary click
    /// there opens the context menu of empty space.
    func testPressesOnCellsAndEmptySpace() { MainActor.assumeIsolated {
        let (cv, data, window) = Self.open([60], multiple: true)
        defer { GtkHarness.close(window); withExtendedLifetime(data) {} }
        let background = Self.twoColourBackground()
        cv.backgroundView = background
        XCTAssertTrue(GtkHarness.settle(cv))
        let layout = cv.collectionViewLayout
        @MainActor func frame(_ item: Int) -> Rect { layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame }
        let gap = Point(x: (frame(0).maxX + frame(1).minX) / 2, y: frame(0).midY)
        let picked = gtk_widget_pick(cv.viewport, gap.x, gap.y, GTK_PICK_DEFAULT)
        XCTAssertTrue(picked == background || picked.map { gtk_widget_is_ancestor($0, background) != 0 } == true,
                      "empty space picks the background, not the canvas")
        let onCell = gtk_widget_pick(cv.viewport, frame(1).midX, frame(1).midY, GTK_PICK_DEFAULT)!
        XCTAssertTrue(onCell == cv.cellForItem(at: IndexPath(item: 1, section: 0))!.widget
                      || gtk_widget_is_ancestor(onCell, cv.cellForItem(at: IndexPath(item: 1, section: 0))!.widget) != 0)

        // A click on a cell selects it.
        GtkHarness.pointer(window, at: GtkHarness.centre(of: cv.cellForItem(at: IndexPath(item: 1, section: 0))!, in: window), then: ["click", "1"])
        GtkHarness.wait(for: "the click to select item 1") { cv.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)] }

        // A drag from the gap between 0 and 1 to the middle of item 8 selects what the band touches.
        let from = GtkHarness.windowPoint(of: cv.viewport, x: gap.x, y: gap.y)
        let to = GtkHarness.windowPoint(of: cv.viewport, x: frame(8).midX, y: frame(8).midY)
        var commands = ["mousedown", "1", "sleep", "0.05"]
        for step in 1...8 {
            commands += ["mousemove", "--window", GtkHarness.xid(of: window), String(from.0 + (to.0 - from.0) * step / 8),
                         String(from.1 + (to.1 - from.1) * step / 8), "sleep", "0.03"]
        }
        GtkHarness.pointer(window, at: from, then: commands)
        GtkHarness.wait(for: "the band to select what it touches") { cv.interaction.pointerDrag?.bandRect != nil && cv.indexPathsForSelectedItems.count > 1 }
        GtkHarness.xdotool(["mouseup", "1"])
        GtkHarness.roundTrip()
        XCTAssertTrue(cv.indexPathsForSelectedItems.contains(IndexPath(item: 8, section: 0)), "\(cv.indexPathsForSelectedItems)")
        XCTAssertNil(cv.interaction.pointerDrag?.bandRect)

        // A secondary click on empty space: the context menu of empty space.
        GtkHarness.pointer(window, at: from, then: ["click", "3"])
        GtkHarness.wait(for: "the context menu of empty space") { data.menuCalls.contains([]) }
        XCTAssertEqual(cv.interaction.contextMenuItems, [])
        GtkHarness.keys("Escape")
        GtkHarness.wait(for: "the menu to close") { cv.interaction.menu.map { gtk_widget_get_mapped($0) == 0 } ?? true }
    }}

    /// Drawn through the tile cache and scrolled, the background shows between the cells as it
    /// is, red above and green below: the tiles are pictures of the views alone, not of what
    /// was under them when they were drawn.
    func testTheTileCacheLetsTheBackgroundShowThrough() { MainActor.assumeIsolated {
        let (cv, data, window) = Self.open([300])
        defer { GtkHarness.close(window); withExtendedLifetime(data) {} }
        cv.drawsThroughTileCache = true
        cv.backgroundView = Self.twoColourBackground()
        XCTAssertTrue(GtkHarness.settle(cv))
        _ = GtkHarness.waitForFrames(3, of: window)
        cv.contentOffset = Point(x: 0, y: 1000)
        XCTAssertTrue(GtkHarness.settle(cv))
        let pixels = TileCacheTests.pixels(window, saveAs: "background-view-tiles")
        XCTAssertTrue(cv.drewThroughTileCache, "drawn through the tiles")
        XCTAssertGreaterThan(cv.tileCacheStatistics.tiles, 0)
        let layout = cv.collectionViewLayout
        let offset = cv.contentOffset
        let height = Double(gtk_widget_get_height(cv.viewport))
        // Gaps between two cells of a row near the top and one near the bottom of the viewport.
        let rows = layout.layoutAttributesForElements(in: cv.bounds).filter { $0.frame.minY >= offset.y && $0.frame.maxY <= offset.y + height }
            .sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
        guard let top = rows.first, let bottom = rows.last,
              let topNext = rows.first(where: { $0.frame.minY == top.frame.minY && $0.frame.minX > top.frame.minX }),
              let bottomBefore = rows.last(where: { $0.frame.minY == bottom.frame.minY && $0.frame.minX < bottom.frame.minX }) else {
            return XCTFail("no two cells in a row")
        }
        let scale = Int(gtk_widget_get_scale_factor(window))  // the pixels are device pixels
        let width = Int(gtk_widget_get_width(window)) * scale
        @MainActor func colour(_ x: Double, _ y: Double) -> (UInt8, UInt8, UInt8) {
            let (wx, wy) = GtkHarness.windowPoint(of: cv.viewport, x: x - offset.x, y: y - offset.y)
            let i = (wy * scale * width + wx * scale) * 4
            return (pixels[i + 2], pixels[i + 1], pixels[i])  // B, G, R, A in memory
        }
        let red = colour((top.frame.maxX + topNext.frame.minX) / 2, top.frame.midY)
        let green = colour((bottomBefore.frame.maxX + bottom.frame.minX) / 2, bottom.frame.midY)
        XCTAssertTrue(red == (255, 0, 0), "red between the top cells: \(red)")
        XCTAssertTrue(green == (0, 255, 0), "green between the bottom cells: \(green)")
    }}
}
