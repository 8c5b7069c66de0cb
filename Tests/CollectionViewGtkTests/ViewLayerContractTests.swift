import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

private func p(_ i: Int) -> IndexPath { IndexPath(item: i, section: 0) }

@MainActor
private func open(count: Int = 60, itemSize: Double = 100) -> (CollectionView, Recorder, FlowLayout, WidgetPointer) {
    let layout = FlowLayout()
    layout.itemSize = Size(width: itemSize, height: itemSize)
    let cv = bareCollectionView(layout)
    cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
    let recorder = Recorder(count: count)
    recorder.collectionView = cv
    cv.dataSource = recorder
    cv.delegate = recorder
    let window = GtkHarness.window(for: cv)
    GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
    return (cv, recorder, layout, window)
}

/// Frees a weak-pointer slot, first unhooking it from its object if that is still alive.
private func forget(_ slot: UnsafeMutablePointer<gpointer?>) {
    if let object = slot.pointee { g_object_remove_weak_pointer(object.assumingMemoryBound(to: GObject.self), slot) }
    slot.deallocate()
}

/// A cell class to register over another.
private final class OtherCell: CollectionViewCell {}

/// A data source that takes whatever class is registered for "n".
@MainActor
private final class AnyCellSource: CollectionViewDataSource {
    var count: Int
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
    }
}

/// Opens the edit menu the way a person does with the keyboard (a popover needs a real event
/// to grab with).
@MainActor
private func openMenu(_ cv: CollectionView, at path: IndexPath) {
    gtk_widget_grab_focus(cv.viewport)
    cv.setFocusedItem(path, scroll: false)
    GtkHarness.keys("Menu")
    XCTAssertTrue(GtkHarness.pump { cv.interaction.menu != nil }, "the menu opened")
}

/// The promises of the view layer that app code leans on: decisions that hold, menus that
/// follow their item, presses that end with the data, registrations that replace, lifetimes,
/// and the cost of reading the selection.
final class ViewLayerContractTests: XCTestCase {
    /// `cancelInteractiveTransition()` is kept whatever comes while it settles: an update or
    /// a reload there does not turn it into a finish, however far the transition had gone.
    func testInteractiveDecisionHoldsThroughUpdatesAndReloads() { MainActor.assumeIsolated {
        for interruption in ["update", "reload"] {
            let (cv, r, grid, window) = open(count: 30)
            let list = FlowLayout()
            list.itemSize = Size(width: 700, height: 60)
            var completions: [Bool] = []
            let transition = cv.startInteractiveTransition(to: list) { completions.append($0) }
            transition.transitionProgress = 0.8
            GtkHarness.settle(cv)
            cv.cancelInteractiveTransition()
            XCTAssertNotNil(cv.transitionLayout, "\(interruption): settling back from 0.8 takes a moment")
            if interruption == "update" {
                r.count += 1
                cv.insertItems(at: [p(0)])
            } else {
                cv.reloadData()
            }
            XCTAssertEqual(completions, [false], "\(interruption): the cancel holds")
            XCTAssertTrue(cv.collectionViewLayout === grid, "\(interruption): back on the old layout")
            GtkHarness.wait(for: "the animations to end") { !cv.isAnimatingUpdates }
            GtkHarness.waitForFrames(2, of: cv.viewport)
            XCTAssertTrue(cv.collectionViewLayout === grid)
            XCTAssertEqual(completions, [false])
            GtkHarness.close(window)
        }
        // And a finish holds through an update even from below half way.
        let (cv, r, _, window) = open(count: 30)
        defer { GtkHarness.close(window) }
        let list = FlowLayout()
        list.itemSize = Size(width: 700, height: 60)
        var completions: [Bool] = []
        cv.startInteractiveTransition(to: list) { completions.append($0) }.transitionProgress = 0.2
        cv.finishInteractiveTransition()
        r.count += 1
        cv.insertItems(at: [p(0)])
        XCTAssertEqual(completions, [true])
        XCTAssertTrue(cv.collectionViewLayout === list)
    }}

    /// Assigning `collectionViewLayout` during an interactive transition ends it (its
    /// completion gets false) and the assigned layout stays, also after the settling time.
    func testAssigningALayoutDuringAnInteractiveTransitionWins() { MainActor.assumeIsolated {
        for settling in [false, true] {
            let (cv, _, _, window) = open(count: 30)
            let list = FlowLayout()
            list.itemSize = Size(width: 700, height: 60)
            let third = FlowLayout()
            third.itemSize = Size(width: 150, height: 150)
            var completions: [Bool] = []
            cv.startInteractiveTransition(to: list) { completions.append($0) }.transitionProgress = 0.7
            if settling { cv.finishInteractiveTransition() }
            cv.collectionViewLayout = third
            XCTAssertTrue(cv.collectionViewLayout === third)
            XCTAssertNil(cv.transitionLayout)
            XCTAssertEqual(completions, [false], "settling: \(settling)")
            GtkHarness.wait(for: "the animations to end") { !cv.isAnimatingUpdates }
            GtkHarness.waitForFrames(2, of: cv.viewport)
            XCTAssertTrue(cv.collectionViewLayout === third, "settling: \(settling): nothing takes it back")
            XCTAssertTrue(GtkHarness.pump { cv.cellForItem(at: p(1))?.appliedAttributes?.frame.width == 150 })
            GtkHarness.close(window)
        }
    }}

