import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// One page of the viewport's size per item, every section's items in order in one row: the
/// shape of a photo viewer. Mirrored right to left, as a flow layout is.
final class PageRowLayout: CollectionViewLayout {
    private var pageSize = Size.zero
    private var starts: [Int] = []  // the row position of each section's first item
    private var total = 0

    override func prepare() {
        guard let host = collectionView else { return }
        pageSize = host.bounds.size
        starts = []
        total = 0
        for section in 0..<host.numberOfSections {
            starts.append(total)
            total += host.numberOfItems(inSection: section)
        }
    }
    override var collectionViewContentSize: Size { Size(width: Double(total) * pageSize.width, height: pageSize.height) }
    override var flipsHorizontallyInOppositeLayoutDirection: Bool { true }
    override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { newBounds.size != pageSize }

    func page(of indexPath: IndexPath) -> Rect {
        Rect(x: Double(starts[indexPath.section] + indexPath.item) * pageSize.width, y: 0, width: pageSize.width, height: pageSize.height)
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard starts.indices.contains(indexPath.section), let host = collectionView,
              indexPath.item < host.numberOfItems(inSection: indexPath.section) else { return nil }
        let a = LayoutAttributes(forCellWith: indexPath)
        a.frame = page(of: indexPath)
        return a
    }
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        guard pageSize.width > 0, total > 0 else { return [] }
        let first = max(0, Int((rect.minX / pageSize.width).rounded(.down))), last = min(total - 1, Int((rect.maxX / pageSize.width).rounded(.down)))
        guard first <= last else { return [] }
        return (first...last).compactMap { position in
            guard let section = starts.lastIndex(where: { $0 <= position }) else { return nil }
            return layoutAttributesForItem(at: IndexPath(item: position - starts[section], section: section))
        }.filter { $0.frame.intersects(rect) }
    }
}

/// Says whether a pinch or Ctrl + scroll may start a transition, and remembers what it was asked.
@MainActor
private final class TransitionGate: CollectionViewDelegate {
    var allows = true
    var asked: [(layout: CollectionViewLayout, point: Point)] = []
    func collectionView(_ collectionView: CollectionView, shouldBeginInteractiveTransitionTo layout: CollectionViewLayout, at point: Point) -> Bool {
        asked.append((layout, point))
        return allows
    }
}

private func p(_ i: Int) -> IndexPath { IndexPath(item: i, section: 0) }

private func near(_ a: Rect?, _ b: Rect, _ tolerance: Double = 0.01) -> Bool {
    guard let a else { return false }
    return abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance && abs(a.width - b.width) < tolerance && abs(a.height - b.height) < tolerance
}

private func mid(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
    Rect(x: a.minX + (b.minX - a.minX) * t, y: a.minY + (b.minY - a.minY) * t,
         width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
}

/// The far-down offset the grid starts at.
private let farDown = 5000.0

/// A grid of 100-point tiles scrolled far down, and the row of pages to go to.
@MainActor
private func open(direction: GtkTextDirection = GTK_TEXT_DIR_LTR, items: Int = 600)
    -> (CollectionView, IDSource, FlowLayout, PageRowLayout, WidgetPointer) {
    let grid = FlowLayout()
    grid.itemSize = Size(width: 100, height: 100)
    let pages = PageRowLayout()
    let cv = bareCollectionView(grid)
    cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
    let source = IDSource([Array(0..<items)])
    cv.dataSource = source
    for widget in [cv.widget, cv.viewport, cv.canvas] { gtk_widget_set_direction(widget, direction) }
    let window = GtkHarness.window(for: cv)
    GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: farDown) }
    GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
    XCTAssertEqual(cv.contentOffset.y, farDown)
    return (cv, source, grid, pages, window)
}

/// A cell's frame in the viewport, as the view placed it (layout coordinates).
@MainActor
private func onScreen(_ cv: CollectionView, _ item: Int) -> Rect? {
    guard let frame = cv.cellForItem(at: p(item))?.appliedAttributes?.frame else { return nil }
    let offset = cv.contentOffset
    return frame.offsetBy(dx: -offset.x, dy: -offset.y)
}

