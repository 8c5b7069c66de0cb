import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import CAdw

/// The Showcase page: the gallery's content through one compositional layout, as an App
/// Store-like page is written with UIKit: a paging carousel of featured photos, a row of albums
/// scrolling sideways, an adaptive grid (2 columns when narrow, up to 6 when wide) and a
/// settings-like inset-grouped list. Each section comes from the layout's section provider,
/// asked again when the window's width changes.
@MainActor
final class ShowcasePage {
    enum Section: Int, CaseIterable {
        case featured, albums, photos, preferences

        var title: String {
            switch self {
            case .featured: tr("Featured")
            case .albums: tr("Albums")
            case .photos: tr("All Photos")
            case .preferences: tr("Preferences")
            }
        }
    }

    /// A row of the preferences list: its title and what it does.
    struct Preference {
        var title: String
        /// The switch's state, for rows with a switch.
        var isOn: (@MainActor () -> Bool)?
        var toggled: (@MainActor (Bool) -> Void)?
        /// The action a row without a switch activates ("win.about").
        var action: String?
    }

    let collectionView: CollectionView
    private weak var gallery: GalleryWindow?
    private let source: Source

    init(gallery: GalleryWindow) {
        self.gallery = gallery
        let layout = Self.makeLayout()
        collectionView = CollectionView(collectionViewLayout: layout)
        collectionView.accessibilityLabel = tr("Showcase")
        source = Source()
        collectionView.register(TileCell.self, forCellWithReuseIdentifier: TileCell.reuseIdentifier)
        collectionView.register(PreferenceRowCell.self, forCellWithReuseIdentifier: PreferenceRowCell.reuseIdentifier)
        collectionView.register(SectionHeaderView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
                                withReuseIdentifier: SectionHeaderView.reuseIdentifier)
        collectionView.register(SectionFooterView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter,
                                withReuseIdentifier: SectionFooterView.reuseIdentifier)
        source.page = self
        collectionView.dataSource = source
        collectionView.delegate = source
        gtk_widget_add_css_class(collectionView.widget, "showcase")
        source.preferences = Self.preferences()
    }

    /// Shows the gallery's content as it is now (the page is filled each time it is shown).
    func reload() {
        guard let gallery else { return }
        let content = gallery.content
        let shown = gallery.collectionView
        var featured: [Tile] = [], albums: [(title: String, cover: Tile?)] = [], photos: [Tile] = []
        for section in 0..<shown.numberOfSections {
            let count = shown.numberOfItems(inSection: section)
            let cover = count > 0 ? content.tile(at: IndexPath(item: 0, section: section)) : nil
            if let cover, featured.count < 6 { featured.append(cover) }
            albums.append((content.title(ofSection: section), cover))
            for item in 0..<min(count, 200 - photos.count) {
                if let tile = content.tile(at: IndexPath(item: item, section: section)) { photos.append(tile) }
            }
        }
        source.featured = featured
        source.albums = albums
        source.photos = photos
        source.thumbnail = { [weak gallery] tile in
            guard let gallery, let uri = tile.uri else { return nil }
            return gallery.thumbnails.thumbnail(for: uri, onScreen: true)
        }
        collectionView.reloadData()
        logSoon()
    }

    /// A thumbnail loaded: shown in the cells of this page that show its file.
    func thumbnailArrived(_ uri: String, _ texture: Texture) {
        for case let cell as TileCell in collectionView.visibleCells where cell.uri == uri { cell.show(texture) }
    }

    /// After the next frames, what the page shows (GALLERY_LOG): the items per section and the
    /// grid's columns, which the section provider chose for the width.
    func logSoon() {
        guard GalleryLog.enabled else { return }
        Async.after(milliseconds: 700) { [weak self] in
            guard let self else { return }
            let cv = self.collectionView
            let counts = Section.allCases.map { "\($0)=\(cv.numberOfItems(inSection: $0.rawValue))" }.joined(separator: " ")
            let layout = cv.collectionViewLayout
            let firstRow = (0..<min(12, cv.numberOfItems(inSection: Section.photos.rawValue))).compactMap {
                layout.layoutAttributesForItem(at: IndexPath(item: $0, section: Section.photos.rawValue))?.frame
            }
            let columns = firstRow.filter { $0.minY == firstRow.first?.minY }.count
            let shown = Section.allCases.map { s in "\(s)=\(cv.visibleCells.filter { cv.indexPath(for: $0)?.section == s.rawValue }.count)" }
            GalleryLog.event("showcase width=\(Int(cv.bounds.width)) columns=\(columns) \(counts) cells \(shown.joined(separator: " "))")
        }
    }

    // MARK: The layout

