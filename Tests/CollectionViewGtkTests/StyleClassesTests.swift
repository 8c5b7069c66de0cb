import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// Colours an app sets in configurations become shared style classes (``StyleClasses``): rows
/// rebound while scrolling make one class per distinct value, once, and draw it.
final class StyleClassesTests: XCTestCase {
    /// Fills and text colours of this test alone (no other test uses them, so the classes
    /// counted are the ones it makes), as the bytes drawn.
    private static let fills = [RGB(r: 251, g: 221, b: 201), RGB(r: 201, g: 241, b: 211), RGB(r: 211, g: 221, b: 251)]
    private static let inks = [RGB(r: 151, g: 1, b: 21), RGB(r: 1, g: 111, b: 31), RGB(r: 21, g: 31, b: 161)]

    private static func color(_ rgb: RGB) -> ConfigurationColor {
        .rgba(Double(rgb.r) / 255, Double(rgb.g) / 255, Double(rgb.b) / 255)
    }

    /// 200 rows, three fills and three text colours among them (in different rhythms, so rows
    /// mix them), scrolled from top to bottom: cells are rebound many times, yet six classes
    /// are made and the stylesheet is parsed at most once for each; the rows show their colours
    /// (saved to look at when CV_SCREENSHOT_DIR is set).
    func testScrolledRowsWithAFewColoursMakeAFewClasses() { MainActor.assumeIsolated {
        GtkHarness.withoutTestStyle {
            let classes = StyleClasses.shared.classCount, loads = StyleClasses.shared.loadCount
            var binds = 0
            let rows = CellRegistration<ListCell, Int> { cell, _, item in
                binds += 1
                var content = cell.defaultContentConfiguration()
                content.text = "█████ Row \(item)"  // full blocks: pixels of the text's own colour
                content.textProperties.color = Self.color(Self.inks[(item / 3) % 3])
                cell.contentConfiguration = content
                var background = BackgroundConfiguration.listPlainCell()
                background.backgroundColor = Self.color(Self.fills[item % 3])
                cell.backgroundConfiguration = background
            }
            let cv = bareCollectionView(CompositionalLayout.list(using: ListConfiguration(appearance: .plain)))
            let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: cv) { cv, indexPath, item in
                cv.dequeueConfiguredReusableCell(using: rows, for: indexPath, item: item)
            }
            let window = GtkHarness.window(for: cv, width: 400, height: 400)
            defer { GtkHarness.close(window) }
            var snapshot = DiffableSnapshot<Int, Int>()
            try! snapshot.appendSections([0])
            try! snapshot.appendItems(Array(0..<200))
            XCTAssertTrue(GtkHarness.settle(cv) { source.apply(snapshot, animatingDifferences: false) })

            let last = IndexPath(item: 199, section: 0)
            var steps = 0
            while cv.cellForItem(at: last) == nil, steps < 500 {
                steps += 1
                XCTAssertTrue(GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: cv.contentOffset.y + 120) })
            }
            XCTAssertNotNil(cv.cellForItem(at: last), "scrolled to the last row in \(steps) steps")
            XCTAssertGreaterThanOrEqual(binds, 200, "every row was bound")
            XCTAssertEqual(StyleClasses.shared.classCount - classes, 6, "a class per fill and per text colour")
            XCTAssertLessThanOrEqual(StyleClasses.shared.loadCount - loads, 6, "the stylesheet parsed once per new class at most")

            // The rows wholly in the window show their fill, and their text in its colour.
            let pixels = Pixels(window, saveAs: "style-classes-scrolled")
            var checked = 0
            for item in 180..<200 {
                guard let cell = cv.cellForItem(at: IndexPath(item: item, section: 0)) as? ListCell,
                      let row = GtkHarness.bounds(of: cell.widget, in: window),
                      row.minY >= 0, row.maxY <= Double(pixels.height), row.maxX <= Double(pixels.width) else { continue }
                checked += 1
                let fill = Self.fills[item % 3], ink = Self.inks[(item / 3) % 3]
                XCTAssertTrue(pixels[row.maxX - 10, row.midY].isClose(to: fill, tolerance: 2),
                              "row \(item)'s fill \(fill), not \(pixels[row.maxX - 10, row.midY])")
                let label = try! XCTUnwrap((cell.configuredContentView as? ListContentView)?.textLabel.label)
                let text = try! XCTUnwrap(GtkHarness.bounds(of: label, in: window))
                var inked = 0
                for y in stride(from: text.minY, to: text.maxY, by: 1) {
                    for x in stride(from: text.minX, to: text.maxX, by: 1) where pixels[x, y].isClose(to: ink, tolerance: 8) { inked += 1 }
                }
                XCTAssertGreaterThan(inked, 20, "row \(item)'s text is drawn in \(ink)")
            }
            XCTAssertGreaterThanOrEqual(checked, 6, "rows of every fill and text colour were seen")
        }
    }}
}
