import XCTest
import CGtk
@testable import CollectionLayout
import CollectionTestSupport
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// The catalogue of broken input: every batch-update rule broken in a real window, random
/// corruptions of valid batches, invalid index paths given to every public method that takes
/// one, data sources that return views of the wrong kind or from another collection view, and
/// layouts that return unusable attributes. Each case is reported in words that name what was
/// wrong, and afterwards the view shows exactly what the data source has and keeps working.

/// A window over an `IDSource` of `sections` (ids), 40x40 items so everything is on screen.
@MainActor
private func openBroken(_ sections: [[Int]]) -> (CollectionView, IDSource, WidgetPointer, Errors) {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 40, height: 40)
    layout.headerReferenceSize = Size(width: 0, height: 10)
    let cv = bareCollectionView(layout)
    cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
    cv.register(LabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: CollectionView.elementKindSectionHeader)
    let source = IDSource(sections)
    cv.dataSource = source
    cv.allowsMultipleSelection = true
    let errors = Errors()
    cv.errorHandler = { errors.list.append($0) }
    let window = GtkHarness.window(for: cv)
    return (cv, source, window, errors)
}

@MainActor
final class Errors {
    var list: [CollectionViewError] = []
    func take() -> [CollectionViewError] { defer { list = [] }; return list }
}

/// Nothing lost: after the next pass every item of the data source is shown by a cell with its
/// id, at its index path, and every selected path names an item. Returns what is wrong.
@MainActor
private func mismatch(_ cv: CollectionView, _ source: IDSource) -> String? {
    GtkHarness.settle(cv)
    let expected = source.sections.enumerated().flatMap { s, items in items.indices.map { IndexPath(item: $0, section: s) } }
    guard cv.indexPathsForVisibleItems == expected else { return "shows \(cv.indexPathsForVisibleItems.count) items, the data source has \(expected.count)" }
    for path in expected {
        let id = (cv.cellForItem(at: path) as? NumberCell)?.shownPath?.item
        guard id == source.sections[path.section][path.item] else { return "\(Array(path)) shows \(String(describing: id)), the data source has \(source.sections[path.section][path.item])" }
    }
    for path in cv.indexPathsForSelectedItems where !cv.isValidItem(path) { return "selected \(Array(path)) names no item" }
    guard cv.indexPathsForVisibleSupplementaryElements(ofKind: CollectionView.elementKindSectionHeader).count == source.sections.count else { return "headers" }
    return nil
}

/// The view keeps working: a valid insert at the end of the first section shows the new item.
@MainActor
private func stillWorks(_ cv: CollectionView, _ source: IDSource, _ errors: Errors) -> String? {
    guard !source.sections.isEmpty else { return nil }
    source.sections[0].append(999_999)
    cv.insertItems(at: [IndexPath(item: source.sections[0].count - 1, section: 0)])
    if let e = errors.list.first { return "a valid insert afterwards was refused: \(e)" }
    return mismatch(cv, source)
}

@MainActor
private func send(_ u: BatchUpdate, to cv: CollectionView) {
    cv.performBatchUpdates({
        cv.deleteSections(IndexSet(u.deletedSections.filter { $0 >= 0 }))
        cv.insertSections(IndexSet(u.insertedSections.filter { $0 >= 0 }))
        cv.reloadSections(IndexSet(u.reloadedSections.filter { $0 >= 0 }))
        for m in u.movedSections { cv.moveSection(m.from, toSection: m.to) }
        cv.deleteItems(at: u.deletedItems)
        cv.insertItems(at: u.insertedItems)
        cv.reloadItems(at: u.reloadedItems)
        for m in u.movedItems { cv.moveItem(at: m.from, to: m.to) }
    })
}

