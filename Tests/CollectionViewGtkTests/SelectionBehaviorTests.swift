import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A data source and delegate that logs every selection call, per item and per range, and
/// the items each context menu is asked for.
@MainActor
private final class BehaviorRecorder: CollectionViewDataSource, CollectionViewDelegate {
    var log: [String] = []
    var refuseSelect: Set<Int> = []
    /// The items of each context menu asked for.
    var menus: [[Int]] = []

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 40 }
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
        log.append("shouldSelect \(range)"); return true
    }
    func collectionView(_ cv: CollectionView, didSelectItemsIn range: Range<Int>, inSection section: Int) { log.append("didSelect \(range)") }
    func collectionView(_ cv: CollectionView, shouldDeselectItemsIn range: Range<Int>, inSection section: Int) -> Bool {
        log.append("shouldDeselect \(range)"); return true
    }
    func collectionView(_ cv: CollectionView, didDeselectItemsIn range: Range<Int>, inSection section: Int) { log.append("didDeselect \(range)") }
    func collectionView(_ cv: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: Point) -> ContextMenuConfiguration? {
        menus.append(indexPaths.map(\.item))
        return ContextMenuConfiguration(items: [ContextMenuItem("Open") { _ in }])
    }
}

/// 100x100 items in 800x600, seven a line, in multiple selection.
@MainActor
private func open(_ behavior: SelectionBehavior? = nil) -> (CollectionView, BehaviorRecorder, WidgetPointer) {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    let cv = bareCollectionView(layout)
    cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
    let recorder = BehaviorRecorder()
    cv.dataSource = recorder
    cv.delegate = recorder
    cv.allowsMultipleSelection = true
    if let behavior { cv.selectionBehavior = behavior }
    return (cv, recorder, GtkHarness.window(for: cv))
}

/// Clicks an item with a button, and with modifier keys held ("ctrl", "shift", "ctrl+shift"),
/// `dx` pixels right of its centre.
@MainActor
private func click(_ item: Int, _ cv: CollectionView, _ window: WidgetPointer, button: Int = 1, holding modifiers: String? = nil,
                   dx: Int = 0) {
    let centre = GtkHarness.centre(of: cv.cellForItem(at: IndexPath(item: item, section: 0))!, in: window)
    let at = (centre.0 + dx, centre.1)
    guard let modifiers else { return GtkHarness.pointer(window, at: at, then: ["click", String(button)]) }
    GtkHarness.pointer(window, at: at, then: ["keydown", modifiers, "sleep", "0.05", "click", String(button), "sleep", "0.05", "keyup", modifiers])
}

/// Closes the open context menu with Escape (the menu has the keyboard).
@MainActor
private func closeMenu(_ cv: CollectionView, file: StaticString = #filePath, line: UInt = #line) {
    GtkHarness.wait(for: "the menu to open", file: file, line: line) { cv.interaction.menu != nil }
    GtkHarness.waitUntilShown(cv.interaction.menu!, "the menu", file: file, line: line)
    GtkHarness.keys("Escape", file: file, line: line)
    GtkHarness.wait(for: "the menu to close", file: file, line: line) { cv.interaction.menu == nil }
}

/// Closes a window whose menu grabbed lately: GTK 4.8 logs a tooltip critical when a popover
/// that grabbed less than half a second ago is destroyed.
@MainActor
private func closeAfterMenu(_ window: WidgetPointer) {
    GtkHarness.letTimePass(0.7, because: "GTK 4.8's tooltip timeout, started by the menu's grab, fires before the window goes")
    GtkHarness.close(window)
}

@MainActor
private func selected(_ cv: CollectionView) -> [Int] { cv.indexPathsForSelectedItems.map(\.item) }

/// `CollectionView.selectionBehavior` in a real window, click by click from xdotool: desktop
/// (GtkGridView's and Files' clicks, the default) and touch (UIKit's), with the delegate calls
/// each click makes.
final class SelectionBehaviorTests: XCTestCase {