/// Where GTK drew a cell in the viewport, mirrored back to the layout's way round.
@MainActor
private func drawn(_ cv: CollectionView, _ item: Int) -> Rect? {
    guard let cell = cv.cellForItem(at: p(item)), var r = GtkHarness.bounds(of: cell.widget, in: cv.viewport) else { return nil }
    if cv.isMirrored { r.origin.x = cv.bounds.width - r.maxX }
    return r
}

/// Interactive transitions between a grid scrolled far down and a horizontal row of pages:
/// continuous on screen, and landing with no jump.
final class ContinuousTransitionTests: XCTestCase {
    /// The kept item goes on screen from its tile (progress 0) to the whole viewport (1), on
    /// the blend of the two in between; the offset follows the transition's, from the grid's
    /// far-down offset to the item's page.
    func testGridFarDownToPagesKeepsTheItemOnScreen() { MainActor.assumeIsolated {
        for direction in [GTK_TEXT_DIR_LTR, GTK_TEXT_DIR_RTL] { checkGridToPages(direction: direction) }
    }}


    /// Finish and cancel land on the end's offset, each cell exactly where the transition last
    /// showed it, both when the progress got to the end and when the settle takes it there.
    func testFinishAndCancelLandWithNoJump() { MainActor.assumeIsolated {
        let (cv, source, grid, pages, window) = open()
        defer { GtkHarness.close(window); _ = source }
        let kept = cv.indexPathForItem(at: cv.bounds.center)!.item
        let neighbours = [kept - 1, kept, kept + 1]
        for (finish, viaSettle) in [(true, false), (false, false), (true, true), (false, true)] {
            let start: CollectionViewLayout = cv.collectionViewLayout
            let end: CollectionViewLayout = start === grid ? pages : grid
            var completions: [Bool] = []
            let transition = cv.startInteractiveTransition(to: end, keepingItemAt: p(kept)) { completions.append($0) }
            let landing = finish ? transition.nextContentOffset : transition.currentContentOffset
            transition.transitionProgress = viaSettle ? (finish ? 0.7 : 0.3) : (finish ? 1 : 0)
            GtkHarness.settle(cv)
            var before: [Int: Rect] = [:]
            if !viaSettle { for item in neighbours { before[item] = cv.cellForItem(at: p(item))?.appliedAttributes?.frame } }
            if finish { cv.finishInteractiveTransition() } else { cv.cancelInteractiveTransition() }
            XCTAssertTrue(GtkHarness.pump { cv.transitionLayout == nil })
            GtkHarness.settle(cv)
            let what = "finish \(finish), settled \(viaSettle)"
            XCTAssertEqual(completions, [finish], what)
            XCTAssertTrue(cv.collectionViewLayout === (finish ? end : start), what)
            XCTAssertEqual(cv.contentOffset, landing, what)
            let layout = cv.collectionViewLayout
            for item in neighbours {
                let frame = cv.cellForItem(at: p(item))?.appliedAttributes?.frame
                XCTAssertTrue(near(frame, layout.layoutAttributesForItem(at: p(item))!.frame), "\(what): item \(item) in its layout")
                if let old = before[item] { XCTAssertTrue(near(frame, old, 1e-6), "\(what): item \(item) did not move at the hand-over") }
            }
            XCTAssertTrue(cv.bounds.intersects(layout.layoutAttributesForItem(at: p(kept))!.frame), "\(what): the kept item shows")
        }
    }}

