import CollectionLayout

/// Optional callbacks about a collection view's elements (`UICollectionViewDelegate`). Every
/// method has a default. A flow layout also reads `FlowLayoutDelegate` methods from the same
/// object.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
    /// A cell is about to be shown for the item at `indexPath`
    /// (`collectionView(_:willDisplay:forItemAt:)`): the data source has configured it, and it
    /// has not been drawn yet.
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    /// A cell stopped showing the item at `indexPath`
    /// (`collectionView(_:didEndDisplaying:forItemAt:)`): it left the viewport and its
    /// overscan, its item went (after its animation; `indexPath` is then the one before the
    /// update), or the data was reloaded. The cell is already back in its reuse queue.
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    /// A supplementary view is about to be shown for the element of `elementKind` at
    /// `indexPath` (`collectionView(_:willDisplaySupplementaryView:forElementKind:at:)`).
    func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
                        forElementKind elementKind: String, at indexPath: IndexPath)
    /// A supplementary view stopped showing its element, as a cell does in
    /// `collectionView(_:didEndDisplaying:forItemAt:)`
    /// (`collectionView(_:didEndDisplayingSupplementaryView:forElementOfKind:at:)`).
    func collectionView(_ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
                        forElementOfKind elementKind: String, at indexPath: IndexPath)

    // Highlight and selection (user actions only; programmatic calls do not ask).
    /// Whether a press on the item highlights it (`collectionView(_:shouldHighlightItemAt:)`);
    /// false also keeps the click from selecting it, as in UIKit. Default true.
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    /// A press began on the item and highlighted it (`collectionView(_:didHighlightItemAt:)`).
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
    /// The press on the item ended, was cancelled or turned into a scroll
    /// (`collectionView(_:didUnhighlightItemAt:)`); comes before any selection change.
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
    /// Whether the user may select the item (`collectionView(_:shouldSelectItemAt:)`): asked for
    /// a click, Ctrl+click, Space, Ctrl+Space or Enter, and for the item a plain arrow,
    /// Home/End or Page key moves the focus to (the selection follows the focus), and with
    /// ``SelectionBehavior/desktop`` for an unselected item whose context menu opens. Range operations (Ctrl+A, Shift+click,
    /// Shift+arrows) ask ``collectionView(_:shouldSelectItemsIn:inSection:)`` instead. Default
    /// true.
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// The user selected the item (`collectionView(_:didSelectItemAt:)`): told per item for a
    /// click or key on one item; range operations tell
    /// ``collectionView(_:didSelectItemsIn:inSection:)`` instead. An update made here lands
    /// before it returns, after any the click's did-deselect calls asked for; `indexPath` is
    /// the item's path after those.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    /// Whether the user may select a range of a section's items at once: asked once per range
    /// by Ctrl+A (one range per section), Shift+click and Shift+arrows/Page/Home/End (the
    /// range from the anchor to the item, per section), only for the parts not yet selected,
    /// even when a part is one item. False leaves the whole range unselected; the per-item
    /// ``collectionView(_:shouldSelectItemAt:)`` is not asked for it. Default true: a delegate
    /// that refuses some items should implement this too.
    func collectionView(_ collectionView: CollectionView, shouldSelectItemsIn range: Range<Int>, inSection section: Int) -> Bool
    /// The user selected a range of a section's items at once (see
    /// ``collectionView(_:shouldSelectItemsIn:inSection:)``): told once per range, after
    /// every item of it is selected; ``collectionView(_:didSelectItemAt:)`` is not told for
    /// them. Default: nothing.
    func collectionView(_ collectionView: CollectionView, didSelectItemsIn range: Range<Int>, inSection section: Int)
    /// Whether the user may deselect the item (`collectionView(_:shouldDeselectItemAt:)`):
    /// asked for a Ctrl+click, Space or Enter on a selected item in multiple selection (a plain
    /// click too with ``SelectionBehavior/touch``), and for
    /// Escape in single selection. Not asked when selecting another item replaces it in single selection. Default
    /// true.
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    /// The user deselected the item, or selected another one in single selection
    /// (`collectionView(_:didDeselectItemAt:)`).
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    /// Whether the user may deselect a range of a section's selected items at once: asked once
    /// per selected range in multiple selection by Escape and Ctrl+Shift+A, by Shift+click
    /// and Shift+arrows for the selected ranges outside their new range, and by a plain arrow,
    /// Home/End or Page key for the selected ranges other than the new focused item; with
    /// ``SelectionBehavior/desktop`` also by a plain click, and by a context menu opened on an
    /// item that was not selected, for the selected ranges other than that item. Default
    /// true.
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemsIn range: Range<Int>, inSection section: Int) -> Bool
    /// The user deselected a range of a section's items at once (see
    /// ``collectionView(_:shouldDeselectItemsIn:inSection:)``): told once per range.
    /// Default: nothing.
    func collectionView(_ collectionView: CollectionView, didDeselectItemsIn range: Range<Int>, inSection section: Int)

    // The edit menu.
    /// Whether the item has an edit menu (`collectionView(_:shouldShowMenuForItemAt:)`): a long
    /// press, the Menu key or Shift+F10 opens it, and Ctrl+X, Ctrl+C and Ctrl+V work on the
    /// focused item only when this is true. Default false.
    func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool
    /// Whether the item offers `action` (`collectionView(_:canPerformAction:forItemAt:withSender:)`):
    /// the menu lists it, or its shortcut performs it. `sender` is an ``EditAction/Sender``.
    /// Default false.
    func collectionView(_ collectionView: CollectionView, canPerformAction action: EditAction, forItemAt indexPath: IndexPath, withSender sender: Any?) -> Bool
    /// Performs the `action` the user chose for the item, from the menu or a shortcut
    /// (`collectionView(_:performAction:forItemAt:withSender:)`). `sender` is an
    /// ``EditAction/Sender``.
    func collectionView(_ collectionView: CollectionView, performAction action: EditAction, forItemAt indexPath: IndexPath, withSender sender: Any?)

    // Activation (the primary action) and context menus.
    /// Whether the item has a primary action (`collectionView(_:canPerformPrimaryActionForItemAt:)`).
    /// Return true to get activation: a double-click on the item, Enter on the focused item,
    /// and a single click when ``CollectionView/isSingleClickActivationEnabled`` is on call
    /// ``collectionView(_:performPrimaryActionForItemAt:)``, and Enter then no longer toggles
    /// the selection (Space still does). Default false: UIKit asks only delegates that
    /// implement `performPrimaryAction`, which a Swift protocol with defaults cannot tell.
    func collectionView(_ collectionView: CollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath) -> Bool
    /// The user activated the item (`collectionView(_:performPrimaryActionForItemAt:)`): "open"
    /// it. Called only when ``collectionView(_:canPerformPrimaryActionForItemAt:)`` is true.
    func collectionView(_ collectionView: CollectionView, performPrimaryActionForItemAt indexPath: IndexPath)
    /// The context menu for `indexPaths`
    /// (`collectionView(_:contextMenuConfigurationForItemsAt:point:)`): asked for a
    /// right-click, a long press, the Menu key and Shift+F10. `indexPaths` is the clicked (or
    /// focused) item, or the whole selection when that item is selected, or empty for empty
    /// space (the view's own menu: "Select All", "Paste"). `point` is in content coordinates.
    /// Nil (the default) shows no context menu: an item then gets its edit menu
    /// (``collectionView(_:shouldShowMenuForItemAt:)``) as before.
    func collectionView(_ collectionView: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
                        point: Point) -> ContextMenuConfiguration?

    // Deleting with the keyboard.
    /// Whether the Delete key (`permanently` false) or Shift+Delete (`permanently` true) deletes
    /// `indexPaths`: the selected items, or the focused item when none is selected. True sends
    /// the key to ``collectionView(_:performDeleteForItemsAt:permanently:)``; false (the
    /// default) lets it go on to the window, as a key the view does not use. An app that moves
    /// items to a trash on Delete and deletes them for good on Shift+Delete says yes to both; one
    /// with no trash says yes only to `permanently` false, or treats both alike.
    func collectionView(_ collectionView: CollectionView, canPerformDeleteForItemsAt indexPaths: [IndexPath], permanently: Bool) -> Bool
    /// The user asked to delete `indexPaths` with the Delete key, or with Shift+Delete when
    /// `permanently` is true (Mac Catalyst's `delete(_:)` sent to the collection view's
    /// delegate, with the items it is for): delete them from the data and the view (a batch
    /// update or a snapshot apply), as the context menu's Delete item would. Called only when
    /// ``collectionView(_:canPerformDeleteForItemsAt:permanently:)`` says yes.
    func collectionView(_ collectionView: CollectionView, performDeleteForItemsAt indexPaths: [IndexPath], permanently: Bool)

    /// A transition layout for an interactive transition between two layouts (default nil:
    /// the plain `TransitionLayout`).
    func collectionView(_ collectionView: CollectionView, transitionLayoutForOldLayout fromLayout: CollectionViewLayout,
                        newLayout toLayout: CollectionViewLayout) -> TransitionLayout?
    /// Whether a pinch or Ctrl + scroll may start an interactive transition to `layout` (one of
    /// ``CollectionView/zoomLayouts``); `point` is the pinch's centre, or the pointer for Ctrl +
    /// scroll, in content coordinates. False leaves the gesture to whatever else wants it: a
    /// picture that zooms within its cell, say. Not asked by
    /// ``CollectionView/startInteractiveTransition(to:keepingItemAt:completion:)``, which the
    /// app calls itself. Default true.
    func collectionView(_ collectionView: CollectionView, shouldBeginInteractiveTransitionTo layout: CollectionViewLayout,
                        at point: Point) -> Bool

    /// Where an item being moved by the user may go
    /// (`collectionView(_:targetIndexPathForMoveOfItemFromOriginalIndexPath:atCurrentIndexPath:toProposedIndexPath:)`):
    /// return `proposedIndexPath` (the default), `currentIndexPath` to stay, or another place.
    func collectionView(_ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
                        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath

    // Swipe actions (defaults in SwipeActions.swift).
    /// The actions a swipe from the item's leading edge shows (towards the trailing side; the
    /// left edge, right to left the right one)
    /// (`leadingSwipeActionsConfigurationProvider`); nil for none (the default). Also listed in
    /// the item's context menu.
    func collectionView(_ collectionView: CollectionView, leadingSwipeActionsConfigurationForItemAt indexPath: IndexPath) -> SwipeActionsConfiguration?
    /// The actions a swipe from the item's trailing edge shows
    /// (`trailingSwipeActionsConfigurationProvider`); nil for none (the default). Also listed
    /// in the item's context menu.
    func collectionView(_ collectionView: CollectionView, trailingSwipeActionsConfigurationForItemAt indexPath: IndexPath) -> SwipeActionsConfiguration?
}

