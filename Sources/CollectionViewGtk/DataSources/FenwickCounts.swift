/// Counts of 0 or 1 per index with prefix sums in O(log n) (a Fenwick tree): which index holds
/// the n-th 1, and clearing one. ``TreeListModelDataSource/insertedPositions(of:in:)`` uses it
/// to place the rows a subtree expansion inserted without moving an array for each event.
struct FenwickCounts {
    /// 1-based: `tree[i]` sums the counts of the `i & -i` indices ending at `i - 1`.
    private var tree: [Int]
    /// The largest power of two not above the count, where the search starts.
    private let topBit: Int

    /// `count` indices, each counting 1.
    ///
    /// - Complexity: O(count).
    init(ones count: Int) {
        tree = [Int](repeating: 0, count: count + 1)
        for i in stride(from: 1, through: count, by: 1) {
            tree[i] += 1
            let parent = i + (i & -i)
            if parent <= count { tree[parent] += tree[i] }
        }
        var bit = 1
        while bit * 2 <= count { bit *= 2 }
        topBit = count == 0 ? 0 : bit
    }

    /// Sets the count at `index` (which counts 1) to 0.
    ///
    /// - Complexity: O(log n).
    mutating func decrement(at index: Int) {
        var i = index + 1
        while i < tree.count {
            tree[i] -= 1
            i += i & -i
        }
    }

    /// The index of the `n`-th (0-based) index counting 1; there must be more than `n` of them.
    ///
    /// - Complexity: O(log n).
    func index(ofNth n: Int) -> Int {
        var position = 0
        var remaining = n + 1
        var bit = topBit
        while bit > 0 {
            let next = position + bit
            if next < tree.count, tree[next] < remaining {
                position = next
                remaining -= tree[next]
            }
            bit /= 2
        }
        precondition(position < tree.count - 1, "fewer ones than asked for")
        return position  // the 1-based index position + 1, 0-based
    }
}
