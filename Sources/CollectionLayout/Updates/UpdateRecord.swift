/// The third stage of an update (RecyclerView's `ViewInfoStore.process()`): given what is shown
/// before a change and what the new layout places after it, sorts every element into its fate
/// and says where its view animates from and to. Pure: it makes no views and changes none of
/// its inputs; the view layer turns each entry into an animation track.
///
/// It serves batch updates (keys follow an `UpdateIndexMap`) and layout changes (keys stay
/// the same: `forLayoutChange(shown:before:after:layout:shift:)`).
@MainActor
public struct UpdateRecord {
    /// What happens to one element's view.
    public enum Fate: Sendable, Hashable {
        /// Shown before and placed after, in the prepared area: the view moves to its new place.
        case persisting
        /// Shown before and still in the data, but outside the prepared area after (or no longer
        /// placed by this layout): the view moves towards its new place, or fades, then goes.
        case leavingArea
        /// Placed after but not shown before: a view is made for it (inserted, reloaded, or
        /// coming into view from outside).
        case appearing
        /// Shown before and gone after (deleted, or reloaded: a new view replaces it): the view
        /// goes to the layout's final attributes, then goes.
        case disappearing
    }

    /// One element's fate and the attributes its view animates between.
    public struct Entry {
        /// What happens to the view.
        public let fate: Fate
        /// The element's key before the change; nil for `.appearing`.
        public let oldKey: ElementKey?
        /// The element's key after the change; nil for `.disappearing`.
        public let newKey: ElementKey?
        /// Where the view starts: what it shows now (moved by the record's shift), or for an
        /// appearing element its old place or the layout's initial attributes.
        public let from: LayoutAttributes
        /// Where the view ends.
        public let to: LayoutAttributes

        /// The key the view goes by while it animates: the new key, or the old one for a
        /// disappearing element.
        public var key: ElementKey { (newKey ?? oldKey)! }  // every entry has one of the two

        /// True when the view leaves at the end of the animation (`.leavingArea`, `.disappearing`).
        public var removesViewAtEnd: Bool { fate == .leavingArea || fate == .disappearing }
    }

    /// Every element's entry, ordered by fate (persisting, leaving the area, appearing,
    /// disappearing) and then by key (category, kind, index path), so the result never depends
    /// on dictionary order.
    public let entries: [Entry]

    /// Sorts every element into its fate.
    ///
    /// - Parameters:
    ///   - shown: the elements that have a view now, by their key before the change, with the
    ///     attributes they show now (mid-animation included).
    ///   - before: the old layout's attributes around the viewport, by old key (the shown ones
    ///     included): where an element that comes into view starts.
    ///   - after: the new layout's attributes in the prepared area, by new key.
    ///   - newKey: an old key's key after the change; nil when the element went or was replaced.
    ///   - oldKey: a new key's key before the change; nil when the element is new.
    ///   - isReplaced: whether an old element gets a new view (a reload).
    ///   - layout: the new layout, already prepared; asked for initial, final and by-key
    ///     attributes. Its `attributesBeforeUpdate` is the caller's to set.
    ///   - shift: added to every frame from before the change (shown, `before`, final
    ///     attributes), because the content offset moved: nothing jumps on screen.
    /// - Complexity: O(n log n) for n elements in `shown` and `after`, plus the key lookups.
    public init(shown: [ElementKey: LayoutAttributes], before: [ElementKey: LayoutAttributes],
                after: [ElementKey: LayoutAttributes],
                newKey: (ElementKey) -> ElementKey?, oldKey: (ElementKey) -> ElementKey?,
                isReplaced: (ElementKey) -> Bool,
                layout: CollectionViewLayout, shift: Point = .zero) {
        // Copies, so no input changes.
        func shifted(_ a: LayoutAttributes) -> LayoutAttributes {
            let c = a.copy()
            c.frame = c.frame.offsetBy(dx: shift.x, dy: shift.y)
            return c
        }
        func transparent(_ a: LayoutAttributes) -> LayoutAttributes {
            let c = a.copy()
            c.alpha = 0
            return c
        }
        var entries: [Entry] = []
        entries.reserveCapacity(shown.count + after.count)
        var kept = Set<ElementKey>()  // new keys that a shown view goes to
        for (old, attributes) in shown {
            let from = shifted(attributes)
            guard let new = newKey(old) else {
                let to = layout.finalLayoutAttributesForDisappearingElement(old).map(shifted) ?? transparent(from)
                entries.append(Entry(fate: .disappearing, oldKey: old, newKey: nil, from: from, to: to))
                continue
            }
            kept.insert(new)
            if let to = after[new] {
                entries.append(Entry(fate: .persisting, oldKey: old, newKey: new, from: from, to: to))
            } else {
                // Towards its new place if this layout still has one, else fading where it is.
                let to = layout.layoutAttributes(for: new) ?? transparent(from)
                entries.append(Entry(fate: .leavingArea, oldKey: old, newKey: new, from: from, to: to))
            }
        }
        for (new, to) in after where !kept.contains(new) {
            let from: LayoutAttributes
            if let old = oldKey(new), !isReplaced(old), let place = before[old] {
                from = shifted(place.copy(indexPath: new.indexPath))  // comes into view from its old place
            } else {
                from = layout.initialLayoutAttributesForAppearingElement(new) ?? transparent(to)
            }
            entries.append(Entry(fate: .appearing, oldKey: nil, newKey: new, from: from, to: to))
        }
        self.entries = Self.sorted(entries)
    }

