import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A list cell with a title label in its content area.
@MainActor
private final class TitledListCell: ListCell {
    let label = gtk_label_new(nil)!
    required init() {
        super.init()
        gtk_label_set_xalign(OpaquePointer(label), 0)
        gtk_widget_set_margin_start(label, 12)
        gtk_widget_set_margin_end(label, 12)
        gtk_widget_set_margin_top(label, 12)
        gtk_widget_set_margin_bottom(label, 12)
        append(label)
    }
}

/// Rows with accessories the test chooses; moves and taps are logged.
@MainActor
private final class Rows: CollectionViewDataSource, CollectionViewDelegate {
    var items: [String]
    var log: [String] = []
    var accessories: (IndexPath, Rows) -> [CellAccessory] = { _, _ in [] }
    var indentation: (IndexPath) -> Int = { _ in 0 }
    init(_ count: Int) { items = (0..<count).map { "Row \($0)" } }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: TitledListCell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
        gtk_label_set_text(OpaquePointer(cell.label), items[indexPath.item])
        cell.accessories = accessories(indexPath, self)
        cell.indentationLevel = indentation(indexPath)
        return cell
    }
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
    func collectionView(_ collectionView: CollectionView, moveItemAt from: IndexPath, to: IndexPath) {
        log.append("move \(from.item)->\(to.item)")
        items.insert(items.remove(at: from.item), at: to.item)
    }
    func collectionView(_ cv: CollectionView, didSelectItemAt p: IndexPath) { log.append("didSelect \(p.item)") }
}

