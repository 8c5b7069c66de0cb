import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// The delegate of a diffable window: a context menu whose "Delete" entry runs `onDelete`, and
/// hooks in did-select and will-display.
@MainActor
private final class ApplyDelegate: CollectionViewDelegate {
    var onDelete: (([IndexPath]) -> Void)?
    var onDidSelect: ((IndexPath) -> Void)?
    var onDidDeselect: (() -> Void)?
    var onWillDisplay: ((IndexPath) -> Void)?
    var onContextMenu: (([IndexPath]) -> Void)?

    func collectionView(_ cv: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: Point) -> ContextMenuConfiguration? {
        onContextMenu?(indexPaths)
        guard !indexPaths.isEmpty else { return nil }
        return ContextMenuConfiguration(items: [ContextMenuItem("Delete") { [weak self] paths in self?.onDelete?(paths) }])
    }
    func collectionView(_ cv: CollectionView, didSelectItemAt indexPath: IndexPath) { onDidSelect?(indexPath) }
    func collectionView(_ cv: CollectionView, didDeselectItemAt indexPath: IndexPath) { onDidDeselect?() }
    func collectionView(_ cv: CollectionView, didDeselectItemsIn range: Range<Int>, inSection section: Int) { onDidDeselect?() }
    func collectionView(_ cv: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        onWillDisplay?(indexPath)
    }
}

/// What the app read right after its `apply` returned.
private struct Seen: Equatable {
    var items: Int
    var selected: Int
    var firstCell: String?
    var shown: [[String]]
}

/// Twelve items a0...a11 in one section, 100x100 in 800x600 (eight a line), multiple selection.
@MainActor
private func open() -> (DiffableWindow, ApplyDelegate) {
    let w = DiffableWindow()
    let delegate = ApplyDelegate()
    w.cv.delegate = delegate
    w.cv.allowsMultipleSelection = true
    var snapshot = DiffableWindow.Snapshot()
    try! snapshot.appendSections(["A"])
    try! snapshot.appendItems((0..<12).map { "a\($0)" })
    XCTAssertTrue(w.applyAndWait(snapshot))
    return (w, delegate)
}

/// Removes `items` from what the window shows and applies it (animated, as apps do);
/// returns what the view says right after the call.
@MainActor
private func applyWithout(_ items: [String], in w: DiffableWindow) -> Seen {
    var snapshot = w.source.snapshot()
    try! snapshot.deleteItems(items)
    w.source.apply(snapshot, animatingDifferences: true)
    return seen(w)
}

@MainActor
private func seen(_ w: DiffableWindow) -> Seen {
    Seen(items: w.cv.numberOfItems(inSection: 0), selected: w.cv.selectedItemCount,
         firstCell: (w.cv.cellForItem(at: IndexPath(item: 0, section: 0)) as? ItemCell)?.item, shown: w.shownItems())
}

/// The items a0...a11 without `gone`, as one section's list.
private func remaining(without gone: Set<Int>) -> [[String]] {
    [(0..<12).filter { !gone.contains($0) }.map { "a\($0)" }]
}

/// `apply` (and every update) made from the app's own code lands before it returns, as in
/// UIKit: from a context menu's action, a timeout, a key handler, a did-select after a click.
/// Only from inside the view's own work (the cell provider, will-display during a layout pass)
/// does it wait, and lands right after.
final class ApplyLandsAtOnceTests: XCTestCase {
    /// A context menu's action deletes the selected items it was opened on: when `apply`
    /// returns, the counts, the selection and the cells are the new snapshot's.
    func testApplyFromAContextMenuActionLandsBeforeItReturns() { MainActor.assumeIsolated {
        let (w, delegate) = open()
        defer { GtkHarness.letTimePass(0.7, because: "GTK 4.8's tooltip timeout, started by the menu's grab, fires first"); w.close() }
        w.cv.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
        w.cv.selectItem(at: IndexPath(item: 3, section: 0), animated: false, scrollPosition: [])
        var result: Seen?
        var busyInAction: Bool?
        delegate.onDelete = { paths in
            busyInAction = w.cv.work.isBusy
            result = applyWithout(paths.compactMap { w.source.itemIdentifier(for: $0) }, in: w)
        }
        let cell = w.cv.cellForItem(at: IndexPath(item: 3, section: 0))!
        GtkHarness.pointer(w.window, at: GtkHarness.centre(of: cell, in: w.window), then: ["click", "3"])
        GtkHarness.wait(for: "the context menu") { w.cv.interaction.menu != nil }
        let menu = w.cv.interaction.menu!
        GtkHarness.waitUntilShown(menu, "the context menu")
        let entry = GtkHarness.label("Delete", in: menu)!
        GtkHarness.xdotool(["mousemove", "--window", GtkHarness.xid(of: w.window)] + GtkHarness.popoverPoint(of: entry).map(String.init))
        GtkHarness.xdotool(["click", "1"])
        GtkHarness.wait(for: "the action to run") { result != nil }
        XCTAssertEqual(busyInAction, false, "the action is a safe point")
        XCTAssertEqual(result, Seen(items: 10, selected: 0, firstCell: "a1", shown: remaining(without: [0, 3])),
                       "the apply had landed when it returned")
        XCTAssertTrue(w.settle())
        XCTAssertNil(w.mismatch(w.source.snapshot()))
        XCTAssertEqual(w.reports, [])
    }}