    /// Through the zoom driver: a slow spread to 0.3 cancels, to 0.7 finishes; a fast one to
    /// 0.3 finishes (a flick); a slow pinch back to 0.3 cancels. The item under the fingers is
    /// the one kept.
    func testDriverSettlesByProgressAndVelocity() { MainActor.assumeIsolated {
        let (cv, source, grid, pages, window) = open()
        defer { GtkHarness.close(window); _ = source }
        cv.zoomLayouts = (dense: grid, spread: pages)
        let driver = cv.drivers.zoom
        var time = 100.0
        driver.clock = { time }
        let fingers = (x: 150.0, y: 250.0)  // the viewport point between them
        let under = cv.indexPathForItem(at: cv.contentPoint(viewportX: fingers.x, y: fingers.y))!
        @MainActor func gesture(to progress: Double, spreading: Bool, secondsPerStep: Double) -> TransitionLayout? {
            var seen: TransitionLayout?
            for step in 1...4 {
                time += secondsPerStep
                let amount = progress * Double(step) / 4
                let scale = spreading ? 1 + amount * (ZoomTransitionDriver.fullSpread - 1) : 1 - amount * (1 - ZoomTransitionDriver.fullPinch)
                XCTAssertTrue(driver.update(scale: scale, at: fingers))
                seen = seen ?? cv.transitionLayout
                if let t = cv.transitionLayout {  // the visible rectangle's centre at this progress
                    XCTAssertEqual(t.value(forAnimatedKey: "centerX"), t.contentOffset.x + cv.bounds.width / 2, accuracy: 1e-6)
                    XCTAssertEqual(t.value(forAnimatedKey: "centerY"), t.contentOffset.y + cv.bounds.height / 2, accuracy: 1e-6)
                }
            }
            time += secondsPerStep
            driver.end()
            XCTAssertTrue(GtkHarness.pump { cv.transitionLayout == nil })
            GtkHarness.settle(cv)
            return seen
        }
        let slow = gesture(to: 0.3, spreading: true, secondsPerStep: 0.5)
        XCTAssertTrue(cv.collectionViewLayout === grid, "slow, under half way: cancelled")
        XCTAssertEqual(slow?.nextContentOffset, pages.page(of: under).origin, "the item under the fingers is kept")
        XCTAssertEqual(cv.contentOffset, Point(x: 0, y: farDown))
        _ = gesture(to: 0.3, spreading: true, secondsPerStep: 0.01)
        XCTAssertTrue(cv.collectionViewLayout === pages, "fast: a flick finishes under half way")
        XCTAssertEqual(cv.contentOffset, pages.page(of: under).origin)
        _ = gesture(to: 0.3, spreading: false, secondsPerStep: 0.5)
        XCTAssertTrue(cv.collectionViewLayout === pages, "a slow pinch under half way cancels back to the pages")
        XCTAssertEqual(cv.contentOffset, pages.page(of: under).origin)
        let back = gesture(to: 0.7, spreading: false, secondsPerStep: 0.5)
        XCTAssertTrue(cv.collectionViewLayout === grid, "past half way: the grid")
        XCTAssertEqual(cv.contentOffset, back?.nextContentOffset)
        XCTAssertTrue(cv.bounds.contains(grid.layoutAttributesForItem(at: under)!.frame), "back on the tile, in view")
        // Spreading in the spread layout or pinching in the dense one starts nothing.
        XCTAssertFalse(driver.update(scale: 0.8, at: fingers))
        driver.end()
        XCTAssertNil(cv.transitionLayout)
    }}

