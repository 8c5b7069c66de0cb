/// The state of a collection's data at one moment, by identifier: its sections in order and the
/// items of each (UIKit's `NSDiffableDataSourceSnapshot`). A value type: copy one, change the
/// copy, and ``SnapshotDiff`` works out the batch update from the old to the new.
///
/// Every section identifier and every item identifier is unique in the snapshot. Changes that
/// would break that, or that name an identifier the snapshot does not hold, throw a
/// ``SnapshotError`` and leave the snapshot as it was (UIKit raises an exception instead).
///
/// The snapshot keeps a dictionary from every section identifier to its index and from every
/// item identifier to its section and index within it, so every lookup is O(1) expected. The
/// mutations keep them up to date: their costs are documented on each; in short, appending is
/// O(k) for k identifiers, and a change in the middle of a section re-indexes the rest of it.
///
/// Section mutations are in `DiffableSnapshot+Sections.swift`, item mutations in
/// `DiffableSnapshot+Items.swift`, reloads and reconfigures in `DiffableSnapshot+Reloads.swift`.
public struct DiffableSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable, Equatable {
    /// Where an item is: its section's identifier and its index within that section. The
    /// section's identifier, not its index, so that moving sections does not touch items.
    struct Place: Sendable, Equatable {
        var section: SectionID
        var index: Int
    }

    /// The section identifiers in order.
    var sections: [SectionID] = []
    /// The items of each section, parallel to `sections`.
    var items: [[ItemID]] = []
    /// Section identifier → its index in `sections`.
    var sectionIndex: [SectionID: Int] = [:]
    /// Item identifier → where it is.
    var itemPlace: [ItemID: Place] = [:]
    /// `sectionStart[s]`: the number of items in the sections before `s`; one more entry than
    /// sections, the last being the item count. Makes `indexOfItem(_:)` O(1).
    var sectionStart: [Int] = [0]
    /// Section identifier → the first row from which its items' places in `itemPlace` may be
    /// out of date, after a ``splice(inSectionAt:removing:inserting:deferringReindex:)`` that
    /// left them so; ``reindexStaleRows()`` brings them up to date. Empty in every snapshot an
    /// app sees: only a data source makes and reads such a snapshot.
    package var staleRows: [SectionID: Int] = [:]
    var reloadedItems = OrderedIdentifiers<ItemID>()
    var reconfiguredItems = OrderedIdentifiers<ItemID>()
    var reloadedSections = OrderedIdentifiers<SectionID>()

    /// An empty snapshot: no sections, no items (`NSDiffableDataSourceSnapshot()`).
    ///
    /// - Complexity: O(1).
    public init() {}

    /// True when both hold the same sections with the same items in the same order, and the
    /// same reloaded and reconfigured identifiers.
    ///
    /// - Complexity: O(n + s) for n items and s sections.
    public static func == (a: Self, b: Self) -> Bool {
        a.sections == b.sections && a.items == b.items && a.reloadedItems == b.reloadedItems
            && a.reconfiguredItems == b.reconfiguredItems && a.reloadedSections == b.reloadedSections
    }

    // MARK: Counts

    /// The number of sections (`numberOfSections`).
    ///
    /// - Complexity: O(1).
    public var numberOfSections: Int { sections.count }

    /// The number of items in all sections (`numberOfItems`).
    ///
    /// - Complexity: O(1).
    public var numberOfItems: Int { itemPlace.count }

    /// The number of items in a section (`numberOfItems(inSection:)`); 0 for a section the
    /// snapshot does not hold (UIKit raises).
    ///
    /// - Complexity: O(1) expected.
    public func numberOfItems(inSection section: SectionID) -> Int {
        sectionIndex[section].map { items[$0].count } ?? 0
    }

    // MARK: Identifiers

    /// The section identifiers, in order (`sectionIdentifiers`).
    ///
    /// - Complexity: O(1).
    public var sectionIdentifiers: [SectionID] { sections }

    /// The item identifiers of all sections, section after section (`itemIdentifiers`).
    ///
    /// - Complexity: O(n) for n items.
    public var itemIdentifiers: [ItemID] { Array(items.joined()) }

    /// The item identifiers of one section, in order (`itemIdentifiers(inSection:)`); empty for
    /// a section the snapshot does not hold (UIKit raises).
    ///
    /// - Complexity: O(1) expected.
    public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
        sectionIndex[section].map { items[$0] } ?? []
    }

    // MARK: Lookups

    /// The index of an item among all items, section after section, as in ``itemIdentifiers``
    /// (`indexOfItem(_:)`); nil when the snapshot does not hold it.
    ///
    /// - Complexity: O(1) expected.
    public func indexOfItem(_ item: ItemID) -> Int? {
        guard let place = itemPlace[item], let s = sectionIndex[place.section] else { return nil }
        return sectionStart[s] + place.index
    }

    /// The index of a section (`indexOfSection(_:)`); nil when the snapshot does not hold it.
    ///
    /// - Complexity: O(1) expected.
    public func indexOfSection(_ section: SectionID) -> Int? { sectionIndex[section] }

    /// The section that holds an item (`sectionIdentifier(containingItem:)`); nil when the
    /// snapshot does not hold the item.
    ///
    /// - Complexity: O(1) expected.
    public func sectionIdentifier(containingItem item: ItemID) -> SectionID? { itemPlace[item]?.section }

    /// The index path (section index, index within it) of an item, as a collection view shows
    /// it (the data source's `indexPath(for:)`); nil when the snapshot does not hold the item.
    ///
    /// - Complexity: O(1) expected.
    public func indexPath(ofItem item: ItemID) -> IndexPath? {
        guard let place = itemPlace[item], let s = sectionIndex[place.section] else { return nil }
        return IndexPath(item: place.index, section: s)
    }

    // MARK: Reloads

    /// The items marked by ``reloadItems(_:)``, in the order first marked
    /// (`reloadedItemIdentifiers`).
    ///
    /// - Complexity: O(1).
    public var reloadedItemIdentifiers: [ItemID] { reloadedItems.elements }

    /// The items marked by ``reconfigureItems(_:)``, in the order first marked
    /// (`reconfiguredItemIdentifiers`).
    ///
    /// - Complexity: O(1).
    public var reconfiguredItemIdentifiers: [ItemID] { reconfiguredItems.elements }

    /// The sections marked by ``reloadSections(_:)``, in the order first marked
    /// (`reloadedSectionIdentifiers`).
    ///
    /// - Complexity: O(1).
    public var reloadedSectionIdentifiers: [SectionID] { reloadedSections.elements }
}