    /// From a GLib timeout (the app's own code, outside any of the view's work).
    func testApplyFromATimeoutLandsBeforeItReturns() { MainActor.assumeIsolated {
        let (w, _) = open()
        defer { w.close() }
        w.cv.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
        var result: Seen?
        Async.after(milliseconds: 10) { result = applyWithout(["a1", "a2"], in: w) }
        GtkHarness.wait(for: "the timeout") { result != nil }
        XCTAssertEqual(result, Seen(items: 10, selected: 0, firstCell: "a0", shown: remaining(without: [1, 2])))
        XCTAssertTrue(w.settle())
        XCTAssertNil(w.mismatch(w.source.snapshot()))
    }}

    /// From the app's key handler on the window (a key the view does not take).
    func testApplyFromAnAppKeyHandlerLandsBeforeItReturns() { MainActor.assumeIsolated {
        let (w, _) = open()
        defer { w.close() }
        var result: Seen?
        let keys = gtk_event_controller_key_new()!
        Signal.connectKey(raw(keys)) { keyval, _, _ in
            guard keyval == UInt32(GDK_KEY_d) else { return false }
            result = applyWithout(["a0"], in: w)
            return true
        }
        gtk_widget_add_controller(w.window, keys)
        gtk_widget_grab_focus(w.cv.viewport)
        GtkHarness.keys("d")
        GtkHarness.wait(for: "the key handler") { result != nil }
        XCTAssertEqual(result, Seen(items: 11, selected: 0, firstCell: "a1", shown: remaining(without: [0])))
        XCTAssertTrue(w.settle())
        XCTAssertNil(w.mismatch(w.source.snapshot()))
    }}

    /// From did-select after a click: the last thing the click does, so a safe point too.
    func testApplyFromDidSelectAfterAClickLandsBeforeItReturns() { MainActor.assumeIsolated {
        let (w, delegate) = open()
        defer { w.close() }
        var result: Seen?
        delegate.onDidSelect = { path in
            guard result == nil else { return }
            result = applyWithout([w.source.itemIdentifier(for: path)!], in: w)
        }
        let cell = w.cv.cellForItem(at: IndexPath(item: 2, section: 0))!
        GtkHarness.pointer(w.window, at: GtkHarness.centre(of: cell, in: w.window), then: ["click", "1"])
        GtkHarness.wait(for: "the click") { result != nil }
        XCTAssertEqual(result, Seen(items: 11, selected: 0, firstCell: "a0", shown: remaining(without: [2])),
                       "the selected item went with the apply")
        XCTAssertTrue(w.settle())
        XCTAssertNil(w.mismatch(w.source.snapshot()))
    }}

