import FoundationEssentials

/// The tree's slots and counts: walking it, finding positions, keeping the counts of every
/// ancestor in step after a change, and the checks tests make after every change.
///
/// A change to many items at once (deleting or expanding k items) updates each ancestor's counts
/// once, deepest first, so that k items under one long chain of ancestors cost O(k + d log d),
/// not O(k·d); finding many positions at once walks each sibling list once.
extension SectionSnapshot {
    /// A change to the counts of the item in `slot` (``top`` for the root list): `descendants`
    /// more items below it, `shown` more rows below it while it is expanded.
    struct CountChange {
        var slot: Int
        var descendants: Int
        var shown: Int
    }

    /// The children of the item in slot `p`, or the root items for ``top``.
    func children(of p: Int) -> [Int] { p == Self.top ? roots : childLists[p] }

    /// Runs `body` on the children of the item in slot `p` (the root items for ``top``), in place.
    mutating func withChildren<R>(of p: Int, _ body: (inout [Int]) -> R) -> R {
        p == Self.top ? body(&roots) : body(&childLists[p])
    }

    /// The items of the subtrees in `list`, depth first; only the visible ones (below expanded
    /// items) when `visibleOnly`.
    ///
    /// - Complexity: O(m) for m items listed.
    @_specialize(where ItemID == Int)
    @_specialize(where ItemID == String)
    @_specialize(where ItemID == UUID)
    func depthFirst(from list: [Int], visibleOnly: Bool, capacity: Int) -> [ItemID] {
        var result: [ItemID] = []
        result.reserveCapacity(capacity)
        ids.withUnsafeBufferPointer { ids in
            childLists.withUnsafeBufferPointer { childLists in
                var stack: [(list: [Int], next: Int)] = [(list, 0)]
                while !stack.isEmpty {
                    let k = stack.count - 1
                    let i = stack[k].next
                    guard i < stack[k].list.count else {
                        stack.removeLast()
                        continue
                    }
                    stack[k].next = i + 1
                    let s = stack[k].list[i]
                    result.append(ids[s].unsafelyUnwrapped)
                    if (!visibleOnly || expandedFlags[s]) && !childLists[s].isEmpty { stack.append((childLists[s], 0)) }
                }
            }
        }
        return result
    }

    /// Calls `body` with the slot of every item of the subtrees in `list`, depth first; only the
    /// visible ones when `visibleOnly`.
    ///
    /// - Complexity: O(m) for m items visited.
    @_specialize(where ItemID == Int)
    @_specialize(where ItemID == String)
    @_specialize(where ItemID == UUID)
    func forEachDepthFirst(from list: [Int], visibleOnly: Bool, _ body: (Int) -> Void) {
        var stack: [(list: [Int], next: Int)] = [(list, 0)]
        while !stack.isEmpty {
            let k = stack.count - 1
            let i = stack[k].next
            guard i < stack[k].list.count else {
                stack.removeLast()
                continue
            }
            stack[k].next = i + 1
            let s = stack[k].list[i]
            body(s)
            if !childLists[s].isEmpty && (!visibleOnly || expandedFlags[s]) { stack.append((childLists[s], 0)) }
        }
    }

    /// The index of each slot in `targets` among all items (``items``), or among the visible
    /// ones (``visibleItems``) when `visibleOnly`; then every target must be visible.
    ///
    /// Walks down from the root list through the targets' ancestors only, adding up the rows of
    /// the siblings before each: every sibling list on the way is read once for all targets.
    ///
    /// - Complexity: O(a + s) for a ancestors of the targets in all and s siblings before them
    ///   and before their ancestors.
    @_specialize(where ItemID == Int)
    @_specialize(where ItemID == String)
    @_specialize(where ItemID == UUID)
    func positions(of targets: Set<Int>, visibleOnly: Bool) -> [Int: Int] {
        var onPath = Set<Int>()
        for t in targets {
            var p = parents[t]
            while p != Self.top, onPath.insert(p).inserted { p = parents[p] }
        }
        var result: [Int: Int] = [:]
        result.reserveCapacity(targets.count)
        var index = 0
        var stack: [(list: [Int], next: Int)] = [(roots, 0)]
        while !stack.isEmpty && result.count < targets.count {
            let k = stack.count - 1
            let i = stack[k].next
            guard i < stack[k].list.count else {
                stack.removeLast()
                continue
            }
            stack[k].next = i + 1
            let s = stack[k].list[i]
            if targets.contains(s) { result[s] = index }
            if onPath.contains(s) {
                assert(!visibleOnly || expandedFlags[s], "a visible target's ancestors are expanded")
                index += 1
                stack.append((childLists[s], 0))
            } else {
                index += visibleOnly ? rows(s) : 1 + descendantCounts[s]
            }
        }
        return result
    }

