import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A row 48 high with nothing in it but its background, so every pixel of it is the
/// background's.
final class BackgroundRow: CollectionViewCell {
    required init() {
        super.init()
        gtk_widget_set_size_request(widget, -1, Int32(BackgroundWindow.rowHeight))
    }
}

/// A list of string rows in one section, through a diffable data source, in a real window
/// drawn with the library's style over GTK's own theme (the tests' stylesheet taken away by
/// the tests that read pixels). Rows use the list's background automatically, as list cells do.
@MainActor
final class BackgroundWindow {
    static let rowHeight = 48.0
    typealias Source = CollectionViewDiffableDataSource<Int, String>
    let cv: CollectionView
    let source: Source
    let window: WidgetPointer
    /// Sets each row's configuration; nil leaves the list's automatic background.
    var configure: ((BackgroundRow, String) -> Void)?

    init(_ appearance: ListAppearance = .insetGrouped, items: [String], headers: Bool = false, width: Int32 = 500, height: Int32 = 500) {
        var list = ListConfiguration(appearance: appearance)
        if headers { list.headerMode = .supplementary }
        cv = bareCollectionView(CompositionalLayout.list(using: list))
        cv.allowsMultipleSelection = true
        weak var weakSelf: BackgroundWindow?
        let registration = CellRegistration<BackgroundRow, String> { cell, _, item in
            cell.usesListBackgroundAutomatically = true
            weakSelf?.configure?(cell, item)
        }
        source = Source(collectionView: cv) { cv, indexPath, item in
            cv.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        let header = SupplementaryRegistration<BackgroundRow>(elementKind: CollectionView.elementKindSectionHeader) { view, _, _ in
            view.usesListBackgroundAutomatically = true
        }
        source.supplementaryViewProvider = { cv, _, indexPath in cv.dequeueConfiguredReusableSupplementary(using: header, for: indexPath) }
        window = GtkHarness.window(for: cv, width: width, height: height)
        weakSelf = self
        apply(items, animating: false)
    }

    func apply(_ items: [String], animating: Bool = true) {
        var snapshot = Source.Snapshot()
        try! snapshot.appendSections([0])
        try! snapshot.appendItems(items)
        var done = false
        source.apply(snapshot, animatingDifferences: animating) { done = true }
        GtkHarness.wait(for: "the snapshot to be applied and animated") { done && !cv.isAnimatingUpdates }
        XCTAssertTrue(GtkHarness.settle(cv))
        GtkHarness.waitForFrames(2, of: cv.viewport)  // rows measured in the frames after a pass
        XCTAssertTrue(GtkHarness.settle(cv))
    }

    func cell(_ item: String) -> BackgroundRow {
        let path = source.indexPath(for: item)!
        return cv.cellForItem(at: path) as! BackgroundRow
    }

    func select(_ items: String...) {
        for item in items { cv.selectItem(at: source.indexPath(for: item)!, animated: false, scrollPosition: []) }
    }

    /// Where a widget is in the window.
    func frame(of widget: WidgetPointer) -> Rect { GtkHarness.bounds(of: widget, in: window)! }

    /// The inset-grouped card behind the rows, in the window.
    var card: Rect {
        let key = ElementKey.decoration(ListConfiguration.insetGroupedBackgroundElementKind, IndexPath(item: 0, section: 0))
        return frame(of: cv.elements.view(for: key)!.widget)
    }

    func close() { GtkHarness.close(window) }
}

/// A window's pixels, read as RGB.
struct Pixels {
    let bytes: [UInt8], width: Int, height: Int, stride: Int

    @MainActor
    init(_ window: WidgetPointer, saveAs name: String? = nil) {
        (bytes, width, height, stride) = GtkHarness.renderedPixels(of: window, saveAs: name)
    }

