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
    func children(of p: Int) -> [Int] { p == Self.top ? roots : nodes[p]!.children }

    /// Runs `body` on the children of the item in slot `p` (the root items for ``top``), in place.
    mutating func withChildren<R>(of p: Int, _ body: (inout [Int]) -> R) -> R {
        p == Self.top ? body(&roots) : body(&nodes[p]!.children)
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
        nodes.withUnsafeBufferPointer { nodes in
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
                result.append(nodes[s].unsafelyUnwrapped.id)
                if (!visibleOnly || nodes[s].unsafelyUnwrapped.isExpanded) && !nodes[s].unsafelyUnwrapped.children.isEmpty {
                    stack.append((nodes[s].unsafelyUnwrapped.children, 0))
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
            let node = nodes[s]!
            if !node.children.isEmpty && (!visibleOnly || node.isExpanded) { stack.append((node.children, 0)) }
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
            var p = nodes[t]!.parent
            while p != Self.top, onPath.insert(p).inserted { p = nodes[p]!.parent }
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
            let node = nodes[s]!
            if targets.contains(s) { result[s] = index }
            if onPath.contains(s) {
                assert(!visibleOnly || node.isExpanded, "a visible target's ancestors are expanded")
                index += 1
                stack.append((node.children, 0))
            } else {
                index += visibleOnly ? node.rows : 1 + node.descendantCount
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
            var p = nodes[s]!.parent
            path.removeAll(keepingCapacity: true)
            while known[p] == nil {
                path.append(p)
                p = nodes[p]!.parent
            }
            var visible = known[p]!
            for q in path.reversed() {
                visible = visible && isOpen(q)
                known[q] = visible
            }
            return known[nodes[s]!.parent]!
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
                nodes[s]!.descendantCount += descendants
                nodes[s]!.shownBelow += shown
                if !nodes[s]!.isExpanded { shown = 0 }
                s = nodes[s]!.parent
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
                s = nodes[s]!.parent
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
                p = nodes[p]!.parent
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
            nodes[s]!.descendantCount += change.descendants
            nodes[s]!.shownBelow += change.shown
            let passed = nodes[s]!.isExpanded ? change.shown : 0
            pending[nodes[s]!.parent, default: (0, 0)].descendants += change.descendants
            pending[nodes[s]!.parent, default: (0, 0)].shown += passed
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
        let first = nodes.count
        nodes.append(contentsOf: repeatElement(nil, count: count - reused))
        result.append(contentsOf: first..<nodes.count)
        return result
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
            nodes[s] = Node(id: id, parent: parent)
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
            var node = other.nodes[o]!
            node.parent = slotOf[node.parent] ?? parent
            node.children = node.children.map { slotOf[$0]! }
            nodes[s] = node
            slots[node.id] = s
        }
        return tops.map { slotOf[$0]! }
    }

    /// The count change to the parent of new items `tops` (already in their slots).
    func countChange(adding tops: [Int], under parent: Int) -> CountChange {
        var change = CountChange(slot: parent, descendants: 0, shown: 0)
        for t in tops {
            change.descendants += 1 + nodes[t]!.descendantCount
            change.shown += nodes[t]!.rows
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
                    p = nodes[p]!.parent
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
            let node = nodes[s]!
            reached += 1
            precondition(node.parent == parent, "\(node.id): parent slot \(node.parent), is under \(parent)")
            precondition(slots[node.id] == s, "\(node.id): slot \(String(describing: slots[node.id])), is in \(s)")
            var descendants = 0, shown = 0
            for c in node.children {
                let below = check(c, parent: s)
                descendants += 1 + below.descendants
                shown += 1 + (nodes[c]!.isExpanded ? below.shown : 0)
            }
            precondition(node.descendantCount == descendants, "\(node.id): \(node.descendantCount) descendants counted, has \(descendants)")
            precondition(node.shownBelow == shown, "\(node.id): \(node.shownBelow) rows below counted, has \(shown)")
            return (descendants, shown)
        }
        var visible = 0
        for r in roots {
            let below = check(r, parent: Self.top)
            visible += 1 + (nodes[r]!.isExpanded ? below.shown : 0)
        }
        precondition(reached == slots.count, "\(reached) items in the tree, \(slots.count) identifiers")
        precondition(visible == visibleCount, "\(visibleCount) visible counted, \(visible) visible")
        precondition(freeSlots.count + slots.count == nodes.count, "every slot used or free")
        for s in freeSlots { precondition(nodes[s] == nil, "free slot \(s) holds an item") }
    }
}
