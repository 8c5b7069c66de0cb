import XCTest
import Foundation
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A cell that shows a GtkStringObject's string.
private final class StringCell: CollectionViewCell {
    var text = ""
}

@MainActor
private func texts(_ cv: CollectionView) -> [String] {
    cv.indexPathsForVisibleItems.map { (cv.cellForItem(at: $0) as? StringCell)?.text ?? "?" }
}

@MainActor
private func modelStrings(_ model: OpaquePointer) -> [String] {
    (0..<g_list_model_get_n_items(model)).map { i in
        let item = g_list_model_get_item(model, i)!
        defer { g_object_unref(item) }
        return String(cString: gtk_string_object_get_string(OpaquePointer(item)))
    }
}

/// What the view reported.
@MainActor
private final class Reports { var errors: [String] = [] }

/// A collection view of 100x100 cells over `model`, in a window; `text` reads an item's label.
@MainActor
private func openListView(_ model: OpaquePointer, reports: Reports = Reports(), sectionKey: ListModelDataSource.SectionKey? = nil,
                          itemKey: ListModelDataSource.ItemKey? = nil,
                          text: @escaping (UnsafeMutableRawPointer) -> String = { String(cString: gtk_string_object_get_string(OpaquePointer($0))) })
    -> (CollectionView, ListModelDataSource, WidgetPointer) {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    let cv = bareCollectionView(layout)
    cv.register(StringCell.self, forCellWithReuseIdentifier: "s")
    cv.errorHandler = { reports.errors.append("\($0)") }
    let source = ListModelDataSource(collectionView: cv, model: model, sectionKey: sectionKey, itemKey: itemKey) { cv, indexPath, item in
        let cell: StringCell = cv.dequeueReusableCell(withReuseIdentifier: "s", for: indexPath)
        cell.text = text(item)
        return cell
    }
    return (cv, source, GtkHarness.window(for: cv))
}

