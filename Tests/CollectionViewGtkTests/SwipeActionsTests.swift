import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// Rows of text with swipe actions: leading "Flag", trailing "Delete" (destructive, deletes the
/// row with a batch update) and "Archive". Records each handler call.
@MainActor
private final class SwipeSource: CollectionViewDataSource, CollectionViewDelegate {
    var items = (0..<40).map { "Row \($0)" }
    /// "title item" per handler call.
    var performed: [String] = []
    /// The completion value the non-deleting actions (Flag, Archive) report.
    var archiveSucceeds = true
    /// What each completion reported, in order.
    var completions: [Bool] = []
    var fullSwipe = true
    var states: [IndexPath: Bool] = [:]
    weak var collectionView: CollectionView?

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: ListCell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
        var content = ListContentConfiguration.cell()
        content.text = items[indexPath.item]
        cell.contentConfiguration = content
        cell.configurationUpdateHandler = { [weak self] _, state in self?.states[indexPath] = state.isSwiped }
        return cell
    }

    func collectionView(_ cv: CollectionView, leadingSwipeActionsConfigurationForItemAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        let flag = ContextualAction(style: .normal, title: "Flag") { [weak self] action, _, done in
            guard let self else { return }
            self.performed.append("Flag \(indexPath.item)")
            self.completions.append(self.archiveSucceeds)
            done(self.archiveSucceeds)
        }
        flag.iconName = "emblem-important-symbolic"
        return SwipeActionsConfiguration(actions: [flag])
    }

    func collectionView(_ cv: CollectionView, trailingSwipeActionsConfigurationForItemAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard indexPath.item != 39 else { return nil }  // the last row has no trailing actions
        let delete = ContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, done in
            guard let self, let cv = self.collectionView else { return }
            self.performed.append("Delete \(indexPath.item)")
            cv.performBatchUpdates {
                self.items.remove(at: indexPath.item)
                cv.deleteItems(at: [indexPath])
            }
            done(true)
        }
        delete.iconName = "user-trash-symbolic"
        let archive = ContextualAction(style: .normal, title: "Archive") { [weak self] _, _, done in
            guard let self else { return }
            self.performed.append("Archive \(indexPath.item)")
            done(self.archiveSucceeds)
        }
        var configuration = SwipeActionsConfiguration(actions: [delete, archive])
        configuration.performsFirstActionWithFullSwipe = fullSwipe
        return configuration
    }
}

private func p(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

/// A plain list of 40 rows (or a grid) in a 400x500 window.
@MainActor
private func open(_ source: SwipeSource, grid: Bool = false, horizontal: Bool = false,
                  rightToLeft: Bool = false) -> (CollectionView, WidgetPointer) {
    let layout: CollectionViewLayout
    if grid || horizontal {
        let flow = FlowLayout()
        flow.itemSize = Size(width: 180, height: 120)
        if horizontal { flow.scrollDirection = .horizontal }
        layout = flow
    } else {
        layout = CompositionalLayout.list(using: ListConfiguration(appearance: .plain))
    }
    let cv = bareCollectionView(layout)
    if rightToLeft { gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL) }  // the caller puts it back
    cv.register(ListCell.self, forCellWithReuseIdentifier: "row")
    cv.dataSource = source
    cv.delegate = source
    source.collectionView = cv
    let window = GtkHarness.window(for: cv, width: 400, height: 500)
    GtkHarness.settle(cv)
    GtkHarness.waitForFrames(2, of: cv.viewport)
    return (cv, window)
}

/// Where the content of a cell is drawn now, in viewport x: its first content child's origin.
@MainActor
private func contentX(of cell: CollectionViewCell, in cv: CollectionView) -> Double? {
    guard let content = cell.configuredContentView?.widget else { return nil }
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(content, cv.viewport, &bounds) != 0 else { return nil }
    return Double(bounds.origin.x)
}

/// A touch swipe of `dx` across `path`'s centre, through the drag gesture's entry points, in
/// steps as fingers move; `release` lifts the finger.
@MainActor
private func swipe(_ path: IndexPath, dx: Double, dy: Double = 0, release: Bool = true, in cv: CollectionView) {
    guard let cell = cv.cellForItem(at: path) else { return XCTFail("no cell for \(path)") }
    var bounds = graphene_rect_t()
    _ = gtk_widget_compute_bounds(cell.widget, cv.viewport, &bounds)
    let swipes = cv.interaction.swipes!
    swipes.touchBegan(x: Double(bounds.origin.x + bounds.size.width / 2), y: Double(bounds.origin.y + bounds.size.height / 2))
    let steps = 10
    for step in 1...steps {
        swipes.touchMoved(dx: dx * Double(step) / Double(steps), dy: dy * Double(step) / Double(steps))
    }
    GtkHarness.waitForFrames(1, of: cv.viewport)
    if release { swipes.touchEnded() }
}