    /// Whether each slot in `slots` would be visible if the items for which `isOpen` is true
    /// were the expanded ones; each ancestor is looked at once for all of them.
    ///
    /// - Complexity: O(k + a) for k slots and a ancestors of them in all.
    @_specialize(where ItemID == Int)
    @_specialize(where ItemID == String)
    @_specialize(where ItemID == UUID)
    func visibility(of slots: [Int], isOpen: (Int) -> Bool) -> [Bool] {
        // Slot → whether its children are visible: it is visible and open. Root items are.
        var known: [Int: Bool] = [Self.top: true]
        var path: [Int] = []
        return slots.map { s in
            var p = parents[s]
            path.removeAll(keepingCapacity: true)
            while known[p] == nil {
                path.append(p)
                p = parents[p]
            }
            var visible = known[p]!
            for q in path.reversed() {
                visible = visible && isOpen(q)
                known[q] = visible
            }
            return known[parents[s]]!
        }
    }

    /// Applies count changes to their items and passes them up to every ancestor: all of a
    /// change's descendants, and its rows up to the first collapsed ancestor; the root list's
    /// rows are ``visibleCount``.
    ///
    /// - Complexity: O(d) for one change d deep; O(k + a log a) for k changes with a ancestors
    ///   in all (each ancestor is updated once, deepest first).
    @_specialize(where ItemID == Int)
    @_specialize(where ItemID == String)
    @_specialize(where ItemID == UUID)
    mutating func propagate(_ changes: [CountChange]) {
        if changes.count == 1 {
            var (s, descendants, shown) = (changes[0].slot, changes[0].descendants, changes[0].shown)
            while s != Self.top && (descendants != 0 || shown != 0) {
                descendantCounts[s] += descendants
                shownBelow[s] += shown
                if !expandedFlags[s] { shown = 0 }
                s = parents[s]
            }
            if s == Self.top { visibleCount += shown }
            return
        }
        var pending: [Int: (descendants: Int, shown: Int)] = [:]
        var order: [Int] = []
        var seen = Set<Int>()
        for change in changes {
            pending[change.slot, default: (0, 0)].descendants += change.descendants
            pending[change.slot, default: (0, 0)].shown += change.shown
            var s = change.slot
            while s != Self.top, seen.insert(s).inserted {
                order.append(s)
                s = parents[s]
            }
        }
        // Deepest first, so every child has passed its change on before its parent does.
        var depth: [Int: Int] = [Self.top: -1]
        var path: [Int] = []
        for s in order where depth[s] == nil {
            var p = s
            path.removeAll(keepingCapacity: true)
            while depth[p] == nil {
                path.append(p)
                p = parents[p]
            }
            var d = depth[p]!
            for q in path.reversed() {
                d += 1
                depth[q] = d
            }
        }
        order.sort { depth[$0]! > depth[$1]! }
        for s in order {
            guard let change = pending[s], change.descendants != 0 || change.shown != 0 else { continue }
            descendantCounts[s] += change.descendants
            shownBelow[s] += change.shown
            let passed = expandedFlags[s] ? change.shown : 0
            pending[parents[s], default: (0, 0)].descendants += change.descendants
            pending[parents[s], default: (0, 0)].shown += passed
        }
        visibleCount += pending[Self.top]?.shown ?? 0
    }

    /// Slots for `count` new items: freed ones first, then new ones at the end.
    ///
    /// - Complexity: O(count).
    mutating func reserveSlots(_ count: Int) -> [Int] {
        let reused = min(count, freeSlots.count)
        var result = Array(freeSlots.suffix(reused))
        freeSlots.removeLast(reused)
        let first = ids.count, added = count - reused
        ids.append(contentsOf: repeatElement(nil, count: added))
        parents.append(contentsOf: repeatElement(Self.top, count: added))
        childLists.append(contentsOf: repeatElement([], count: added))
        expandedFlags.append(contentsOf: repeatElement(false, count: added))
        descendantCounts.append(contentsOf: repeatElement(0, count: added))
        shownBelow.append(contentsOf: repeatElement(0, count: added))
        result.append(contentsOf: first..<ids.count)
        return result
    }

    /// Empties slot `s`, for ``freeSlots``.
    mutating func free(_ s: Int) {
        ids[s] = nil
        parents[s] = Self.top
        childLists[s] = []
        expandedFlags[s] = false
        descendantCounts[s] = 0
        shownBelow[s] = 0
    }

    /// Adds the identifiers as new collapsed items without children under the item in slot
    /// `parent`, and returns their slots; the caller puts them in the parent's children and
    /// updates the counts.
    ///
    /// - Complexity: O(k) for k identifiers.
    @_specialize(where ItemID == Int)
    @_specialize(where ItemID == String)
    @_specialize(where ItemID == UUID)
    mutating func addLeaves(_ identifiers: [ItemID], parent: Int) -> [Int] {
        let new = reserveSlots(identifiers.count)
        slots.reserveCapacity(slots.count + identifiers.count)
        for (s, id) in zip(new, identifiers) {
            ids[s] = id
            parents[s] = parent
            slots[id] = s
        }
        return new
    }

