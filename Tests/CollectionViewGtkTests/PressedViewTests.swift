import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A view whose element leaves while a press or touch is still down on it (GTK's ACTIVE state
/// on its widget) stays a shown child until the press ends: hiding it would make GTK drop the
/// touch's grab, and the release would then lower the active count of widgets the press never
/// raised ("Broken accounting of active state"; scripts/touch's release-after-finish scenario
/// does it with real touches). Meanwhile it is not drawn, not targetable and not reused.
final class PressedViewTests: XCTestCase {
    func testAPressedViewIsHiddenAndQueuedOnlyWhenThePressEnds() { MainActor.assumeIsolated {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 90, height: 60)
        let source = GridSource(counts: [400])
        let cv = makeCollectionView(layout, source)
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        GtkHarness.settle(cv) { cv.reloadData() }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        guard let cell = cv.cellForItem(at: IndexPath(item: 0, section: 0)) else { return XCTFail("no first cell") }
        // What GTK does to the picked widget and its ancestors at a press.
        gtk_widget_set_state_flags(cell.widget, GTK_STATE_FLAG_ACTIVE, 0)

        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 3000) }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        XCTAssertNil(cv.indexPath(for: cell), "the cell left its element")
        XCTAssertNotEqual(gtk_widget_get_child_visible(cell.widget), 0, "still shown while pressed: GTK keeps the touch on it")
        XCTAssertEqual(gtk_widget_get_can_target(cell.widget), 0, "but no new press can land on it")
        XCTAssertFalse(cv.drawnViews().contains { $0 === cell }, "and it is not drawn")
        XCTAssertTrue(cv.elements.invariantViolations().isEmpty, "\(cv.elements.invariantViolations())")
        XCTAssertFalse(cv.visibleCells.contains { $0 === cell }, "not reused meanwhile")

        // The release.
        gtk_widget_unset_state_flags(cell.widget, GTK_STATE_FLAG_ACTIVE)
        XCTAssertTrue(GtkHarness.pump { gtk_widget_get_child_visible(cell.widget) == 0 || cv.indexPath(for: cell) != nil },
                      "hidden and queued (or reused) once the press ended")
        XCTAssertNotEqual(gtk_widget_get_can_target(cell.widget), 0, "targetable again")
        XCTAssertTrue(cv.elements.invariantViolations().isEmpty, "\(cv.elements.invariantViolations())")
        GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: 0) }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        XCTAssertTrue(cv.elements.invariantViolations().isEmpty, "\(cv.elements.invariantViolations())")
        XCTAssertNotNil(cv.cellForItem(at: IndexPath(item: 0, section: 0)), "the first item shows again")
    }}
}

/// The background and selected background views are never what a press or a touch lands on:
/// the selected background hides when a highlight ends, often under a finger still down, and
/// GTK 4.8 would then move that touch to whatever is under it, breaking its ACTIVE count
/// (scripts/touch's halo-to-card scenario does it with real touches).
final class BackgroundLayerTargetTests: XCTestCase {
    func testPressesOnABackgroundLayerLandOnTheCell() { MainActor.assumeIsolated {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 90, height: 60)
        let source = GridSource(counts: [20])  // the view holds its data source weakly
        let cv = makeCollectionView(layout, source)
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        GtkHarness.settle(cv) { cv.reloadData() }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        guard let cell = cv.cellForItem(at: IndexPath(item: 0, section: 0)) else { return XCTFail("no first cell") }
        // Only the layers can be hit: the cell's own content takes no events (a picture would not).
        var child = gtk_widget_get_first_child(cell.widget)
        while let c = child { gtk_widget_set_can_target(c, 0); child = gtk_widget_get_next_sibling(c) }
        let background = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!, selected = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        cell.backgroundView = background
        cell.selectedBackgroundView = selected
        GtkHarness.settle(cv) { cell.isHighlighted = true }
        XCTAssertNotEqual(gtk_widget_get_mapped(selected), 0, "the selected background shows while highlighted")
        var centre = graphene_point_t(x: 45, y: 30), inWindow = graphene_point_t()
        XCTAssertNotEqual(gtk_widget_compute_point(cell.widget, window, &centre, &inWindow), 0)
        let picked = gtk_widget_pick(window, Double(inWindow.x), Double(inWindow.y), GTK_PICK_DEFAULT)
        XCTAssertEqual(picked, cell.widget, "a press in the cell lands on the cell, not on a background layer")
        XCTAssertEqual(gtk_widget_get_can_target(background), 0)
        XCTAssertEqual(gtk_widget_get_can_target(selected), 0)
        cell.isHighlighted = false
    }}
}