/// The display callbacks' defaults: nothing happens.
extension CollectionViewDelegate {
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
                               forElementKind elementKind: String, at indexPath: IndexPath) {}
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
                               forElementOfKind elementKind: String, at indexPath: IndexPath) {}
}

/// The other defaults: every item highlights and selects, none has an edit menu, and
/// interactive transitions use the plain `TransitionLayout`.
extension CollectionViewDelegate {
    /// True: every item highlights.
    public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {}
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    /// True: every item can be selected.
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// True: every item can be deselected.
    public func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// True: every range can be selected.
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemsIn range: Range<Int>, inSection section: Int) -> Bool { true }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didSelectItemsIn range: Range<Int>, inSection section: Int) {}
    /// True: every range can be deselected.
    public func collectionView(_ collectionView: CollectionView, shouldDeselectItemsIn range: Range<Int>, inSection section: Int) -> Bool { true }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didDeselectItemsIn range: Range<Int>, inSection section: Int) {}
    /// False: no item has an edit menu.
    public func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool { false }
    /// False: no action is offered.
    public func collectionView(_ collectionView: CollectionView, canPerformAction action: EditAction, forItemAt indexPath: IndexPath, withSender sender: Any?) -> Bool { false }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, performAction action: EditAction, forItemAt indexPath: IndexPath, withSender sender: Any?) {}
    /// False: no item has a primary action; Enter toggles the selection as Space does.
    public func collectionView(_ collectionView: CollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {}
    /// Nil: no context menu; items keep their edit menu.
    public func collectionView(_ collectionView: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
                               point: Point) -> ContextMenuConfiguration? { nil }
    /// False: the Delete key goes on to the window.
    public func collectionView(_ collectionView: CollectionView, canPerformDeleteForItemsAt indexPaths: [IndexPath],
                               permanently: Bool) -> Bool { false }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, performDeleteForItemsAt indexPaths: [IndexPath], permanently: Bool) {}
    /// Nil: the plain `TransitionLayout` between the two layouts.
    public func collectionView(_ collectionView: CollectionView, transitionLayoutForOldLayout fromLayout: CollectionViewLayout,
                               newLayout toLayout: CollectionViewLayout) -> TransitionLayout? { nil }
    /// True: a pinch or Ctrl + scroll always starts its transition.
    public func collectionView(_ collectionView: CollectionView, shouldBeginInteractiveTransitionTo layout: CollectionViewLayout,
                               at point: Point) -> Bool { true }
    /// The proposed place.
    public func collectionView(_ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
                               atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath {
        proposedIndexPath
    }
}

/// A delegate for a collection view with a flow layout (`UICollectionViewDelegateFlowLayout`).
public typealias CollectionViewDelegateFlowLayout = CollectionViewDelegate & FlowLayoutDelegate
