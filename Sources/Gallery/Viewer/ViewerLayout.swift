import CollectionLayout

/// The photo viewer's layout: every item of every section in one horizontal row, one item per
/// page, each page the viewport's size; no headers, footers or decorations (the transition
/// from the grid fades them out). Installed with `isPagingEnabled`, so a swipe or a wheel notch
/// turns one page; mirrored right to left, where the first photo is on the right.
///
/// The same collection view shows it as the grid: opening the viewer is a transition between
/// the two layouts (see ``GalleryViewer``).
final class ViewerLayout: CollectionViewLayout {
    /// The page's size: the viewport's when the layout was last prepared.
    private(set) var pageSize = Size.zero
    /// `sectionStarts[s]` is the page of section `s`'s first item; the last entry is the count.
    private var sectionStarts: [Int] = [0]

    override class var layoutAttributesClass: LayoutAttributes.Type { ViewerPageAttributes.self }

    /// Pages from the sections' counts: O(sections), once per invalidation.
    override func prepare() {
        super.prepare()
        guard let host = collectionView else { sectionStarts = [0]; return }
        if pageSize != host.bounds.size, pageSize != .zero { pageSizeDidChange?() }
        pageSize = host.bounds.size
        var starts = [0]
        starts.reserveCapacity(host.numberOfSections + 1)
        for section in 0..<host.numberOfSections { starts.append(starts[section] + host.numberOfItems(inSection: section)) }
        sectionStarts = starts
    }

    /// How many pages (items in all sections).
    var pageCount: Int { sectionStarts.last ?? 0 }

    override var collectionViewContentSize: Size {
        Size(width: Double(pageCount) * pageSize.width, height: pageSize.height)
    }

    // MARK: Pages and items

    /// The page that shows `indexPath`; nil when no item has that path.
    ///
    /// - Complexity: O(1).
    func page(of indexPath: IndexPath) -> Int? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section + 1 < sectionStarts.count, indexPath.item >= 0,
              indexPath.item < sectionStarts[indexPath.section + 1] - sectionStarts[indexPath.section] else { return nil }
        return sectionStarts[indexPath.section] + indexPath.item
    }

    /// The item on `page`; nil past the ends.
    ///
    /// - Complexity: O(log sections): a binary search over the sections' first pages.
    func indexPath(forPage page: Int) -> IndexPath? {
        guard page >= 0, page < pageCount else { return nil }
        // The last section that starts at or before the page (empty sections start where the next one does).
        var low = 0, high = sectionStarts.count - 2
        while low < high {
            let mid = (low + high + 1) / 2
            if sectionStarts[mid] <= page { low = mid } else { high = mid - 1 }
        }
        return IndexPath(item: page - sectionStarts[low], section: low)
    }

    /// The content offset that shows `page`, in the layout's (unmirrored) coordinates.
    func offset(forPage page: Int) -> Point {
        Point(x: Double(min(max(page, 0), max(pageCount - 1, 0))) * pageSize.width, y: 0)
    }

    /// The page nearest to a content offset, within the pages.
    func page(atOffset offset: Point) -> Int {
        guard pageSize.width > 0, pageCount > 0 else { return 0 }
        return min(max(Int((offset.x / pageSize.width).rounded()), 0), pageCount - 1)
    }

    /// Whether `offset` is on a page's boundary (not part way through a swipe).
    func isOnPage(_ point: Point) -> Bool {
        guard pageSize.width > 0 else { return true }
        return abs(point.x - offset(forPage: page(atOffset: point)).x) < 0.5
    }

    // MARK: Attributes

    /// The pages that meet `rect`, computed from its ends: O(pages in the rectangle).
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        guard pageSize.width > 0, pageSize.height > 0, pageCount > 0, rect.maxY > 0, rect.minY < pageSize.height else { return [] }
        let first = max(0, Int((rect.minX / pageSize.width).rounded(.down)))
        let last = min(pageCount - 1, Int((rect.maxX / pageSize.width).rounded(.up)) - 1)
        guard first <= last else { return [] }
        return (first...last).compactMap { page in
            indexPath(forPage: page).map { attributes(for: $0, page: page) }.flatMap { $0.frame.intersects(rect) ? $0 : nil }
        }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        page(of: indexPath).map { attributes(for: indexPath, page: $0) }
    }

    private func attributes(for indexPath: IndexPath, page: Int) -> LayoutAttributes {
        let a = ViewerPageAttributes(forCellWith: indexPath)
        a.frame = Rect(x: Double(page) * pageSize.width, y: 0, width: pageSize.width, height: pageSize.height)
        a.pageFraction = 1
        return a
    }

    // MARK: Offsets, resizing, direction

    /// On a page, whatever is proposed (after a layout change or an update).
    override func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
        offset(forPage: page(atOffset: proposedContentOffset))
    }

    /// A new viewport size is a new page size.
    override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.size != pageSize
    }

    /// A resize keeps the page shown: the offset moves to the same page at the new width, with
    /// the content resized first so that the move is not clamped.
    override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        // Only a new width moves the pages; a new height (a message shown under the photos)
        // keeps every offset, and adjusting the content in the pass for it would change the
        // scrollbars' adjustments twice in one allocation.
        guard pageSize.width > 0, pageCount > 0, newBounds.width != pageSize.width else {
            return super.invalidationContext(forBoundsChange: newBounds)
        }
        // A context that names no element: the view then applies its adjustments (a resize
        // asks again for everything shown anyway).
        let keeping = type(of: self).invalidationContextClass.init()
        let page = page(atOffset: newBounds.origin)
        keeping.contentSizeAdjustment = Size(width: Double(pageCount) * (newBounds.width - pageSize.width),
                                             height: newBounds.height - pageSize.height)
        keeping.contentOffsetAdjustment = Point(x: Double(page) * newBounds.width - newBounds.minX, y: -newBounds.minY)
        keeping.invalidatedRect = newBounds
        return keeping
    }

    override var flipsHorizontallyInOppositeLayoutDirection: Bool { true }

    // MARK: What the viewer follows

    /// Called when a transition to or from this layout starts (an activation, a pinch, Ctrl +
    /// scroll), before the transition layout is installed.
    var transitionWillBegin: (() -> Void)?
    /// Called when such a transition has ended, whichever layout it installed.
    var transitionDidEnd: (() -> Void)?
    /// Called after the view applied a batch update (items added or deleted while shown).
    var updatesDidFinish: (() -> Void)?

    override func prepareForTransition(from oldLayout: CollectionViewLayout) {
        super.prepareForTransition(from: oldLayout)
        transitionWillBegin?()
    }

    override func prepareForTransition(to newLayout: CollectionViewLayout) {
        super.prepareForTransition(to: newLayout)
        transitionWillBegin?()
    }

    override func finalizeLayoutTransition() {
        super.finalizeLayoutTransition()
        transitionDidEnd?()
    }

    override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        updatesDidFinish?()
    }

    /// Called when the pages' size changes (the window's): the photos are decoded for it again.
    var pageSizeDidChange: (() -> Void)?

    /// Called when the data's counts may have changed: a batch update, or a reload (which
    /// `finalizeCollectionViewUpdates` does not see).
    var dataDidChange: (() -> Void)?

    override func invalidateLayout(with context: InvalidationContext) {
        super.invalidateLayout(with: context)
        if context.invalidateDataSourceCounts { dataDidChange?() }
    }
}

