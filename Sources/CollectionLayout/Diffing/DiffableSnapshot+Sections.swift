/// Adding, deleting, moving and reloading sections.
extension DiffableSnapshot {
    /// Adds empty sections at the end (`appendSections(_:)`).
    ///
    /// - Throws: ``SnapshotError/duplicateSection(identifier:)`` when one is already in the
    ///   snapshot or given twice; the snapshot is then unchanged.
    /// - Complexity: O(k) for k sections.
    public mutating func appendSections(_ identifiers: [SectionID]) throws(SnapshotError) {
        try checkNewSections(identifiers)
        for id in identifiers {
            sectionIndex[id] = sections.count
            sections.append(id)
            items.append([])
            sectionStart.append(sectionStart[sectionStart.count - 1])
        }
    }

    /// Adds empty sections just before `section` (`insertSections(_:beforeSection:)`).
    ///
    /// - Throws: ``SnapshotError/unknownSection(identifier:)`` when `section` is not in the
    ///   snapshot, ``SnapshotError/duplicateSection(identifier:)`` when a new one already is;
    ///   the snapshot is then unchanged.
    /// - Complexity: O(k + s) for k new sections and s sections.
    public mutating func insertSections(_ identifiers: [SectionID], beforeSection section: SectionID) throws(SnapshotError) {
        guard let s = sectionIndex[section] else { throw .unknown(section: section) }
        try insertSections(identifiers, at: s)
    }

    /// Adds empty sections just after `section` (`insertSections(_:afterSection:)`).
    ///
    /// - Throws: as ``insertSections(_:beforeSection:)``.
    /// - Complexity: O(k + s) for k new sections and s sections.
    public mutating func insertSections(_ identifiers: [SectionID], afterSection section: SectionID) throws(SnapshotError) {
        guard let s = sectionIndex[section] else { throw .unknown(section: section) }
        try insertSections(identifiers, at: s + 1)
    }

    private mutating func insertSections(_ identifiers: [SectionID], at s: Int) throws(SnapshotError) {
        try checkNewSections(identifiers)
        sections.insert(contentsOf: identifiers, at: s)
        items.insert(contentsOf: repeatElement([], count: identifiers.count), at: s)
        reindexSections(from: s)
    }

    /// Removes sections and all of their items (`deleteSections(_:)`); they are no longer
    /// reloaded or reconfigured either. A section named twice is deleted once.
    ///
    /// - Throws: ``SnapshotError/unknownSection(identifier:)`` when one is not in the snapshot;
    ///   the snapshot is then unchanged.
    /// - Complexity: O(s + m + r) for s sections, m items in the deleted sections and r reloaded
    ///   or reconfigured identifiers.
    public mutating func deleteSections(_ identifiers: [SectionID]) throws(SnapshotError) {
        try checkKnownSections(identifiers)
        let gone = Set(identifiers)
        guard !gone.isEmpty else { return }
        var goneItems = Set<ItemID>()
        for id in gone {
            for item in items[sectionIndex[id]!] {
                itemPlace[item] = nil
                goneItems.insert(item)
            }
            sectionIndex[id] = nil
        }
        var keptSections: [SectionID] = [], keptItems: [[ItemID]] = []
        for (s, id) in sections.enumerated() where !gone.contains(id) {
            keptSections.append(id)
            keptItems.append(items[s])
        }
        sections = keptSections
        items = keptItems
        reindexSections()
        reloadedSections.remove(gone)
        reloadedItems.remove(goneItems)
        reconfiguredItems.remove(goneItems)
    }

    /// Moves a section, with its items, to just before `other` (`moveSection(_:beforeSection:)`).
    /// Moving a section before itself changes nothing.
    ///
    /// - Throws: ``SnapshotError/unknownSection(identifier:)`` when either is not in the
    ///   snapshot; the snapshot is then unchanged.
    /// - Complexity: O(s) for s sections.
    public mutating func moveSection(_ section: SectionID, beforeSection other: SectionID) throws(SnapshotError) {
        try moveSection(section, next: other, after: false)
    }

    /// Moves a section, with its items, to just after `other` (`moveSection(_:afterSection:)`).
    /// Moving a section after itself changes nothing.
    ///
    /// - Throws: as ``moveSection(_:beforeSection:)``.
    /// - Complexity: O(s) for s sections.
    public mutating func moveSection(_ section: SectionID, afterSection other: SectionID) throws(SnapshotError) {
        try moveSection(section, next: other, after: true)
    }

    private mutating func moveSection(_ section: SectionID, next other: SectionID, after: Bool) throws(SnapshotError) {
        guard let from = sectionIndex[section] else { throw .unknown(section: section) }
        guard sectionIndex[other] != nil else { throw .unknown(section: other) }
        guard section != other else { return }
        let list = items.remove(at: from)
        sections.remove(at: from)
        let to = sectionIndex[other]! - (sectionIndex[other]! > from ? 1 : 0) + (after ? 1 : 0)
        sections.insert(section, at: to)
        items.insert(list, at: to)
        reindexSections(from: min(from, to))
    }

    /// Marks sections for reloading (`reloadSections(_:)`): the diff replaces all of their
    /// items' views.
    ///
    /// - Throws: ``SnapshotError/unknownSection(identifier:)`` when one is not in the snapshot;
    ///   the snapshot is then unchanged.
    /// - Complexity: O(k) for k sections.
    public mutating func reloadSections(_ identifiers: [SectionID]) throws(SnapshotError) {
        try checkKnownSections(identifiers)
        reloadedSections.append(contentsOf: identifiers)
    }
}
