import XCTest
import CGtk
import CCollectionHost
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A tree in memory shown as an outline: the rows are its expanded nodes, depth first; expand
/// and collapse are plain batch updates of the rows below the node.
@MainActor
private final class Tree: CollectionViewDataSource, CollectionViewDelegate, CollectionViewOutlineDataSource {
    final class Node {
        let name: String
        var children: [Node]
        var expanded: Bool
        weak var parent: Node?
        init(_ name: String, expanded: Bool = false, _ children: [Node] = []) {
            self.name = name
            self.children = children
            self.expanded = expanded
            for child in children { child.parent = self }
        }
    }

    let roots: [Node]
    private(set) var rows: [(node: Node, level: Int)] = []
    weak var view: CollectionView?
    var log: [String] = []
    /// The accessories of a node's row: by default a disclosure for a node with children.
    var accessories: (Node) -> [CellAccessory] = { $0.children.isEmpty ? [] : [.outlineDisclosure()] }
    /// An indentation the app sets itself, for some nodes.
    var appIndentation: (Node) -> Int? = { _ in nil }

    init(_ roots: [Node]) {
        self.roots = roots
        rows = Self.flatten(roots, level: 0)
    }

    static func flatten(_ nodes: [Node], level: Int) -> [(node: Node, level: Int)] {
        nodes.flatMap { [($0, level)] + ($0.expanded ? flatten($0.children, level: level + 1) : []) }
    }

    func row(named name: String) -> Int { rows.firstIndex { $0.node.name == name }! }
    var names: [String] { rows.map(\.node.name) }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { rows.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: TitledRow = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
        let node = rows[indexPath.item].node
        gtk_label_set_text(OpaquePointer(cell.label), node.name)
        cell.accessories = accessories(node)
        if let level = appIndentation(node) { cell.indentationLevel = level }
        return cell
    }

    func outlineLevel(forItemAt indexPath: IndexPath) -> Int? { rows[indexPath.item].level }
    func isExpandable(itemAt indexPath: IndexPath) -> Bool { !rows[indexPath.item].node.children.isEmpty }
    func isExpanded(itemAt indexPath: IndexPath) -> Bool { rows[indexPath.item].node.expanded }
    func parentIndexPath(ofItemAt indexPath: IndexPath) -> IndexPath? {
        guard let parent = rows[indexPath.item].node.parent else { return nil }
        return rows.firstIndex { $0.node === parent }.map { IndexPath(item: $0, section: 0) }
    }

    func setExpanded(_ expanded: Bool, itemAt indexPath: IndexPath, includingDescendants: Bool, animated: Bool) {
        let node = rows[indexPath.item].node
        log.append("\(expanded ? "expand" : "collapse") \(node.name)\(includingDescendants ? " all" : "")")
        guard let view else { return }
        let below = { (rows: [(node: Node, level: Int)]) in
            rows[(indexPath.item + 1)...].prefix { $0.level > rows[indexPath.item].level }.count
        }
        view.performBatchUpdates {
            let before = below(self.rows)
            node.expanded = expanded
            if includingDescendants { Self.setAll(node.children, expanded) }
            self.rows = Self.flatten(self.roots, level: 0)
            let after = below(self.rows)
            view.deleteItems(at: (0..<before).map { IndexPath(item: indexPath.item + 1 + $0, section: 0) })
            view.insertItems(at: (0..<after).map { IndexPath(item: indexPath.item + 1 + $0, section: 0) })
        }
        view.outlineStateDidChange(at: [indexPath])
    }

    private static func setAll(_ nodes: [Node], _ expanded: Bool) {
        for node in nodes {
            node.expanded = expanded
            setAll(node.children, expanded)
        }
    }
}

/// A list cell with a title label in its content area.
@MainActor
private final class TitledRow: ListCell {
    let label = gtk_label_new(nil)!
    required init() {
        super.init()
        gtk_label_set_xalign(OpaquePointer(label), 0)
        gtk_widget_set_margin_top(label, 10)
        gtk_widget_set_margin_bottom(label, 10)
        append(label)
    }
}

