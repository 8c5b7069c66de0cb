import FoundationEssentials

/// Building a snapshot in one go, and the fast way to add items at the end of a section.
///
/// A million items cost a million dictionary entries (identifier → place); everything else is
/// arrays. So new items are checked as they are indexed (one hash each, where checking first
/// and indexing after took three), into a dictionary grown once for all of them, and an empty
/// section takes the given array as it is.
extension DiffableSnapshot {
    /// A snapshot of `contents`, each a section identifier and its items in order: what
    /// ``appendSections(_:)`` and an ``appendItems(_:toSection:)`` per section build, in one call.
    ///
    /// ```swift
    /// let snapshot = try DiffableSnapshot<String, Int>([("Fruit", [1, 2, 3]), ("Vegetables", [4, 5])])
    /// ```
    ///
    /// - Throws: ``SnapshotError/duplicateSection(identifier:)`` when a section identifier is
    ///   given twice (the sections are checked first), else
    ///   ``SnapshotError/duplicateItem(identifier:)`` when an item identifier is, in one section
    ///   or across two; the first in order is named, and nothing is built.
    /// - Complexity: O(n + s) for n items and s sections.
    @_specialize(where SectionID == Int, ItemID == Int)
    @_specialize(where SectionID == Int, ItemID == String)
    @_specialize(where SectionID == Int, ItemID == UUID)
    @_specialize(where SectionID == String, ItemID == Int)
    @_specialize(where SectionID == String, ItemID == String)
    @_specialize(where SectionID == String, ItemID == UUID)
    public init(_ contents: [(SectionID, [ItemID])]) throws(SnapshotError) {
        self.init()
        try appendSections(contents.map(\.0))
        itemPlace.reserveCapacity(contents.reduce(0) { $0 + $1.1.count })
        for (s, section) in contents.enumerated() {
            try appendNewItems(section.1, toSectionAt: s)
        }
    }

    /// Adds `identifiers` at the end of the section at `s`, checking each as it is indexed.
    ///
    /// - Throws: ``SnapshotError/duplicateItem(identifier:)`` for the first identifier that is
    ///   already in the snapshot or given twice; the snapshot is then unchanged.
    /// - Complexity: O(k) for k identifiers (plus O(s) for s sections when `s` is not the last).
    @_specialize(where SectionID == Int, ItemID == Int)
    @_specialize(where SectionID == Int, ItemID == String)
    @_specialize(where SectionID == Int, ItemID == UUID)
    @_specialize(where SectionID == String, ItemID == Int)
    @_specialize(where SectionID == String, ItemID == String)
    @_specialize(where SectionID == String, ItemID == UUID)
    mutating func appendNewItems(_ identifiers: [ItemID], toSectionAt s: Int) throws(SnapshotError) {
        guard !identifiers.isEmpty else { return }
        let section = sections[s]
        let start = items[s].count
        itemPlace.reserveCapacity(itemPlace.count + identifiers.count)
        for (offset, id) in identifiers.enumerated() {
            guard let existing = itemPlace.updateValue(Place(section: section, index: start + offset), forKey: id) else { continue }
            // Already there, or given earlier in this call: undo what this call indexed.
            itemPlace[id] = existing
            for earlier in identifiers[..<offset] { itemPlace[earlier] = nil }
            throw .duplicate(item: id)
        }
        if start == 0 {
            items[s] = identifiers  // shares the caller's storage
        } else {
            items[s].append(contentsOf: identifiers)
        }
        if s == sections.count - 1 {
            sectionStart[s + 1] += identifiers.count
        } else {
            recount()
        }
    }
}
