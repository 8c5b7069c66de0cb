import XCTest
import CGtk
@testable import CollectionLayout
import CollectionTestSupport
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// Thousands of random valid batch updates on a plain model and on a real collection view in a
/// window: after each, the visible cells show exactly the model's items at their index paths,
/// the selection followed its items, and every view sits where a fresh layout puts it. A
/// disagreement is shrunk to the fewest changes on the same model that still disagree, and
/// printed with its seed.
final class ModelCheckedUpdateTests: XCTestCase {
    func testTenThousandRandomBatchesAgreeWithTheModel() { MainActor.assumeIsolated {
        let seed = UInt64(ProcessInfo.processInfo.environment["CV_MODEL_SEED"] ?? "") ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let rounds = Int(ProcessInfo.processInfo.environment["CV_MODEL_ROUNDS"] ?? "") ?? 10_000
        print("model-checked updates: seed \(seed), \(rounds) batches (CV_MODEL_SEED=\(seed) replays)")
        let run = ModelCheck(seed: seed)
        defer { run.close() }
        if let failure = run.run(rounds: rounds) { XCTFail(failure.report) }
    }}

    /// The test's own test: a planted fault (the destinations of a batch's first two item moves
    /// swapped as the calls reach the view, which keeps every count right) is caught, and shrunk
    /// to a batch of those two moves and no more than what keeps their paths valid.
    func testAPlantedFaultIsCaughtAndShrunk() { MainActor.assumeIsolated {
        let run = ModelCheck(seed: 42)
        defer { run.close() }
        run.plantedFault = { batch in
            guard batch.movedItems.count >= 2 else { return batch }
            var b = batch
            (b.movedItems[0].to, b.movedItems[1].to) = (batch.movedItems[1].to, batch.movedItems[0].to)
            return b
        }
        guard let failure = run.run(rounds: 500) else { return XCTFail("the planted fault went unnoticed") }
        print(failure.report)
        XCTAssertEqual(failure.shrunk.movedItems.count, 2, failure.report)
        XCTAssertTrue(failure.shrunk.deletedItems.isEmpty && failure.shrunk.reloadedItems.isEmpty && failure.shrunk.reloadedSections.isEmpty, failure.report)
        XCTAssertLessThan(failure.shrunk.updateItems.count, failure.original.updateItems.count, failure.report)
        XCTAssertTrue(failure.report.contains("seed 42"))
    }}
}

/// One model-checked run: a window, a collection view over `IDSource`, and a random model.
@MainActor
final class ModelCheck {
    struct Failure {
        let original: BatchUpdate
        let shrunk: BatchUpdate
        let report: String
    }

    let seed: UInt64
    let layout = FlowLayout()
    let cv: CollectionView
    let source: IDSource
    let window: WidgetPointer
    /// For the test's own test: alters each batch as its calls are made (the model still
    /// expects the batch as generated), so the view shows a real disagreement to catch.
    var plantedFault: ((BatchUpdate) -> BatchUpdate)?
    private var rng: SplitMix64
    private var nextID = 0

    init(seed: UInt64) {
        self.seed = seed
        rng = SplitMix64(seed: seed)
        cv_test_set_animations(false)  // each update lands at once, so each can be checked at once
        layout.itemSize = Size(width: 20, height: 20)
        layout.headerReferenceSize = Size(width: 0, height: 10)
        cv = bareCollectionView(layout)
        cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
        cv.register(LabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: CollectionView.elementKindSectionHeader)
        source = IDSource([])
        cv.dataSource = source
        cv.allowsMultipleSelection = true
        window = GtkHarness.window(for: cv)
    }

    func close() {
        GtkHarness.close(window)
        cv_test_set_animations(true)
    }

    /// Runs `rounds` random batches; the first disagreement, shrunk, or nil.
    func run(rounds: Int) -> Failure? {
        var model = BatchModel(sections: [])
        var selectedIDs = Set<Int>()
        for round in 0..<rounds {
            // A fresh shape now and then, and whenever the model has grown past what one batch
            // can add without leaving the screen: every item must stay on screen to be checked
            // (a random walk of 7,000 batches once grew one to 24 sections, taller than the window).
            if round % 500 == 0 || cv.collectionViewLayout.collectionViewContentSize.height > cv.bounds.height * 0.6 {
                model = BatchModel.random(&rng, nextID: &nextID)
                show(model, selecting: [])
                selectedIDs = []
            }
            // Select a few items (by id) before the batch.
            for (s, section) in model.sections.enumerated() {
                for (i, id) in section.items.enumerated() where Int.random(in: 0..<10, using: &rng) == 0 {
                    cv.selectItem(at: IndexPath(item: i, section: s), animated: false, scrollPosition: [])
                    selectedIDs.insert(id)
                }
            }
            let (update, new) = model.randomBatch(&rng, nextID: &nextID)
            if let problem = send(update, leadingTo: new, selected: selectedIDs) {
                return shrink(model, update, selected: selectedIDs, round: round, problem: problem)
            }
            model = new
            selectedIDs.formIntersection(Set(model.sections.flatMap(\.items)))
            if round % 200 == 0 { GtkHarness.waitForFrames(1, of: cv.viewport) }  // let GTK draw now and then
        }
        return nil
    }

