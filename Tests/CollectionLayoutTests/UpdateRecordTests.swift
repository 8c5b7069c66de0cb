import Testing
import CollectionLayout

/// The update record alone: hand-built scenes (what is shown, the old layout around the
/// viewport, the new layout's prepared area) and the fate and the two ends of every element.
@Suite @MainActor
struct UpdateRecordTests {
    // MARK: Scene helpers

    func cell(_ item: Int, _ section: Int = 0) -> ElementKey { .cell(IndexPath(item: item, section: section)) }
    func header(_ section: Int) -> ElementKey { .supplementary("header", IndexPath(item: 0, section: section)) }
    func band(_ section: Int) -> ElementKey { .decoration("band", IndexPath(index: section)) }

    /// Cells `items` of section 0 in a row, 100 apart, 90 square.
    func row(_ items: some Sequence<Int>, y: Double = 0) -> [ElementKey: Rect] {
        Dictionary(uniqueKeysWithValues: items.map { (cell($0), Rect(x: Double($0) * 100, y: y, width: 90, height: 90)) })
    }

    func attributes(_ frames: [ElementKey: Rect]) -> [ElementKey: LayoutAttributes] {
        Dictionary(uniqueKeysWithValues: frames.map { key, frame in
            let a = LayoutAttributes(category: key.category, kind: key.kind, indexPath: key.indexPath)
            a.frame = frame
            return (key, a)
        })
    }

    func map(_ old: [Int], _ new: [Int], _ build: (inout BatchUpdate) -> Void) throws -> UpdateIndexMap {
        var u = BatchUpdate()
        build(&u)
        return try UpdateIndexMap(oldCounts: old, newCounts: new, update: u)
    }

    func name(_ key: ElementKey?) -> String {
        guard let key else { return "-" }
        return "\(key.kind ?? "cell")[\(key.indexPath.map(String.init).joined(separator: "."))]"
    }

    /// "fate old > new" per entry, in the record's order.
    func fates(_ record: UpdateRecord) -> [String] {
        record.entries.map { "\($0.fate) \(name($0.oldKey)) > \(name($0.newKey))" }
    }

    func entry(_ record: UpdateRecord, _ fate: UpdateRecord.Fate, new key: ElementKey) -> UpdateRecord.Entry? {
        record.entries.first { $0.fate == fate && $0.newKey == key }
    }

    func entry(_ record: UpdateRecord, _ fate: UpdateRecord.Fate, old key: ElementKey) -> UpdateRecord.Entry? {
        record.entries.first { $0.fate == fate && $0.oldKey == key }
    }

    // MARK: Batch updates