/// A GListModel feeding a collection view: its items-changed signals become animated batch
/// updates, and each cell shows its item.
final class ListModelDataSourceTests: XCTestCase {
    func testStringListChangesAnimateAndCellsShowTheirItems() { MainActor.assumeIsolated {
        let list = gtk_string_list_new(nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(list)) }
        for i in 0..<10 { gtk_string_list_append(list, "item \(i)") }
        let reports = Reports()
        let (cv, source, window) = openListView(list, reports: reports)
        defer { GtkHarness.close(window); _ = source }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        let model = list
        XCTAssertEqual(texts(cv), modelStrings(model))

        // Append: an animated insert.
        gtk_string_list_append(list, "new")
        XCTAssertTrue(cv.isAnimatingUpdates, "the change animates")
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 11)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates })
        XCTAssertEqual(texts(cv), modelStrings(model))

        // Remove and splice: the cells that stay keep their views, the rest follow the model.
        let kept = cv.cellForItem(at: IndexPath(item: 9, section: 0))
        gtk_string_list_remove(list, 3)
        XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 8, section: 0)) === kept, "item 9 moved up with its view")
        let replacement = ["x", "y", "z"]
        var cStrings = replacement.map { strdup($0) } + [nil]
        cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_string_list_splice(list, 0, 2, $0)
            }
        }
        cStrings.forEach { free($0) }
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates })
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 11)
        XCTAssertEqual(texts(cv), modelStrings(model))
        XCTAssertEqual(reports.errors, [], "every signal became a valid batch")
    }}

    /// Sorting through GtkSortListModel animates in a view over it: each item moves with its
    /// cell (GTK reports a sort as every item removed and added; the data source matches them
    /// by identity).
    func testSortModelDrivesTheView() { MainActor.assumeIsolated {
        let list = gtk_string_list_new(nil)!
        for word in ["pear", "apple", "fig", "banana", "cherry", "date"] { gtk_string_list_append(list, word) }
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        let sorter = gtk_string_sorter_new(expression)!
        // The sort model takes the list and the sorter (both references).
        let sorted = gtk_sort_list_model_new(list, nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(sorted)) }
        let (cv, source, window) = openListView(sorted)
        defer { GtkHarness.close(window); _ = source }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        XCTAssertEqual(texts(cv), ["pear", "apple", "fig", "banana", "cherry", "date"])
        let appleCell = cv.cellForItem(at: IndexPath(item: 1, section: 0))
        gtk_sort_list_model_set_sorter(sorted, UnsafeMutableRawPointer(sorter).assumingMemoryBound(to: GtkSorter.self))
        g_object_unref(UnsafeMutableRawPointer(sorter))
        XCTAssertTrue(cv.isAnimatingUpdates, "sorting animates")
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates })
        XCTAssertEqual(texts(cv), ["apple", "banana", "cherry", "date", "fig", "pear"])
        XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 0, section: 0)) === appleCell, "the sort moved apple's cell")
    }}

    /// Filtering through GtkFilterListModel animates: what the filter drops goes, what it
    /// lets back in comes, and what stays keeps its cell.
    func testFilterModelChangesAnimate() { MainActor.assumeIsolated {
        let list = gtk_string_list_new(nil)!
        for word in ["pear", "apple", "fig", "banana", "cherry", "date"] { gtk_string_list_append(list, word) }
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        let filter = gtk_string_filter_new(expression)!
        gtk_string_filter_set_match_mode(filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING)
        // The filter model takes the list and a reference to the filter; this test keeps one.
        g_object_ref(UnsafeMutableRawPointer(filter))
        defer { g_object_unref(UnsafeMutableRawPointer(filter)) }
        let filtered = gtk_filter_list_model_new(list, UnsafeMutableRawPointer(filter).assumingMemoryBound(to: GtkFilter.self))!
        defer { g_object_unref(UnsafeMutableRawPointer(filtered)) }
        let reports = Reports()
        let (cv, source, window) = openListView(filtered, reports: reports)
        defer { GtkHarness.close(window); _ = source }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        XCTAssertEqual(texts(cv), ["pear", "apple", "fig", "banana", "cherry", "date"])
        let cherry = cv.cellForItem(at: IndexPath(item: 4, section: 0))

        gtk_string_filter_set_search(filter, "e")
        XCTAssertTrue(cv.isAnimatingUpdates, "filtering animates")
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(texts(cv), ["pear", "apple", "cherry", "date"])
        XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 2, section: 0)) === cherry, "cherry kept its cell")

        gtk_string_filter_set_search(filter, nil)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(texts(cv), ["pear", "apple", "fig", "banana", "cherry", "date"])
        XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 4, section: 0)) === cherry)
        XCTAssertEqual(reports.errors, [])
    }}

    /// With an item key, new objects for the same key are the same item: a model that makes
    /// its objects anew (as a GtkDirectoryList read again does) changes only what changed.
    func testAnItemKeyMatchesNewObjectsForTheSameThing() { MainActor.assumeIsolated {
        let list = gtk_string_list_new(nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(list)) }
        for word in ["a", "b", "c", "d"] { gtk_string_list_append(list, word) }
        let string = { (item: UnsafeMutableRawPointer) in String(cString: gtk_string_object_get_string(OpaquePointer(item))) }
        let (cv, source, window) = openListView(list, itemKey: { AnyHashable(string($0)) })
        defer { GtkHarness.close(window); _ = source }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        let cells = (0..<4).map { cv.cellForItem(at: IndexPath(item: $0, section: 0)) }
        let made = cv.reuseStatistics.created
        // Every object replaced: new "a"... "d" objects, with "x" added between b and c.
        let words = ["a", "b", "x", "c", "d"]
        var cStrings = words.map { strdup($0) } + [nil]
        cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_string_list_splice(list, 0, 4, $0)
            }
        }
        cStrings.forEach { free($0) }
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(texts(cv), words)
        XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 0, section: 0)) === cells[0], "a kept its cell")
        XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 3, section: 0)) === cells[2], "c moved down with its cell")
        XCTAssertEqual(cv.reuseStatistics.created, made + 1, "one new cell, for x")
    }}

    /// With a section key, runs of equal keys are sections: an item that comes with a new key
    /// makes a section appear, the last items of a key take their section away, and the items
    /// that stay keep their cells.
    func testASectionKeyGroupsItemsIntoSectionsThatFollowTheModel() { MainActor.assumeIsolated {
        let list = gtk_string_list_new(nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(list)) }
        for word in ["a1", "a2", "b1", "b2", "b3"] { gtk_string_list_append(list, word) }
        let reports = Reports()
        let (cv, source, window) = openListView(list, reports: reports, sectionKey: { String(cString: gtk_string_object_get_string(OpaquePointer($0))).prefix(1).description })
        defer { GtkHarness.close(window); _ = source }
        @MainActor func shown() -> [[String]] {
            (0..<cv.numberOfSections).map { s in
                (0..<cv.numberOfItems(inSection: s)).map { (cv.cellForItem(at: IndexPath(item: $0, section: s)) as? StringCell)?.text ?? "?" }
            }
        }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        XCTAssertEqual(shown(), [["a1", "a2"], ["b1", "b2", "b3"]])
        XCTAssertEqual(source.sectionKey(ofSection: 1), "b")
        XCTAssertEqual(source.position(of: IndexPath(item: 1, section: 1)), 3)

        // A new key at the end: a section is inserted, animated.
        gtk_string_list_append(list, "c1")
        XCTAssertTrue(cv.isAnimatingUpdates)
        XCTAssertEqual(cv.numberOfSections, 3)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shown(), [["a1", "a2"], ["b1", "b2", "b3"], ["c1"]])

        // The a's go: their section goes; b2's cell stays b2's.
        let b2 = cv.cellForItem(at: IndexPath(item: 1, section: 1))
        gtk_string_list_splice(list, 0, 2, nil)
        XCTAssertEqual(cv.numberOfSections, 2)
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shown(), [["b1", "b2", "b3"], ["c1"]])
        XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 1, section: 0)) === b2)

        // A key that comes back later is a section of its own (sections are runs).
        gtk_string_list_append(list, "b9")
        XCTAssertTrue(GtkHarness.pump { !cv.isAnimatingUpdates && !cv.hasPendingViews })
        XCTAssertEqual(shown(), [["b1", "b2", "b3"], ["c1"], ["b9"]])
        XCTAssertEqual(reports.errors, [], "every signal became a valid batch")
    }}

    /// The identity match: moves are the fewest (what is out of the longest run kept in
    /// order), repeated objects fall back to replacing the range.
    func testChangesInsideARangeAreMatchedByIdentity() { MainActor.assumeIsolated {
        let sorted = ListModelDataSource.change(from: [5, 1, 2, 3, 4], to: [1, 2, 3, 4, 5], at: 10)
        XCTAssertEqual(sorted.deleted, [])
        XCTAssertEqual(sorted.inserted, [])
        XCTAssertEqual(sorted.moved.count, 1, "one move: 5 to the end")
        XCTAssertEqual(sorted.moved.first.map { [$0.from.item, $0.to.item] }, [10, 14])
        let filtered = ListModelDataSource.change(from: [1, 2, 3, 4], to: [2, 4], at: 0)
        XCTAssertEqual(filtered.deleted.map(\.item), [0, 2])
        XCTAssertTrue(filtered.moved.isEmpty && filtered.inserted.isEmpty)
        let repeated = ListModelDataSource.change(from: [7, 7], to: [7], at: 3)
        XCTAssertEqual(repeated.deleted.map(\.item), [3, 4])
        XCTAssertEqual(repeated.inserted.map(\.item), [3])
    }}
}

