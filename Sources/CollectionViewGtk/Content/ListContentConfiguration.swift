import CGtk
import CollectionLayout

/// What a list row, header or footer shows (`UIListContentConfiguration`): an optional image
/// at the leading edge, a text and a secondary text, in the look of libadwaita's rows
/// (`AdwActionRow`: a title, a dimmed smaller subtitle below it, a 16-pixel icon before them,
/// rows 55 pixels apart as in a boxed list) and of its preferences groups' titles.
///
/// Start from a preset, set the content, and give it to a cell; the cell makes a
/// ``ListContentView`` the first time and updates that view's widgets in place afterwards:
///
/// ```swift
/// let registration = CellRegistration<CollectionViewCell, Contact> { cell, _, contact in
///     var content = ListContentConfiguration.subtitleCell()
///     content.text = contact.name
///     content.secondaryText = contact.phone
///     content.image = .iconName("avatar-default-symbolic")
///     cell.contentConfiguration = content
/// }
/// ```
///
/// Colours are the theme's (``ConfigurationColor``), so rows follow light, dark and high
/// contrast with and without libadwaita; the row's accessible name is its text and secondary
/// text (``ListContentView/accessibilityLabel``).
nonisolated public struct ListContentConfiguration: ContentConfiguration, Hashable {
    /// The main text; nil (or empty) hides its label.
    public var text: String?
    /// The text that goes with it (a subtitle, or a value beside the text); nil (or empty)
    /// hides its label.
    public var secondaryText: String?
    /// The image at the leading edge; nil shows none.
    public var image: Image?

    /// How ``text`` looks.
    public var textProperties = TextProperties()
    /// How ``secondaryText`` looks.
    public var secondaryTextProperties = TextProperties()
    /// How ``image`` looks.
    public var imageProperties = ImageProperties()

    /// The space between the content and the view's edges (leading and trailing follow the
    /// text direction). A row's minimum height (the theme's, from the preset's CSS class) is
    /// measured inside these margins.
    public var directionalLayoutMargins = DirectionalEdgeInsets(top: 8, leading: 14, bottom: 8, trailing: 14)
    /// The space between the image and the texts.
    public var imageToTextPadding = 12.0
    /// The space between the text and the secondary text when one is above the other.
    public var textToSecondaryTextVerticalPadding = 3.0
    /// The space between the text and the secondary text when they are side by side.
    public var textToSecondaryTextHorizontalPadding = 12.0
    /// Puts the secondary text beside the text, at the trailing edge, instead of below it
    /// (the value cell's layout).
    public var prefersSideBySideTextAndSecondaryText = false

    /// Which preset this came from: the content view's CSS class, which sets what the theme
    /// decides (a row's minimum height) and lets an app's CSS restyle one kind of row.
    var style: Style
    /// The look ``updated(for:)`` chose for the state: the presets' colours that change with it.
    var stateLook = StateLook.normal

    /// A row as ``cell()`` makes it.
    public init() { self = .cell() }

    init(style: Style) { self.style = style }

    @MainActor public func makeContentView() -> any ContentView { ListContentView(configuration: self) }

    /// The configuration for `state`: a sidebar cell that is selected shows its text and
    /// image in the accent colour (GNOME's sidebars mark the selected row with a light accent
    /// background, over which the accent colour reads well); only colours the app left at the
    /// preset's change. A disabled cell is dimmed by the theme itself (GTK's insensitive state),
    /// so nothing changes here for it.
    @MainActor public func updated(for state: CellConfigurationState) -> ListContentConfiguration {
        var updated = self
        updated.stateLook = (style == .sidebarCell && state.isSelected) ? .accent : .normal
        return updated
    }

    // MARK: Presets

    /// A list row (`cell()`): `AdwActionRow`'s look in a boxed list, the text in the body
    /// font, the secondary text 3 below it smaller and dimmed, a 16-pixel image 12 before them,
    /// margins of 8 above and below and 14 at the sides (the row's 6 and 12 and its list's
    /// padding of 2), and at least 55 high: libadwaita's 50-pixel row, that padding and the
    /// separator's pixel, so rows fall on the same lines as in an `AdwPreferencesGroup`.
    public static func cell() -> ListContentConfiguration {
        var content = ListContentConfiguration(style: .cell)
        content.secondaryTextProperties.font = .subtitle
        content.secondaryTextProperties.color = .secondaryLabel
        return content
    }

    /// A row with a subtitle (`subtitleCell()`): the same as ``cell()``, whose secondary text
    /// is already a subtitle; for code that names it.
    public static func subtitleCell() -> ListContentConfiguration { cell() }

    /// A row with a value at its trailing edge (`valueCell()`): the text at the leading edge,
    /// the secondary text dimmed in the body font beside it, aligned to the trailing edge (as
    /// in GNOME Settings' rows that show a value).
    public static func valueCell() -> ListContentConfiguration {
        var content = cell()
        content.secondaryTextProperties.font = .body
        content.secondaryTextProperties.alignment = .trailing
        content.prefersSideBySideTextAndSecondaryText = true
        return content
    }

    /// A sidebar row (`sidebarCell()`): GNOME's navigation sidebar (`.navigation-sidebar`
    /// rows): at least 36 pixels high, 8 at the sides, the image 8 before the text, one line
    /// ellipsized; selected, its text and image take the accent colour (``updated(for:)``).
    public static func sidebarCell() -> ListContentConfiguration {
        var content = ListContentConfiguration(style: .sidebarCell)
        content.directionalLayoutMargins = DirectionalEdgeInsets(top: 6, leading: 8, bottom: 6, trailing: 8)
        content.imageToTextPadding = 8
        content.textProperties.numberOfLines = 1
        content.secondaryTextProperties.numberOfLines = 1
        content.secondaryTextProperties.font = .subtitle
        content.secondaryTextProperties.color = .secondaryLabel
        return content
    }

    /// A sidebar row with a subtitle (`sidebarSubtitleCell()`): ``sidebarCell()``, whose
    /// secondary text is already a smaller dimmed line below the text.
    public static func sidebarSubtitleCell() -> ListContentConfiguration { sidebarCell() }

    /// A header (`header()`): the same as ``plainHeader()``, as in UIKit.
    public static func header() -> ListContentConfiguration { plainHeader() }

    /// A footer (`footer()`): the same as ``plainFooter()``, as in UIKit.
    public static func footer() -> ListContentConfiguration { plainFooter() }

    /// A plain list's section header (`plainHeader()`): dimmed text in the `heading` font
    /// (bold), aligned with the rows' content (14 at the sides), 12 above and 6 below; it
    /// ellipsizes on one line.
    public static func plainHeader() -> ListContentConfiguration {
        var content = ListContentConfiguration(style: .plainHeader)
        content.directionalLayoutMargins = DirectionalEdgeInsets(top: 12, leading: 14, bottom: 6, trailing: 14)
        content.textProperties.font = .heading
        content.textProperties.color = .secondaryLabel
        content.textProperties.numberOfLines = 1
        content.secondaryTextProperties.font = .caption
        content.secondaryTextProperties.color = .secondaryLabel
        return content
    }

    /// A plain list's section footer (`plainFooter()`): dimmed text in the `caption` font
    /// (smaller), aligned with the rows' text, wrapping.
    public static func plainFooter() -> ListContentConfiguration {
        var content = ListContentConfiguration(style: .plainFooter)
        content.directionalLayoutMargins = DirectionalEdgeInsets(top: 6, leading: 14, bottom: 12, trailing: 14)
        content.textProperties.font = .caption
        content.textProperties.color = .secondaryLabel
        content.secondaryTextProperties.font = .caption
        content.secondaryTextProperties.color = .secondaryLabel
        return content
    }

    /// A grouped list's section header (`groupedHeader()`): `AdwPreferencesGroup`'s title,
    /// in the `heading` font (bold) and the text colour, flush with the card's edge; 12 above
    /// it, which with the section's insets puts 24 between groups and 12 between the title and
    /// its card, as in a preferences page. The secondary text is the group's description
    /// below it, dimmed and wrapping.
    public static func groupedHeader() -> ListContentConfiguration {
        var content = ListContentConfiguration(style: .groupedHeader)
        content.directionalLayoutMargins = DirectionalEdgeInsets(top: 12, leading: 0, bottom: 0, trailing: 0)
        content.textProperties.font = .heading
        content.secondaryTextProperties.color = .secondaryLabel
        content.textToSecondaryTextVerticalPadding = 6
        return content
    }

    /// A grouped list's section footer (`groupedFooter()`): dimmed, wrapping text flush with
    /// the card's edge, as an `AdwPreferencesGroup`'s description reads.
    public static func groupedFooter() -> ListContentConfiguration {
        var content = ListContentConfiguration(style: .groupedFooter)
        content.directionalLayoutMargins = .zero
        content.textProperties.color = .secondaryLabel
        content.secondaryTextProperties.color = .secondaryLabel
        return content
    }

    /// A prominent header for an inset-grouped list (`prominentInsetGroupedHeader()`): the
    /// larger bold `title-4` font in the text colour, flush with the card's edge, 12 above.
    public static func prominentInsetGroupedHeader() -> ListContentConfiguration {
        var content = groupedHeader()
        content.style = .prominentHeader
        content.textProperties.font = .title4
        return content
    }

    // MARK: Kinds

    /// The presets' kinds, as CSS classes of the content view.
    enum Style: String, Hashable {
        case cell, sidebarCell, plainHeader, plainFooter, groupedHeader, groupedFooter, prominentHeader

        var cssClass: String {
            switch self {
            case .cell: "style-cell"
            case .sidebarCell: "style-sidebar-cell"
            case .plainHeader: "style-plain-header"
            case .plainFooter: "style-plain-footer"
            case .groupedHeader: "style-grouped-header"
            case .groupedFooter: "style-grouped-footer"
            case .prominentHeader: "style-prominent-header"
            }
        }
    }

    /// Colours a state gives the presets' defaults.
    enum StateLook: Hashable {
        case normal
        /// The text and the image in the accent colour (a selected sidebar row).
        case accent
    }
}

