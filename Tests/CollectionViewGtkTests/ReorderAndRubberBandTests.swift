import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A cell that shows a value of the data (the test reads it back).
private final class ValueCell: CollectionViewCell {
    var value = -1
}

/// Sections of values; items can be moved unless refused, and moves are logged.
@MainActor
private final class MovableData: CollectionViewDataSource, CollectionViewDelegate {
    var sections: [[Int]]
    var log: [String] = []
    var refuseMoving: Set<Int> = []
    var refuseSelecting: Set<Int> = []
    /// Items may not be moved past this item number (the delegate keeps them where they are).
    var limit: Int?
    init(_ counts: [Int]) {
        var next = 0
        sections = counts.map { count in (0..<count).map { _ in defer { next += 1 }; return next } }
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: ValueCell = collectionView.dequeueReusableCell(withReuseIdentifier: "v", for: indexPath)
        cell.value = sections[indexPath.section][indexPath.item]
        return cell
    }
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        !refuseMoving.contains(sections[indexPath.section][indexPath.item])
    }
    func collectionView(_ collectionView: CollectionView, moveItemAt from: IndexPath, to: IndexPath) {
        log.append("move \(from.section).\(from.item)->\(to.section).\(to.item)")
        let value = sections[from.section].remove(at: from.item)
        sections[to.section].insert(value, at: to.item)
    }
    func collectionView(_ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath original: IndexPath,
                        atCurrentIndexPath current: IndexPath, toProposedIndexPath proposed: IndexPath) -> IndexPath {
        if let limit, proposed.section == 0, proposed.item > limit { return current }
        return proposed
    }
    func collectionView(_ cv: CollectionView, shouldSelectItemAt p: IndexPath) -> Bool { !refuseSelecting.contains(p.item) }
    func collectionView(_ cv: CollectionView, didSelectItemAt p: IndexPath) { log.append("didSelect \(p.section).\(p.item)") }
    func collectionView(_ cv: CollectionView, didDeselectItemAt p: IndexPath) { log.append("didDeselect \(p.section).\(p.item)") }
}

/// 100x100 items 20 apart in 800x600 (six a line, gaps to start a band in).
@MainActor
private func open(_ counts: [Int], reorder: Bool = true, multiple: Bool = true) -> (CollectionView, MovableData, WidgetPointer) {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    layout.minimumInteritemSpacing = 20
    layout.minimumLineSpacing = 20
    layout.sectionInset = EdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
    let cv = bareCollectionView(layout)
    cv.register(ValueCell.self, forCellWithReuseIdentifier: "v")
    let data = MovableData(counts)
    cv.dataSource = data
    cv.delegate = data
    cv.installsStandardGestureForInteractiveMovement = reorder
    cv.allowsMultipleSelection = multiple
    let window = GtkHarness.window(for: cv)
    return (cv, data, window)
}