private func p(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

/// GTK's own test check of an accessible property (`gtk_test_accessible_check_property`, which
/// is variadic: called through its symbol with the one string argument a label takes). Nil
/// when the widget's accessible label is `expected`, else GTK's description of the difference.
@MainActor
private func accessibleLabelMismatch(_ widget: WidgetPointer, _ expected: String) -> String? {
    typealias Check = @convention(c) (OpaquePointer?, GtkAccessibleProperty, UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "gtk_test_accessible_check_property") else { return "no check function" }
    let check = unsafeBitCast(symbol, to: Check.self)
    guard let message = expected.withCString({ check(OpaquePointer(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, $0) }) else { return nil }
    defer { g_free(message) }
    return String(cString: message)
}

/// List cells in a real window: where each accessory goes (left to right and right to left),
/// widgets kept across reconfigures, editing mode with and without animation, the acting
/// accessories' buttons, the reorder handle's drag, multiselect and indentation.
final class ListCellTests: XCTestCase {
    @MainActor
    private static func open(_ rows: Rows, height: Int32 = 600) -> (CollectionView, WidgetPointer) {
        let cv = bareCollectionView(CompositionalLayout.list(using: ListConfiguration(appearance: .plain)))
        cv.register(TitledListCell.self, forCellWithReuseIdentifier: "row")
        cv.dataSource = rows
        cv.delegate = rows
        let window = GtkHarness.window(for: cv, width: 600, height: height)
        XCTAssertTrue(GtkHarness.settle(cv))
        GtkHarness.waitForFrames(2, of: cv.viewport)
        XCTAssertTrue(GtkHarness.settle(cv))
        return (cv, window)
    }

    @MainActor
    private static func cell(_ cv: CollectionView, _ item: Int) -> TitledListCell { cv.cellForItem(at: p(item)) as! TitledListCell }

    /// Where a widget is, in the cell's coordinates.
    @MainActor
    private static func bounds(_ widget: WidgetPointer, in cell: ListCell) -> Rect {
        GtkHarness.bounds(of: widget, in: cell.widget)!
    }

    @MainActor
    private static let everyKind: [CellAccessory] = [
        .delete(displayed: .always), .multiselect(displayed: .always), .outlineDisclosure(), .insert(displayed: .always),
        .disclosureIndicator(), .checkmark(), .label(text: "42"), .detail(), .reorder(displayed: .always),
    ]

    /// Delete, multiselect, the outline disclosure and insert lead; the others trail, each in
    /// the order given; in right to left, leading is the right side.
    func testEachAccessorySitsOnItsSideInBothDirections() { MainActor.assumeIsolated {
        for direction in [GTK_TEXT_DIR_LTR, GTK_TEXT_DIR_RTL] {
            gtk_widget_set_default_direction(direction)
            defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
            let rows = Rows(3)
            rows.accessories = { _, _ in Self.everyKind }
            let (cv, window) = Self.open(rows)
            defer { GtkHarness.close(window) }
            let cell = Self.cell(cv, 0)
            let content = Self.bounds(cell.templateContainer, in: cell)
            let frames = (0..<Self.everyKind.count).map { Self.bounds(cell.accessoryWidget(at: $0)!, in: cell) }
            let rtl = direction == GTK_TEXT_DIR_RTL
            for (index, accessory) in Self.everyKind.enumerated() {
                let frame = frames[index]
                XCTAssertGreaterThan(frame.width, 0, "accessory \(index) has a size")
                let leadingSide = rtl ? frame.minX >= content.maxX : frame.maxX <= content.minX
                let trailingSide = rtl ? frame.maxX <= content.minX : frame.minX >= content.maxX
                XCTAssertTrue(accessory.placement == .leading ? leadingSide : trailingSide,
                              "accessory \(index) on its \(accessory.placement) side (\(direction == GTK_TEXT_DIR_RTL ? "rtl" : "ltr")): \(frame) vs content \(content)")
            }
            // In the order given, from the leading edge.
            let leading = [0, 1, 2, 3].map { frames[$0].minX }, trailing = [4, 5, 6, 7, 8].map { frames[$0].minX }
            XCTAssertEqual(leading, rtl ? leading.sorted(by: >) : leading.sorted())
            XCTAssertEqual(trailing, rtl ? trailing.sorted(by: >) : trailing.sorted())
            // The disclosure indicator points to the trailing edge (the -rtl icon in right to left).
            XCTAssertEqual(gtk_widget_get_direction(cell.accessoryWidget(at: 4)!), direction)
            GtkHarness.screenshot(window, name: "list-cell-accessories-\(rtl ? "rtl" : "ltr")")
        }
    }}

    /// Configuring a cell again with accessories of the same kinds (another item's, a reload)
    /// keeps its widgets; the row's children are not moved.
    func testReconfiguringWithTheSameAccessoriesKeepsTheWidgets() { MainActor.assumeIsolated {
        let rows = Rows(3)
        rows.accessories = { path, _ in [.delete(displayed: .always), .label(text: "\(path.item)"), .disclosureIndicator()] }
        let (cv, window) = Self.open(rows)
        defer { GtkHarness.close(window) }
        let cell = Self.cell(cv, 1)
        let before = (0..<3).map { cell.accessoryWidget(at: $0)! }
        let siblings = before.map { gtk_widget_get_prev_sibling($0) }
        cell.accessories = [.delete(displayed: .always), .label(text: "again"), .disclosureIndicator()]
        XCTAssertEqual((0..<3).map { cell.accessoryWidget(at: $0)! }, before, "the same widgets")
        XCTAssertEqual(before.map { gtk_widget_get_prev_sibling($0) }, siblings)
        XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(before[1]))), "again", "updated in place")
        // A reload configures every row again, in reused cells: no accessory widget is made.
        let widgets = { Set(cv.visibleCells.flatMap { cell in (0..<3).map { (cell as! ListCell).accessoryWidget(at: $0)! } }) }
        let made = widgets()
        rows.items[1] = "Row one"
        cv.reloadData()
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertEqual(widgets(), made)
        // Fewer accessories hide the rest; more of them again bring the same widgets back.
        cell.accessories = [.disclosureIndicator()]
        XCTAssertEqual(cell.shownAccessoryViews.count, 1)
        XCTAssertEqual(gtk_widget_get_visible(before[0]), 0, "the delete button is hidden, not destroyed")
        cell.accessories = [.delete(displayed: .always), .label(text: "x"), .disclosureIndicator()]
        XCTAssertEqual((0..<3).map { cell.accessoryWidget(at: $0)! }, before)
        XCTAssertEqual(gtk_widget_get_visible(before[0]), 1)
        // Another order: the same widgets, moved, each still showing its own accessory.
        cell.accessories = [.disclosureIndicator(), .label(text: "y"), .delete(displayed: .always)]
        XCTAssertEqual((0..<3).map { cell.accessoryWidget(at: $0)! }, [before[2], before[1], before[0]])
        XCTAssertEqual(cell.shownAccessoryViews.map(\.accessory!.kind), [.disclosureIndicator, .label, .delete])
        GtkHarness.waitForFrames(2, of: cv.viewport)
        let content = Self.bounds(cell.templateContainer, in: cell)
        XCTAssertLessThanOrEqual(Self.bounds(before[0], in: cell).maxX, content.minX, "delete leads")
        XCTAssertGreaterThanOrEqual(Self.bounds(before[2], in: cell).minX, content.maxX, "the indicator trails")
        XCTAssertLessThan(Self.bounds(before[2], in: cell).minX, Self.bounds(before[1], in: cell).minX, "in array order: the label after the indicator")
    }}

    /// The width an accessory takes in the row now.
    @MainActor
    private static func hostWidth(_ cell: ListCell, _ index: Int) -> Int32 {
        let view = cell.shownAccessoryViews[index]
        let margins = view.revealer == nil ? gtk_widget_get_margin_start(view.content) + gtk_widget_get_margin_end(view.content) : 0
        return gtk_widget_get_width(view.host) + margins  // a revealer's width has its child's margins
    }

    /// Editing shows the `.whenEditing` accessories and hides the `.whenNotEditing` ones, on
    /// the cells on screen (sliding: mid-way they are partly open) and on cells scrolled into
    /// view afterwards (at once); leaving editing without animation hides them at once.
    func testEditingShowsAndHidesAccessoriesAnimatedAndNot() { MainActor.assumeIsolated {
        let rows = Rows(200)
        rows.accessories = { _, _ in [.delete(), .disclosureIndicator(displayed: .whenNotEditing), .reorder()] }
        let (cv, window) = Self.open(rows, height: 400)
        defer { GtkHarness.close(window) }
        let cell = Self.cell(cv, 0)
        XCTAssertEqual(Self.hostWidth(cell, 0), 0, "no delete button out of editing")
        XCTAssertGreaterThan(Self.hostWidth(cell, 1), 0, "the disclosure indicator shows")
        XCTAssertEqual(Self.hostWidth(cell, 2), 0)
        let contentStart = Self.bounds(cell.templateContainer, in: cell).minX

        cv.setEditing(true, animated: true)
        XCTAssertTrue(cv.isEditing)
        XCTAssertTrue(cell.configurationState.isEditing)
        XCTAssertTrue(cell.shownAccessoryViews[0].isAnimating, "the delete button slides in")
        // Mid-way: some frames in, the revealer is partly open.
        var sawPartly = false
        GtkHarness.wait(for: "the slide to end") {
            let width = Self.hostWidth(cell, 0)
            if width > 0 && width < 32 { sawPartly = true }
            return !cell.shownAccessoryViews[0].isAnimating && !cell.shownAccessoryViews[1].isAnimating
        }
        XCTAssertTrue(sawPartly, "a frame showed the delete button partly in")
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertEqual(Self.hostWidth(cell, 0), 32, "the delete button is in, at the standard width")
        XCTAssertEqual(Self.hostWidth(cell, 1), 0, "the disclosure indicator is out")
        XCTAssertEqual(Self.hostWidth(cell, 2), 32, "the reorder handle is in")
        XCTAssertEqual(Self.bounds(cell.templateContainer, in: cell).minX, contentStart + 32, "the content moved over")

        // Cells scrolled into view afterwards are in editing mode at once.
        cv.scrollToItem(at: p(150), at: .centeredVertically, animated: false)
        XCTAssertTrue(GtkHarness.settle(cv))
        let later = Self.cell(cv, 150)
        XCTAssertTrue(later.configurationState.isEditing)
        XCTAssertFalse(later.shownAccessoryViews[0].isAnimating)
        GtkHarness.waitForFrames(1, of: cv.viewport)
        XCTAssertEqual(Self.hostWidth(later, 0), 32)
        XCTAssertEqual(Self.hostWidth(later, 1), 0)
        GtkHarness.screenshot(window, name: "list-cell-editing")

        // Without animation: at once.
        cv.setEditing(false, animated: false)
        XCTAssertFalse(later.shownAccessoryViews[0].isAnimating)
        XCTAssertFalse(later.configurationState.isEditing)
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertEqual(Self.hostWidth(later, 0), 0)
        XCTAssertGreaterThan(Self.hostWidth(later, 1), 0)
        // The property is the same as an unanimated change.
        cv.isEditing = true
        XCTAssertFalse(later.shownAccessoryViews[0].isAnimating)
        XCTAssertTrue(later.configurationState.isEditing)
    }}

    /// The delete button's click calls its handler and neither selects nor highlights the row;
    /// insert and detail too. The acting accessories are buttons with accessible names.
    func testActingAccessoriesAreNamedButtonsWhoseClicksDoNotSelect() { MainActor.assumeIsolated {
        let rows = Rows(3)
        rows.accessories = { path, rows in
            [.delete(displayed: .always, actionHandler: { rows.log.append("delete \(path.item)") }),
             .insert(displayed: .always, actionHandler: { rows.log.append("insert \(path.item)") }),
             .outlineDisclosure(actionHandler: { rows.log.append("outline \(path.item)") }),
             .detail(actionHandler: { rows.log.append("detail \(path.item)") }), .reorder(displayed: .always)]
        }
        let (cv, window) = Self.open(rows)
        defer { GtkHarness.close(window) }
        let cell = Self.cell(cv, 1)
        for (index, name) in ["Delete", "Insert", "Expand", "More Information", "Reorder"].enumerated() {
            let button = cell.accessoryWidget(at: index)!
            XCTAssertEqual(GtkHarness.typeName(of: OpaquePointer(button)), "GtkButton")
            XCTAssertTrue(gtk_widget_get_focusable(button) != 0, "a button takes the keyboard focus")
            XCTAssertNil(accessibleLabelMismatch(button, name))
        }
        XCTAssertNotNil(accessibleLabelMismatch(cell.accessoryWidget(at: 0)!, "Insert"), "the check tells names apart")
        // The outline disclosure turns and is named "Collapse" while the cell is expanded.
        var expanded = cell.configurationState
        expanded.isExpanded = true
        let outline = cell.shownAccessoryViews[2]
        outline.update(for: expanded)
        XCTAssertTrue(gtk_widget_has_css_class(outline.content, "expanded") != 0)
        XCTAssertNil(accessibleLabelMismatch(outline.content, "Collapse"))
        outline.update(for: cell.configurationState)
        XCTAssertTrue(gtk_widget_has_css_class(outline.content, "expanded") == 0)
        XCTAssertNil(accessibleLabelMismatch(outline.content, "Expand"))
        for index in 0..<4 {
            let button = cell.accessoryWidget(at: index)!
            let point = GtkHarness.windowPoint(of: button, x: Double(gtk_widget_get_width(button)) / 2, y: Double(gtk_widget_get_height(button)) / 2)
            GtkHarness.pointer(window, at: point, then: ["click", "1"])
            GtkHarness.wait(for: "the click to reach accessory \(index)") { rows.log.count == index + 1 }
            GtkHarness.roundTrip()
        }
        XCTAssertEqual(rows.log, ["delete 1", "insert 1", "outline 1", "detail 1"])
        XCTAssertEqual(cv.indexPathsForSelectedItems, [], "no click selected the row")
        XCTAssertFalse(cell.isHighlighted)
        // A click on the row itself does select it (the buttons took theirs).
        GtkHarness.pointer(window, at: GtkHarness.centre(of: cell, in: window), then: ["click", "1"])
        GtkHarness.wait(for: "the row to be selected") { cv.indexPathsForSelectedItems == [p(1)] }
    }}

    /// Dragging the reorder handle moves the cell's item; the data source is told at the release.
    func testReorderHandleDragMovesTheItem() { MainActor.assumeIsolated {
        let rows = Rows(10)
        rows.accessories = { _, _ in [.reorder(displayed: .always)] }
        let (cv, window) = Self.open(rows)
        defer { GtkHarness.close(window) }
        let handle = Self.cell(cv, 0).accessoryWidget(at: 0)!
        let start = GtkHarness.windowPoint(of: handle, x: Double(gtk_widget_get_width(handle)) / 2, y: Double(gtk_widget_get_height(handle)) / 2)
        let target = cv.collectionViewLayout.layoutAttributesForItem(at: p(3))!.center
        let end = GtkHarness.windowPoint(of: cv.viewport, x: Double(start.0), y: target.y - cv.contentOffset.y)
        var commands = ["mousedown", "1", "sleep", "0.05"]
        for step in 1...8 {
            commands += ["mousemove", "--window", GtkHarness.xid(of: window), String(start.0), String(start.1 + (end.1 - start.1) * step / 8), "sleep", "0.03"]
        }
        GtkHarness.pointer(window, at: start, then: commands)
        GtkHarness.wait(for: "the item to move under the pointer") { cv.indexPathForInteractivelyMovingItem == p(3) }
        XCTAssertTrue(Self.cell(cv, 3).configurationState.isReordering)
        XCTAssertEqual(rows.log, [], "nothing is told before the release")
        GtkHarness.xdotool(["mouseup", "1"])
        GtkHarness.wait(for: "the data source to be told") { rows.log == ["move 0->3"] }
        XCTAssertEqual(Array(rows.items.prefix(4)), ["Row 1", "Row 2", "Row 3", "Row 0"])
        XCTAssertEqual(cv.indexPathsForSelectedItems, [], "the drag did not select")
    }}

    /// The multiselect circle follows the cell's selection.
    func testMultiselectFollowsSelection() { MainActor.assumeIsolated {
        let rows = Rows(3)
        rows.accessories = { _, _ in [.multiselect()] }
        let (cv, window) = Self.open(rows)
        defer { GtkHarness.close(window) }
        cv.allowsMultipleSelection = true
        cv.isEditing = true
        let circle = Self.cell(cv, 2).accessoryWidget(at: 0)!
        XCTAssertTrue(gtk_widget_has_css_class(circle, "checked") == 0)
        cv.selectItem(at: p(2), animated: false, scrollPosition: [])
        XCTAssertTrue(gtk_widget_has_css_class(circle, "checked") != 0)
        cv.deselectItem(at: p(2), animated: false)
        XCTAssertTrue(gtk_widget_has_css_class(circle, "checked") == 0)
        cv.selectItem(at: p(2), animated: false, scrollPosition: [])
        GtkHarness.waitForFrames(2, of: cv.viewport)
        GtkHarness.screenshot(window, name: "list-cell-multiselect")
    }}

    /// A multiselect circle's tint and fill from its options show only while it is checked:
    /// unchecked, it is the plain empty circle.
    func testATintedMultiselectCircleIsColouredOnlyWhenChecked() { MainActor.assumeIsolated {
        let rows = Rows(1)
        rows.accessories = { _, _ in [.multiselect(displayed: .always, options: .init(tintColor: .rgba(0, 1, 0), backgroundColor: .rgba(1, 0, 0)))] }
        let (cv, window) = Self.open(rows)
        defer { GtkHarness.close(window) }
        cv.allowsMultipleSelection = true
        let circle = Self.cell(cv, 0).accessoryWidget(at: 0)!
        let red: UInt32 = 0xff0000, green: UInt32 = 0x00ff00
        let dir = GtkHarness.screenshotDirectory().path
        let unchecked = try! XCTUnwrap(GtkHarness.screenshot(circle, name: "list-cell-multiselect-tinted-unchecked", in: dir))
        XCTAssertEqual(GtkHarness.pixelCount(ofColour: red, inPNG: unchecked), 0, "no fill while unchecked")
        XCTAssertEqual(GtkHarness.pixelCount(ofColour: green, inPNG: unchecked), 0, "no tick while unchecked")
        cv.selectItem(at: p(0), animated: false, scrollPosition: [])
        XCTAssertTrue(gtk_widget_has_css_class(circle, "checked") != 0)
        // The circle's colours ease in (150 ms): wait until the fill is the option's.
        var checked = ""
        GtkHarness.wait(for: "the checked circle's fill") {
            checked = GtkHarness.screenshot(circle, name: "list-cell-multiselect-tinted-checked", in: dir) ?? ""
            return GtkHarness.pixelCount(ofColour: red, inPNG: checked) > 20
        }
        XCTAssertGreaterThan(GtkHarness.pixelCount(ofColour: red, inPNG: checked), 20, "the option's fill once checked")
    }}

    /// Indentation moves the content by level × width (default 10); with `indentsAccessories`
    /// the leading accessories move too, without it only the content.
    func testIndentationShiftsTheContent() { MainActor.assumeIsolated {
        let rows = Rows(3)
        rows.accessories = { _, _ in [.delete(displayed: .always)] }
        rows.indentation = { $0.item }
        let (cv, window) = Self.open(rows)
        defer { GtkHarness.close(window) }
        let flat = Self.cell(cv, 0), indented = Self.cell(cv, 2)
        XCTAssertEqual(indented.indentationWidth, 10)
        let flatContent = Self.bounds(flat.templateContainer, in: flat).minX
        XCTAssertEqual(Self.bounds(indented.templateContainer, in: indented).minX, flatContent + 20)
        XCTAssertEqual(Self.bounds(indented.accessoryWidget(at: 0)!, in: indented).minX,
                       Self.bounds(flat.accessoryWidget(at: 0)!, in: flat).minX + 20, "the accessory moved with it")
        indented.indentsAccessories = false
        indented.indentationWidth = 15
        GtkHarness.waitForFrames(2, of: cv.viewport)
        XCTAssertEqual(Self.bounds(indented.templateContainer, in: indented).minX, flatContent + 30)
        XCTAssertEqual(Self.bounds(indented.accessoryWidget(at: 0)!, in: indented).minX,
                       Self.bounds(flat.accessoryWidget(at: 0)!, in: flat).minX, "the accessory stayed")
    }}

    /// Options: a hidden accessory keeps its place but is not drawn, picked or focused; a custom
    /// reserved width is the width the accessory takes; `.actual` is its own; a tint colour
    /// colours its icon.
    func testOptionsHideReserveAndTint() { MainActor.assumeIsolated {
        let rows = Rows(1)
        rows.accessories = { _, _ in [
            .checkmark(options: .init(isHidden: true)), .detail(options: .init(isHidden: true)),
            .disclosureIndicator(options: .init(reservedLayoutWidth: .custom(48), tintColor: .rgba(1, 0, 0))),
            .disclosureIndicator(options: .init(reservedLayoutWidth: .actual)),
        ] }
        let (cv, window) = Self.open(rows)
        defer { GtkHarness.close(window) }
        let cell = Self.cell(cv, 0)
        let hidden = cell.accessoryWidget(at: 0)!, hiddenButton = cell.accessoryWidget(at: 1)!
        XCTAssertEqual(gtk_widget_get_width(hidden), 16, "a hidden accessory keeps its place")
        XCTAssertEqual(gtk_widget_get_opacity(hidden), 0)
        XCTAssertEqual(gtk_widget_get_can_target(hidden), 0)
        XCTAssertEqual(gtk_widget_get_can_focus(hiddenButton), 0, "a hidden button takes no focus")
        XCTAssertEqual(Self.hostWidth(cell, 0), 32, "the standard width")
        XCTAssertEqual(Self.hostWidth(cell, 2), 48, "a custom width")
        XCTAssertEqual(Self.hostWidth(cell, 3), 16 + 2 * AccessoryView.actualMargin, "its own width")
        // Drawn red: the tinted chevron alone (the hidden ones draw nothing).
        let red: UInt32 = 0xff0000
        let dir = GtkHarness.screenshotDirectory().path
        let tinted = try! XCTUnwrap(GtkHarness.screenshot(cell.accessoryWidget(at: 2)!, name: "list-cell-tinted", in: dir))
        let plain = try! XCTUnwrap(GtkHarness.screenshot(cell.accessoryWidget(at: 3)!, name: "list-cell-untinted", in: dir))
        XCTAssertGreaterThan(GtkHarness.pixelCount(ofColour: red, inPNG: tinted), 4, "the tinted chevron is red")
        XCTAssertEqual(GtkHarness.pixelCount(ofColour: red, inPNG: plain), 0, "the other is not")
    }}

    /// A list cell in a grid (a flow layout) goes in and out of editing mode the same way.
    func testEditingInAGrid() { MainActor.assumeIsolated {
        let rows = Rows(30)
        rows.accessories = { _, _ in [.delete(), .checkmark(displayed: .whenNotEditing)] }
        let layout = FlowLayout()
        layout.itemSize = Size(width: 180, height: 60)
        let cv = bareCollectionView(layout)
        cv.register(TitledListCell.self, forCellWithReuseIdentifier: "row")
        cv.dataSource = rows
        let window = GtkHarness.window(for: cv, width: 600, height: 300)
        defer { GtkHarness.close(window) }
        XCTAssertTrue(GtkHarness.settle(cv))
        let cell = Self.cell(cv, 4)
        cv.setEditing(true, animated: true)
        XCTAssertTrue(cell.shownAccessoryViews[0].isAnimating)
        GtkHarness.wait(for: "the slide to end") { !cell.shownAccessoryViews[0].isAnimating && !cell.shownAccessoryViews[1].isAnimating }
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertEqual(Self.hostWidth(cell, 0), 32)
        XCTAssertEqual(Self.hostWidth(cell, 1), 0)
        cv.scrollToItem(at: p(29), at: .bottom, animated: false)
        XCTAssertTrue(GtkHarness.settle(cv))
        GtkHarness.waitForFrames(1, of: cv.viewport)
        XCTAssertEqual(Self.hostWidth(Self.cell(cv, 29), 0), 32, "a cell shown later is in editing mode")
    }}

    /// Every kind of accessory in a list drawn by the library's and the theme's CSS alone (the
    /// harness's test colours are switched off under a `plain` window), out of and in editing
    /// mode: the delete accessory's red circle shows only in editing mode. With
    /// $CV_SCREENSHOT_DIR set, the pictures stay there (run with GTK_THEME=Adwaita:dark,
    /// GDK_SCALE=2 or CV_TEST_RTL=1 for the other looks).
    func testEveryAccessoryOutOfAndInEditingMode() { MainActor.assumeIsolated {
        XCTAssertTrue(GtkHarness.available)  // GTK and its display, before the stylesheet
        let rtl = getenv("CV_TEST_RTL") != nil
        if rtl { gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL) }
        defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
        let plain = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(plain, """
            window.plain collectionview { background: @cv_view_bg_color; }
            window.plain .cell { background: none; border: none; border-radius: 0; }
            window.plain .cell:selected { background-color: alpha(@cv_accent_bg_color, 0.2); }
            window.plain reusableview:not(.cell) { background: none; }
            window.plain reusableview.list-separator { background-color: @cv_card_shade_color; }
            """, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(plain), 900)
        defer { gtk_style_context_remove_provider_for_display(gdk_display_get_default(), OpaquePointer(plain)) }
        let switchWidget = gtk_switch_new()!
        let kinds: [(String, [CellAccessory])] = [
            ("Disclosure indicator", [.disclosureIndicator()]),
            ("Checkmark", [.checkmark()]),
            ("Label", [.label(text: "12"), .disclosureIndicator()]),
            ("Detail", [.detail()]),
            ("Outline disclosure", [.outlineDisclosure()]),
            ("Custom view", [.customView(configuration: .init(customView: switchWidget, placement: .trailing))]),
            ("Multiselect (selected)", [.multiselect()]),
            ("Multiselect", [.multiselect()]),
            ("Insert", [.insert()]),
            ("Hidden checkmark", [.checkmark(options: .init(isHidden: true))]),
            ("Tinted", [.disclosureIndicator(options: .init(tintColor: .rgba(0.9, 0.45, 0))), .checkmark(options: .init(tintColor: .success))]),
        ]
        let rows = Rows(kinds.count)
        rows.items = kinds.map(\.0)
        rows.accessories = { path, _ in
            let own = kinds[path.item].1
            return own.first?.placement == .leading && own.first?.displayed == .whenEditing ? own + [.reorder()] : [.delete()] + own + [.reorder()]
        }
        let (cv, window) = Self.open(rows, height: 560)
        defer { GtkHarness.close(window) }
        gtk_widget_add_css_class(window, "plain")
        cv.allowsMultipleSelection = true
        cv.selectItem(at: p(6), animated: false, scrollPosition: [])
        XCTAssertTrue(GtkHarness.settle(cv))
        GtkHarness.waitForFrames(2, of: cv.viewport)
        let dir = GtkHarness.screenshotDirectory().path
        let suffix = (rtl ? "-rtl" : "") + (getenv("GTK_THEME").map { String(cString: $0).contains("dark") ? "-dark" : "" } ?? "")
            + (getenv("GDK_SCALE").map { "-\(String(cString: $0))x" } ?? "")
        let normal = try! XCTUnwrap(GtkHarness.screenshot(window, name: "list-cell-every-accessory\(suffix)", in: dir))
        cv.setEditing(true, animated: false)
        XCTAssertTrue(GtkHarness.settle(cv))
        GtkHarness.waitForFrames(2, of: cv.viewport)
        let editing = try! XCTUnwrap(GtkHarness.screenshot(window, name: "list-cell-every-accessory-editing\(suffix)", in: dir))
        GtkHarness.screenCapture(name: "list-cell-every-accessory-editing-screen\(suffix)")  // as X shows it (2x)
        let red: UInt32 = 0xcc0000  // plain GTK's error colour, the library's destructive colour without libadwaita
        XCTAssertEqual(GtkHarness.pixelCount(ofColour: red, inPNG: normal), 0, "no delete circle out of editing mode")
        XCTAssertGreaterThan(GtkHarness.pixelCount(ofColour: red, inPNG: editing), 100, "delete circles in editing mode")
    }}
}