private func p(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

/// Outlines in a real window, through ``CollectionViewOutlineDataSource`` alone: the cells'
/// expanded state and the disclosure's turn, the disclosure button, GtkTreeExpander's keys (and
/// their mirror in right to left), indentation by level, and what assistive technologies get.
final class OutlineViewTests: XCTestCase {
    /// Folders A (collapsed: A1 with A1a, A2), B (expanded: B1, B2), and a leaf C.
    @MainActor
    private static func tree() -> Tree {
        Tree([
            .init("A", [.init("A1", [.init("A1a")]), .init("A2")]),
            .init("B", expanded: true, [.init("B1"), .init("B2")]),
            .init("C"),
        ])
    }

    @MainActor
    private static func open(_ tree: Tree, width: Int32 = 500) -> (CollectionView, WidgetPointer) {
        let cv = bareCollectionView(CompositionalLayout.list(using: ListConfiguration(appearance: .sidebar)))
        cv.register(TitledRow.self, forCellWithReuseIdentifier: "row")
        tree.view = cv
        cv.dataSource = tree
        cv.delegate = tree
        let window = GtkHarness.window(for: cv, width: width, height: 500)
        XCTAssertTrue(GtkHarness.settle(cv))
        GtkHarness.waitForFrames(2, of: cv.viewport)
        return (cv, window)
    }

    @MainActor
    private static func cell(_ cv: CollectionView, _ tree: Tree, _ name: String) -> TitledRow {
        cv.cellForItem(at: p(tree.row(named: name))) as! TitledRow
    }

    /// The extent of the drawn (non-transparent) pixels of a widget: a chevron pointing sideways
    /// is taller than wide, one pointing down wider than tall.
    @MainActor
    private static func inkSize(of widget: WidgetPointer) -> (width: Int, height: Int) {
        let pixels = GtkHarness.renderedPixels(of: widget)
        var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        for y in 0..<pixels.height {
            for x in 0..<pixels.width where pixels.bytes[y * pixels.stride + x * 4 + 3] > 96 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? (0, 0) : (maxX - minX + 1, maxY - minY + 1)
    }

    /// Where the drawn pixels of a widget lean: the ink in its right (or bottom) half less the
    /// ink in its left (or top) half. A chevron's lean tells which way it points.
    @MainActor
    private static func inkLean(of widget: WidgetPointer, vertical: Bool = false) -> Int {
        let pixels = GtkHarness.renderedPixels(of: widget)
        var before = 0, after = 0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width where pixels.bytes[y * pixels.stride + x * 4 + 3] > 96 {
                let (at, extent) = vertical ? (y, pixels.height) : (x, pixels.width)
                if at < extent / 2 { before += 1 } else if at >= (extent + 1) / 2 { after += 1 }
            }
        }
        return after - before
    }

    @MainActor
    private static func disclosureImage(_ cell: ListCell) -> WidgetPointer {
        gtk_widget_get_first_child(cell.accessoryWidget(at: 0)!)!  // the button's image
    }

    /// Each cell's state says whether its item is expanded, and its disclosure points to the
    /// trailing edge while collapsed and down while expanded (after the turn's transition).
    func testCellsTakeTheExpandedStateAndTheDisclosureTurns() { MainActor.assumeIsolated {
        let tree = Self.tree()
        let (cv, window) = Self.open(tree)
        defer { GtkHarness.close(window) }
        XCTAssertEqual(tree.names, ["A", "B", "B1", "B2", "C"])
        let a = Self.cell(cv, tree, "A"), b = Self.cell(cv, tree, "B")
        XCTAssertFalse(a.configurationState.isExpanded)
        XCTAssertTrue(b.configurationState.isExpanded)
        XCTAssertFalse(Self.cell(cv, tree, "C").configurationState.isExpanded)
        let collapsed = Self.inkSize(of: Self.disclosureImage(a)), expanded = Self.inkSize(of: Self.disclosureImage(b))
        XCTAssertGreaterThan(collapsed.height, collapsed.width, "A's chevron points sideways: \(collapsed)")
        XCTAssertGreaterThan(expanded.width, expanded.height, "B's chevron points down: \(expanded)")
        // Expanding A (as the data source does, then telling the view) turns A's chevron.
        tree.setExpanded(true, itemAt: p(0), includingDescendants: false, animated: true)
        XCTAssertTrue(a.configurationState.isExpanded, "the state changed at once")
        XCTAssertEqual(tree.names, ["A", "A1", "A2", "B", "B1", "B2", "C"])
        GtkHarness.wait(for: "A's chevron to turn down") {
            let size = Self.inkSize(of: Self.disclosureImage(a))
            return size.width > size.height
        }
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 7)
    }}

    /// In right to left the collapsed disclosure points the other way (to the trailing edge,
    /// the left) and the expanded one still points down.
    func testTheDisclosureMirrorsInRightToLeft() { MainActor.assumeIsolated {
        var leans: [(collapsed: Int, expanded: Int)] = []
        for rtl in [false, true] {
            gtk_widget_set_default_direction(rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
            defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
            let tree = Self.tree()
            let (cv, window) = Self.open(tree)
            defer { GtkHarness.close(window) }
            let a = Self.disclosureImage(Self.cell(cv, tree, "A")), b = Self.disclosureImage(Self.cell(cv, tree, "B"))
            let expanded = Self.inkSize(of: b)
            XCTAssertGreaterThan(expanded.width, expanded.height, "B's chevron points down (rtl \(rtl)): \(expanded)")
            leans.append((Self.inkLean(of: a), Self.inkLean(of: b, vertical: true)))
        }
        XCTAssertNotEqual(leans[0].collapsed, 0)
        XCTAssertEqual(leans[0].collapsed.signum(), -leans[1].collapsed.signum(), "collapsed: mirrored \(leans)")
        XCTAssertNotEqual(leans[0].expanded, 0)
        XCTAssertEqual(leans[0].expanded.signum(), leans[1].expanded.signum(), "expanded: both down \(leans)")
    }}

    /// A click on the disclosure button expands its row, the next collapses it; with an action
    /// handler of the app's, the handler runs instead (as in UIKit).
    func testTheDisclosureButtonExpandsAndCollapses() { MainActor.assumeIsolated {
        let tree = Self.tree()
        let (cv, window) = Self.open(tree)
        defer { GtkHarness.close(window) }
        @MainActor func clickDisclosure(of name: String) {
            // The rows an expansion moved are still sliding on a busy machine: a point taken
            // mid-slide is no longer the button's when the click arrives.
            GtkHarness.wait(for: "the last expansion's animation to end") { !cv.animator.isRunning }
            XCTAssertTrue(GtkHarness.settle(cv))
            let button = Self.cell(cv, tree, name).accessoryWidget(at: 0)!
            let point = GtkHarness.windowPoint(of: button, x: Double(gtk_widget_get_width(button)) / 2, y: Double(gtk_widget_get_height(button)) / 2)
            let count = tree.log.count
            GtkHarness.pointer(window, at: point, then: ["click", "1"])
            GtkHarness.wait(for: "the click to reach \(name)'s disclosure") { tree.log.count > count }
            XCTAssertTrue(GtkHarness.settle(cv))
        }
        clickDisclosure(of: "A")
        XCTAssertEqual(tree.log, ["expand A"])
        XCTAssertEqual(tree.names, ["A", "A1", "A2", "B", "B1", "B2", "C"])
        XCTAssertTrue(Self.cell(cv, tree, "A").configurationState.isExpanded)
        XCTAssertNotNil(cv.cellForItem(at: p(1)), "A1 has a cell")
        clickDisclosure(of: "B")
        XCTAssertEqual(tree.names, ["A", "A1", "A2", "B", "C"])
        XCTAssertFalse(Self.cell(cv, tree, "B").configurationState.isExpanded)
        XCTAssertEqual(cv.indexPathsForSelectedItems, [], "the button's clicks select nothing")
        // The app's handler instead of the default.
        tree.accessories = { node in node.children.isEmpty ? [] : [.outlineDisclosure(actionHandler: { tree.log.append("handler \(node.name)") })] }
        cv.reloadData()
        XCTAssertTrue(GtkHarness.settle(cv))
        clickDisclosure(of: "A")
        XCTAssertEqual(tree.log.last, "handler A")
        XCTAssertEqual(tree.names, ["A", "A1", "A2", "B", "C"], "nothing expanded or collapsed")
    }}

    /// Right expands a collapsed row, then moves into its first child; Left goes back to the
    /// parent, then collapses it; `+`, `-` and `*` expand, collapse, and expand all below. In
    /// right to left, Left and Right swap.
    func testOutlineKeysInBothDirections() { MainActor.assumeIsolated {
        for rtl in [false, true] {
            gtk_widget_set_default_direction(rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
            defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
            let inward = rtl ? "Left" : "Right", outward = rtl ? "Right" : "Left"
            let tree = Self.tree()
            let (cv, window) = Self.open(tree)
            defer { GtkHarness.close(window) }
            gtk_widget_grab_focus(cv.viewport)
            cv.setFocusedItem(p(0), scroll: false)
            GtkHarness.keys(inward)
            XCTAssertEqual(tree.names, ["A", "A1", "A2", "B", "B1", "B2", "C"], "\(inward) expands A")
            XCTAssertEqual(cv.indexPathForFocusedItem, p(0), "the focus stays on A")
            GtkHarness.keys(inward)
            XCTAssertEqual(cv.indexPathForFocusedItem, p(1), "\(inward) on expanded A goes to A1")
            XCTAssertEqual(cv.indexPathsForSelectedItems, [p(1)], "as a plain arrow, the focus is selected")
            GtkHarness.keys(outward)
            XCTAssertEqual(cv.indexPathForFocusedItem, p(0), "\(outward) on collapsed A1 goes to its parent")
            GtkHarness.keys(outward)
            XCTAssertEqual(tree.names, ["A", "B", "B1", "B2", "C"], "\(outward) collapses A")
            GtkHarness.keys(outward)
            XCTAssertEqual(cv.indexPathForFocusedItem, p(0), "a collapsed root stays")
            XCTAssertEqual(tree.log, ["expand A", "collapse A"])
            // A leaf: inward does nothing, outward goes to its parent.
            cv.setFocusedItem(p(2), scroll: false)
            GtkHarness.keys(inward)
            XCTAssertEqual(cv.indexPathForFocusedItem, p(2))
            GtkHarness.keys(outward)
            XCTAssertEqual(cv.indexPathForFocusedItem, p(1), "B1 to B")
            // + - and * (the keypad's too).
            GtkHarness.keys("minus")
            XCTAssertEqual(tree.names, ["A", "B", "C"])
            GtkHarness.keys("KP_Add")
            XCTAssertEqual(tree.names, ["A", "B", "B1", "B2", "C"])
            GtkHarness.keys("KP_Subtract", "plus")
            XCTAssertEqual(tree.names, ["A", "B", "B1", "B2", "C"])
            cv.setFocusedItem(p(0), scroll: false)
            GtkHarness.keys("asterisk")
            XCTAssertEqual(tree.names, ["A", "A1", "A1a", "A2", "B", "B1", "B2", "C"], "* expands everything below A")
            XCTAssertEqual(tree.log.suffix(5), ["collapse B", "expand B", "collapse B", "expand B", "expand A all"])
            XCTAssertTrue(GtkHarness.settle(cv))
            XCTAssertTrue(Self.cell(cv, tree, "A1").configurationState.isExpanded, "A1 came in expanded")
        }
    }}

    /// In a grid whose data source is no outline, the arrows move as always and `+` is not taken.
    func testArrowsInAGridWithoutAnOutlineMoveAsBefore() { MainActor.assumeIsolated {
        let source = GridSource(counts: [12])
        let layout = FlowLayout()
        layout.itemSize = Size(width: 80, height: 80)
        let cv = bareCollectionView(layout)
        cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
        cv.dataSource = source
        let window = GtkHarness.window(for: cv, width: 500, height: 400)
        defer { GtkHarness.close(window) }
        XCTAssertTrue(GtkHarness.settle(cv))
        gtk_widget_grab_focus(cv.viewport)
        cv.setFocusedItem(p(0), scroll: false)
        GtkHarness.keys("Right", "Right")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(2))
        GtkHarness.keys("Left")
        XCTAssertEqual(cv.indexPathForFocusedItem, p(1))
        XCTAssertNil(cv.cellForItem(at: p(1))!.outline)
        XCTAssertFalse(cv.outlineKeySetExpanded(true, includingDescendants: false), "+ goes on to the window")
    }}

    /// Rows indent by their level (the content moves by the indentation width per level) unless
    /// the app set a level itself.
    func testRowsIndentByLevelUnlessTheAppSetsOne() { MainActor.assumeIsolated {
        let tree = Self.tree()
        tree.roots[0].expanded = true
        tree.roots[0].children[0].expanded = true
        let t = Tree(tree.roots)
        t.appIndentation = { $0.name == "A2" ? 0 : nil }
        let (cv, window) = Self.open(t)
        defer { GtkHarness.close(window) }
        XCTAssertEqual(t.names, ["A", "A1", "A1a", "A2", "B", "B1", "B2", "C"])
        @MainActor func contentX(_ name: String) -> Double {
            let cell = Self.cell(cv, t, name)
            return GtkHarness.bounds(of: cell.label, in: cell.widget)!.minX
        }
        let width = Self.cell(cv, t, "A").indentationWidth
        XCTAssertEqual(Self.cell(cv, t, "A1a").indentationLevel, 2)
        XCTAssertEqual(contentX("A1") - contentX("A"), width, accuracy: 0.5)
        // A leaf has no disclosure: compare leaves with leaves.
        XCTAssertEqual(contentX("B1") - contentX("C"), width, accuracy: 0.5)
        XCTAssertEqual(contentX("A1a") - contentX("C"), 2 * width, accuracy: 0.5)
        XCTAssertEqual(Self.cell(cv, t, "A2").indentationLevel, 0, "the app's level wins")
        XCTAssertEqual(contentX("A2"), contentX("C"), accuracy: 0.5)
        // Reconfigured without the app's level, the rows take their outline's again.
        t.appIndentation = { _ in nil }
        cv.reloadData()
        XCTAssertTrue(GtkHarness.settle(cv))
        XCTAssertEqual(Self.cell(cv, t, "A2").indentationLevel, 1)
        for (row, entry) in t.rows.enumerated() {
            XCTAssertEqual((cv.cellForItem(at: p(row)) as? ListCell)?.indentationLevel, entry.level, "\(entry.node.name)'s cell")
        }
        XCTAssertEqual(contentX("A2"), contentX("B1"), accuracy: 0.5)
    }}

    /// Rows of expandable items have the expanded state (a leaf's is undefined, so it is not
    /// expandable) and a 1-based level; an expand or collapse updates the state.
    func testAssistiveTechnologiesGetExpandedStateAndLevel() { MainActor.assumeIsolated {
        let tree = Self.tree()
        let (cv, window) = Self.open(tree)
        defer { GtkHarness.close(window) }
        @MainActor func check(_ name: String, expanded: Int32, level: Int32, _ line: UInt = #line) {
            let widget = Self.cell(cv, tree, name).widget
            XCTAssertTrue(cv_accessible_expanded_is(widget, expanded) != 0, "\(name) expanded \(expanded)", line: line)
            XCTAssertTrue(cv_accessible_level_is(widget, level) != 0, "\(name) level \(level)", line: line)
        }
        check("A", expanded: 0, level: 1)
        check("B", expanded: 1, level: 1)
        let button = Self.cell(cv, tree, "A").accessoryWidget(at: 0)!
        XCTAssertTrue(cv_accessible_expanded_is(button, 0) != 0 && cv_accessible_label_is(button, "Expand") != 0, "A's disclosure button")
        check("B1", expanded: -1, level: 2)
        check("C", expanded: -1, level: 1)
        tree.setExpanded(true, itemAt: p(0), includingDescendants: false, animated: true)
        XCTAssertTrue(GtkHarness.settle(cv))
        check("A", expanded: 1, level: 1)
        check("A1", expanded: 0, level: 2)
        XCTAssertTrue(cv_accessible_expanded_is(button, 1) != 0 && cv_accessible_label_is(button, "Collapse") != 0, "A's disclosure button")
        tree.setExpanded(false, itemAt: p(tree.row(named: "B")), includingDescendants: false, animated: true)
        XCTAssertTrue(GtkHarness.settle(cv))
        check("B", expanded: 0, level: 1)
    }}
}