    /// Shows `model` from scratch with `selecting` selected.
    private func show(_ model: BatchModel, selecting ids: Set<Int>) {
        source.sections = model.sections.map(\.items)
        for path in cv.indexPathsForSelectedItems { cv.deselectItem(at: path, animated: false) }
        cv.reloadData()
        GtkHarness.settle(cv)
        for (s, section) in model.sections.enumerated() {
            for (i, id) in section.items.enumerated() where ids.contains(id) {
                cv.selectItem(at: IndexPath(item: i, section: s), animated: false, scrollPosition: [])
            }
        }
    }

    /// Sends `batch`, as altered by any planted fault (the data source already changed to
    /// `new`), and compares the view with `new`; what disagreed, or nil.
    private func send(_ batch: BatchUpdate, leadingTo new: BatchModel, selected: Set<Int>) -> String? {
        let u = plantedFault?(batch) ?? batch
        source.sections = new.sections.map(\.items)
        var errors: [String] = []
        let cv = self.cv
        cv.errorHandler = { errors.append("\($0)") }
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
        if !errors.isEmpty { return "a valid batch was refused: \(errors)" }
        return disagreement(with: new, selected: selected.intersection(Set(new.sections.flatMap(\.items))))
    }

    /// Every item is on screen (small models), shown by a cell with its id, placed where the
    /// layout says, selected exactly when its item was; headers follow their sections.
    private func disagreement(with model: BatchModel, selected: Set<Int>) -> String? {
        let expectedPaths = model.sections.enumerated().flatMap { s, section in section.items.indices.map { IndexPath(item: $0, section: s) } }
        let shown = cv.indexPathsForVisibleItems
        guard shown == expectedPaths else { return "visible \(shown.count) paths, the model has \(expectedPaths.count)" }
        for cell in cv.visibleCells {
            let path = cv.indexPath(for: cell)!
            let id = (cell as! NumberCell).shownPath!.item
            let expected = model.sections[path.section].items[path.item]
            guard id == expected else { return "\(Array(path)) shows item \(id), the model has \(expected)" }
            guard cell.appliedAttributes?.frame == layout.layoutAttributesForItem(at: path)?.frame else {
                return "\(Array(path)) is at \(String(describing: cell.appliedAttributes?.frame)), the layout says \(String(describing: layout.layoutAttributesForItem(at: path)?.frame))"
            }
            guard cell.isSelected == selected.contains(id) else { return "item \(id) at \(Array(path)) selected \(cell.isSelected), expected \(selected.contains(id))" }
        }
        let selectedShown = Set(cv.indexPathsForSelectedItems.map { model.sections[$0.section].items[$0.item] })
        guard selectedShown == selected else { return "selection \(selectedShown.sorted()) vs \(selected.sorted())" }
        let headers = cv.indexPathsForVisibleSupplementaryElements(ofKind: CollectionView.elementKindSectionHeader).count
        guard headers == model.sections.count else { return "\(headers) headers for \(model.sections.count) sections" }
        return nil
    }

    /// Leaves changes out one at a time while the batch, replayed from scratch on the same
    /// model and selection, still disagrees.
    private func shrink(_ model: BatchModel, _ update: BatchUpdate, selected: Set<Int>, round: Int, problem: String) -> Failure {
        var lastProblem = problem
        let (small, _) = model.shrink(update, nextID: &nextID) { candidate, new in
            show(model, selecting: selected)
            guard let p = send(candidate, leadingTo: new, selected: selected) else { return false }
            lastProblem = p
            return true
        }
        let report = """
            model-checked updates: seed \(seed) round \(round) disagreed: \(problem)
              the batch: \(update)
              shrunk to: sections \(model.swiftLiteral), selected \(selected.sorted()), then \(small): \(lastProblem)
              (CV_MODEL_SEED=\(seed) replays the run)
            """
        return Failure(original: update, shrunk: small, report: report)
    }
}
