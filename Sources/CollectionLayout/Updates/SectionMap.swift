/// Where every section goes across a batch, in both directions.
///
/// Sections that are neither deleted nor moved keep their order and fill the new positions
/// that no insert or move claims. Build it only once the section rules hold
/// (`UpdateValidation` checks them first): it trusts every section index it is given.
///
/// - Complexity: building is O(s + k log k) for s sections and k section changes; a lookup is O(1).
struct SectionMap: Sendable {
    private var newOfOld: [Int?]
    private var oldOfNew: [Int?]

    init(oldCount: Int, newCount: Int, update: BatchUpdate) {
        newOfOld = Array(repeating: nil, count: oldCount)
        oldOfNew = Array(repeating: nil, count: newCount)
        let deleted = Set(update.deletedSections), movedFrom = Set(update.movedSections.map(\.from))
        let fixed = SortedIndexes(update.insertedSections + update.movedSections.map(\.to))
        var rank = 0
        for s in 0..<oldCount where !deleted.contains(s) && !movedFrom.contains(s) {
            let t = fixed.unoccupied(rank: rank)
            newOfOld[s] = t
            oldOfNew[t] = s
            rank += 1
        }
        for m in update.movedSections {
            newOfOld[m.from] = m.to
            oldOfNew[m.to] = m.from
        }
    }

    /// The old section's place after the batch; nil when it was deleted or is out of range.
    func newSection(forOld section: Int) -> Int? {
        newOfOld.indices.contains(section) ? newOfOld[section] : nil
    }

    /// The new section's place before the batch; nil when it was inserted or is out of range.
    func oldSection(forNew section: Int) -> Int? {
        oldOfNew.indices.contains(section) ? oldOfNew[section] : nil
    }
}