    /// The colour at a point of the window (cairo's ARGB32: B, G, R, A in memory).
    subscript(_ x: Double, _ y: Double) -> RGB {
        let i = Int(y) * stride + Int(x) * 4
        return RGB(r: Int(bytes[i + 2]), g: Int(bytes[i + 1]), b: Int(bytes[i]))
    }
}

struct RGB: Equatable, CustomStringConvertible {
    let r: Int, g: Int, b: Int
    /// Within `tolerance` per channel (anti-aliasing, rounding of see-through colours).
    func isClose(to other: RGB, tolerance: Int = 6) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
    }
    var description: String { "rgb(\(r), \(g), \(b))" }
}

/// Drops go into the item named `folder`, and between the others.
@MainActor
private final class FolderDrops: CollectionViewDropDelegate {
    let folder: IndexPath
    var ended = 0
    init(folder: IndexPath) { self.folder = folder }
    func collectionView(_ collectionView: CollectionView, dropSessionDidUpdate session: DropSession,
                        withDestinationIndexPath destinationIndexPath: IndexPath?) -> DropProposal {
        collectionView.indexPathForItem(at: session.location) == folder
            ? DropProposal(operation: .copy, intent: .insertIntoDestinationIndexPath)
            : DropProposal(operation: .copy, intent: .unspecified)
    }
    func collectionView(_ collectionView: CollectionView, performDrop session: DropSession, at destinationIndexPath: IndexPath?) {}
    func collectionView(_ collectionView: CollectionView, dropSessionDidEnd session: DropSession) { ended += 1 }
}