    /// A desktop click on a4 while a1 is selected: the did-deselect of a1 (per range in multiple
    /// selection, per item in single) applies a snapshot without a0, which waits (the view is
    /// still deselecting), and did-select of a4 applies one without its own item. Both have
    /// landed when the did-select's apply returns: what the did-deselect asked for lands before
    /// did-select is called, which gets a4 where that left it (item 3), and its own apply then
    /// lands at once.
    func testDidSelectOfAClickLandsAtOnceAfterWhatItsDidDeselectAskedFor() { MainActor.assumeIsolated {
        for multiple in [true, false] {
            let (w, delegate) = open()
            w.cv.allowsMultipleSelection = multiple
            w.cv.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
            var deselected = false, selectedItem: String?, result: Seen?
            delegate.onDidDeselect = {
                guard !deselected else { return }
                deselected = true
                _ = applyWithout(["a0"], in: w)
            }
            delegate.onDidSelect = { path in
                guard result == nil else { return }
                selectedItem = w.source.itemIdentifier(for: path)
                result = applyWithout([selectedItem!], in: w)
            }
            let cell = w.cv.cellForItem(at: IndexPath(item: 4, section: 0))!
            GtkHarness.pointer(w.window, at: GtkHarness.centre(of: cell, in: w.window), then: ["click", "1"])
            GtkHarness.wait(for: "the click") { result != nil }
            XCTAssertTrue(deselected, "multiple \(multiple): a1 was deselected")
            XCTAssertEqual(selectedItem, "a4", "multiple \(multiple): did-select names the clicked item where it is now")
            XCTAssertEqual(result, Seen(items: 10, selected: 0, firstCell: "a1", shown: remaining(without: [0, 4])),
                           "multiple \(multiple): both applies had landed")
            XCTAssertTrue(w.settle())
            XCTAssertNil(w.mismatch(w.source.snapshot()))
            XCTAssertEqual(w.reports, [])
            w.close()
        }
    }}

    /// A right-click on the unselected a5 selects it first (desktop selection), and its
    /// did-select inserts an item above it, landing at once: the menu is for a5 where it is
    /// after the insert (item 6), and its action gets a5.
    func testTheContextMenuIsForItsItemAfterTheDidSelectMovedIt() { MainActor.assumeIsolated {
        let (w, delegate) = open()
        defer { GtkHarness.letTimePass(0.7, because: "GTK 4.8's tooltip timeout, started by the menu's grab, fires first"); w.close() }
        var itemsAfterInsert: Int?, menuFor: [String]?, deleted: [String]?
        delegate.onDidSelect = { _ in
            guard itemsAfterInsert == nil else { return }
            var snapshot = w.source.snapshot()
            try! snapshot.insertItems(["new"], beforeItem: "a0")
            w.source.apply(snapshot, animatingDifferences: true)
            itemsAfterInsert = w.cv.numberOfItems(inSection: 0)
        }
        delegate.onContextMenu = { paths in menuFor = paths.map { w.source.itemIdentifier(for: $0) ?? "none" } }
        delegate.onDelete = { paths in deleted = paths.map { w.source.itemIdentifier(for: $0) ?? "none" } }
        let cell = w.cv.cellForItem(at: IndexPath(item: 5, section: 0))!
        GtkHarness.pointer(w.window, at: GtkHarness.centre(of: cell, in: w.window), then: ["click", "3"])
        GtkHarness.wait(for: "the context menu") { w.cv.interaction.menu != nil }
        XCTAssertEqual(itemsAfterInsert, 13, "the did-select's apply landed at once")
        XCTAssertEqual(menuFor, ["a5"], "the menu is for the right-clicked item")
        XCTAssertEqual(w.cv.contextMenuItems, [IndexPath(item: 6, section: 0)])
        XCTAssertEqual(w.cv.indexPathsForSelectedItems, [IndexPath(item: 6, section: 0)])
        let menu = w.cv.interaction.menu!
        GtkHarness.waitUntilShown(menu, "the context menu")
        let entry = GtkHarness.label("Delete", in: menu)!
        GtkHarness.xdotool(["mousemove", "--window", GtkHarness.xid(of: w.window)] + GtkHarness.popoverPoint(of: entry).map(String.init))
        GtkHarness.xdotool(["click", "1"])
        GtkHarness.wait(for: "the action to run") { deleted != nil }
        XCTAssertEqual(deleted, ["a5"])
        XCTAssertTrue(w.settle())
        XCTAssertNil(w.mismatch(w.source.snapshot()))
        XCTAssertEqual(w.reports, [])
    }}

