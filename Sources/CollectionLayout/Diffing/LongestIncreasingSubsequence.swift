/// Which elements of `values` form one longest strictly increasing subsequence, by patience
/// sorting with predecessor links: the elements a diff leaves in place, so that only the rest
/// move.
///
/// - Returns: a mask as long as `values`, true for the elements in the subsequence.
/// - Complexity: O(n log n) for n values; O(n) when they are already increasing, as most of a
///   list that changed a little is.
func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
    let n = values.count
    // tails[k]: the position of the smallest value that ends an increasing run of length k + 1;
    // tailValues[k]: that value (kept alongside, so the search reads one array).
    var tails: [Int] = [], tailValues: [Int] = []
    var previous = [Int](repeating: -1, count: n)
    values.withUnsafeBufferPointer { values in
        previous.withUnsafeMutableBufferPointer { previous in
            for i in 0..<n {
                let value = values[i]
                var low = 0, high = tailValues.count
                if let last = tailValues.last, last < value {
                    low = high  // extends the longest run: what the search would find
                } else {
                    while low < high {
                        let mid = (low + high) / 2
                        if tailValues[mid] < value { low = mid + 1 } else { high = mid }
                    }
                }
                if low > 0 { previous[i] = tails[low - 1] }
                if low == tails.count {
                    tails.append(i)
                    tailValues.append(value)
                } else {
                    tails[low] = i
                    tailValues[low] = value
                }
            }
        }
    }
    var member = [Bool](repeating: false, count: n)
    var i = tails.last ?? -1
    while i >= 0 {
        member[i] = true
        i = previous[i]
    }
    return member
}
