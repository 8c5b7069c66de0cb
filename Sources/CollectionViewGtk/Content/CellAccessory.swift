import CGtk

/// A control or sign at the leading or trailing edge of a ``ListCell`` (`UICellAccessory`): a
/// disclosure chevron, a checkmark, the delete and insert buttons and reorder handle of editing
/// mode, a multiple-selection circle, an outline's expander, a label, an information button, or a
/// widget of the app's own.
///
/// Each has a placement, from UIKit's defaults (delete, insert and multiselect lead; the others
/// trail), and shows ``DisplayedState/always``, only while the collection view
/// ``CollectionView/isEditing``, or only while it is not:
///
/// ```swift
/// cell.accessories = [.delete(), .disclosureIndicator(), .reorder()]
/// ```
///
/// Accessories that act (delete, insert, detail, outline disclosure, reorder) are buttons that
/// take the keyboard focus and have an accessible name; their clicks do not select the row.
@MainActor
public struct CellAccessory {
    /// When an accessory shows (`UICellAccessory.DisplayedState`).
    public enum DisplayedState: Hashable, Sendable {
        /// In and out of editing mode.
        case always
        /// Only while the collection view is editing.
        case whenEditing
        /// Only while the collection view is not editing.
        case whenNotEditing

        /// Whether an accessory with this state shows while `editing` is as given.
        func shows(editing: Bool) -> Bool {
            switch self {
            case .always: true
            case .whenEditing: editing
            case .whenNotEditing: !editing
            }
        }
    }

    /// The edge of the row an accessory sits at; leading is left to right's left, and mirrors in
    /// right to left.
    public enum Placement: Hashable, Sendable {
        case leading
        case trailing
    }

    /// The width an accessory reserves in the row (`UICellAccessory.LayoutDimension`), so the
    /// content of rows with different accessories lines up.
    public enum LayoutDimension: Hashable, Sendable {
        /// The standard width of an accessory (``standardWidth``), or the accessory's own when wider.
        case standard
        /// The accessory's own width.
        case actual
        /// At least this many pixels.
        case custom(Double)

        /// The standard width: a 16-pixel icon with its padding on either side.
        public static let standardWidth = 32.0
    }

    /// What an outline disclosure is for (`UICellAccessory.OutlineDisclosureOptions.Style`).
    public enum OutlineDisclosureStyle: Hashable, Sendable {
        /// A cell's expander, at the leading edge as on desktops (GTK's tree expander, Mac
        /// Catalyst's cells).
        case automatic
        /// A cell with children, its expander at the leading edge.
        case cell
        /// A section header's expander, at the trailing edge.
        case header
    }

    /// What every accessory can be told (`UICellAccessory`'s option structs, in one).
    public struct Options: Hashable, Sendable {
        /// Hidden, but still holding its place, so the content does not move.
        public var isHidden: Bool
        /// The width it reserves.
        public var reservedLayoutWidth: LayoutDimension
        /// Its colour (the icon's or the text's); nil for the accessory's own.
        public var tintColor: ConfigurationColor?
        /// The colour of the circle behind delete, insert and multiselect's icons; nil for the
        /// accessory's own (destructive red, success green, the accent).
        public var backgroundColor: ConfigurationColor?

        public init(isHidden: Bool = false, reservedLayoutWidth: LayoutDimension = .standard,
                    tintColor: ConfigurationColor? = nil, backgroundColor: ConfigurationColor? = nil) {
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.backgroundColor = backgroundColor
        }
    }

    /// A widget of the app's own as an accessory (`UICellAccessory.CustomViewConfiguration`).
    public struct CustomViewConfiguration {
        /// The widget; the cell parents it and takes it out again when it is no longer shown.
        /// The configuration (and an accessory made from it) holds a reference to it, a new
        /// widget's floating one included, so it stays alive to be shown again.
        public var customView: WidgetPointer {
            get { held.widget }
            set { held = HeldWidget(newValue) }
        }
        var held: HeldWidget
        public var placement: Placement
        public var displayed: DisplayedState
        public var options: Options
        /// Keep the widget's natural size; false lets it fill the row's height.
        public var maintainsFixedSize: Bool

        public init(customView: WidgetPointer, placement: Placement, displayed: DisplayedState = .always,
                    options: Options = Options(reservedLayoutWidth: .actual), maintainsFixedSize: Bool = true) {
            held = HeldWidget(customView)
            self.placement = placement
            self.displayed = displayed
            self.options = options
            self.maintainsFixedSize = maintainsFixedSize
        }
    }

    /// A handler an acting accessory calls (`UICellAccessory.ActionHandler`).
    public typealias ActionHandler = @MainActor () -> Void

