import CGtk
import CollectionLayout

/// The actions a swipe across a row shows on one of its sides (`UISwipeActionsConfiguration`).
/// The delegate returns one from
/// ``CollectionViewDelegate/collectionView(_:leadingSwipeActionsConfigurationForItemAt:)`` or
/// ``CollectionViewDelegate/collectionView(_:trailingSwipeActionsConfigurationForItemAt:)``.
///
/// A touch drag or a touchpad's two-finger swipe across the item slides its content aside and
/// shows the actions as buttons in the space it leaves; the first action is the one at the
/// outer edge. The same actions are also listed in the item's context menu, so a mouse, the
/// keyboard and a screen reader reach them too.
public struct SwipeActionsConfiguration {
    /// The actions, the first at the row's outer edge. Empty shows nothing.
    public var actions: [ContextualAction]
    /// Whether swiping the row most of the way across (past 60% of its width) performs the
    /// first action at once (`performsFirstActionWithFullSwipe`). Default true.
    public var performsFirstActionWithFullSwipe = true

    /// A configuration of `actions`, the first at the outer edge.
    public init(actions: [ContextualAction]) {
        self.actions = actions
    }
}

/// One action a swipe shows (`UIContextualAction`): a button with a title and an icon, coloured
/// by its style or its own background colour, whose handler does the work.
@MainActor
public final class ContextualAction {
    /// How the action's button is drawn (`UIContextualAction.Style`).
    public enum Style: Sendable {
        /// A neutral background.
        case normal
        /// The destructive colour (`@cv_destructive_color`): the action deletes something.
        case destructive
    }

    /// Tells the view whether the action was done: true when it was, false when it was not
    /// (the row slides back). Call it once, when the work is over.
    public typealias CompletionHandler = @MainActor (_ actionPerformed: Bool) -> Void
    /// Does the action: gets the action, the widget it was chosen from (its button, the row
    /// for a full swipe or the row when chosen from the context menu) and the completion
    /// handler to call when done. An action that deletes the item deletes it here (a batch
    /// update, which animates the row out) and calls the completion with true.
    public typealias Handler = @MainActor (_ action: ContextualAction, _ sourceView: WidgetPointer,
                                           _ completion: @escaping CompletionHandler) -> Void

    /// How the button is drawn.
    public let style: Style
    /// The button's label, also the context menu entry's; nil shows the icon alone.
    public var title: String?
    /// A themed icon's name ("user-trash-symbolic") shown above the title (`image`); nil for none.
    public var iconName: String?
    /// The button's background; nil takes the style's (neutral, or the destructive colour).
    public var backgroundColor: ConfigurationColor?
    /// What the action does.
    public let handler: Handler

    /// An action of `style` titled `title`, doing `handler`.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
    }

    /// The label the context menu and assistive technologies show: the title, else the icon's
    /// name.
    var menuLabel: String { title ?? iconName ?? "" }
}
