import XCTest
import CGtk
import CCollectionHost
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// A row of the tests' lists: what a contacts app shows.
private struct Contact {
    var name: String
    var detail: String?
    var image: ListContentConfiguration.Image? = .iconName("avatar-default-symbolic")
    var lines = 0
}

/// What the registration's handler reads: the contacts by id, and the preset to start from.
@MainActor
private final class Store {
    var contacts: [Int: Contact]
    var preset: () -> ListContentConfiguration
    var updatesAutomatically = true
    init(_ contacts: [Contact], preset: @escaping () -> ListContentConfiguration) {
        self.contacts = Dictionary(uniqueKeysWithValues: contacts.enumerated().map { ($0.offset, $0.element) })
        self.preset = preset
    }
}

/// A list of contacts through a diffable data source, its cells configured with list content
/// presets through a cell registration, its header with `groupedHeader()`.
@MainActor
private final class ContactList {
    let store: Store
    let collectionView: CollectionView
    let source: CollectionViewDiffableDataSource<Int, Int>
    let window: WidgetPointer
    var errors: [CollectionViewError] = []

    var contacts: [Int: Contact] {
        get { store.contacts }
        set { store.contacts = newValue }
    }

    init(_ contacts: [Contact], appearance: ListAppearance = .insetGrouped, width: Int32 = 500, height: Int32 = 600,
         preset: @escaping () -> ListContentConfiguration = { .subtitleCell() }, updatesAutomatically: Bool = true) {
        Self.showRealLook(true)
        let store = Store(contacts, preset: preset)
        store.updatesAutomatically = updatesAutomatically
        self.store = store
        var list = ListConfiguration(appearance: appearance)
        list.headerMode = appearance == .sidebar ? .none : .supplementary
        collectionView = bareCollectionView(CompositionalLayout.list(using: list))
        let cells = CellRegistration<CollectionViewCell, Int> { cell, _, id in
            let contact = store.contacts[id]!
            var content = store.preset()
            content.text = contact.name
            content.secondaryText = contact.detail
            content.image = contact.image
            content.textProperties.numberOfLines = contact.lines
            cell.automaticallyUpdatesContentConfiguration = store.updatesAutomatically
            cell.contentConfiguration = content
        }
        let headers = SupplementaryRegistration<CollectionViewCell>(elementKind: CollectionView.elementKindSectionHeader) { view, _, _ in
            var content = ListContentConfiguration.groupedHeader()
            content.text = "Contacts"
            view.contentConfiguration = content
        }
        source = CollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { cv, indexPath, id in
            cv.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: id)
        }
        source.supplementaryViewProvider = { cv, _, indexPath in
            cv.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath)
        }
        window = GtkHarness.window(for: collectionView, width: width, height: height)
        collectionView.errorHandler = { [weak self] in self?.errors.append($0) }
        var snapshot = DiffableSnapshot<Int, Int>()
        try! snapshot.appendSections([0])
        try! snapshot.appendItems(Array(0..<contacts.count))
        GtkHarness.settle(collectionView) { source.apply(snapshot, animatingDifferences: false) }
        GtkHarness.waitForFrames(2, of: collectionView.viewport)  // the rows measured in the frames after the first pass
        XCTAssertTrue(GtkHarness.settle(collectionView))
    }

    /// Reconfigures the contacts `ids` through a snapshot.
    func reconfigure(_ ids: [Int]) {
        var snapshot = source.snapshot()
        try! snapshot.reconfigureItems(ids)
        GtkHarness.settle(collectionView) { source.apply(snapshot, animatingDifferences: false) }
    }

    func contentView(_ item: Int) -> ListContentView? {
        collectionView.cellForItem(at: IndexPath(item: item, section: 0))?.configuredContentView as? ListContentView
    }

    func frame(_ item: Int) -> Rect? { collectionView.appliedLayoutAttributes(for: .cell(IndexPath(item: item, section: 0)))?.frame }

    func close() {
        GtkHarness.close(window)
        Self.showRealLook(false)
    }

    /// The harness paints cells blue with a border and other views yellow, to make them
    /// visible; these lists show (and measure) what apps get: the library's own style.
    private static let realLook: UnsafeMutablePointer<GtkCssProvider> = {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, """
            collectionview { background-color: @cv_window_bg_color; }
            reusableview.cell { background: none; border: none; }
            reusableview:not(.cell):not(.content):not(.list-separator):not(.list-background) { background: none; }
            reusableview.list-separator { background-color: @cv_card_shade_color; }
            reusableview.list-background.inset-grouped { background-color: @cv_card_bg_color; }
            """, -1)
        return provider
    }()

    private static func showRealLook(_ on: Bool) {
        guard let display = gdk_display_get_default() else { return }
        if on {
            gtk_style_context_add_provider_for_display(display, OpaquePointer(realLook), 900)
        } else {
            gtk_style_context_remove_provider_for_display(display, OpaquePointer(realLook))
        }
    }
}

