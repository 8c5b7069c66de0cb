import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// The model test's tools for a failure: the model a batch leads to, worked out from the batch
/// alone, and the shrinking of a failing batch to the changes that matter.
@Suite struct BatchShrinkTests {
    /// `applying` agrees with the random generator's own result wherever the result is fixed
    /// by the batch: section and item counts of surviving sections, and every surviving id.
    @Test func applyingAgreesWithTheGenerator() throws {
        var rng = SplitMix64(seed: 0x5A1)
        var nextID = 0
        for _ in 0..<2_000 {
            let model = BatchModel.random(&rng, nextID: &nextID)
            let (update, expected) = model.randomBatch(&rng, nextID: &nextID)
            let got = try #require(model.applying(update, nextID: &nextID), "\(update)")
            #expect(got.sections.count == expected.sections.count)
            let old = Set(model.sections.flatMap(\.items))
            let fresh = Set(update.insertedSections)
            let reloadedIDs = Set(update.reloadedSections.map { model.sections[$0].id })
            for (g, e) in zip(got.sections, expected.sections) where !fresh.contains(expected.sections.firstIndex { $0.id == e.id }!) {
                #expect(g.id == e.id)
                // New ids are fresh on both sides, only not the same fresh ones.
                if !reloadedIDs.contains(e.id) { #expect(g.items.map { old.contains($0) ? $0 : -1 } == e.items.map { old.contains($0) ? $0 : -1 }, "\(update)") }
            }
        }
    }

    @Test func applyingRefusesInvalidBatches() {
        var nextID = 100
        let model = BatchModel(sections: [(1, [10, 11, 12])])
        var u = BatchUpdate()
        u.deletedItems = [IndexPath(item: 3, section: 0)]
        #expect(model.applying(u, nextID: &nextID) == nil)
        u.deletedItems = [IndexPath(item: 1, section: 0), IndexPath(item: 1, section: 0)]
        #expect(model.applying(u, nextID: &nextID) == nil)
        u.deletedItems = [IndexPath(item: 1, section: 0)]
        #expect(model.applying(u, nextID: &nextID)?.sections.map(\.items) == [[10, 12]])
    }

    /// A failure that needs one delete and one move is shrunk to a batch that still fails and
    /// from which no single change can be left out (leaving any out passes or is invalid);
    /// what stays besides those two is only what keeps their index paths valid.
    @Test func shrinkLeavesOnlyTheChangesThatMatter() throws {
        var rng = SplitMix64(seed: 0xF00D)
        var nextID = 0
        var (before, after, shrunk) = (0, 0, 0)
        func size(_ u: BatchUpdate) -> Int { u.updateItems.count }
        for _ in 0..<200 {
            let model = BatchModel.random(&rng, nextID: &nextID, maxSections: 6, maxItems: 12)
            let (update, _) = model.randomBatch(&rng, nextID: &nextID)
            guard let delete = update.deletedItems.first, let move = update.movedItems.first else { continue }
            let fails: (BatchUpdate, BatchModel) -> Bool = { u, _ in
                u.deletedItems.contains(delete) && u.movedItems.contains { $0.from == move.from && $0.to == move.to }
            }
            let (small, new) = model.shrink(update, nextID: &nextID, fails: fails)
            #expect(fails(small, try #require(new)))
            for c in BatchModel.smallerBatches(small) {
                if let m = model.applying(c, nextID: &nextID) { #expect(!fails(c, m), "\(small) could lose a change: \(c)") }
            }
            if update.insertedSections.isEmpty && update.deletedSections.isEmpty && update.movedSections.isEmpty {
                // With the sections fixed, no other delete and no reload is needed (only inserts
                // or moves that make the move's destination index exist).
                #expect(small.deletedItems == [delete] && small.reloadedItems.isEmpty, "\(small)")
            }
            (before, after, shrunk) = (before + size(update), after + size(small), shrunk + 1)
        }
        #expect(shrunk > 20, "enough batches had a delete and a move")
        #expect(after * 3 < before, "\(before) changes shrank to \(after)")
    }
}
