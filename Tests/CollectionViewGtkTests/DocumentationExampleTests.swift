import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// The documentation's examples (DocumentationExamples.swift) do what the articles say, in a
/// real window.
final class DocumentationExampleTests: XCTestCase {
    /// GTK is started before any example makes a widget, whichever test runs first.
    override func setUp() {
        MainActor.assumeIsolated { precondition(GtkHarness.available, "GTK could not open a display: run the tests under xvfb-run") }
    }

    /// Getting started: the album's view shows its cells and headers, and adding a scan
    /// animates in and completes with true.
    func testGettingStartedAlbum() { MainActor.assumeIsolated {
        let album = Album()
        let cv = makeAlbumView(showing: album)
        var errors: [CollectionViewError] = []
        cv.errorHandler = { errors.append($0) }
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }

        XCTAssertFalse(cv.visibleCells.isEmpty)
        for cell in cv.visibleCells {
            guard let path = cv.indexPath(for: cell) else { XCTFail("a visible cell has no item"); continue }
            XCTAssert(cell is TitleCell)
            XCTAssertEqual(cell.accessibilityLabel, album.items[path.section][path.item])
        }
        XCTAssert(cv.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)) is LabelSupplementaryView)

        var finished: Bool?
        addScan(to: album, in: cv) { finished = $0 }
        XCTAssert(GtkHarness.pump { finished != nil }, "the completion runs")
        XCTAssertEqual(finished, true)
        XCTAssertEqual(cv.numberOfItems(inSection: 1), 6)
        XCTAssert(errors.isEmpty, "\(errors)")
    } }

    /// Updates and animation: a move across sections is valid; a data source changed without
    /// telling the view is reported with its rule, and the view reloads.
    func testUpdateExamples() { MainActor.assumeIsolated {
        let album = Album()
        let cv = makeAlbumView(showing: album)
        var log: [String] = []
        logUpdateErrors(of: cv) { log.append($0) }
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }

        moveFirstPhotoToScans(album: album, collectionView: cv)
        XCTAssert(log.isEmpty, "\(log)")
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 39)
        XCTAssertEqual(cv.numberOfItems(inSection: 1), 6)

        album.items[0].removeLast(2)
        cv.deleteItems(at: [IndexPath(item: 0, section: 0)])  // one delete told, two made
        XCTAssertEqual(log.count, 1)
        XCTAssert(log.first?.hasPrefix("rule itemCount: Invalid update: invalid number of items in section 0") == true, "\(log)")
        GtkHarness.settle(cv)
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 37, "the view reloaded from the data source")
    } }

    /// Layout swaps and an interactive transition from the examples end on the right layout.
    func testTransitionExamples() { MainActor.assumeIsolated {
        let album = Album()
        let cv = makeAlbumView(showing: album)
        let grid = cv.collectionViewLayout
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        let stack = FlowLayout()
        stack.scrollDirection = .horizontal

        enablePinch(cv, grid: grid, stack: stack)
        XCTAssert(cv.zoomLayouts?.spread === stack)
        driveTransition(cv, to: stack, progress: 0.7)
        XCTAssert(GtkHarness.pump { cv.transitionLayout == nil }, "the transition settles")
        XCTAssert(cv.collectionViewLayout === stack)
        driveTransition(cv, to: grid, progress: 0.2)
        XCTAssert(GtkHarness.pump { cv.transitionLayout == nil })
        XCTAssert(cv.collectionViewLayout === stack, "cancelled: back to the stack")
        swapLayouts(cv, to: grid)
        XCTAssert(cv.collectionViewLayout === grid)
    } }

    /// Writing a custom layout: the attributes subclass survives copies and comparisons, and
    /// reaches the cell, which marks the first item of each section.
    func testFeaturedAttributesReachTheCell() { MainActor.assumeIsolated {
        let a = FeaturedAttributes(forCellWith: IndexPath(item: 0, section: 0))
        a.isFeatured = true
        let moved = a.copy(indexPath: IndexPath(item: 3, section: 0))
        XCTAssert((moved as? FeaturedAttributes)?.isFeatured == true && moved.indexPath.item == 3)
        XCTAssert(a.copy() == a)
        let b = a.copy() as! FeaturedAttributes
        b.isFeatured = false
        XCTAssert(b != a)

        let source = FeaturedSource()
        let layout = FeaturedFlowLayout()
        let cv = bareCollectionView(layout)
        cv.register(FeaturedCell.self, forCellWithReuseIdentifier: "featured")
        cv.dataSource = source
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        XCTAssert(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)) is FeaturedAttributes)
        for cell in cv.visibleCells {
            let path = cv.indexPath(for: cell)!
            XCTAssertEqual(gtk_widget_has_css_class(cell.widget, "featured") != 0, path.item == 0, "\(path)")
        }
    } }
}

/// Two sections of ten featured cells.
@MainActor
private final class FeaturedSource: CollectionViewDataSource {
    func numberOfSections(in collectionView: CollectionView) -> Int { 2 }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 10 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "featured", for: indexPath)
    }
}
