import CGtk
import CollectionLayout

/// The views of a list layout's decorations (``CollectionLayout/ListConfiguration``), which a
/// collection view makes when the layout has no registration of its own for their kinds, as
/// UIKit draws a list's separators and backgrounds without being asked. Register a view for
/// one of the kinds to draw it another way, or restyle them with CSS: `reusableview.list-separator`,
/// `reusableview.list-background.grouped`, `reusableview.list-background.inset-grouped`
/// (which also has Adwaita's `card` class).
///
/// None of them is ever the target of a press: a click on a separator goes to the row under it.
@MainActor
enum ListDecorationViews {
    /// The built-in view for a list decoration kind; nil for other kinds.
    static func registration(forKind kind: String) -> ViewRegistration? {
        let viewClass: ReusableView.Type? = switch kind {
        case ListConfiguration.separatorElementKind, ListConfiguration.topSeparatorElementKind: ListSeparatorView.self
        case ListConfiguration.groupedBackgroundElementKind: GroupedListBackgroundView.self
        case ListConfiguration.insetGroupedBackgroundElementKind: InsetGroupedListBackgroundView.self
        default: nil
        }
        return viewClass.map { ViewRegistration(viewClass: $0, template: nil) }
    }
}

/// A line between two rows of a list, in the colour Adwaita draws its rows' borders with.
public final class ListSeparatorView: ReusableView {
    public required init() {
        super.init()
        gtk_widget_add_css_class(widget, "list-separator")
        gtk_widget_set_can_target(widget, 0)
    }
}

/// The band of the card colour behind a grouped list's rows, with a line above and below.
public final class GroupedListBackgroundView: ReusableView {
    public required init() {
        super.init()
        gtk_widget_add_css_class(widget, "list-background")
        gtk_widget_add_css_class(widget, "grouped")
        gtk_widget_set_can_target(widget, 0)
    }
}

/// The rounded card behind an inset-grouped list's rows: Adwaita's `card`, as its boxed lists
/// are drawn.
public final class InsetGroupedListBackgroundView: ReusableView {
    public required init() {
        super.init()
        gtk_widget_add_css_class(widget, "list-background")
        gtk_widget_add_css_class(widget, "inset-grouped")
        gtk_widget_add_css_class(widget, "card")
        gtk_widget_set_can_target(widget, 0)
    }
}
