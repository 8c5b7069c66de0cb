import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A content configuration of the tests' own: a label, and how many labels were ever made.
@MainActor
struct CountingConfiguration: ContentConfiguration {
    var text = ""
    var selectedMark = false
    nonisolated(unsafe) static var viewsMade = 0
    func makeContentView() -> any ContentView { CountingContentView(self) }
    func updated(for state: CellConfigurationState) -> CountingConfiguration {
        var copy = self
        copy.selectedMark = state.isSelected
        return copy
    }
}

@MainActor
final class CountingContentView: ContentView {
    let widget: WidgetPointer
    private let widgetRef: ObjectRef
    private var current: CountingConfiguration
    var configuration: any ContentConfiguration {
        get { current }
        set {
            current = newValue as! CountingConfiguration
            gtk_label_set_text(widget.opaque, current.text + (current.selectedMark ? " ✓" : ""))
        }
    }
    var accessibilityLabel: String? { "label " + current.text }

    init(_ configuration: CountingConfiguration) {
        current = configuration
        widget = gtk_label_new(configuration.text)!
        widgetRef = ObjectRef(sinking: UnsafeMutableRawPointer(widget))  // the content view owns its widget
        CountingConfiguration.viewsMade += 1
    }
}

/// A cell that counts how many of its kind were made.
final class CountingCell: CollectionViewCell {
    nonisolated(unsafe) static var made = 0
    required init() {
        super.init()
        Self.made += 1
    }
}

/// A cell that remembers which registration configured it.
final class MarkedCell: CollectionViewCell { var by = "" }

/// Registrations (no identifiers, the handler on every dequeue, through the diffable source,
/// a registration remade in the provider reported by name) and the configuration state
/// (updated in place, the handler re-run when the state changes).
final class RegistrationAndStateTests: XCTestCase {
    @MainActor
    private static func listWindow(items: Int, provide: @escaping (CollectionView, IndexPath, String) -> CollectionViewCell?)
        -> (CollectionView, CollectionViewDiffableDataSource<Int, String>, WidgetPointer, Reports) {
        let layout = CompositionalLayout.list(using: ListConfiguration(appearance: .plain))
        let cv = bareCollectionView(layout)
        let reports = Reports()
        cv.errorHandler = { reports.list.append("\($0)") }
        let source = CollectionViewDiffableDataSource<Int, String>(collectionView: cv, cellProvider: provide)
        var snapshot = source.snapshot()
        try! snapshot.appendSections([0])
        try! snapshot.appendItems((0..<items).map { "item \($0)" })
        source.apply(snapshot, animatingDifferences: false)
        let window = GtkHarness.window(for: cv, width: 400, height: 300)
        GtkHarness.wait(for: "the first rows") { !cv.visibleCells.isEmpty && !cv.hasPendingViews }
        return (cv, source, window, reports)
    }

    final class Reports { var list: [String] = [] }