extension ListContentConfiguration {
    /// An image a list row shows.
    public enum Image: Hashable {
        /// An icon of the icon theme, by name (`"folder-symbolic"`); a symbolic icon takes the
        /// text colour, or ``ImageProperties/tintColor``. A name the theme does not have shows
        /// its `image-missing` icon and is reported once
        /// (``CollectionViewError/imageUnavailable(_:isFile:)``).
        case iconName(String)
        /// A `GdkPaintable` (a `GdkTexture`, a `GtkMediaStream`...): the row's image takes a
        /// reference while it shows it.
        case paintable(OpaquePointer)
        /// An image file, loaded when a row is given it (a reused row given the same file
        /// again does not load it again). A file that cannot be loaded shows the theme's
        /// `image-missing` icon and is reported once. For many large pictures, load and scale
        /// them yourself and pass a paintable.
        case file(String)
    }

    /// How a text looks (`UIListContentConfiguration.TextProperties`).
    public struct TextProperties: Hashable {
        /// The font, as one of the theme's type styles.
        public var font = TextStyle.body
        /// The colour; ``ConfigurationColor/label`` is the row's own text colour, and the
        /// theme's colours follow dark and high contrast.
        public var color = ConfigurationColor.label
        /// Where the lines sit across the label.
        public var alignment = TextAlignment.natural
        /// How a text too long for its lines ends: truncated (ellipsized) at the tail, head or
        /// middle, or clipped. Lines wrap at words (``LineBreakMode/byCharWrapping``: anywhere).
        public var lineBreakMode = LineBreakMode.byTruncatingTail
        /// At most this many lines; 0 is as many as the text needs (it wraps), 1 a single line
        /// ellipsized as ``lineBreakMode`` says.
        public var numberOfLines = 0
        /// A change of case applied to the text before it is shown.
        public var transform = TextTransform.none