/// Background configurations in real windows, read back from the rendered pixels: the first
/// and last rows of an inset-grouped list follow the card's corners, also after applies that
/// change which row is first; the state colours change in one widget; what the app sets
/// (colour, corners, insets, stroke) is drawn; a drop into a cell is its state.
final class BackgroundConfigurationTests: XCTestCase {
    /// Selected first and last rows: just inside the card's corners, outside its 12 px radius,
    /// the window's background shows, not the selection; a few pixels further in, the
    /// selection. Rows in between are square. Deleting the first row rounds the new first
    /// row's top; inserting a row above it squares it again.
    func testTheFirstAndLastRowsFollowTheCardsCornersThroughApplies() { MainActor.assumeIsolated {
        GtkHarness.withoutTestStyle {
            let list = BackgroundWindow(items: ["a", "b", "c", "d"])
            defer { list.close() }
            list.select("a", "b", "d")
            var pixels = Pixels(list.window)
            var card = list.card
            let window = pixels[card.minX - 6, card.midY]  // the window, beside the card
            let a = list.frame(of: list.cell("a").widget), b = list.frame(of: list.cell("b").widget)
            let selection = pixels[a.midX, a.midY]
            let unselected = pixels[card.midX, list.frame(of: list.cell("c").widget).midY]
            XCTAssertFalse(selection.isClose(to: window, tolerance: 20), "the selection (\(selection)) shows on the window (\(window))")
            XCTAssertFalse(selection.isClose(to: unselected, tolerance: 20), "and on the card (\(unselected))")
            XCTAssertEqual(a.minY, card.minY, accuracy: 0.5, "row a is the card's first")

            func corners(_ what: String, top: Double, rounded: Bool, selection: RGB, _ pixels: Pixels, line: UInt = #line) {
                // One pixel in from both edges of each corner: outside a 12 px radius; six in: inside it.
                let outside = [pixels[card.minX + 1, top + 1], pixels[card.maxX - 2, top + 1]]
                for (corner, colour) in zip(["top left", "top right"], outside) where rounded {
                    XCTAssertTrue(colour.isClose(to: window), "\(what): \(corner) corner shows the window (\(window)), not \(colour)", line: line)
                }
                for (corner, colour) in zip(["top left", "top right"], outside) where !rounded {
                    XCTAssertTrue(colour.isClose(to: selection), "\(what): square \(corner) corner is the selection (\(selection)), not \(colour)", line: line)
                }
                let inside = pixels[card.minX + 6, top + 6]
                XCTAssertTrue(inside.isClose(to: selection), "\(what): inside the corner the selection (\(selection)), not \(inside)", line: line)
            }
            corners("row a", top: a.minY, rounded: true, selection: selection, pixels)
            // The cell's own CSS (a background, the focus ring) is rounded with it.
            XCTAssertEqual(gtk_widget_has_css_class(list.cell("a").widget, "list-rounded-top"), 1)
            XCTAssertEqual(gtk_widget_has_css_class(list.cell("b").widget, "list-rounded-top"), 0)
            XCTAssertEqual(gtk_widget_has_css_class(list.cell("d").widget, "list-rounded-bottom"), 1)
            corners("row b", top: b.minY, rounded: false, selection: selection, pixels)
            // The last row's bottom corners.
            let d = list.frame(of: list.cell("d").widget)
            XCTAssertEqual(d.maxY, card.maxY, accuracy: 0.5, "row d is the card's last")
            for (corner, x) in [("bottom left", card.minX + 1), ("bottom right", card.maxX - 2)] {
                let colour = pixels[x, d.maxY - 2]
                XCTAssertTrue(colour.isClose(to: window), "row d: \(corner) corner shows the window (\(window)), not \(colour)")
            }
            let insideBottom = pixels[card.minX + 6, d.maxY - 7]
            XCTAssertTrue(insideBottom.isClose(to: pixels[d.midX, d.midY]), "row d: inside its corner the selection, not \(insideBottom)")
            GtkHarness.screenshot(list.window, name: "background-corners-before")

            // a goes: b is the first row now, and rounded at the top.
            list.apply(["b", "c", "d"])
            XCTAssertEqual(list.cell("b").listPosition, ListRowPosition(appearance: .insetGrouped, isFirst: true, isLast: false))
            pixels = Pixels(list.window)
            card = list.card
            let newB = list.frame(of: list.cell("b").widget)
            XCTAssertEqual(newB.minY, card.minY, accuracy: 0.5)
            corners("row b, now first", top: newB.minY, rounded: true, selection: selection, pixels)
            XCTAssertEqual(gtk_widget_has_css_class(list.cell("b").widget, "list-rounded-top"), 1)
            GtkHarness.screenshot(list.window, name: "background-corners-after-delete")

            // z comes above b: b is square again.
            list.apply(["z", "b", "c", "d"])
            XCTAssertEqual(list.cell("b").listPosition?.isFirst, false)
            pixels = Pixels(list.window)
            card = list.card
            corners("row b, second again", top: list.frame(of: list.cell("b").widget).minY, rounded: false, selection: selection, pixels)

            // d goes: c is the last row, rounded at the bottom (selected, to see it).
            list.select("c")
            list.apply(["z", "b", "c"])
            pixels = Pixels(list.window)
            card = list.card
            let c = list.frame(of: list.cell("c").widget)
            XCTAssertEqual(c.maxY, card.maxY, accuracy: 0.5)
            let cornerC = pixels[card.minX + 1, c.maxY - 2]
            XCTAssertTrue(cornerC.isClose(to: window), "row c, now last: its bottom left corner shows the window, not \(cornerC)")
        }
    }}

