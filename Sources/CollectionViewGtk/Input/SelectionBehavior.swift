/// What a click does to the selection (``CollectionView/selectionBehavior``). With single
/// selection a click behaves alike in both (it selects the item and deselects the one before);
/// only a context menu differs, as below.
public enum SelectionBehavior: Sendable, Hashable {
    /// As GtkGridView and GNOME Files do, the default: a click selects only the clicked item
    /// (the others are deselected), Ctrl+click toggles it, Shift+click selects the range from
    /// the anchor (the item last clicked or Ctrl+clicked; Ctrl+Shift+click adds the range), and
    /// a secondary click, a long press or the Menu key on an item that is not selected selects
    /// only it before its context menu opens (on a selected item the selection stays), in
    /// single selection too. A tap on a touchscreen is a click, as in GTK's own list views.
    case desktop
    /// UIKit's behaviour, as on a phone or in an app's "Select" mode: a click or tap toggles
    /// the item and keeps the others; a context menu never changes the selection. Ctrl and
    /// Shift work as in ``desktop``.
    case touch
}
