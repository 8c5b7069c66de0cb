import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// Snapshots applied to a real collection view: the view ends showing exactly the snapshot,
/// cells of items that stayed are reused, and applies land in call order.
final class DiffableDataSourceTests: XCTestCase {
    func testApplyAnimatesToTheSnapshotReusingCells() throws { try MainActor.assumeIsolated {
        let fixture = DiffableWindow()
        defer { fixture.close() }
        let cv = fixture.cv, source = fixture.source
        var snapshot = source.snapshot()
        try snapshot.appendSections(["a", "b"])
        try snapshot.appendItems((0..<8).map { "a\($0)" }, toSection: "a")
        try snapshot.appendItems((0..<5).map { "b\($0)" }, toSection: "b")
        var landed = 0
        source.apply(snapshot, animatingDifferences: false) { landed += 1 }
        XCTAssertTrue(GtkHarness.pump { landed == 1 && !cv.hasPendingViews })
        XCTAssertEqual(fixture.shownItems(), [(0..<8).map { "a\($0)" }, (0..<5).map { "b\($0)" }])
        let cellOfA3 = cv.cellForItem(at: source.indexPath(for: "a3")!)

        // Reverse section a, move b0 into a, delete a5, insert a new item.
        var next = source.snapshot()
        try next.deleteItems(["a5"])
        for item in ["a0", "a1", "a2", "a3", "a4", "a6"] { XCTAssertNoThrow(try next.moveItem(item, afterItem: "a7")) }
        try next.moveItem("b0", beforeItem: "a7")
        try next.appendItems(["new"], toSection: "b")
        source.apply(next) { landed += 1 }
        XCTAssertTrue(cv.isAnimatingUpdates, "the change animates")
        XCTAssertTrue(GtkHarness.pump { landed == 2 })
        GtkHarness.pump { !cv.hasPendingViews }
        XCTAssertEqual(fixture.shownItems(), [next.itemIdentifiers(inSection: "a"), next.itemIdentifiers(inSection: "b")])
        XCTAssertTrue(cv.cellForItem(at: source.indexPath(for: "a3")!) === cellOfA3, "an item that moved kept its cell")
        XCTAssertEqual(source.itemIdentifier(for: IndexPath(item: 0, section: 0)), "b0", "b0 moved in before a7, now first")
        XCTAssertEqual(source.sectionIdentifier(for: 1), "b")
    }}

    /// Reconfiguring gives the item's own cell back to the provider: nothing new is made.
    func testReconfigureConfiguresTheSameCell() throws { try MainActor.assumeIsolated {
        let fixture = DiffableWindow()
        defer { fixture.close() }
        let cv = fixture.cv, source = fixture.source
        var snapshot = source.snapshot()
        try snapshot.appendSections(["s"])
        try snapshot.appendItems(["x", "y", "z"])
        var landed = false
        source.apply(snapshot, animatingDifferences: false) { landed = true }
        XCTAssertTrue(GtkHarness.pump { landed && !cv.hasPendingViews })
        let cell = cv.cellForItem(at: IndexPath(item: 1, section: 0)) as! ItemCell
        let made = cv.reuseStatistics.created
        var next = source.snapshot()
        try next.reconfigureItems(["y"])
        landed = false
        source.apply(next) { landed = true }
        XCTAssertTrue(GtkHarness.pump { landed })
        XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 1, section: 0)) === cell)
        XCTAssertEqual(cell.configured, 2, "configured again in place")
        XCTAssertEqual(cv.reuseStatistics.created, made, "no view was made")
    }}

    /// Applies land in call order, a big one diffed off the main thread without blocking.
    func testAppliesLandInOrderAndBigDiffsRunOffTheMainThread() throws { try MainActor.assumeIsolated {
        let fixture = DiffableWindow()
        defer { fixture.close() }
        let cv = fixture.cv, source = fixture.source
        var big = source.snapshot()
        try big.appendSections(["s"])
        try big.appendItems((0..<30_000).map { "i\($0)" })
        var order: [String] = []
        source.apply(big) { order.append("big") }
        XCTAssertEqual(order, [], "a big diff does not land inline")
        var small = big
        try small.deleteItems(["i0", "i1"])
        source.apply(small) { order.append("small") }
        XCTAssertEqual(source.snapshot().numberOfItems, 29_998, "snapshot() already shows the last apply")
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { order.count == 2 })
        XCTAssertEqual(order, ["big", "small"])
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 29_998)
        GtkHarness.pump { !cv.hasPendingViews }
        XCTAssertEqual(fixture.shownItems().first?.first, "i2")
    }}

    /// Bad input in a snapshot is an error naming the identifier; the snapshot and the view
    /// stay as they were.
    func testBadSnapshotInputIsAnErrorAndChangesNothing() throws { try MainActor.assumeIsolated {
        let fixture = DiffableWindow()
        defer { fixture.close() }
        let cv = fixture.cv, source = fixture.source
        var snapshot = source.snapshot()
        try snapshot.appendSections(["s"])
        try snapshot.appendItems(["x", "y"])
        var landed = false
        source.apply(snapshot, animatingDifferences: false) { landed = true }
        XCTAssertTrue(GtkHarness.pump { landed })
        var bad = source.snapshot()
        XCTAssertThrowsError(try bad.appendItems(["x"])) { XCTAssertTrue("\($0)".contains("x"), "\($0)") }
        XCTAssertThrowsError(try bad.appendSections(["s"])) { XCTAssertTrue("\($0)".contains("s"), "\($0)") }
        XCTAssertThrowsError(try bad.deleteItems(["nope"])) { XCTAssertTrue("\($0)".contains("nope"), "\($0)") }
        XCTAssertEqual(bad, source.snapshot(), "the failed calls changed nothing")
        XCTAssertEqual(fixture.shownItems(), [["x", "y"]])
    }}
}
