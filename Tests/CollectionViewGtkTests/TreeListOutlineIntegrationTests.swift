import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A list cell with a title label and the outline disclosure.
@MainActor
private final class FolderRow: ListCell {
    let label = gtk_label_new(nil)!
    required init() {
        super.init()
        gtk_label_set_xalign(OpaquePointer(label), 0)
        append(label)
    }
}

/// TreeListModelDataSource in the outline view (parts 2 and 3 of issue 33 together): the
/// view's keys drive the GtkTreeListModel, and expansions on the model's side reach the cells.
final class TreeListOutlineIntegrationTests: XCTestCase {
    func testKeysDriveTheTreeModelAndTheModelDrivesTheCells() { MainActor.assumeIsolated {
        let root = g_list_store_new(gtk_string_object_get_type())!
        let kids = g_list_store_new(gtk_string_object_get_type())!
        defer { g_object_unref(UnsafeMutableRawPointer(root)); g_object_unref(UnsafeMutableRawPointer(kids)) }
        for (store, names) in [(root, ["A", "B"]), (kids, ["A1", "A2"])] {
            for name in names {
                let o = gtk_string_object_new(name)!
                g_list_store_append(store, UnsafeMutableRawPointer(o))
                g_object_unref(UnsafeMutableRawPointer(o))
            }
        }
        let name = { (item: UnsafeMutableRawPointer) in String(cString: gtk_string_object_get_string(OpaquePointer(item))) }
        let cv = bareCollectionView(CompositionalLayout.list(using: ListConfiguration(appearance: .sidebar)))
        cv.register(FolderRow.self, forCellWithReuseIdentifier: "row")
        let source = TreeListModelDataSource(collectionView: cv, rootModel: root, createChildren: { item in
            guard name(item) == "A" else { return nil }
            g_object_ref(UnsafeMutableRawPointer(kids))
            return kids
        }) { cv, indexPath, item, _ in
            let cell: FolderRow = cv.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
            gtk_label_set_text(OpaquePointer(cell.label), name(item))
            cell.accessories = name(item) == "A" ? [.outlineDisclosure()] : []
            return cell
        }
        let window = GtkHarness.window(for: cv, width: 400, height: 400)
        defer { GtkHarness.close(window) }
        XCTAssertTrue(GtkHarness.settle(cv))
        let a = cv.cellForItem(at: IndexPath(item: 0, section: 0)) as! FolderRow
        XCTAssertFalse(a.configurationState.isExpanded)

        gtk_widget_grab_focus(cv.viewport)
        cv.setFocusedItem(IndexPath(item: 0, section: 0), scroll: false)
        GtkHarness.keys("Right")
        XCTAssertEqual(g_list_model_get_n_items(source.treeListModel), 4, "Right expanded the model's row")
        XCTAssertTrue(a.configurationState.isExpanded)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 4)

        // The model's side: the cell's state follows.
        let row = gtk_tree_list_model_get_row(source.treeListModel, 0)!
        gtk_tree_list_row_set_expanded(row, 0)
        g_object_unref(UnsafeMutableRawPointer(row))
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 2)
        XCTAssertFalse(a.configurationState.isExpanded, "the model's collapse reached the cell")
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        _ = source
    }}
}
