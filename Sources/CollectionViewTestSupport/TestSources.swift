import CGtk
import CollectionLayout
import CollectionViewGtk

/// A cell that remembers what it shows and how often it was reused.
package final class NumberCell: CollectionViewCell {
    package var shownPath: IndexPath?
    package var reuseCount = 0
    package nonisolated(unsafe) static var live = 0

    package required init() {
        super.init()
        NumberCell.live += 1
        let ring = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_add_css_class(ring, "selected-bg")
        selectedBackgroundView = ring
    }
    deinit { NumberCell.live -= 1 }

    package override func prepareForReuse() {
        super.prepareForReuse()
        reuseCount += 1
        shownPath = nil
    }
}

package final class LabelView: ReusableView {
    package var shownPath: IndexPath?
    package nonisolated(unsafe) static var live = 0
    package required init() {
        super.init()
        LabelView.live += 1
    }
    deinit { LabelView.live -= 1 }
}

/// A data source of counts, with optional headers and footers, recording what it was asked.
@MainActor
package final class GridSource: CollectionViewDataSource, CollectionViewDelegate {
    package var counts: [Int]
    package var countQueries = 0
    package var cellQueries = 0
    package var displayed: [String] = []
    package var ended: [String] = []

    package init(counts: [Int]) { self.counts = counts }

    package func numberOfSections(in collectionView: CollectionView) -> Int {
        countQueries += 1
        return counts.count
    }
    package func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    package func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        cellQueries += 1
        let cell: NumberCell = collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
        cell.shownPath = indexPath
        return cell
    }
    package func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ReusableView {
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath) as! LabelView
        view.shownPath = indexPath
        return view
    }
    package func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        displayed.append("\(indexPath.section).\(indexPath.item)")
    }
    package func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        ended.append("\(indexPath.section).\(indexPath.item)")
    }
}

@MainActor
package func makeCollectionView(_ layout: CollectionViewLayout, _ source: GridSource) -> CollectionView {
    precondition(GtkHarness.available, "GTK could not open a display: run the tests under xvfb-run")
    let cv = CollectionView(collectionViewLayout: layout)
    cv.register(NumberCell.self, forCellWithReuseIdentifier: "n")
    cv.register(LabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: CollectionView.elementKindSectionHeader)
    cv.register(LabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter, withReuseIdentifier: CollectionView.elementKindSectionFooter)
    cv.dataSource = source
    cv.delegate = source
    return cv
}

/// A layout that places fixed attributes, for checking how they reach the widgets.
@MainActor
package final class FixedLayout: CollectionViewLayout {
    package var attributes: [LayoutAttributes] = []
    package var contentSize = Size(width: 800, height: 600)
    package var prepareCount = 0
    package override func prepare() { prepareCount += 1 }
    package override var collectionViewContentSize: Size { contentSize }
    package override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        attributes.filter { $0.frame.intersects(rect) }
    }
    package override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        attributes.first { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    }
}

/// A grid with both dimensions larger than the viewport: 60 columns by 60 rows of 100x100.
@MainActor
package final class BigGridLayout: CollectionViewLayout {
    package let columns = 60
    package override var collectionViewContentSize: Size { Size(width: Double(columns) * 100, height: 6000) }
    package override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let count = collectionView?.numberOfItems(inSection: 0) ?? 0
        var result: [LayoutAttributes] = []
        let c0 = max(0, Int(rect.minX / 100)), c1 = min(columns - 1, Int(rect.maxX / 100))
        let r0 = max(0, Int(rect.minY / 100)), r1 = Int(rect.maxY / 100)
        guard c0 <= c1, r0 <= r1 else { return [] }
        for r in r0...r1 { for c in c0...c1 where r * columns + c < count {
            if let a = layoutAttributesForItem(at: IndexPath(item: r * columns + c, section: 0)), a.frame.intersects(rect) { result.append(a) }
        } }
        return result
    }
    package override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        let a = LayoutAttributes(forCellWith: indexPath)
        a.frame = Rect(x: Double(indexPath.item % columns) * 100, y: Double(indexPath.item / columns) * 100, width: 100, height: 100)
        return a
    }
}

/// A collection view with nothing registered, after making sure GTK is up.
@MainActor
package func bareCollectionView(_ layout: CollectionViewLayout) -> CollectionView {
    precondition(GtkHarness.available, "GTK could not open a display: run the tests under xvfb-run")
    return CollectionView(collectionViewLayout: layout)
}

/// A label whose text wraps, left-aligned: the content of the self-sizing tests' cells and
/// titles, whose height depends on their width.
@MainActor
package func wrappingLabel() -> WidgetPointer {
    let label = gtk_label_new(nil)!
    gtk_label_set_wrap(OpaquePointer(label), 1)
    gtk_label_set_xalign(OpaquePointer(label), 0)
    return label
}