    /// The entries in `precedes` order. An entry holds four references, and a sort that moves
    /// entries or compares their keys retains and releases them at every step (most of the cost
    /// of a record of a few hundred elements): the order is worked out on integers instead,
    /// each entry's kind by its rank among the kinds present, when every index path has one or
    /// two indexes (all the keys the view makes). The order is total, so the result is the
    /// same as sorting the entries.
    private static func sorted(_ entries: [Entry]) -> [Entry] {
        var kinds = Set<String>()
        for entry in entries {
            let key = entry.key
            guard (1...2).contains(key.indexPath.count) else { return entries.sorted(by: Self.precedes) }
            kinds.insert(key.kind ?? "")
        }
        let kindRank = Dictionary(uniqueKeysWithValues: kinds.sorted().enumerated().map { ($1, $0) })
        // An index path of one index goes before any of two with the same first index.
        let keys = entries.map { entry -> (Int, UInt8, Int, Int, Int) in
            let key = entry.key, path = key.indexPath
            return (entry.fate.rank, key.category.rawValue, kindRank[key.kind ?? ""]!, path[0], path.count == 2 ? path[1] : Int.min)
        }
        return entries.indices.sorted { keys[$0] < keys[$1] }.map { entries[$0] }
    }

    /// The record of a batch update: keys follow `map`.
    ///
    /// - Parameters: as in `init(shown:before:after:newKey:oldKey:isReplaced:layout:shift:)`,
    ///   with `map`'s `newKey(forOld:)`, `oldKey(forNew:)` and `isReplaced(old:)`.
    public init(shown: [ElementKey: LayoutAttributes], before: [ElementKey: LayoutAttributes],
                after: [ElementKey: LayoutAttributes], map: UpdateIndexMap,
                layout: CollectionViewLayout, shift: Point = .zero) {
        self.init(shown: shown, before: before, after: after,
                  newKey: map.newKey(forOld:), oldKey: map.oldKey(forNew:), isReplaced: map.isReplaced(old:),
                  layout: layout, shift: shift)
    }

    /// The record of a layout change (`setCollectionViewLayout(_:animated:)`): the data is the
    /// same, so every key stays and nothing is replaced; elements only the new layout places
    /// appear, and elements it does not place in the prepared area leave it.
    ///
    /// - Parameters: as in `init(shown:before:after:newKey:oldKey:isReplaced:layout:shift:)`.
    public static func forLayoutChange(shown: [ElementKey: LayoutAttributes], before: [ElementKey: LayoutAttributes],
                                       after: [ElementKey: LayoutAttributes],
                                       layout: CollectionViewLayout, shift: Point = .zero) -> UpdateRecord {
        UpdateRecord(shown: shown, before: before, after: after,
                     newKey: { $0 }, oldKey: { $0 }, isReplaced: { _ in false }, layout: layout, shift: shift)
    }

    /// The entries' order: fate, then the key's category, kind and index path.
    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        if a.fate != b.fate { return a.fate.rank < b.fate.rank }
        let x = a.key, y = b.key
        if x.category != y.category { return x.category.rawValue < y.category.rawValue }
        let kx = x.kind ?? "", ky = y.kind ?? ""
        if kx != ky { return kx < ky }
        return x.indexPath < y.indexPath
    }
}

extension UpdateRecord.Fate {
    /// The order of `UpdateRecord.entries`: fates in this order, so the view makes its tracks in it.
    fileprivate var rank: Int {
        switch self {
        case .persisting: 0
        case .leavingArea: 1
        case .appearing: 2
        case .disappearing: 3
        }
    }
}
