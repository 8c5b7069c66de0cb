import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// Contacts in letter sections, as list cells with a name and a phone line; every third has a
/// note of three more lines, so the rows measure unlike the list's estimate (some taller, some
/// shorter) and the content's height is only known once every row has been shown.
@MainActor
private final class Contacts: CollectionViewDataSource {
    /// Contact ids by section.
    var sections: [[Int]]
    private var nextID: Int
    init(sections count: Int, rows: Int) {
        sections = (0..<count).map { s in Array(s * rows..<(s + 1) * rows) }
        nextID = count * rows
    }
    func newIDs(_ count: Int) -> [Int] {
        defer { nextID += count }
        return Array(nextID..<nextID + count)
    }
    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: ListCell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
        let id = sections[indexPath.section][indexPath.item]
        var content = cell.defaultContentConfiguration()
        content.text = Self.name(id)
        content.secondaryText = "+44 20 7946 \(id)" + (id % 3 == 0 ? "\nhome\nwork\nmobile" : "")
        cell.contentConfiguration = content
        return cell
    }
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ReusableView {
        let header: ListCell = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
        var content = ListContentConfiguration.groupedHeader()
        content.text = "Section \(indexPath.section)"
        header.contentConfiguration = content
        return header
    }
    static func name(_ id: Int) -> String { "Contact \(id)" }
}

