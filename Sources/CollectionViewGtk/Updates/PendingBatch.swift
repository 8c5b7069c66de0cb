import CollectionLayout

/// A batch waiting to be applied, as `performBatchUpdates` collects it: the changes, the counts
/// the data source had at its end, and every completion waiting for it (a nested batch's too:
/// it completes with the outer one, with its result).
@MainActor
final class PendingBatch {
    var update = BatchUpdate()
    var newCounts: [Int] = []
    /// The batch's plan, made ahead off the main thread by whoever worked the batch out (a
    /// diffable data source); nil when there is none, or once anything else joined the batch.
    var prepared: PreparedBatch?
    /// False to land without animation.
    var animated = true
    private(set) var completions: [(Bool) -> Void] = []

    func addCompletion(_ completion: ((Bool) -> Void)?) {
        if let completion { completions.append(completion) }
    }

    /// One completion that calls them all, or nil when there are none.
    var completion: ((Bool) -> Void)? {
        let all = completions
        return all.isEmpty ? nil : { finished in all.forEach { $0(finished) } }
    }
}

/// A batch planned ahead, off the main thread: its index map (built, so validated, for the
/// counts before and after it) and its changes as the layout receives them. Planning a batch of
/// ten thousand changes takes about a millisecond; the main thread then only checks that the
/// counts are the ones it was planned for.
struct PreparedBatch: Sendable {
    let map: UpdateIndexMap
    let updateItems: [CollectionViewUpdateItem]

    /// The plan of `update` from `oldCounts` to `newCounts`; nil when the batch does not add
    /// up (the main thread then plans it again, and reports what is wrong).
    init?(oldCounts: [Int], newCounts: [Int], update: BatchUpdate) {
        guard let map = try? UpdateIndexMap(oldCounts: oldCounts, newCounts: newCounts, update: update) else { return nil }
        self.map = map
        updateItems = update.updateItems
    }

    /// Whether this plan holds for a batch the view shows `oldCounts` before and the data
    /// source reports `newCounts` after.
    func fits(oldCounts: [Int], newCounts: [Int]) -> Bool {
        map.oldCounts == oldCounts && map.newCounts == newCounts
    }
}