@MainActor
private func waitSettled(_ cv: CollectionView, file: StaticString = #filePath, line: UInt = #line) {
    GtkHarness.wait(for: "the swipe to come to rest", file: file, line: line) { cv.interaction.swipes.isSettled }
    GtkHarness.waitForFrames(2, of: cv.viewport, file: file, line: line)
}

/// Swipe actions in a real window: the state machine driven through the drag gesture's and the
/// scroll controller's entry points (GDK touch and smooth touchpad events cannot be synthesized
/// under Xvfb; scripts/touch drives real touches under Broadway), buttons clicked for real,
/// and the context-menu alternative through the real menu.
final class SwipeActionsTests: XCTestCase {

    /// A short swipe left opens the trailing actions (Delete outermost, then Archive); the
    /// content is slid by the buttons' width, the cell is swiped; editing mode and Escape
    /// close it.
    func testSwipeOpensTrailingActionsAndEscapeCloses() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source)
        defer { GtkHarness.close(window) }
        let swipes = cv.interaction.swipes!
        guard let cell = cv.cellForItem(at: p(3)), let restX = contentX(of: cell, in: cv) else { return XCTFail("no cell") }
        swipe(p(3), dx: -120, in: cv)
        waitSettled(cv)
        XCTAssertEqual(swipes.swipedItem, p(3))
        let buttons = swipes.actionButtons
        XCTAssertEqual(buttons.count, 2)
        let reveal = cell.swipeActionsView?.revealWidth ?? 0
        XCTAssertGreaterThanOrEqual(reveal, 144, "two buttons of at least 72 px")
        XCTAssertEqual(swipes.swipeOffset, -reveal, accuracy: 0.5, "open to the buttons' width")
        XCTAssertEqual(contentX(of: cell, in: cv) ?? 0, restX - reveal, accuracy: 1, "the content slid left")
        XCTAssertTrue(cell.configurationState.isSwiped)
        XCTAssertEqual(source.states[p(3)], true, "the update handler saw isSwiped")
        // Delete is outermost (rightmost), Archive inside it.
        var deleteBounds = graphene_rect_t(), archiveBounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(buttons[0], cv.viewport, &deleteBounds)
        _ = gtk_widget_compute_bounds(buttons[1], cv.viewport, &archiveBounds)
        XCTAssertGreaterThan(deleteBounds.origin.x, archiveBounds.origin.x)
        var cellBounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(cell.widget, cv.viewport, &cellBounds)
        XCTAssertEqual(Double(deleteBounds.origin.x + deleteBounds.size.width), Double(cellBounds.origin.x + cellBounds.size.width),
                       accuracy: 3, "at the row's right edge (inside its CSS padding)")
        XCTAssertNotEqual(gtk_widget_has_css_class(buttons[0], "destructive"), 0)
        XCTAssertNotEqual(gtk_widget_get_mapped(buttons[0]), 0)

        // Editing mode closes it, and rows do not swipe while editing.
        cv.isEditing = true
        XCTAssertNil(swipes.swipedItem, "editing closed it")
        XCTAssertNil(cell.swipeActionsView)
        swipe(p(3), dx: -120, in: cv)
        waitSettled(cv)
        XCTAssertNil(swipes.swipedItem, "no swipe while editing")
        cv.isEditing = false
        swipe(p(3), dx: -120, in: cv)
        waitSettled(cv)
        XCTAssertEqual(swipes.swipedItem, p(3))

        gtk_widget_grab_focus(cv.viewport)
        GtkHarness.keys("Escape")
        waitSettled(cv)
        XCTAssertNil(swipes.swipedItem, "Escape closed it")
        XCTAssertNil(cell.swipeActionsView)
        XCTAssertFalse(cell.configurationState.isSwiped)
        XCTAssertEqual(contentX(of: cell, in: cv) ?? 0, restX, accuracy: 0.5, "the content is back")
        XCTAssertTrue(source.performed.isEmpty, "opening performs nothing")
    }}

    /// A swipe released before half the buttons' width closes again; a vertical drag never
    /// opens anything (the gesture lets it go, to the scroll).
    func testShortSwipeCancelsAndVerticalDragDoesNotOpen() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source)
        defer { GtkHarness.close(window) }
        let swipes = cv.interaction.swipes!
        swipe(p(2), dx: -40, release: false, in: cv)
        XCTAssertEqual(swipes.swipedItem, p(2), "under the finger the row follows it")
        XCTAssertLessThan(swipes.swipeOffset, 0)
        swipes.touchEnded()
        waitSettled(cv)
        XCTAssertNil(swipes.swipedItem, "released early it closed")

        // Down (and a little across): along the view, so the drag is not a swipe.
        guard let cell = cv.cellForItem(at: p(5)) else { return XCTFail() }
        var bounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(cell.widget, cv.viewport, &bounds)
        swipes.touchBegan(x: Double(bounds.origin.x) + 200, y: Double(bounds.origin.y) + 20)
        XCTAssertNil(swipes.touchMoved(dx: -2, dy: 3), "below the threshold: undecided")
        XCTAssertEqual(swipes.touchMoved(dx: -6, dy: 30), false, "vertical: denied, left to the scroll")
        XCTAssertNil(swipes.touchMoved(dx: -150, dy: 40), "and stays not a swipe")
        swipes.touchEnded()
        GtkHarness.waitForFrames(2, of: cv.viewport)
        XCTAssertNil(swipes.swipedItem)
        XCTAssertNil(cell.swipeActionsView)
    }}

    /// Clicking an action's button (a real click) runs its handler; Archive completing closes
    /// the row. Opening another row closes the first: one open at a time.
    func testButtonRunsHandlerAndOneRowOpensAtATime() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source)
        defer { GtkHarness.close(window) }
        let swipes = cv.interaction.swipes!
        swipe(p(1), dx: -150, in: cv)
        waitSettled(cv)
        // A touch on another row while one is open only closes it, as in UIKit; the next opens.
        swipe(p(4), dx: -150, in: cv)
        waitSettled(cv)
        XCTAssertNil(swipes.swipedItem, "the touch on row 4 closed row 1")
        XCTAssertNil(cv.cellForItem(at: p(1))?.swipeActionsView)
        swipe(p(4), dx: -150, in: cv)
        waitSettled(cv)
        XCTAssertEqual(swipes.swipedItem, p(4))
        guard swipes.actionButtons.count == 2 else { return XCTFail("not open") }
        let archive = swipes.actionButtons[1]
        GtkHarness.pointer(window, at: GtkHarness.windowPoint(of: archive, x: 20, y: 20), then: ["click", "1"])
        GtkHarness.wait(for: "the handler to run") { source.performed == ["Archive 4"] }
        waitSettled(cv)
        XCTAssertNil(swipes.swipedItem, "completed, the row closed")
        XCTAssertEqual(source.items.count, 40)
        XCTAssertTrue(cv.indexPathsForSelectedItems.isEmpty, "the button's click selected nothing")
    }}

    /// A tap elsewhere closes the open row and does nothing else; a scroll closes it too.
    func testTapElsewhereAndScrollClose() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source)
        defer { GtkHarness.close(window) }
        let swipes = cv.interaction.swipes!
        swipe(p(0), dx: 150, in: cv)  // right: the leading Flag
        waitSettled(cv)
        XCTAssertEqual(swipes.swipedItem, p(0))
        XCTAssertGreaterThan(swipes.swipeOffset, 0)
        XCTAssertEqual(swipes.actionButtons.count, 1)
        GtkHarness.pointer(window, at: GtkHarness.centre(of: cv.cellForItem(at: p(6))!, in: window), then: ["click", "1"])
        waitSettled(cv)
        XCTAssertNil(swipes.swipedItem, "the tap closed it")
        XCTAssertTrue(cv.indexPathsForSelectedItems.isEmpty, "and selected nothing")

        swipe(p(0), dx: 150, in: cv)
        waitSettled(cv)
        XCTAssertEqual(swipes.swipedItem, p(0))
        cv.contentOffset = Point(x: 0, y: 200)
        waitSettled(cv)
        XCTAssertNil(swipes.swipedItem, "the scroll closed it")
    }}

    /// A full swipe performs the first action (Delete): the handler deletes the item, and the
    /// row goes with the update; the rows below move up.
    func testFullSwipePerformsFirstActionAndRowGoes() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source)
        defer { GtkHarness.close(window) }
        let swipes = cv.interaction.swipes!
        swipe(p(2), dx: -330, release: false, in: cv)  // past 60% of 400
        guard let view = cv.cellForItem(at: p(2))?.swipeActionsView else { return XCTFail("no actions") }
        XCTAssertTrue(view.isFullSwipe, "past the full-swipe distance")
        XCTAssertEqual(view.buttons.map { gtk_widget_get_visible($0) }, [1, 0], "Delete alone takes the strip")
        var deleteBounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(view.buttons[0], cv.viewport, &deleteBounds)
        XCTAssertGreaterThan(Double(deleteBounds.size.width), 300, "as wide as the strip it fills")
        GtkHarness.screenshot(window, name: "swipe-full")
        XCTAssertTrue(source.performed.isEmpty, "nothing runs before the finger lifts")
        swipes.touchEnded()
        GtkHarness.wait(for: "the first action to run") { source.performed == ["Delete 2"] }
        GtkHarness.wait(for: "the delete to animate") { !cv.isAnimatingUpdates }
        waitSettled(cv)
        XCTAssertEqual(source.items.count, 39)
        XCTAssertNil(swipes.swipedItem)
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 39)
        if let cell = cv.cellForItem(at: p(2)) {
            XCTAssertNil(cell.swipeActionsView, "the row now at 2 (Row 3) shows no actions")
            XCTAssertFalse(cell.isSwiped)
        }

        // Without performsFirstActionWithFullSwipe a long swipe only opens.
        source.fullSwipe = false
        swipe(p(5), dx: -330, in: cv)
        waitSettled(cv)
        XCTAssertEqual(source.performed, ["Delete 2"])
        XCTAssertEqual(swipes.swipedItem, p(5))
        XCTAssertEqual(swipes.swipeOffset, -(cv.cellForItem(at: p(5))?.swipeActionsView?.revealWidth ?? 0), accuracy: 0.5)

        // A full swipe whose action reports it was not done slides back.
        source.fullSwipe = true
        source.archiveSucceeds = false
        swipes.close(animated: false)
        swipe(p(6), dx: 330, in: cv)  // leading: Flag, which now reports it was not done
        GtkHarness.wait(for: "Flag to run") { source.performed.last == "Flag 6" }
        XCTAssertEqual(source.completions, [false], "the handler completed with false")
        waitSettled(cv)
        XCTAssertNil(swipes.swipedItem, "the row slid back")
        XCTAssertNil(cv.cellForItem(at: p(6))?.swipeActionsView)
        XCTAssertFalse(cv.cellForItem(at: p(6))?.isSwiped ?? true)
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 39, "and stays")
    }}

    /// A row without actions on a side does not slide that way.
    func testSideWithoutActionsDoesNotSlide() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source, grid: false)
        defer { GtkHarness.close(window) }
        cv.scrollToItem(at: p(39), at: .bottom, animated: false)
        GtkHarness.settle(cv)
        GtkHarness.waitForFrames(2, of: cv.viewport)
        swipe(p(39), dx: -150, release: false, in: cv)
        XCTAssertEqual(cv.interaction.swipes.swipeOffset, 0, "no trailing actions on row 39")
        cv.interaction.swipes.touchEnded()
        waitSettled(cv)
        XCTAssertNil(cv.interaction.swipes.swipedItem)
    }}

    /// Right to left, leading is on the right: a swipe left opens Flag, a swipe right the
    /// trailing Delete and Archive, on the left.
    func testRightToLeftMirrorsLeadingAndTrailing() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source, rightToLeft: true)
        defer { GtkHarness.close(window); gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
        let swipes = cv.interaction.swipes!
        swipe(p(1), dx: -150, in: cv)
        waitSettled(cv)
        XCTAssertEqual(swipes.actionButtons.count, 1, "leading (Flag) on the right")
        XCTAssertEqual(swipes.actionButtons.first.map { GtkHarness.labels(in: $0) }, ["Flag"])
        swipes.close(animated: false)
        swipe(p(1), dx: 150, in: cv)
        waitSettled(cv)
        XCTAssertEqual(swipes.actionButtons.count, 2, "trailing on the left")
        var deleteBounds = graphene_rect_t(), cellBounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(swipes.actionButtons[0], cv.viewport, &deleteBounds)
        _ = gtk_widget_compute_bounds(cv.cellForItem(at: p(1))!.widget, cv.viewport, &cellBounds)
        XCTAssertEqual(Double(deleteBounds.origin.x), Double(cellBounds.origin.x), accuracy: 3, "Delete outermost, at the left edge")
        XCTAssertEqual(GtkHarness.labels(in: swipes.actionButtons[0]), ["Delete"])
    }}

    /// In a grid each tile swipes on its own, within its bounds.
    func testGridTilesSwipe() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source, grid: true)
        defer { GtkHarness.close(window) }
        let swipes = cv.interaction.swipes!
        swipe(p(1), dx: -120, in: cv)
        waitSettled(cv)
        XCTAssertEqual(swipes.swipedItem, p(1))
        guard let cell = cv.cellForItem(at: p(1)), let view = cell.swipeActionsView else { return XCTFail("not open") }
        XCTAssertEqual(gtk_widget_get_overflow(cell.widget), GTK_OVERFLOW_HIDDEN, "the slide is clipped to the tile")
        let width = Double(gtk_widget_get_width(cell.widget))  // inside the tile's CSS padding
        XCTAssertEqual(swipes.swipeOffset, -min(view.revealWidth, width), accuracy: 0.5, "open as far as the buttons, or the tile")
        XCTAssertNil(cv.cellForItem(at: p(0))?.swipeActionsView, "its neighbour did not move")
        XCTAssertTrue(source.performed.isEmpty, "short of a full swipe on the narrow tile")
        // All the way across the tile: the first action.
        swipes.close(animated: false)
        swipe(p(1), dx: -220, in: cv)
        GtkHarness.wait(for: "Delete to run") { source.performed == ["Delete 1"] }
        GtkHarness.wait(for: "the delete to animate") { !cv.isAnimatingUpdates }
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 39)
    }}

    /// The touchpad: a horizontal two-finger scroll over a row opens it (and is taken from the
    /// view's scroll); a vertical one is left to the view. Through the scroll controller's
    /// entry point with synthesized deltas: xdotool cannot make smooth touchpad scrolls.
    func testTouchpadHorizontalSwipeOpensAndVerticalScrolls() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source)
        defer { GtkHarness.close(window) }
        let swipes = cv.interaction.swipes!
        guard let cell = cv.cellForItem(at: p(2)) else { return XCTFail() }
        var bounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(cell.widget, cv.viewport, &bounds)
        let x = Double(bounds.origin.x) + 200, y = Double(bounds.origin.y) + 20
        XCTAssertFalse(swipes.touchpadScrolled(dx: 0, dy: 4, atViewportX: x, y: y), "under the threshold, vertical: the view's")
        XCTAssertFalse(swipes.touchpadScrolled(dx: 1, dy: 8, atViewportX: x, y: y), "vertical: the view's")
        XCTAssertFalse(swipes.touchpadScrolled(dx: 30, dy: 2, atViewportX: x, y: y), "and stays the view's until the fingers lift")
        swipes.touchpadScrollEnded()
        XCTAssertNil(swipes.swipedItem)

        // Fingers moving left scroll right (dx > 0): the content follows them, left.
        var taken: [Bool] = []
        for _ in 0..<12 { taken.append(swipes.touchpadScrolled(dx: 12, dy: 1, atViewportX: x, y: y)) }
        XCTAssertTrue(taken.dropFirst().allSatisfy { $0 }, "once across, every event is the swipe's: \(taken)")
        XCTAssertEqual(swipes.swipedItem, p(2))
        XCTAssertLessThan(swipes.swipeOffset, -100)
        swipes.touchpadScrollEnded()
        waitSettled(cv)
        XCTAssertEqual(swipes.swipedItem, p(2), "released past half the buttons, it stays open")
        XCTAssertEqual(swipes.swipeOffset, -(cell.swipeActionsView?.revealWidth ?? 0), accuracy: 0.5)
    }}

    /// In a layout that scrolls sideways a sideways drag or touchpad scroll is the view's
    /// scroll: it never opens (or performs) a row's actions.
    func testHorizontalLayoutDoesNotSwipe() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source, horizontal: true)
        defer { GtkHarness.close(window) }
        let swipes = cv.interaction.swipes!
        guard let cell = cv.cellForItem(at: p(1)) else { return XCTFail("no cell") }
        var bounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(cell.widget, cv.viewport, &bounds)
        let x = Double(bounds.origin.x + bounds.size.width / 2), y = Double(bounds.origin.y + bounds.size.height / 2)
        swipes.touchBegan(x: x, y: y)
        XCTAssertNotEqual(swipes.touchMoved(dx: -40, dy: 0), true, "a sideways drag is not claimed as a swipe")
        XCTAssertNil(swipes.touchMoved(dx: -300, dy: 0))
        swipes.touchEnded()
        XCTAssertFalse(swipes.touchpadScrolled(dx: 40, dy: 0, atViewportX: x, y: y), "nor a sideways touchpad scroll")
        swipes.touchpadScrollEnded()
        GtkHarness.waitForFrames(2, of: cv.viewport)
        XCTAssertNil(swipes.swipedItem)
        XCTAssertNil(cell.swipeActionsView)
        XCTAssertTrue(source.performed.isEmpty, "nothing was deleted")
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 40)
    }}

    /// A full swipe released is committed: a touch, a touchpad scroll, a close (Escape,
    /// editing, a scroll) or a reload during its ease performs the action at once instead
    /// of dropping it.
    func testCommittedFullSwipeIsNotDropped() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source)
        defer { GtkHarness.close(window) }
        let swipes = cv.interaction.swipes!
        swipe(p(2), dx: -330, in: cv)
        XCTAssertFalse(swipes.isSettled, "easing to the action")
        XCTAssertTrue(source.performed.isEmpty)
        guard let other = cv.cellForItem(at: p(8)) else { return XCTFail() }
        var bounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(other.widget, cv.viewport, &bounds)
        swipes.touchBegan(x: Double(bounds.origin.x) + 50, y: Double(bounds.origin.y) + 10)
        XCTAssertEqual(source.performed, ["Delete 2"], "the touch finished the swipe's action")
        swipes.touchEnded()
        GtkHarness.wait(for: "the delete to animate") { !cv.isAnimatingUpdates }
        waitSettled(cv)
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 39)

        swipe(p(4), dx: 330, in: cv)  // leading: Flag
        swipes.close()  // what Escape, editing and a scroll call
        XCTAssertEqual(source.performed.last, "Flag 4", "closing finished the swipe's action")
        waitSettled(cv)
        XCTAssertNil(swipes.swipedItem)

        swipe(p(5), dx: 330, in: cv)
        XCTAssertFalse(swipes.touchpadScrolled(dx: 0, dy: 30, atViewportX: 100, y: 300))
        XCTAssertEqual(source.performed.last, "Flag 5", "a touchpad scroll finished it")
        swipes.touchpadScrollEnded()
        waitSettled(cv)

        swipe(p(6), dx: 330, in: cv)
        cv.reloadData()
        XCTAssertEqual(source.performed.last, "Flag 6", "a reload finished it")
        waitSettled(cv)
        XCTAssertNil(swipes.swipedItem)
        XCTAssertNil(cv.cellForItem(at: p(6))?.swipeActionsView)
    }}

    /// A touch that lands on the open row's button and lifts there is the button's tap: the
    /// row stays open (its buttons in place) so the button's click runs the action.
    func testTapOnActionButtonKeepsRowOpen() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source)
        defer { GtkHarness.close(window) }
        let swipes = cv.interaction.swipes!
        swipe(p(4), dx: -150, in: cv)
        waitSettled(cv)
        guard swipes.actionButtons.count == 2 else { return XCTFail("not open") }
        let archive = swipes.actionButtons[1]
        var bounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(archive, cv.viewport, &bounds)
        swipes.touchBegan(x: Double(bounds.origin.x + bounds.size.width / 2), y: Double(bounds.origin.y + bounds.size.height / 2))
        swipes.touchEnded()
        XCTAssertEqual(swipes.swipedItem, p(4), "the tap on the button did not close the row")
        guard let cell = cv.cellForItem(at: p(4)) else { return XCTFail("no cell") }
        XCTAssertNotEqual(gtk_widget_is_ancestor(archive, cell.widget), 0, "its buttons are still there")
        GtkHarness.pointer(window, at: GtkHarness.windowPoint(of: archive, x: 20, y: 20), then: ["click", "1"])
        GtkHarness.wait(for: "the handler to run") { source.performed == ["Archive 4"] }
        waitSettled(cv)
        XCTAssertNil(swipes.swipedItem, "completed, the row closed")
    }}

    /// A cancelled touch is no release: a row past half its buttons closes instead of opening.
    func testCancelledTouchCloses() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source)
        defer { GtkHarness.close(window) }
        let swipes = cv.interaction.swipes!
        swipe(p(2), dx: -150, release: false, in: cv)
        XCTAssertEqual(swipes.swipedItem, p(2))
        swipes.touchCancelled()
        swipes.touchEnded()  // GTK's drag-end follows the cancel
        waitSettled(cv)
        XCTAssertNil(swipes.swipedItem, "cancelled, it closed")
        XCTAssertNil(cv.cellForItem(at: p(2))?.swipeActionsView)
        XCTAssertTrue(source.performed.isEmpty)
    }}

    /// A second finger (a pinch) is no swipe: a swipe under way lets go and closes, and a touch
    /// not yet decided never becomes one.
    func testSecondFingerDeniesTheSwipe() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source)
        defer { GtkHarness.close(window) }
        let swipes = cv.interaction.swipes!
        swipe(p(2), dx: -150, release: false, in: cv)
        XCTAssertEqual(swipes.swipedItem, p(2))
        swipes.secondTouchLanded()
        XCTAssertNil(swipes.touchMoved(dx: -300, dy: 0), "the first finger no longer slides it")
        swipes.touchEnded()
        waitSettled(cv)
        XCTAssertNil(swipes.swipedItem, "the pinch closed it")
        XCTAssertTrue(source.performed.isEmpty, "and performed nothing")

        guard let cell = cv.cellForItem(at: p(4)) else { return XCTFail() }
        var bounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(cell.widget, cv.viewport, &bounds)
        swipes.touchBegan(x: Double(bounds.origin.x) + 200, y: Double(bounds.origin.y) + 20)
        swipes.secondTouchLanded()
        XCTAssertNotEqual(swipes.touchMoved(dx: -120, dy: 0), true, "undecided, then a pinch: never a swipe")
        swipes.touchEnded()
        GtkHarness.waitForFrames(2, of: cv.viewport)
        XCTAssertNil(swipes.swipedItem)
        XCTAssertNil(cell.swipeActionsView)
    }}

    /// A layout swap closes the open row: its slide and buttons were sized for the old cell.
    func testLayoutSwapClosesTheOpenRow() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source)
        defer { GtkHarness.close(window) }
        let swipes = cv.interaction.swipes!
        swipe(p(3), dx: -150, in: cv)
        waitSettled(cv)
        XCTAssertEqual(swipes.swipedItem, p(3))
        // A list like the first: nothing scrolls or reloads (either would close it anyway).
        cv.setCollectionViewLayout(CompositionalLayout.list(using: ListConfiguration(appearance: .insetGrouped)), animated: false)
        GtkHarness.waitForFrames(2, of: cv.viewport)
        waitSettled(cv)
        XCTAssertNil(swipes.swipedItem, "the swap closed it")
        for cell in cv.visibleCells {
            XCTAssertNil(cell.swipeActionsView)
            XCTAssertFalse(cell.isSwiped)
        }
    }}

    /// The actions beside the content do not size the cell: a row measures the same open as
    /// closed (a self-sizing list would otherwise resize the row being swiped).
    func testActionsDoNotSizeTheCell() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source)
        defer { GtkHarness.close(window) }
        guard let cell = cv.cellForItem(at: p(3)) else { return XCTFail() }
        @MainActor func measured() -> (Int32, Int32) {
            var width: Int32 = 0, height: Int32 = 0
            gtk_widget_measure(cell.widget, GTK_ORIENTATION_HORIZONTAL, -1, &width, nil, nil, nil)
            gtk_widget_measure(cell.widget, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(cell.widget), &height, nil, nil, nil)
            return (width, height)
        }
        let closed = measured()
        swipe(p(3), dx: -150, in: cv)
        waitSettled(cv)
        XCTAssertNotNil(cell.swipeActionsView, "open")
        let open = measured()
        XCTAssertEqual(open.0, closed.0, "the same minimum width open")
        XCTAssertEqual(open.1, closed.1, "the same minimum height open")
    }}

    /// The context menu lists the actions after the app's entries (here there are none: the
    /// menu holds the swipe actions alone), with their icons and the destructive style;
    /// choosing Delete in the real menu runs the handler, which deletes the row.
    func testContextMenuListsActionsAndRunsHandler() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source)
        let swipes = cv.interaction.swipes!
        _ = swipes
        GtkHarness.pointer(window, at: GtkHarness.centre(of: cv.cellForItem(at: p(3))!, in: window), then: ["click", "3"])
        GtkHarness.wait(for: "the menu to open") { cv.interaction.menu != nil }
        guard let popover = cv.interaction.menu, GtkHarness.waitUntilShown(popover, "the menu") else { return GtkHarness.close(window) }
        let labels = GtkHarness.labels(in: popover)
        XCTAssertEqual(labels.filter { ["Flag", "Delete", "Archive"].contains($0) }, ["Flag", "Delete", "Archive"],
                       "leading then trailing: \(labels)")
        guard let deleteLabel = GtkHarness.label("Delete", in: popover) else { return GtkHarness.close(window) }
        var row = deleteLabel
        while gtk_widget_has_css_class(row, ContextMenuRows.destructiveClass) == 0, let parent = gtk_widget_get_parent(row), parent != popover {
            row = parent
        }
        XCTAssertNotEqual(gtk_widget_has_css_class(row, ContextMenuRows.destructiveClass), 0, "Delete is drawn destructive")
        GtkHarness.screenCapture(name: "swipe-actions-context-menu")
        GtkHarness.xdotool(["mousemove", "--window", GtkHarness.xid(of: window)] + GtkHarness.popoverPoint(of: deleteLabel).map(String.init))
        GtkHarness.xdotool(["click", "1"])
        GtkHarness.wait(for: "the handler to run") { source.performed == ["Delete 3"] }
        GtkHarness.wait(for: "the delete to animate") { !cv.isAnimatingUpdates }
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 39)
        GtkHarness.letTimePass(0.7, because: "GTK 4.8's tooltip timeout, started by the menu's grab, fires before the window goes")
        GtkHarness.close(window)
    }}

    /// An update that moves the open row's item closes the row (its buttons' handlers were
    /// made for the path it had, as UIKit's are), and the row easing closed follows its item.
    func testRowClosesWhenItsItemMoves() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source)
        defer { GtkHarness.close(window) }
        let swipes = cv.interaction.swipes!
        swipe(p(5), dx: -150, in: cv)
        waitSettled(cv)
        XCTAssertEqual(swipes.swipedItem, p(5))
        cv.performBatchUpdates {
            source.items.remove(at: 0)
            cv.deleteItems(at: [p(0)])
        }
        GtkHarness.wait(for: "the delete to animate") { !cv.isAnimatingUpdates }
        waitSettled(cv)
        XCTAssertNil(swipes.swipedItem, "its item moved: the row closed")
        XCTAssertNil(cv.cellForItem(at: p(4))?.swipeActionsView, "Row 5, now at 4, shows no actions")
        XCTAssertFalse(cv.cellForItem(at: p(4))?.isSwiped ?? true)
        XCTAssertTrue(source.performed.isEmpty)

        // An update while the row eases closed: the ease ends on the row's own cell.
        swipe(p(7), dx: -150, in: cv)
        waitSettled(cv)
        swipes.close()
        XCTAssertFalse(swipes.isSettled, "easing closed")
        cv.performBatchUpdates {
            source.items.remove(at: 0)
            cv.deleteItems(at: [p(0)])
        }
        GtkHarness.wait(for: "the delete to animate") { !cv.isAnimatingUpdates }
        waitSettled(cv)
        for item in 0..<12 {
            guard let cell = cv.cellForItem(at: p(item)) else { continue }
            XCTAssertNil(cell.swipeActionsView, "no cell is left slid (\(item))")
            XCTAssertFalse(cell.isSwiped, "\(item)")
        }
    }}

    /// A context-menu entry chosen after an update moved its item acts on the item where it is
    /// now, with the delegate's action for that path (the one the menu was built with named the
    /// old path, and would have deleted the next row).
    func testContextMenuActsOnItemWhereItIsNow() { MainActor.assumeIsolated {
        let source = SwipeSource()
        let (cv, window) = open(source)
        GtkHarness.pointer(window, at: GtkHarness.centre(of: cv.cellForItem(at: p(3))!, in: window), then: ["click", "3"])
        GtkHarness.wait(for: "the menu to open") { cv.interaction.menu != nil }
        guard let popover = cv.interaction.menu, GtkHarness.waitUntilShown(popover, "the menu"),
              let deleteLabel = GtkHarness.label("Delete", in: popover) else { return GtkHarness.close(window) }
        cv.performBatchUpdates {
            source.items.remove(at: 0)
            cv.deleteItems(at: [p(0)])
        }
        GtkHarness.wait(for: "the delete to animate") { !cv.isAnimatingUpdates }
        XCTAssertNotNil(cv.interaction.menu, "the menu stays open on its item")
        GtkHarness.xdotool(["mousemove", "--window", GtkHarness.xid(of: window)] + GtkHarness.popoverPoint(of: deleteLabel).map(String.init))
        GtkHarness.xdotool(["click", "1"])
        GtkHarness.wait(for: "the handler to run") { !source.performed.isEmpty }
        XCTAssertEqual(source.performed, ["Delete 2"], "the action for the item's path now")
        GtkHarness.wait(for: "the delete to animate") { !cv.isAnimatingUpdates }
        XCTAssertFalse(source.items.contains("Row 3"), "the row the menu was for went")
        XCTAssertTrue(source.items.contains("Row 4"), "not the one after it")
        GtkHarness.letTimePass(0.7, because: "GTK 4.8's tooltip timeout, started by the menu's grab, fires before the window goes")
        GtkHarness.close(window)
    }}

    /// A half-open swipe (the finger still down), pictured left to right and right to left
    /// (with $CV_SCREENSHOT_DIR, kept to look at; dark with GTK_THEME=Adwaita:dark): the
    /// destructive button shows in the destructive colour, the content slid beside it.
    func testHalfOpenSwipePicture() { MainActor.assumeIsolated {
        let (dir, temporary) = GtkHarness.screenshotDirectory()
        defer { if temporary { try? FileManager.default.removeItem(atPath: dir) } }
        let theme = getenv("GTK_THEME").map { String(cString: $0) } ?? ""
        for rightToLeft in [false, true] {
            let source = SwipeSource()
            let (cv, window) = open(source, rightToLeft: rightToLeft)
            let swipes = cv.interaction.swipes!
            swipe(p(2), dx: rightToLeft ? 160 : -160, release: false, in: cv)
            GtkHarness.waitForFrames(3, of: cv.viewport)
            XCTAssertEqual(swipes.swipedItem, p(2))
            XCTAssertGreaterThan(abs(swipes.swipeOffset), 60, "half open under the finger")
            let name = "swipe-half-open" + (rightToLeft ? "-rtl" : "") + (theme.contains("dark") ? "-dark" : "")
            if let path = GtkHarness.screenshot(window, name: name, in: dir), theme.isEmpty {
                // Plain GTK's @error_color (#cc0000), through @cv_destructive_bg_color.
                XCTAssertGreaterThan(GtkHarness.pixelCount(ofColour: 0xcc0000, inPNG: path), 1500, "the Delete button is drawn red: \(path)")
            }
            swipes.touchEnded()
            waitSettled(cv)
            GtkHarness.close(window)
            if rightToLeft { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
        }
    }}
}