    /// Copies the subtrees of `tops` in `other` (counts and expanded states alike) into this
    /// snapshot under the item in slot `parent`, and returns the copies' slots in order; the
    /// caller puts them in the parent's children and updates the counts. Their identifiers must
    /// not be here yet.
    ///
    /// - Complexity: O(m) for m items copied.
    @_specialize(where ItemID == Int)
    @_specialize(where ItemID == String)
    @_specialize(where ItemID == UUID)
    mutating func copy(_ tops: [Int], of other: SectionSnapshot, under parent: Int) -> [Int] {
        var order: [Int] = []
        other.forEachDepthFirst(from: tops, visibleOnly: false) { order.append($0) }
        let new = reserveSlots(order.count)
        var slotOf: [Int: Int] = [:]
        slotOf.reserveCapacity(order.count)
        for (o, s) in zip(order, new) { slotOf[o] = s }
        slots.reserveCapacity(slots.count + order.count)
        for (o, s) in zip(order, new) {
            ids[s] = other.ids[o]
            parents[s] = slotOf[other.parents[o]] ?? parent
            childLists[s] = other.childLists[o].map { slotOf[$0]! }
            expandedFlags[s] = other.expandedFlags[o]
            descendantCounts[s] = other.descendantCounts[o]
            shownBelow[s] = other.shownBelow[o]
            slots[other.ids[o]!] = s
        }
        return tops.map { slotOf[$0]! }
    }

    /// The count change to the parent of new items `tops` (already in their slots).
    func countChange(adding tops: [Int], under parent: Int) -> CountChange {
        var change = CountChange(slot: parent, descendants: 0, shown: 0)
        for t in tops {
            change.descendants += 1 + descendantCounts[t]
            change.shown += rows(t)
        }
        return change
    }

    /// Throws unless every identifier in `new` is unique and not in the snapshot yet; one that
    /// is the item in slot `parent` (where the new items go) or an ancestor of it is named as
    /// going under itself.
    ///
    /// - Complexity: O(k) for k identifiers (O(k + d) when throwing, for `parent` at depth d).
    @_specialize(where ItemID == Int)
    @_specialize(where ItemID == String)
    @_specialize(where ItemID == UUID)
    func checkNewItems(_ new: [ItemID], under parent: Int) throws(SectionSnapshotError) {
        var seen = Set<ItemID>()
        for id in new {
            if let s = slots[id] {
                var p = parent
                while p != Self.top {
                    if p == s { throw .underItself(id) }
                    p = parents[p]
                }
                throw .duplicate(id)
            }
            guard seen.insert(id).inserted else { throw .duplicate(id) }
        }
    }

    /// The slots of `identifiers`, or the error naming the first the snapshot does not hold.
    ///
    /// - Complexity: O(k) for k identifiers.
    @_specialize(where ItemID == Int)
    @_specialize(where ItemID == String)
    @_specialize(where ItemID == UUID)
    func knownSlots(_ identifiers: [ItemID]) throws(SectionSnapshotError) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(identifiers.count)
        for id in identifiers {
            guard let s = slots[id] else { throw .unknown(id) }
            result.append(s)
        }
        return result
    }

    /// Asserts that the parents, children, counts, slots and free slots agree, recounting the
    /// tree from scratch; tests call it after every change.
    ///
    /// - Complexity: O(n) for n items (and freed slots).
    func checkInvariants() {
        var reached = 0
        /// Checks the subtree of slot `s`, returning its item count and rows while expanded.
        func check(_ s: Int, parent: Int) -> (descendants: Int, shown: Int) {
            let id = ids[s]!
            reached += 1
            precondition(parents[s] == parent, "\(id): parent slot \(parents[s]), is under \(parent)")
            precondition(slots[id] == s, "\(id): slot \(String(describing: slots[id])), is in \(s)")
            var descendants = 0, shown = 0
            for c in childLists[s] {
                let below = check(c, parent: s)
                descendants += 1 + below.descendants
                shown += 1 + (expandedFlags[c] ? below.shown : 0)
            }
            precondition(descendantCounts[s] == descendants, "\(id): \(descendantCounts[s]) descendants counted, has \(descendants)")
            precondition(shownBelow[s] == shown, "\(id): \(shownBelow[s]) rows below counted, has \(shown)")
            return (descendants, shown)
        }
        var visible = 0
        for r in roots {
            let below = check(r, parent: Self.top)
            visible += 1 + (expandedFlags[r] ? below.shown : 0)
        }
        precondition(reached == slots.count, "\(reached) items in the tree, \(slots.count) identifiers")
        precondition(visible == visibleCount, "\(visibleCount) visible counted, \(visible) visible")
        let count = ids.count
        precondition([parents.count, childLists.count, expandedFlags.count, descendantCounts.count, shownBelow.count].allSatisfy { $0 == count },
                     "one entry per slot in every field")
        precondition(freeSlots.count + slots.count == count, "every slot used or free")
        for s in freeSlots {
            precondition(ids[s] == nil && childLists[s].isEmpty && !expandedFlags[s], "free slot \(s) holds an item")
        }
    }
}