    func testDesktopIsTheDefault() { MainActor.assumeIsolated {
        XCTAssertEqual(bareCollectionView(FlowLayout()).selectionBehavior, .desktop)
    }}

    /// A click selects only its item (the others go per range, as a plain arrow key drops
    /// them); Ctrl+click toggles and moves the anchor; Shift+click selects from the anchor,
    /// Ctrl+Shift+click adds the range; a click on one of several selected items keeps only it.
    func testDesktopClicksCtrlAndShift() { MainActor.assumeIsolated {
        let (cv, r, window) = open()
        defer { GtkHarness.close(window) }
        click(1, cv, window)
        XCTAssertEqual(selected(cv), [1])
        XCTAssertEqual(r.log, ["shouldSelect 1", "didSelect 1"])
        r.log = []
        click(3, cv, window)
        XCTAssertEqual(selected(cv), [3], "a click selects only its item")
        XCTAssertEqual(r.log, ["shouldSelect 3", "shouldDeselect 1..<2", "didDeselect 1..<2", "didSelect 3"])
        XCTAssertFalse(cv.cellForItem(at: IndexPath(item: 1, section: 0))!.isSelected)
        r.log = []
        click(5, cv, window, holding: "ctrl")
        XCTAssertEqual(selected(cv), [3, 5], "Ctrl+click adds")
        XCTAssertEqual(r.log, ["shouldSelect 5", "didSelect 5"])
        r.log = []
        click(3, cv, window, holding: "ctrl")
        XCTAssertEqual(selected(cv), [5], "Ctrl+click on a selected item deselects it")
        XCTAssertEqual(r.log, ["shouldDeselect 3", "didDeselect 3"])
        // The anchor is the last Ctrl+clicked item (3): Shift+click selects 3...8 instead.
        r.log = []
        click(8, cv, window, holding: "shift")
        XCTAssertEqual(selected(cv), Array(3...8))
        XCTAssertEqual(r.log, ["shouldSelect 3..<5", "didSelect 3..<5", "shouldSelect 6..<9", "didSelect 6..<9"])
        // Ctrl+click 12 (the anchor), then Ctrl+Shift+click 14 adds 12...14 to the selection.
        click(12, cv, window, holding: "ctrl")
        r.log = []
        click(14, cv, window, holding: "ctrl+shift")
        XCTAssertEqual(selected(cv), Array(3...8) + [12, 13, 14])
        XCTAssertEqual(r.log, ["shouldSelect 13..<15", "didSelect 13..<15"])
        // Shift+click from the anchor (12) back to 10 replaces the selection with 10...12.
        r.log = []
        click(10, cv, window, holding: "shift")
        XCTAssertEqual(selected(cv), [10, 11, 12])
        XCTAssertEqual(r.log, ["shouldDeselect 3..<9", "didDeselect 3..<9", "shouldDeselect 13..<15", "didDeselect 13..<15",
                               "shouldSelect 10..<12", "didSelect 10..<12"])
        // A plain click on one of the selected items keeps only it, and it becomes the anchor.
        r.log = []
        click(11, cv, window)
        XCTAssertEqual(selected(cv), [11])
        XCTAssertEqual(r.log, ["shouldDeselect 10..<11", "didDeselect 10..<11", "shouldDeselect 12..<13", "didDeselect 12..<13"],
                       "already selected: should-select is not asked again")
        XCTAssertEqual(cv.selection.anchor, IndexPath(item: 11, section: 0))
        r.log = []
        click(11, cv, window, dx: 20)  // farther than GTK's double-click distance (5 px): a click of its own
        XCTAssertEqual(selected(cv), [11], "a click on the only selected item keeps it")
        XCTAssertEqual(r.log, [], "and changes nothing")
        // A refused item leaves the selection as it was.
        r.refuseSelect = [20]
        click(20, cv, window)
        XCTAssertEqual(selected(cv), [11])
        XCTAssertEqual(r.log, ["shouldSelect 20"])
    }}

