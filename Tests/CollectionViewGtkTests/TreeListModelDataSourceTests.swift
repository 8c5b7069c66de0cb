import XCTest
import Foundation
import CGtk
import GtkGlue
import CollectionLayout
import CollectionTestSupport
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A cell that shows its row as "name@depth".
private final class RowCell: CollectionViewCell {
    var text = ""
}

/// The view's items, as its cells show them, in order; "?" for an item without a cell.
@MainActor
private func shownRows(_ cv: CollectionView) -> [String] {
    (0..<cv.numberOfItems(inSection: 0)).map { (cv.cellForItem(at: IndexPath(item: $0, section: 0)) as? RowCell)?.text ?? "?" }
}

/// The tree model's rows as "name@depth", in order.
@MainActor
private func modelRows(_ tree: OpaquePointer, name: (UnsafeMutableRawPointer) -> String) -> [String] {
    (0..<g_list_model_get_n_items(tree)).map { i in
        let row = gtk_tree_list_model_get_row(tree, i)!
        defer { g_object_unref(UnsafeMutableRawPointer(row)) }
        let item = gtk_tree_list_row_get_item(row)!
        defer { g_object_unref(item) }
        return "\(name(item))@\(gtk_tree_list_row_get_depth(row))"
    }
}

@MainActor
private func stringOf(_ item: UnsafeMutableRawPointer) -> String {
    String(cString: gtk_string_object_get_string(OpaquePointer(item)))
}

/// A tree of GListStores of GtkStringObjects: each name's children, a store the test keeps
/// (GTK drops a collapsed row's child model; expanding again asks for it anew).
@MainActor
private final class StoreTree {
    let root: OpaquePointer
    var children: [String: OpaquePointer] = [:]
    var asked: [String] = []

    init(_ shape: [String: [String]]) {
        root = Self.store(shape["", default: []])
        for (name, names) in shape where !name.isEmpty { children[name] = Self.store(names) }
    }
    /// The children function: a new reference to the name's store, or nil for a leaf.
    func create(_ item: UnsafeMutablePointer<GObject>) -> OpaquePointer? {
        let name = stringOf(item)
        asked.append(name)
        guard let store = children[name] else { return nil }
        g_object_ref(UnsafeMutableRawPointer(store))
        return store
    }
    func append(_ name: String, to parent: String) {
        let object = gtk_string_object_new(name)!
        g_list_store_append(children[parent]!, UnsafeMutableRawPointer(object))
        g_object_unref(UnsafeMutableRawPointer(object))
    }
    static func store(_ names: [String]) -> OpaquePointer {
        let store = g_list_store_new(gtk_string_object_get_type())!
        for name in names {
            let object = gtk_string_object_new(name)!
            g_list_store_append(store, UnsafeMutableRawPointer(object))
            g_object_unref(UnsafeMutableRawPointer(object))
        }
        return store
    }
    func release() {
        g_object_unref(UnsafeMutableRawPointer(root))
        children.values.forEach { g_object_unref(UnsafeMutableRawPointer($0)) }
    }
}

/// What the view reported.
@MainActor
private final class Reports { var errors: [String] = [] }

/// A list of 20-point rows over `tree`'s stores, in a window tall enough to show every row.
@MainActor
private func openTreeView(_ tree: StoreTree, autoexpand: Bool = false, reports: Reports)
    -> (CollectionView, TreeListModelDataSource, WidgetPointer) {
    let cv = bareCollectionView(rowLayout())
    cv.register(RowCell.self, forCellWithReuseIdentifier: "row")
    cv.errorHandler = { reports.errors.append("\($0)") }
    let source = TreeListModelDataSource(collectionView: cv, rootModel: tree.root, autoexpand: autoexpand,
                                         createChildren: { tree.create($0) }) { cv, indexPath, item, row in
        let cell: RowCell = cv.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
        cell.text = "\(stringOf(item))@\(gtk_tree_list_row_get_depth(row))"
        return cell
    }
    return (cv, source, GtkHarness.window(for: cv, width: 400, height: 700))
}

@MainActor
private func rowLayout() -> FlowLayout {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 300, height: 20)
    layout.minimumLineSpacing = 2
    return layout
}