/// A cell's attributes in the viewer and in transitions to and from it: how far it is a page.
final class ViewerPageAttributes: LayoutAttributes {
    /// 0 in the grid (a tile), 1 as the viewer's page; in between during a transition. The
    /// cell shows its page look in proportion (see `TileCell.apply(_:)`).
    var pageFraction = 0.0

    override func copy(indexPath newPath: IndexPath) -> LayoutAttributes {
        let c = super.copy(indexPath: newPath)
        (c as? ViewerPageAttributes)?.pageFraction = pageFraction
        return c
    }

    override func isEqual(to other: LayoutAttributes) -> Bool {
        super.isEqual(to: other) && (other as? ViewerPageAttributes)?.pageFraction == pageFraction
    }
}

/// The transition between the viewer and another layout: as the plain one, and the cells'
/// ``ViewerPageAttributes/pageFraction`` blends too (the plain blend keeps the target's, so a
/// tile would jump to its page look at the first frame).
final class ViewerTransitionLayout: TransitionLayout {
    static let photoZIndex = 1000

    /// Both layouts' decoration views (the grid's section backgrounds) stay registered while
    /// the transition is installed: the view looks them up on the installed layout, and the
    /// plain transition layout has none of its own.
    override init(currentLayout: CollectionViewLayout, nextLayout: CollectionViewLayout) {
        super.init(currentLayout: currentLayout, nextLayout: nextLayout)
        for layout in [currentLayout, nextLayout] {
            for (kind, registration) in layout.decorationRegistrations { setDecorationRegistration(registration, forKind: kind) }
        }
    }

    /// The photo's path: it grows from its tile into the page (or shrinks back) over
    /// everything else, which stays where the grid (the other layout) has it. The grid is
    /// revealed around a shrinking photo, as in a phone's photo app; and a frame moves and
    /// resizes one cell, not every tile on screen (a tile changing size lays its title out
    /// again: the return cost 17-21 ms of CPU a frame when every tile blended).
    override func interpolatedAttributes(from: LayoutAttributes?, to: LayoutAttributes?, progress: Double) -> LayoutAttributes? {
        let key = (from ?? to).map { ($0.representedElementCategory, $0.indexPath) }
        if let key, key.0 != .cell || key.1 != keptIndexPath {
            // Not the photo: as the side that is not the viewer places it (nil there: not shown).
            let viewerIsNext = nextLayout is ViewerLayout
            return viewerIsNext ? from : to
        }
        let blended = super.interpolatedAttributes(from: from, to: to, progress: progress)
        guard let blended, blended.representedElementCategory == .cell else { return blended }
        let start = (from as? ViewerPageAttributes)?.pageFraction ?? 0
        let end = (to as? ViewerPageAttributes)?.pageFraction ?? 0
        let result = blended as? ViewerPageAttributes ?? ViewerPageAttributes(copying: blended)
        result.pageFraction = start + (end - start) * progress
        result.zIndex = Self.photoZIndex  // above the tiles, headers and section backgrounds it grows over
        return result
    }
}

extension ViewerPageAttributes {
    /// Page attributes with everything else `other` has (its class is a plain one).
    convenience init(copying other: LayoutAttributes) {
        self.init(category: other.representedElementCategory, kind: other.representedElementKind, indexPath: other.indexPath)
        frame = other.frame
        transform3D = other.transform3D
        alpha = other.alpha
        zIndex = other.zIndex
        isHidden = other.isHidden
        listPosition = other.listPosition
    }
}