private func text(of label: WidgetPointer) -> String { String(cString: gtk_label_get_text(OpaquePointer(label))) }
private func visible(_ widget: WidgetPointer) -> Bool { gtk_widget_get_visible(widget) != 0 }

/// `ListContentConfiguration` and `ListContentView` in real windows: presets set on cells
/// through a registration and a diffable data source, widgets updated in place, the accessible
/// name, missing images reported once, self-sizing text and right to left.
final class ListContentConfigurationTests: XCTestCase {
    /// Reconfiguring an item applies the new configuration to the very same content view and
    /// labels (no widget made), which show the new text.
    func testReconfiguringKeepsTheSameWidgetsAndChangesTheirText() { MainActor.assumeIsolated {
        let list = ContactList([Contact(name: "Alice Smith", detail: "Mobile"), Contact(name: "Bob Jones", detail: "Work")])
        defer { list.close() }
        let view = try! XCTUnwrap(list.contentView(0))
        let (title, subtitle, image) = (view.textLabel.label, view.secondaryLabel.label, view.image)
        XCTAssertEqual(text(of: title), "Alice Smith")
        XCTAssertEqual(text(of: subtitle), "Mobile")
        XCTAssertEqual(String(cString: gtk_image_get_icon_name(OpaquePointer(image))), "avatar-default-symbolic")
        let created = list.collectionView.reuseStatistics.created

        list.contacts[0]!.name = "Alice Cooper"
        list.contacts[0]!.detail = "Home"
        list.contacts[0]!.image = .iconName("starred-symbolic")
        list.reconfigure([0])

        let after = try! XCTUnwrap(list.contentView(0))
        XCTAssertTrue(after === view, "the same content view")
        XCTAssertEqual(after.textLabel.label, title, "the same title label")
        XCTAssertEqual(after.secondaryLabel.label, subtitle, "the same subtitle label")
        XCTAssertEqual(after.image, image, "the same image")
        XCTAssertEqual(text(of: title), "Alice Cooper")
        XCTAssertEqual(text(of: subtitle), "Home")
        XCTAssertEqual(String(cString: gtk_image_get_icon_name(OpaquePointer(image))), "starred-symbolic")
        XCTAssertEqual(list.collectionView.reuseStatistics.created, created, "no view made")
        XCTAssertEqual(list.errors, [])
    }}

    /// A nil secondary text (or image) hides its widget, and a later one shows the same widget
    /// again.
    func testTheSecondaryLabelAndImageHideAndShowAgain() { MainActor.assumeIsolated {
        let list = ContactList([Contact(name: "Alice Smith", detail: "Mobile")])
        defer { list.close() }
        let view = try! XCTUnwrap(list.contentView(0))
        let subtitle = view.secondaryLabel.label
        XCTAssertTrue(visible(subtitle))
        XCTAssertTrue(visible(view.image))
        XCTAssertEqual(try! XCTUnwrap(list.frame(0)).height, 55, accuracy: 0.5, "a title and a subtitle fit the row's 55")

        list.contacts[0]!.detail = nil
        list.contacts[0]!.image = nil
        list.reconfigure([0])
        XCTAssertFalse(visible(subtitle), "no secondary text: its label hides")
        XCTAssertFalse(visible(view.image), "no image: it hides")
        XCTAssertEqual(try! XCTUnwrap(list.frame(0)).height, 55, accuracy: 0.5, "a one-line row is 55 high, as libadwaita's rows are apart")

        list.contacts[0]!.detail = "Work"
        list.contacts[0]!.image = .iconName("avatar-default-symbolic")
        list.reconfigure([0])
        XCTAssertTrue(list.contentView(0) === view)
        XCTAssertEqual(view.secondaryLabel.label, subtitle)
        XCTAssertTrue(visible(subtitle), "the same label shows again")
        XCTAssertEqual(text(of: subtitle), "Work")
        XCTAssertTrue(visible(view.image))
    }}