    /// Selecting, highlighting and deselecting change the colour in the same background
    /// widget; the configuration's state classes say which; a disabled cell shows no state.
    func testStateColoursChangeInOneWidget() { MainActor.assumeIsolated {
        GtkHarness.withoutTestStyle {
            let list = BackgroundWindow(items: ["a", "b", "c"])
            defer { list.close() }
            let cell = list.cell("b")
            let widget = try! XCTUnwrap(cell.backgroundWidget?.widget, "the row has a background widget")
            let point = list.frame(of: cell.widget)
            let plain = Pixels(list.window)[point.midX, point.midY]
            XCTAssertEqual(gtk_widget_has_css_class(widget, "list-grouped-cell"), 1, "an inset-grouped list's rows use the grouped preset")

            list.select("b")
            XCTAssertTrue(cell.isSelected)
            let selected = Pixels(list.window)[point.midX, point.midY]
            XCTAssertFalse(selected.isClose(to: plain, tolerance: 20), "selected (\(selected)) differs from unselected (\(plain))")
            XCTAssertEqual(cell.backgroundWidget?.widget, widget, "the same widget shows the new state")
            XCTAssertEqual(gtk_widget_has_css_class(widget, "selected"), 1)

            cell.isHighlighted = true
            let pressed = Pixels(list.window)[point.midX, point.midY]
            XCTAssertFalse(pressed.isClose(to: selected, tolerance: 4), "pressed while selected (\(pressed)) differs from selected (\(selected))")
            cell.isHighlighted = false

            list.cv.deselectItem(at: IndexPath(item: 1, section: 0), animated: false)
            XCTAssertTrue(Pixels(list.window)[point.midX, point.midY].isClose(to: plain), "deselected: back to the card")
            XCTAssertEqual(gtk_widget_has_css_class(widget, "selected"), 0)

            cell.isHighlighted = true
            let highlighted = Pixels(list.window)[point.midX, point.midY]
            XCTAssertFalse(highlighted.isClose(to: plain, tolerance: 4), "pressed (\(highlighted)) is tinted")
            cell.isHighlighted = false

            cell.isUserInteractionEnabled = false
            list.select("b")
            XCTAssertEqual(gtk_widget_has_css_class(widget, "disabled"), 1)
            XCTAssertEqual(gtk_widget_has_css_class(widget, "selected"), 0, "a disabled row shows no selection")
            XCTAssertEqual(cell.backgroundWidget?.widget, widget)
            cell.isUserInteractionEnabled = true
        }
    }}

    /// The pointer over a row tints it (GTK's :hover); a press or the selection under the
    /// pointer shows over the tint, and hovering a selected row deepens it; the tint leaves
    /// with the pointer.
    func testHoverTintsTheRow() { MainActor.assumeIsolated {
        GtkHarness.withoutTestStyle {
            let list = BackgroundWindow(items: ["a", "b", "c"])
            defer { list.close() }
            let cell = list.cell("b")
            let point = list.frame(of: cell.widget)
            GtkHarness.pointer(list.window, at: (Int(point.minX) + 4, Int(list.card.minY) - 6))  // above the card
            let plain = Pixels(list.window)[point.midX, point.midY]
            GtkHarness.pointer(list.window, at: GtkHarness.centre(of: cell, in: list.window))
            GtkHarness.wait(for: "the row to be hovered") { gtk_widget_get_state_flags(cell.widget).rawValue & GTK_STATE_FLAG_PRELIGHT.rawValue != 0 }
            let hovered = Pixels(list.window)[point.midX + 40, point.midY]
            XCTAssertFalse(hovered.isClose(to: plain, tolerance: 2), "hovered (\(hovered)) is tinted, unlike \(plain)")
            // Under the pointer, a press and the selection still show (the hover tint is for idle rows).
            cell.isHighlighted = true
            let pressed = Pixels(list.window)[point.midX + 40, point.midY]
            XCTAssertFalse(pressed.isClose(to: hovered, tolerance: 2), "pressed (\(pressed)) is not the hover tint")
            cell.isHighlighted = false
            list.select("b")
            let selectedHovered = Pixels(list.window)[point.midX + 40, point.midY]
            XCTAssertFalse(selectedHovered.isClose(to: hovered, tolerance: 6), "selected (\(selectedHovered)) is not the hover tint")
            GtkHarness.pointer(list.window, at: (Int(point.minX) + 4, Int(list.card.minY) - 6))
            GtkHarness.wait(for: "the hover to leave") { gtk_widget_get_state_flags(cell.widget).rawValue & GTK_STATE_FLAG_PRELIGHT.rawValue == 0 }
            let selected = Pixels(list.window)[point.midX + 40, point.midY]
            XCTAssertFalse(selected.isClose(to: selectedHovered, tolerance: 2), "hovering a selected row (\(selectedHovered)) changes it (\(selected))")
            list.cv.deselectItem(at: IndexPath(item: 1, section: 0), animated: false)
            XCTAssertTrue(Pixels(list.window)[point.midX, point.midY].isClose(to: plain, tolerance: 2))
        }
    }}

