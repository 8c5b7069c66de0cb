/// A batch's item changes grouped by section, as both the count rule and the index map need
/// them: per old section, the old indexes that leave it (deleted or moved out); per new
/// section, the new indexes that arrive in it (inserted or moved in). Reloads move nothing.
///
/// - Complexity: O(c) for c item changes.
struct ItemChanges: Sendable {
    /// Old section → old item indexes deleted from it or moved out of it.
    private(set) var removed: [Int: [Int]] = [:]
    /// New section → new item indexes inserted into it or moved into it.
    private(set) var added: [Int: [Int]] = [:]

    /// Reads `update`'s item paths; they must already have two indexes (the shape rule).
    init(_ update: BatchUpdate) {
        for p in update.deletedItems { removed[p.section, default: []].append(p.item) }
        for p in update.insertedItems { added[p.section, default: []].append(p.item) }
        for m in update.movedItems {
            removed[m.from.section, default: []].append(m.from.item)
            added[m.to.section, default: []].append(m.to.item)
        }
    }
}
