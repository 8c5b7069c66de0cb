import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// The README's example and the ready-made views do what the README says, in a real window.
final class ReadmeExampleTests: XCTestCase {
    /// The README's window shows the three titles in label cells, keeps its data source alive
    /// although nothing else holds it, and goes away when closed.
    func testReadmeWindowShowsLabelledCells() { MainActor.assumeIsolated {
        precondition(GtkHarness.available, "GTK could not open a display: run the tests under xvfb-run")
        weak var weakPhotos: Photos?
        weak var weakWindow: CollectionViewWindow?
        var window: WidgetPointer?
        var collectionView: CollectionView?
        do {
            let photos = Photos()
            weakPhotos = photos
            let shown = makePhotosWindow(application: nil, photos: photos)
            weakWindow = shown
            shown.present()
            window = shown.window
            collectionView = shown.collectionView
        }
        XCTAssertNotNil(weakPhotos, "the window keeps the data source")
        XCTAssertNotNil(weakWindow, "the GtkWindow keeps its Swift window")
        guard let cv = collectionView, let window else { return XCTFail("no window") }
        XCTAssert(GtkHarness.pump { cv.visibleCells.count == 3 && !cv.hasPendingViews })
        let texts = cv.visibleCells.compactMap { ($0 as? LabelCell)?.text }.sorted()
        XCTAssertEqual(texts, ["One", "Three", "Two"])
        XCTAssertEqual(Set(GtkHarness.labels(in: window)), ["One", "Two", "Three"])
        for cell in cv.visibleCells { XCTAssertEqual(cell.accessibilityLabel, (cell as? LabelCell)?.text) }
        collectionView = nil
        weakWindow?.close()
        GtkHarness.wait(for: "the closed window to release the Swift window") { weakWindow == nil }
        XCTAssertNil(weakWindow, "closing releases the Swift window")
        XCTAssertNil(weakPhotos, "and the data source it kept")
        XCTAssertEqual(GtkHarness.takeWarnings(), [])
    } }

    /// A reused label cell starts empty; a header from the typed dequeue shows its text.
    func testLabelViewsClearOnReuse() { MainActor.assumeIsolated {
        let cell = LabelCell()
        cell.text = "Hello"
        XCTAssertNotNil(GtkHarness.label("Hello", in: cell.widget))
        cell.prepareForReuse()
        XCTAssertNil(cell.text)
        XCTAssertNil(cell.accessibilityLabel)
        let header = LabelSupplementaryView()
        header.text = "Section"
        XCTAssertNotNil(GtkHarness.label("Section", in: header.widget))
        header.prepareForReuse()
        XCTAssertNil(header.text)
    } }
}
