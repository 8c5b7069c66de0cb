/// Running sums over a sequence of numbers that change one at a time (a Fenwick tree): a
/// change, a prefix sum and the search for where a running total passes a value each cost
/// O(log n). Self-sizing layouts keep how much each line grew beyond its estimate in one, so a
/// measured line moves everything after it without touching every later line.
public struct PrefixSums: Sendable {
    /// 1-based: node i sums the `i & -i` values ending at value i - 1.
    private var tree: [Double]

    /// `count` zeros.
    public init(count: Int) {
        tree = Array(repeating: 0, count: max(0, count) + 1)
    }

    /// The sums of `values`, built in O(n).
    public init(_ values: [Double]) {
        tree = [0] + values
        let n = values.count
        var i = 1
        while i <= n {
            let parent = i + (i & -i)
            if parent <= n { tree[parent] += tree[i] }
            i += 1
        }
    }

    /// How many values there are.
    public var count: Int { tree.count - 1 }

    /// Adds `delta` to the value at `index`.
    public mutating func add(_ delta: Double, at index: Int) {
        precondition(index >= 0 && index < count, "PrefixSums index \(index) outside 0..<\(count)")
        var i = index + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// The sum of the first `n` values (0 for n <= 0, all of them for n >= count).
    public func sum(ofFirst n: Int) -> Double {
        var i = min(max(0, n), count)
        var total = 0.0
        while i > 0 {
            total += tree[i]
            i -= i & -i
        }
        return total
    }

    /// The sum of every value.
    public var total: Double { sum(ofFirst: count) }

    /// The value at `index`.
    public func value(at index: Int) -> Double { sum(ofFirst: index + 1) - sum(ofFirst: index) }

    /// The largest k such that the first k values, each with `base` added, sum to at most
    /// `target`. Every `base + value` must be at least zero (lines with their spacing are), so
    /// that the running totals never fall.
    public func count(fittingIn target: Double, base: Double = 0) -> Int {
        guard count > 0 else { return 0 }
        var position = 0, total = 0.0
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count {
                let candidate = total + tree[next] + base * Double(step)
                if candidate <= target {
                    position = next
                    total = candidate
                }
            }
            step /= 2
        }
        return position
    }
}
