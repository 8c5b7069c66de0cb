/// Which elements of `values` form one longest strictly increasing subsequence, by patience
/// sorting with predecessor links: the elements a diff leaves in place, so that only the rest
/// move.
///
/// - Returns: a mask as long as `values`, true for the elements in the subsequence.
/// - Complexity: O(n log n) for n values.
func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
    // tails[k]: the position of the smallest value that ends an increasing run of length k + 1.
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (i, value) in values.enumerated() {
        var low = 0, high = tails.count
        while low < high {
            let mid = (low + high) / 2
            if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
        }
        if low > 0 { previous[i] = tails[low - 1] }
        if low == tails.count { tails.append(i) } else { tails[low] = i }
    }
    var member = [Bool](repeating: false, count: values.count)
    var i = tails.last ?? -1
    while i >= 0 {
        member[i] = true
        i = previous[i]
    }
    return member
}
