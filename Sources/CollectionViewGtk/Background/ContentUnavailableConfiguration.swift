/// What a collection view shows while it has no items (UIKit's
/// `UIContentUnavailableConfiguration`): a large dimmed symbolic icon, a title, a description
/// and an optional button, centred, in the look of libadwaita's `AdwStatusPage` (built from
/// plain GTK widgets: the library does not need libadwaita).
///
/// Set it as ``CollectionView/contentUnavailableConfiguration``: the view shows it by itself
/// whenever its sections hold no item, and fades it out when items come (after a reload, a batch
/// update or a diffable data source's apply).
///
/// ```swift
/// var empty = ContentUnavailableConfiguration.search()
/// empty.secondaryText = "No contact matches “\(query)”."
/// collectionView.contentUnavailableConfiguration = empty
/// ```
///
/// The presets' texts are English: an app that is translated sets its own.
public struct ContentUnavailableConfiguration {
    /// A button under the texts (a pill in the accent colour) and what it does.
    public struct Button {
        /// The button's label; an underscore marks its mnemonic.
        public var title: String
        /// Runs when the button is clicked or activated from the keyboard.
        public var action: @MainActor () -> Void

        public init(title: String, action: @escaping @MainActor () -> Void) {
            self.title = title
            self.action = action
        }
    }

    /// The name of a themed icon shown large and dimmed above the texts (UIKit's `image`), a
    /// symbolic one for the look of GNOME's status pages; nil: no icon.
    public var iconName: String?
    /// The title (UIKit's `text`), large and bold; nil: none.
    public var text: String?
    /// The description under the title (UIKit's `secondaryText`); nil: none.
    public var secondaryText: String?
    /// The button under the texts; nil: none.
    public var button: Button?
    /// Whether a spinning activity indicator shows above the texts (``loading()``).
    public var showsActivityIndicator: Bool

    /// A configuration showing what is given; everything left out is not shown.
    public init(iconName: String? = nil, text: String? = nil, secondaryText: String? = nil, button: Button? = nil,
                showsActivityIndicator: Bool = false) {
        self.iconName = iconName
        self.text = text
        self.secondaryText = secondaryText
        self.button = button
        self.showsActivityIndicator = showsActivityIndicator
    }

    /// Nothing yet (`empty()`): fill in an icon and texts.
    public static func empty() -> ContentUnavailableConfiguration {
        ContentUnavailableConfiguration()
    }

    /// A search that found nothing (`search()`): a magnifying glass, "No Results" and a hint.
    public static func search() -> ContentUnavailableConfiguration {
        ContentUnavailableConfiguration(iconName: "system-search-symbolic", text: "No Results",
                                        secondaryText: "Check the spelling or try a new search.")
    }

    /// Content on its way (`loading()`): a spinning indicator and "Loading…".
    public static func loading() -> ContentUnavailableConfiguration {
        ContentUnavailableConfiguration(text: "Loading…", showsActivityIndicator: true)
    }
}