    /// The edit menu acts on the item it was opened for: an update moves it along with its
    /// item, deleting the item closes it, and a reload closes it.
    func testEditMenuFollowsItsItemThroughUpdates() { MainActor.assumeIsolated {
        let (cv, r, _, window) = open(count: 30)
        defer { GtkHarness.close(window) }
        openMenu(cv, at: p(5))
        r.count -= 1
        cv.deleteItems(at: [p(2)])
        XCTAssertEqual(cv.interaction.menuItem, p(4), "the menu's item moved up one")
        cv.interaction.menuChose(.copy)
        XCTAssertEqual(r.performed.map { $0.1 }, [p(4)], "the action goes to the item the menu was opened for")
        cv.interaction.closeMenu()  // as GTK does after an item is chosen
        XCTAssertTrue(GtkHarness.pump { cv.interaction.menu == nil })
        openMenu(cv, at: p(6))
        r.count -= 1
        cv.deleteItems(at: [p(6)])
        XCTAssertNil(cv.interaction.menuItem)
        XCTAssertTrue(GtkHarness.pump { cv.interaction.menu == nil }, "its item went: the menu closes")
        openMenu(cv, at: p(1))
        cv.reloadData()
        XCTAssertTrue(GtkHarness.pump { cv.interaction.menu == nil }, "a reload closes it")
        XCTAssertEqual(r.performed.count, 1)
    }}

    /// A window destroyed with its menu open takes the menu with it: the popover leaves the
    /// widget tree and the screen, the view forgets it, and nothing warns afterwards. (GTK
    /// keeps one reference to the popover itself; whose, I did not find.)
    func testDestroyedWindowTakesItsMenu() { MainActor.assumeIsolated {
        let (cv, r, _, window) = open(count: 30)
        defer { _ = r }
        // No tooltip timeout may be pending when the window goes: GTK 4.8 starts one (500 ms)
        // when the menu takes its grab, with the menu's surface as the tooltip's last surface,
        // and reads that surface when it fires, even after it is gone (a critical inside GTK's
        // "tooltip_popup_timeout", whoever destroys the window; the code before this change
        // hit it too). So the menu stays open longer than that.
        openMenu(cv, at: p(3))
        guard cv.interaction.menu != nil else { GtkHarness.close(window); return }
        GtkHarness.letTimePass(0.7, because: "GTK 4.8's tooltip timeout (500 ms), started by the menu's grab, fires first")
        let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
        defer { forget(slot) }
        slot.pointee = UnsafeMutableRawPointer(cv.interaction.menu!)
        g_object_add_weak_pointer(raw(cv.interaction.menu!).assumingMemoryBound(to: GObject.self), slot)
        let popover = cv.interaction.menu!
        GtkHarness.close(window)
        XCTAssertNil(cv.interaction.menu, "the view let go of its menu")
        XCTAssertNil(slot.pointee.flatMap { _ in gtk_widget_get_parent(popover) }, "the menu left the widget tree")
        XCTAssertEqual(slot.pointee.map { _ in gtk_widget_get_mapped(popover) } ?? 0, 0, "and the screen")
        GtkHarness.drain()
    }}

    /// `reloadData()` while a button is held on a cell cancels the press: the cell is
    /// unhighlighted (with its delegate call) and the release selects nothing.
    func testReloadDuringAPressCancelsIt() { MainActor.assumeIsolated {
        let (cv, r, _, window) = open(count: 30)
        defer { GtkHarness.close(window) }
        let cell = cv.cellForItem(at: p(3))!
        GtkHarness.pointer(window, at: GtkHarness.centre(of: cell, in: window), then: ["mousedown", "1"])
        XCTAssertTrue(cv.cellForItem(at: p(3))?.isHighlighted ?? false)
        r.log = []
        cv.reloadData()
        XCTAssertEqual(r.log.filter { $0.hasPrefix("didUnhighlight 3") }.count, 1, "\(r.log)")
        GtkHarness.settle(cv)
        XCTAssertFalse(cv.cellForItem(at: p(3))?.isHighlighted ?? true)
        GtkHarness.xdotool(["mouseup", "1"])
        XCTAssertEqual(cv.indexPathsForSelectedItems, [], "the release after a reload selects nothing")
        XCTAssertFalse(r.log.contains { $0.hasPrefix("didSelect") }, "\(r.log)")
    }}