    /// When the did-select of a right-click removes the item, no menu opens for it.
    func testNoContextMenuWhenTheDidSelectRemovedItsItem() { MainActor.assumeIsolated {
        let (w, delegate) = open()
        defer { w.close() }
        var result: Seen?, asked = false
        delegate.onDidSelect = { path in
            guard result == nil else { return }
            result = applyWithout([w.source.itemIdentifier(for: path)!], in: w)
        }
        delegate.onContextMenu = { _ in asked = true }
        let cell = w.cv.cellForItem(at: IndexPath(item: 5, section: 0))!
        GtkHarness.pointer(w.window, at: GtkHarness.centre(of: cell, in: w.window), then: ["click", "3"])
        GtkHarness.wait(for: "the right-click's did-select") { result != nil }
        XCTAssertEqual(result?.items, 11)
        XCTAssertFalse(asked, "the right-click ended (it runs in one go) without asking for a menu")
        XCTAssertNil(w.cv.interaction.menu)
        XCTAssertTrue(w.settle())
        XCTAssertNil(w.mismatch(w.source.snapshot()))
    }}

    /// From inside the cell provider (during the view's layout pass) the apply waits: the view
    /// still shows the old snapshot when it returns, and the new one right after the pass.
    func testApplyFromTheCellProviderWaitsForThePass() { MainActor.assumeIsolated {
        let (w, _) = open()
        defer { w.close() }
        var result: Seen?
        w.provide = { _, _, item in
            if item == "a5", result == nil { result = applyWithout(["a0"], in: w) }
            return true
        }
        w.cv.reloadData()  // every cell is made again, in the next layout pass
        GtkHarness.wait(for: "the cell provider") { result != nil }
        XCTAssertEqual(result?.items, 12, "not landed inside the cell provider")
        XCTAssertTrue(w.settle())
        XCTAssertEqual(w.cv.numberOfItems(inSection: 0), 11, "landed right after")
        XCTAssertNil(w.mismatch(w.source.snapshot()))
        XCTAssertEqual(w.reports, [])
    }}

    /// From will-display (the view placing its views) it waits too, and lands after.
    func testApplyFromWillDisplayWaitsForThePass() { MainActor.assumeIsolated {
        let (w, delegate) = open()
        defer { w.close() }
        var result: Seen?
        delegate.onWillDisplay = { path in
            guard result == nil else { return }
            result = applyWithout(["a11"], in: w)
        }
        w.cv.reloadData()
        GtkHarness.wait(for: "will-display") { result != nil }
        XCTAssertEqual(result?.items, 12, "not landed inside will-display")
        XCTAssertTrue(w.settle())
        XCTAssertEqual(w.cv.numberOfItems(inSection: 0), 11)
        XCTAssertNil(w.mismatch(w.source.snapshot()))
        XCTAssertEqual(w.reports, [])
    }}

    /// A rubber band tells did-select per item from inside its loop over them: there the apply
    /// waits until the band has gone over every item, then lands.
    func testApplyFromDidSelectOfARubberBandWaitsForTheBand() { MainActor.assumeIsolated {
        let (w, delegate) = open()
        defer { w.close() }
        var busy: Bool?, itemsRightAfter: Int?
        delegate.onDidSelect = { _ in
            guard busy == nil else { return }
            var snapshot = w.source.snapshot()
            try! snapshot.appendItems(["b0"])
            w.source.apply(snapshot, animatingDifferences: true)
            busy = w.cv.work.isBusy
            itemsRightAfter = w.cv.numberOfItems(inSection: 0)
        }
        // From empty space below the two lines up to the middle of a1.
        let from = GtkHarness.windowPoint(of: w.cv.viewport, x: 700, y: 500)
        let to = GtkHarness.centre(of: w.cv.cellForItem(at: IndexPath(item: 1, section: 0))!, in: w.window)
        var commands = ["mousedown", "1", "sleep", "0.05"]
        for step in 1...8 {
            commands += ["mousemove", "--window", GtkHarness.xid(of: w.window),
                         String(from.0 + (to.0 - from.0) * step / 8), String(from.1 + (to.1 - from.1) * step / 8), "sleep", "0.03"]
        }
        GtkHarness.pointer(w.window, at: from, then: commands + ["mouseup", "1"])
        GtkHarness.wait(for: "the band to select") { busy != nil }
        XCTAssertEqual(busy, true, "inside the band's loop: no safe point")
        XCTAssertEqual(itemsRightAfter, 12, "not landed inside the loop")
        XCTAssertTrue(w.settle())
        XCTAssertEqual(w.cv.numberOfItems(inSection: 0), 13, "landed after the band")
        XCTAssertGreaterThan(w.cv.selectedItemCount, 1, "the band selected what it touched")
        XCTAssertNil(w.mismatch(w.source.snapshot()))
        XCTAssertEqual(w.reports, [])
    }}
}