@MainActor
private func ip(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

/// The model row at `position` (a new reference).
@MainActor
private func modelRow(_ source: TreeListModelDataSource, _ position: Int) -> OpaquePointer {
    gtk_tree_list_model_get_row(source.treeListModel, guint(position))!
}

@MainActor
private func setExpandedInModel(_ source: TreeListModelDataSource, _ position: Int, _ expanded: Bool) {
    let row = modelRow(source, position)
    gtk_tree_list_row_set_expanded(row, expanded ? 1 : 0)
    g_object_unref(UnsafeMutableRawPointer(row))
}

private let shape: [String: [String]] = [
    "": ["a", "b", "c"],
    "a": ["a1", "a2"],
    "a1": ["a1x", "a1y"],
    "b": ["b1"],
]

/// A GtkTreeListModel feeding a collection view: its rows are the view's items, expanding and
/// collapsing on either side shows as animated batch updates, and the outline questions are
/// answered from the rows.
final class TreeListModelDataSourceTests: XCTestCase {
    /// Expanding and collapsing the model's rows (as a GtkTreeExpander would) animates the
    /// children in below their parent and out again; mid-animation the rows below are on
    /// their way and the new ones fading in.
    func testExpandAndCollapseOnTheModelSideAnimate() { MainActor.assumeIsolated {
        let tree = StoreTree(shape)
        defer { tree.release() }
        let reports = Reports()
        let (cv, source, window) = openTreeView(tree, reports: reports)
        defer { GtkHarness.close(window); _ = source }
        let model = source.treeListModel
        GtkHarness.wait(for: "the rows' cells") { !cv.hasPendingViews }
        XCTAssertEqual(shownRows(cv), ["a@0", "b@0", "c@0"])

        cv.animation = CollectionViewAnimation(duration: 2, curve: .linear)
        let bFrame = cv.cellForItem(at: ip(1))!.appliedAttributes!.frame
        setExpandedInModel(source, 0, true)
        XCTAssertTrue(cv.isAnimatingUpdates, "the expansion animates")
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 5)
        // Halfway, driven by the animator rather than the clock, so a slow machine cannot
        // finish it first.
        cv.animator.step(0.5)
        XCTAssertTrue(cv.isAnimatingUpdates, "still animating halfway")
        let a1 = cv.cellForItem(at: ip(1))!
        XCTAssertEqual(a1.appliedAttributes!.alpha, 0.5, accuracy: 1e-9, "a1 is fading in")
        let bNow = cv.cellForItem(at: ip(3))!.appliedAttributes!.frame
        let bEnd = cv.collectionViewLayout.layoutAttributesForItem(at: ip(3))!.frame
        XCTAssertEqual(bNow.minY, (bFrame.minY + bEnd.minY) / 2, accuracy: 0.01, "b is halfway down")
        XCTAssertGreaterThan(bEnd.minY, bFrame.minY)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), modelRows(model, name: stringOf))
        XCTAssertEqual(shownRows(cv), ["a@0", "a1@1", "a2@1", "b@0", "c@0"])
        cv.animation = .default

        // The outline, as the view asks it.
        XCTAssertEqual(source.outlineLevel(forItemAt: ip(1)), 1)
        XCTAssertEqual(source.outlineLevel(forItemAt: ip(3)), 0)
        XCTAssertEqual(source.parentIndexPath(ofItemAt: ip(2)), ip(0))
        XCTAssertNil(source.parentIndexPath(ofItemAt: ip(3)))
        XCTAssertTrue(source.isExpanded(itemAt: ip(0)))
        XCTAssertFalse(source.isExpanded(itemAt: ip(3)))
        XCTAssertTrue(source.isExpandable(itemAt: ip(1)), "a1 has children")
        XCTAssertFalse(source.isExpandable(itemAt: ip(2)), "a2 has none")
        XCTAssertFalse(source.isExpandable(itemAt: ip(4)), "nor has c")
        XCTAssertNil(source.outlineLevel(forItemAt: ip(5)), "past the end")

        // A grandchild level, then the parent collapses on the model's side.
        setExpandedInModel(source, 1, true)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), ["a@0", "a1@1", "a1x@2", "a1y@2", "a2@1", "b@0", "c@0"])
        XCTAssertEqual(source.parentIndexPath(ofItemAt: ip(3)), ip(1))
        setExpandedInModel(source, 0, false)
        XCTAssertTrue(cv.isAnimatingUpdates, "the collapse animates")
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 3)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), modelRows(model, name: stringOf))
        XCTAssertEqual(shownRows(cv), ["a@0", "b@0", "c@0"])
        XCTAssertEqual(reports.errors, [], "every signal became a valid batch")
    }}

    /// Expanding through the data source (what the view's disclosure and keys call) expands
    /// the model's row; the handlers are asked first and may refuse; `animated: false` lands at
    /// once; `includingDescendants` opens the whole subtree in one batch.
    func testExpandAndCollapseThroughTheDataSourceDriveTheModel() { MainActor.assumeIsolated {
        let tree = StoreTree(shape)
        defer { tree.release() }
        let reports = Reports()
        let (cv, source, window) = openTreeView(tree, reports: reports)
        defer { GtkHarness.close(window); _ = source }
        let model = source.treeListModel
        GtkHarness.wait(for: "the rows' cells") { !cv.hasPendingViews }
        var asked: [String] = []
        source.expansionHandlers.shouldExpand = { item in asked.append("should \(stringOf(item))"); return stringOf(item) != "b" }
        source.expansionHandlers.willExpand = { asked.append("will \(stringOf($0))") }
        source.expansionHandlers.shouldCollapse = { asked.append("should collapse \(stringOf($0))"); return true }

        source.setExpanded(true, itemAt: ip(0), includingDescendants: false, animated: true)
        XCTAssertTrue(cv.isAnimatingUpdates)
        let row = modelRow(source, 0)
        XCTAssertEqual(gtk_tree_list_row_get_expanded(row), 1, "the model's row expanded")
        g_object_unref(UnsafeMutableRawPointer(row))
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), ["a@0", "a1@1", "a2@1", "b@0", "c@0"])
        XCTAssertEqual(asked, ["should a", "will a"])

        // The handler refuses b.
        source.setExpanded(true, itemAt: ip(3), includingDescendants: false, animated: true)
        XCTAssertFalse(cv.isAnimatingUpdates)
        XCTAssertFalse(source.isExpanded(itemAt: ip(3)))
        XCTAssertEqual(asked.last, "should b")

        // Not animated: the collapse lands at once.
        source.setExpanded(false, itemAt: ip(0), includingDescendants: false, animated: false)
        XCTAssertFalse(cv.isAnimatingUpdates, "landed without animating")
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 3)
        XCTAssertTrue(GtkHarness.pump { !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), ["a@0", "b@0", "c@0"])
        XCTAssertEqual(asked.last, "should collapse a")

        // The whole subtree in one animated batch.
        asked = []
        source.setExpanded(true, itemAt: ip(0), includingDescendants: true, animated: true)
        XCTAssertTrue(cv.isAnimatingUpdates)
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 7)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), modelRows(model, name: stringOf))
        XCTAssertEqual(shownRows(cv), ["a@0", "a1@1", "a1x@2", "a1y@2", "a2@1", "b@0", "c@0"])
        XCTAssertEqual(asked, ["should a", "will a", "should a1", "will a1"], "each row that opened was asked")
        XCTAssertTrue(source.isExpanded(itemAt: ip(1)))

        // Expanding all below an expanded row opens what is still closed under it.
        source.setExpanded(false, itemAt: ip(1), includingDescendants: false, animated: true)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), ["a@0", "a1@1", "a2@1", "b@0", "c@0"])
        source.setExpanded(true, itemAt: ip(0), includingDescendants: true, animated: true)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), ["a@0", "a1@1", "a1x@2", "a1y@2", "a2@1", "b@0", "c@0"])

        // A bad index path is reported and changes nothing.
        source.setExpanded(true, itemAt: ip(40), includingDescendants: false, animated: true)
        XCTAssertEqual(reports.errors.count, 1)
        XCTAssertTrue(reports.errors.first?.contains("setExpanded") ?? false, "\(reports.errors)")
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 7)
    }}

    /// An expansion handler that expands another subtree while one is expanding row by row:
    /// the nested change is refused and reported, and the outer subtree lands whole, the view
    /// showing the model's rows.
    func testAHandlerExpandingDuringASubtreeExpandIsRefused() { MainActor.assumeIsolated {
        let tree = StoreTree(shape)
        defer { tree.release() }
        let reports = Reports()
        let (cv, source, window) = openTreeView(tree, reports: reports)
        defer { GtkHarness.close(window); _ = source }
        let model = source.treeListModel
        GtkHarness.wait(for: "the rows' cells") { !cv.hasPendingViews }
        source.expansionHandlers.willExpand = { item in
            // a2: a row the view already counts (the walk's batch has not landed yet).
            guard stringOf(item) == "a1", let a2 = modelRows(model, name: stringOf).firstIndex(of: "a2@1") else { return }
            source.setExpanded(true, itemAt: ip(a2), includingDescendants: true, animated: false)
        }
        source.setExpanded(true, itemAt: ip(0), includingDescendants: true, animated: true)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), modelRows(model, name: stringOf))
        XCTAssertEqual(shownRows(cv), ["a@0", "a1@1", "a1x@2", "a1y@2", "a2@1", "b@0", "c@0"])
        XCTAssertEqual(reports.errors.count, 1)
        XCTAssertTrue(reports.errors.first?.contains("subtree was expanding") ?? false, "\(reports.errors)")
    }}

    /// A child store that changes while its parent is expanded changes the view there: an
    /// append lands after the last child's own children, a removal takes the child's shown
    /// descendants with it, and the rows that stay keep their cells.
    func testAChildStoreChangingWhileExpandedChangesItsRows() { MainActor.assumeIsolated {
        let tree = StoreTree(shape)
        defer { tree.release() }
        let reports = Reports()
        let (cv, source, window) = openTreeView(tree, reports: reports)
        defer { GtkHarness.close(window); _ = source }
        let model = source.treeListModel
        GtkHarness.wait(for: "the rows' cells") { !cv.hasPendingViews }
        setExpandedInModel(source, 0, true)
        setExpandedInModel(source, 1, true)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), ["a@0", "a1@1", "a1x@2", "a1y@2", "a2@1", "b@0", "c@0"])
        let a2Cell = cv.cellForItem(at: ip(4))

        tree.append("a3", to: "a")
        XCTAssertTrue(cv.isAnimatingUpdates, "the append animates")
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), modelRows(model, name: stringOf))
        XCTAssertEqual(shownRows(cv), ["a@0", "a1@1", "a1x@2", "a1y@2", "a2@1", "a3@1", "b@0", "c@0"])
        tree.append("a1z", to: "a1")
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), ["a@0", "a1@1", "a1x@2", "a1y@2", "a1z@2", "a2@1", "a3@1", "b@0", "c@0"])

        // a1 goes from a's store with its three shown children.
        g_list_store_remove(tree.children["a"]!, 0)
        XCTAssertTrue(cv.isAnimatingUpdates, "the removal animates")
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 5)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), modelRows(model, name: stringOf))
        XCTAssertEqual(shownRows(cv), ["a@0", "a2@1", "a3@1", "b@0", "c@0"])
        XCTAssertTrue(cv.cellForItem(at: ip(1)) === a2Cell, "a2 moved up with its cell")

        // Sorted in place (GTK reports every child removed and added): rows match by item.
        let a3Cell = cv.cellForItem(at: ip(2))
        let store = tree.children["a"]!
        let a3 = g_list_model_get_item(store, 1)!, a2 = g_list_model_get_item(store, 0)!
        var swapped: [gpointer?] = [a3, a2]
        swapped.withUnsafeMutableBufferPointer { g_list_store_splice(store, 0, 2, $0.baseAddress, 2) }
        g_object_unref(a3)
        g_object_unref(a2)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), ["a@0", "a3@1", "a2@1", "b@0", "c@0"])
        XCTAssertTrue(cv.cellForItem(at: ip(1)) === a3Cell, "a3 moved with its cell")
        XCTAssertEqual(reports.errors, [])
    }}

    /// Collapsing a parent whose children are expanded takes every shown descendant away in
    /// one batch; GTK forgets the expansion below, so opening the parent again shows its
    /// children collapsed.
    func testCollapsingAParentWithExpandedGrandchildren() { MainActor.assumeIsolated {
        let tree = StoreTree(["": ["a", "b"], "a": ["a1", "a2"], "a1": ["a1x"], "a2": ["a2x", "a2y"], "a2x": ["deep"]])
        defer { tree.release() }
        let reports = Reports()
        let (cv, source, window) = openTreeView(tree, reports: reports)
        defer { GtkHarness.close(window); _ = source }
        let model = source.treeListModel
        GtkHarness.wait(for: "the rows' cells") { !cv.hasPendingViews }
        source.setExpanded(true, itemAt: ip(0), includingDescendants: true, animated: false)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), ["a@0", "a1@1", "a1x@2", "a2@1", "a2x@2", "deep@3", "a2y@2", "b@0"])
        let bCell = cv.cellForItem(at: ip(7))

        source.setExpanded(false, itemAt: ip(0), includingDescendants: false, animated: true)
        XCTAssertTrue(cv.isAnimatingUpdates)
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 2)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), modelRows(model, name: stringOf))
        XCTAssertEqual(shownRows(cv), ["a@0", "b@0"])
        XCTAssertTrue(cv.cellForItem(at: ip(1)) === bCell, "b moved up with its cell")

        source.setExpanded(true, itemAt: ip(0), includingDescendants: false, animated: true)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), ["a@0", "a1@1", "a2@1", "b@0"])
        XCTAssertFalse(source.isExpanded(itemAt: ip(2)))
        XCTAssertEqual(reports.errors, [])
    }}

    /// A tree model with autoexpand shows every row at once; a row collapsed through the data
    /// source and opened again comes back with its whole subtree, in one batch.
    func testAnAutoexpandingModel() { MainActor.assumeIsolated {
        let tree = StoreTree(shape)
        defer { tree.release() }
        let reports = Reports()
        let (cv, source, window) = openTreeView(tree, autoexpand: true, reports: reports)
        defer { GtkHarness.close(window); _ = source }
        let model = source.treeListModel
        GtkHarness.wait(for: "the rows' cells") { !cv.hasPendingViews }
        let all = ["a@0", "a1@1", "a1x@2", "a1y@2", "a2@1", "b@0", "b1@1", "c@0"]
        XCTAssertEqual(shownRows(cv), all)

        source.setExpanded(false, itemAt: ip(0), includingDescendants: false, animated: true)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), ["a@0", "b@0", "b1@1", "c@0"])
        source.setExpanded(true, itemAt: ip(0), includingDescendants: false, animated: true)
        XCTAssertTrue(cv.isAnimatingUpdates)
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 8)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), all)

        // New children come expanded.
        tree.children["a3"] = StoreTree.store(["a3x"])
        tree.append("a3", to: "a")
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), modelRows(model, name: stringOf))
        XCTAssertEqual(reports.errors, [])
    }}
}