    /// An app's colour, corner radius, insets and stroke are drawn; its colour holds when the
    /// row is selected; the widget is the one made for the first configuration.
    func testCustomColourCornersInsetsAndStrokeAreDrawn() { MainActor.assumeIsolated {
        GtkHarness.withoutTestStyle {
            let list = BackgroundWindow(.plain, items: ["a", "b", "c"])
            defer { list.close() }
            list.configure = { cell, item in
                guard item == "b" else { return }
                var background = BackgroundConfiguration.listPlainCell()
                background.backgroundColor = .rgba(1, 0, 0)
                background.cornerRadius = 16
                background.backgroundInsets = DirectionalEdgeInsets(top: 4, leading: 40, bottom: 4, trailing: 8)
                background.strokeColor = .rgba(0, 0, 1)
                background.strokeWidth = 3
                cell.backgroundConfiguration = background
            }
            var snapshot = list.source.snapshot()
            try! snapshot.reconfigureItems(["b"])
            var done = false
            list.source.apply(snapshot, animatingDifferences: false) { done = true }
            GtkHarness.wait(for: "the reconfigure") { done }
            XCTAssertTrue(GtkHarness.settle(list.cv))
            let cell = list.cell("b")
            XCTAssertNotNil(cell.backgroundConfiguration)
            let widget = cell.backgroundWidget?.widget
            let row = list.frame(of: cell.widget)
            var pixels = Pixels(list.window)
            let red = RGB(r: 255, g: 0, b: 0), blue = RGB(r: 0, g: 0, b: 255)
            XCTAssertTrue(pixels[row.minX + 80, row.midY].isClose(to: red), "the fill, not \(pixels[row.minX + 80, row.midY])")
            XCTAssertFalse(pixels[row.minX + 20, row.midY].isClose(to: red, tolerance: 60), "the leading inset (40) is not filled")
            XCTAssertFalse(pixels[row.maxX - 4, row.midY].isClose(to: red, tolerance: 60), "nor the trailing one (8)")
            XCTAssertFalse(pixels[row.midX, row.minY + 2].isClose(to: red, tolerance: 60), "nor the top one (4)")
            XCTAssertTrue(pixels[row.minX + 41, row.midY].isClose(to: blue, tolerance: 30), "the stroke along the leading edge, not \(pixels[row.minX + 41, row.midY])")
            XCTAssertTrue(pixels[row.midX, row.minY + 5].isClose(to: blue, tolerance: 30), "and the top")
            let corner = pixels[row.minX + 41, row.minY + 5]
            XCTAssertFalse(corner.isClose(to: red, tolerance: 60) || corner.isClose(to: blue, tolerance: 60), "the 16 px corner is cut, not \(corner)")

            list.select("b")
            pixels = Pixels(list.window)
            XCTAssertTrue(pixels[row.minX + 80, row.midY].isClose(to: red), "the app's colour holds while selected")
            XCTAssertEqual(cell.backgroundWidget?.widget, widget)

            // Back to the preset: no custom CSS left, the insets gone.
            list.configure = nil
            cell.backgroundConfiguration = .listPlainCell()
            XCTAssertEqual(gtk_widget_get_margin_start(widget!), 0)
            pixels = Pixels(list.window)
            XCTAssertFalse(pixels[row.minX + 80, row.midY].isClose(to: red, tolerance: 60), "the red went with the configuration")
        }
    }}

