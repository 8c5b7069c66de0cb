import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A cell that remembers the item it was configured for, what it showed of it, and how often
/// it was configured.
final class ItemCell: CollectionViewCell {
    /// The item identifier it was last configured with.
    var item = ""
    /// What it shows of the item: its identifier and the content version the app had then.
    var text = ""
    var configured = 0
}

/// A diffable data source over String sections and items in a real window, with the view's
/// reports collected. The cell provider shows `"\(item)"`, or `"\(item)#\(n)"` once the test
/// set `versions[item] = n` (an app whose model changed), and asks `provide` first: false makes
/// it return nil for that item.
@MainActor
final class DiffableWindow {
    typealias Source = CollectionViewDiffableDataSource<String, String>
    typealias Snapshot = Source.Snapshot

    let cv: CollectionView
    let source: Source
    let window: WidgetPointer
    /// What the view reported (`errorHandler`), in words.
    var reports: [String] = []
    /// The content version of items whose content changed; shown after the identifier.
    var versions: [String: Int] = [:]
    /// Runs in the cell provider before it dequeues; false: the provider returns nil.
    var provide: ((CollectionView, IndexPath, String) -> Bool)?
    private var closed = false

    /// A window of `width` x `height` over a flow layout of `itemSize` items.
    init(itemSize: Size = Size(width: 100, height: 100), width: Int32 = 800, height: Int32 = 600) {
        let layout = FlowLayout()
        layout.itemSize = itemSize
        let cv = bareCollectionView(layout)
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        self.cv = cv
        // The provider reaches the fixture weakly: the data source must not keep it alive.
        weak var weakSelf: DiffableWindow?
        source = Source(collectionView: cv) { cv, indexPath, item in
            if let provide = weakSelf?.provide, !provide(cv, indexPath, item) { return nil }
            let cell: ItemCell = cv.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
            cell.item = item
            cell.text = weakSelf?.text(of: item) ?? item
            cell.configured += 1
            return cell
        }
        window = GtkHarness.window(for: cv, width: width, height: height)
        weakSelf = self
        cv.errorHandler = { [weak self] in self?.reports.append("\($0)") }
    }

    /// What a cell for `item` should show now.
    func text(of item: String) -> String {
        versions[item].map { "\(item)#\($0)" } ?? item
    }

    /// Closes the window (failing on broken invariants or GTK warnings).
    func close(file: StaticString = #filePath, line: UInt = #line) {
        guard !closed else { return }
        closed = true
        GtkHarness.close(window, file: file, line: line)
    }

    /// The items of the visible cells per section, in index path order ("?" for a cell that
    /// is not an `ItemCell`).
    func shownItems() -> [[String]] {
        var result: [[String]] = Array(repeating: [], count: cv.numberOfSections)
        for path in cv.indexPathsForVisibleItems { result[path.section].append((cv.cellForItem(at: path) as? ItemCell)?.item ?? "?") }
        return result
    }

    /// The snapshot's items per section.
    static func lists(_ snapshot: Snapshot) -> [[String]] {
        snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) }
    }

    /// Runs the main loop until nothing animates, no view waits to be made and no work is
    /// queued, then waits for one more layout pass. False when that did not happen in time.
    @discardableResult
    func settle(timeout: Double = 5) -> Bool {
        let quiet = GtkHarness.pump(timeout: timeout) { !cv.isAnimatingUpdates && !cv.hasPendingViews && !cv.work.hasQueuedWork }
        return quiet && GtkHarness.settle(cv)
    }

    /// Applies `snapshot` and waits until its completion ran and the view settled; false when
    /// it did not land in time.
    @discardableResult
    func applyAndWait(_ snapshot: Snapshot, animated: Bool = false) -> Bool {
        var landed = false
        source.apply(snapshot, animatingDifferences: animated) { landed = true }
        return GtkHarness.pump { landed } && settle()
    }

    /// What is wrong with the screen as the picture of `snapshot`, or nil: the view's counts
    /// are the snapshot's; every item has a visible cell at its index path showing it (its
    /// identifier and current content), placed at the layout's frame for it, opaque and inside
    /// the viewport; and no other view of the canvas is shown (nothing left over from an
    /// animation, no stray cell). The data source answers identifiers and index paths as the
    /// snapshot does.
    func mismatch(_ snapshot: Snapshot) -> String? {
        let lists = Self.lists(snapshot)
        guard cv.numberOfSections == lists.count else { return "the view has \(cv.numberOfSections) sections, the snapshot \(lists.count)" }
        for (s, items) in lists.enumerated() where cv.numberOfItems(inSection: s) != items.count {
            return "section \(s) has \(cv.numberOfItems(inSection: s)) items in the view, \(items.count) in the snapshot"
        }
        guard shownItems() == lists else { return "shows \(shownItems()), the snapshot has \(lists)" }
        var cells = Set<ObjectIdentifier>()
        let visibleRect = Rect(origin: .zero, size: cv.bounds.size)
        for (s, items) in lists.enumerated() {
            for (i, item) in items.enumerated() {
                let path = IndexPath(item: i, section: s)
                guard source.itemIdentifier(for: path) == item, source.indexPath(for: item) == path else {
                    return "the data source answers \(String(describing: source.itemIdentifier(for: path))) for \(Array(path)) and \(String(describing: source.indexPath(for: item))) for \(item)"
                }
                guard let cell = cv.cellForItem(at: path) as? ItemCell else { return "\(item) at \(Array(path)) has no cell" }
                guard cell.text == text(of: item) else { return "the cell of \(item) shows '\(cell.text)', not '\(text(of: item))'" }
                cells.insert(ObjectIdentifier(cell))
                guard let frame = cv.collectionViewLayout.layoutAttributesForItem(at: path)?.frame,
                      let placed = GtkHarness.bounds(of: cell.widget, in: cv.viewport) else { return "\(item) has no frame" }
                let expected = frame.offsetBy(dx: -cv.contentOffset.x, dy: -cv.contentOffset.y)
                guard abs(placed.minX - expected.minX) < 0.5, abs(placed.minY - expected.minY) < 0.5,
                      abs(placed.width - expected.width) < 0.5, abs(placed.height - expected.height) < 0.5 else {
                    return "the cell of \(item) is at \(placed), its frame is \(expected)"
                }
                guard visibleRect.contains(placed) else { return "the cell of \(item) at \(placed) is off screen" }
                guard gtk_widget_get_opacity(cell.widget) == 1 else { return "the cell of \(item) has opacity \(gtk_widget_get_opacity(cell.widget))" }
            }
        }
        var child = gtk_widget_get_first_child(cv.canvas)
        while let c = child {
            if gtk_widget_get_child_visible(c) != 0, gtk_widget_get_visible(c) != 0 {
                guard let view = ReusableView.view(for: c), cells.contains(ObjectIdentifier(view)) else {
                    let what = (ReusableView.view(for: c) as? ItemCell).map { "a cell of \($0.item)" } ?? "a view"
                    return "\(what) is shown that is no item's cell"
                }
            }
            child = gtk_widget_get_next_sibling(c)
        }
        return nil
    }
}