    /// The delegate may say no: nothing starts, and Ctrl + scroll goes on to the scrolled
    /// window (it scrolls), as it does when it would start nothing. Asked with the pointer's
    /// content point; when it says yes the item under the pointer is kept.
    func testTheDelegateMayRefuseAndCtrlScrollIsThenNotConsumed() { MainActor.assumeIsolated {
        let (cv, source, grid, pages, window) = open()
        defer { GtkHarness.close(window); _ = source }
        let gate = TransitionGate()
        cv.delegate = gate
        cv.zoomLayouts = (dense: grid, spread: pages)
        let item = cv.indexPathForItem(at: cv.bounds.center)!
        let cell = cv.cellForItem(at: item)!
        let at = GtkHarness.centre(of: cell, in: window)
        // Refused: Ctrl + wheel up scrolls the grid up instead.
        gate.allows = false
        GtkHarness.pointer(window, at: at, then: ["keydown", "ctrl", "click", "4", "keyup", "ctrl"])
        GtkHarness.wait(for: "the refused Ctrl + wheel to scroll the grid") { cv.contentOffset.y < farDown }
        XCTAssertNil(cv.transitionLayout)
        XCTAssertTrue(cv.collectionViewLayout === grid)
        XCTAssertTrue(gate.asked.first?.layout === pages)
        if let point = gate.asked.first?.point {
            XCTAssertEqual(cv.indexPathForItem(at: point), item, "asked at the pointer, in content coordinates")
        }
        // Ctrl + wheel down in the dense layout starts nothing: the grid scrolls down, nobody asked.
        let asked = gate.asked.count, before = cv.contentOffset.y
        GtkHarness.pointer(window, at: at, then: ["keydown", "ctrl", "click", "5", "keyup", "ctrl"])
        GtkHarness.wait(for: "Ctrl + wheel down to scroll the grid") { cv.contentOffset.y > before }
        XCTAssertEqual(gate.asked.count, asked)
        XCTAssertNil(cv.transitionLayout)
        // Allowed: the transition starts, keeping the item under the pointer.
        gate.allows = true
        GtkHarness.settle(cv)
        let under = cv.indexPathForItem(at: cv.contentPoint(viewportX: Double(at.0), y: Double(at.1)))
        let offsetBefore = cv.contentOffset
        GtkHarness.pointer(window, at: at, then: ["keydown", "ctrl", "click", "4", "keyup", "ctrl"])
        GtkHarness.wait(for: "the transition to start") { cv.transitionLayout != nil }
        if let transition = cv.transitionLayout, let under {
            XCTAssertEqual(transition.currentContentOffset, offsetBefore, "Ctrl + wheel did not scroll")
            let kept = pages.page(of: under).origin
            XCTAssertEqual(transition.nextContentOffset, kept)
        }
        XCTAssertTrue(GtkHarness.pump { cv.transitionLayout == nil })
        XCTAssertTrue(cv.collectionViewLayout === grid, "a tenth of the way: cancelled")
        XCTAssertEqual(cv.contentOffset, offsetBefore)
    }}

