import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// Labelled cells and section headers over a flow layout, some of them semi-transparent.
@MainActor
final class Labels: CollectionViewDataSource, CollectionViewDelegate {
    var counts = Array(repeating: 50, count: 20)
    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: LabelCell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
        cell.text = "Item \(indexPath.section).\(indexPath.item) ✓ ąé"
        return cell
    }
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ReusableView {
        let view: LabelSupplementaryView = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "title", for: indexPath)
        view.text = "Section \(indexPath.section)"
        return view
    }
}

/// The tile cache draws what drawing the views draws, pixel for pixel: the same window
/// rendered with the cache and without it, at scroll offsets reached by scrolling with the
/// cache on (its tiles drawn earlier and moved), with a hovered cell, selected cells, and
/// during an animated update (views are then drawn directly).
final class TileCacheTests: XCTestCase {
    @MainActor
    static func open(mirrored: Bool = false, pinned: Bool = false) -> (CollectionView, Labels, WidgetPointer) {
        let flow = FlowLayout()
        flow.itemSize = Size(width: 137, height: 47)
        flow.minimumLineSpacing = 5.5  // rows at fractional positions
        flow.minimumInteritemSpacing = 3
        flow.headerReferenceSize = Size(width: 0, height: 31)
        flow.sectionHeadersPinToVisibleBounds = pinned
        let cv = bareCollectionView(flow)
        cv.register(LabelCell.self, forCellWithReuseIdentifier: "label")
        cv.register(LabelSupplementaryView.self, forSupplementaryViewOfKind: FlowLayout.elementKindSectionHeader, withReuseIdentifier: "title")
        let labels = Labels()
        cv.dataSource = labels
        cv.delegate = labels
        cv.allowsMultipleSelection = true
        if mirrored { for widget in [cv.widget, cv.viewport, cv.canvas] { gtk_widget_set_direction(widget, GTK_TEXT_DIR_RTL) } }
        // No scroll bars: they fade in and out, so two renderings a moment apart would differ.
        gtk_scrolled_window_set_policy(cv.widget.opaque, GTK_POLICY_EXTERNAL, GTK_POLICY_EXTERNAL)
        let window = GtkHarness.window(for: cv, width: 700, height: 500)
        XCTAssertTrue(GtkHarness.settle(cv))
        return (cv, labels, window)
    }

    /// The window's pixels as its renderer draws them now: the node of its last frame, which
    /// GTK drops when the window is to be drawn again, so this waits for that frame (a slow
    /// renderer such as software GL can take longer than a pump).
    @MainActor
    static func pixels(_ window: WidgetPointer, saveAs name: String? = nil) -> [UInt8] {
        GtkHarness.renderedPixels(of: window, deviceScale: true, saveAs: name).bytes
    }

