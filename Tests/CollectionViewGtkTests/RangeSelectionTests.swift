import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A data source of several sections and a delegate that logs the per-item and the per-range
/// selection calls, and refuses the ranges that hold given items.
@MainActor
private final class RangeRecorder: CollectionViewDataSource, CollectionViewDelegate {
    var counts: [Int]
    var log: [String] = []
    /// Ranges (of section 0) holding one of these items are refused.
    var refuseRangesHolding: Set<Int> = []
    var refuseSelect: Set<Int> = []
    init(counts: [Int]) { self.counts = counts }

    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: NumberCell = collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
        cell.shownPath = indexPath
        return cell
    }
    func collectionView(_ cv: CollectionView, shouldSelectItemAt p: IndexPath) -> Bool {
        log.append("shouldSelect \(p.item)"); return !refuseSelect.contains(p.item)
    }
    func collectionView(_ cv: CollectionView, didSelectItemAt p: IndexPath) { log.append("didSelect \(p.item)") }
    func collectionView(_ cv: CollectionView, shouldDeselectItemAt p: IndexPath) -> Bool { log.append("shouldDeselect \(p.item)"); return true }
    func collectionView(_ cv: CollectionView, didDeselectItemAt p: IndexPath) { log.append("didDeselect \(p.item)") }
    func collectionView(_ cv: CollectionView, shouldSelectItemsIn range: Range<Int>, inSection section: Int) -> Bool {
        log.append("shouldSelect \(section):\(range)")
        return section != 0 || refuseRangesHolding.allSatisfy { !range.contains($0) }
    }
    func collectionView(_ cv: CollectionView, didSelectItemsIn range: Range<Int>, inSection section: Int) {
        // Told after every item of the range is selected, its shown cells included.
        let shownWrong = range.contains { cv.cellForItem(at: IndexPath(item: $0, section: section)).map { !$0.isSelected } ?? false }
        log.append("didSelect \(section):\(range)\(shownWrong ? " (a cell not selected yet)" : "")")
    }
    func collectionView(_ cv: CollectionView, shouldDeselectItemsIn range: Range<Int>, inSection section: Int) -> Bool {
        log.append("shouldDeselect \(section):\(range)"); return true
    }
    func collectionView(_ cv: CollectionView, didDeselectItemsIn range: Range<Int>, inSection section: Int) {
        log.append("didDeselect \(section):\(range)")
    }
}

/// 100x100 items in 800x600: seven a line.
@MainActor
private func open(counts: [Int] = [200], multiple: Bool = true, configure: (RangeRecorder) -> Void = { _ in })
    -> (CollectionView, RangeRecorder, WidgetPointer) {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    let cv = bareCollectionView(layout)
    cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
    let recorder = RangeRecorder(counts: counts)
    cv.dataSource = recorder
    cv.delegate = recorder
    cv.allowsMultipleSelection = multiple
    configure(recorder)
    let window = GtkHarness.window(for: cv)
    return (cv, recorder, window)
}

/// Clicks an item with the modifier keys held ("shift", "ctrl", "ctrl+shift" or none).
@MainActor
private func click(_ item: Int, _ cv: CollectionView, _ window: WidgetPointer, holding modifiers: String? = nil) {
    let cell = cv.cellForItem(at: IndexPath(item: item, section: 0))!
    let at = GtkHarness.centre(of: cell, in: window)
    guard let modifiers else { GtkHarness.pointer(window, at: at, then: ["click", "1"]); return }
    GtkHarness.pointer(window, at: at, then: ["keydown", modifiers, "sleep", "0.05", "click", "1", "sleep", "0.05", "keyup", modifiers])
}