    /// Which accessory it is; two accessories of the same kind share a widget across reconfigures.
    enum Kind: Equatable {
        case disclosureIndicator, checkmark, delete, insert, reorder, multiselect, outlineDisclosure, label, detail
        case customView(HeldWidget)
    }

    let kind: Kind
    /// When it shows.
    public let displayed: DisplayedState
    /// Which edge of the row it sits at.
    public let placement: Placement
    /// Its options.
    public let options: Options
    let actionHandler: ActionHandler?
    /// The text of a label accessory.
    let text: String
    let maintainsFixedSize: Bool

    private init(_ kind: Kind, _ displayed: DisplayedState, _ placement: Placement, _ options: Options,
                 actionHandler: ActionHandler? = nil, text: String = "", maintainsFixedSize: Bool = true) {
        self.kind = kind
        self.displayed = displayed
        self.placement = placement
        self.options = options
        self.actionHandler = actionHandler
        self.text = text
        self.maintainsFixedSize = maintainsFixedSize
    }

    /// A chevron pointing to the trailing edge: the row opens something. Trailing.
    public static func disclosureIndicator(displayed: DisplayedState = .always, options: Options = Options()) -> CellAccessory {
        CellAccessory(.disclosureIndicator, displayed, .trailing, options)
    }

    /// A checkmark, in the accent colour. Trailing.
    public static func checkmark(displayed: DisplayedState = .always, options: Options = Options()) -> CellAccessory {
        CellAccessory(.checkmark, displayed, .trailing, options)
    }

    /// A "Delete" button: a minus in a red circle, which calls `actionHandler`. Leading, while editing.
    public static func delete(displayed: DisplayedState = .whenEditing, options: Options = Options(),
                              actionHandler: ActionHandler? = nil) -> CellAccessory {
        CellAccessory(.delete, displayed, .leading, options, actionHandler: actionHandler)
    }

    /// An "Insert" button: a plus in a green circle, which calls `actionHandler`. Leading, while editing.
    public static func insert(displayed: DisplayedState = .whenEditing, options: Options = Options(),
                              actionHandler: ActionHandler? = nil) -> CellAccessory {
        CellAccessory(.insert, displayed, .leading, options, actionHandler: actionHandler)
    }

    /// A "Reorder" handle: dragging it moves the cell's item (the collection view's interactive
    /// movement; the data source's `collectionView(_:moveItemAt:to:)` is told at the drop).
    /// Trailing, while editing.
    public static func reorder(displayed: DisplayedState = .whenEditing, options: Options = Options()) -> CellAccessory {
        CellAccessory(.reorder, displayed, .trailing, options)
    }

    /// A circle that shows a check while the cell's item is selected. Leading, while editing.
    public static func multiselect(displayed: DisplayedState = .whenEditing, options: Options = Options()) -> CellAccessory {
        CellAccessory(.multiselect, displayed, .leading, options)
    }

    /// An outline's expander: a chevron that turns down while the cell's
    /// ``CellConfigurationState/isExpanded`` (animated; it points to the trailing edge while
    /// collapsed, so left in right to left), a button named "Expand" or "Collapse". A click
    /// calls `actionHandler`; without one, as in UIKit, it expands or collapses the item through
    /// the view's ``CollectionViewOutlineDataSource``. Leading for cells, trailing for headers.
    public static func outlineDisclosure(displayed: DisplayedState = .always, style: OutlineDisclosureStyle = .automatic,
                                         options: Options = Options(), actionHandler: ActionHandler? = nil) -> CellAccessory {
        CellAccessory(.outlineDisclosure, displayed, style == .header ? .trailing : .leading, options, actionHandler: actionHandler)
    }

    /// A short dimmed text, such as a count. Trailing.
    public static func label(text: String, displayed: DisplayedState = .always,
                             options: Options = Options(reservedLayoutWidth: .actual)) -> CellAccessory {
        CellAccessory(.label, displayed, .trailing, options, text: text)
    }

    /// A "More Information" button, which calls `actionHandler`. Trailing.
    public static func detail(displayed: DisplayedState = .always, options: Options = Options(),
                              actionHandler: ActionHandler? = nil) -> CellAccessory {
        CellAccessory(.detail, displayed, .trailing, options, actionHandler: actionHandler)
    }

    /// A widget of the app's own.
    public static func customView(configuration: CustomViewConfiguration) -> CellAccessory {
        CellAccessory(.customView(configuration.held), configuration.displayed, configuration.placement,
                      configuration.options, maintainsFixedSize: configuration.maintainsFixedSize)
    }
}
