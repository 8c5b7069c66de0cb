/// A sorted set of indexes with rank queries, for mapping positions across a batch without
/// visiting the items that did not change.
struct SortedIndexes: Sendable {
    private(set) var values: [Int]

    init(_ values: some Sequence<Int>) {
        var sorted = values.sorted()
        // Drop repeats: sorted, they are neighbours.
        var kept = 0
        for value in sorted where kept == 0 || sorted[kept - 1] != value {
            sorted[kept] = value
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        self.values = sorted
    }

    /// Values already sorted and without repeats, taken as they are.
    init(sortedUnique values: [Int]) {
        self.values = values
    }

    var count: Int { values.count }

    func contains(_ value: Int) -> Bool {
        let i = lowerBound(value)
        return i < values.count && values[i] == value
    }

    /// The position of `value` among the values, or nil when it is not one.
    func position(of value: Int) -> Int? {
        let i = lowerBound(value)
        return i < values.count && values[i] == value ? i : nil
    }

    /// How many values are below `value`.
    func lowerBound(_ value: Int) -> Int {
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The position of the `rank`-th (from 0) integer that is not in this set.
    func unoccupied(rank: Int) -> Int {
        // f(j) = j - (values <= j) never decreases; the answer is the smallest j that is not a
        // value and has f(j) == rank.
        var low = rank, high = rank + values.count
        while low < high {
            let mid = (low + high) / 2
            if mid - lowerBound(mid + 1) < rank { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The rank of `value` among the integers not in this set (it must not be in the set).
    func rankAmongUnoccupied(_ value: Int) -> Int {
        value - lowerBound(value)
    }
}
