import CollectionLayout

/// The selection's state: what is selected, highlighted, and has the keyboard focus, and the
/// anchor that Shift ranges start from.
struct SelectionState {
    var selected = SelectedItems()
    var highlighted: IndexPath?
    var focused: IndexPath?
    /// Where Shift+click and Shift+arrows select from: the item last clicked, toggled or moved
    /// to without Shift.
    var anchor: IndexPath?
    /// Whether accessibility tools are yet to hear of a selection change (sent when the main
    /// loop is next free), how many changes the view sent an event for, and how many of those
    /// went out on the accessibility bus (the shim could send them: a GTK it was checked on,
    /// with the bus up). Counts for tests.
    var accessibilityEventPending = false
    var accessibilityEventsSent = 0
    var accessibilityEventsDelivered = 0
    /// Items the view is about to tell the app about (``CollectionView/following(_:through:)``),
    /// followed through updates that land first; nil where the item went. A stack: innermost last.
    var followed: [IndexPath?] = []

    /// Follows the items through a batch update; items that went are no longer selected,
    /// highlighted, focused or the anchor.
    ///
    /// - Complexity: O(r log r) for the r selected ranges, plus O(log² c + k) per range of a
    ///   section with item changes, for c changes there and k of them inside the range
    ///   (`UpdateIndexMap.newItemRanges(forOld:inSection:)`): ranges shift and split around
    ///   inserts and deletes, and only moved items go one by one. Selecting all of a section of
    ///   ten million items and deleting one costs O(1) ranges, not ten million items.
    mutating func remap(_ map: UpdateIndexMap) {
        var next: [Int: [Range<Int>]] = [:]
        for (section, ranges) in selected.sectionRanges {
            guard !map.isSectionReloaded(old: section), let newSection = map.newSection(forOld: section) else { continue }
            if !map.hasItemChanges(inOldSection: section) {
                next[newSection, default: []] += ranges
                continue
            }
            for range in ranges {
                guard let mapped = map.newItemRanges(forOld: range, inSection: section) else { continue }
                next[mapped.section, default: []] += mapped.ranges
                for path in mapped.moved { next[path.section, default: []].append(path.item..<(path.item + 1)) }
            }
        }
        selected = SelectedItems(unsortedRanges: next)
        focused = focused.flatMap { map.newIndexPath(forOld: $0) }
        anchor = anchor.flatMap { map.newIndexPath(forOld: $0) }
        followed = followed.map { $0.flatMap { map.newIndexPath(forOld: $0) } }
        highlighted = nil
    }

    /// Keeps only the selected items that exist in sections of `counts` items (after a reload).
    mutating func retain(counts: [Int]) {
        selected.clip(to: counts)
        if let a = anchor, !(counts.indices.contains(a.section) && a.item < counts[a.section]) { anchor = nil }
    }
}

/// For `collection-bench selection`: selects `ranges` (per section), follows them through
/// `map` as a batch update does, and returns the selected ranges after it, per section.
package func remapSelectedRanges(_ ranges: [Int: [Range<Int>]], through map: UpdateIndexMap) -> [Int: [Range<Int>]] {
    var state = SelectionState()
    state.selected = SelectedItems(unsortedRanges: ranges)
    state.remap(map)
    return Dictionary(uniqueKeysWithValues: state.selected.sectionRanges.map { ($0.section, $0.ranges) })
}

/// The selected index paths as, per section, sorted disjoint ranges of items: selecting every
/// item of a section of 10,000,000 is one range, O(1) in time and memory.
///
/// Reading them as index paths (``sorted``) materializes an array, cached until the next change;
/// selecting or deselecting at the end (in index path order, as clicking down a grid does) keeps
/// the cache, so a delegate that reads the selection on every did-select pays O(1) per item.
struct SelectedItems {
    /// Per section, sorted, disjoint and non-adjacent ranges; no empty lists.
    private var ranges: [Int: [Range<Int>]] = [:]
    /// The number of selected items.
    private(set) var count = 0
    /// The index paths in order, or nil when they must be built again.
    private var cache: [IndexPath]? = []
    /// How often the index paths were built again (tests).
    private(set) var materializations = 0

    init() {}

    init<S: Sequence>(_ paths: S) where S.Element == IndexPath {
        for path in paths { insert(path) }
    }