    /// An app's square background on the first row of an inset-grouped card still takes the
    /// card's corner; on a middle row it stays square.
    func testTheCardsCornersWinOverAnAppsRadius() { MainActor.assumeIsolated {
        GtkHarness.withoutTestStyle {
            let list = BackgroundWindow(items: ["a", "b", "c"])
            defer { list.close() }
            for item in ["a", "b"] {
                var background = BackgroundConfiguration.listGroupedCell()
                background.backgroundColor = .rgba(1, 0, 0)
                background.cornerRadius = 0
                list.cell(item).backgroundConfiguration = background
            }
            let pixels = Pixels(list.window)
            let card = list.card, b = list.frame(of: list.cell("b").widget)
            let red = RGB(r: 255, g: 0, b: 0)
            XCTAssertTrue(pixels[card.minX + 6, card.minY + 6].isClose(to: red))
            XCTAssertFalse(pixels[card.minX + 1, card.minY + 1].isClose(to: red, tolerance: 60), "row a's corner is the card's")
            XCTAssertTrue(pixels[card.minX + 1, b.minY + 1].isClose(to: red), "row b is square, as its app asked")
        }
    }}

    /// A list cell used as a section's header takes a header's background, not a row's: the
    /// view's colour in a plain list (it sticks over the rows), nothing in an inset-grouped one.
    func testACellShownAsAHeaderTakesAHeadersBackground() { MainActor.assumeIsolated {
        for (appearance, preset) in [(ListAppearance.plain, "list-plain-header-footer"), (.insetGrouped, "list-grouped-header-footer")] {
            let list = BackgroundWindow(appearance, items: ["a", "b"], headers: true)
            defer { list.close() }
            let key = ElementKey.supplementary(CollectionView.elementKindSectionHeader, IndexPath(item: 0, section: 0))
            let header = try! XCTUnwrap(list.cv.elements.view(for: key) as? BackgroundRow)
            let widget = try! XCTUnwrap(header.backgroundWidget?.widget)
            XCTAssertEqual(gtk_widget_has_css_class(widget, preset), 1, "\(appearance): \(preset)")
            XCTAssertEqual(gtk_widget_has_css_class(widget, "stateful"), 0, "\(appearance): a header shows no hover")
            XCTAssertNil(header.listPosition.flatMap { $0.isFirst || $0.isLast ? $0 : nil }, "a header is no row")
        }
    }}

    /// List cells take their list's background by themselves: a selected first row of an
    /// inset-grouped list shows the selection inside the card's corner and none outside it.
    func testListCellsUseTheListsBackground() { MainActor.assumeIsolated {
        GtkHarness.withoutTestStyle {
            let cv = bareCollectionView(CompositionalLayout.list(using: ListConfiguration(appearance: .insetGrouped)))
            let rows = CellRegistration<ListCell, String> { cell, _, item in
                var content = cell.defaultContentConfiguration()
                content.text = item
                cell.contentConfiguration = content
            }
            let source = CollectionViewDiffableDataSource<Int, String>(collectionView: cv) { cv, indexPath, item in
                cv.dequeueConfiguredReusableCell(using: rows, for: indexPath, item: item)
            }
            let window = GtkHarness.window(for: cv, width: 500, height: 400)
            defer { GtkHarness.close(window) }
            var snapshot = CollectionViewDiffableDataSource<Int, String>.Snapshot()
            try! snapshot.appendSections([0])
            try! snapshot.appendItems(["Wi-Fi", "Bluetooth", "Sound"])
            source.apply(snapshot, animatingDifferences: false)
            XCTAssertTrue(GtkHarness.settle(cv))
            GtkHarness.waitForFrames(2, of: cv.viewport)
            XCTAssertTrue(GtkHarness.settle(cv))
            cv.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
            let cell = try! XCTUnwrap(cv.cellForItem(at: IndexPath(item: 0, section: 0)) as? ListCell)
            let background = try! XCTUnwrap(cell.backgroundWidget?.widget, "a list cell draws the list's background")
            XCTAssertEqual(gtk_widget_has_css_class(background, "list-grouped-cell"), 1)
            XCTAssertEqual(gtk_widget_has_css_class(background, "selected"), 1)
            let pixels = Pixels(window)
            let row = GtkHarness.bounds(of: cell.widget, in: window)!
            let outside = pixels[row.minX - 6, row.midY], selection = pixels[row.maxX - 20, row.midY]
            XCTAssertFalse(selection.isClose(to: outside, tolerance: 20), "the selection (\(selection)) shows")
            XCTAssertTrue(pixels[row.minX + 1, row.minY + 1].isClose(to: outside), "outside the corner, the window (\(outside))")
            XCTAssertTrue(pixels[row.minX + 6, row.minY + 6].isClose(to: selection), "inside it, the selection")
        }
    }}