/// Scrolls the view makes to a target (an animated `scrollToItem`, Home and End) in a
/// self-sizing inset-grouped list: rows measured, inserted or resized on the way retarget the
/// scroll, which lands where it was asked; the user's own scroll still stops it.
final class ScrollRetargetTests: XCTestCase {
    @MainActor
    private static func open(sections: Int = 20, rows: Int = 25, duration: Double = 0.4) -> (CollectionView, Contacts, WidgetPointer) {
        cv_test_set_animations(true)
        var list = ListConfiguration(appearance: .insetGrouped)
        list.headerMode = .supplementary
        let cv = bareCollectionView(CompositionalLayout.list(using: list))
        cv.register(ListCell.self, forCellWithReuseIdentifier: "row")
        cv.register(ListCell.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        let contacts = Contacts(sections: sections, rows: rows)
        cv.dataSource = contacts
        cv.animation = CollectionViewAnimation(duration: duration)
        let window = GtkHarness.window(for: cv, width: 500, height: 600)
        XCTAssertTrue(GtkHarness.settle(cv))
        Self.waitUntilMeasured(cv)
        return (cv, contacts, window)
    }

    /// Waits until the rows shown have been measured: no view waits to be made and no
    /// invalidation (a measured row's) waits for a pass.
    @MainActor
    private static func waitUntilMeasured(_ cv: CollectionView, file: StaticString = #filePath, line: UInt = #line) {
        let layout = cv.collectionViewLayout
        GtkHarness.wait(for: "the rows shown measured", file: file, line: line) {
            !cv.hasPendingViews && !layout.needsPrepare && layout.pendingInvalidation == nil
        }
    }

    /// The item's frame in the layout now.
    @MainActor
    private static func frame(_ cv: CollectionView, _ path: IndexPath) -> Rect? {
        cv.collectionViewLayout.layoutAttributesForItem(at: path)?.frame
    }

    /// Waits until the view's scroll is over (its last frame made and its item held until
    /// what it showed was measured) and the frame after it is drawn.
    @MainActor
    private static func waitForScrollToEnd(_ cv: CollectionView, file: StaticString = #filePath, line: UInt = #line) {
        GtkHarness.wait(for: "the scroll to end", file: file, line: line) { !cv.isScrollingToTarget && !cv.isAnimatingUpdates }
        GtkHarness.waitForFrames(2, of: cv.viewport, file: file, line: line)
    }

    /// The cell of `path` is on screen at the height its content measures (it was measured,
    /// not left at the estimate), where its layout frame says, relative to the offset.
    @MainActor
    private static func assertShownMeasured(_ cv: CollectionView, _ path: IndexPath, file: StaticString = #filePath, line: UInt = #line) {
        guard let cell = cv.cellForItem(at: path), let frame = frame(cv, path),
              let onScreen = GtkHarness.bounds(of: cell.widget, in: cv.viewport) else {
            XCTFail("no cell for \(path)", file: file, line: line)
            return
        }
        XCTAssertEqual(frame.height, cell.measuredExtent(along: .vertical, at: frame.width), accuracy: 0.5, "measured", file: file, line: line)
        XCTAssertEqual(onScreen.minY, frame.minY - cv.contentOffset.y, accuracy: 1, "drawn where its frame is", file: file, line: line)
    }

    /// The bug report's steps: End (the key) reaches the true bottom, and after a resize (every
    /// row measured again at the new width, above the viewport too) Home reaches offset 0
    /// exactly, though the rows measured on the way correct the offset.
    func testEndThenHomeAfterAResizeReachTheEdges() throws { try MainActor.assumeIsolated {
        let (cv, contacts, window) = Self.open()
        defer { GtkHarness.close(window); _ = contacts }  // the view holds its data source weakly
        let first = IndexPath(item: 0, section: 0)
        let last = IndexPath(item: contacts.sections[19].count - 1, section: 19)
        gtk_widget_grab_focus(cv.viewport)
        cv.setFocusedItem(first, scroll: false)
        let estimatedHeight = cv.contentSize.height

        GtkHarness.keys("End")
        XCTAssertEqual(cv.indexPathForFocusedItem, last)
        Self.waitForScrollToEnd(cv)
        XCTAssertNotEqual(cv.contentSize.height, estimatedHeight, accuracy: 50, "the rows measure unlike the estimate")
        XCTAssertEqual(cv.contentOffset.y, cv.contentSize.height - cv.bounds.height, accuracy: 0.5, "End reaches the bottom")
        Self.assertShownMeasured(cv, last)
        XCTAssertLessThanOrEqual(try XCTUnwrap(Self.frame(cv, last)).maxY, cv.bounds.maxY + 0.5)
        GtkHarness.screenCapture(name: "scroll-retarget-end")  // with $CV_SCREENSHOT_DIR set

        // Narrower: the rows wrap and are measured again as they show.
        gtk_window_set_default_size(window.as(GtkWindow.self), 380, 600)
        GtkHarness.wait(for: "the narrower window") { cv.bounds.width == 380 }
        XCTAssertTrue(GtkHarness.settle(cv))
        GtkHarness.waitForFrames(2, of: cv.viewport)
        XCTAssertGreaterThan(cv.contentOffset.y, 10_000, "still far down")

        GtkHarness.keys("Home")
        XCTAssertEqual(cv.indexPathForFocusedItem, first)
        Self.waitForScrollToEnd(cv)
        XCTAssertEqual(cv.contentOffset.y, 0, "Home reaches the top")
        Self.assertShownMeasured(cv, first)
        GtkHarness.screenCapture(name: "scroll-retarget-home-after-resize")

        // And End again, over rows measured at the old width.
        GtkHarness.keys("End")
        Self.waitForScrollToEnd(cv)
        XCTAssertEqual(cv.contentOffset.y, cv.contentSize.height - cv.bounds.height, accuracy: 0.5, "End reaches the bottom")
        Self.assertShownMeasured(cv, last)
        GtkHarness.checkInvariants()
    }}

    /// An animated scroll to an item far below (rows estimated all the way) and one back up
    /// (rows above measured as they come into view, correcting the offset) land with the item
    /// exactly where asked.
    func testAnimatedScrollToItemLandsOnTheItem() throws { try MainActor.assumeIsolated {
        let (cv, contacts, window) = Self.open()
        defer { GtkHarness.close(window); _ = contacts }  // the view holds its data source weakly
        let far = IndexPath(item: 12, section: 16)
        cv.scrollToItem(at: far, at: .top, animated: true)
        XCTAssertTrue(cv.scrollAnimation?.isRunning ?? false, "animated")
        Self.waitForScrollToEnd(cv)
        XCTAssertEqual(cv.contentOffset.y, try XCTUnwrap(Self.frame(cv, far)).minY, accuracy: 0.5)
        Self.assertShownMeasured(cv, far)

        let up = IndexPath(item: 7, section: 4)
        for position in [ScrollPosition.centeredVertically, .bottom] {
            cv.scrollToItem(at: up, at: position, animated: true)
            Self.waitForScrollToEnd(cv)
            let frame = try XCTUnwrap(Self.frame(cv, up))
            if position == .bottom {
                XCTAssertEqual(cv.bounds.maxY, frame.maxY, accuracy: 0.5, "at the bottom")
            } else {
                XCTAssertEqual(cv.bounds.midY, frame.midY, accuracy: 0.5, "centred")
            }
            Self.assertShownMeasured(cv, up)
        }
        GtkHarness.checkInvariants()
    }}

    /// Rows inserted above the target while the scroll heads there (in the target's section and
    /// before it): the scroll follows its item to its new index path and lands on it.
    func testABatchUpdateAboveTheTargetDuringTheScrollStillLandsOnIt() throws { try MainActor.assumeIsolated {
        let (cv, contacts, window) = Self.open(duration: 1.2)
        defer { GtkHarness.close(window); _ = contacts }  // the view holds its data source weakly
        let target = IndexPath(item: 10, section: 14)
        let id = contacts.sections[14][10]
        cv.scrollToItem(at: target, at: .top, animated: true)
        GtkHarness.wait(for: "the scroll to be under way") { cv.contentOffset.y > 500 }
        XCTAssertTrue(cv.scrollAnimation?.isRunning ?? false)
        contacts.sections[3].insert(contentsOf: contacts.newIDs(6), at: 2)
        contacts.sections[14].insert(contentsOf: contacts.newIDs(4), at: 0)
        cv.performBatchUpdates({
            cv.insertItems(at: (2..<8).map { IndexPath(item: $0, section: 3) } + (0..<4).map { IndexPath(item: $0, section: 14) })
        })
        Self.waitForScrollToEnd(cv)
        let moved = IndexPath(item: 14, section: 14)
        XCTAssertEqual(contacts.sections[14][14], id)
        XCTAssertEqual(cv.contentOffset.y, try XCTUnwrap(Self.frame(cv, moved)).minY, accuracy: 0.5, "the same contact at the top")
        Self.assertShownMeasured(cv, moved)
        let cell = try XCTUnwrap(cv.cellForItem(at: moved))
        XCTAssertNotNil(GtkHarness.label(Contacts.name(id), in: cell.widget), "the cell shows the contact scrolled to")
        GtkHarness.checkInvariants()
    }}

    /// A wheel notch during the scroll stops it: what shows stays where the user left it (rows
    /// measured above may still correct the offset, keeping it in place), and the view's scroll
    /// does not come back.
    func testAWheelScrollStopsTheAnimation() throws { try MainActor.assumeIsolated {
        let (cv, contacts, window) = Self.open(duration: 3)
        defer { GtkHarness.close(window); _ = contacts }  // the view holds its data source weakly
        let target = IndexPath(item: 20, section: 18)
        cv.scrollToItem(at: target, at: .top, animated: true)
        GtkHarness.wait(for: "the scroll to be under way") { cv.contentOffset.y > 300 }
        let at = GtkHarness.windowPoint(of: cv.viewport, x: 250, y: 300)
        GtkHarness.pointer(window, at: at, then: ["click", "4"])
        XCTAssertFalse(cv.isScrollingToTarget, "the user's scroll ended the view's")
        // The row across the viewport's middle, and where it shows.
        let row = try XCTUnwrap(cv.indexPathsForVisibleItems.first { path in
            cv.cellForItem(at: path).flatMap { GtkHarness.bounds(of: $0.widget, in: cv.viewport) }.map { $0.minY <= 300 && $0.maxY > 300 } ?? false
        })
        let shownAt = try XCTUnwrap(cv.cellForItem(at: row).flatMap { GtkHarness.bounds(of: $0.widget, in: cv.viewport) }).minY
        var scrolledAgain = false
        let watcher = Tick.add(cv.viewport) { _ in
            if cv.isScrollingToTarget { scrolledAgain = true }
            return true
        }
        GtkHarness.waitForFrames(6, of: cv.viewport)
        gtk_widget_remove_tick_callback(cv.viewport, watcher)
        XCTAssertFalse(scrolledAgain, "the view's scroll stays ended")
        let cell = try XCTUnwrap(cv.cellForItem(at: row), "the row still shows")
        XCTAssertEqual(try XCTUnwrap(GtkHarness.bounds(of: cell.widget, in: cv.viewport)).minY, shownAt, accuracy: 0.5,
                       "the row stays where the user left it")
        XCTAssertLessThan(cv.contentOffset.y, try XCTUnwrap(Self.frame(cv, target)).minY - 1000, "far from where the scroll was going")
        GtkHarness.checkInvariants()
    }}

    /// Home and End go to the content's edge also when their item already shows: the first
    /// row in view under its cut header, the last row in view above the list's cut bottom.
    func testHomeAndEndReachTheEdgeWhenTheirItemAlreadyShows() throws { try MainActor.assumeIsolated {
        let (cv, contacts, window) = Self.open(sections: 3, rows: 25)
        defer { GtkHarness.close(window); _ = contacts }  // the view holds its data source weakly
        let first = IndexPath(item: 0, section: 0)
        let last = IndexPath(item: 24, section: 2)
        gtk_widget_grab_focus(cv.viewport)

        let firstFrame = try XCTUnwrap(Self.frame(cv, first))
        XCTAssertGreaterThan(firstFrame.minY, 10, "a header above the first row")
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: firstFrame.minY - 5) }
        Self.waitUntilMeasured(cv)
        cv.setFocusedItem(first, scroll: false)
        GtkHarness.keys("Home")
        Self.waitForScrollToEnd(cv)
        XCTAssertEqual(cv.contentOffset.y, 0, "Home shows the header")

        cv.scrollToItem(at: last, at: .bottom, animated: false)
        Self.waitForScrollToEnd(cv)
        let end = cv.contentSize.height - cv.bounds.height
        let below = cv.contentSize.height - (try XCTUnwrap(Self.frame(cv, last))).maxY
        XCTAssertGreaterThan(below, 4, "room below the last row")
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: end - below / 2) }
        Self.waitUntilMeasured(cv)
        XCTAssertLessThanOrEqual(try XCTUnwrap(Self.frame(cv, last)).maxY, cv.bounds.maxY, "the last row shows whole")
        cv.setFocusedItem(last, scroll: false)
        GtkHarness.keys("End")
        Self.waitForScrollToEnd(cv)
        XCTAssertEqual(cv.contentOffset.y, cv.contentSize.height - cv.bounds.height, accuracy: 0.5, "End shows the bottom")
    }}

    /// End with no item focused focuses the last item and scrolls to the bottom; Home then the
    /// first, at the top.
    func testEndWithNoFocusedItemGoesToTheLastItem() { MainActor.assumeIsolated {
        let (cv, contacts, window) = Self.open(sections: 3, rows: 25)
        defer { GtkHarness.close(window); _ = contacts }  // the view holds its data source weakly
        gtk_widget_grab_focus(cv.viewport)
        XCTAssertNil(cv.indexPathForFocusedItem)
        GtkHarness.keys("End")
        XCTAssertEqual(cv.indexPathForFocusedItem, IndexPath(item: 24, section: 2))
        Self.waitForScrollToEnd(cv)
        XCTAssertEqual(cv.contentOffset.y, cv.contentSize.height - cv.bounds.height, accuracy: 0.5, "End shows the bottom")
        Self.assertShownMeasured(cv, IndexPath(item: 24, section: 2))

        cv.setFocusedItem(nil)
        GtkHarness.keys("Home")
        XCTAssertEqual(cv.indexPathForFocusedItem, IndexPath(item: 0, section: 0))
        Self.waitForScrollToEnd(cv)
        XCTAssertEqual(cv.contentOffset.y, 0, "Home shows the top")
    }}

    /// Without animation too, the last item ends at the bottom as measured: the rows the jump
    /// brought into view were measured (unlike the estimate) and the item put back in place.
    func testNonAnimatedScrollToTheLastItemIsExact() throws { try MainActor.assumeIsolated {
        let (cv, contacts, window) = Self.open(sections: 12, rows: 25)
        defer { GtkHarness.close(window); _ = contacts }  // the view holds its data source weakly
        let last = IndexPath(item: contacts.sections[11].count - 1, section: 11)
        cv.scrollToItem(at: last, at: .bottom, animated: false)
        Self.waitForScrollToEnd(cv)
        XCTAssertEqual(try XCTUnwrap(Self.frame(cv, last)).maxY, cv.bounds.maxY, accuracy: 0.5, "the last item at the bottom")
        Self.assertShownMeasured(cv, last)
        let shown = cv.indexPathsForVisibleItems.filter { $0.section == 11 }.map(\.item)
        XCTAssertEqual(shown.max(), last.item)
        // And to the first, the rows above it measured on the way.
        cv.scrollToItem(at: IndexPath(item: 0, section: 0), at: .top, animated: false)
        Self.waitForScrollToEnd(cv)
        XCTAssertEqual(cv.contentOffset.y, try XCTUnwrap(Self.frame(cv, IndexPath(item: 0, section: 0))).minY, accuracy: 0.5)
        GtkHarness.checkInvariants()
    }}
    /// A chat's "append, then scroll to the bottom": rows added by `reloadData` (whose pass has
    /// not run yet, so the scroll range is the old one) and a scroll to the new last item from
    /// the old bottom reaches the new bottom, not the old end it would be clamped to.
    func testScrollToTheNewLastItemRightAfterAReloadReachesIt() throws { try MainActor.assumeIsolated {
        let (cv, contacts, window) = Self.open(sections: 4, rows: 25)
        defer { GtkHarness.close(window); _ = contacts }
        cv.scrollToItem(at: IndexPath(item: 24, section: 3), at: .bottom, animated: false)
        Self.waitForScrollToEnd(cv)
        let oldBottom = cv.contentOffset.y
        contacts.sections[3] += contacts.newIDs(15)
        cv.reloadData()
        let last = IndexPath(item: 39, section: 3)
        cv.scrollToItem(at: last, at: .bottom, animated: false)
        Self.waitForScrollToEnd(cv)
        XCTAssertGreaterThan(cv.contentOffset.y, oldBottom + 100, "past the old bottom")
        XCTAssertEqual(try XCTUnwrap(Self.frame(cv, last)).maxY, cv.bounds.maxY, accuracy: 0.5, "the new last item at the bottom")
    }}

    /// A scroll asked for before the view has a size (restoring a position before the window
    /// shows) lands once it has one.
    func testScrollToAnItemBeforeTheWindowShowsLandsOnIt() throws { try MainActor.assumeIsolated {
        cv_test_set_animations(true)
        var list = ListConfiguration(appearance: .insetGrouped)
        list.headerMode = .supplementary
        let cv = bareCollectionView(CompositionalLayout.list(using: list))
        cv.register(ListCell.self, forCellWithReuseIdentifier: "row")
        cv.register(ListCell.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        let contacts = Contacts(sections: 8, rows: 25)
        cv.dataSource = contacts
        let target = IndexPath(item: 10, section: 5)
        cv.scrollToItem(at: target, at: .top, animated: false)
        let window = GtkHarness.window(for: cv, width: 500, height: 600)
        defer { GtkHarness.close(window); _ = contacts }
        XCTAssertTrue(GtkHarness.settle(cv))
        Self.waitForScrollToEnd(cv)
        Self.waitUntilMeasured(cv)
        XCTAssertEqual(cv.contentOffset.y, try XCTUnwrap(Self.frame(cv, target)).minY, accuracy: 0.5, "the item at the top")
    }}

    /// A request that needs no movement made during a scroll of the view's to another item
    /// replaces it: the older scroll does not carry the view away from the item just asked for.
    func testARequestForAnItemInViewEndsAnOlderScroll() throws { try MainActor.assumeIsolated {
        let (cv, contacts, window) = Self.open(sections: 12, rows: 25, duration: 2)
        defer { GtkHarness.close(window); _ = contacts }
        let shown = IndexPath(item: 2, section: 0)
        cv.scrollToItem(at: IndexPath(item: 20, section: 11), at: .bottom, animated: true)
        GtkHarness.waitForFrames(1, of: cv.viewport)
        XCTAssertTrue(cv.isScrollingToTarget)
        let visible = try XCTUnwrap(cv.indexPathsForVisibleItems.sorted().first { $0.section == 0 && $0.item >= shown.item })
        cv.scrollToItem(at: visible, at: [], animated: false)
        Self.waitForScrollToEnd(cv)
        XCTAssertTrue(cv.indexPathsForVisibleItems.contains(visible), "the item asked for last stays in view")
        XCTAssertLessThan(cv.contentOffset.y, 2000, "the older scroll to the end did not go on")
    }}
}