    func testRegistrationConfiguresEveryDequeueAndReusesCells() { MainActor.assumeIsolated {
        var handled: [String] = []
        let registration = CellRegistration<CollectionViewCell, String> { cell, indexPath, item in
            handled.append(item)
            var content = CountingConfiguration()
            content.text = item
            cell.contentConfiguration = content
        }
        let (cv, source, window, reports) = Self.listWindow(items: 300) { cv, indexPath, item in
            cv.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        defer { GtkHarness.close(window) }
        _ = source  // the view holds its data source weakly
        let shown = cv.visibleCells.count
        XCTAssertGreaterThan(shown, 3)
        XCTAssertEqual(Set(handled), Set(cv.indexPathsForVisibleItems.map { "item \($0.item)" }).union(handled), "the handler ran for the items shown")
        let made = cv.reuseStatistics.created
        let handledBefore = handled.count
        cv.scrollToItem(at: IndexPath(item: 299, section: 0), at: .bottom, animated: false)
        // (Rows measure smaller than estimated, so the scroll ends a little short of the last.)
        GtkHarness.wait(for: "rows near the end") { cv.indexPathsForVisibleItems.contains { $0.item > 250 } && !cv.hasPendingViews }
        XCTAssertGreaterThan(handled.count, handledBefore, "the handler ran on reused cells too")
        let far = cv.indexPathsForVisibleItems.max()!
        XCTAssertTrue(handled.contains("item \(far.item)"))
        XCTAssertLessThan(cv.reuseStatistics.created - made, shown, "scrolling reused cells instead of making a set per screen")
        let last = cv.cellForItem(at: far)!
        XCTAssertEqual(String(cString: gtk_label_get_text(last.configuredContentView!.widget.opaque)), "item \(far.item)")
        XCTAssertEqual(reports.list, [])
    }}

    func testSupplementaryRegistrationThroughTheDiffableSource() { MainActor.assumeIsolated {
        var configuration = ListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        let layout = CompositionalLayout.list(using: configuration)
        let cv = bareCollectionView(layout)
        let cells = CellRegistration<CollectionViewCell, String> { cell, _, item in
            cell.contentConfiguration = CountingConfiguration(text: item)
        }
        var headerKinds: [String] = []
        let headers = SupplementaryRegistration<CollectionViewCell>(elementKind: CollectionView.elementKindSectionHeader) { view, kind, indexPath in
            headerKinds.append(kind)
            view.contentConfiguration = CountingConfiguration(text: "Section \(indexPath.section)")
        }
        let source = CollectionViewDiffableDataSource<Int, String>(collectionView: cv) { cv, indexPath, item in
            cv.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: item)
        }
        source.supplementaryViewProvider = { cv, kind, indexPath in
            cv.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath)
        }
        var snapshot = source.snapshot()
        try! snapshot.appendSections([0, 1])
        try! snapshot.appendItems(["a", "b"], toSection: 0)
        try! snapshot.appendItems(["c"], toSection: 1)
        source.apply(snapshot, animatingDifferences: false)
        let window = GtkHarness.window(for: cv, width: 400, height: 400)
        defer { GtkHarness.close(window) }
        _ = source  // the view holds its data source weakly
        GtkHarness.wait(for: "both headers") {
            cv.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)) != nil && !cv.hasPendingViews
        }
        let header = cv.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)) as! CollectionViewCell
        XCTAssertEqual(header.configuredContentView?.accessibilityLabel, "label Section 1")
        XCTAssertEqual(Set(headerKinds), [CollectionView.elementKindSectionHeader])
        XCTAssertFalse(header.isSelected, "a header gets no item's selection state")
    }}

    /// UIKit's well-known mistake: a registration made inside the provider. Reported once, by
    /// name; cells are still reused.
    func testRegistrationMadeInTheProviderIsReportedByNameAndStillReuses() { MainActor.assumeIsolated {
        let (cv, source, window, reports) = Self.listWindow(items: 300) { cv, indexPath, item in
            let registration = CellRegistration<CollectionViewCell, String> { cell, _, item in
                cell.contentConfiguration = CountingConfiguration(text: item)
            }
            return cv.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        defer { GtkHarness.close(window) }
        _ = source  // the view holds its data source weakly
        XCTAssertEqual(reports.list.count, 1, "\(reports.list)")
        XCTAssertTrue(reports.list.first?.contains("CellRegistration<CollectionViewCell, String>") == true, "\(reports.list)")
        let shown = cv.visibleCells.count
        let made = cv.reuseStatistics.created
        cv.scrollToItem(at: IndexPath(item: 299, section: 0), at: .bottom, animated: false)
        GtkHarness.wait(for: "rows near the end") { cv.indexPathsForVisibleItems.contains { $0.item > 250 } && !cv.hasPendingViews }
        XCTAssertLessThan(cv.reuseStatistics.created - made, shown, "cells were reused across the remade registrations")
        XCTAssertEqual(reports.list.count, 1, "reported once, not per cell")
    }}

    /// A registration made once, lazily, inside the first provider call is not a mistake.
    func testRegistrationMadeOnceInsideTheProviderIsFine() { MainActor.assumeIsolated {
        var lazyRegistration: CellRegistration<CollectionViewCell, String>?
        let (cv, source, window, reports) = Self.listWindow(items: 50) { cv, indexPath, item in
            let registration = lazyRegistration ?? CellRegistration<CollectionViewCell, String> { cell, _, item in
                cell.contentConfiguration = CountingConfiguration(text: item)
            }
            lazyRegistration = registration
            return cv.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        defer { GtkHarness.close(window) }
        _ = source  // the view holds its data source weakly
        XCTAssertFalse(cv.visibleCells.isEmpty)
        XCTAssertEqual(reports.list, [])
    }}

    /// Two registrations of the same cell class keep queues of their own: a cell configured by
    /// one is never handed to the other.
    func testTwoRegistrationsOfOneClassKeepTheirOwnQueues() { MainActor.assumeIsolated {
        let even = CellRegistration<MarkedCell, String> { cell, _, _ in
            XCTAssertTrue(cell.by == "" || cell.by == "even", "an odd row's cell came to the even registration")
            cell.by = "even"
        }
        let odd = CellRegistration<MarkedCell, String> { cell, _, _ in
            XCTAssertTrue(cell.by == "" || cell.by == "odd", "an even row's cell came to the odd registration")
            cell.by = "odd"
        }
        let (cv, source, window, reports) = Self.listWindow(items: 300) { cv, indexPath, item in
            cv.dequeueConfiguredReusableCell(using: indexPath.item % 2 == 0 ? even : odd, for: indexPath, item: item)
        }
        defer { GtkHarness.close(window) }
        _ = source  // the view holds its data source weakly
        cv.scrollToItem(at: IndexPath(item: 299, section: 0), at: .bottom, animated: false)
        GtkHarness.wait(for: "rows near the end") { cv.indexPathsForVisibleItems.contains { $0.item > 250 } && !cv.hasPendingViews }
        for path in cv.indexPathsForVisibleItems {
            XCTAssertEqual((cv.cellForItem(at: path) as? MarkedCell)?.by, path.item % 2 == 0 ? "even" : "odd")
        }
        XCTAssertEqual(reports.list, [])
    }}

    /// Configurations apply in place (one content view per cell, whatever it shows), the state
    /// re-runs the update handler, and the update for display runs once, with the whole state.
    func testConfigurationsUpdateInPlaceAndFollowTheState() { MainActor.assumeIsolated {
        CountingConfiguration.viewsMade = 0
        var handlerStates: [String: [CellConfigurationState]] = [:]
        CountingCell.made = 0
        let registration = CellRegistration<CountingCell, String> { cell, _, item in
            cell.contentConfiguration = CountingConfiguration(text: item)
            cell.configurationUpdateHandler = { cell, state in handlerStates[item, default: []].append(state) }
        }
        let (cv, source, window, reports) = Self.listWindow(items: 300) { cv, indexPath, item in
            cv.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        defer { GtkHarness.close(window) }
        _ = source  // the view holds its data source weakly
        cv.allowsMultipleSelection = true
        XCTAssertEqual(CountingConfiguration.viewsMade, CountingCell.made, "one content view per cell")
        let first = cv.cellForItem(at: IndexPath(item: 0, section: 0))!
        let label = first.configuredContentView!.widget
        let updatesBefore = handlerStates["item 0"]?.count ?? 0
        XCTAssertGreaterThan(updatesBefore, 0, "the handler ran before the cell was shown")

        // Selecting re-runs the update: the content shows it, in the same label.
        cv.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
        XCTAssertEqual(handlerStates["item 0"]?.last?.isSelected, true)
        XCTAssertEqual(String(cString: gtk_label_get_text(label.opaque)), "item 0 ✓")
        XCTAssertTrue(first.configuredContentView!.widget == label, "the same widget")
        XCTAssertEqual(first.configurationState.isSelected, true)
        cv.deselectItem(at: IndexPath(item: 0, section: 0), animated: false)
        XCTAssertEqual(String(cString: gtk_label_get_text(label.opaque)), "item 0")

        // A selected item scrolled back into view is shown selected from its first frame: its
        // one update for display saw the whole state.
        // (Selecting may make its cell at once: the view keeps a cell for the focused item.)
        handlerStates["item 250"] = nil
        cv.selectItem(at: IndexPath(item: 250, section: 0), animated: false, scrollPosition: [])
        cv.scrollToItem(at: IndexPath(item: 250, section: 0), at: .centeredVertically, animated: false)
        GtkHarness.wait(for: "row 250") { cv.cellForItem(at: IndexPath(item: 250, section: 0)) != nil && !cv.hasPendingViews }
        XCTAssertEqual(handlerStates["item 250"]?.first?.isSelected, true, "the update for display saw the selection")
        XCTAssertEqual(Set(handlerStates["item 250"]?.map(\.isSelected) ?? []), [true], "never shown unselected")
        let made = CountingCell.made
        XCTAssertEqual(CountingConfiguration.viewsMade, made, "reused cells made no content view")

        // Reconfiguring keeps the content view and updates it.
        var next = source.snapshot()
        try! next.reconfigureItems(["item 250"])
        var landed = false
        source.apply(next) { landed = true }
        GtkHarness.wait(for: "the reconfigure") { landed }
        let cell = cv.cellForItem(at: IndexPath(item: 250, section: 0))!
        XCTAssertEqual(String(cString: gtk_label_get_text(cell.configuredContentView!.widget.opaque)), "item 250 ✓")
        XCTAssertEqual(CountingConfiguration.viewsMade, made)
        XCTAssertEqual(cell.configuredContentView?.accessibilityLabel, "label item 250")
        XCTAssertEqual(reports.list, [])
    }}

    /// A configuration of another type replaces the content view; nil removes it.
    func testAnotherConfigurationTypeReplacesTheContentView() { MainActor.assumeIsolated {
        struct Other: ContentConfiguration {
            func makeContentView() -> any ContentView { OtherView() }
        }
        final class OtherView: ContentView {
            let widget = gtk_image_new()!  // floating: the cell's reference is the only one
            var configuration: any ContentConfiguration = Other()
        }
        XCTAssertTrue(GtkHarness.available)
        let cell = CollectionViewCell()
        cell.contentConfiguration = CountingConfiguration(text: "a")
        let first = cell.configuredContentView!.widget
        XCTAssertTrue(gtk_widget_get_parent(first) == cell.contentView)
        cell.contentConfiguration = Other()
        XCTAssertTrue(cell.configuredContentView is OtherView)
        XCTAssertEqual(GtkHarness.typeName(of: OpaquePointer(gtk_widget_get_first_child(cell.contentView)!)), "GtkImage", "the old content view left the cell")
        XCTAssertTrue(gtk_widget_get_next_sibling(gtk_widget_get_first_child(cell.contentView)!) == nil)
        _ = first
        cell.contentConfiguration = nil
        XCTAssertNil(cell.configuredContentView)
        XCTAssertNil(gtk_widget_get_first_child(cell.contentView).map { _ in () })
    }}

    /// App code inside the content layer's callbacks, as UIKit apps write it: a snapshot applied
    /// and editing switched from a configuration update handler, a reconfigure from a
    /// registration's handler, selection during an animated apply. Nothing is lost, nothing is
    /// reported, and the rows end up showing the last state.
    func testCallbacksThatChangeTheViewFromInside() { MainActor.assumeIsolated {
        var source: CollectionViewDiffableDataSource<Int, String>!
        var cvRef: CollectionView!
        var appliedFromHandler = false, editedFromHandler = false, reconfiguredFromRegistration = false, armed = false
        let registration = CellRegistration<ListCell, String> { cell, indexPath, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
            cell.accessories = [.delete(), .disclosureIndicator(displayed: .whenNotEditing)]
            cell.configurationUpdateHandler = { cell, state in
                // The first selection adds an item and turns editing on, from inside the update.
                if armed, state.isSelected, !appliedFromHandler {
                    appliedFromHandler = true
                    var next = source.snapshot()
                    try! next.appendItems(["added"])
                    source.apply(next)
                }
                if armed, state.isSelected, !editedFromHandler {
                    editedFromHandler = true
                    cvRef.setEditing(true, animated: true)
                }
            }
            if armed, item == "item 3", !reconfiguredFromRegistration {
                reconfiguredFromRegistration = true
                var next = source.snapshot()
                try! next.reconfigureItems(["item 3"])
                source.apply(next, animatingDifferences: false)
            }
        }
        let (cv, madeSource, window, reports) = Self.listWindow(items: 20) { cv, indexPath, item in
            cv.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        defer { GtkHarness.close(window) }
        source = madeSource
        cvRef = cv
        armed = true
        // Item 3's handler reconfigures item 3 again, from inside its own reconfigure.
        var again = source.snapshot()
        try! again.reconfigureItems(["item 3"])
        source.apply(again, animatingDifferences: false)
        GtkHarness.wait(for: "the reconfigure from inside") { reconfiguredFromRegistration && !cv.hasPendingViews }

        // An animated apply, and a selection while it animates.
        var next = source.snapshot()
        try! next.deleteItems(["item 0"])
        try! next.moveItem("item 5", beforeItem: "item 1")
        source.apply(next)
        XCTAssertTrue(cv.isAnimatingUpdates)
        cv.selectItem(at: IndexPath(item: 2, section: 0), animated: true, scrollPosition: [])
        GtkHarness.wait(for: "the applies to land") {
            source.snapshot().itemIdentifiers.contains("added") && !cv.isAnimatingUpdates && !cv.hasPendingViews
        }
        XCTAssertTrue(appliedFromHandler && editedFromHandler)
        XCTAssertTrue(cv.isEditing)
        for cell in cv.visibleCells {
            XCTAssertTrue(cell.configurationState.isEditing, "every row knows the view is editing")
            // Its accessories follow, the row whose own handler turned editing on included.
            let accessories = (cell as! ListCell).shownAccessoryViews
            XCTAssertEqual(accessories[0].revealer.map { gtk_revealer_get_reveal_child(OpaquePointer($0)) }, 1, "delete shows")
            XCTAssertEqual(accessories[1].revealer.map { gtk_revealer_get_reveal_child(OpaquePointer($0)) }, 0, "the indicator hides")
            let path = cv.indexPath(for: cell)!
            let shown = (cell.configuredContentView as? ListContentView)?.listConfiguration.text
            XCTAssertEqual(shown, source.itemIdentifier(for: path), "row \(path.item) shows its item")
        }
        XCTAssertEqual(reports.list, [])
    }}


    /// A dequeued list cell knows where it is shown before its handler runs (UIKit's dequeue
    /// applies the index path's attributes): its defaults are the list's, for new and reused
    /// cells alike.
    func testDefaultsInsideTheHandlerFollowTheList() { MainActor.assumeIsolated {
        var configuration = ListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        let cv = bareCollectionView(CompositionalLayout.list(using: configuration))
        var rowDefaults: [(ListContentConfiguration, BackgroundConfiguration)] = []
        var headerDefaults: [ListContentConfiguration] = []
        let rows = CellRegistration<ListCell, String> { cell, _, item in
            rowDefaults.append((cell.defaultContentConfiguration(), cell.defaultBackgroundConfiguration()))
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
        }
        let headers = SupplementaryRegistration<ListCell>(elementKind: CollectionView.elementKindSectionHeader) { view, _, _ in
            headerDefaults.append(view.defaultContentConfiguration())
        }
        let source = CollectionViewDiffableDataSource<Int, String>(collectionView: cv) { cv, indexPath, item in
            cv.dequeueConfiguredReusableCell(using: rows, for: indexPath, item: item)
        }
        source.supplementaryViewProvider = { cv, _, indexPath in cv.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath) }
        var snapshot = source.snapshot()
        try! snapshot.appendSections(Array(0..<20))
        for section in 0..<20 { try! snapshot.appendItems((0..<5).map { "\(section).\($0)" }, toSection: section) }
        source.apply(snapshot, animatingDifferences: false)
        let window = GtkHarness.window(for: cv, width: 400, height: 300)
        defer { GtkHarness.close(window) }
        GtkHarness.wait(for: "the first rows") { !cv.visibleCells.isEmpty && !cv.hasPendingViews }
        cv.scrollToItem(at: IndexPath(item: 2, section: 15), at: .centeredVertically, animated: false)
        GtkHarness.wait(for: "rows far down, from reused cells") {
            cv.indexPathsForVisibleItems.contains { $0.section >= 10 } && !cv.hasPendingViews
        }
        XCTAssertGreaterThan(rowDefaults.count, cv.visibleCells.count, "rows were configured again on reuse")
        for (content, background) in rowDefaults {
            XCTAssertEqual(content, .cell())
            XCTAssertEqual(background, .listGroupedCell(), "an inset-grouped list's rows")
        }
        XCTAssertFalse(headerDefaults.isEmpty)
        for content in headerDefaults { XCTAssertEqual(content, .groupedHeader(), "a grouped list's header") }
    }}


    /// Configurations hold the app's widgets they name (a background's custom view, a custom
    /// accessory), new floating ones included: a cell that stops showing them unparents them,
    /// and the same configuration applied again shows the same, live widgets.
    func testConfigurationsHoldTheAppsWidgets() { MainActor.assumeIsolated {
        XCTAssertTrue(GtkHarness.available)
        let cell = ListCell()
        var background = BackgroundConfiguration.clear()
        background.customView = gtk_label_new("behind")  // floating: nobody else holds it
        let toggle = gtk_switch_new()!
        let accessory = CellAccessory.customView(configuration: .init(customView: toggle, placement: .trailing))
        cell.backgroundConfiguration = background
        cell.accessories = [accessory]
        XCTAssertNotNil(gtk_widget_get_parent(background.customView!).map { _ in () })
        // Another background and no accessories: the cell lets both widgets go...
        cell.backgroundConfiguration = .clear()
        cell.accessories = []
        XCTAssertNil(gtk_widget_get_parent(background.customView!).map { _ in () })
        XCTAssertNil(gtk_widget_get_parent(toggle).map { _ in () })
        // ...and the configurations kept them alive: applied again, they show again.
        cell.backgroundConfiguration = background
        cell.accessories = [accessory]
        XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(background.customView!))), "behind")
        XCTAssertNotNil(gtk_widget_get_parent(background.customView!).map { _ in () })
        XCTAssertTrue(cell.accessoryWidget(at: 0) == toggle)
        XCTAssertEqual(GtkHarness.typeName(of: OpaquePointer(toggle)), "GtkSwitch")
    }}

}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The widget as GTK's opaque types take it (GtkLabel, GtkImage).
    fileprivate var opaque: OpaquePointer { OpaquePointer(self) }
}
