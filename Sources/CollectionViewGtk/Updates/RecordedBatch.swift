import CollectionLayout

/// A batch as `performBatchUpdates` records it: the changes, the counts the data source had at
/// its end, and every completion waiting for it (a nested batch's too: it completes with the
/// outer one, with its result).
@MainActor
final class RecordedBatch {
    var update = BatchUpdate()
    var newCounts: [Int] = []
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