/// How a subtree's expansions, signalled one by one, become one batch of inserts.
final class SubtreeExpansionPositionTests: XCTestCase {
    func testInsertsSignalledInTurnBecomeFinalPositions() { MainActor.assumeIsolated {
        typealias Event = (position: Int, removed: Int, added: Int)
        // Children of a row at 0 (range 1..<1, none shown), then two rows under its first child.
        XCTAssertEqual(TreeListModelDataSource.insertedPositions(of: [(1, 0, 2), (2, 0, 1)] as [Event], in: 1..<1), [1, 2, 3])
        // Two shown rows (1, 2); three come under the first, one under the last.
        XCTAssertEqual(TreeListModelDataSource.insertedPositions(of: [(2, 0, 3), (6, 0, 1)] as [Event], in: 1..<3), [2, 3, 4, 6])
        // A removal, or an insert outside the subtree, is no subtree expansion.
        XCTAssertNil(TreeListModelDataSource.insertedPositions(of: [(2, 1, 0)] as [Event], in: 1..<3))
        XCTAssertNil(TreeListModelDataSource.insertedPositions(of: [(9, 0, 1)] as [Event], in: 1..<3))
        XCTAssertNil(TreeListModelDataSource.insertedPositions(of: [(0, 0, 1)] as [Event], in: 1..<3))
        // Seeded: random inserts (as a depth-first walk makes, often inside earlier ones) give
        // the positions that inserting into a plain array in turn gives.
        var generator = SplitMix64(seed: 33)
        for _ in 0..<300 {
            let start = Int(generator.next() % 5)
            var rows = [Bool](repeating: false, count: Int(generator.next() % 6))
            var events: [Event] = []
            for _ in 0..<Int(generator.next() % 12) {
                let offset = Int(generator.next() % UInt64(rows.count + 1))
                let added = Int(generator.next() % 4)
                events.append((start + offset, 0, added))
                rows.insert(contentsOf: repeatElement(true, count: added), at: offset)
            }
            let expected = rows.indices.filter { rows[$0] }.map { $0 + start }
            XCTAssertEqual(TreeListModelDataSource.insertedPositions(of: events, in: start..<start + rows.count - expected.count),
                           expected, "\(events)")
        }
    }}
}