    /// Presets and state classes, and only what the app set goes into a custom rule.
    func testPresetsAndTheirCSS() { MainActor.assumeIsolated {
        XCTAssertEqual(CellBackgroundView.classes(for: .listGroupedCell()), ["list-grouped-cell"], "never updated: no state")
        var state = CellConfigurationState()
        state.isSelected = true
        state.isHighlighted = true
        XCTAssertEqual(CellBackgroundView.classes(for: .listPlainCell().updated(for: state)), ["list-plain-cell", "stateful", "selected", "highlighted"])
        state.cellDropState = .targeted
        XCTAssertTrue(CellBackgroundView.classes(for: .listSidebarCell().updated(for: state)).contains("drop-target"))
        XCTAssertEqual(CellBackgroundView.classes(for: .listGroupedHeaderFooter().updated(for: state)), ["list-grouped-header-footer"],
                       "headers show no state")
        XCTAssertEqual(CellBackgroundView.classes(for: .clear().updated(for: state)), ["clear"])
        XCTAssertNil(CellBackgroundView.customRules(for: .listSidebarCell()), "the sidebar's 6 px corners are the stylesheet's")
        XCTAssertEqual(BackgroundConfiguration.listSidebarCell().cornerRadius, 6)
        var custom = BackgroundConfiguration.listSidebarCell()
        custom.cornerRadius = 0
        custom.strokeWidth = 1.5
        let rules = try! XCTUnwrap(CellBackgroundView.customRules(for: custom))
        XCTAssertEqual(StyleClasses.css(rules, className: "custom"),
                       "cellbackground.custom { border: 1.5px solid @cv_accent_color; border-radius: 0px; }\n"
                       + StyleClasses.css(CellBackgroundView.cardCornerRules, className: "custom"),
                       "the app's radius, but the card's corners on the first and last rows")
        XCTAssertTrue(StyleClasses.css(rules, className: "custom").contains("reusableview.cell.list-rounded-top > cellbackground.custom {"),
                      "the card's corners are scoped to the app's class")
        XCTAssertEqual(BackgroundConfiguration.listCell(for: .insetGrouped), .listGroupedCell())
        XCTAssertEqual(BackgroundConfiguration.listCell(for: .sidebar), .listSidebarCell())
        XCTAssertEqual(BackgroundConfiguration.listCell(for: nil), .listPlainCell())
    }}

