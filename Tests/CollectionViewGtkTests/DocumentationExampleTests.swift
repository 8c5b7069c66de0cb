import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk

/// The documentation's examples (DocumentationExamples.swift) do what the articles say, in a
/// real window.
final class DocumentationExampleTests: XCTestCase {
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
        GtkHarness.pump { !cv.hasPendingViews }
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