    /// Per section, ranges in any order, overlapping or touching: sorted and merged.
    ///
    /// - Complexity: O(r log r) for r ranges.
    init(unsortedRanges: [Int: [Range<Int>]]) {
        for (section, list) in unsortedRanges {
            var merged: [Range<Int>] = []
            for r in list.sorted(by: { $0.lowerBound < $1.lowerBound }) where !r.isEmpty {
                if let last = merged.last, r.lowerBound <= last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
                } else {
                    merged.append(r)
                }
            }
            guard !merged.isEmpty else { continue }
            ranges[section] = merged
            count += merged.reduce(0) { $0 + $1.count }
        }
        cache = count == 0 ? [] : nil
    }

    var isEmpty: Bool { count == 0 }
    /// The first selected item in index path order. O(s) for s sections with selected items.
    var first: IndexPath? {
        guard let section = ranges.keys.min(), let r = ranges[section]?.first else { return nil }
        return IndexPath(item: r.lowerBound, section: section)
    }

    /// The ranges of each section that has selected items, in section order.
    var sectionRanges: [(section: Int, ranges: [Range<Int>])] {
        ranges.keys.sorted().map { ($0, ranges[$0]!) }
    }

    func ranges(inSection section: Int) -> [Range<Int>] { ranges[section] ?? [] }

    /// - Complexity: O(log r) for r ranges in the item's section.
    func contains(_ path: IndexPath) -> Bool {
        guard let list = ranges[path.section] else { return false }
        let i = Self.firstIndex(in: list) { $0.upperBound > path.item }
        return i < list.count && list[i].contains(path.item)
    }

    /// - Complexity: O(log r), plus O(r) to open a gap between ranges.
    mutating func insert(_ path: IndexPath) {
        guard !contains(path) else { return }
        if cache != nil {
            if let last = cache!.last, path < last { cache = nil } else { cache!.append(path) }
        }
        add(path.item..<(path.item + 1), inSection: path.section)
    }

    /// - Complexity: O(log r), plus O(r) to split a range.
    mutating func remove(_ path: IndexPath) {
        guard contains(path) else { return }
        if cache != nil {
            if cache!.last == path { cache!.removeLast() } else { cache = nil }
        }
        subtract(path.item..<(path.item + 1), inSection: path.section)
    }

    /// Selects a range of items; returns how many were not selected before.
    @discardableResult
    mutating func insert(_ range: Range<Int>, inSection section: Int) -> Int {
        guard !range.isEmpty else { return 0 }
        let added = add(range, inSection: section)
        if added > 0 { cache = nil }
        return added
    }

    /// Deselects a range of items; returns how many were selected before.
    @discardableResult
    mutating func remove(_ range: Range<Int>, inSection section: Int) -> Int {
        guard !range.isEmpty else { return 0 }
        let removed = subtract(range, inSection: section)
        if removed > 0 { cache = nil }
        return removed
    }

    mutating func removeAll() {
        ranges = [:]
        count = 0
        cache = []
    }

    /// The parts of `range` that are not selected, in order.
    func gaps(in range: Range<Int>, inSection section: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = range.lowerBound
        for r in overlaps(of: range, inSection: section) {
            if r.lowerBound > start { result.append(start..<r.lowerBound) }
            start = r.upperBound
        }
        if start < range.upperBound { result.append(start..<range.upperBound) }
        return result
    }

    /// The parts of `range` that are selected, in order.
    func overlaps(of range: Range<Int>, inSection section: Int) -> [Range<Int>] {
        guard let list = ranges[section], !range.isEmpty else { return [] }
        var result: [Range<Int>] = []
        var i = Self.firstIndex(in: list) { $0.upperBound > range.lowerBound }
        while i < list.count, list[i].lowerBound < range.upperBound {
            result.append(max(list[i].lowerBound, range.lowerBound)..<min(list[i].upperBound, range.upperBound))
            i += 1
        }
        return result
    }

    /// Drops the items past `counts` (sections, and items in them).
    mutating func clip(to counts: [Int]) {
        for (section, list) in ranges {
            let limit = counts.indices.contains(section) ? counts[section] : 0
            if let last = list.last, last.upperBound > limit { remove(limit..<last.upperBound, inSection: section) }
        }
    }

    /// In index path order.
    ///
    /// - Complexity: O(1) when nothing changed since the last read but selecting or deselecting
    ///   at the end; otherwise O(n) once, and n index paths of memory.
    var sorted: [IndexPath] {
        mutating get {
            if let cache { return cache }
            materializations += 1
            var paths: [IndexPath] = []
            paths.reserveCapacity(count)
            for (section, list) in sectionRanges {
                for r in list { for item in r { paths.append(IndexPath(item: item, section: section)) } }
            }
            cache = paths
            return paths
        }
    }

    // MARK: Range lists

    /// The first index whose range passes `isAfter` (which is false, then true, along the list).
    private static func firstIndex(in list: [Range<Int>], where isAfter: (Range<Int>) -> Bool) -> Int {
        var low = 0, high = list.count
        while low < high {
            let mid = (low + high) / 2
            if isAfter(list[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    @discardableResult
    private mutating func add(_ range: Range<Int>, inSection section: Int) -> Int {
        var list = ranges[section] ?? []
        // The ranges that overlap or touch `range` merge with it.
        let i = Self.firstIndex(in: list) { $0.upperBound >= range.lowerBound }
        var j = i
        var merged = range, covered = 0
        while j < list.count, list[j].lowerBound <= range.upperBound {
            merged = min(merged.lowerBound, list[j].lowerBound)..<max(merged.upperBound, list[j].upperBound)
            covered += list[j].count
            j += 1
        }
        list.replaceSubrange(i..<j, with: [merged])
        ranges[section] = list
        let added = merged.count - covered
        count += added
        return added
    }

    @discardableResult
    private mutating func subtract(_ range: Range<Int>, inSection section: Int) -> Int {
        guard var list = ranges[section] else { return 0 }
        let i = Self.firstIndex(in: list) { $0.upperBound > range.lowerBound }
        var j = i
        var pieces: [Range<Int>] = [], removed = 0
        while j < list.count, list[j].lowerBound < range.upperBound {
            let r = list[j]
            if r.lowerBound < range.lowerBound { pieces.append(r.lowerBound..<range.lowerBound) }
            if r.upperBound > range.upperBound { pieces.append(range.upperBound..<r.upperBound) }
            removed += r.clamped(to: range).count
            j += 1
        }
        guard removed > 0 else { return 0 }
        list.replaceSubrange(i..<j, with: pieces)
        ranges[section] = list.isEmpty ? nil : list
        count -= removed
        return removed
    }
}