        public init() {}
    }

    /// How the image looks (`UIListContentConfiguration.ImageProperties`).
    public struct ImageProperties: Hashable {
        /// The image's size in pixels, as a square (`GtkImage`'s pixel size): an icon is drawn
        /// at it, a picture scaled to fit it. 16 is the size of a row's icon.
        public var size = 16
        /// The colour of a symbolic icon; nil is the text colour. Full-colour icons and
        /// pictures keep their own colours.
        public var tintColor: ConfigurationColor?
        /// The radius of the image's rounded corners, in pixels; 0 is square.
        public var cornerRadius = 0.0
        /// The width kept for the image even when it is narrower, so the texts of rows with
        /// images of different widths line up; 0 keeps the image's own.
        public var reservedLayoutWidth = 0.0

        public init() {}
    }

    /// A type style: the theme's CSS class for it (`heading`, `caption`...), which both
    /// libadwaita and GTK's own theme define, so text grows with the user's font settings.
    public struct TextStyle: Hashable, Sendable {
        /// The CSS class given to the label; nil for the row's own font.
        public let cssClass: String?

        /// The row's own font (no class): what a row's title uses.
        public static let body = TextStyle(cssClass: nil)
        /// Bold, the size of body text (`heading`): a group's title.
        public static let heading = TextStyle(cssClass: "heading")
        /// Smaller than body text (`caption`).
        public static let caption = TextStyle(cssClass: "caption")
        /// Smaller and bold (`caption-heading`).
        public static let captionHeading = TextStyle(cssClass: "caption-heading")
        /// A row's subtitle: smaller than the title, as libadwaita draws `AdwActionRow`'s.
        public static let subtitle = TextStyle(cssClass: "subtitle-text")
        /// The title styles, largest first (`title-1` to `title-4`).
        public static let title1 = TextStyle(cssClass: "title-1")
        public static let title2 = TextStyle(cssClass: "title-2")
        public static let title3 = TextStyle(cssClass: "title-3")
        public static let title4 = TextStyle(cssClass: "title-4")
        /// Fixed-width digits (`numeric`), for values that change in place.
        public static let numeric = TextStyle(cssClass: "numeric")