    /// A right-click on an unselected item selects only it before its menu opens (the menu is
    /// for it); on a selected item the selection stays and the menu is for all of it. Refused,
    /// the menu is for the item alone and the selection stays.
    func testDesktopRightClickSelectsAnUnselectedItemFirst() { MainActor.assumeIsolated {
        let (cv, r, window) = open()
        click(1, cv, window)
        click(2, cv, window, holding: "ctrl")
        r.log = []
        click(5, cv, window, button: 3)
        XCTAssertEqual(selected(cv), [5], "the right-clicked item alone is selected")
        XCTAssertEqual(r.log, ["shouldSelect 5", "shouldDeselect 1..<3", "didDeselect 1..<3", "didSelect 5"])
        XCTAssertEqual(r.menus.last, [5])
        XCTAssertEqual(cv.indexPathForFocusedItem, IndexPath(item: 5, section: 0))
        GtkHarness.wait(for: "the menu to open") { cv.interaction.menu != nil }
        GtkHarness.waitUntilShown(cv.interaction.menu!, "the menu")
        GtkHarness.screenCapture(name: "desktop-right-click-selects")
        closeMenu(cv)
        click(6, cv, window, holding: "ctrl")
        r.log = []
        click(6, cv, window, button: 3)
        XCTAssertEqual(selected(cv), [5, 6], "a right-click on a selected item keeps the selection")
        XCTAssertEqual(r.log, [])
        XCTAssertEqual(r.menus.last, [5, 6], "the menu is for the selection")
        closeMenu(cv)
        r.refuseSelect = [9]
        r.log = []
        click(9, cv, window, button: 3)
        XCTAssertEqual(selected(cv), [5, 6], "a refused item changes nothing")
        XCTAssertEqual(r.log, ["shouldSelect 9"])
        XCTAssertEqual(r.menus.last, [9])
        closeMenu(cv)
        closeAfterMenu(window)
    }}

    /// A long press and the Menu key select an unselected item first, as a right-click does.
    func testDesktopLongPressAndMenuKeySelectFirst() { MainActor.assumeIsolated {
        let (cv, r, window) = open()
        click(1, cv, window)
        click(2, cv, window, holding: "ctrl")
        GtkHarness.longPress(cv.cellForItem(at: IndexPath(item: 4, section: 0))!, in: window)
        GtkHarness.wait(for: "the long press's menu") { cv.interaction.menu != nil }
        XCTAssertEqual(r.menus.last, [4])
        XCTAssertEqual(selected(cv), [4], "the long-pressed item alone is selected")
        closeMenu(cv)
        // Ctrl+Right moves the focus alone, to 5; the Menu key selects it first.
        GtkHarness.keys("ctrl+Right")
        XCTAssertEqual(cv.indexPathForFocusedItem, IndexPath(item: 5, section: 0))
        XCTAssertEqual(selected(cv), [4])
        GtkHarness.keys("Menu")
        GtkHarness.wait(for: "the Menu key's menu") { cv.interaction.menu != nil }
        XCTAssertEqual(selected(cv), [5])
        XCTAssertEqual(r.menus.last, [5])
        closeMenu(cv)
        closeAfterMenu(window)
    }}