/// A monitored GtkDirectoryList: files created and deleted in a folder come and go in the
/// view, animated.
final class DirectoryListDataSourceTests: XCTestCase {
    func testFilesAppearAndGoAsTheFolderChanges() throws { try MainActor.assumeIsolated {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cv-dir-\(getpid())-\(Int.random(in: 0..<1_000_000))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a.txt", "b.txt", "c.txt"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data("x".utf8)))
        }
        let file = g_file_new_for_path(folder.path)!
        let list = gtk_directory_list_new("standard::name", file)!
        g_object_unref(UnsafeMutableRawPointer(file))
        defer { g_object_unref(UnsafeMutableRawPointer(list)) }
        gtk_directory_list_set_monitored(list, 1)
        let reports = Reports()
        let (cv, source, window) = openListView(list, reports: reports, text: { String(cString: g_file_info_get_name(OpaquePointer($0))) })
        defer { GtkHarness.close(window); _ = source }
        XCTAssertTrue(GtkHarness.pump { gtk_directory_list_is_loading(list) == 0 && cv.numberOfItems(inSection: 0) == 3 })
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        XCTAssertEqual(Set(texts(cv)), ["a.txt", "b.txt", "c.txt"])

        close(creat(folder.appendingPathComponent("new.txt").path, 0o644))
        var animated = false
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { animated = animated || cv.isAnimatingUpdates; return cv.numberOfItems(inSection: 0) == 4 },
                      "the new file appears")
        XCTAssertTrue(GtkHarness.pump { animated = animated || cv.isAnimatingUpdates; return animated }, "and animates in")
        GtkHarness.wait(for: "the animations to end and the views to be made") { !cv.isAnimatingUpdates && !cv.hasPendingViews }
        XCTAssertTrue(texts(cv).contains("new.txt"))

        unlink(folder.appendingPathComponent("b.txt").path)
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { cv.numberOfItems(inSection: 0) == 3 }, "the deleted file goes")
        GtkHarness.wait(for: "the animations to end and the views to be made") { !cv.isAnimatingUpdates && !cv.hasPendingViews }
        XCTAssertEqual(Set(texts(cv)), ["a.txt", "c.txt", "new.txt"])
        XCTAssertEqual(reports.errors, [])
    }}
}