/// GTK's children function for a tree model a test makes itself: the StoreTree is the user data.
private let storeTreeChildren: GtkTreeListModelCreateModelFunc = { item, data in
    let address = UInt(bitPattern: item)
    let tree = Unmanaged<StoreTree>.fromOpaque(data!).takeUnretainedValue()
    let children = MainActor.assumeIsolated { tree.create(UnsafeMutablePointer<GObject>(bitPattern: address)!).map { UInt(bitPattern: $0) } }
    return children.flatMap { OpaquePointer(bitPattern: $0) }
}

/// A tree model the app made itself, passthrough (its items are the app's objects, not rows):
/// the data source still reads rows, and the cells still get the item and its row.
final class PassthroughTreeListModelDataSourceTests: XCTestCase {
    func testAPassthroughTreeModelMadeByTheApp() { MainActor.assumeIsolated {
        let tree = StoreTree(shape)
        defer { tree.release() }
        g_object_ref(UnsafeMutableRawPointer(tree.root))  // the tree model takes it over
        let model = gtk_tree_list_model_new(tree.root, 1, 0, storeTreeChildren, Unmanaged.passUnretained(tree).toOpaque(), nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(model)) }
        let cv = bareCollectionView(rowLayout())
        cv.register(RowCell.self, forCellWithReuseIdentifier: "row")
        let reports = Reports()
        cv.errorHandler = { reports.errors.append("\($0)") }
        let source = TreeListModelDataSource(collectionView: cv, treeListModel: model) { cv, indexPath, item, row in
            let cell: RowCell = cv.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
            cell.text = "\(stringOf(item))@\(gtk_tree_list_row_get_depth(row))"
            return cell
        }
        let window = GtkHarness.window(for: cv, width: 400, height: 700)
        defer { GtkHarness.close(window) }
        GtkHarness.wait(for: "the rows' cells") { !cv.hasPendingViews }
        XCTAssertEqual(shownRows(cv), ["a@0", "b@0", "c@0"])
        XCTAssertTrue(source.treeListModel == model)

        source.setExpanded(true, itemAt: ip(0), includingDescendants: true, animated: true)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), modelRows(model, name: stringOf))
        XCTAssertEqual(shownRows(cv), ["a@0", "a1@1", "a1x@2", "a1y@2", "a2@1", "b@0", "c@0"])
        let item = source.item(at: ip(2))!
        XCTAssertEqual(stringOf(item), "a1x")
        g_object_unref(item)
        let row = source.row(at: ip(2))!
        XCTAssertEqual(source.indexPath(of: row), ip(2))
        setExpandedInModel(source, 1, false)  // a1 collapses: the row of a1x leaves the model
        XCTAssertNil(source.indexPath(of: row), "a row no longer in the model has no index path")
        g_object_unref(UnsafeMutableRawPointer(row))
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), ["a@0", "a1@1", "a2@1", "b@0", "c@0"])
        XCTAssertEqual(reports.errors, [])
        _ = source
    }}
}

