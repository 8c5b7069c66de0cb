import CGtk
import CollectionLayout
import CollectionViewGtk

/// The main window: a header bar and the collection view showing the catalogue.
@MainActor
final class GalleryWindow: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    let window: WidgetPointer
    let collectionView: CollectionView
    let catalogue = Catalogue.builtIn()
    let flowLayout = FlowLayout()

    init(application: UnsafeMutablePointer<GtkApplication>) {
        window = gtk_application_window_new(application)
        gtk_window_set_title(window.as(GtkWindow.self), "Gallery")
        gtk_window_set_default_size(window.as(GtkWindow.self), 1000, 720)
        let header = gtk_header_bar_new()!
        gtk_window_set_titlebar(window.as(GtkWindow.self), header)

        flowLayout.itemSize = Size(width: 120, height: 120)
        flowLayout.minimumInteritemSpacing = 12
        flowLayout.minimumLineSpacing = 12
        flowLayout.sectionInset = EdgeInsets(top: 12, left: 16, bottom: 12, right: 16)
        flowLayout.headerReferenceSize = Size(width: 0, height: 44)
        flowLayout.footerReferenceSize = Size(width: 0, height: 28)
        collectionView = CollectionView(collectionViewLayout: flowLayout)
        collectionView.register(TileCell.self, forCellWithReuseIdentifier: TileCell.reuseIdentifier)
        collectionView.register(SectionHeaderView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
                                withReuseIdentifier: SectionHeaderView.reuseIdentifier)
        collectionView.register(SectionFooterView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter,
                                withReuseIdentifier: SectionFooterView.reuseIdentifier)
        collectionView.dataSource = self
        collectionView.delegate = self
        gtk_window_set_child(window.as(GtkWindow.self), collectionView.widget)
        Style.install()
    }

    func present() { gtk_window_present(window.as(GtkWindow.self)) }

    // MARK: Data source

    func numberOfSections(in collectionView: CollectionView) -> Int { catalogue.sections.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        catalogue.sections[section].items.count
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: TileCell = collectionView.dequeueReusableCell(withReuseIdentifier: TileCell.reuseIdentifier, for: indexPath)
        cell.configure(with: catalogue.sections[indexPath.section].items[indexPath.item])
        return cell
    }

    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ReusableView {
        let section = catalogue.sections[indexPath.section]
        if kind == CollectionView.elementKindSectionHeader {
            let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: SectionHeaderView.reuseIdentifier, for: indexPath) as! SectionHeaderView
            view.title = section.title
            return view
        }
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: SectionFooterView.reuseIdentifier, for: indexPath) as! SectionFooterView
        view.text = "\(section.items.count) items"
        return view
    }
}