private func p(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

/// A content point's place in the window.
@MainActor
private func windowPoint(_ cv: CollectionView, _ point: Point) -> (Int, Int) {
    let offset = cv.contentOffset
    return GtkHarness.windowPoint(of: cv.viewport, x: point.x - offset.x, y: point.y - offset.y)
}

@MainActor
private func frame(_ cv: CollectionView, _ path: IndexPath) -> Rect { cv.collectionViewLayout.layoutAttributesForItem(at: path)!.frame }

/// Presses at `from` (window coordinates) and moves the pointer to `to` in steps, leaving the
/// button down.
@MainActor
private func press(_ window: WidgetPointer, at from: (Int, Int), dragTo to: (Int, Int), holding modifier: String? = nil) {
    var commands: [String] = []
    if let modifier { commands += ["keydown", modifier, "sleep", "0.05"] }
    commands += ["mousedown", "1", "sleep", "0.05"]
    for step in 1...8 {
        let x = from.0 + (to.0 - from.0) * step / 8, y = from.1 + (to.1 - from.1) * step / 8
        commands += ["mousemove", "--window", GtkHarness.xid(of: window), String(x), String(y), "sleep", "0.03"]
    }
    if let modifier { commands += ["keyup", modifier] }
    GtkHarness.pointer(window, at: from, then: commands)
}

@MainActor
private func release() {
    GtkHarness.xdotool(["mouseup", "1"])
}

/// Waits until nothing animates and a layout pass has run.
@MainActor
private func quiet(_ cv: CollectionView) -> Bool {
    GtkHarness.pump { !cv.isAnimatingUpdates && !cv.work.hasQueuedWork } && GtkHarness.settle(cv)
}

/// Every shown cell shows the data at its index path.
@MainActor
private func assertCellsShowTheData(_ cv: CollectionView, _ data: MovableData, file: StaticString = #filePath, line: UInt = #line) {
    for path in cv.indexPathsForVisibleItems {
        let cell = cv.cellForItem(at: path) as! ValueCell
        XCTAssertEqual(cell.value, data.sections[path.section][path.item], "the cell at \(Array(path))", file: file, line: line)
    }
}

/// Interactive reordering by drag (`installsStandardGestureForInteractiveMovement`) and by
/// the movement API, and rubber-band selection, driven by real pointer events (xdotool).
final class ReorderAndRubberBandTests: XCTestCase {

    /// Dragging a cell over another's place moves it there while the others make room; the
    /// data source is told once, on release, and every cell shows its item.
    func testDragMovesAnItemAndTheDataSourceIsToldOnRelease() { MainActor.assumeIsolated {
        let (cv, data, window) = open([30])
        defer { GtkHarness.close(window) }
        let start = GtkHarness.centre(of: cv.cellForItem(at: p(0))!, in: window)
        let target = windowPoint(cv, frame(cv, p(3)).center)
        press(window, at: start, dragTo: target)
        XCTAssertEqual(cv.indexPathForInteractivelyMovingItem, p(3))
        XCTAssertEqual((cv.cellForItem(at: p(3)) as? ValueCell)?.value, 0, "the moved cell is item 0's")
        XCTAssertEqual((cv.cellForItem(at: p(0)) as? ValueCell)?.value, 1, "the others made room")
        XCTAssertEqual(data.log, [], "nothing is told before the release")
        // The moving cell is under the pointer, above the others.
        let moving = cv.appliedLayoutAttributes(for: .cell(p(3)))!
        XCTAssertEqual(moving.center.x, frame(cv, p(3)).center.x, accuracy: 14)
        XCTAssertGreaterThan(moving.zIndex, 1000)
        XCTAssertTrue(gtk_widget_has_css_class(cv.cellForItem(at: p(3))!.widget, "moving") != 0)
        GtkHarness.screenCapture(name: "reorder-mid-drag")
        release()
        XCTAssertEqual(data.log, ["move 0.0->0.3"])
        XCTAssertEqual(Array(data.sections[0].prefix(5)), [1, 2, 3, 0, 4])
        XCTAssertNil(cv.indexPathForInteractivelyMovingItem)
        XCTAssertTrue(quiet(cv))
        XCTAssertEqual(cv.appliedLayoutAttributes(for: .cell(p(3)))!.frame, frame(cv, p(3)), "it settled into its place")
        XCTAssertTrue(gtk_widget_has_css_class(cv.cellForItem(at: p(3))!.widget, "moving") == 0)
        assertCellsShowTheData(cv, data)
    }}

    /// Held near the bottom edge, the drag scrolls the view; the item crosses into the next
    /// section, and cells made while it scrolled show the right items.
    func testDragNearTheEdgeScrollsAndMovesAcrossSections() { MainActor.assumeIsolated {
        let (cv, data, window) = open([24, 24])
        defer { GtkHarness.close(window) }
        let start = GtkHarness.centre(of: cv.cellForItem(at: p(1))!, in: window)
        let bottom = GtkHarness.windowPoint(of: cv.viewport, x: 200, y: cv.bounds.height - 4)
        press(window, at: start, dragTo: bottom)
        // Carried until the view's middle, where the pointer goes back to, is in section 1.
        let middleInSectionOne = { cv.contentOffset.y + cv.bounds.height / 2 > frame(cv, p(0, 1)).minY + 20 }
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { (cv.indexPathForInteractivelyMovingItem?.section ?? 0) == 1 && middleInSectionOne() },
                      "autoscroll carried the item into section 1 (offset \(cv.contentOffset))")
        XCTAssertGreaterThan(cv.contentOffset.y, 100)
        // Back up a little, away from the edge, so the view stops and the item stays put.
        GtkHarness.pointer(window, at: GtkHarness.windowPoint(of: cv.viewport, x: 200, y: cv.bounds.height / 2))
        GtkHarness.waitForFrames(5, of: cv.viewport)  // the autoscroll steps on frames: stopped by now
        let shown = cv.indexPathForInteractivelyMovingItem!
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 23)
        XCTAssertEqual(cv.numberOfItems(inSection: 1), 25)
        for path in cv.indexPathsForVisibleItems where path != shown {
            let cell = cv.cellForItem(at: path) as! ValueCell
            let data = cv.dataSourceIndexPath(forShownIndexPath: path)
            let original = [Array(0..<24), Array(24..<48)]
            XCTAssertEqual(cell.value, original[data.section][data.item], "cell \(Array(path)) made during the move")
        }
        release()
        XCTAssertEqual(data.log, ["move 0.1->1.\(shown.item)"])
        XCTAssertEqual(data.sections.map(\.count), [23, 25])
        XCTAssertTrue(quiet(cv))
        assertCellsShowTheData(cv, data)
    }}

    /// Escape mid-drag puts the item back; the data source is told nothing.
    func testEscapeCancelsAMove() { MainActor.assumeIsolated {
        let (cv, data, window) = open([30])
        defer { GtkHarness.close(window) }
        let start = GtkHarness.centre(of: cv.cellForItem(at: p(0))!, in: window)
        press(window, at: start, dragTo: windowPoint(cv, frame(cv, p(8)).center))
        XCTAssertEqual(cv.indexPathForInteractivelyMovingItem, p(8))
        GtkHarness.keys("Escape")
        XCTAssertNil(cv.indexPathForInteractivelyMovingItem)
        release()
        XCTAssertEqual(data.log, [])
        XCTAssertTrue(quiet(cv))
        XCTAssertEqual((cv.cellForItem(at: p(0)) as? ValueCell)?.value, 0)
        XCTAssertEqual(cv.appliedLayoutAttributes(for: .cell(p(0)))!.frame, frame(cv, p(0)))
        assertCellsShowTheData(cv, data)
    }}

    /// No move starts for an item the data source refuses, nor without the standard gesture;
    /// the delegate can keep an item from going somewhere.
    func testRefusedMovesAndTheDelegatesTarget() { MainActor.assumeIsolated {
        let (cv, data, window) = open([30])
        defer { GtkHarness.close(window) }
        data.refuseMoving = [0]
        press(window, at: GtkHarness.centre(of: cv.cellForItem(at: p(0))!, in: window), dragTo: windowPoint(cv, frame(cv, p(3)).center))
        XCTAssertNil(cv.indexPathForInteractivelyMovingItem)
        release()
        XCTAssertFalse(cv.beginInteractiveMovementForItem(at: p(0)))
        XCTAssertFalse(cv.beginInteractiveMovementForItem(at: p(99)), "no such item")
        cv.installsStandardGestureForInteractiveMovement = false
        press(window, at: GtkHarness.centre(of: cv.cellForItem(at: p(1))!, in: window), dragTo: windowPoint(cv, frame(cv, p(3)).center))
        XCTAssertNil(cv.indexPathForInteractivelyMovingItem)
        release()
        XCTAssertEqual(data.log.filter { $0.hasPrefix("move") }, [])
        // By the API: the delegate keeps the item at or before item 4.
        data.limit = 4
        XCTAssertTrue(cv.beginInteractiveMovementForItem(at: p(1)))
        XCTAssertFalse(cv.beginInteractiveMovementForItem(at: p(2)), "one movement at a time")
        cv.updateInteractiveMovementTargetPosition(frame(cv, p(4)).center)
        XCTAssertEqual(cv.indexPathForInteractivelyMovingItem, p(4))
        cv.updateInteractiveMovementTargetPosition(frame(cv, p(9)).center)
        XCTAssertEqual(cv.indexPathForInteractivelyMovingItem, p(4), "the delegate kept it")
        cv.endInteractiveMovement()
        XCTAssertEqual(data.log, ["move 0.1->0.4"])
        XCTAssertTrue(quiet(cv))
        assertCellsShowTheData(cv, data)
    }}

    /// A batch update or reload the app makes during a movement cancels the movement first, so
    /// it is checked against the data source's own order; nothing is reported.
    func testAnUpdateDuringAMoveCancelsItFirst() { MainActor.assumeIsolated {
        let (cv, data, window) = open([20, 10])
        defer { GtkHarness.close(window) }
        var errors: [String] = []
        cv.errorHandler = { errors.append("\($0)") }
        XCTAssertTrue(cv.beginInteractiveMovementForItem(at: p(2)))
        cv.updateInteractiveMovementTargetPosition(frame(cv, p(0, 1)).center)
        XCTAssertEqual(cv.indexPathForInteractivelyMovingItem, p(0, 1))
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 19)
        data.sections[0].insert(100, at: 0)
        cv.insertItems(at: [p(0)])
        XCTAssertNil(cv.indexPathForInteractivelyMovingItem)
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 21)
        XCTAssertEqual(cv.numberOfItems(inSection: 1), 10)
        XCTAssertTrue(quiet(cv))
        assertCellsShowTheData(cv, data)
        XCTAssertTrue(cv.beginInteractiveMovementForItem(at: p(3)))
        cv.updateInteractiveMovementTargetPosition(frame(cv, p(5)).center)
        cv.reloadData()
        XCTAssertNil(cv.indexPathForInteractivelyMovingItem)
        XCTAssertTrue(quiet(cv))
        assertCellsShowTheData(cv, data)
        XCTAssertEqual(errors, [])
        XCTAssertEqual(data.log.filter { $0.hasPrefix("move") }, [])
    }}

    /// A drag from empty space draws a band (GTK's rubberband node) that selects every item it
    /// touches, asking the delegate per item; shrinking it lets go of what it had taken; the
    /// band goes on release. Without Ctrl it starts from an empty selection, with Ctrl it adds.
    func testRubberBandSelectsWhatItTouches() { MainActor.assumeIsolated {
        let (cv, data, window) = open([60])
        defer { GtkHarness.close(window) }
        data.refuseSelecting = [8]
        cv.selectItem(at: p(20), animated: false, scrollPosition: [])  // on screen: no scroll
        XCTAssertEqual(cv.contentOffset.y, 0)
        // From the gap between items 0 and 1 to the middle of item 9 (second line).
        let gap = Point(x: (frame(cv, p(0)).maxX + frame(cv, p(1)).minX) / 2, y: frame(cv, p(0)).midY)
        press(window, at: windowPoint(cv, gap), dragTo: windowPoint(cv, frame(cv, p(9)).center))
        let band = cv.interaction.pointerDrag!.bandRect!
        let touched = (0..<60).filter { frame(cv, p($0)).intersects(band) && $0 != 8 }
        XCTAssertEqual(Set(cv.indexPathsForSelectedItems.map(\.item)), Set(touched), "band \(band)")
        XCTAssertEqual(Set(touched), [1, 2, 3, 7, 9], "the second line from item 7 (0 and 6 are left of the band)")
        let widget = gtk_widget_get_last_child(cv.viewport)!
        XCTAssertEqual(String(cString: gtk_widget_get_css_name(widget)), "rubberband")
        XCTAssertEqual(Double(gtk_widget_get_width(widget)), band.width, accuracy: 2)
        GtkHarness.screenCapture(name: "rubber-band-mid-drag")
        // Shrink it back to the first line: the second line's items go.
        GtkHarness.pointer(window, at: windowPoint(cv, Point(x: frame(cv, p(2)).midX, y: frame(cv, p(2)).midY)))
        XCTAssertEqual(Set(cv.indexPathsForSelectedItems.map(\.item)), [1, 2])
        release()
        XCTAssertNil(cv.interaction.pointerDrag!.bandRect)
        XCTAssertNotEqual(String(cString: gtk_widget_get_css_name(gtk_widget_get_last_child(cv.viewport)!)), "rubberband")
        XCTAssertEqual(Set(cv.indexPathsForSelectedItems.map(\.item)), [1, 2], "the selection stays")
        // Ctrl adds: 1 and 2 stay, 13 and 14 join.
        let gap2 = Point(x: (frame(cv, p(12)).maxX + frame(cv, p(13)).minX) / 2, y: frame(cv, p(12)).midY)
        press(window, at: windowPoint(cv, gap2), dragTo: windowPoint(cv, frame(cv, p(14)).center), holding: "ctrl")
        release()
        XCTAssertEqual(Set(cv.indexPathsForSelectedItems.map(\.item)), [1, 2, 13, 14])
    }}

    /// Held at the bottom edge, the band scrolls the view and keeps selecting.
    func testRubberBandScrollsNearTheEdge() { MainActor.assumeIsolated {
        let (cv, _, window) = open([300])
        defer { GtkHarness.close(window) }
        let gap = Point(x: (frame(cv, p(0)).maxX + frame(cv, p(1)).minX) / 2, y: frame(cv, p(0)).midY)
        press(window, at: windowPoint(cv, gap), dragTo: GtkHarness.windowPoint(of: cv.viewport, x: 400, y: cv.bounds.height - 3))
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.contentOffset.y > 800 }, "the view scrolled (offset \(cv.contentOffset))")
        let band = cv.interaction.pointerDrag!.bandRect!
        release()
        let expected = (0..<300).filter { frame(cv, p($0)).intersects(band) }
        XCTAssertGreaterThan(expected.count, 20)
        let selected = Set(cv.indexPathsForSelectedItems.map(\.item))
        // The band may have grown a frame after it was read.
        XCTAssertTrue(Set(expected).isSubset(of: selected), "missing \(Set(expected).subtracting(selected).sorted())")
        XCTAssertTrue(selected.contains(1) && !selected.contains(0))
    }}

    /// In single selection a drag on empty space does nothing.
    func testNoBandInSingleSelection() { MainActor.assumeIsolated {
        let (cv, _, window) = open([60], multiple: false)
        defer { GtkHarness.close(window) }
        let gap = Point(x: (frame(cv, p(0)).maxX + frame(cv, p(1)).minX) / 2, y: frame(cv, p(0)).midY)
        press(window, at: windowPoint(cv, gap), dragTo: windowPoint(cv, frame(cv, p(9)).center))
        XCTAssertNil(cv.interaction.pointerDrag!.bandRect)
        release()
        XCTAssertEqual(cv.indexPathsForSelectedItems, [])
    }}

    /// With reordering handlers, a diffable data source moves the item in its snapshot (told
    /// through `didReorder` with both snapshots), and the next apply diffs from the new order.
    func testDiffableDataSourceReorders() { MainActor.assumeIsolated {
        let fixture = DiffableWindow()
        defer { fixture.close() }
        var snapshot = DiffableWindow.Snapshot()
        try! snapshot.appendSections(["a", "b"])
        try! snapshot.appendItems(["a0", "a1", "a2", "a3"], toSection: "a")
        try! snapshot.appendItems(["b0", "b1"], toSection: "b")
        XCTAssertTrue(fixture.applyAndWait(snapshot))
        let cv = fixture.cv
        XCTAssertFalse(cv.beginInteractiveMovementForItem(at: p(0)), "no handlers: nothing moves")
        var transactions: [([[String]], [[String]])] = []
        fixture.source.reorderingHandlers.canReorderItem = { $0 != "a3" }
        fixture.source.reorderingHandlers.didReorder = {
            transactions.append((DiffableWindow.lists($0.initialSnapshot), DiffableWindow.lists($0.finalSnapshot)))
        }
        XCTAssertFalse(cv.beginInteractiveMovementForItem(at: p(3)), "refused by canReorderItem")
        XCTAssertTrue(cv.beginInteractiveMovementForItem(at: p(0)))
        cv.updateInteractiveMovementTargetPosition(frame(cv, p(1, 1)).center)
        XCTAssertEqual(cv.indexPathForInteractivelyMovingItem, p(1, 1))
        cv.endInteractiveMovement()
        XCTAssertTrue(fixture.settle())
        let moved = [["a1", "a2", "a3"], ["b0", "a0", "b1"]]
        XCTAssertEqual(DiffableWindow.lists(fixture.source.snapshot()), moved)
        XCTAssertEqual(transactions.map(\.1), [moved])
        XCTAssertEqual(transactions.map(\.0), [[["a0", "a1", "a2", "a3"], ["b0", "b1"]]])
        XCTAssertNil(fixture.mismatch(fixture.source.snapshot()))
        // The next apply starts from the reordered snapshot.
        var next = fixture.source.snapshot()
        try! next.deleteItems(["a0"])
        XCTAssertTrue(fixture.applyAndWait(next, animated: true))
        XCTAssertNil(fixture.mismatch(next))
        XCTAssertEqual(fixture.reports, [])
    }}

    /// A drop gap makes room at an index path without a cell, follows the pointer's place,
    /// and closes; an insert there by the app (the drop) leaves the cells where they are.
    func testDropGapMakesRoomAndAnInsertThereLeavesCellsInPlace() { MainActor.assumeIsolated {
        let (cv, data, window) = open([30])
        defer { GtkHarness.close(window) }
        var errors: [String] = []
        cv.errorHandler = { errors.append("\($0)") }
        cv.setDropGap(at: p(2))
        XCTAssertTrue(quiet(cv))
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 31)
        XCTAssertNil(cv.cellForItem(at: p(2)), "the gap has no cell")
        XCTAssertEqual((cv.cellForItem(at: p(3)) as? ValueCell)?.value, 2)
        XCTAssertEqual(cv.appliedLayoutAttributes(for: .cell(p(3)))?.frame, frame(cv, p(3)))
        cv.setDropGap(at: p(5))
        XCTAssertTrue(quiet(cv))
        XCTAssertEqual((cv.cellForItem(at: p(2)) as? ValueCell)?.value, 2)
        XCTAssertEqual((cv.cellForItem(at: p(6)) as? ValueCell)?.value, 5)
        XCTAssertNil(cv.cellForItem(at: p(5)))
        cv.setDropGap(at: p(99))
        XCTAssertEqual(cv.dropGapIndexPath, p(5), "a place past the items is ignored")
        // The drop: the app inserts where the gap is.
        data.sections[0].insert(100, at: 5)
        cv.insertItems(at: [p(5)])
        XCTAssertNil(cv.dropGapIndexPath)
        GtkHarness.waitForFrames(2, of: cv.viewport)  // the insert's pass
        XCTAssertEqual(cv.appliedLayoutAttributes(for: .cell(p(6)))?.frame, frame(cv, p(6)), "the cell after the gap did not move back")
        XCTAssertTrue(quiet(cv))
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 31)
        assertCellsShowTheData(cv, data)
        // Opened and closed again, nothing changes.
        cv.setDropGap(at: p(0))
        XCTAssertTrue(quiet(cv))
        XCTAssertEqual((cv.cellForItem(at: p(1)) as? ValueCell)?.value, 0)
        cv.setDropGap(at: nil)
        XCTAssertTrue(quiet(cv))
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 31)
        assertCellsShowTheData(cv, data)
        XCTAssertEqual(errors, [])
    }}

    /// App code drives a movement from inside its callbacks (a selection, a display call), and
    /// makes an update from a display call mid-movement: each runs after the callback's
    /// operation, the update cancels the movement first, and nothing is reported.
    func testMovementFromInsideCallbacks() { MainActor.assumeIsolated {
        let (cv, data, window) = open([20, 20])
        defer { GtkHarness.close(window) }
        var errors: [String] = []
        cv.errorHandler = { errors.append("\($0)") }
        let driver = CallbackDriver(data)
        cv.delegate = driver
        driver.onSelect = { cv, path in
            XCTAssertTrue(cv.beginInteractiveMovementForItem(at: path))
            cv.updateInteractiveMovementTargetPosition(frame(cv, p(1, 1)).center)
            cv.endInteractiveMovement()
        }
        cv.selectItem(at: nil, animated: false, scrollPosition: [])
        GtkHarness.pointer(window, at: GtkHarness.centre(of: cv.cellForItem(at: p(0))!, in: window), then: ["click", "1"])
        XCTAssertTrue(quiet(cv))
        XCTAssertEqual(data.log.filter { $0.hasPrefix("move") }, ["move 0.0->1.1"])
        XCTAssertEqual(data.sections.map(\.count), [19, 21])
        assertCellsShowTheData(cv, data)
        // An insert from willDisplay while an item is moved across sections.
        driver.onSelect = nil
        XCTAssertTrue(cv.beginInteractiveMovementForItem(at: p(0)))
        cv.updateInteractiveMovementTargetPosition(frame(cv, p(2, 1)).center)
        XCTAssertEqual(cv.numberOfItems(inSection: 1), 22)
        driver.onDisplay = { cv in
            driver.onDisplay = nil
            data.sections[1].append(999)
            cv.insertItems(at: [p(data.sections[1].count - 1, 1)])
        }
        cv.contentOffset = Point(x: 0, y: 900)
        XCTAssertTrue(quiet(cv))
        XCTAssertNil(driver.onDisplay, "the display callback ran")
        XCTAssertNil(cv.indexPathForInteractivelyMovingItem, "the update cancelled the movement")
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 19)
        XCTAssertEqual(cv.numberOfItems(inSection: 1), 22)
        assertCellsShowTheData(cv, data)
        XCTAssertEqual(errors, [])
    }}
}

/// A delegate whose selection and display calls run test code.
@MainActor
private final class CallbackDriver: CollectionViewDelegate {
    let data: MovableData
    var onSelect: ((CollectionView, IndexPath) -> Void)?
    var onDisplay: ((CollectionView) -> Void)?
    init(_ data: MovableData) { self.data = data }
    func collectionView(_ cv: CollectionView, didSelectItemAt p: IndexPath) { onSelect?(cv, p) }
    func collectionView(_ cv: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) { onDisplay?(cv) }
}