    /// The row's accessible name is its text and secondary text, and follows a reconfigure.
    func testTheAccessibleNameIsTheTextAndSecondaryText() { MainActor.assumeIsolated {
        let list = ContactList([Contact(name: "Alice Smith", detail: "Mobile"), Contact(name: "Bob Jones", detail: nil)])
        defer { list.close() }
        let first = try! XCTUnwrap(list.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        let second = try! XCTUnwrap(list.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
        XCTAssertEqual(first.configuredContentView?.accessibilityLabel, "Alice Smith, Mobile")
        XCTAssertTrue(cv_accessible_label_is(first.widget, "Alice Smith, Mobile") != 0)
        XCTAssertTrue(cv_accessible_label_is(second.widget, "Bob Jones") != 0)
        list.contacts[1]!.detail = "Work"
        list.reconfigure([1])
        XCTAssertTrue(cv_accessible_label_is(second.widget, "Bob Jones, Work") != 0)
    }}

    /// An icon the theme does not have, on 200 rows scrolled through, shows `image-missing`
    /// and is reported exactly once; so is a file that does not load; an icon the theme has is
    /// not reported.
    func testAMissingIconOn200RowsIsReportedOnceWhileScrolling() { MainActor.assumeIsolated {
        var contacts = (0..<200).map { Contact(name: "Row \($0)", detail: "Detail", image: .iconName("cv-test-no-such-icon")) }
        contacts[3].image = .file("/nonexistent/cv-test-picture.png")
        contacts[5].image = .iconName("avatar-default-symbolic")
        let picture = Self.writePicture()
        defer { unlink(picture.path); g_object_unref(picture.texture) }
        contacts[6].image = .file(picture.path)
        contacts[7].image = .paintable(OpaquePointer(picture.texture))
        let list = ContactList(contacts, height: 600)
        defer { list.close() }
        let cv = list.collectionView
        var y = 0.0
        while y < cv.contentSize.height {
            y += 150
            GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: y) }
        }
        GtkHarness.settle(cv) { cv.contentOffset = .zero }
        XCTAssertGreaterThan(cv.reuseStatistics.created, 0)
        XCTAssertLessThan(cv.reuseStatistics.created, 60, "rows are reused while scrolling")
        XCTAssertEqual(list.errors, [.imageUnavailable("cv-test-no-such-icon", isFile: false),
                                     .imageUnavailable("/nonexistent/cv-test-picture.png", isFile: true)])
        for item in [0, 3] {
            let image = try! XCTUnwrap(list.contentView(item)).image
            XCTAssertEqual(String(cString: gtk_image_get_icon_name(OpaquePointer(image))), "image-missing")
        }
        XCTAssertTrue(list.errors[0].description.contains("'cv-test-no-such-icon' is not in the icon theme"))
        for item in [6, 7] {
            let image = OpaquePointer(try! XCTUnwrap(list.contentView(item)).image)
            XCTAssertEqual(gtk_image_get_storage_type(image), GTK_IMAGE_PAINTABLE, "row \(item) shows its picture")
        }
    }}

