// contacts: the list app of the "Building a list app" article. A favourites row that scrolls
// sideways over an inset-grouped list with letter headers; a diffable data source filtered by a
// search entry; activation; a context menu with icons and Delete; the Delete key; multiple
// selection; an empty state when nothing matches. Its cells and list use no GTK call: only the
// window's header bar and search entry do.
//
// With CONTACTS_SEARCH set it searches for that text at start; with EXAMPLE_EXIT_AFTER_MS it
// prints what it shows after that many milliseconds and quits (the test script runs it so).
import Foundation
import GtkGlue  // Signal, Async, and GTK's C API for the header bar
import CollectionLayout
import CollectionViewGtk

struct Contact: Hashable, Sendable {
    let id: Int
    var name: String
    var phone: String
    var isFavourite: Bool
}

enum Section: Hashable, Sendable {
    case favourites
    case letter(Character)
}

enum Item: Hashable, Sendable {
    case favourite(Int)
    case contact(Int)
}

@MainActor
final class ContactsController: CollectionViewDelegate {
    private var contacts: [Int: Contact] = [:]
    private var search = ""
    let collectionView: CollectionView
    private var dataSource: CollectionViewDiffableDataSource<Section, Item>!

    init() {
        let names = ["Ada Lovelace", "Alan Turing", "Alice Hart", "Barbara Liskov", "Bjarne Stroustrup", "Charles Babbage",
                     "Claude Shannon", "Dennis Ritchie", "Donald Knuth", "Edsger Dijkstra", "Frances Allen", "Grace Hopper",
                     "Guido van Rossum", "Hedy Lamarr", "John Backus", "Ken Thompson", "Katherine Johnson", "Linus Torvalds",
                     "Margaret Hamilton", "Niklaus Wirth", "Radia Perlman", "Richard Stallman", "Tim Berners-Lee", "Tony Hoare"]
        for (id, name) in names.enumerated() {
            contacts[id] = Contact(id: id, name: name, phone: String(format: "+44 20 7946 %04d", 100 + id * 37), isFavourite: id % 5 == 0)
        }
        collectionView = CollectionView(collectionViewLayout: FlowLayout())  // replaced below, once the data source exists
        collectionView.allowsMultipleSelection = true
        dataSource = makeDataSource()
        collectionView.setCollectionViewLayout(makeLayout(), animated: false)
        collectionView.delegate = self
        apply(animated: false)
    }

    // MARK: Layout