    /// A picture series of the grid far down turning into the kept item's page, left to right
    /// and right to left (in $CV_SCREENSHOT_DIR to look at, else in a temporary folder): every
    /// step unlike the others.
    func testTransitionScreenshotSeries() throws { try MainActor.assumeIsolated {
        let dir = GtkHarness.screenshotDirectory()
        defer { if dir.temporary { try? FileManager.default.removeItem(atPath: dir.path) } }
        for (direction, tag) in [(GTK_TEXT_DIR_LTR, "ltr"), (GTK_TEXT_DIR_RTL, "rtl")] {
            let (cv, source, _, pages, window) = open(direction: direction)
            defer { GtkHarness.close(window); _ = source }
            let transition = cv.startInteractiveTransition(to: pages, keepingItemAt: cv.indexPathForItem(at: cv.bounds.center))
            var pictures: [Data] = []
            for (step, progress) in [0.0, 0.25, 0.5, 0.75, 1.0].enumerated() {
                transition.transitionProgress = progress
                GtkHarness.settle(cv)
                GtkHarness.waitForFrames(1, of: cv.viewport)
                let name = "continuous-\(tag)-\(step)"
                let path = try XCTUnwrap(GtkHarness.screenshot(cv.viewport, name: name, in: dir.path), "\(name) was saved")
                pictures.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            XCTAssertEqual(Set(pictures).count, 5, "\(tag): every step looks different")
            cv.cancelInteractiveTransition()
            XCTAssertTrue(GtkHarness.pump { cv.transitionLayout == nil })
        }
    }}

    /// A zoom gesture cancelled rather than ended (a child widget's gesture claimed its touches)
    /// settles the transition it drove: nothing is left hanging.
    func testACancelledGestureSettlesItsTransition() { MainActor.assumeIsolated {
        let (cv, source, grid, pages, window) = open()
        defer { GtkHarness.close(window); _ = source }
        cv.zoomLayouts = (dense: grid, spread: pages)
        let driver = cv.drivers.zoom
        XCTAssertTrue(driver.update(scale: 1.8, at: (x: 400, y: 300)))
        XCTAssertNotNil(cv.transitionLayout)
        emitCancel(on: driver.zoom)
        XCTAssertTrue(GtkHarness.pump { cv.transitionLayout == nil }, "settled")
        XCTAssertTrue(cv.collectionViewLayout === pages, "past half way: finished")
    }}


    /// An insert or a delete during the transition ends it where the rule says (past half way:
    /// finished), at that end's offset, and the update starts every view from where it was
    /// shown on screen.
    func testAnUpdateDuringTheTransition() { MainActor.assumeIsolated {
        let (cv, source, grid, pages, window) = open()
        defer { GtkHarness.close(window) }
        let kept = cv.indexPathForItem(at: cv.bounds.center)!.item
        for (progress, insert) in [(0.7, true), (0.3, false)] {
            var completions: [Bool] = []
            let transition = cv.startInteractiveTransition(to: pages, keepingItemAt: p(kept)) { completions.append($0) }
            transition.transitionProgress = progress
            GtkHarness.settle(cv)
            let shown = onScreen(cv, kept)!
            let finished = progress > 0.5
            let landing = finished ? transition.nextContentOffset : transition.currentContentOffset
            let moved: Int
            if insert {
                source.sections[0].insert(1000, at: 0)
                cv.insertItems(at: [p(0)])
                moved = kept + 1
            } else {
                source.sections[0].remove(at: 0)
                cv.deleteItems(at: [p(0)])
                moved = kept - 1
            }
            XCTAssertEqual(completions, [finished])
            XCTAssertTrue(cv.collectionViewLayout === (finished ? pages : grid))
            XCTAssertEqual(cv.contentOffset, landing)
            cv.animator.step(0)  // the update's first frame
            XCTAssertTrue(near(onScreen(cv, moved), shown, 1e-6), "progress \(progress): the kept item starts where it was shown, \(String(describing: onScreen(cv, moved))) is not \(shown)")
            XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates })
            GtkHarness.settle(cv)
            let layout = cv.collectionViewLayout
            XCTAssertTrue(near(cv.cellForItem(at: p(moved))?.appliedAttributes?.frame, layout.layoutAttributesForItem(at: p(moved))!.frame))
            if !finished { break }
            // Back to the grid for the next round, the same way.
            let back = cv.startInteractiveTransition(to: grid, keepingItemAt: p(moved))
            back.transitionProgress = 1
            cv.finishInteractiveTransition()
            XCTAssertTrue(GtkHarness.pump { cv.transitionLayout == nil })
            GtkHarness.settle(cv)
            XCTAssertTrue(cv.collectionViewLayout === grid)
        }
    }}

    /// From the pages back to the grid, with no item named: the one shown (at the centre)
    /// lands on its tile, in view, both ways round.
    func testReverseTransitionLandsOnTheTile() { MainActor.assumeIsolated {
        for direction in [GTK_TEXT_DIR_LTR, GTK_TEXT_DIR_RTL] {
            let (cv, source, grid, pages, window) = open(direction: direction)
            defer { GtkHarness.close(window); _ = source }
            let item = p(333)
            GtkHarness.settle(cv) { cv.setCollectionViewLayout(pages, animated: false) }
            GtkHarness.settle(cv) { cv.contentOffset = pages.page(of: item).origin }
            XCTAssertEqual(cv.indexPathForItem(at: cv.bounds.center), item)
            let page = onScreen(cv, item.item)
            XCTAssertTrue(near(page, Rect(origin: .zero, size: cv.bounds.size)))
            let transition = cv.startInteractiveTransition(to: grid)
            transition.transitionProgress = 0.5
            GtkHarness.settle(cv)
            let tileFrame = grid.layoutAttributesForItem(at: item)!.frame
            let tile = tileFrame.offsetBy(dx: -transition.nextContentOffset.x, dy: -transition.nextContentOffset.y)
            XCTAssertTrue(near(onScreen(cv, item.item), mid(page!, tile, 0.5)), "\(direction.rawValue): half way between page and tile")
            cv.finishInteractiveTransition()
            XCTAssertTrue(GtkHarness.pump { cv.transitionLayout == nil })
            GtkHarness.settle(cv)
            GtkHarness.waitForFrames(1, of: cv.viewport)
            XCTAssertTrue(cv.collectionViewLayout === grid)
            XCTAssertTrue(cv.bounds.contains(tileFrame), "\(direction.rawValue): the tile is in view")
            XCTAssertTrue(near(drawn(cv, item.item), tile, 1), "\(direction.rawValue): drawn on its tile")
        }
    }}

    /// App code in the layout pass queues resizes (a cell's label set in `apply(_:)` as its
    /// frame changes, every frame of a transition) while a title above the view changes: GTK
    /// lays every widget out before it draws, warning of nothing (GTK 4.8 lost the request for
    /// the scrolled window it allocated only for its child's sake: "Trying to snapshot
    /// GtkScrolledWindow ... without a current allocation").
    func testCellsChangingInThePassWarnNothing() { MainActor.assumeIsolated {
        let grid = FlowLayout()
        grid.itemSize = Size(width: 100, height: 100)
        let pages = PageRowLayout()
        let cv = bareCollectionView(grid)
        cv.register(SizeLabelCell.self, forCellWithReuseIdentifier: "s")
        let source = SizeLabelSource(count: 300)
        cv.dataSource = source
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        let (_, title) = putHeader(above: cv, in: window)
        GtkHarness.settle(cv)
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        _ = GtkHarness.takeWarnings()
        let kept = cv.indexPathForItem(at: cv.bounds.center)!
        let transition = cv.startInteractiveTransition(to: pages, keepingItemAt: kept)
        for step in 1...9 {
            transition.transitionProgress = Double(step) / 10
            gtk_label_set_text(title.opaque, String(repeating: "Photo \(step) ", count: step % 4 + 1))
            GtkHarness.waitForFrames(2, of: window)
        }
        let cell = cv.cellForItem(at: kept) as? SizeLabelCell
        XCTAssertNotNil(cell.map { String(cString: gtk_label_get_text($0.label.opaque)) }.flatMap { $0.isEmpty ? nil : $0 }, "the cell's label follows its frame")
        cv.finishInteractiveTransition()
        XCTAssertTrue(GtkHarness.pump { cv.transitionLayout == nil })
        XCTAssertEqual(GtkHarness.takeWarnings(), [], "GTK warned while cells changed in the pass")
    }}

    /// The window around the view changes while a transition runs: a header above it grows and
    /// shrinks, and its title changes (the view keeping its size), as an app's header does when
    /// the viewer it opens shows other buttons and names the photo. Every frame is laid out
    /// before it is drawn, so GTK warns of nothing ("Trying to snapshot ... without a current
    /// allocation"), and the transition lands on the kept item.
    func testTheWindowChangingDuringATransitionWarnsNothing() { MainActor.assumeIsolated {
        for direction in [GTK_TEXT_DIR_LTR, GTK_TEXT_DIR_RTL] {
            let (cv, source, _, pages, window) = open(direction: direction)
            defer { GtkHarness.close(window); _ = source }
            let (header, title) = putHeader(above: cv, in: window)
            GtkHarness.settle(cv)
            _ = GtkHarness.takeWarnings()  // only what the transition does counts
            let kept = cv.indexPathForItem(at: cv.bounds.center)!
            @MainActor func change(_ step: Int) {
                if step % 3 == 0 { gtk_widget_set_size_request(header, -1, step % 2 == 0 ? 20 : 90) }
                gtk_label_set_text(title.opaque, String(repeating: "Photo \(step) ", count: step % 4 + 1))
            }
            let transition = cv.startInteractiveTransition(to: pages, keepingItemAt: kept)
            for step in 1...9 {
                transition.transitionProgress = Double(step) / 10
                change(step)
                GtkHarness.waitForFrames(2, of: window)
            }
            // And while the finish animates it to the end, frame by frame.
            cv.finishInteractiveTransition()
            var step = 0
            while cv.transitionLayout != nil, step < 60 {
                step += 1
                change(step)
                GtkHarness.waitForFrames(1, of: window)
            }
            XCTAssertTrue(GtkHarness.pump { cv.transitionLayout == nil })
            GtkHarness.settle(cv)
            XCTAssertTrue(cv.collectionViewLayout === pages)
            XCTAssertEqual(cv.indexPathForItem(at: cv.bounds.center), kept, "\(direction.rawValue): the kept item's page shows")
            XCTAssertEqual(GtkHarness.takeWarnings(), [], "\(direction.rawValue): GTK warned while the window changed in the transition")
        }
    }}
}

