import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// Thousands of random valid batches, applied to a plain model of sections of item ids by
/// UIKit's rules: the plan accepts each and maps every item and section to where the model
/// put it, both ways. Broken variants of each are always refused.
@Suite struct BatchUpdateModelTests {
    @Test func mappingAgreesWithTheModel() throws {
        var rng = SplitMix64(seed: 0xBA7C4)
        var nextID = 0
        var model = BatchModel(sections: (0..<4).map { _ in nextID += 1; return (nextID, (0..<8).map { _ in nextID += 1; return nextID }) })
        var checked = 0
        for round in 0..<4000 {
            if round % 200 == 0 {  // start over now and then, from a random shape
                model = BatchModel.random(&rng, nextID: &nextID)
            }
            let (update, new) = model.randomBatch(&rng, nextID: &nextID)
            let plan: BatchUpdatePlan
            do { plan = try BatchUpdatePlan(oldCounts: model.counts, newCounts: new.counts, update: update) } catch {
                Issue.record("round \(round): a valid batch was refused: \(error)\n\(update)")
                return
            }
            var newPlace: [Int: IndexPath] = [:], oldPlace: [Int: IndexPath] = [:]
            for (s, section) in new.sections.enumerated() { for (i, id) in section.items.enumerated() { newPlace[id] = IndexPath(item: i, section: s) } }
            for (s, section) in model.sections.enumerated() { for (i, id) in section.items.enumerated() { oldPlace[id] = IndexPath(item: i, section: s) } }
            for (s, section) in model.sections.enumerated() {
                let expectedSection = new.sections.firstIndex { $0.id == section.id }
                #expect(plan.newSection(forOld: s) == expectedSection, "round \(round) section \(s)")
                for (i, id) in section.items.enumerated() {
                    let got = plan.newIndexPath(forOld: IndexPath(item: i, section: s))
                    #expect(got == newPlace[id], "round \(round): old [\(s), \(i)] went to \(String(describing: newPlace[id])), plan says \(String(describing: got))")
                    if got != newPlace[id] { return }
                    checked += 1
                }
            }
            for (s, section) in new.sections.enumerated() {
                #expect(plan.oldSection(forNew: s) == model.sections.firstIndex { $0.id == section.id })
                for (i, id) in section.items.enumerated() {
                    #expect(plan.oldIndexPath(forNew: IndexPath(item: i, section: s)) == oldPlace[id], "round \(round): new [\(s), \(i)]")
                }
            }
            // Any count off by one breaks it.
            if !new.sections.isEmpty {
                var wrong = new.counts
                let s = Int.random(in: 0..<wrong.count, using: &rng)
                wrong[s] += Bool.random(using: &rng) ? 1 : -1
                let inserted = update.insertedSections.contains(s)
                let reloaded = plan.oldSection(forNew: s).map { plan.isSectionReloaded(old: $0) } ?? false
                if wrong[s] >= 0 && !inserted && !reloaded {
                    #expect(throws: BatchUpdateError.self, "round \(round): count \(new.counts) -> \(wrong)") {
                        try BatchUpdatePlan(oldCounts: model.counts, newCounts: wrong, update: update)
                    }
                }
            }
            model = new
        }
        #expect(checked > 50_000)
    }
}
