import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A data source and delegate that handles activation (when `activates`) and describes a
/// context menu (when `menu` is set), writing down what it was asked and what ran.
@MainActor
private final class MenuDelegate: CollectionViewDataSource, CollectionViewDelegate {
    var count: Int
    var activates = true
    var activated: [Int] = []
    /// The items each context menu was asked for.
    var asked: [[Int]] = []
    /// "label items" for each chosen entry.
    var chosen: [String] = []
    var menu = true
    var copied: [(EditAction, Int)] = []
    /// When set, the configuration it makes replaces the Swift menu.
    var makeConfiguration: (([IndexPath]) -> ContextMenuConfiguration?)?

    init(count: Int) { self.count = count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: NumberCell = collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
        cell.shownPath = indexPath
        return cell
    }
    func collectionView(_ cv: CollectionView, canPerformPrimaryActionForItemAt p: IndexPath) -> Bool { activates }
    func collectionView(_ cv: CollectionView, performPrimaryActionForItemAt p: IndexPath) { activated.append(p.item) }
    func collectionView(_ cv: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: Point) -> ContextMenuConfiguration? {
        asked.append(indexPaths.map(\.item))
        guard menu else { return nil }
        if let makeConfiguration { return makeConfiguration(indexPaths) }
        let record: (String) -> @MainActor ([IndexPath]) -> Void = { label in { [weak self] paths in
            self?.chosen.append("\(label) \(paths.map { String($0.item) }.joined(separator: ","))")
        } }
        if indexPaths.isEmpty {
            return ContextMenuConfiguration(items: [ContextMenuItem("Select All", action: record("Select All"))])
        }
        return ContextMenuConfiguration(title: "Items", sections: [
            [ContextMenuItem("Open", action: record("Open")), ContextMenuItem("Rename", isEnabled: false, action: record("Rename"))],
            [ContextMenuItem("Delete", action: record("Delete"))],
        ])
    }
    // The edit menu, for a nil configuration.
    func collectionView(_ cv: CollectionView, shouldShowMenuForItemAt p: IndexPath) -> Bool { true }
    func collectionView(_ cv: CollectionView, canPerformAction action: EditAction, forItemAt p: IndexPath, withSender sender: Any?) -> Bool {
        action == .copy
    }
    func collectionView(_ cv: CollectionView, performAction action: EditAction, forItemAt p: IndexPath, withSender sender: Any?) {
        copied.append((action, p.item))
    }
}

/// 100x100 items in 800x600: seven a line.
@MainActor
private func open(count: Int = 40, configure: (CollectionView, MenuDelegate) -> Void = { _, _ in })
    -> (CollectionView, MenuDelegate, WidgetPointer) {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    let cv = bareCollectionView(layout)
    cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
    let delegate = MenuDelegate(count: count)
    cv.dataSource = delegate
    cv.delegate = delegate
    configure(cv, delegate)
    return (cv, delegate, GtkHarness.window(for: cv))
}