    /// The view drawn with the cache on and off at the same state: the same pixels, and the
    /// cache held tiles. Run under cairo and GL on X11 (scale 1 and 2), and under Wayland (GL and
    /// cairo). A label that the viewport's edge cuts is drawn directly as a cut run of
    /// glyphs, which the renderers draw a little otherwise than the whole run a band holds (cairo
    /// at scale 2: a glyph's edge pixel far from the cut, by up to 30 of 255; GL: by up to 51):
    /// inside the views the edge cuts, pixels may differ by that much; everywhere else they must
    /// be the same.
    @MainActor
    private static func compare(_ cv: CollectionView, _ window: WidgetPointer, _ what: String, cached given: [UInt8]? = nil,
                                file: StaticString = #filePath, line: UInt = #line) {
        cv.drawsThroughTileCache = true
        let cached = given ?? pixels(window, saveAs: "tc-\(what)-cached")
        let tiles = cv.tileCacheStatistics.tiles
        cv.drawsThroughTileCache = false
        let direct = pixels(window, saveAs: "tc-\(what)-direct")
        cv.drawsThroughTileCache = true
        XCTAssertFalse(direct.isEmpty, file: file, line: line)
        XCTAssertEqual(cached.count, direct.count, file: file, line: line)
        let scale = Int(gtk_widget_get_scale_factor(window))
        let width = Int(gtk_widget_get_width(window)) * scale
        let cutTolerance = 64
        let viewport = GtkHarness.bounds(of: cv.viewport, in: window) ?? Rect(x: 0, y: 0, width: 0, height: 0)
        func device(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int { Int((value * Double(scale)).rounded(rule)) }
        // The views the viewport's edge cuts, in device pixels: every pixel they cover, even in
        // part (their edges lie at fractional positions).
        let views: [ReusableView] = cv.visibleCells + cv.visibleSupplementaryViews(ofKind: FlowLayout.elementKindSectionHeader)
        let cut: [(Int, Int, Int, Int)] = views.compactMap { view in
            guard let b = GtkHarness.bounds(of: view.widget, in: window), b.intersects(viewport),
                  !(b.minY >= viewport.minY && b.maxY <= viewport.maxY && b.minX >= viewport.minX && b.maxX <= viewport.maxX) else { return nil }
            return (device(b.minX, .down), device(b.minY, .down), device(b.maxX, .up), device(b.maxY, .up))
        }
        func nearTheEdge(_ x: Int, _ y: Int) -> Bool {
            cut.contains { x >= $0.0 && x < $0.2 && y >= $0.1 && y < $0.3 }
        }
        var inside = 0, atTheEdge = 0, largestInside = 0, largestAtTheEdge = 0
        var minX = Int.max, minY = Int.max, maxX = 0, maxY = 0
        for i in 0..<min(cached.count, direct.count) where cached[i] != direct[i] {
            let difference = abs(Int(cached[i]) - Int(direct[i]))
            let x = (i / 4) % width, y = (i / 4) / width
            if nearTheEdge(x, y) {
                atTheEdge += 1
                largestAtTheEdge = max(largestAtTheEdge, difference)
            } else {
                inside += 1
                largestInside = max(largestInside, difference)
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        if inside + atTheEdge > 0 {
            let whereInside = inside > 0 ? " in x \(minX)...\(maxX) y \(minY)...\(maxY)" : ""
            print("DIFF \(what) at scale \(scale): \(inside) bytes elsewhere (largest \(largestInside)\(whereInside)), "
                  + "\(atTheEdge) in the \(cut.count) views the viewport's edge cuts (largest \(largestAtTheEdge))")
        }
        XCTAssertEqual(inside, 0, "\(what): \(inside) bytes differ", file: file, line: line)
        XCTAssertLessThanOrEqual(largestAtTheEdge, cutTolerance, "\(what): in the views the viewport's edge cuts", file: file, line: line)
        if inside > 0 { GtkHarness.screenshot(window, name: "tile-cache-\(what)") }
        XCTAssertGreaterThan(tiles, 0, "\(what): drawn through tiles", file: file, line: line)
    }

    func testTheCacheDrawsWhatTheViewsDraw() { MainActor.assumeIsolated {
        let (cv, labels, window) = Self.open()
        defer { GtkHarness.close(window); _ = labels }
        cv.drawsThroughTileCache = true
        Self.compare(cv, window, "at the top")
        // Scrolled with the cache on: tiles drawn at one offset are shown at the next ones.
        var rendersBefore = cv.tileCacheStatistics.renders
        for (step, y) in [7.0, 33.5, 260, 261.25, 900, 3001.7].enumerated() {
            cv.contentOffset = Point(x: 0, y: y)
            _ = Self.pixels(window)
            Self.compare(cv, window, "scrolled \(step) to \(y)")
        }
        // Back and forth within the tiles drawn: no tile is drawn again.
        cv.contentOffset = Point(x: 0, y: 3000)
        _ = Self.pixels(window)
        cv.contentOffset = Point(x: 0, y: 3020)
        _ = Self.pixels(window)
        rendersBefore = cv.tileCacheStatistics.renders
        for y in [3000.0, 3020, 3010, 3000] {
            cv.contentOffset = Point(x: 0, y: y)
            _ = Self.pixels(window)
        }
        XCTAssertEqual(cv.tileCacheStatistics.renders, rendersBefore, "scrolling within 20 px redraws no tile")

        // Selection and hover change cells: their tiles are drawn again.
        let shown = cv.indexPathsForVisibleItems.sorted()
        cv.selectItem(at: shown[3], animated: false, scrollPosition: [])
        cv.selectItem(at: shown[10], animated: false, scrollPosition: [])
        Self.compare(cv, window, "selected")
        if GtkHarness.drivesInputThroughX11, let cell = cv.cellForItem(at: shown[5]) {
            // xdotool moves in the window's device pixels.
            let (x, y) = GtkHarness.centre(of: cell, in: window), scale = Int(gtk_widget_get_scale_factor(window))
            GtkHarness.pointer(window, at: (x * scale, y * scale))
            XCTAssertTrue(GtkHarness.pump { gtk_widget_get_state_flags(cell.widget).rawValue & GTK_STATE_FLAG_PRELIGHT.rawValue != 0 })
            Self.compare(cv, window, "hovered")
        }
        // An animated update: drawn directly while it runs, through tiles again after.
        cv.animation = CollectionViewAnimation(duration: 0.6)
        cv.performBatchUpdates({
            labels.counts[shown[0].section] -= 1
            cv.deleteItems(at: [shown[0]])
        })
        GtkHarness.waitForFrames(2, of: cv.viewport)  // frames of the animation
        XCTAssertTrue(cv.animator.isRunning)
        XCTAssertFalse(cv.drewThroughTileCache, "while the update animates, the views are drawn directly")
        XCTAssertTrue(GtkHarness.settle(cv))
        GtkHarness.wait(for: "the update's animation to end") { !cv.animator.isRunning }
        Self.compare(cv, window, "after the animation")
        // Under cairo the pictures are images their nodes hold, not recordings replayed.
        if GtkHarness.typeName(of: gtk_native_get_renderer(gtk_widget_get_native(window))!) == "GskCairoRenderer" {
            XCTAssertTrue(CollectionView.tilePicturesHoldImages)
        }
        // Memory: the tiles around the viewport only.
        let statistics = cv.tileCacheStatistics
        XCTAssertLessThanOrEqual(statistics.tiles, 6 * 5, "at most the 700x500 viewport's tiles and one around: \(statistics)")
    }}

    /// When a tile in view changes again soon after its last change (pictures arriving one by
    /// one as they decode), the tiles are not drawn again at each change: the frame is drawn
    /// directly, every view as itself, until what is in view has been still for a moment; then a
    /// frame comes by itself and draws the changed tiles as pictures. Both ways draw what the
    /// views draw.
    func testTilesThatKeepChangingAreDrawnDirectlyUntilStill() { MainActor.assumeIsolated {
        let (cv, labels, window) = Self.open()
        defer { GtkHarness.close(window); _ = labels }
        cv.drawsThroughTileCache = true
        // First, with no churn time: a change draws its tiles again at once, as pictures.
        cv.setTileChurn(churn: 0, quiet: 0.25)
        XCTAssertTrue(GtkHarness.pump { cv.drewThroughTileCache }, "drawn through the tiles")
        _ = Self.pixels(window)
        let shown = cv.indexPathsForVisibleItems.sorted()
        var before = cv.tileCacheStatistics
        cv.selectItem(at: shown[2], animated: false, scrollPosition: [])
        _ = Self.pixels(window)
        XCTAssertGreaterThan(cv.tileCacheStatistics.renders, before.renders, "no churn time: the changed tiles are pictures at once")
        XCTAssertEqual(cv.tileCacheStatistics.directDraws, before.directDraws)
        XCTAssertTrue(cv.drewThroughTileCache)

        // Every change counts as soon after the last one, and "still" is a quarter second.
        cv.setTileChurn(churn: 3600, quiet: 0.25)
        before = cv.tileCacheStatistics
        cv.selectItem(at: shown[3], animated: false, scrollPosition: [])
        _ = Self.pixels(window)
        XCTAssertGreaterThan(cv.tileCacheStatistics.directDraws, before.directDraws, "a tile changing again: the frame is drawn directly")
        XCTAssertFalse(cv.drewThroughTileCache)
        cv.selectItem(at: shown[4], animated: false, scrollPosition: [])
        let changing = Self.pixels(window)
        XCTAssertEqual(cv.tileCacheStatistics.renders, before.renders, "nothing drawn as a picture while things change")

        // Still for the quiet time: a frame comes by itself and draws the tiles again.
        GtkHarness.wait(for: "the tiles drawn again once still") { cv.drewThroughTileCache }
        XCTAssertGreaterThan(cv.tileCacheStatistics.renders, before.renders, "the changed tiles are pictures again")

        // Drawn directly, the frame showed what the views draw (compared with the cache off).
        cv.selectItem(at: shown[12], animated: false, scrollPosition: [])
        let direct = Self.pixels(window)
        XCTAssertFalse(cv.drewThroughTileCache)
        _ = changing
        Self.compare(cv, window, "changing tiles drawn directly", cached: direct)
    }}

    /// The first frame after the cache is turned on is drawn directly (as soon as without the
    /// cache); the frame after draws the bands.
    func testTheFirstFrameIsDrawnDirectly() { MainActor.assumeIsolated {
        let (cv, labels, window) = Self.open()
        defer { GtkHarness.close(window); _ = labels }
        var frames: [Bool] = []
        let clock = gtk_widget_get_frame_clock(window)!
        let handler = Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") { frames.append(cv.drewThroughTileCache) }
        defer { g_signal_handler_disconnect(UnsafeMutableRawPointer(clock).assumingMemoryBound(to: GObject.self), handler) }
        cv.drawsThroughTileCache = true
        XCTAssertTrue(GtkHarness.pump { frames.contains(true) }, "a frame drew the bands: \(frames)")
        XCTAssertEqual(frames.first, false, "the first frame was drawn directly: \(frames)")
    }}

    /// Mirrored, drawn through the bands by whatever renderer and display the run has, at
    /// several offsets. GL under Wayland aborted on the first band when the backgrounds under it
    /// were flipped with the views.
    func testRightToLeftDrawsThroughTheBands() { MainActor.assumeIsolated {
        let (cv, labels, window) = Self.open(mirrored: true, pinned: true)
        defer { GtkHarness.close(window); _ = labels }
        cv.drawsThroughTileCache = true
        for y in [0.0, 333.5, 1500] {
            cv.contentOffset = Point(x: 0, y: y)
            // A jump reuses views in bands drawn a moment ago: those frames are drawn directly
            // until the bands have been still for a moment (the churn rule), then through them.
            GtkHarness.wait(for: "at \(y): drawn through the bands") { cv.drewThroughTileCache }
        }
        XCTAssertGreaterThan(cv.tileCacheStatistics.renders, 0)
    }}

    /// A window that goes from rounded corners to maximized (square) and back, where the window
    /// manager does that (Wayland's client-side decorations): the bands follow whether the
    /// window clips to its corners.
    func testMaximizedAndBack() throws { try MainActor.assumeIsolated {
        try XCTSkipUnless(GtkHarness.hasWindowManager, "no window manager here to maximize the window (Xvfb alone)")
        let (cv, labels, window) = Self.open()
        defer { GtkHarness.close(window); _ = labels }
        cv.contentOffset = Point(x: 0, y: 260)
        _ = Self.pixels(window)
        Self.compare(cv, window, "before maximizing")
        gtk_window_maximize(window.as(GtkWindow.self))
        GtkHarness.wait(for: "the window to be maximized") { gtk_window_is_maximized(window.as(GtkWindow.self)) != 0 }
        GtkHarness.waitForFrames(2, of: window)  // laid out and drawn at its new size
        Self.compare(cv, window, "maximized")
        gtk_window_unmaximize(window.as(GtkWindow.self))
        GtkHarness.wait(for: "the window to be unmaximized") { gtk_window_is_maximized(window.as(GtkWindow.self)) == 0 }
        GtkHarness.waitForFrames(2, of: window)
        Self.compare(cv, window, "unmaximized")
    }}

    /// Mirrored, with translucent headers pinned over the cells.
    func testRightToLeft() { MainActor.assumeIsolated {
        let (cv, labels, window) = Self.open(mirrored: true, pinned: true)
        defer { GtkHarness.close(window); _ = labels }
        Self.compare(cv, window, "right to left")
        cv.contentOffset = Point(x: 0, y: 1234.5)
        _ = Self.pixels(window)
        Self.compare(cv, window, "right to left, scrolled")
    }}
}

