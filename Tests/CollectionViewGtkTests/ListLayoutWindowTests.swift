import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A row whose text wraps, so its height depends on its text and width.
@MainActor
private final class TextRow: CollectionViewCell {
    let label: WidgetPointer
    required init() {
        label = wrappingLabel()
        super.init()
        gtk_widget_set_margin_top(label, 8)
        gtk_widget_set_margin_bottom(label, 8)
        append(label)
    }
}

/// A title or note that wraps.
@MainActor
private final class TextView: ReusableView {
    let label: WidgetPointer
    required init() {
        label = wrappingLabel()
        super.init()
        append(label)
    }
}

/// Rows of one to many words; long titles.
@MainActor
private final class Rows: CollectionViewDataSource, CollectionViewDelegate {
    var counts: [Int]
    var title = "Title"
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let row: TextRow = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
        gtk_label_set_text(OpaquePointer(row.label), "Row \(indexPath.item)" + String(repeating: " and more", count: indexPath.item * 6))
        return row
    }
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ReusableView {
        let view: TextView = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "text", for: indexPath)
        gtk_label_set_text(OpaquePointer(view.label), kind == CollectionView.elementKindSectionHeader ? "\(title) \(indexPath.section)" : "A note")
        return view
    }
}

/// The list layout in a real window: the collection view draws a list's separators and card
/// with views of its own, rows and titles size themselves, and separators never take a click.
final class ListLayoutWindowTests: XCTestCase {
    @MainActor
    private static func open(_ rows: Rows, _ appearance: ListAppearance = .insetGrouped, width: Int32 = 500) -> (CollectionView, WidgetPointer) {
        var list = ListConfiguration(appearance: appearance)
        list.headerMode = .supplementary
        list.footerMode = .supplementary
        let cv = bareCollectionView(CompositionalLayout.list(using: list))
        cv.register(TextRow.self, forCellWithReuseIdentifier: "row")
        for kind in [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter] {
            cv.register(TextView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "text")
        }
        cv.dataSource = rows
        cv.delegate = rows
        let window = GtkHarness.window(for: cv, width: width, height: 700)
        XCTAssertTrue(GtkHarness.settle(cv))
        GtkHarness.waitForFrames(2, of: cv.viewport)  // the rows measured in the frames after the first pass
        XCTAssertTrue(GtkHarness.settle(cv))
        return (cv, window)
    }

    @MainActor
    private static func frame(_ cv: CollectionView, _ key: ElementKey) -> Rect? { cv.appliedLayoutAttributes(for: key)?.frame }

    /// With nothing registered for them, the separators (under every row but a section's last)
    /// and the card (around the rows, not the title or the note) are views the collection view
    /// made, in Adwaita's classes; each separator is the last point of its row, whatever the
    /// row measured; the card spans the rows as measured.
    func testSeparatorsAndTheCardNeedNoRegistrationAndFollowMeasuredRows() { MainActor.assumeIsolated {
        let rows = Rows([4, 2])
        let (cv, window) = Self.open(rows)
        defer { GtkHarness.close(window); _ = rows }
        let separator = ListConfiguration.separatorElementKind
        var heights: [Double] = []
        for item in 0..<4 {
            let row = try! XCTUnwrap(Self.frame(cv, .cell(IndexPath(item: item, section: 0))))
            heights.append(row.height)
            let key = ElementKey.decoration(separator, IndexPath(item: item, section: 0))
            if item == 3 {
                XCTAssertNil(cv.elements.view(for: key), "no separator under the last row")
                continue
            }
            let view = try! XCTUnwrap(cv.elements.view(for: key), "a separator under row \(item)")
            XCTAssertTrue(view is ListSeparatorView)
            XCTAssertTrue(gtk_widget_has_css_class(view.widget, "list-separator") != 0)
            XCTAssertEqual(gtk_widget_get_height(view.widget), 1)
            XCTAssertEqual(try! XCTUnwrap(Self.frame(cv, key)), Rect(x: row.minX, y: row.maxY - 1, width: row.width, height: 1))
        }
        XCTAssertGreaterThan(heights[3], heights[0] + 10, "row 3's text wraps at 476 px: it measured taller than row 0")
        let card = try! XCTUnwrap(cv.elements.view(for: .decoration(ListConfiguration.insetGroupedBackgroundElementKind, IndexPath(item: 0, section: 0))))
        XCTAssertTrue(card is InsetGroupedListBackgroundView)
        XCTAssertTrue(gtk_widget_has_css_class(card.widget, "card") != 0)
        let cardFrame = try! XCTUnwrap(Self.frame(cv, .decoration(ListConfiguration.insetGroupedBackgroundElementKind, IndexPath(item: 0, section: 0))))
        let first = try! XCTUnwrap(Self.frame(cv, .cell(IndexPath(item: 0, section: 0))))
        let last = try! XCTUnwrap(Self.frame(cv, .cell(IndexPath(item: 3, section: 0))))
        XCTAssertEqual(cardFrame, Rect(x: 12, y: first.minY, width: 476, height: last.maxY - first.minY))
        let header = try! XCTUnwrap(Self.frame(cv, .supplementary(CollectionView.elementKindSectionHeader, IndexPath(item: 0, section: 0))))
        XCTAssertEqual(header.minX, 12, "the title is over the card")
        XCTAssertLessThan(header.maxY, cardFrame.minY)
        let note = try! XCTUnwrap(Self.frame(cv, .supplementary(CollectionView.elementKindSectionFooter, IndexPath(item: 0, section: 0))))
        XCTAssertGreaterThan(note.minY, cardFrame.maxY)
    }}