private func p(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

@MainActor
private func at(_ item: Int, _ cv: CollectionView, _ window: WidgetPointer) -> (Int, Int) {
    GtkHarness.centre(of: cv.cellForItem(at: p(item))!, in: window)
}

/// Clicks a button on an item, `times` times in a row (2: a double-click).
@MainActor
private func click(_ item: Int, _ cv: CollectionView, _ window: WidgetPointer, button: Int = 1, times: Int = 1) {
    GtkHarness.pointer(window, at: at(item, cv, window), then: ["click", "--repeat", String(times), "--delay", "80", String(button)])
}

/// Clicks an item with modifier keys held ("ctrl", "shift").
@MainActor
private func modifierClick(_ item: Int, _ modifiers: String, _ cv: CollectionView, _ window: WidgetPointer) {
    GtkHarness.pointer(window, at: at(item, cv, window), then: ["keydown", modifiers, "sleep", "0.05", "click", "1", "sleep", "0.05", "keyup", modifiers])
}

/// Chooses the entry labelled `label` of the open menu with the pointer.
@MainActor
private func choose(_ label: String, _ cv: CollectionView, _ window: WidgetPointer, file: StaticString = #filePath, line: UInt = #line) {
    guard let menu = cv.interaction.menu else { return XCTFail("no menu to choose \(label) from", file: file, line: line) }
    GtkHarness.waitUntilShown(menu, "the menu", file: file, line: line)  // its surface is placed
    let widget = GtkHarness.label(label, in: menu)!
    GtkHarness.xdotool(["mousemove", "--window", GtkHarness.xid(of: window)] + GtkHarness.popoverPoint(of: widget).map(String.init),
                       file: file, line: line)
    GtkHarness.xdotool(["click", "1"], file: file, line: line)  // GTK has seen the pointer there
}

/// Waits for the menu to open and be shown (so the keyboard goes to it).
@MainActor
@discardableResult
private func waitForMenu(_ cv: CollectionView, _ what: String = "the menu", file: StaticString = #filePath, line: UInt = #line) -> Bool {
    GtkHarness.wait(for: "\(what) to open", file: file, line: line) { cv.interaction.menu != nil }
        && GtkHarness.waitUntilShown(cv.interaction.menu!, what, file: file, line: line)
}

/// Waits for the open menu to close.
@MainActor
private func waitForMenuClosed(_ cv: CollectionView, file: StaticString = #filePath, line: UInt = #line) {
    GtkHarness.wait(for: "the menu to close", file: file, line: line) { cv.interaction.menu == nil }
}

/// Lets GTK's double-click time (400 ms) run out, so the next press is a first one.
@MainActor
private func notADoubleClick() {
    GtkHarness.letTimePass(0.6, because: "the next press must not count as a double-click with the last")
}

/// Sets GtkSettings' double-click time (ms); returns the one it replaces.
@MainActor
@discardableResult
private func setDoubleClickTime(_ ms: Int32) -> Int32 {
    let settings = UnsafeMutableRawPointer(gtk_settings_get_default()!).assumingMemoryBound(to: GObject.self)
    var value = GValue()
    g_value_init(&value, GType(6 << 2))  // G_TYPE_INT
    defer { g_value_unset(&value) }
    g_object_get_property(settings, "gtk-double-click-time", &value)
    let old = g_value_get_int(&value)
    g_value_set_int(&value, ms)
    g_object_set_property(settings, "gtk-double-click-time", &value)
    return old
}

/// Closes a window whose menu grabbed lately: GTK 4.8 logs a tooltip critical when a popover
/// that grabbed less than half a second ago is destroyed.
@MainActor
private func closeAfterMenu(_ window: WidgetPointer) {
    GtkHarness.letTimePass(0.7, because: "GTK 4.8's tooltip timeout, started by the menu's grab, fires before the window goes")
    GtkHarness.close(window)
}

/// Activation (double-click, Enter, single-click activation) and context menus (right-click,
/// Menu key, Shift+F10, long press), from xdotool in a real window.
final class ActivationAndContextMenuTests: XCTestCase {

    /// A press held past GTK's double-click time still selects on release, and a double-click
    /// whose release comes after that time (a busy main loop) still activates: GTK's click
    /// gesture stops and sends no release then, and the view takes it from its drag gesture.
    func testAPressHeldPastTheDoubleClickTimeStillCounts() { MainActor.assumeIsolated {
        let (cv, d, window) = open { cv, _ in cv.allowsMultipleSelection = true }
        let restore = setDoubleClickTime(120)  // far below the long press (500 ms)
        defer { setDoubleClickTime(restore) }
        GtkHarness.pointer(window, at: at(2, cv, window), then: ["mousedown", "1", "sleep", "0.3", "mouseup", "1"])
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(2)], "held for 300 ms, released over it: selected")
        XCTAssertEqual(d.activated, [])
        // A double-click whose second release comes after the double-click time.
        GtkHarness.letTimePass(0.3, because: "the double-click time (120 ms) runs out: the next press is a first one")
        GtkHarness.pointer(window, at: at(6, cv, window), then: ["click", "1", "mousedown", "1", "sleep", "0.25", "mouseup", "1"])
        XCTAssertEqual(d.activated, [6], "the second press came in time; its release counts")
        GtkHarness.close(window)
    }}

    /// A single click only selects; a double-click activates once (and, in multiple selection,
    /// does not toggle the item off again); without a delegate that handles activation a
    /// double-click toggles twice, as before.
    func testDoubleClickActivatesAndASingleClickOnlySelects() { MainActor.assumeIsolated {
        // GTK counts a second press as a double-click only while its double-click timer (a
        // main-loop timeout, 400 ms) runs: on a loaded machine the second press can be handled
        // after it fired. A longer double-click time keeps the test about the view.
        let (cv, d, window) = open { cv, _ in cv.allowsMultipleSelection = true; cv.selectionBehavior = .touch }
        let restore = setDoubleClickTime(1000)  // GTK is up once a window is
        defer { setDoubleClickTime(restore) }
        click(3, cv, window)
        XCTAssertEqual(d.activated, [], "a single click does not activate")
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(3)])
        GtkHarness.letTimePass(1.1, because: "the double-click time (1 s) runs out: the next click is a first one")
        click(5, cv, window, times: 2)
        XCTAssertEqual(d.activated, [5], "the double-click activates its item once")
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(3), p(5)], "the second click does not deselect what the first selected")
        GtkHarness.close(window)

        let (cv2, d2, window2) = open { cv, d in cv.allowsMultipleSelection = true; cv.selectionBehavior = .touch; d.activates = false }
        click(5, cv2, window2, times: 2)
        XCTAssertEqual(d2.activated, [])
        XCTAssertEqual(cv2.indexPathsForSelectedItems, [], "no activation: both clicks toggle, as before")
        GtkHarness.close(window2)
    }}

    /// With single-click activation a click selects and activates.
    func testSingleClickActivation() { MainActor.assumeIsolated {
        let (cv, d, window) = open { cv, _ in cv.isSingleClickActivationEnabled = true }
        defer { GtkHarness.close(window) }
        XCTAssertTrue(cv.isSingleClickActivationEnabled)
        click(2, cv, window)
        XCTAssertEqual(d.activated, [2])
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(2)])
        notADoubleClick()
        click(4, cv, window)
        XCTAssertEqual(d.activated, [2, 4])
    }}

    /// Single-click activation keeps the clicks' selection rules: with desktop selection a plain
    /// click selects only its item, then activates it; Ctrl+click toggles and Shift+click
    /// selects a range from the anchor, as without it, and neither activates. With touch
    /// selection a plain click adds its item (never toggling it off) and activates it.
    func testSingleClickActivationKeepsTheClickRules() { MainActor.assumeIsolated {
        let (cv, d, window) = open { cv, _ in cv.allowsMultipleSelection = true; cv.isSingleClickActivationEnabled = true }
        click(1, cv, window)
        click(3, cv, window)
        XCTAssertEqual(d.activated, [1, 3])
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(3)], "a plain click selects only its item")
        modifierClick(5, "ctrl", cv, window)
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(3), p(5)], "Ctrl+click adds")
        modifierClick(3, "ctrl", cv, window)
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(5)], "Ctrl+click toggles off")
        modifierClick(8, "shift", cv, window)
        XCTAssertEqual(cv.indexPathsForSelectedItems, (3...8).map(p), "Shift+click selects from the anchor (3)")
        XCTAssertEqual(d.activated, [1, 3], "Ctrl and Shift clicks do not activate")
        GtkHarness.close(window)

        let (cv2, d2, window2) = open { cv, _ in
            cv.allowsMultipleSelection = true; cv.selectionBehavior = .touch; cv.isSingleClickActivationEnabled = true
        }
        click(1, cv2, window2)
        click(3, cv2, window2)
        XCTAssertEqual(cv2.indexPathsForSelectedItems, [p(1), p(3)], "touch: a click adds its item")
        click(1, cv2, window2)  // far from the last press: not a double-click
        XCTAssertEqual(cv2.indexPathsForSelectedItems, [p(1), p(3)], "touch: an activating click does not toggle its item off")
        XCTAssertEqual(d2.activated, [1, 3, 1])
        GtkHarness.close(window2)
    }}

    /// Enter activates the focused item and leaves the selection alone when the delegate
    /// handles activation; Space still toggles; without activation Enter selects as before.
    func testEnterActivatesInsteadOfTogglingWhenHandled() { MainActor.assumeIsolated {
        let (cv, d, window) = open { cv, _ in cv.allowsMultipleSelection = true }
        click(0, cv, window)  // focuses the view and item 0, selects it
        GtkHarness.keys("ctrl+Right")  // the focus alone: a plain arrow would select 1
        XCTAssertEqual(cv.indexPathForFocusedItem, p(1))
        GtkHarness.keys("Return")
        XCTAssertEqual(d.activated, [1])
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(0)], "Enter did not toggle the selection")
        GtkHarness.keys("KP_Enter")
        XCTAssertEqual(d.activated, [1, 1])
        GtkHarness.keys("space")
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(0), p(1)], "Space still selects")
        XCTAssertEqual(d.activated, [1, 1])
        GtkHarness.close(window)

        let (cv2, d2, window2) = open { cv, d in cv.allowsMultipleSelection = true; d.activates = false }
        click(0, cv2, window2)
        GtkHarness.keys("ctrl+Right", "Return")
        XCTAssertEqual(d2.activated, [])
        XCTAssertEqual(cv2.indexPathsForSelectedItems, [p(0), p(1)], "no activation: Enter selects, as before")
        GtkHarness.close(window2)
    }}

    /// A right-click shows the delegate's menu (title, sections, a disabled entry) for the
    /// clicked item without selecting it (touch selection: desktop selection selects it first,
    /// see SelectionBehaviorTests), or for the whole selection when the clicked item is
    /// selected; on empty space for no items; the chosen entry's action gets those items.
    func testRightClickMenuForTheItemTheSelectionAndEmptySpace() { MainActor.assumeIsolated {
        let (cv, d, window) = open(count: 10) { cv, _ in cv.allowsMultipleSelection = true; cv.selectionBehavior = .touch }
        click(4, cv, window, button: 3)
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu != nil }, "the menu opened")
        XCTAssertEqual(d.asked, [[4]])
        XCTAssertEqual(cv.interaction.contextMenuItems, [p(4)])
        XCTAssertEqual(GtkHarness.labels(in: cv.interaction.menu!), ["Items", "Open", "Rename", "Delete"])
        XCTAssertEqual(cv.indexPathsForSelectedItems, [], "a right-click does not select")
        waitForMenu(cv)
        GtkHarness.screenCapture(name: "context-menu")
        choose("Rename", cv, window)  // disabled: nothing happens
        XCTAssertEqual(d.chosen, [])
        choose("Open", cv, window)
        XCTAssertEqual(d.chosen, ["Open 4"])
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu == nil }, "the menu closed")

        click(1, cv, window)
        click(2, cv, window)
        XCTAssertEqual(cv.indexPathsForSelectedItems, [p(1), p(2)])
        click(2, cv, window, button: 3)
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu != nil })
        XCTAssertEqual(d.asked.last, [1, 2], "the clicked item is selected: the menu is for the selection")
        choose("Delete", cv, window)
        XCTAssertEqual(d.chosen.last, "Delete 1,2")

        // Empty space: below the second line (ten items, seven a line).
        notADoubleClick()
        GtkHarness.pointer(window, at: (400, 500), then: ["click", "3"])
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu != nil })
        XCTAssertEqual(d.asked.last, [], "empty space: the view's own menu")
        XCTAssertEqual(GtkHarness.labels(in: cv.interaction.menu!), ["Select All"])
        choose("Select All", cv, window)
        XCTAssertEqual(d.chosen.last, "Select All ")
        closeAfterMenu(window)
    }}

    /// Menus reuse their popovers: every context menu shows in one, every edit menu in
    /// another, each kept hidden between menus with the latest menu's entries. A closed
    /// GtkPopoverMenu is not always finalized in GTK 4.8, so one made per menu grew the heap in
    /// the touch soak (~22 KB a long press).
    func testMenusReuseTheirPopovers() { MainActor.assumeIsolated {
        let (cv, d, window) = open()
        var contextPopovers: Set<WidgetPointer> = [], editPopovers: Set<WidgetPointer> = []
        for round in 0..<5 {
            d.menu = round != 2  // round 2: no configuration, the edit menu
            click(round == 3 ? 6 : 5, cv, window, button: 3)
            XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu != nil }, "round \(round): the menu opened")
            guard let popover = cv.interaction.menu else { continue }
            if round == 2 { editPopovers.insert(popover) } else { contextPopovers.insert(popover) }
            GtkHarness.waitUntilShown(popover, "round \(round)'s menu")
            XCTAssertEqual(GtkHarness.labels(in: popover), round == 2 ? ["Copy", "Ctrl+C"] : ["Items", "Open", "Rename", "Delete"],
                           "round \(round): this menu's entries")
            if round == 1 || round == 3 { choose("Open", cv, window) } else { GtkHarness.keys("Escape") }
            XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu == nil }, "round \(round): the menu closed")
            XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "round \(round): hidden once closed")
            XCTAssertEqual(gtk_widget_get_parent(popover), cv.viewport, "round \(round): kept for the next menu")
        }
        XCTAssertEqual(contextPopovers.count, 1, "four context menus, one popover")
        XCTAssertEqual(editPopovers.count, 1)
        XCTAssertTrue(contextPopovers.isDisjoint(with: editPopovers), "the edit menu has its own")
        XCTAssertEqual(d.chosen, ["Open 5", "Open 6"], "each chosen entry acted on its own menu's item")
        closeAfterMenu(window)
    }}

    /// The Menu key and Shift+F10 open the context menu for the focused item.
    func testMenuKeyAndShiftF10() { MainActor.assumeIsolated {
        let (cv, d, window) = open()
        click(3, cv, window)
        GtkHarness.keys("ctrl+Right")  // the focus alone
        XCTAssertEqual(cv.indexPathForFocusedItem, p(4))
        GtkHarness.keys("Menu")
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu != nil }, "Menu key opens the menu")
        XCTAssertEqual(d.asked, [[4]], "the focused item, not the selected one")
        waitForMenu(cv)  // Escape goes to it
        GtkHarness.keys("Escape")
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu == nil })
        GtkHarness.keys("Left", "shift+F10")
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu != nil }, "Shift+F10 opens the menu")
        XCTAssertEqual(d.asked.last, [3], "focused and selected: the selection")
        closeAfterMenu(window)
    }}

    /// A menu for a tile points at the tile; for a cell that covers most of the view both ways
    /// (a page of a paging layout), at the middle of it: beside it there is no room, and a
    /// popover kept within the monitor (Broadway, Wayland) was squeezed to a negative height.
    func testTheMenuOfAPageSizedCellPointsAtItsMiddle() { MainActor.assumeIsolated {
        let (cv, _, window) = open()
        defer { GtkHarness.close(window) }
        XCTAssertTrue(GtkHarness.waitForFrames(2, of: window))
        var bounds = graphene_rect_t()
        XCTAssertNotEqual(gtk_widget_compute_bounds(cv.cellForItem(at: p(3))!.widget, cv.viewport, &bounds), 0)
        let tile = Menus.anchor(of: cv.cellForItem(at: p(3))!, in: cv)
        XCTAssertEqual(tile.map { [$0.x, $0.y, $0.width, $0.height] },
                       [Int32(bounds.origin.x), Int32(bounds.origin.y), Int32(bounds.size.width), Int32(bounds.size.height)], "the tile")

        let width = gtk_widget_get_width(cv.viewport), height = gtk_widget_get_height(cv.viewport)
        let page = FlowLayout()
        page.itemSize = Size(width: Double(width), height: Double(height))
        cv.setCollectionViewLayout(page, animated: false)
        XCTAssertTrue(GtkHarness.waitForFrames(2, of: window))
        guard let anchor = Menus.anchor(of: cv.cellForItem(at: p(0))!, in: cv) else { return XCTFail("no anchor for the page") }
        XCTAssertEqual([anchor.width, anchor.height], [1, 1], "a point")
        XCTAssertLessThanOrEqual(abs(anchor.x - width / 2), 1, "the middle across: \(anchor.x) of \(width)")
        XCTAssertLessThanOrEqual(abs(anchor.y - height / 2), 1, "the middle down: \(anchor.y) of \(height)")
    }}

    /// Updates that land while the menu is open move its items along, and drop deleted ones:
    /// the chosen entry acts on the items the menu was opened for, where they are now.
    func testMenuFollowsItsItemsThroughUpdates() { MainActor.assumeIsolated {
        let (cv, d, window) = open { cv, _ in cv.allowsMultipleSelection = true; cv.selectionBehavior = .touch }
        click(3, cv, window)
        click(5, cv, window)
        click(8, cv, window)
        click(5, cv, window, button: 3)
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu != nil })
        XCTAssertEqual(d.asked, [[3, 5, 8]])
        // Delete item 3 and insert two at the front: old 5 is now 6, old 8 is now 9.
        var done = false
        d.count += 1
        cv.performBatchUpdates({
            cv.deleteItems(at: [p(3)])
            cv.insertItems(at: [p(0), p(1)])
        }, completion: { _ in done = true })
        XCTAssertTrue(GtkHarness.pump { done })
        XCTAssertNotNil(cv.interaction.menu, "the menu stays open while some of its items remain")
        XCTAssertEqual(cv.interaction.contextMenuItems, [p(6), p(9)])
        choose("Open", cv, window)
        XCTAssertEqual(d.chosen, ["Open 6,9"], "the moved items; the deleted one is left out")

        // A menu whose items all go closes.
        waitForMenuClosed(cv)
        click(12, cv, window, button: 3)
        XCTAssertTrue(waitForMenu(cv))
        GtkHarness.letTimePass(0.7, because: "GTK 4.8's tooltip timeout, started by the menu's grab, fires before the menu goes")
        done = false
        d.count -= 1
        cv.performBatchUpdates({ cv.deleteItems(at: [p(12)]) }, completion: { _ in done = true })
        XCTAssertTrue(GtkHarness.pump { done })
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu == nil }, "its only item went: the menu closed")
        XCTAssertEqual(d.chosen.count, 1)
        closeAfterMenu(window)
    }}

    /// A nil configuration keeps the edit menu for a right-click and a long press; with a
    /// configuration a long press opens the context menu at the release. (Touch selection:
    /// UIKit's menus, which never select; desktop selection selects the item first, see
    /// SelectionBehaviorTests.)
    func testNilConfigurationKeepsTheEditMenu() { MainActor.assumeIsolated {
        let (cv, d, window) = open { cv, d in d.menu = false; cv.selectionBehavior = .touch }
        click(4, cv, window, button: 3)
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu != nil })
        XCTAssertEqual(d.asked, [[4]])
        XCTAssertNil(cv.interaction.contextMenuItems)
        XCTAssertEqual(cv.interaction.menuItem, p(4))
        XCTAssertEqual(cv.interaction.menuActions, [.copy])
        choose("Copy", cv, window)
        XCTAssertEqual(d.copied.map { "\($0.0) \($0.1)" }, ["copy 4"])
        waitForMenuClosed(cv)
        GtkHarness.longPress(cv.cellForItem(at: p(5))!, in: window)
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu != nil })
        XCTAssertEqual(cv.interaction.menuItem, p(5), "long press: the edit menu")
        waitForMenu(cv)  // Escape goes to it
        GtkHarness.keys("Escape")
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu == nil })
        d.menu = true
        GtkHarness.longPress(cv.cellForItem(at: p(6))!, in: window)
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu != nil })
        XCTAssertEqual(cv.interaction.contextMenuItems, [p(6)], "long press: the context menu when there is one")
        XCTAssertEqual(cv.indexPathsForSelectedItems, [], "a long press never selects")
        closeAfterMenu(window)
    }}

    /// A configuration built from a GMenuModel: the popover shows the model, its items run the
    /// window's actions ("win.open", "win.delete", in a GSimpleActionGroup inserted on the
    /// window) and one of the group given with the configuration ("menu.rename"), chosen with
    /// the pointer or the keyboard; the actions read the menu's items from
    /// `contextMenuItems`, moved along by updates that land while the menu is open.
    func testMenuModelConfigurationRunsTheAppsActions() { MainActor.assumeIsolated {
        let (cv, d, window) = open { cv, _ in cv.allowsMultipleSelection = true; cv.selectionBehavior = .touch }
        let ran = ActionLog()
        @MainActor func addAction(_ name: String, to group: OpaquePointer) {
            let action = g_simple_action_new(name, nil)!
            Signal.connectPointer(raw(action), "activate") { [weak cv] in
                ran.lines.append("\(name) \(cv?.contextMenuItems.map { $0.map { String($0.item) }.joined(separator: ",") } ?? "nil")")
            }
            g_action_map_add_action(group, action)
            g_object_unref(raw(action))
        }
        let windowActions = OpaquePointer(g_simple_action_group_new()!)
        addAction("open", to: windowActions)
        addAction("delete", to: windowActions)
        gtk_widget_insert_action_group(window, "win", windowActions)
        g_object_unref(raw(windowActions))
        d.makeConfiguration = { _ in
            let menuActions = OpaquePointer(g_simple_action_group_new()!)
            addAction("rename", to: menuActions)
            let model = g_menu_new()!, first = g_menu_new()!, second = g_menu_new()!
            g_menu_append(first, "Open", "win.open")
            g_menu_append(first, "Rename", "menu.rename")
            g_menu_append(second, "Delete", "win.delete")
            g_menu_append_section(model, nil, UnsafeMutablePointer<GMenuModel>(first))
            g_menu_append_section(model, nil, UnsafeMutablePointer<GMenuModel>(second))
            let configuration = ContextMenuConfiguration(title: "Items", menuModel: UnsafeMutablePointer<GMenuModel>(model),
                                                         actionGroup: menuActions, actionPrefix: "menu")
            for object in [raw(model), raw(first), raw(second), raw(menuActions)] { g_object_unref(object) }  // the configuration holds them
            return configuration
        }
        XCTAssertNil(cv.contextMenuItems, "no context menu yet")
        click(4, cv, window, button: 3)
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu != nil }, "the menu opened")
        XCTAssertEqual(GtkHarness.labels(in: cv.interaction.menu!), ["Items", "Open", "Rename", "Delete"], "the model, under its title")
        XCTAssertEqual(cv.contextMenuItems, [p(4)])
        choose("Open", cv, window)
        XCTAssertEqual(ran.lines, ["open 4"], "the window's action ran and saw the menu's item")
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu == nil }, "the menu closed")
        XCTAssertEqual(cv.contextMenuItems, [p(4)], "still there after the menu closed: the last menu's items")

        // The selection's menu; an update deletes one of its items and inserts two before the
        // others while it is open; "Rename" (the configuration's own group) by the keyboard.
        waitForMenuClosed(cv)
        click(3, cv, window)
        click(5, cv, window)
        click(8, cv, window)
        click(5, cv, window, button: 3)
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu != nil })
        XCTAssertEqual(cv.contextMenuItems, [p(3), p(5), p(8)])
        var done = false
        d.count += 1
        cv.performBatchUpdates({
            cv.deleteItems(at: [p(3)])
            cv.insertItems(at: [p(0), p(1)])
        }, completion: { _ in done = true })
        XCTAssertTrue(GtkHarness.pump { done })
        XCTAssertNotNil(cv.interaction.menu, "the menu stays open while some of its items remain")
        XCTAssertEqual(cv.contextMenuItems, [p(6), p(9)])
        waitForMenu(cv)  // the keys go to it
        GtkHarness.keys("Down", "Return")  // the popover focuses its first entry: one down is Rename
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { ran.lines.count == 2 }, "an entry ran: \(ran.lines)")
        XCTAssertEqual(ran.lines.last, "rename 6,9", "the moved items; the deleted one is left out")

        // A move while the menu is open: the item's new place.
        waitForMenuClosed(cv)
        click(20, cv, window, button: 3)
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.interaction.menu != nil })
        XCTAssertEqual(cv.contextMenuItems, [p(20)])
        done = false
        cv.performBatchUpdates({ cv.moveItem(at: p(20), to: p(2)) }, completion: { _ in done = true })
        XCTAssertTrue(GtkHarness.pump { done })
        XCTAssertEqual(cv.contextMenuItems, [p(2)])
        choose("Delete", cv, window)
        XCTAssertEqual(ran.lines.last, "delete 2")
        XCTAssertEqual(ran.lines.count, 3)
        closeAfterMenu(window)
    }}
}

/// What the actions of a menu-model test ran.
@MainActor
private final class ActionLog {
    var lines: [String] = []
}