    /// The keyboard is the same in both behaviours: Space and Ctrl+Space toggle the focused
    /// item, Shift+Space selects from the anchor to it, Shift+arrows select from the anchor.
    func testKeyboardSelection() { MainActor.assumeIsolated {
        for behavior in [SelectionBehavior.desktop, .touch] {
            let (cv, _, window) = open(behavior)
            click(2, cv, window)
            if behavior == .touch { XCTAssertEqual(selected(cv), [2]) }
            GtkHarness.keys("ctrl+Right", "ctrl+Right", "space")
            XCTAssertEqual(selected(cv), [2, 4], "\(behavior): Space toggles the focused item on")
            GtkHarness.keys("ctrl+space")
            XCTAssertEqual(selected(cv), [2], "\(behavior): Ctrl+Space toggles it off")
            GtkHarness.keys("ctrl+Right", "ctrl+Right", "shift+space")
            XCTAssertEqual(selected(cv), [4, 5, 6], "\(behavior): Shift+Space selects from the anchor (4) instead")
            GtkHarness.keys("shift+Left", "shift+Left", "shift+Left")
            XCTAssertEqual(selected(cv), [3, 4], "\(behavior): Shift+arrows select from the anchor")
            GtkHarness.keys("Right")
            XCTAssertEqual(selected(cv), [4], "\(behavior): a plain arrow selects the new focus alone")
            GtkHarness.close(window)
        }
    }}

    /// Touch selection is UIKit's, as before: a click toggles, a right-click selects nothing.
    func testTouchClicksToggle() { MainActor.assumeIsolated {
        let (cv, r, window) = open(.touch)
        click(1, cv, window)
        click(3, cv, window)
        XCTAssertEqual(selected(cv), [1, 3], "a click adds to the selection")
        r.log = []
        click(1, cv, window)
        XCTAssertEqual(selected(cv), [3], "a click on a selected item deselects it")
        XCTAssertEqual(r.log, ["shouldDeselect 1", "didDeselect 1"])
        r.log = []
        click(5, cv, window, button: 3)
        XCTAssertEqual(selected(cv), [3], "a right-click selects nothing")
        XCTAssertEqual(r.log, [])
        XCTAssertEqual(r.menus.last, [5])
        closeMenu(cv)
        // Shift works as on the desktop, from the anchor: the item clicked last (1; a
        // right-click does not move it).
        click(6, cv, window, holding: "shift")
        XCTAssertEqual(selected(cv), Array(1...6), "Shift+click selects from the anchor (1, clicked last)")
        closeAfterMenu(window)
    }}

    /// Switching the behaviour keeps the selection and changes only what the next click does.
    func testSwitchingBehaviourKeepsTheSelection() { MainActor.assumeIsolated {
        let (cv, _, window) = open(.touch)
        defer { GtkHarness.close(window) }
        click(1, cv, window)
        click(2, cv, window)
        cv.selectionBehavior = .desktop
        XCTAssertEqual(selected(cv), [1, 2])
        click(4, cv, window)
        XCTAssertEqual(selected(cv), [4])
    }}

    /// In single selection a click selects in both, Ctrl or not; a right-click on an unselected
    /// item selects it first with desktop selection (as GNOME Files does, and the gallery's
    /// normal mode relies on), and selects nothing with touch selection.
    func testSingleSelection() { MainActor.assumeIsolated {
        for behavior in [SelectionBehavior.desktop, .touch] {
            let (cv, r, window) = open(behavior)
            cv.allowsMultipleSelection = false
            click(1, cv, window)
            click(3, cv, window, holding: "ctrl")
            XCTAssertEqual(selected(cv), [3], "\(behavior)")
            r.log = []
            click(5, cv, window, button: 3)
            if behavior == .desktop {
                XCTAssertEqual(selected(cv), [5], "desktop: a right-click selects its item first")
                XCTAssertEqual(r.log, ["shouldSelect 5", "didDeselect 3", "didSelect 5"])
            } else {
                XCTAssertEqual(selected(cv), [3], "touch: a right-click selects nothing")
                XCTAssertEqual(r.log, [])
            }
            XCTAssertEqual(r.menus.last, [5])
            closeMenu(cv)
            r.log = []
            click(behavior == .desktop ? 5 : 3, cv, window, button: 3)
            XCTAssertEqual(r.log, [], "\(behavior): a right-click on the selected item changes nothing")
            XCTAssertEqual(r.menus.last, [behavior == .desktop ? 5 : 3])
            closeMenu(cv)
            closeAfterMenu(window)
        }
    }}
}
