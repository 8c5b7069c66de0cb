import CollectionLayout

/// The data source's index titles, each with the content position it jumps to, in content
/// order: what the scrubber reads on every move of a drag, so a move costs a binary search,
/// never a look at the items. Made again only when the data or the layout changed.
struct IndexTitleMap: Equatable {
    /// A title, its place among the data source's titles, its index path, and the content
    /// position (top, along the scroll direction) the view jumps to for it.
    struct Entry: Equatable {
        let title: String
        let index: Int
        let indexPath: IndexPath
        let position: Double
    }

    /// Sorted by position; titles at the same position keep the data source's order.
    let entries: [Entry]

    init(entries: [Entry]) {
        self.entries = entries.enumerated()
            .sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
            .map(\.element)
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The title shown for content position `y`: the last one that starts at or before it,
    /// or the first when `y` is above them all; nil without titles.
    ///
    /// - Complexity: O(log titles).
    func entry(at y: Double) -> Entry? {
        guard let first = entries.first else { return nil }
        var low = 0, high = entries.count  // the first entry starting after y is in low..<high+1
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].position <= y { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? first : entries[low - 1]
    }

    /// Where a scrubber at `fraction` (0 at the top of its track, 1 at the bottom) points in
    /// content `height` tall: the same fraction of the content, so the top of the track is
    /// the first title and the bottom the last, even when the last few titles all start
    /// inside the last screen.
    static func contentPosition(atFraction fraction: Double, contentHeight height: Double) -> Double {
        max(0, min(1, fraction)) * height
    }
}