    /// A cell makes its content view before it parents it, so the first configuration meets
    /// a missing icon outside any collection view: it is reported once the view is in the cell,
    /// even when no later configuration comes (no automatic update for the state).
    func testAMissingIconFoundBeforeTheViewIsParentedIsReportedOnceItIs() { MainActor.assumeIsolated {
        let contacts = (0..<3).map { Contact(name: "Row \($0)", detail: nil, image: .iconName("cv-test-another-missing-icon")) }
        let list = ContactList(contacts, updatesAutomatically: false)
        defer { list.close() }
        XCTAssertEqual(list.errors, [.imageUnavailable("cv-test-another-missing-icon", isFile: false)])

        let standalone = ListContentView(configuration: {
            var content = ListContentConfiguration.cell()
            content.image = .iconName("cv-test-standalone-missing-icon")
            return content
        }())
        XCTAssertEqual(String(cString: gtk_image_get_icon_name(OpaquePointer(standalone.image))), "image-missing",
                       "outside a collection view too, the row shows the missing icon (and has nowhere to report it)")
        XCTAssertEqual(list.errors.count, 1)
    }}

    /// A 4×4 red PNG in a temporary file, and the texture it was written from.
    @MainActor
    private static func writePicture() -> (path: String, texture: UnsafeMutableRawPointer) {
        let pixels: [UInt8] = Array(repeating: [255, 0, 0, 255], count: 16).flatMap { $0 }
        let bytes = g_bytes_new(pixels, gsize(pixels.count))
        let texture = gdk_memory_texture_new(4, 4, GDK_MEMORY_R8G8B8A8, bytes, 16)!
        g_bytes_unref(bytes)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cv-picture-\(UUID().uuidString).png").path
        XCTAssertTrue(gdk_texture_save_to_png(texture, path) != 0)
        return (path, UnsafeMutableRawPointer(texture))
    }

    /// Text of any length wraps and the row grows to fit it (self-sizing); with one line it
    /// ellipsizes, the row stays one line high, and the row is not made wider.
    func testWrappingTextGrowsTheRowAndASingleLineEllipsizes() { MainActor.assumeIsolated {
        let long = String(repeating: "A name far too long for one line ", count: 8)
        let list = ContactList([Contact(name: long, detail: nil, lines: 0), Contact(name: long, detail: nil, lines: 1),
                                Contact(name: "Short", detail: nil)], width: 400)
        defer { list.close() }
        let wrapped = try! XCTUnwrap(list.frame(0)), single = try! XCTUnwrap(list.frame(1)), short = try! XCTUnwrap(list.frame(2))
        XCTAssertEqual(short.height, 55, accuracy: 0.5)
        XCTAssertEqual(single.height, 55, accuracy: 0.5, "one line, ellipsized")
        XCTAssertGreaterThan(wrapped.height, 100, "eight phrases wrap over several lines at 376 px")
        XCTAssertEqual(single.width, 376, "the list's width less the card's insets")
        let singleLabel = try! XCTUnwrap(list.contentView(1)).textLabel.label
        XCTAssertTrue(pango_layout_is_ellipsized(gtk_label_get_layout(OpaquePointer(singleLabel))) != 0)
        let wrappedLabel = try! XCTUnwrap(list.contentView(0)).textLabel.label
        XCTAssertFalse(pango_layout_is_ellipsized(gtk_label_get_layout(OpaquePointer(wrappedLabel))) != 0)
        XCTAssertLessThanOrEqual(gtk_widget_get_width(wrappedLabel), 376, "the label is inside its row")
    }}

    /// Right to left, the image leads on the right, the texts sit to its left and read from
    /// the right; a value cell's value is at the left.
    func testRightToLeftPutsTheImageOnTheRight() { MainActor.assumeIsolated {
        gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)
        defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
        let list = ContactList([Contact(name: "Alice", detail: "Mobile")], preset: { .valueCell() })
        defer { list.close() }
        let cell = try! XCTUnwrap(list.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        let view = try! XCTUnwrap(list.contentView(0))
        let root = cell.widget
        func bounds(_ widget: WidgetPointer) -> graphene_rect_t {
            var rect = graphene_rect_t()
            let computed = gtk_widget_compute_bounds(widget, root, &rect) != 0
            XCTAssertTrue(computed)
            return rect
        }
        let width = Float(gtk_widget_get_width(cell.widget))
        let image = bounds(view.image), title = bounds(view.textLabel.label), value = bounds(view.secondaryLabel.label)
        XCTAssertEqual(image.origin.x + image.size.width, width - 14, accuracy: 0.5, "the image 14 from the right edge")
        XCTAssertLessThan(title.origin.x + title.size.width, image.origin.x, "the text left of the image")
        XCTAssertLessThan(value.origin.x, title.origin.x, "the value left of the text")
        XCTAssertEqual(value.origin.x, 14, accuracy: 0.5, "the value at the left edge")
    }}

