import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// Every cell in one overlapping pile, all at zIndex 0 (the drawing order is all ties) but the
/// `raised` one, at 10.
@MainActor
private final class PileLayout: CollectionViewLayout {
    var raised: Int?
    override var collectionViewContentSize: Size { Size(width: 800, height: 600) }
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        (0..<(collectionView?.numberOfItems(inSection: 0) ?? 0)).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        let a = LayoutAttributes(forCellWith: indexPath)
        a.frame = Rect(x: 200 + Double(indexPath.item) * 12, y: 150 + Double(indexPath.item) * 8, width: 200, height: 200)
        a.zIndex = indexPath.item == raised ? 10 : 0
        return a
    }
}

final class DrawOrderTests: XCTestCase {
    /// The canvas's order is built from the last one (the views that came in merged in); a view
    /// already shown whose zIndex changes must move all the same: raised to the top, then
    /// lowered back, then another raised while new items come in.
    func testAShownViewWhoseZIndexChangesMoves() { MainActor.assumeIsolated {
        let pile = PileLayout()
        let cv = bareCollectionView(pile)
        cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
        let source = IDSource([Array(0..<8)])
        cv.dataSource = source
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        XCTAssertTrue(GtkHarness.settle(cv))
        @MainActor func topItem() -> Int? { cv.drawnViews().last?.elementKey?.indexPath.item }
        @MainActor func check(_ what: String) {
            XCTAssertTrue(GtkHarness.settle(cv))
            XCTAssertTrue(cv.drawnViews().elementsEqual(cv.elements.drawList(), by: ===), "\(what): the canvas draws the sorted list")
        }
        check("at first")
        XCTAssertEqual(topItem(), 7)
        pile.raised = 2
        pile.invalidateLayout()
        check("item 2 raised")
        XCTAssertEqual(topItem(), 2, "the raised item is drawn last")
        pile.raised = nil
        pile.invalidateLayout()
        check("lowered")
        XCTAssertEqual(topItem(), 7)
        pile.raised = 0
        source.sections[0].append(contentsOf: [8, 9])
        cv.performBatchUpdates({ cv.insertItems(at: [IndexPath(item: 8, section: 0), IndexPath(item: 9, section: 0)]) })
        check("item 0 raised as two come in")
        XCTAssertEqual(topItem(), 0)
        XCTAssertEqual(cv.drawnViews().count, 10)
    }}

    /// Mid-transition into a pile of equal-zIndex cells, with a deletion whose retiring view
    /// shares its old key with the view that takes it: the canvas draws by zIndex, then by
    /// element key, a retiring view under the live one with its key; the same every run.
    func testEqualZIndexDrawsInKeyOrderEveryRun() { MainActor.assumeIsolated {
        var orders: [[String]] = []
        for _ in 0..<6 {
            let grid = FlowLayout()
            grid.itemSize = Size(width: 100, height: 100)
            let cv = bareCollectionView(grid)
            cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
            let source = IDSource([Array(0..<8)])
            cv.dataSource = source
            let window = GtkHarness.window(for: cv)
            GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }

            cv.animator.paused = true
            cv.setCollectionViewLayout(PileLayout(), animated: true)
            cv.animator.step(0.5)
            GtkHarness.settle(cv)
            source.sections[0].remove(at: 2)
            cv.performBatchUpdates({ cv.deleteItems(at: [IndexPath(item: 2, section: 0)]) })
            cv.animator.step(0.5)
            GtkHarness.settle(cv)

            let drawn = cv.drawnViews()
            XCTAssertEqual(drawn.map { ObjectIdentifier($0) }, cv.elements.drawList().map { ObjectIdentifier($0) }, "the canvas draws the owner's list")
            XCTAssertFalse(cv.elements.retiring.isEmpty, "the deleted cell is still animating out")
            // The order by (zIndex, key), retiring under live: worked out here from the views.
            let expected = drawn.sorted {
                let (a, b) = ($0.elementKey!.indexPath, $1.elementKey!.indexPath)
                if $0.drawOrder.zIndex != $1.drawOrder.zIndex { return $0.drawOrder.zIndex < $1.drawOrder.zIndex }
                if a != b { return a < b }
                return ($0.retiredAt != 0) && ($1.retiredAt == 0)
            }
            XCTAssertTrue(drawn.elementsEqual(expected, by: ===), "drawn in zIndex and key order")
            let labels = drawn.map { view -> String in
                let id = (view as? NumberCell)?.shownPath?.item ?? -1
                return "id \(id) at \(view.elementKey!.indexPath.item)\(view.retiredAt != 0 ? " retiring" : "")"
            }
            orders.append(labels)
            cv.animator.paused = false
            GtkHarness.wait(for: "the animations to end") { !cv.isAnimatingUpdates }
            GtkHarness.close(window)
        }
        print("DrawOrderTests: \(orders[0])")
        XCTAssertTrue(orders[0].contains("id 2 at 2 retiring"), "\(orders[0])")
        let retiringAt = orders[0].firstIndex(of: "id 2 at 2 retiring")
        XCTAssertEqual(retiringAt.map { orders[0][$0 + 1] }, "id 3 at 2", "the deleted cell draws right under the one that took its key")
        for order in orders.dropFirst() { XCTAssertEqual(order, orders[0], "the same order every run") }
    }}
}
