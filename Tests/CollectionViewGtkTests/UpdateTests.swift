import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A data source of sections of item ids; each cell knows the id it shows. Supplementary views
/// come from the queue registered under their kind.
@MainActor
final class IDSource: CollectionViewDataSource {
    var sections: [[Int]]
    init(_ sections: [[Int]]) { self.sections = sections }
    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: NumberCell = collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
        cell.shownPath = IndexPath(item: sections[indexPath.section][indexPath.item], section: -1)  // the id
        return cell
    }
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath)
    }
}

@MainActor
private func openUpdates(_ sections: [[Int]]) -> (CollectionView, IDSource, FlowLayout, WidgetPointer) {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    let cv = bareCollectionView(layout)
    cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
    let source = IDSource(sections)
    cv.dataSource = source
    let window = GtkHarness.window(for: cv)
    GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
    return (cv, source, layout, window)
}

private func ip(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

@MainActor
private func id(of cell: CollectionViewCell?) -> Int? { (cell as? NumberCell)?.shownPath?.item }

@MainActor
private func shown(_ cv: CollectionView, _ path: IndexPath) -> Rect? { cv.cellForItem(at: path)?.appliedAttributes?.frame }

private func close(_ a: Rect?, _ b: Rect, _ tolerance: Double = 0.01) -> Bool {
    guard let a else { return false }
    return abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance && abs(a.width - b.width) < tolerance && abs(a.height - b.height) < tolerance
}

final class UpdateTests: XCTestCase {
    /// Insert at the front: every view moves one place on, and the new one fades in at its
    /// place; start, middle and end are the expected interpolations.
    func testInsertAnimatesFromOldToNew() { MainActor.assumeIsolated {
        let (cv, source, layout, window) = openUpdates([Array(0..<20)])
        defer { GtkHarness.close(window) }
        let oldFrames = (0..<20).map { layout.layoutAttributesForItem(at: ip($0))!.frame }
        let firstView = cv.cellForItem(at: ip(0))!
        var completions: [Bool] = []
        source.sections[0].insert(100, at: 0)
        cv.performBatchUpdates({ cv.insertItems(at: [ip(0)]) }, completion: { completions.append($0) })
        // Start: views are where they were; the old first item's view now files under item 1.
        XCTAssertTrue(cv.cellForItem(at: ip(1)) === firstView, "a moved item keeps its view")
        XCTAssertTrue(close(shown(cv, ip(1)), oldFrames[0]))
        let inserted = cv.cellForItem(at: ip(0))!
        XCTAssertEqual(id(of: inserted), 100)
        XCTAssertEqual(inserted.appliedAttributes?.alpha, 0, "appears from transparent, at its final place")
        XCTAssertTrue(close(inserted.appliedAttributes?.frame, layout.layoutAttributesForItem(at: ip(0))!.frame))
        // Middle (ease-in-out at 0.5 is 0.5).
        cv.animator.step(CollectionViewAnimation.Curve.easeInOut(0.5))
        let newFrame1 = layout.layoutAttributesForItem(at: ip(1))!.frame
        XCTAssertTrue(close(shown(cv, ip(1)), Rect(x: (oldFrames[0].minX + newFrame1.minX) / 2, y: (oldFrames[0].minY + newFrame1.minY) / 2, width: 100, height: 100)))
        XCTAssertEqual(cv.cellForItem(at: ip(0))!.appliedAttributes!.alpha, 0.5, accuracy: 1e-9)
        // The row wrap: item 6 -> 7 moves from the end of line 0 to the start of line 1.
        let from6 = oldFrames[6], to7 = layout.layoutAttributesForItem(at: ip(7))!.frame
        XCTAssertTrue(close(shown(cv, ip(7)), Rect(x: (from6.minX + to7.minX) / 2, y: (from6.minY + to7.minY) / 2, width: 100, height: 100)))
        // End.
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { !cv.isAnimatingUpdates })
        GtkHarness.wait(for: "the update's completion") { !completions.isEmpty }
        for i in 0..<14 { XCTAssertTrue(close(shown(cv, ip(i)), layout.layoutAttributesForItem(at: ip(i))!.frame), "item \(i)") }
        XCTAssertEqual(cv.cellForItem(at: ip(0))?.appliedAttributes?.alpha, 1)
        XCTAssertEqual(completions, [true], "completion runs once, finished")
        // And GTK drew them there.
        let drawn = GtkHarness.bounds(of: cv.cellForItem(at: ip(8))!.widget, in: cv.viewport)!
        XCTAssertTrue(close(drawn, layout.layoutAttributesForItem(at: ip(8))!.frame, 0.5))
    }}

    /// Delete: the deleted view fades out where it was and goes back to its queue; the rest
    /// close the gap, including items that come into view from below.
    func testDeleteFadesOutAndClosesTheGap() { MainActor.assumeIsolated {
        let (cv, source, layout, window) = openUpdates([Array(0..<200)])
        defer { GtkHarness.close(window) }
        let deletedView = cv.cellForItem(at: ip(3))!
        let oldFrame3 = layout.layoutAttributesForItem(at: ip(3))!.frame
        let oldFrame63 = layout.layoutAttributesForItem(at: ip(63))!.frame  // line 9: outside the prepared area
        XCTAssertNil(cv.cellForItem(at: ip(63)))
        source.sections[0].removeSubrange(0..<21)  // three lines
        source.sections[0].remove(at: 0)
        let deleted = (0..<22).map { ip($0) }
        var completions: [Bool] = []
        cv.performBatchUpdates({ cv.deleteItems(at: deleted) }, completion: { completions.append($0) })
        XCTAssertNil(cv.cellForItem(at: ip(3)) === deletedView ? deletedView : nil, "the deleted view no longer files under an item")
        XCTAssertTrue(close(deletedView.appliedAttributes?.frame, oldFrame3))
        // Old item 63 is new item 41 (line 5: in view); it comes up from its old place.
        XCTAssertEqual(id(of: cv.cellForItem(at: ip(41))), 63)
        XCTAssertTrue(close(shown(cv, ip(41)), oldFrame63), "\(String(describing: shown(cv, ip(41)))) vs \(oldFrame63)")
        cv.animator.step(0.5)
        XCTAssertEqual(deletedView.appliedAttributes!.alpha, 0.5, accuracy: 1e-9, "fading out in place")
        XCTAssertTrue(close(deletedView.appliedAttributes?.frame, oldFrame3))
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { !cv.isAnimatingUpdates })
        XCTAssertEqual(gtk_widget_get_child_visible(deletedView.widget), 0, "hidden and queued")
        XCTAssertNil(deletedView.elementKey)
        XCTAssertEqual(cv.reuseStatistics.created, cv.reuseStatistics.queued + cv.reuseStatistics.visible)
        XCTAssertEqual(Set(cv.visibleCells.map { id(of: $0)! }), Set(cv.indexPathsForVisibleItems.map { source.sections[0][$0.item] }))
        GtkHarness.wait(for: "the update's completion") { !completions.isEmpty }  // it runs after the update call returned
        XCTAssertEqual(completions, [true])
    }}

    /// Move keeps the view; reload gives the item a new view; section changes move whole
    /// sections.
    func testMoveReloadAndSections() { MainActor.assumeIsolated {
        let (cv, source, layout, window) = openUpdates([Array(0..<10), Array(10..<20), Array(20..<30)])
        defer { GtkHarness.close(window) }
        let view2 = cv.cellForItem(at: ip(2))!
        let view5 = cv.cellForItem(at: ip(5))!
        let from2 = layout.layoutAttributesForItem(at: ip(2))!.frame
        source.sections[0].insert(source.sections[0].remove(at: 2), at: 8)
        cv.moveItem(at: ip(2), to: ip(8))
        XCTAssertTrue(cv.cellForItem(at: ip(8)) === view2)
        XCTAssertTrue(close(shown(cv, ip(8)), from2), "a move starts at the old place")
        cv.animator.step(0.5)
        let to8 = layout.layoutAttributesForItem(at: ip(8))!.frame
        XCTAssertTrue(close(shown(cv, ip(8)), Rect(x: (from2.minX + to8.minX) / 2, y: (from2.minY + to8.minY) / 2, width: 100, height: 100)))
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { !cv.isAnimatingUpdates })
        XCTAssertTrue(close(shown(cv, ip(8)), layout.layoutAttributesForItem(at: ip(8))!.frame))
        // Reload: a new view for item 5 (the old one fades out).
        source.sections[0][5] = 555
        cv.reloadItems(at: [ip(5)])
        XCTAssertFalse(cv.cellForItem(at: ip(5)) === view5)
        XCTAssertEqual(id(of: cv.cellForItem(at: ip(5))), 555)
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { !cv.isAnimatingUpdates })
        // Delete section 0: section 1's items move up to section 0.
        let view10 = cv.cellForItem(at: ip(0, 1))!
        let from10 = layout.layoutAttributesForItem(at: ip(0, 1))!.frame
        let view0 = cv.cellForItem(at: ip(0, 0))!
        source.sections.remove(at: 0)
        cv.deleteSections(IndexSet(integer: 0))
        XCTAssertTrue(cv.cellForItem(at: ip(0, 0)) === view10)
        XCTAssertTrue(close(shown(cv, ip(0, 0)), from10))
        cv.animator.step(0.5)
        let to10 = layout.layoutAttributesForItem(at: ip(0, 0))!.frame
        XCTAssertTrue(close(shown(cv, ip(0, 0)), Rect(x: (from10.minX + to10.minX) / 2, y: (from10.minY + to10.minY) / 2, width: 100, height: 100)))
        XCTAssertEqual(view0.appliedAttributes!.alpha, 0.5, accuracy: 1e-9, "the deleted section's items fade out")
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { !cv.isAnimatingUpdates })
        XCTAssertTrue(close(shown(cv, ip(0, 0)), layout.layoutAttributesForItem(at: ip(0, 0))!.frame))
        // Insert a section in front and move another.
        source.sections.insert([40, 41], at: 0)
        cv.insertSections(IndexSet(integer: 0))
        XCTAssertEqual(id(of: cv.cellForItem(at: ip(1, 0))), 41)
        XCTAssertTrue(cv.cellForItem(at: ip(0, 1)) === view10)
        source.sections.swapAt(1, 2)
        cv.performBatchUpdates({ cv.moveSection(1, toSection: 2) })
        XCTAssertTrue(cv.cellForItem(at: ip(0, 2)) === view10)
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { !cv.isAnimatingUpdates })
        for s in 0..<3 { for i in 0..<source.sections[s].count where cv.cellForItem(at: ip(i, s)) != nil {
            XCTAssertEqual(id(of: cv.cellForItem(at: ip(i, s))), source.sections[s][i])
        } }
    }}

    /// A second update half way through the first starts every view from where it is.
    func testUpdateDuringAnimationDoesNotJump() { MainActor.assumeIsolated {
        let (cv, source, _, window) = openUpdates([Array(0..<30)])
        defer { GtkHarness.close(window) }
        var first: [Bool] = [], second: [Bool] = []
        source.sections[0].insert(100, at: 0)
        cv.performBatchUpdates({ cv.insertItems(at: [ip(0)]) }, completion: { first.append($0) })
        cv.animator.step(0.5)
        let midway = (0..<20).map { cv.cellForItem(at: ip($0))?.appliedAttributes?.frame }
        let fadeIn = cv.cellForItem(at: ip(0))!.appliedAttributes!.alpha
        source.sections[0].insert(101, at: 0)
        cv.performBatchUpdates({ cv.insertItems(at: [ip(0)]) }, completion: { second.append($0) })
        XCTAssertEqual(first, [false], "cut short")
        for i in 0..<19 where midway[i] != nil {
            XCTAssertEqual(shown(cv, ip(i + 1)), midway[i], "item \(i) (now \(i + 1)) starts where it was shown")
        }
        XCTAssertEqual(cv.cellForItem(at: ip(1))!.appliedAttributes!.alpha, fadeIn, "the half-faded item goes on from half")
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { !cv.isAnimatingUpdates })
        GtkHarness.wait(for: "the second update's completion") { !second.isEmpty }
        XCTAssertEqual(second, [true])
        XCTAssertEqual(first, [false])
    }}

    /// A broken update is reported with its rule; the view reloads from the data source and
    /// keeps the selection where the items still exist.
    func testBrokenUpdateIsReportedAndRecovered() { MainActor.assumeIsolated {
        let (cv, source, _, window) = openUpdates([Array(0..<10)])
        defer { GtkHarness.close(window) }
        cv.allowsMultipleSelection = true
        cv.selectItem(at: ip(2), animated: false, scrollPosition: [])
        cv.selectItem(at: ip(9), animated: false, scrollPosition: [])
        var errors: [String] = []
        cv.errorHandler = { errors.append("\($0)") }
        var completions: [Bool] = []
        source.sections[0] = Array(0..<8)  // two gone, but the update says one was inserted
        cv.performBatchUpdates({ cv.insertItems(at: [ip(0)]) }, completion: { completions.append($0) })
        XCTAssertEqual(errors, ["Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (8) must be equal to the number of items contained in that section before the update (10), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out). The collection view reloaded its data from the data source instead."])
        XCTAssertEqual(completions, [false])
        XCTAssertEqual(source.sections[0], Array(0..<8), "the data source is untouched")
        XCTAssertEqual(cv.indexPathsForSelectedItems, [ip(2)], "item 9 is gone; item 2 stays selected")
        GtkHarness.settle(cv)
        XCTAssertEqual(cv.indexPathsForVisibleItems.count, 8)
        XCTAssertEqual(cv.visibleCells.map { id(of: $0)! }, Array(0..<8))
        XCTAssertTrue(cv.cellForItem(at: ip(2))!.isSelected)
        // And it keeps working.
        source.sections[0].append(8)
        cv.insertItems(at: [ip(8)])
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(id(of: cv.cellForItem(at: ip(8))), 8)
    }}

    /// With GTK's animations off, changes land at once and completions still run.
    func testAnimationsOffLandAtOnce() { MainActor.assumeIsolated {
        cv_test_set_animations(false)
        defer { cv_test_set_animations(true) }
        let (cv, source, layout, window) = openUpdates([Array(0..<10)])
        defer { GtkHarness.close(window) }
        var completions: [Bool] = []
        source.sections[0].insert(100, at: 0)
        cv.performBatchUpdates({ cv.insertItems(at: [ip(0)]) }, completion: { completions.append($0) })
        XCTAssertFalse(cv.isAnimatingUpdates)
        XCTAssertTrue(close(shown(cv, ip(5)), layout.layoutAttributesForItem(at: ip(5))!.frame))
        XCTAssertEqual(cv.cellForItem(at: ip(0))?.appliedAttributes?.alpha, 1)
        GtkHarness.wait(for: "the update's completion") { !completions.isEmpty }
        XCTAssertEqual(completions, [true])
    }}
}