    /// A sidebar row takes the accent colour while selected, through the theme's class, and
    /// loses it when deselected; a fixed colour applies (through a shared style class).
    func testASelectedSidebarRowTakesTheAccentColour() { MainActor.assumeIsolated {
        let list = ContactList([Contact(name: "Inbox", detail: nil), Contact(name: "Sent", detail: nil)],
                               appearance: .sidebar, preset: { .sidebarCell() })
        defer { list.close() }
        let cv = list.collectionView
        let view = try! XCTUnwrap(list.contentView(0))
        XCTAssertEqual(try! XCTUnwrap(list.frame(0)).height, 36, accuracy: 0.5, "GNOME's sidebar rows are 36 high")
        XCTAssertFalse(gtk_widget_has_css_class(view.textLabel.label, "cv-accent") != 0)
        cv.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
        XCTAssertTrue(gtk_widget_has_css_class(view.textLabel.label, "cv-accent") != 0)
        XCTAssertTrue(gtk_widget_has_css_class(view.image, "cv-accent") != 0)
        cv.deselectItem(at: IndexPath(item: 0, section: 0), animated: false)
        XCTAssertFalse(gtk_widget_has_css_class(view.textLabel.label, "cv-accent") != 0)
        XCTAssertFalse(gtk_widget_has_css_class(view.image, "cv-accent") != 0)

        var content = view.listConfiguration
        content.textProperties.color = .rgba(0.8, 0.1, 0.1)
        view.listConfiguration = content
        XCTAssertFalse(gtk_widget_has_css_class(view.textLabel.label, "cv-accent") != 0)
        var colour = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(view.textLabel.label), &colour)
        XCTAssertEqual(colour.red, 0.8, accuracy: 0.01, "the fixed colour applies")
        XCTAssertEqual(colour.green, 0.1, accuracy: 0.01)
    }}

    /// The presets in one list, saved to look at when CV_SCREENSHOT_DIR is set: rows with and
    /// without subtitles and icons, value cells, a header. A subtitle row measures its two
    /// lines plus 6 above and below (libadwaita's row).
    func testPresetsLookLikeAdwaitaRows() { MainActor.assumeIsolated {
        var presets: [() -> ListContentConfiguration] = [{ .cell() }, { .subtitleCell() }, { .valueCell() }, { .cell() }, { .valueCell() }]
        let contacts = [Contact(name: "Alice Smith", detail: nil), Contact(name: "Bob Jones", detail: "Mobile"),
                        Contact(name: "Phone", detail: "+1 555 0100", image: .iconName("call-start-symbolic")),
                        Contact(name: "Carol White", detail: "A longer note that wraps onto a second line when the window is narrow", image: nil),
                        Contact(name: "Ringtone", detail: "Default", image: nil)]
        var index = 0
        let list = ContactList(contacts, preset: { defer { index = (index + 1) % presets.count }; return presets[index]() })
        defer { list.close(); presets.removeAll() }
        GtkHarness.waitForFrames(2, of: list.collectionView.viewport)
        let subtitleRow = try! XCTUnwrap(list.frame(1)).height
        let view = try! XCTUnwrap(list.contentView(1))
        let lines = Double(gtk_widget_get_height(view.textLabel.label) + gtk_widget_get_height(view.secondaryLabel.label))
        XCTAssertEqual(subtitleRow, max(55, lines + 3 + 16), accuracy: 0.5)
        GtkHarness.screenshot(list.window, name: "list-content")
    }}
}