/// A tree past the identity limit: rows are no longer held, each change replaces its range,
/// and the view still follows; once the tree is small again, rows are held again.
final class LargeTreeListModelDataSourceTests: XCTestCase {
    func testARowOfMoreChildrenThanTheIdentityLimit() { MainActor.assumeIsolated {
        let wide = TreeListModelDataSource.identityLimit + 10
        let tree = StoreTree(["": ["a", "big", "c"]])
        defer { tree.release() }
        let many = g_list_store_new(gtk_string_object_get_type())!
        let objects = (0..<wide).map { gtk_string_object_new("k\($0)")! }
        var items = objects.map { Optional(UnsafeMutableRawPointer($0)) }
        items.withUnsafeMutableBufferPointer { g_list_store_splice(many, 0, 0, $0.baseAddress, guint($0.count)) }
        objects.forEach { g_object_unref(UnsafeMutableRawPointer($0)) }
        tree.children["big"] = many
        // Folders near the end: GTK runs the children function for a collapsed row each time
        // it is asked whether it can expand (only a leaf's answer is kept).
        for name in ["k\(wide - 3)", "k\(wide - 2)", "k\(wide - 1)"] { tree.children[name] = StoreTree.store(["x"]) }
        let reports = Reports()
        let (cv, source, window) = openTreeView(tree, reports: reports)
        defer { GtkHarness.close(window); _ = source }
        GtkHarness.wait(for: "the rows' cells") { !cv.hasPendingViews }

        source.setExpanded(true, itemAt: ip(1), includingDescendants: false, animated: true)
        XCTAssertEqual(cv.numberOfItems(inSection: 0), wide + 3)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        let visible = cv.indexPathsForVisibleItems.map(\.item).sorted()
        XCTAssertEqual(visible.prefix(4).map { (cv.cellForItem(at: ip($0)) as? RowCell)?.text }, ["a@0", "big@0", "k0@1", "k1@1"])
        XCTAssertEqual(source.parentIndexPath(ofItemAt: ip(wide + 1)), ip(1))
        XCTAssertEqual(source.outlineLevel(forItemAt: ip(wide + 2)), 0, "c, at the end")
        // Too large to hold rows, yet each row's children function runs once (a folder is
        // read once), not for each question.
        tree.asked = []
        XCTAssertTrue(source.isExpandable(itemAt: ip(wide)))
        XCTAssertTrue(source.isExpandable(itemAt: ip(wide)))
        XCTAssertTrue(source.isExpandable(itemAt: ip(wide - 1)))
        XCTAssertTrue(source.isExpandable(itemAt: ip(wide - 1)))
        XCTAssertEqual(tree.asked, ["k\(wide - 2)", "k\(wide - 3)"])

        // A child removed while shown: its row goes.
        g_list_store_remove(many, 0)
        XCTAssertEqual(cv.numberOfItems(inSection: 0), wide + 2)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual((cv.cellForItem(at: ip(2)) as? RowCell)?.text, "k1@1")
        // The rows moved up: the answers by position were forgotten, and the row now at
        // `wide` is asked about anew.
        tree.asked = []
        XCTAssertTrue(source.isExpandable(itemAt: ip(wide)))
        XCTAssertEqual(tree.asked, ["k\(wide - 1)"])
        XCTAssertTrue(source.isExpandable(itemAt: ip(1)), "big, expanded")

        source.setExpanded(false, itemAt: ip(1), includingDescendants: false, animated: true)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), ["a@0", "big@0", "c@0"])
        // Small again: a sort of the root moves rows with their cells.
        let cCell = cv.cellForItem(at: ip(2))
        // One splice puts them in reverse order (one signal: every row removed and added).
        var reversed = (0..<3).reversed().map { g_list_model_get_item(tree.root, guint($0)) }
        reversed.withUnsafeMutableBufferPointer { g_list_store_splice(tree.root, 0, 3, $0.baseAddress, 3) }
        reversed.forEach { g_object_unref($0) }
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shownRows(cv), modelRows(source.treeListModel, name: stringOf))
        XCTAssertEqual(shownRows(cv), ["c@0", "big@0", "a@0"])
        XCTAssertTrue(cv.cellForItem(at: ip(0)) === cCell, "c moved with its cell: rows are held again")
        XCTAssertEqual(reports.errors, [])
    }}
}