@MainActor
private func checkGridToPages(direction: GtkTextDirection) {
    let (cv, source, grid, pages, window) = open(direction: direction)
    defer { GtkHarness.close(window); _ = source }
    let kept = cv.indexPathForItem(at: cv.bounds.center)!.item
    let tile = onScreen(cv, kept)!
    let viewport = Rect(origin: .zero, size: cv.bounds.size)
    let transition = cv.startInteractiveTransition(to: pages, keepingItemAt: p(kept))
    XCTAssertEqual(transition.currentContentOffset, Point(x: 0, y: farDown))
    XCTAssertEqual(transition.nextContentOffset, pages.page(of: p(kept)).origin, "the kept item's page")
    XCTAssertGreaterThan(transition.nextContentOffset.x, 10 * viewport.width, "far to the right: the test means something")
    for progress in [0.0, 0.25, 0.5, 0.75, 1.0] {
        transition.transitionProgress = progress
        GtkHarness.settle(cv)
        GtkHarness.waitForFrames(1, of: cv.viewport)
        let want = mid(tile, viewport, progress)
        XCTAssertEqual(cv.contentOffset.x, transition.contentOffset.x, accuracy: 0.001, "\(direction.rawValue) at \(progress)")
        XCTAssertEqual(cv.contentOffset.y, transition.contentOffset.y, accuracy: 0.001, "\(direction.rawValue) at \(progress)")
        XCTAssertTrue(near(onScreen(cv, kept), want), "\(direction.rawValue) at \(progress): \(String(describing: onScreen(cv, kept))) is not \(want)")
        XCTAssertTrue(near(drawn(cv, kept), want, 1), "\(direction.rawValue) at \(progress): drawn at \(String(describing: drawn(cv, kept)))")
    }
    XCTAssertEqual(cv.isMirrored, direction == GTK_TEXT_DIR_RTL)
    cv.finishInteractiveTransition()
    XCTAssertTrue(GtkHarness.pump { cv.transitionLayout == nil })
    XCTAssertTrue(cv.collectionViewLayout === pages)
    _ = grid
}