private func ip(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

final class BrokenInputTests: XCTestCase {

    /// One broken batch per rule, each sent to a real window: the report names the rule's
    /// words, the completion gets false, the view reloads to exactly the data source, keeps the
    /// selection of the items still there, and takes a valid update afterwards.
    func testEveryBatchRuleBrokenInAWindow() { MainActor.assumeIsolated {
        typealias Case = (rule: BatchUpdateError.Rule, words: String, before: [[Int]], after: [[Int]], batch: (CollectionView) -> Void)
        let cases: [Case] = [
            (.sectionCount, "invalid number of sections", [[1, 2], [3]], [[1, 2], [3], []], { _ in }),
            (.itemCount, "invalid number of items in section 0", [[1, 2, 3]], [[1, 2]], { $0.insertItems(at: [ip(0)]) }),
            (.itemCount, "(0 moved in, 1 moved out)", [[1, 2], [3]], [[1, 2], [3]], { $0.moveItem(at: ip(0), to: ip(0, 1)) }),
            (.sectionOutOfRange, "attempt to delete section 5", [[1], [2]], [[1]], { $0.deleteSections([5]) }),
            (.sectionOutOfRange, "attempt to insert section 3", [[1]], [[1], []], { $0.insertSections([3]) }),
            (.itemOutOfRange, "attempt to delete item 7 in section 0", [[1, 2, 3]], [[1, 2]], { $0.deleteItems(at: [ip(7)]) }),
            (.itemOutOfRange, "attempt to reload item 0 in section 4", [[1, 2]], [[1, 2]], { $0.reloadItems(at: [ip(0, 4)]) }),
            (.itemOutOfRange, "attempt to move an item to item 9", [[1, 2]], [[1, 2]], { $0.moveItem(at: ip(0), to: ip(9)) }),
            (.duplicateSection, "section 0 is deleted and moved", [[1], [2]], [[2]], { cv in cv.performBatchUpdates({ cv.deleteSections([0]); cv.moveSection(0, toSection: 0) }) }),
            (.duplicateItem, "item 1 in section 0 is deleted and deleted", [[1, 2, 3]], [[1]], { cv in cv.performBatchUpdates({ cv.deleteItems(at: [ip(1), ip(1)]) }) }),
            (.duplicateItem, "is deleted and moved", [[1, 2, 3]], [[1, 3]], { cv in cv.performBatchUpdates({ cv.deleteItems(at: [ip(1)]); cv.moveItem(at: ip(1), to: ip(0)) }) }),
            (.itemInChangedSection, "which is being deleted", [[1, 2], [3]], [[3]], { cv in cv.performBatchUpdates({ cv.deleteSections([0]); cv.deleteItems(at: [ip(0)]) }) }),
            (.itemInChangedSection, "which is being inserted", [[1]], [[1], [2]], { cv in cv.performBatchUpdates({ cv.insertSections([1]); cv.insertItems(at: [ip(0, 1)]) }) }),
        ]
        XCTAssertEqual(Set(cases.map(\.rule)), Set(BatchUpdateError.Rule.allCases), "every rule is in the catalogue")
        for c in cases {
            let (cv, source, window, errors) = openBroken(c.before)
            cv.selectItem(at: ip(0), animated: false, scrollPosition: [])
            source.sections = c.after
            var completions: [Bool] = []
            cv.performBatchUpdates({ c.batch(cv) }, completion: { completions.append($0) })
            let reported = errors.take()
            XCTAssertEqual(reported.count, 1, "\(c.words): \(reported)")
            if case .invalidUpdate(let e)? = reported.first {
                XCTAssertEqual(e.rule, c.rule, "\(c.words): \(e)")
                XCTAssertTrue(e.description.contains(c.words), "'\(e)' names '\(c.words)'")
                XCTAssertTrue("\(reported[0])".hasSuffix("The collection view reloaded its data from the data source instead."))
            } else {
                XCTFail("\(c.words): reported \(reported)")
            }
            XCTAssertEqual(completions, [false], c.words)
            XCTAssertNil(mismatch(cv, source), c.words)
            // The view cannot know which items a broken batch meant; it keeps the selected
            // paths that still name an item.
            let stillThere = cv.isValidItem(ip(0)) ? [ip(0)] : []
            XCTAssertEqual(cv.indexPathsForSelectedItems, stillThere, "\(c.words): the selection keeps the paths still there")
            XCTAssertNil(stillWorks(cv, source, errors), c.words)
            GtkHarness.close(window)
        }
    }}

    /// Random valid batches, each corrupted one way: the data source told one thing and done
    /// another, an index out of range or negative, a change given twice, a path of the wrong
    /// length, a delete of a moved item. Whether or not the corruption left the batch valid,
    /// the view shows exactly the data source afterwards, with every selected path naming an
    /// item; when it was reported, the report is an invalid update.
    func testRandomCorruptionsOfValidBatches() { MainActor.assumeIsolated {
        let seed = UInt64(ProcessInfo.processInfo.environment["CV_MODEL_SEED"] ?? "") ?? UInt64.random(in: 0...UInt64(UInt32.max))
        print("corrupted batches: seed \(seed) (CV_MODEL_SEED=\(seed) replays)")
        var rng = SplitMix64(seed: seed)
        var nextID = 0
        let (cv, source, window, errors) = openBroken([])
        defer { GtkHarness.close(window) }
        cv_test_set_animations(false)
        defer { cv_test_set_animations(true) }
        var reportedCount = 0
        for round in 0..<400 {
            let model = BatchModel.random(&rng, nextID: &nextID, maxSections: 4, maxItems: 8)
            source.sections = model.sections.map(\.items)
            cv.reloadData()
            GtkHarness.settle(cv)
            for (s, items) in source.sections.enumerated() where !items.isEmpty && Bool.random(using: &rng) {
                cv.selectItem(at: ip(Int.random(in: 0..<items.count, using: &rng), s), animated: false, scrollPosition: [])
            }
            var (u, new) = model.randomBatch(&rng, nextID: &nextID)
            var after = new.sections.map(\.items)
            let corruption = Int.random(in: 0..<8, using: &rng)
            switch corruption {
            case 0:  // the data source gains an item the batch does not mention
                if after.isEmpty { after.append([]) }
                after[0].append(nextID + 1)
            case 1:  // an item index past the end
                u.deletedItems.append(ip(model.counts.first.map { $0 + 3 } ?? 0))
            case 2:  // a negative index
                u.insertedItems.append(ip(-1))
            case 3:  // a change given twice
                if let d = u.deletedItems.first { u.deletedItems.append(d) } else { u.insertedSections.append(after.count + 2) }
            case 4:  // a path of the wrong length
                u.reloadedItems.append(Bool.random(using: &rng) ? IndexPath() : IndexPath(indexes: [0, 0, 0]))
            case 5:  // a moved item also deleted
                if let m = u.movedItems.first { u.deletedItems.append(m.from) } else { u.deletedSections.append(-3) }
            case 6:  // a section moved to where another is inserted
                u.movedSections.append((from: 0, to: u.insertedSections.first ?? 99))
            default:  // the data source loses a section
                if !after.isEmpty { after.removeLast() }
            }
            source.sections = after
            send(u, to: cv)
            let reported = errors.take()
            reportedCount += reported.isEmpty ? 0 : 1
            for e in reported {
                guard case .invalidUpdate = e else { return XCTFail("seed \(seed) round \(round): reported \(e)") }
            }
            if let problem = mismatch(cv, source) {
                return XCTFail("seed \(seed) round \(round), corruption \(corruption) of \(u): \(problem)")
            }
        }
        XCTAssertGreaterThan(reportedCount, 300, "most corruptions break a rule")
        XCTAssertNil(stillWorks(cv, source, errors))
    }}

    /// Every public method that takes an index path, given paths that name nothing: empty, one
    /// index, three, negative, past the end, Int.max. Queries answer nil; commands report the
    /// method and the path and change nothing; update methods report the broken rule.
    func testInvalidIndexPathsToEveryPublicMethod() { MainActor.assumeIsolated {
        let (cv, source, window, errors) = openBroken([[1, 2, 3], [4, 5]])
        defer { GtkHarness.close(window) }
        cv.selectItem(at: ip(1), animated: false, scrollPosition: [])
        cv.setFocusedItem(ip(1, 1), scroll: false)
        let bad: [IndexPath] = [IndexPath(), IndexPath(index: 0), IndexPath(indexes: [0, 0, 0]), ip(-1), ip(0, -1),
                                ip(3), ip(0, 2), ip(Int.max, Int.max), IndexPath(indexes: [Int.min, 0])]
        let offset = cv.contentOffset
        for path in bad {
            let name = "\(Array(path))"
            XCTAssertNil(cv.cellForItem(at: path), name)
            XCTAssertNil(cv.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: path), name)
            XCTAssertNil(cv.collectionViewLayout.layoutAttributesForItem(at: path), name)
            if path.isEmpty || !(0..<2).contains(path[0]) {  // a header needs only its section
                XCTAssertNil(cv.collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: CollectionView.elementKindSectionHeader, at: path), name)
            }
            let reported = errors.take()
            XCTAssertTrue(reported.isEmpty, "queries report nothing: \(name): \(reported)")

            cv.selectItem(at: path, animated: true, scrollPosition: .top)
            cv.deselectItem(at: path, animated: false)
            cv.scrollToItem(at: path, at: .centeredVertically, animated: false)
            cv.setFocusedItem(path)
            XCTAssertEqual(errors.take(), [.invalidIndexPath("selectItem(at:)", path), .invalidIndexPath("deselectItem(at:)", path),
                                           .invalidIndexPath("scrollToItem(at:)", path), .invalidIndexPath("setFocusedItem(_:)", path)], name)
            XCTAssertEqual(cv.indexPathsForSelectedItems, [ip(1)], name)
            XCTAssertEqual(cv.indexPathForFocusedItem, ip(1, 1), name)
            XCTAssertEqual(cv.contentOffset, offset, name)

            // Dequeuing: the path only says where the view will go.
            XCTAssertNotNil(cv.dequeueReusableCell(withReuseIdentifier: "n", for: path))
            XCTAssertNotNil(cv.dequeueReusableSupplementaryView(ofKind: CollectionView.elementKindSectionHeader,
                                                                withReuseIdentifier: CollectionView.elementKindSectionHeader, for: path))
            XCTAssertNil(cv.collectionViewLayout.layoutAttributesForDecorationView(ofKind: "background", at: path))
            XCTAssertTrue(errors.take().isEmpty)

            for update in [{ cv.insertItems(at: [path]) }, { cv.deleteItems(at: [path]) }, { cv.reloadItems(at: [path]) },
                           { cv.moveItem(at: path, to: ip(0)) }, { cv.moveItem(at: ip(0), to: path) }] {
                update()
                let reported = errors.take()
                guard reported.count == 1, case .invalidUpdate(let e) = reported[0] else { XCTFail("\(name): \(reported)"); continue }
                XCTAssertTrue([.itemOutOfRange, .itemCount].contains(e.rule), "\(name): \(e)")
                XCTAssertNil(mismatch(cv, source), name)
            }
        }
        for section in [-1, 2, 1_000_000, Int.max, Int.min] {
            if (0..<1_000_001).contains(section) {
                cv.deleteSections([section])
                cv.insertSections([section + 1])
                cv.reloadSections([section])
            }
            cv.moveSection(section, toSection: 0)
            cv.moveSection(0, toSection: section)
            let reported = errors.take()
            XCTAssertGreaterThanOrEqual(reported.count, 2, "section \(section): \(reported)")
            for e in reported { guard case .invalidUpdate = e else { XCTFail("section \(section): \(e)"); continue } }
        }
        XCTAssertNil(cv.indexPathForItem(at: Point(x: .nan, y: 10)))
        XCTAssertNil(cv.indexPathForItem(at: Point(x: -.infinity, y: .infinity)))
        XCTAssertNil(mismatch(cv, source))
        XCTAssertEqual(cv.indexPathsForSelectedItems, [ip(1)])
        XCTAssertNil(stillWorks(cv, source, errors))
    }}

    /// A data source that returns a cell from another collection view, the same cell for two
    /// items, a cell it made itself, or a cell as a section header: each is reported, that item shows nothing, every other
    /// item shows, and once the data source behaves a reload shows everything.
    func testViewsOfTheWrongKindOrFromAnotherCollectionView() { MainActor.assumeIsolated {
        let other = bareCollectionView(FlowLayout())
        other.register(NumberCell.self, forCellWithReuseIdentifier: "n")
        let foreign = other.dequeueReusableCell(withReuseIdentifier: "n", for: ip(0))
        let source = MisbehavingSource(count: 6)
        let layout = FlowLayout()
        layout.itemSize = Size(width: 40, height: 40)
        layout.headerReferenceSize = Size(width: 0, height: 20)
        let cv = bareCollectionView(layout)
        cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
        cv.register(LabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "h")
        var errors: [String] = []
        cv.errorHandler = { errors.append("\($0)") }
        var shared: CollectionViewCell?
        let sameCell: (CollectionView) -> CollectionViewCell = { cv in
            if shared == nil { shared = cv.dequeueReusableCell(withReuseIdentifier: "n", for: ip(2)) }
            return shared!
        }
        source.misbehave = [1: { _ in foreign }, 2: sameCell, 3: sameCell, 4: { _ in NumberCell() }]
        cv.dataSource = source
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        GtkHarness.settle(cv)
        XCTAssertEqual(errors.count, 4, "\(errors)")
        XCTAssertTrue(errors.contains { $0.contains("a view for supplementary view 'section-header'") && $0.contains("that is not a supplementary view dequeued here") }, "a cell as a header: \(errors)")
        XCTAssertTrue(cv.visibleSupplementaryViews(ofKind: CollectionView.elementKindSectionHeader).isEmpty)
        XCTAssertTrue(errors.contains { $0.contains("a cell for item 1 in section 0 that is not from this collection view") }, "\(errors)")
        XCTAssertTrue(errors.contains { $0.contains("already shown for another item") && ($0.contains("item 2 in") || $0.contains("item 3 in")) }, "\(errors)")
        XCTAssertTrue(errors.contains { $0.contains("a cell for item 4 in section 0 that is not from this collection view") }, "\(errors)")
        XCTAssertTrue(errors.allSatisfy { $0.hasSuffix("views must come from this collection view's dequeue methods") })
        let shown = cv.indexPathsForVisibleItems
        XCTAssertTrue(shown == [ip(0), ip(2), ip(5)] || shown == [ip(0), ip(3), ip(5)], "\(shown)")
        XCTAssertTrue(other.visibleCells.isEmpty && foreign.elementKey == nil, "the other view's cell was not taken")
        source.misbehave = [:]
        source.headerIsACell = false
        cv.reloadData()
        GtkHarness.settle(cv)
        XCTAssertEqual(cv.indexPathsForVisibleItems, (0..<6).map { ip($0) })
        XCTAssertEqual(cv.visibleSupplementaryViews(ofKind: CollectionView.elementKindSectionHeader).count, 1)
        XCTAssertEqual(errors.count, 4)
    }}

    /// A layout whose attributes are unusable (NaN or infinite frames, a NaN alpha, an infinite
    /// transform, items past the data source's counts, a NaN content size) next to good ones:
    /// each bad one is reported, the good ones show where they should (a frame far larger than
    /// GTK's 32-bit allocations too, clipped), and the scrollable size stays finite.
    func testUnusableLayoutAttributes() { MainActor.assumeIsolated {
        let layout = ListedLayout()
        func item(_ i: Int, _ frame: Rect, section: Int = 0) -> LayoutAttributes {
            let a = LayoutAttributes(forCellWith: ip(i, section))
            a.frame = frame
            return a
        }
        layout.listed = [
            item(0, Rect(x: 0, y: 0, width: 50, height: 50)),
            item(1, Rect(x: .nan, y: 0, width: 50, height: 50)),
            item(2, Rect(x: 60, y: .infinity, width: 50, height: 50)),
            item(3, Rect(x: 120, y: 0, width: .nan, height: 50)),
            item(4, Rect(x: 180, y: 0, width: 50, height: 50)),
            item(9, Rect(x: 240, y: 0, width: 50, height: 50)),  // the data source has 6 items
            item(0, Rect(x: 300, y: 0, width: 50, height: 50), section: 3),  // and one section
            // Finite but too large for GTK's 32-bit allocations: clipped to what shows, never a trap.
            item(5, Rect(x: 1e300, y: -1e300, width: 50, height: 50)),
            item(6, Rect(x: 0, y: 60, width: 5e9, height: 50)),
            { let a = item(7, Rect(x: 60, y: 60, width: 50, height: 50)); a.alpha = .nan; return a }(),
            { let a = item(8, Rect(x: 120, y: 60, width: 50, height: 50)); a.transform3D = Transform3D(scaleX: .infinity, y: 1); return a }(),
        ]
        layout.contentSize = Size(width: .nan, height: .infinity)
        let source = IDSource([Array(0..<9)])
        let cv = bareCollectionView(layout)
        cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
        var errors: [String] = []
        cv.errorHandler = { errors.append("\($0)") }
        cv.dataSource = source
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        GtkHarness.settle(cv)
        let unique = Set(errors)
        XCTAssertEqual(unique.count, 7, "\(unique.sorted())")
        XCTAssertTrue(unique.allSatisfy { $0.hasPrefix("the layout returned unusable attributes: ") })
        XCTAssertEqual(unique.filter { $0.contains("has the frame") }.count, 3)
        XCTAssertEqual(unique.filter { $0.contains("the alpha nan") }.count, 1)
        XCTAssertEqual(unique.filter { $0.contains("a transform that is not finite") }.count, 1)
        XCTAssertEqual(unique.filter { $0.contains("outside the data source") }.count, 2)
        // Item 5, 1e300 px away, has a view (the layout lists it in every rectangle) of no size.
        XCTAssertEqual(Set(cv.indexPathsForVisibleItems), [ip(0), ip(4), ip(5), ip(6)])
        XCTAssertEqual(GtkHarness.bounds(of: cv.cellForItem(at: ip(4))!.widget, in: cv.viewport), Rect(x: 180, y: 0, width: 50, height: 50))
        let wide = GtkHarness.bounds(of: cv.cellForItem(at: ip(6))!.widget, in: cv.viewport)!
        XCTAssertEqual(wide.minX, 0)
        XCTAssertEqual(wide.minY, 60)
        XCTAssertGreaterThanOrEqual(wide.width, cv.bounds.width, "the 5e9 px cell, clipped, covers the viewport")
        // The scrollable size is finite (nothing scrolls to NaN).
        cv.contentOffset = Point(x: 0, y: 1e9)
        GtkHarness.settle(cv)
        XCTAssertTrue(cv.contentOffset.x.isFinite && cv.contentOffset.y.isFinite)
        // Fixed, it shows everything.
        layout.listed = (0..<9).map { item($0, Rect(x: Double($0) * 60, y: 0, width: 50, height: 50)) }
        layout.contentSize = Size(width: 600, height: 100)
        layout.invalidateLayout()
        GtkHarness.settle(cv)
        XCTAssertEqual(cv.indexPathsForVisibleItems, (0..<9).map { ip($0) })
    }}
}

/// A data source that, for some items, returns a cell it should not.
@MainActor
private final class MisbehavingSource: CollectionViewDataSource {
    var count: Int
    var misbehave: [Int: (CollectionView) -> CollectionViewCell] = [:]
    var headerIsACell = true
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ReusableView {
        if headerIsACell { return collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath) }
        return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "h", for: indexPath)
    }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        if let bad = misbehave[indexPath.item] { return bad(collectionView) }
        let cell: NumberCell = collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
        cell.shownPath = indexPath
        return cell
    }
}

/// A layout that returns its listed attributes for any rectangle, whatever they are.
@MainActor
private final class ListedLayout: CollectionViewLayout {
    var listed: [LayoutAttributes] = []
    var contentSize = Size(width: 800, height: 600)
    override var collectionViewContentSize: Size { contentSize }
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { listed }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        listed.first { $0.indexPath == indexPath }
    }
}
