import FoundationEssentials

/// Keeping the lookup dictionaries and the section starts in step with the arrays, and the
/// checks the mutations make before they change anything.
extension DiffableSnapshot {
    /// Rewrites the places of section `s`'s items from index `start` on.
    ///
    /// - Complexity: O(n - start) for n items in the section.
    @_specialize(where SectionID == Int, ItemID == Int)
    @_specialize(where SectionID == Int, ItemID == String)
    @_specialize(where SectionID == Int, ItemID == UUID)
    @_specialize(where SectionID == String, ItemID == Int)
    @_specialize(where SectionID == String, ItemID == String)
    @_specialize(where SectionID == String, ItemID == UUID)
    mutating func reindexItems(inSection s: Int, from start: Int = 0) {
        let id = sections[s]
        var i = start
        while i < items[s].count {
            itemPlace[items[s][i]] = Place(section: id, index: i)
            i += 1
        }
    }

    /// Rewrites the section indexes from section `start` on, and the section starts.
    ///
    /// - Complexity: O(s) for s sections.
    mutating func reindexSections(from start: Int = 0) {
        var s = start
        while s < sections.count {
            sectionIndex[sections[s]] = s
            s += 1
        }
        recount()
    }

    /// Rewrites the section starts (the running item counts).
    ///
    /// - Complexity: O(s) for s sections.
    mutating func recount() {
        sectionStart.removeAll(keepingCapacity: true)
        sectionStart.reserveCapacity(sections.count + 1)
        var total = 0
        sectionStart.append(0)
        for list in items {
            total += list.count
            sectionStart.append(total)
        }
    }

    /// Throws unless every identifier in `new` is unique and not in the snapshot yet.
    ///
    /// - Complexity: O(k) for k identifiers.
    func checkNewItems(_ new: [ItemID]) throws(SnapshotError) {
        var seen = Set<ItemID>(minimumCapacity: new.count)
        for id in new where itemPlace[id] != nil || !seen.insert(id).inserted {
            throw .duplicate(item: id)
        }
    }

    /// Throws unless every identifier in `new` is unique and not a section yet.
    ///
    /// - Complexity: O(k) for k identifiers.
    func checkNewSections(_ new: [SectionID]) throws(SnapshotError) {
        var seen = Set<SectionID>(minimumCapacity: new.count)
        for id in new where sectionIndex[id] != nil || !seen.insert(id).inserted {
            throw .duplicate(section: id)
        }
    }

    /// Throws unless the snapshot holds every item in `ids`.
    ///
    /// - Complexity: O(k) for k identifiers.
    func checkKnownItems(_ ids: some Sequence<ItemID>) throws(SnapshotError) {
        for id in ids where itemPlace[id] == nil { throw .unknown(item: id) }
    }

    /// Throws unless the snapshot holds every section in `ids`.
    ///
    /// - Complexity: O(k) for k identifiers.
    func checkKnownSections(_ ids: some Sequence<SectionID>) throws(SnapshotError) {
        for id in ids where sectionIndex[id] == nil { throw .unknown(section: id) }
    }

    /// Asserts that the dictionaries and the section starts agree with the arrays; tests call
    /// it after every change.
    ///
    /// - Complexity: O(n + s) for n items and s sections.
    func checkInvariants() {
        precondition(sections.count == items.count, "one item list per section")
        precondition(sectionIndex.count == sections.count, "section index count")
        precondition(sectionStart.count == sections.count + 1, "section starts count")
        var total = 0
        for (s, id) in sections.enumerated() {
            precondition(sectionIndex[id] == s, "section \(id) indexed at \(String(describing: sectionIndex[id])), is at \(s)")
            precondition(sectionStart[s] == total, "section \(s) starts at \(sectionStart[s]), not \(total)")
            for (i, item) in items[s].enumerated() {
                precondition(itemPlace[item] == Place(section: id, index: i), "item \(item) misplaced")
            }
            total += items[s].count
        }
        precondition(sectionStart[sections.count] == total && itemPlace.count == total, "item count")
        for id in reloadedItems.elements + reconfiguredItems.elements { precondition(itemPlace[id] != nil, "reload of a gone item") }
        for id in reloadedSections.elements { precondition(sectionIndex[id] != nil, "reload of a gone section") }
    }
}

extension DiffableSnapshot {
    /// The item at `indexPath` (section index, item index), or nil.
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(at indexPath: IndexPath) -> ItemID? {
        guard indexPath.count == 2, items.indices.contains(indexPath.section) else { return nil }
        let section = items[indexPath.section]
        return section.indices.contains(indexPath.item) ? section[indexPath.item] : nil
    }

    /// The number of items in the section at `index`; 0 for an index with no section.
    ///
    /// - Complexity: O(1).
    public func numberOfItems(inSectionAt index: Int) -> Int {
        items.indices.contains(index) ? items[index].count : 0
    }
}
