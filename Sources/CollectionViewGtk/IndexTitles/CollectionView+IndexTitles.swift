import CGtk
import CollectionLayout

/// The data source's index titles (`indexTitles(for:)`), resolved to content positions through
/// the layout, for the scrubber.
extension CollectionView {
    /// Asks the data source for its index titles again (UIKit's table view has
    /// `reloadSectionIndexTitles()`): for titles that changed without a reload or a batch
    /// update, which ask again by themselves.
    public func reloadIndexTitles() {
        indexScrubber.titlesChanged()
    }

    /// The data source's titles now, asked once per change of the data.
    func currentIndexTitles() -> [String] {
        guard let dataSource else { return [] }
        return work.runNow { dataSource.indexTitles(for: self) } ?? []
    }

    /// The titles with the positions they jump to, through the installed layout: one
    /// `indexPathForIndexTitle` and a few attribute queries per title. A title whose index
    /// path names neither an item nor a section is reported and left out.
    ///
    /// - Complexity: O(titles) layout queries.
    func resolveIndexTitles(_ titles: [String]) -> IndexTitleMap {
        guard let dataSource, !titles.isEmpty else { return IndexTitleMap(entries: []) }
        let layout = installedLayout
        work.runNow { layout.prepareIfNeeded() }
        var entries: [IndexTitleMap.Entry] = []
        entries.reserveCapacity(titles.count)
        for (index, title) in titles.enumerated() {
            let path = work.runNow { dataSource.collectionView(self, indexPathForIndexTitle: title, at: index) }
            guard let position = jumpPosition(of: path, in: layout) else {
                // Only the first item of an existing section may name nothing (an empty section
                // without a header); anything else is the data source's mistake.
                if !(path.count == 2 && path.item == 0 && path.section >= 0 && path.section < numberOfSections) {
                    report(.invalidIndexPath("collectionView(_:indexPathForIndexTitle:at:) for \"\(title)\"", path))
                }
                continue  // an empty section without a header: nothing to jump to
            }
            entries.append(IndexTitleMap.Entry(title: title, index: index, indexPath: path, position: position))
        }
        return IndexTitleMap(entries: entries)
    }

    /// Where the view's top goes to show `path`: its item's top, or for the first item of a
    /// section the top of the section's header above it. A pinned header may be reported
    /// where it floats now (lower than where it starts): then it is taken to sit right above
    /// the item, its own height up.
    private func jumpPosition(of path: IndexPath, in layout: CollectionViewLayout) -> Double? {
        let itemTop = isValidItem(path) ? layout.layoutAttributesForItem(at: path).map(\.frame.minY) : nil
        guard path.count == 2, path.item == 0, path.section >= 0, path.section < numberOfSections else { return itemTop }
        var top = itemTop
        for kind in layout.supplementaryElementKinds where Self.isHeaderKind(kind) {
            guard let frame = layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: path.section))?.frame,
                  frame.height > 0, frame.minY.isFinite else { continue }
            guard let item = itemTop else {
                top = min(top ?? frame.minY, frame.minY)
                continue
            }
            let headerTop = frame.maxY <= item + 0.5 ? frame.minY : item - frame.height
            top = min(top ?? headerTop, headerTop)
        }
        return top.map { max(0, $0) }
    }

    /// Header kinds: the flow layout's, and any kind that calls itself a header (a
    /// compositional layout's boundary items name their own kinds).
    private static func isHeaderKind(_ kind: String) -> Bool {
        kind == ElementKind.sectionHeader || kind.lowercased().contains("header")
    }
}

// What tests read of the scrubber.
extension CollectionView {
    /// The scrubber's handle, once titles made it (nil before).
    package var indexScrubberHandle: WidgetPointer? { indexScrubber.handleWidget }
    /// Whether the handle shows (or fades in).
    package var isIndexScrubberShown: Bool { indexScrubber.isShown }
    /// The title in the bubble while the handle is dragged, else nil.
    package var indexScrubberBubbleTitle: String? { indexScrubber.bubbleTitle }
    /// How many times the titles were resolved to content positions.
    package var indexTitleResolutions: Int { indexScrubber.resolutions }
}