private func p(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

/// The selected items of section 0 as ranges.
@MainActor
private func ranges(_ cv: CollectionView, _ section: Int = 0) -> [Range<Int>] { cv.selectedItemRanges(inSection: section) }

/// Desktop selection with the mouse and keyboard (Ctrl/Shift clicks, Shift/Ctrl keys, Ctrl+A,
/// Ctrl+Shift+A, Escape), the delegate asked per item or per range, and selected ranges
/// following batch updates.
final class RangeSelectionTests: XCTestCase {

    /// Ctrl+click toggles (per item); Shift+click selects the range from the anchor instead of
    /// the selection, Ctrl+Shift+click adds it, each range asked and told once.
    func testCtrlClickTogglesAndShiftClickSelectsFromTheAnchor() { MainActor.assumeIsolated {
        let (cv, r, window) = open()
        defer { GtkHarness.close(window) }
        click(2, cv, window)
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(2)])
        r.log = []
        click(9, cv, window, holding: "shift")
        XCTAssertEqual(ranges(cv), [2..<10])
        XCTAssertEqual(r.log, ["shouldSelect 0:3..<10", "didSelect 0:3..<10"], "one range, only the part not yet selected")
        XCTAssertTrue((2...9).allSatisfy { cv.cellForItem(at: p($0))!.isSelected })
        XCTAssertFalse(cv.cellForItem(at: p(10))!.isSelected)
        XCTAssertEqual(cv.indexPathForFocusedItem, p(9))
        // Ctrl+click toggles one item, per item, and becomes the anchor.
        r.log = []
        click(5, cv, window, holding: "ctrl")
        XCTAssertEqual(ranges(cv), [2..<5, 6..<10])
        XCTAssertEqual(r.log, ["shouldDeselect 5", "didDeselect 5"])
        XCTAssertFalse(cv.cellForItem(at: p(5))!.isSelected)
        r.log = []
        click(5, cv, window, holding: "ctrl")
        XCTAssertEqual(ranges(cv), [2..<10])
        XCTAssertEqual(r.log, ["shouldSelect 5", "didSelect 5"])
        // Shift+click from the anchor (5) back to 1: the selection becomes 1...5.
        r.log = []
        click(1, cv, window, holding: "shift")
        XCTAssertEqual(ranges(cv), [1..<6])
        XCTAssertEqual(r.log, ["shouldDeselect 0:6..<10", "didDeselect 0:6..<10", "shouldSelect 0:1..<2", "didSelect 0:1..<2"])
        // Ctrl+Shift+click adds the range from the anchor (still 5) to 12.
        click(20, cv, window, holding: "ctrl")  // the anchor moves to 20, selected
        r.log = []
        click(12, cv, window, holding: "ctrl+shift")
        XCTAssertEqual(ranges(cv), [1..<6, 12..<21])
        XCTAssertEqual(r.log, ["shouldSelect 0:12..<20", "didSelect 0:12..<20"])
        XCTAssertEqual(cv.selectedItemCount, 14)
        XCTAssertTrue(cv.isItemSelected(at: p(15)) && !cv.isItemSelected(at: p(8)))
    }}

    /// Shift+arrows, Shift+Page Down, Shift+End and Shift+Home select from the anchor to the
    /// new focus; Ctrl+arrows move the focus alone, Ctrl+Space toggles, Ctrl+A selects all,
    /// Ctrl+Shift+A and Escape deselect all.
    func testShiftAndCtrlKeys() { MainActor.assumeIsolated {
        let (cv, r, window) = open()
        defer { GtkHarness.close(window) }
        click(0, cv, window)
        GtkHarness.keys("shift+Right", "shift+Right")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(2))
        XCTAssertEqual(ranges(cv), [0..<3])
        GtkHarness.keys("shift+Down")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(9))
        XCTAssertEqual(ranges(cv), [0..<10])
        r.log = []
        GtkHarness.keys("shift+Up")
        XCTAssertEqual(ranges(cv), [0..<3], "back up: the range shrinks to the anchor's")
        XCTAssertEqual(r.log, ["shouldDeselect 0:3..<10", "didDeselect 0:3..<10"])
        XCTAssertFalse(cv.cellForItem(at: p(5))!.isSelected)
        // Ctrl+arrows move the focus without selecting; Ctrl+Space toggles the focused item.
        r.log = []
        GtkHarness.keys("ctrl+Right", "ctrl+Right")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(4))
        XCTAssertEqual(ranges(cv), [0..<3])
        XCTAssertEqual(r.log, [])
        GtkHarness.keys("ctrl+space")
        XCTAssertEqual(ranges(cv), [0..<3, 4..<5])
        XCTAssertEqual(r.log, ["shouldSelect 4", "didSelect 4"], "per item")
        GtkHarness.keys("ctrl+space")
        XCTAssertEqual(ranges(cv), [0..<3])
        // The anchor is 4 now: Shift+Page Down selects 4 to one viewport down instead.
        GtkHarness.keys("shift+Page_Down")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(39), "five lines of seven down")
        XCTAssertEqual(ranges(cv), [4..<40])
        r.log = []
        GtkHarness.keys("shift+End")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(199))
        XCTAssertEqual(ranges(cv), [4..<200])
        XCTAssertEqual(r.log, ["shouldSelect 0:40..<200", "didSelect 0:40..<200"])
        GtkHarness.keys("shift+Home")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(0))
        XCTAssertEqual(ranges(cv), [0..<5])
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.cellForItem(at: p(0)) != nil })
        XCTAssertTrue(cv.cellForItem(at: p(0))!.isSelected && !cv.cellForItem(at: p(5))!.isSelected)
        r.log = []
        GtkHarness.keys("ctrl+a")
        XCTAssertEqual(ranges(cv), [0..<200])
        XCTAssertEqual(r.log, ["shouldSelect 0:5..<200", "didSelect 0:5..<200"])
        XCTAssertTrue(cv.visibleCells.allSatisfy(\.isSelected))
        r.log = []
        GtkHarness.keys("ctrl+shift+a")
        XCTAssertEqual(cv.selectedItemCount, 0)
        XCTAssertEqual(r.log, ["shouldDeselect 0:0..<200", "didDeselect 0:0..<200"])
        XCTAssertTrue(cv.visibleCells.allSatisfy { !$0.isSelected })
        GtkHarness.keys("ctrl+a", "Escape")
        XCTAssertEqual(cv.selectedItemCount, 0)
        XCTAssertEqual(cv.indexPathsForSelectedItems, [])
    }}

    /// Plain arrows, Home/End and Page keys make the new focus the selection, as in
    /// GtkGridView: should-select asked per item (a refusal changes nothing but the focus),
    /// the other selected ranges dropped once per range; Ctrl+arrows move the focus alone.
    func testPlainArrowsSelectTheFocusAndCtrlArrowsDoNot() { MainActor.assumeIsolated {
        let (cv, r, window) = open { $0.refuseSelect = [16] }
        defer { GtkHarness.close(window) }
        click(0, cv, window)
        click(2, cv, window, holding: "ctrl")
        XCTAssertEqual(ranges(cv), [0..<1, 2..<3])
        r.log = []
        GtkHarness.keys("Right")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(3))
        XCTAssertEqual(ranges(cv), [3..<4])
        XCTAssertEqual(r.log, ["shouldSelect 3", "shouldDeselect 0:0..<1", "didDeselect 0:0..<1",
                               "shouldDeselect 0:2..<3", "didDeselect 0:2..<3", "didSelect 3"])
        XCTAssertTrue(cv.cellForItem(at: p(3))!.isSelected && !cv.cellForItem(at: p(2))!.isSelected)
        r.log = []
        GtkHarness.keys("ctrl+Right", "ctrl+Down")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(11))
        XCTAssertEqual(ranges(cv), [3..<4], "Ctrl+arrows move the focus alone")
        XCTAssertEqual(r.log, [])
        GtkHarness.keys("Down")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(18))
        XCTAssertEqual(ranges(cv), [18..<19])
        GtkHarness.keys("Left", "Left")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(16))
        XCTAssertEqual(ranges(cv), [17..<18], "16 refused: the focus moves, the selection stays")
        r.log = []
        GtkHarness.keys("Left")
        XCTAssertEqual(ranges(cv), [15..<16])
        XCTAssertEqual(r.log, ["shouldSelect 15", "shouldDeselect 0:17..<18", "didDeselect 0:17..<18", "didSelect 15"])
        // A selected focus keeps its selection and loses the others, asked once per range.
        GtkHarness.keys("ctrl+a")
        r.log = []
        GtkHarness.keys("Right")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(16))
        XCTAssertEqual(ranges(cv), [16..<17])
        XCTAssertEqual(r.log, ["shouldDeselect 0:0..<16", "didDeselect 0:0..<16", "shouldDeselect 0:17..<200", "didDeselect 0:17..<200"])
        r.log = []
        GtkHarness.keys("Right")
        XCTAssertEqual(ranges(cv), [17..<18])
        GtkHarness.keys("End")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(199))
        XCTAssertEqual(ranges(cv), [199..<200])
        GtkHarness.keys("Home")
        XCTAssertEqual(ranges(cv), [0..<1])
        GtkHarness.keys("Page_Down")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(35))
        XCTAssertEqual(ranges(cv), [35..<36])
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.cellForItem(at: p(35)) != nil })
        XCTAssertTrue(cv.cellForItem(at: p(35))!.isSelected)
        XCTAssertTrue(cv.visibleCells.filter(\.isSelected).count == 1, "only the focused cell shows selected")
        // The arrow's item is the anchor of the next Shift range.
        GtkHarness.keys("shift+Right")
        XCTAssertEqual(ranges(cv), [35..<37])
    }}

    /// In single selection the modifiers change nothing: Shift+click selects the item alone,
    /// Shift+arrows select the new focus as plain arrows do, Ctrl+arrows move the focus alone,
    /// Ctrl+A selects nothing.
    func testSingleSelectionKeepsItsBehaviour() { MainActor.assumeIsolated {
        let (cv, r, window) = open(multiple: false)
        defer { GtkHarness.close(window) }
        click(2, cv, window)
        click(9, cv, window, holding: "shift")
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(9)])
        click(4, cv, window, holding: "ctrl")
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(4)])
        r.log = []
        GtkHarness.keys("ctrl+Right", "ctrl+Down", "ctrl+a")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(12))
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(4)])
        XCTAssertEqual(r.log, [])
        GtkHarness.keys("shift+Right")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(13))
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(13)], "Shift changes nothing: the focus is selected")
        XCTAssertEqual(r.log, ["shouldSelect 13", "didDeselect 4", "didSelect 13"], "per item, as a click")
        r.log = []
        GtkHarness.keys("Left")
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(12)])
        XCTAssertEqual(r.log, ["shouldSelect 12", "didDeselect 13", "didSelect 12"])
        r.log = []
        GtkHarness.keys("Escape")
        XCTAssertEqual(cv.indexPathsForSelectedItems, [])
        XCTAssertEqual(r.log, ["shouldDeselect 12", "didDeselect 12"], "Escape deselects per item, as before")
    }}

    /// Clicks ask should-select per item; Ctrl+A and Shift ranges ask once per range, and a
    /// refused range stays unselected as a whole while the others are selected.
    func testShouldSelectPerItemAndPerRange() { MainActor.assumeIsolated {
        let (cv, r, window) = open { $0.refuseRangesHolding = [4]; $0.refuseSelect = [7] }
        defer { GtkHarness.close(window) }
        click(2, cv, window)
        click(7, cv, window, holding: "ctrl")
        click(5, cv, window, holding: "ctrl")
        XCTAssertEqual(ranges(cv), [2..<3, 5..<6], "7 refused per item")
        XCTAssertEqual(r.log.filter { $0.hasPrefix("should") }, ["shouldSelect 2", "shouldSelect 7", "shouldSelect 5"])
        r.log = []
        GtkHarness.keys("ctrl+a")
        XCTAssertEqual(r.log, ["shouldSelect 0:0..<2", "didSelect 0:0..<2", "shouldSelect 0:3..<5",
                               "shouldSelect 0:6..<200", "didSelect 0:6..<200"], "once per range, 3..<5 refused; 7 not asked per item")
        XCTAssertEqual(ranges(cv), [0..<3, 5..<200])
        XCTAssertFalse(cv.cellForItem(at: p(4))!.isSelected)
        XCTAssertTrue(cv.cellForItem(at: p(7))!.isSelected)
        // Shift+click from the anchor (5) to 0: 0...5 holds 3..<5, refused again.
        r.log = []
        click(0, cv, window, holding: "shift")
        XCTAssertEqual(ranges(cv), [0..<3, 5..<6])
        XCTAssertEqual(r.log, ["shouldDeselect 0:6..<200", "didDeselect 0:6..<200", "shouldSelect 0:3..<5"])
    }}

    /// Selected ranges follow inserts and deletes before, inside and after them, moves, and
    /// section inserts and deletes; reading them never builds the index paths.
    func testSelectedRangesFollowBatchUpdates() { MainActor.assumeIsolated {
        let (cv, r, window) = open(counts: [100, 50])
        defer { GtkHarness.close(window) }
        cv.selectItems(in: 10..<20, inSection: 0)
        cv.selectItems(in: 0..<50, inSection: 1)
        XCTAssertEqual(cv.selectedItemCount, 60)
        @MainActor func update(_ change: String, counts: [Int], _ updates: @escaping () -> Void, expect: [[Range<Int>]], file: StaticString = #filePath, line: UInt = #line) {
            r.counts = counts
            var done = false
            cv.performBatchUpdates(updates, completion: { _ in done = true })
            XCTAssertTrue(GtkHarness.pump { done }, change, file: file, line: line)
            XCTAssertEqual((0..<counts.count).map { cv.selectedItemRanges(inSection: $0) }, expect, change, file: file, line: line)
            XCTAssertEqual(cv.selectedItemCount, expect.joined().map(\.count).reduce(0, +), change, file: file, line: line)
            for cell in cv.visibleCells {
                guard let path = cv.indexPath(for: cell) else { continue }
                XCTAssertEqual(cell.isSelected, cv.isItemSelected(at: path), "\(change): cell \(Array(path))", file: file, line: line)
            }
        }
        update("insert before", counts: [101, 50], { cv.insertItems(at: [p(5)]) }, expect: [[11..<21], [0..<50]])
        update("insert inside", counts: [102, 50], { cv.insertItems(at: [p(15)]) }, expect: [[11..<15, 16..<22], [0..<50]])
        update("insert after", counts: [103, 50], { cv.insertItems(at: [p(40)]) }, expect: [[11..<15, 16..<22], [0..<50]])
        update("delete before", counts: [102, 50], { cv.deleteItems(at: [p(0)]) }, expect: [[10..<14, 15..<21], [0..<50]])
        update("delete inside, the gap", counts: [101, 50], { cv.deleteItems(at: [p(14)]) }, expect: [[10..<20], [0..<50]])
        update("delete inside", counts: [100, 50], { cv.deleteItems(at: [p(12)]) }, expect: [[10..<19], [0..<50]])
        update("delete after", counts: [99, 50], { cv.deleteItems(at: [p(60)]) }, expect: [[10..<19], [0..<50]])
        update("move out of the range", counts: [99, 50], { cv.moveItem(at: p(10), to: p(30)) }, expect: [[10..<18, 30..<31], [0..<50]])
        update("delete in the selected section", counts: [99, 49], { cv.deleteItems(at: [p(0, 1)]) }, expect: [[10..<18, 30..<31], [0..<49]])
        update("insert a section before", counts: [3, 99, 49], { cv.insertSections(IndexSet(integer: 0)) },
               expect: [[], [10..<18, 30..<31], [0..<49]])
        update("delete a selected section", counts: [3, 49], { cv.deleteSections(IndexSet(integer: 1)) }, expect: [[], [0..<49]])
        XCTAssertEqual(cv.selection.selected.materializations, 0, "no update built the index paths")
        XCTAssertEqual(cv.indexPathsForSelectedItems.count, 49)
    }}
}