/// A tree of GtkDirectoryLists over a temporary folder tree: each folder's files arrive
/// asynchronously, and the view follows as they come.
final class DirectoryTreeDataSourceTests: XCTestCase {
    func testAFolderTreeLoadsAndExpands() throws { try MainActor.assumeIsolated {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("cv-tree-\(getpid())-\(Int.random(in: 0..<1_000_000))")
        defer { try? FileManager.default.removeItem(at: top) }
        for folder in ["d1/d2", "e"] {
            try FileManager.default.createDirectory(at: top.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["f0", "d1/f1", "d1/d2/f2", "d1/d2/f3"] {
            _ = FileManager.default.createFile(atPath: top.appendingPathComponent(file).path, contents: Data("x".utf8))
        }
        let attributes = "standard::name,standard::type"
        let file = g_file_new_for_path(top.path)!
        let root = gtk_directory_list_new(attributes, file)!
        g_object_unref(UnsafeMutableRawPointer(file))
        defer { g_object_unref(UnsafeMutableRawPointer(root)) }
        gtk_directory_list_set_monitored(root, 1)
        let name = { (info: UnsafeMutableRawPointer) in String(cString: g_file_info_get_name(OpaquePointer(info))) }

        let cv = bareCollectionView(rowLayout())
        cv.register(RowCell.self, forCellWithReuseIdentifier: "row")
        let reports = Reports()
        cv.errorHandler = { reports.errors.append("\($0)") }
        let source = TreeListModelDataSource(collectionView: cv, rootModel: root, createChildren: { item in
            // GtkDirectoryList gives each GFileInfo its GFile as "standard::file".
            let info = OpaquePointer(item)
            guard g_file_info_get_file_type(info) == G_FILE_TYPE_DIRECTORY,
                  let folder = g_file_info_get_attribute_object(info, "standard::file") else { return nil }
            let list = gtk_directory_list_new(attributes, OpaquePointer(folder))!
            gtk_directory_list_set_monitored(list, 1)
            return list
        }) { cv, indexPath, item, row in
            let cell: RowCell = cv.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
            cell.text = "\(name(item))@\(gtk_tree_list_row_get_depth(row))"
            return cell
        }
        let window = GtkHarness.window(for: cv, width: 400, height: 700)
        defer { GtkHarness.close(window) }
        let model = source.treeListModel
        @MainActor func settled(_ count: Int) -> Bool {
            !cv.isAnimatingUpdates && !cv.hasPendingViews && g_list_model_get_n_items(model) == count
                && shownRows(cv) == modelRows(model, name: name)
        }
        GtkHarness.wait(for: "the top folder's three entries") { settled(3) }
        XCTAssertEqual(Set(shownRows(cv)), ["d1@0", "e@0", "f0@0"])
        let d1 = shownRows(cv).firstIndex(of: "d1@0")!
        XCTAssertTrue(source.isExpandable(itemAt: ip(d1)))
        XCTAssertFalse(source.isExpandable(itemAt: ip(shownRows(cv).firstIndex(of: "f0@0")!)))

        // Through the data source: d1's entries load, then show below it.
        source.setExpanded(true, itemAt: ip(d1), includingDescendants: false, animated: true)
        GtkHarness.wait(for: "d1's two entries") { settled(5) }
        XCTAssertEqual(Set(shownRows(cv)[d1 + 1...d1 + 2]), ["d2@1", "f1@1"])
        let d2 = shownRows(cv).firstIndex(of: "d2@1")!
        XCTAssertEqual(source.parentIndexPath(ofItemAt: ip(d2)), ip(d1))

        // On the model's side: d2's entries load one level deeper.
        setExpandedInModel(source, d2, true)
        GtkHarness.wait(for: "d2's two entries") { settled(7) }
        XCTAssertEqual(Set(shownRows(cv)[d2 + 1...d2 + 2]), ["f2@2", "f3@2"])

        // A file made in d2 while it is shown comes on its own (the folder is monitored).
        // (made in place: a file written aside and renamed in is a rename to the monitor)
        close(creat(top.appendingPathComponent("d1/d2/f4").path, 0o644))
        GtkHarness.wait(for: "the new file") { settled(8) }
        XCTAssertTrue(shownRows(cv).contains("f4@2"))

        // Collapsing d1 takes d2's entries too.
        source.setExpanded(false, itemAt: ip(d1), includingDescendants: false, animated: true)
        GtkHarness.wait(for: "d1 collapsed") { settled(3) }
        XCTAssertEqual(reports.errors, [])
        _ = source
    }}
}