    /// A reload keeps the selected items that still exist and drops the rest, and the focus
    /// of an item that went.
    func testReloadKeepsWhatStillExists() { MainActor.assumeIsolated {
        let (cv, r, _, window) = open(count: 30)
        defer { GtkHarness.close(window) }
        cv.allowsMultipleSelection = true
        for item in [2, 25] { cv.selectItem(at: p(item), animated: false, scrollPosition: []) }
        cv.setFocusedItem(p(28), scroll: false)
        r.count = 20
        GtkHarness.settle(cv) { cv.reloadData() }
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(2)])
        XCTAssertNil(cv.indexPathForFocusedItem, "the focused item went")
        XCTAssertTrue(cv.cellForItem(at: p(2))?.isSelected ?? false)
    }}

    /// Registering another class for an identifier replaces the registration and drops the
    /// queued views of the old class: after a reload every cell is of the new class, and no
    /// old cell is left in the widget tree.
    func testRegisteringAnotherClassReplacesTheOld() { MainActor.assumeIsolated {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        let cv = bareCollectionView(layout)
        cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
        let source = AnyCellSource(count: 200)
        cv.dataSource = source
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window); _ = source }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        source.count = 10
        GtkHarness.settle(cv) { cv.reloadData() }  // most NumberCells wait in the queue
        XCTAssertGreaterThan(cv.reuseStatistics.queued, 0)
        cv.register(OtherCell.self, forCellWithReuseIdentifier: "n")
        XCTAssertEqual(cv.reuseStatistics.queued, 0, "the old class's queued views went")
        source.count = 200
        GtkHarness.settle(cv) { cv.reloadData() }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        XCTAssertFalse(cv.visibleCells.isEmpty)
        XCTAssertTrue(cv.visibleCells.allSatisfy { $0 is OtherCell }, "every cell is of the new class")
        var child = gtk_widget_get_first_child(cv.canvas)
        var oldInTree = 0
        while let c = child {
            if let view = ReusableView.view(for: c), view is NumberCell { oldInTree += 1 }
            child = gtk_widget_get_next_sibling(c)
        }
        XCTAssertEqual(oldInTree, 0, "no cell of the old class stays in the tree")
    }}

    /// The widget keeps the collection view alive while it is in a window: the app may drop
    /// its last reference and the view goes on working; destroying the window frees both.
    func testWidgetKeepsTheViewAliveAndBothGoWithTheWindow() { MainActor.assumeIsolated {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        let source = GridSource(counts: [100])
        weak var weakView: CollectionView?
        var window: WidgetPointer!
        let widgetSlot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
        defer { forget(widgetSlot) }
        do {
            let cv = makeCollectionView(layout, source)
            weakView = cv
            window = GtkHarness.window(for: cv)
            widgetSlot.pointee = UnsafeMutableRawPointer(cv.widget)
            g_object_add_weak_pointer(raw(cv.widget).assumingMemoryBound(to: GObject.self), widgetSlot)
        }
        GtkHarness.waitForFrames(2, of: window)  // shown a while
        XCTAssertNotNil(weakView, "the widget holds the view while it is shown")
        let passes = weakView?.layoutPassCount ?? 0
        gtk_window_set_default_size(window.as(GtkWindow.self), 600, 500)
        XCTAssertTrue(GtkHarness.pump { (weakView?.layoutPassCount ?? 0) > passes }, "and the view still lays out")
        XCTAssertTrue(GtkHarness.pump { weakView?.bounds.width == 600 })
        GtkHarness.close(window)
        XCTAssertTrue(GtkHarness.pump { weakView == nil }, "destroying the window frees the view")
        XCTAssertTrue(GtkHarness.pump { widgetSlot.pointee == nil }, "and its widget")
    }}

    /// Ctrl+A selects 100,000 items as one range: the delegate is asked and told once, not per
    /// item, and reading the count never builds the index paths; Escape deselects the range.
    func testSelectAllWithADelegateThatReadsTheSelection() { MainActor.assumeIsolated {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        let cv = bareCollectionView(layout)
        cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
        let reader = SelectionReader(count: 100_000)
        cv.dataSource = reader
        cv.delegate = reader
        cv.allowsMultipleSelection = true
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        gtk_widget_grab_focus(cv.viewport)
        GtkHarness.keys("ctrl+a")
        XCTAssertTrue(GtkHarness.pump(timeout: 30) { reader.rangeSelections == [0..<100_000] })
        XCTAssertEqual(reader.selections, 0, "no per-item did-select for a range")
        XCTAssertEqual(reader.lastSeenCount, 100_000)
        XCTAssertEqual(cv.selection.selected.materializations, 0, "counting never builds the index paths")
        XCTAssertEqual(cv.indexPathsForSelectedItems.count, 100_000)
        XCTAssertEqual(cv.selection.selected.materializations, 1)
        GtkHarness.keys("Escape")
        XCTAssertTrue(GtkHarness.pump(timeout: 30) { cv.selectedItemCount == 0 })
        XCTAssertEqual(reader.lastSeenCount, 0)
        XCTAssertEqual(cv.indexPathsForSelectedItems, [])
    }}

    /// Views with equal zIndex draw in one order, by element (index path), whatever order they
    /// came in and however a batch or a swap moves them: a stack of overlapping cells shows the
    /// same one on top from run to run and mid-transition.
    func testEqualZIndexDrawsInElementOrder() { MainActor.assumeIsolated {
        let stacked = FixedLayout()
        let source = GridSource(counts: [12])
        @MainActor func stack(_ count: Int, at x: Double) -> [LayoutAttributes] {
            (0..<count).map { i in
                let a = LayoutAttributes(forCellWith: p(i))
                a.frame = Rect(x: x + Double(i % 3) * 10, y: 100, width: 200, height: 200)  // all overlapping
                return a
            }
        }
        stacked.attributes = stack(12, at: 50)
        let cv = makeCollectionView(stacked, source)
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        @MainActor func drawnOrder() -> [Int] {
            cv.drawnViews().compactMap { ($0 as? CollectionViewCell).flatMap(cv.indexPath(for:))?.item }
        }
        XCTAssertEqual(drawnOrder(), Array(0..<12))
        // Moves reverse the items: each view now shows another index path, and the order
        // follows the index paths, not the views.
        source.counts = [12]
        cv.performBatchUpdates({ for i in 0..<12 where i != 11 - i { cv.moveItem(at: p(i), to: p(11 - i)) } })
        GtkHarness.settle(cv)
        XCTAssertEqual(drawnOrder(), Array(0..<12), "after the moves")
        // Mid-way through a swap to another stack, still by index path.
        let other = FixedLayout()
        other.attributes = stack(12, at: 300)
        cv.animator.paused = true
        cv.setCollectionViewLayout(other, animated: true)
        cv.animator.step(0.5)
        GtkHarness.settle(cv)
        XCTAssertEqual(drawnOrder(), Array(0..<12), "mid-transition")
        cv.animator.paused = false
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates })
    }}

    /// `CollectionViewAnimation` drives every animation: a custom curve shows in an update's
    /// frames, and a zero duration lands an update at once.
    func testTheAnimationSettingDrivesUpdates() { MainActor.assumeIsolated {
        let (cv, r, layout, window) = open(count: 30)
        defer { GtkHarness.close(window) }
        cv.animation = CollectionViewAnimation(duration: 30, curve: .custom { _ in 0.25 })
        let from = layout.layoutAttributesForItem(at: p(0))!.frame
        r.count += 1
        cv.insertItems(at: [p(0)])
        let to = layout.layoutAttributesForItem(at: p(1))!.frame
        GtkHarness.waitForFrames(2, of: cv.viewport)  // frames of the animation
        let shown = cv.cellForItem(at: p(1))!.appliedAttributes!.frame
        XCTAssertEqual(shown.minX, from.minX + (to.minX - from.minX) * 0.25, accuracy: 0.01, "the custom curve's value")
        cv.animation = CollectionViewAnimation(duration: 0)
        var done: [Bool] = []
        r.count += 1
        cv.performBatchUpdates({ cv.insertItems(at: [p(0)]) }, completion: { done.append($0) })
        XCTAssertFalse(cv.isAnimatingUpdates, "a zero duration lands at once")
        XCTAssertTrue(GtkHarness.pump { done == [true] })
        XCTAssertEqual(cv.cellForItem(at: p(2))?.appliedAttributes?.frame, layout.layoutAttributesForItem(at: p(2))!.frame)
    }}
}

/// A delegate that reads the whole selection on every didSelect.
@MainActor
private final class SelectionReader: CollectionViewDataSource, CollectionViewDelegate {
    let count: Int
    var selections = 0
    var rangeSelections: [Range<Int>] = []
    var lastSeenCount = 0
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        selections += 1
        lastSeenCount = collectionView.selectedItemCount
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemsIn range: Range<Int>, inSection section: Int) {
        rangeSelections.append(range)
        lastSeenCount = collectionView.selectedItemCount
    }
    func collectionView(_ collectionView: CollectionView, didDeselectItemsIn range: Range<Int>, inSection section: Int) {
        lastSeenCount = collectionView.selectedItemCount
    }
}