    /// Titles measure themselves: a long one wraps in a narrow window and the rows move down
    /// below it; a short one is shorter than the 50-point estimate.
    func testTitlesSizeThemselves() { MainActor.assumeIsolated {
        let rows = Rows([2, 2])
        rows.title = String(repeating: "A long title for a group of settings ", count: 6)
        let (cv, window) = Self.open(rows, .plain, width: 260)
        defer { GtkHarness.close(window); _ = rows }
        let header = try! XCTUnwrap(Self.frame(cv, .supplementary(CollectionView.elementKindSectionHeader, IndexPath(item: 0, section: 0))))
        XCTAssertGreaterThan(header.height, 80, "six phrases wrap over several lines at 260 px")
        XCTAssertEqual(try! XCTUnwrap(Self.frame(cv, .cell(IndexPath(item: 0, section: 0)))).minY, header.maxY, accuracy: 0.5)
        let note = try! XCTUnwrap(Self.frame(cv, .supplementary(CollectionView.elementKindSectionFooter, IndexPath(item: 0, section: 0))))
        XCTAssertLessThan(note.height, 50, "one line of text measures under the estimate")
    }}

    /// The pointer on a separator is on its row: the row shows its hover, and a click there
    /// selects the row.
    func testASeparatorLeavesThePointerToItsRow() { MainActor.assumeIsolated {
        let rows = Rows([3])
        let (cv, window) = Self.open(rows)
        defer { GtkHarness.close(window); _ = rows }
        let key = ElementKey.decoration(ListConfiguration.separatorElementKind, IndexPath(item: 0, section: 0))
        let separator = try! XCTUnwrap(cv.elements.view(for: key))
        let row = try! XCTUnwrap(cv.cellForItem(at: IndexPath(item: 0, section: 0)))
        let point = GtkHarness.windowPoint(of: separator.widget, x: 100, y: 0)  // its one row of pixels
        GtkHarness.pointer(window, at: point)
        let hovered = { gtk_widget_get_state_flags(row.widget).rawValue & GTK_STATE_FLAG_PRELIGHT.rawValue != 0 }
        XCTAssertTrue(GtkHarness.pump(until: hovered), "the row under the separator is hovered")
        GtkHarness.pointer(window, at: point, then: ["click", "1"])
        XCTAssertTrue(GtkHarness.pump { cv.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)] },
                      "selected: \(cv.indexPathsForSelectedItems)")
    }}

    /// Each appearance makes the views it should: separators in plain, grouped and
    /// inset-grouped lists and none in a sidebar; a band behind a grouped list's rows, a card
    /// behind an inset-grouped one's, nothing behind plain rows or a sidebar's. (With
    /// CV_SCREENSHOT_DIR set, each is saved to look at.)
    func testEachAppearanceMakesItsViews() { MainActor.assumeIsolated {
        let cases: [(ListAppearance, String, Bool, String?)] = [
            (.plain, "plain", true, nil),
            (.grouped, "grouped", true, ListConfiguration.groupedBackgroundElementKind),
            (.insetGrouped, "inset-grouped", true, ListConfiguration.insetGroupedBackgroundElementKind),
            (.sidebar, "sidebar", false, nil),
        ]
        for (appearance, name, separated, background) in cases {
            let rows = Rows([3, 2])
            let (cv, window) = Self.open(rows, appearance, width: 420)
            defer { GtkHarness.close(window); _ = rows }
            let decorations = cv.elements.visible.keys.filter { $0.category == .decorationView }
            let separators = decorations.filter { $0.kind == ListConfiguration.separatorElementKind }
            XCTAssertEqual(separators.count, separated ? 3 : 0, "\(name): a separator under each row but a section's last")
            let backgrounds = decorations.filter { $0.kind != ListConfiguration.separatorElementKind }
            XCTAssertEqual(backgrounds.map(\.kind), background.map { [$0, $0] } ?? [], "\(name): one background a section")
            GtkHarness.screenshot(window, name: "list-\(name)")
        }
    }}
}