/// A cell that shows its frame's size in a label, set in `apply(_:)`: in the layout pass, as
/// app code does.
private final class SizeLabelCell: CollectionViewCell {
    let label = gtk_label_new("")!
    required init() {
        super.init()
        gtk_widget_set_parent(label, contentView)
    }
    override func apply(_ layoutAttributes: LayoutAttributes) {
        super.apply(layoutAttributes)
        gtk_label_set_text(label.opaque, "\(Int(layoutAttributes.frame.width)) × \(Int(layoutAttributes.frame.height))")
    }
}

@MainActor
private final class SizeLabelSource: CollectionViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: SizeLabelCell = collectionView.dequeueReusableCell(withReuseIdentifier: "s", for: indexPath)
        return cell
    }
}

/// Puts a header above the view in its window: a box whose height the test sets, holding a
/// title label. The view changes height as the header does, as under an app's header bar.
@MainActor
private func putHeader(above cv: CollectionView, in window: WidgetPointer) -> (header: WidgetPointer, title: WidgetPointer) {
    g_object_ref(raw(cv.widget))
    defer { g_object_unref(raw(cv.widget)) }
    gtk_window_set_child(window.as(GtkWindow.self), nil)
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    let header = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    let title = gtk_label_new("Photos")!
    gtk_widget_set_hexpand(title, 1)
    gtk_box_append(header.as(GtkBox.self), title)
    gtk_widget_set_size_request(header, -1, 40)
    gtk_box_append(box.as(GtkBox.self), header)
    gtk_widget_set_vexpand(cv.widget, 1)
    gtk_box_append(box.as(GtkBox.self), cv.widget)
    gtk_window_set_child(window.as(GtkWindow.self), box)
    return (header, title)
}

/// Emits GtkGesture "cancel" (with no sequence, as a touchpad pinch has) on a gesture.
@MainActor
private func emitCancel(on gesture: OpaquePointer) {
    var values = [GValue(), GValue()]
    g_value_init(&values[0], gtk_gesture_get_type())
    g_value_set_object(&values[0], UnsafeMutableRawPointer(gesture))
    g_value_init(&values[1], gdk_event_sequence_get_type())
    g_value_set_boxed(&values[1], nil)
    g_signal_emitv(&values, g_signal_lookup("cancel", gtk_gesture_get_type()), 0, nil)
    g_value_unset(&values[0])
    g_value_unset(&values[1])
}