    /// Insert at the front: the shown cells move up one, from where they are shown (one is
    /// mid-animation) to the new layout's attributes; the new cell starts at the layout's
    /// initial attributes.
    @Test func insert() throws {
        let before = attributes(row(0..<3))
        let shown = attributes(row(0..<3))
        shown[cell(1)]!.frame.origin.x = 105  // mid-animation
        let layout = KeyedLayout(row(0..<4))
        let after = attributes(row(0..<4))
        let record = UpdateRecord(shown: shown, before: before, after: after, map: try map([3], [4]) { $0.insertedItems = [IndexPath(item: 0, section: 0)] }, layout: layout)
        #expect(fates(record) == ["persisting cell[0.0] > cell[0.1]", "persisting cell[0.1] > cell[0.2]",
                                  "persisting cell[0.2] > cell[0.3]", "appearing - > cell[0.0]"])
        let moved = try #require(entry(record, .persisting, new: cell(2)))
        #expect(moved.from.frame.minX == 105, "from what is shown, not the old layout")
        #expect(moved.to === after[cell(2)], "to the new layout's attributes")
        #expect(!moved.removesViewAtEnd && moved.key == cell(2))
        let new = try #require(entry(record, .appearing, new: cell(0)))
        #expect(new.from.zIndex == KeyedLayout.initialMark[.cell] && new.from.alpha == 0 && new.from.frame.minX == 0)
        #expect(new.to === after[cell(0)] && new.oldKey == nil)
    }

    /// Delete: the deleted cell goes to the layout's final attributes (the old place, faded,
    /// through `attributesBeforeUpdate`); without them it fades where it is shown.
    @Test func delete() throws {
        let before = attributes(row(0..<3))
        let shown = attributes(row(0..<3))
        shown[cell(1)]!.frame.origin.y = 30  // mid-animation
        let layout = KeyedLayout(row(0..<2))
        layout.attributesBeforeUpdate = { before[$0] }
        let m = try map([3], [2]) { $0.deletedItems = [IndexPath(item: 1, section: 0)] }
        let record = UpdateRecord(shown: shown, before: before, after: attributes(row(0..<2)), map: m, layout: layout)
        #expect(fates(record) == ["persisting cell[0.0] > cell[0.0]", "persisting cell[0.2] > cell[0.1]", "disappearing cell[0.1] > -"])
        let gone = try #require(entry(record, .disappearing, old: cell(1)))
        #expect(gone.from.frame.minY == 30 && gone.from.alpha == 1)
        #expect(gone.to.zIndex == KeyedLayout.finalMark[.cell] && gone.to.alpha == 0 && gone.to.frame.minY == 0, "the layout's final attributes")
        #expect(gone.removesViewAtEnd && gone.key == cell(1) && gone.newKey == nil)

        layout.hasFinal = false
        let faded = try #require(entry(UpdateRecord(shown: shown, before: before, after: attributes(row(0..<2)), map: m, layout: layout),
                                       .disappearing, old: cell(1)))
        #expect(faded.to.zIndex == 0 && faded.to.alpha == 0 && faded.to.frame.minY == 30, "faded where it is shown")
        #expect(faded.to !== faded.from && faded.from.alpha == 1)
    }

    /// Move: every cell persists, from its shown place to its new one.
    @Test func move() throws {
        let m = try map([3], [3]) { $0.movedItems = [(IndexPath(item: 0, section: 0), IndexPath(item: 2, section: 0))] }
        let record = UpdateRecord(shown: attributes(row(0..<3)), before: attributes(row(0..<3)), after: attributes(row(0..<3)),
                                  map: m, layout: KeyedLayout(row(0..<3)))
        #expect(fates(record) == ["persisting cell[0.1] > cell[0.0]", "persisting cell[0.2] > cell[0.1]", "persisting cell[0.0] > cell[0.2]"])
        let moved = try #require(entry(record, .persisting, old: cell(0)))
        #expect(moved.from.frame.minX == 0 && moved.to.frame.minX == 200)
    }

    /// Reload: the old view leaves and a new one appears at the same place, from the layout's
    /// initial attributes, not from the old place.
    @Test func reloadItem() throws {
        let m = try map([3], [3]) { $0.reloadedItems = [IndexPath(item: 1, section: 0)] }
        let layout = KeyedLayout(row(0..<3))
        let before = attributes(row(0..<3))
        layout.attributesBeforeUpdate = { before[$0] }
        let record = UpdateRecord(shown: attributes(row(0..<3)), before: before, after: attributes(row(0..<3)), map: m, layout: layout)
        #expect(fates(record) == ["persisting cell[0.0] > cell[0.0]", "persisting cell[0.2] > cell[0.2]",
                                  "appearing - > cell[0.1]", "disappearing cell[0.1] > -"])
        #expect(entry(record, .appearing, new: cell(1))?.from.zIndex == KeyedLayout.initialMark[.cell])
    }

    /// A reloaded section replaces every element of it, each by its category's methods.
    @Test func reloadSection() throws {
        let m = try map([1], [2]) { $0.reloadedSections = [0] }
        let oldFrames = row(0..<1).merging([header(0): Rect(x: 0, y: -50, width: 300, height: 40)]) { a, _ in a }
        let newFrames = row(0..<2).merging([header(0): Rect(x: 0, y: -60, width: 300, height: 50)]) { a, _ in a }
        let before = attributes(oldFrames)
        let layout = KeyedLayout(newFrames)
        layout.attributesBeforeUpdate = { before[$0] }
        let record = UpdateRecord(shown: attributes(oldFrames), before: before, after: attributes(newFrames), map: m, layout: layout)
        #expect(fates(record) == ["appearing - > cell[0.0]", "appearing - > cell[0.1]", "appearing - > header[0.0]",
                                  "disappearing cell[0.0] > -", "disappearing header[0.0] > -"])
        #expect(entry(record, .appearing, new: header(0))?.from.zIndex == KeyedLayout.initialMark[.supplementaryView])
        #expect(entry(record, .disappearing, old: header(0))?.to.zIndex == KeyedLayout.finalMark[.supplementaryView])
        #expect(entry(record, .disappearing, old: header(0))?.to.frame.minY == -50, "ends at its old place")
    }

    /// Deleting a section: the next section's header and decoration follow it to its new index;
    /// the deleted section's elements disappear, each by its category's final attributes.
    @Test func elementsFollowTheirSection() throws {
        let oldFrames: [ElementKey: Rect] = [
            cell(0, 0): Rect(x: 0, y: 0, width: 90, height: 90), header(0): Rect(x: 0, y: -50, width: 300, height: 40),
            band(0): Rect(x: 0, y: 0, width: 300, height: 90),
            cell(0, 1): Rect(x: 0, y: 200, width: 90, height: 90), header(1): Rect(x: 0, y: 150, width: 300, height: 40),
            band(1): Rect(x: 0, y: 200, width: 300, height: 90),
        ]
        let newFrames = [cell(0, 0): oldFrames[cell(0, 0)]!, header(0): oldFrames[header(0)]!, band(0): oldFrames[band(0)]!]
        let before = attributes(oldFrames)
        let layout = KeyedLayout(newFrames)
        layout.attributesBeforeUpdate = { before[$0] }
        let record = UpdateRecord(shown: attributes(oldFrames), before: before, after: attributes(newFrames),
                                  map: try map([1, 1], [1]) { $0.deletedSections = [0] }, layout: layout)
        #expect(fates(record) == ["persisting cell[1.0] > cell[0.0]", "persisting header[1.0] > header[0.0]", "persisting band[1] > band[0]",
                                  "disappearing cell[0.0] > -", "disappearing header[0.0] > -", "disappearing band[0] > -"])
        #expect(entry(record, .persisting, new: band(0))?.from.frame.minY == 200)
        #expect(record.entries.filter { $0.fate == .disappearing }.map(\.to.zIndex)
                == [KeyedLayout.finalMark[.cell], KeyedLayout.finalMark[.supplementaryView], KeyedLayout.finalMark[.decorationView]])
    }

    /// An element that is still in the data but outside the new prepared area goes towards its
    /// new place and leaves at the end; if the layout no longer places it, it fades where it is.
    @Test func leavingTheArea() throws {
        let m = try map([4], [5]) { $0.insertedItems = [IndexPath(item: 0, section: 0)] }
        let layout = KeyedLayout(row(0..<5))
        let record = UpdateRecord(shown: attributes(row(0..<4)), before: attributes(row(0..<4)), after: attributes(row(0..<4)),
                                  map: m, layout: layout)
        #expect(fates(record) == ["persisting cell[0.0] > cell[0.1]", "persisting cell[0.1] > cell[0.2]", "persisting cell[0.2] > cell[0.3]",
                                  "leavingArea cell[0.3] > cell[0.4]", "appearing - > cell[0.0]"])
        let leaving = try #require(entry(record, .leavingArea, new: cell(4)))
        #expect(leaving.from.frame.minX == 300 && leaving.to.frame.minX == 400 && leaving.to.alpha == 1)
        #expect(leaving.removesViewAtEnd && leaving.key == cell(4))

        layout.frames[cell(4)] = nil
        let faded = try #require(entry(UpdateRecord(shown: attributes(row(0..<4)), before: attributes(row(0..<4)),
                                                    after: attributes(row(0..<4)), map: m, layout: layout), .leavingArea, new: cell(4)))
        #expect(faded.to.frame.minX == 300 && faded.to.alpha == 0)
    }

    /// An element that comes into the prepared area, and was near the viewport in the old
    /// layout without a view, comes from its old place (with its new index path); the old
    /// layout's attributes are copied, not changed.
    @Test func appearingFromItsOldPlace() throws {
        let before = attributes(row(0..<6))
        let m = try map([6], [5]) { $0.deletedItems = [IndexPath(item: 0, section: 0)] }
        let record = UpdateRecord(shown: attributes(row(1..<4)), before: before, after: attributes(row(0..<5)),
                                  map: m, layout: KeyedLayout(row(0..<5)))
        #expect(fates(record) == ["persisting cell[0.1] > cell[0.0]", "persisting cell[0.2] > cell[0.1]", "persisting cell[0.3] > cell[0.2]",
                                  "appearing - > cell[0.3]", "appearing - > cell[0.4]"])
        let scrolledIn = try #require(entry(record, .appearing, new: cell(3)))
        #expect(scrolledIn.from.frame.minX == 400 && scrolledIn.from.alpha == 1 && scrolledIn.from.indexPath == IndexPath(item: 3, section: 0))
        #expect(scrolledIn.from !== before[cell(4)] && before[cell(4)]?.indexPath == IndexPath(item: 4, section: 0))
        #expect(entry(record, .appearing, new: cell(4))?.from.frame.minX == 500)
    }

    /// A shift moves every frame from before the change (shown, old places, final attributes)
    /// and nothing from the new layout; the inputs stay as they were.
    @Test func shiftMovesOnlyWhatCameFromBefore() throws {
        let before = attributes(row(0..<6))
        let shown = attributes(row(0..<3))
        let layout = KeyedLayout(row(0..<6))  // new item 5 has no old place: from the initial attributes
        layout.attributesBeforeUpdate = { before[$0] }
        let m = try map([6], [6]) { $0.deletedItems = [IndexPath(item: 1, section: 0)]; $0.insertedItems = [IndexPath(item: 5, section: 0)] }
        let after = attributes(row(0..<6))
        let record = UpdateRecord(shown: shown, before: before, after: after, map: m, layout: layout, shift: Point(x: 0, y: 30))
        #expect(fates(record) == ["persisting cell[0.0] > cell[0.0]", "persisting cell[0.2] > cell[0.1]",
                                  "appearing - > cell[0.2]", "appearing - > cell[0.3]", "appearing - > cell[0.4]", "appearing - > cell[0.5]",
                                  "disappearing cell[0.1] > -"])
        for e in record.entries where e.fate == .persisting {
            #expect(e.from.frame.minY == 30 && e.to.frame.minY == 0, "\(e.key)")
        }
        #expect(entry(record, .appearing, new: cell(2))?.from.frame == Rect(x: 300, y: 30, width: 90, height: 90), "old place, shifted")
        #expect(entry(record, .appearing, new: cell(5))?.from.frame.minY == 0, "the new layout's initial attributes are not shifted")
        let gone = try #require(entry(record, .disappearing, old: cell(1)))
        #expect(gone.from.frame.minY == 30 && gone.to.frame.minY == 30, "final attributes are in old coordinates: shifted")
        #expect(shown.values.allSatisfy { $0.frame.minY == 0 } && before.values.allSatisfy { $0.frame.minY == 0 } && after.values.allSatisfy { $0.frame.minY == 0 })
    }

    // MARK: Layout changes

    /// A layout change keeps every key: shown elements the new layout places in the area
    /// persist, others leave the area (towards the new place, or faded when it has none), and
    /// elements only the new area has come from their old place or the initial attributes.
    /// Nothing disappears.
    @Test func layoutChangeWithIdentityKeys() throws {
        let oldFrames = row(0..<5).merging([header(0): Rect(x: 0, y: -50, width: 500, height: 40)]) { a, _ in a }
        let before = attributes(oldFrames)
        let shown = attributes(oldFrames.filter { $0.key == header(0) || ($0.key.category == .cell && $0.key.indexPath.item < 3) })
        // A column: cell 2 far below the prepared area, no header.
        var newFrames: [ElementKey: Rect] = [:]
        for (i, y) in [0.0, 100, 1000, 200, 300, 400].enumerated() { newFrames[cell(i)] = Rect(x: 0, y: y, width: 90, height: 90) }
        let layout = KeyedLayout(newFrames)
        let after = attributes(newFrames.filter { $0.value.minY < 500 })
        let record = UpdateRecord.forLayoutChange(shown: shown, before: before, after: after, layout: layout, shift: Point(x: 0, y: 50))
        #expect(fates(record) == ["persisting cell[0.0] > cell[0.0]", "persisting cell[0.1] > cell[0.1]",
                                  "leavingArea cell[0.2] > cell[0.2]", "leavingArea header[0.0] > header[0.0]",
                                  "appearing - > cell[0.3]", "appearing - > cell[0.4]", "appearing - > cell[0.5]"])
        #expect(entry(record, .persisting, new: cell(1))?.from.frame.origin == Point(x: 100, y: 50))
        #expect(entry(record, .leavingArea, new: cell(2))?.to.frame.minY == 1000)
        let unplaced = try #require(entry(record, .leavingArea, new: header(0)))
        #expect(unplaced.to.alpha == 0 && unplaced.to.frame.minY == 0, "no place in the new layout: fades where it is shown")
        #expect(entry(record, .appearing, new: cell(3))?.from.frame.origin == Point(x: 300, y: 50), "from its old place")
        #expect(entry(record, .appearing, new: cell(5))?.from.zIndex == KeyedLayout.initialMark[.cell], "no old place")
    }

    // MARK: Order

    /// Entries come by fate, then category, kind and index path, whatever the dictionaries'
    /// order.
    @Test func orderIsDeterministic() {
        let keys: [ElementKey] = [band(1), cell(0, 1), header(0), .supplementary("footer", IndexPath(item: 0, section: 1)),
                                  cell(1, 0), band(0), cell(0, 0)]
        var frames: [ElementKey: Rect] = [:]
        for (i, key) in keys.enumerated() { frames[key] = Rect(x: Double(i) * 100, y: 0, width: 90, height: 90) }
        let layout = KeyedLayout(frames)
        func record(_ order: [ElementKey], capacity: Int) -> UpdateRecord {
            var shown = [ElementKey: LayoutAttributes](minimumCapacity: capacity), after = shown
            let all = attributes(frames)
            for key in order { shown[key] = all[key] }
            for key in order.reversed() { after[key] = all[key] }
            return UpdateRecord.forLayoutChange(shown: shown, before: shown, after: after, layout: layout)
        }
        let a = record(keys, capacity: 0), b = record(keys.reversed(), capacity: 500)
        let expected = ["cell[0.0]", "cell[0.1]", "cell[1.0]", "footer[1.0]", "header[0.0]", "band[0]", "band[1]"]
        #expect(a.entries.map { name($0.key) } == expected)
        #expect(b.entries.map { name($0.key) } == expected)
    }
}
