import XCTest
import CGtk
@testable import CollectionLayout
@testable import CollectionViewGtk

/// Thousands of random valid batch updates on a plain model and on a real collection view in a
/// window: after each, the visible cells show exactly the model's items at their index paths,
/// the selection followed its items, and every view sits where a fresh layout puts it.
final class ModelCheckedUpdateTests: XCTestCase {
    @MainActor
    static func send(_ u: BatchUpdate, to cv: CollectionView) {
        cv.performBatchUpdates({
            cv.deleteSections(IndexSet(u.deletedSections))
            cv.insertSections(IndexSet(u.insertedSections))
            cv.reloadSections(IndexSet(u.reloadedSections))
            for m in u.movedSections { cv.moveSection(m.from, toSection: m.to) }
            cv.deleteItems(at: u.deletedItems)
            cv.insertItems(at: u.insertedItems)
            cv.reloadItems(at: u.reloadedItems)
            for m in u.movedItems { cv.moveItem(at: m.from, to: m.to) }
        })
    }

    func testTenThousandRandomBatchesAgreeWithTheModel() { MainActor.assumeIsolated {
        let seed = UInt64(ProcessInfo.processInfo.environment["CV_MODEL_SEED"] ?? "") ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let rounds = Int(ProcessInfo.processInfo.environment["CV_MODEL_ROUNDS"] ?? "") ?? 10_000
        print("model-checked updates: seed \(seed), \(rounds) batches (CV_MODEL_SEED=\(seed) replays)")
        cv_test_set_animations(false)  // each update lands at once, so each can be checked at once
        defer { cv_test_set_animations(true) }
        var rng = SplitMix64(seed: seed)
        var nextID = 0
        var model = BatchModel.random(&rng, nextID: &nextID)
        let layout = FlowLayout()
        layout.itemSize = Size(width: 20, height: 20)
        layout.headerReferenceSize = Size(width: 0, height: 10)
        let cv = bareCollectionView(layout)
        cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
        cv.register(LabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: CollectionView.elementKindSectionHeader)
        let source = IDSource(model.sections.map(\.items))
        cv.dataSource = source
        cv.allowsMultipleSelection = true
        let window = GtkHarness.window(for: cv)
        defer { GtkHarness.close(window) }
        var selectedIDs = Set<Int>()

        for round in 0..<rounds {
            if round % 500 == 0 {  // a fresh shape now and then
                model = BatchModel.random(&rng, nextID: &nextID)
                source.sections = model.sections.map(\.items)
                for path in cv.indexPathsForSelectedItems { cv.deselectItem(at: path, animated: false) }
                cv.reloadData()
                selectedIDs = []
                GtkHarness.settle(cv)
            }
            // Select a few items (by id) before the batch.
            for (s, section) in model.sections.enumerated() {
                for (i, id) in section.items.enumerated() where Int.random(in: 0..<10, using: &rng) == 0 {
                    cv.selectItem(at: IndexPath(item: i, section: s), animated: false, scrollPosition: [])
                    selectedIDs.insert(id)
                }
            }
            let (update, new) = model.randomBatch(&rng, nextID: &nextID)
            source.sections = new.sections.map(\.items)
            var errors: [String] = []
            cv.errorHandler = { errors.append("\($0)") }
            Self.send(update, to: cv)
            model = new
            let ids = Set(model.sections.flatMap(\.items))
            selectedIDs = selectedIDs.intersection(ids)
            let context = "seed \(seed) round \(round): \(update)"
            guard errors.isEmpty else { return XCTFail("\(context): a valid batch was refused: \(errors)") }
            // Every item is on screen (small models), shown by a cell with its id, placed where
            // the layout says, selected exactly when its item was.
            let expectedPaths = model.sections.enumerated().flatMap { s, section in section.items.indices.map { IndexPath(item: $0, section: s) } }
            let shown = cv.indexPathsForVisibleItems
            guard shown == expectedPaths else {
                return XCTFail("\(context): visible \(shown.count) paths, model has \(expectedPaths.count)")
            }
            for cell in cv.visibleCells {
                let path = cv.indexPath(for: cell)!
                let id = (cell as! NumberCell).shownPath!.item
                guard id == model.sections[path.section].items[path.item] else {
                    return XCTFail("\(context): \(path) shows item \(id), the model has \(model.sections[path.section].items[path.item])")
                }
                guard cell.appliedAttributes?.frame == layout.layoutAttributesForItem(at: path)?.frame else {
                    return XCTFail("\(context): \(path) is at \(String(describing: cell.appliedAttributes?.frame)), the layout says \(String(describing: layout.layoutAttributesForItem(at: path)?.frame))")
                }
                guard cell.isSelected == selectedIDs.contains(id) else {
                    return XCTFail("\(context): item \(id) at \(path) selected \(cell.isSelected), expected \(selectedIDs.contains(id))")
                }
            }
            let selectedPaths = Set(cv.indexPathsForSelectedItems.map { model.sections[$0.section].items[$0.item] })
            guard selectedPaths == selectedIDs else { return XCTFail("\(context): selection \(selectedPaths) vs \(selectedIDs)") }
            // Headers follow their sections.
            guard cv.indexPathsForVisibleSupplementaryElements(ofKind: CollectionView.elementKindSectionHeader).count == model.sections.count else {
                return XCTFail("\(context): headers")
            }
            if round % 200 == 0 { GtkHarness.pump(seconds: 0.005) }  // let GTK draw now and then
        }
    }}
}

