import CGtk
import CollectionLayout

/// A row's place in an outline, as its cell shows it: the indentation, the disclosure's turn and
/// what assistive technologies are told.
struct OutlineRowState: Equatable {
    /// 0 for a root item.
    var level: Int
    var isExpandable: Bool
    var isExpanded: Bool
}

/// The view's side of an outline: everything it knows of one comes from the data source through
/// ``CollectionViewOutlineDataSource``, so the diffable source and the tree-model source work
/// alike.
extension CollectionView {
    /// The data source as an outline, when it is one.
    var outlineDataSource: CollectionViewOutlineDataSource? {
        dataSource as? CollectionViewOutlineDataSource
    }

    /// Tells the view that the items at `indexPaths` were expanded or collapsed (or changed
    /// level or children): their shown cells take their new state from the data source's
    /// ``CollectionViewOutlineDataSource`` answers (the disclosure turns, the row indents,
    /// assistive technologies get a state-changed event).
    ///
    /// An app's own outline data source calls it once an expand or collapse has landed in the
    /// view, for the items whose state changed; items without a cell are skipped (a cell made
    /// later asks the data source itself). The library's diffable and tree-model sources call
    /// it for you.
    ///
    /// - Parameter indexPaths: the items' index paths as the view shows them now.
    /// - Complexity: O(k) for k index paths.
    public func outlineStateDidChange(at indexPaths: [IndexPath]) {
        for indexPath in indexPaths {
            guard let cell = cellForItem(at: indexPath) else { continue }
            cell.outline = outlineState(at: indexPath)
        }
    }

    /// Every cell on screen takes its outline state again (only those whose state changed are
    /// touched further): for a change whose rows are not known one by one, such as an apply
    /// that changed a section snapshot's levels or expansion.
    ///
    /// - Complexity: O(v log v) for v visible cells.
    package func visibleOutlineStatesDidChange() {
        outlineStateDidChange(at: indexPathsForVisibleItems)
    }

    /// The outline state of the item shown at `indexPath` (nil outside an outline).
    func outlineState(at indexPath: IndexPath) -> OutlineRowState? {
        guard let outline = outlineDataSource else { return nil }
        let path = dataIndexPathForShown(indexPath)
        guard let level = outline.outlineLevel(forItemAt: path) else { return nil }
        let expandable = outline.isExpandable(itemAt: path)
        return OutlineRowState(level: level, isExpandable: expandable,
                               isExpanded: expandable && outline.isExpanded(itemAt: path))
    }

    /// The disclosure button of `cell` was clicked (with no action handler of the app's): its
    /// item expands or collapses.
    func toggleExpansion(of cell: CollectionViewCell) {
        guard !isShowingOtherRows, let outline = outlineDataSource, let indexPath = indexPath(for: cell),
              let state = outlineState(at: indexPath), state.isExpandable else { return }
        outline.setExpanded(!state.isExpanded, itemAt: indexPath, includingDescendants: false, animated: true)
    }

    // MARK: Keys (as GtkTreeExpander's)

    /// While the user moves an item or a drop gap is open, the rows shown are not the data
    /// source's: nothing expands or collapses then (the rows would change under the movement).
    private var isShowingOtherRows: Bool { movement != nil || dropGapIndexPath != nil }

    /// The focused item and its outline state, when the focused item is in an outline.
    private var focusedOutlineItem: (IndexPath, OutlineRowState, CollectionViewOutlineDataSource)? {
        guard !isShowingOtherRows, let path = selection.focused, isValidItem(path), let outline = outlineDataSource,
              let state = outlineState(at: path) else { return nil }
        return (path, state, outline)
    }

    /// Right (left in right to left): expands a collapsed row, or moves to the first child of
    /// an expanded one. False when the focused item is in no outline (the arrow moves as usual).
    func outlineKeyTowardsChildren() -> Bool {
        guard let (path, state, outline) = focusedOutlineItem else { return false }
        guard state.isExpandable else { return true }
        if !state.isExpanded {
            outline.setExpanded(true, itemAt: path, includingDescendants: false, animated: true)
            return true
        }
        let next = IndexPath(item: path.item + 1, section: path.section)
        if isValidItem(next), outline.parentIndexPath(ofItemAt: next) == path { userFocus(next) }
        return true
    }

    /// Left (right in right to left): collapses an expanded row, or moves to the parent.
    func outlineKeyTowardsParent() -> Bool {
        guard let (path, state, outline) = focusedOutlineItem else { return false }
        if state.isExpandable, state.isExpanded {
            outline.setExpanded(false, itemAt: path, includingDescendants: false, animated: true)
        } else if let parent = outline.parentIndexPath(ofItemAt: path), isValidItem(parent) {
            userFocus(parent)
        }
        return true
    }

    /// `+`, `-` and `*`: expands, collapses, or expands everything below the focused row.
    func outlineKeySetExpanded(_ expanded: Bool, includingDescendants: Bool) -> Bool {
        guard let (path, state, outline) = focusedOutlineItem else { return false }
        if state.isExpandable, state.isExpanded != expanded || includingDescendants {
            outline.setExpanded(expanded, itemAt: path, includingDescendants: includingDescendants, animated: true)
        }
        return true
    }

    /// Moves the focus to `indexPath` as a plain arrow key does: it becomes the only selection.
    private func userFocus(_ indexPath: IndexPath) {
        setFocusedItem(indexPath)
        selection.anchor = indexPath
        selectOnlyAsUser(indexPath)
    }
}