    private func makeLayout() -> CompositionalLayout {
        CompositionalLayout { [unowned self] index, environment in
            if dataSource.sectionIdentifier(for: index) == .favourites {
                let item = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = LayoutGroup.horizontal(layoutSize: LayoutSize(widthDimension: .absolute(200), heightDimension: .absolute(56)),
                                                   subitems: [item])
                let section = LayoutSection(group: group)
                section.orthogonalScrollingBehavior = .continuous
                section.interGroupSpacing = 8
                section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 12, bottom: 0, trailing: 12)
                section.boundarySupplementaryItems = [self.header()]
                return section
            }
            var list = ListConfiguration(appearance: .insetGrouped)
            list.headerMode = .supplementary
            return LayoutSection.list(using: list, layoutEnvironment: environment)
        }
    }

    private func header() -> BoundarySupplementaryItem {
        BoundarySupplementaryItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(40)),
                                  elementKind: CollectionView.elementKindSectionHeader, alignment: .top)
    }

    // MARK: Cells

    private func makeDataSource() -> CollectionViewDiffableDataSource<Section, Item> {
        let row = CellRegistration<ListCell, Contact> { cell, _, contact in
            var content = cell.defaultContentConfiguration()
            content.text = contact.name
            content.secondaryText = contact.phone
            content.image = .iconName(contact.isFavourite ? "starred-symbolic" : "avatar-default-symbolic")
            cell.contentConfiguration = content
            cell.accessories = [.multiselect(), .disclosureIndicator(displayed: .whenNotEditing)]
        }
        let tile = CellRegistration<ListCell, Contact> { cell, _, contact in
            var content = ListContentConfiguration.cell()
            content.text = contact.name
            content.image = .iconName("avatar-default-symbolic")
            content.imageProperties.size = 32
            content.textProperties.numberOfLines = 1  // a tile has a fixed size: long names end in "…"
            cell.contentConfiguration = content
            // A card: the list's hover and selection colours inside a rounded outline.
            var background = BackgroundConfiguration.listGroupedCell()
            background.cornerRadius = 12
            background.strokeWidth = 1
            background.strokeColor = .named("cv_card_shade_color")
            cell.backgroundConfiguration = background
        }
        let header = SupplementaryRegistration<ListCell>(elementKind: CollectionView.elementKindSectionHeader) { [unowned self] view, _, indexPath in
            var content = ListContentConfiguration.groupedHeader()
            switch dataSource.sectionIdentifier(for: indexPath.section) {
            case .favourites: content.text = "Favourites"
            case .letter(let letter): content.text = String(letter)
            case nil: content.text = nil
            }
            view.contentConfiguration = content
        }
        let source = CollectionViewDiffableDataSource<Section, Item>(collectionView: collectionView) { [unowned self] cv, indexPath, item in
            switch item {
            case .favourite(let id): cv.dequeueConfiguredReusableCell(using: tile, for: indexPath, item: contacts[id]!)
            case .contact(let id): cv.dequeueConfiguredReusableCell(using: row, for: indexPath, item: contacts[id]!)
            }
        }
        source.supplementaryViewProvider = { cv, _, indexPath in
            cv.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        return source
    }

    // MARK: Data

    /// Shows the contacts that match the search, favourites first, then by initial.
    func apply(animated: Bool = true) {
        let matching = contacts.values
            .filter { search.isEmpty || $0.name.localizedCaseInsensitiveContains(search) }
            .sorted { $0.name < $1.name }
        var snapshot = DiffableSnapshot<Section, Item>()
        let favourites = matching.filter(\.isFavourite)
        if !favourites.isEmpty {
            try! snapshot.appendSections([.favourites])
            try! snapshot.appendItems(favourites.map { .favourite($0.id) }, toSection: .favourites)
        }
        for contact in matching {
            let letter = Section.letter(contact.name.first!)
            if snapshot.indexOfSection(letter) == nil { try! snapshot.appendSections([letter]) }
            try! snapshot.appendItems([.contact(contact.id)], toSection: letter)
        }
        // Shown by the view while it has no items: no match, or no contacts at all.
        collectionView.contentUnavailableConfiguration = contacts.isEmpty
            ? ContentUnavailableConfiguration(iconName: "avatar-default-symbolic", text: "No Contacts")
            : .search()
        dataSource.apply(snapshot, animatingDifferences: animated)
    }

    func searchChanged(_ text: String) {
        search = text
        apply()
    }

    private func contactIDs(at indexPaths: [IndexPath]) -> [Int] {
        indexPaths.compactMap { path in
            switch dataSource.itemIdentifier(for: path) {
            case .favourite(let id), .contact(let id): id
            case nil: nil
            }
        }
    }

    private func delete(_ ids: [Int]) {
        for id in ids { contacts[id] = nil }
        apply()
    }

    /// All favourites unless all were (a tile and its row may both be among `ids`).
    private func toggleFavourite(_ ids: [Int]) {
        let favourite = !ids.allSatisfy { contacts[$0]?.isFavourite == true }
        for id in Set(ids) { contacts[id]?.isFavourite = favourite }
        apply()
    }

    // MARK: Delegate

    func collectionView(_ collectionView: CollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath) -> Bool { true }

    func collectionView(_ collectionView: CollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {
        if let id = contactIDs(at: [indexPath]).first, let contact = contacts[id] { print("activated: \(contact.name)") }
    }

    func collectionView(_ collectionView: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
                        point: Point) -> ContextMenuConfiguration? {
        let ids = contactIDs(at: indexPaths)
        guard !ids.isEmpty else { return nil }
        let allFavourite = ids.allSatisfy { contacts[$0]?.isFavourite == true }
        return ContextMenuConfiguration(sections: [
            [ContextMenuItem("_Call", iconName: "call-start-symbolic") { [unowned self] paths in
                 for id in contactIDs(at: paths) { print("calling: \(contacts[id]?.phone ?? "")") }
             },
             ContextMenuItem("_Favourite", state: allFavourite ? .on : .off) { [unowned self] paths in toggleFavourite(contactIDs(at: paths)) }],
            [ContextMenuItem("_Delete", iconName: "user-trash-symbolic", attributes: .destructive, accelerator: "Delete") { [unowned self] paths in
                 delete(contactIDs(at: paths))
             }],
        ])
    }

    func collectionView(_ collectionView: CollectionView, canPerformDeleteForItemsAt indexPaths: [IndexPath], permanently: Bool) -> Bool {
        !contactIDs(at: indexPaths).isEmpty
    }

    func collectionView(_ collectionView: CollectionView, performDeleteForItemsAt indexPaths: [IndexPath], permanently: Bool) {
        delete(contactIDs(at: indexPaths))
    }
}

let exitAfter = ProcessInfo.processInfo.environment["EXAMPLE_EXIT_AFTER_MS"].flatMap { UInt32($0) }
let initialSearch = ProcessInfo.processInfo.environment["CONTACTS_SEARCH"]

exit(MainActor.assumeIsolated {
    CollectionViewApplication.run(id: "org.example.Contacts") { app in
        let contacts = ContactsController()
        let window = CollectionViewWindow(application: app, title: "Contacts", width: 480, height: 640) { contacts.collectionView }
        window.keepAlive(contacts)
        // The window's header bar, with the search entry as its title and a Select button that
        // switches editing (selection circles) on and off: the app's only GTK calls.
        let header = gtk_header_bar_new()!
        let entry = gtk_search_entry_new()!
        gtk_header_bar_set_title_widget(OpaquePointer(header), entry)
        let select = gtk_toggle_button_new_with_label("Select")!
        gtk_header_bar_pack_end(OpaquePointer(header), select)
        gtk_window_set_titlebar(window.window.as(GtkWindow.self), header)
        Signal.connect(UnsafeMutableRawPointer(entry), "search-changed") {
            contacts.searchChanged(String(cString: gtk_editable_get_text(OpaquePointer(entry))))
        }
        Signal.connect(UnsafeMutableRawPointer(select), "toggled") {
            contacts.collectionView.setEditing(gtk_toggle_button_get_active(select.as(GtkToggleButton.self)) != 0, animated: true)
        }
        if let initialSearch { gtk_editable_set_text(OpaquePointer(entry), initialSearch) }
        window.present()
        if let exitAfter {
            Async.after(milliseconds: exitAfter) {
                let cv = contacts.collectionView
                print("visible cells: \(cv.visibleCells.count)")
                print("empty state shown: \(cv.isShowingContentUnavailable)")
                app.quit()
            }
        }
    }
})