        /// A style of the app's own CSS, by class name.
        public static func cssClass(_ name: String) -> TextStyle { TextStyle(cssClass: name) }

        private init(cssClass: String?) { self.cssClass = cssClass }
    }

    /// Where a text's lines sit across its label.
    public enum TextAlignment: Hashable, Sendable {
        /// At the leading edge (the left in left-to-right text, the right in right-to-left).
        case natural
        /// Centred.
        case center
        /// At the trailing edge.
        case trailing
        /// Both edges, except the last line.
        case justified
    }

    /// How a text too long for its space breaks and ends (`NSLineBreakMode`). With unlimited
    /// lines (``TextProperties/numberOfLines`` 0) every mode wraps. With a limit, GTK cannot clip
    /// a label narrower than its text nor cut lines without ellipsizing, so the wrapping and
    /// clipping modes end the last line with "…", as ``byTruncatingTail`` does.
    public enum LineBreakMode: Hashable, Sendable {
        /// Lines break between words (or inside a word longer than a line).
        case byWordWrapping
        /// Lines break between any characters.
        case byCharWrapping
        /// Lines break between words; with a limit, the end is cut (shown as "…").
        case byClipping
        /// "…" replaces the start of the last line.
        case byTruncatingHead
        /// "…" replaces the end of the last line.
        case byTruncatingTail
        /// "…" replaces the middle of the last line.
        case byTruncatingMiddle
    }

    /// A change of case.
    public enum TextTransform: Hashable, Sendable {
        case none, uppercase, lowercase, capitalized

        func apply(_ text: String) -> String {
            switch self {
            case .none: text
            case .uppercase: text.uppercased()
            case .lowercase: text.lowercased()
            case .capitalized: text.split(separator: " ", omittingEmptySubsequences: false)
                .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
            }
        }
    }
}