    static func makeLayout() -> CompositionalLayout {
        let configuration = CompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 8
        let layout = CompositionalLayout(sectionProvider: { index, environment in
            let width = environment.container.effectiveContentSize.width
            let section: LayoutSection
            switch Section(rawValue: index) {
            case .featured?: section = featuredSection(width: width)
            case .albums?: section = albumsSection()
            case .photos?: section = photosSection(width: width)
            case .preferences?: return preferencesSection(environment)
            case nil: return nil
            }
            section.supplementariesFollowContentInsets = false  // the titles have margins of their own
            section.boundarySupplementaryItems = [
                BoundarySupplementaryItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)),
                                          elementKind: CollectionView.elementKindSectionHeader, alignment: .top),
            ]
            return section
        }, configuration: configuration)
        return layout
    }

    /// Wide cards, one a page, centred, the next peeking in.
    static func featuredSection(width: Double) -> LayoutSection {
        let item = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let cardWidth = width < 700 ? 0.86 : 0.7
        let group = LayoutGroup.horizontal(layoutSize: LayoutSize(widthDimension: .fractionalWidth(cardWidth), heightDimension: .absolute(width < 700 ? 200 : 280)),
                                           subitems: [item])
        let section = LayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPagingCentered
        section.interGroupSpacing = 16
        section.contentInsets = DirectionalEdgeInsets(top: 4, leading: 0, bottom: 12, trailing: 0)
        return section
    }

    /// Square album covers in one row that scrolls sideways.
    static func albumsSection() -> LayoutSection {
        let item = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(layoutSize: LayoutSize(widthDimension: .absolute(150), heightDimension: .absolute(150)),
                                           subitems: [item])
        let section = LayoutSection(group: group)
        section.orthogonalScrollingBehavior = .continuousGroupLeadingBoundary
        section.interGroupSpacing = 12
        section.contentInsets = DirectionalEdgeInsets(top: 4, leading: 24, bottom: 12, trailing: 24)
        return section
    }

    /// Square tiles, as many columns as fit 190 points each: 2 in a narrow window, 5 at 1000.
    static func photosSection(width: Double) -> LayoutSection {
        let columns = max(2, min(6, Int(width / 190)))
        let fraction = 1 / Double(columns)
        let item = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(fraction), heightDimension: .fractionalHeight(1)))
        item.contentInsets = DirectionalEdgeInsets(top: 6, leading: 6, bottom: 6, trailing: 6)
        let group = LayoutGroup.horizontal(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(fraction)),
                                           repeatingSubitem: item, count: columns)
        let section = LayoutSection(group: group)
        section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 18, bottom: 12, trailing: 18)
        return section
    }

    /// An inset-grouped list: rows in a rounded card at most 600 wide and centred (Adwaita's
    /// boxed list in a clamp), its title above the card and a note below it, the separators
    /// and the card drawn by the collection view.
    static func preferencesSection(_ environment: LayoutEnvironment) -> LayoutSection {
        var list = ListConfiguration(appearance: .insetGrouped)
        list.headerMode = .supplementary
        list.footerMode = .supplementary
        let section = LayoutSection.list(using: list, layoutEnvironment: environment)
        section.contentInsets.bottom = 24
        return section
    }

    /// The preferences the list shows: real ones (the style, animations) and the About row.
    static func preferences() -> [Preference] {
        let settings = gtk_settings_get_default()
        func boolSetting(_ name: String) -> Bool {
            guard let settings else { return false }
            var value = GValue()
            g_value_init(&value, GType(5 << 2))  // G_TYPE_BOOLEAN
            defer { g_value_unset(&value) }
            g_object_get_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), name, &value)
            return g_value_get_boolean(&value) != 0
        }
        func setBool(_ name: String, _ on: Bool) {
            guard let settings else { return }
            var value = GValue()
            g_value_init(&value, GType(5 << 2))
            defer { g_value_unset(&value) }
            g_value_set_boolean(&value, on ? 1 : 0)
            g_object_set_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), name, &value)
        }
        // libadwaita owns the colour scheme (GTK's prefer-dark setting is not for its apps).
        let styles = adw_style_manager_get_default()
        return [
            Preference(title: tr("Dark Style"), isOn: { styles.map { adw_style_manager_get_color_scheme($0) == Int32(CV_ADW_COLOR_SCHEME_FORCE_DARK) } ?? false },
                       toggled: { on in styles.map { adw_style_manager_set_color_scheme($0, Int32(on ? CV_ADW_COLOR_SCHEME_FORCE_DARK : CV_ADW_COLOR_SCHEME_DEFAULT)) } }),
            Preference(title: tr("Animations"), isOn: { boolSetting("gtk-enable-animations") },
                       toggled: { setBool("gtk-enable-animations", $0) }),
            Preference(title: tr("About Gallery"), action: "win.about"),
        ]
    }

    // MARK: The data

    final class Source: CollectionViewDataSource, CollectionViewDelegate {
        weak var page: ShowcasePage?
        var featured: [Tile] = []
        var albums: [(title: String, cover: Tile?)] = []
        var photos: [Tile] = []
        var preferences: [Preference] = []
        var thumbnail: (Tile) -> Texture? = { _ in nil }

        func numberOfSections(in collectionView: CollectionView) -> Int { Section.allCases.count }

        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
            switch Section(rawValue: section) {
            case .featured?: featured.count
            case .albums?: albums.count
            case .photos?: photos.count
            case .preferences?: preferences.count
            case nil: 0
            }
        }

        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let section = Section(rawValue: indexPath.section)!
            if section == .preferences {
                let row: PreferenceRowCell = collectionView.dequeueReusableCell(withReuseIdentifier: PreferenceRowCell.reuseIdentifier, for: indexPath)
                row.configure(with: preferences[indexPath.item], isFirst: indexPath.item == 0, isLast: indexPath.item == preferences.count - 1)
                return row
            }
            let cell: TileCell = collectionView.dequeueReusableCell(withReuseIdentifier: TileCell.reuseIdentifier, for: indexPath)
            switch section {
            case .featured:
                cell.configure(with: featured[indexPath.item], thumbnail: thumbnail(featured[indexPath.item]))
            case .albums:
                let album = albums[indexPath.item]
                var tile = album.cover ?? Tile(key: "album-\(indexPath.item)", title: album.title, hue: indexPath.item % 8, height: 150)
                tile.title = album.title
                cell.configure(with: tile, thumbnail: album.cover.flatMap(thumbnail))
            default:
                cell.configure(with: photos[indexPath.item], thumbnail: thumbnail(photos[indexPath.item]))
            }
            return cell
        }

        func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ReusableView {
            let section = Section(rawValue: indexPath.section)
            if kind == CollectionView.elementKindSectionFooter {
                let footer: SectionFooterView = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: SectionFooterView.reuseIdentifier, for: indexPath)
                footer.text = tr("These apply to the whole gallery at once.")
                gtk_widget_add_css_class(footer.widget, "list-note")
                return footer
            }
            let header: SectionHeaderView = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: SectionHeaderView.reuseIdentifier, for: indexPath)
            header.text = section?.title ?? ""
            // Over the card, aligned with it, as a preferences group's title is.
            if section == .preferences { gtk_widget_add_css_class(header.widget, "list-title") } else { gtk_widget_remove_css_class(header.widget, "list-title") }
            return header
        }

        // Rows activate (a click, Enter); tiles only select.
        func collectionView(_ collectionView: CollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath) -> Bool {
            indexPath.section == Section.preferences.rawValue
        }

        func collectionView(_ collectionView: CollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {
            guard indexPath.section == Section.preferences.rawValue, indexPath.item < preferences.count else { return }
            let preference = preferences[indexPath.item]
            if let action = preference.action {
                gtk_widget_activate_action_variant(collectionView.widget, action, nil)
            } else if let isOn = preference.isOn, let toggled = preference.toggled {
                toggled(!isOn())
                collectionView.reloadItems(at: [indexPath])
            }
            GalleryLog.event("showcase activated \(preference.title)")
        }
    }
}