    /// Setting a configuration takes the background views away, and a background view takes
    /// the configuration away (UIKit's rule); without either, the automatic list background
    /// is back.
    func testConfigurationAndBackgroundViewsExcludeEachOther() { MainActor.assumeIsolated {
        let list = BackgroundWindow(.sidebar, items: ["a"])
        defer { list.close() }
        let cell = list.cell("a")
        let background = try! XCTUnwrap(cell.backgroundWidget?.widget)
        XCTAssertEqual(gtk_widget_has_css_class(background, "list-sidebar-cell"), 1, "a sidebar's rows")
        let view = gtk_label_new("bg")!
        g_object_ref_sink(raw(view))  // held here, to see where it goes
        defer { g_object_unref(raw(view)) }
        cell.backgroundView = view
        XCTAssertNil(cell.backgroundConfiguration)
        XCTAssertEqual(gtk_widget_get_visible(background), 0, "the automatic background steps aside for the app's view")
        cell.backgroundConfiguration = .clear()
        XCTAssertNil(cell.backgroundView, "a configuration removes the background view")
        XCTAssertNil(gtk_widget_get_parent(view))
        XCTAssertEqual(gtk_widget_get_visible(background), 1)
        XCTAssertEqual(gtk_widget_has_css_class(background, "clear"), 1)
        XCTAssertEqual(cell.backgroundWidget?.widget, background, "one widget, made once")
        cell.backgroundConfiguration = nil
        XCTAssertEqual(gtk_widget_has_css_class(background, "list-sidebar-cell"), 1, "back to the list's")
        // A custom view goes inside the background, and out again with its configuration.
        var custom = BackgroundConfiguration.clear()
        let image = gtk_label_new("custom")!
        g_object_ref_sink(raw(image))
        defer { g_object_unref(raw(image)) }
        custom.customView = image
        cell.backgroundConfiguration = custom
        XCTAssertEqual(gtk_widget_get_parent(image), background)
        cell.backgroundConfiguration = .clear()
        XCTAssertNil(gtk_widget_get_parent(image))
        // Not automatic: the configuration stays as set when the state changes.
        cell.automaticallyUpdatesBackgroundConfiguration = false
        cell.backgroundConfiguration = .listSidebarCell()
        list.select("a")
        XCTAssertEqual(gtk_widget_has_css_class(background, "selected"), 0)
        cell.automaticallyUpdatesBackgroundConfiguration = true
        cell.setNeedsUpdateConfiguration()
        XCTAssertEqual(gtk_widget_has_css_class(background, "selected"), 1)
    }}
    /// A real drag from another window: while it is over the view every cell's state is
    /// `.notTargeted`, the folder it would go into is `.targeted` (its background shows it),
    /// the state follows the pointer, and after the drop every cell is back to `.none`. The
    /// configuration handler hears each change.
    func testADropOverTheViewIsTheCellsDropState() { MainActor.assumeIsolated {
        let list = BackgroundWindow(.plain, items: ["a", "b", "c", "d"])
        defer { list.close() }
        let drops = FolderDrops(folder: IndexPath(item: 1, section: 0))
        list.cv.dropDelegate = drops
        var heard: [String: [CellConfigurationState.DropState]] = [:]
        for item in ["a", "b", "c", "d"] {
            list.cell(item).configurationUpdateHandler = { _, state in heard[item, default: []].append(state.cellDropState) }
        }
        heard = [:]
        let source = DragSourceWindow(items: [DragItem(filePaths: ["/tmp/dropped-photo.png"])])
        defer { source.close() }
        let target = GtkHarness.xid(of: list.window)
        @MainActor func states() -> [CellConfigurationState.DropState] { ["a", "b", "c", "d"].map { list.cell($0).configurationState.cellDropState } }

        XCTAssertEqual(states(), [.none, .none, .none, .none])
        source.beginDrag()
        DragSourceWindow.move(to: GtkHarness.centre(of: list.cell("b"), in: list.window), in: target)
        GtkHarness.wait(for: "the drop to target b") { list.cv.dropTargetItem == IndexPath(item: 1, section: 0) }
        XCTAssertEqual(states(), [.notTargeted, .targeted, .notTargeted, .notTargeted])
        let folderBackground = try! XCTUnwrap(list.cell("b").backgroundWidget?.widget)
        XCTAssertEqual(gtk_widget_has_css_class(folderBackground, "drop-target"), 1, "the folder's background shows the drop")
        XCTAssertEqual(heard["b"]?.last, .targeted)
        XCTAssertEqual(heard["a"]?.last, .notTargeted)

        DragSourceWindow.move(to: GtkHarness.centre(of: list.cell("d"), in: list.window), in: target)
        GtkHarness.wait(for: "the drop to leave the folder") { list.cv.dropTargetItem == nil }
        XCTAssertEqual(states(), [.notTargeted, .notTargeted, .notTargeted, .notTargeted])
        XCTAssertEqual(gtk_widget_has_css_class(folderBackground, "drop-target"), 0)

        DragSourceWindow.release()
        GtkHarness.wait(for: "the drop to end") { drops.ended > 0 }
        XCTAssertEqual(states(), [.none, .none, .none, .none])
        XCTAssertEqual(heard["b"], [.notTargeted, .targeted, .notTargeted, .none], "b heard each change once")
    }}
}