/// A row of the preferences list: a title, and a switch or an arrow.
final class PreferenceRowCell: CollectionViewCell {
    static let reuseIdentifier = "preference"
    private let title: OpaquePointer
    private let toggle: WidgetPointer
    private let arrow: WidgetPointer
    private var preference: ShowcasePage.Preference?
    private var updating = false

    required init() {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        title = OpaquePointer(gtk_label_new(nil))
        toggle = gtk_switch_new()
        arrow = gtk_image_new_from_icon_name("go-next-symbolic")
        super.init()
        gtk_widget_add_css_class(box, "preference-row")
        let titleWidget = UnsafeMutablePointer<GtkWidget>(title)
        gtk_label_set_xalign(title, 0)
        gtk_label_set_wrap(title, 1)
        gtk_widget_set_hexpand(titleWidget, 1)
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        gtk_box_append(box.as(GtkBox.self), titleWidget)
        gtk_box_append(box.as(GtkBox.self), toggle)
        gtk_box_append(box.as(GtkBox.self), arrow)
        gtk_widget_set_parent(box, contentView)
        Signal.connectPointer(raw(toggle), "notify::active") { [weak self] in
            guard let self, !self.updating, let toggled = self.preference?.toggled else { return }
            toggled(gtk_switch_get_active(self.toggle.opaque) != 0)
        }
    }

    /// The first and last rows round their hover background with the card's corners.
    func configure(with preference: ShowcasePage.Preference, isFirst: Bool, isLast: Bool) {
        self.preference = preference
        for (name, on) in [("first", isFirst), ("last", isLast)] {
            if on { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
        }
        gtk_label_set_text(title, preference.title)
        accessibilityLabel = preference.title
        let hasSwitch = preference.isOn != nil
        gtk_widget_set_visible(toggle, hasSwitch ? 1 : 0)
        gtk_widget_set_visible(arrow, hasSwitch ? 0 : 1)
        updating = true
        gtk_switch_set_active(toggle.opaque, preference.isOn?() == true ? 1 : 0)
        updating = false
    }
}
