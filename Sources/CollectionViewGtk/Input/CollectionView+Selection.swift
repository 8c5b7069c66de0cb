import CGtk
import CollectionLayout

/// Selection state and its programmatic API. The programmatic calls never ask or tell the
/// delegate, as in UIKit; the user's clicks and keys go through `userSelect`/`userDeselect`.
extension CollectionView {
    /// The selected items, in index path order (`indexPathsForSelectedItems`).
    ///
    /// - Complexity: O(1) after selecting or deselecting in order (the usual case); O(n log n)
    ///   once after a change out of order.
    public var indexPathsForSelectedItems: [IndexPath] { selection.selected.sorted }

    /// Deselects everything, last first (so each removal is at the end of the order).
    func deselectAll() {
        for path in selection.selected.sorted.reversed() { setSelected(false, at: path) }
    }

    /// Selects an item, deselecting the others in single selection
    /// (`selectItem(at:animated:scrollPosition:)`). Does not call the delegate. Ignored while
    /// ``allowsSelection`` is false; an index path that names no item is reported to
    /// ``errorHandler`` and ignored.
    ///
    /// - Parameters:
    ///   - indexPath: the item to select; nil deselects every item.
    ///   - animated: whether a scroll it needs is animated.
    ///   - scrollPosition: where to scroll the item; when empty, the view scrolls only if the
    ///     item is not wholly visible, as little as it takes.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard allowsSelection else { return }
        guard let indexPath else {
            deselectAll()
            return
        }
        guard isValidItem(indexPath) else {
            report(.invalidIndexPath("selectItem(at:)", indexPath))
            return
        }
        if !allowsMultipleSelection {
            for path in selection.selected.sorted.reversed() where path != indexPath { setSelected(false, at: path) }
        }
        setSelected(true, at: indexPath)
        if scrollPosition != [] || !isItemVisible(indexPath) {
            scrollToItem(at: indexPath, at: scrollPosition, animated: animated)
        }
    }

    /// Deselects an item (`deselectItem(at:animated:)`). Does not call the delegate. An index
    /// path that names no item is reported to ``errorHandler`` and ignored.
    ///
    /// - Complexity: O(n) at worst, with n items selected; O(1) for the item selected last
    ///   when the items were selected in index path order.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard isValidItem(indexPath) else {
            report(.invalidIndexPath("deselectItem(at:)", indexPath))
            return
        }
        setSelected(false, at: indexPath)
    }

    /// True when `indexPath` names an item of the current data.
    func isValidItem(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && indexPath.section >= 0 && indexPath.section < numberOfSections
            && indexPath.item >= 0 && indexPath.item < numberOfItems(inSection: indexPath.section)
    }

    private func isItemVisible(_ indexPath: IndexPath) -> Bool {
        guard let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else { return false }
        return bounds.contains(frame)
    }

    /// Changes the stored state and the cell's, if it is shown.
    func setSelected(_ selected: Bool, at indexPath: IndexPath) {
        if selected { selection.selected.insert(indexPath) } else { selection.selected.remove(indexPath) }
        cellForItem(at: indexPath)?.isSelected = selected
    }

    /// The user selects an item: asks should-select, deselects the previous one in single
    /// selection (with its did-deselect), then selects and tells did-select.
    func userSelect(_ indexPath: IndexPath) {
        guard allowsSelection, isValidItem(indexPath) else { return }
        work.run { selectAsUser(indexPath) }
    }

    private func selectAsUser(_ indexPath: IndexPath) {
        if let delegate, !delegate.collectionView(self, shouldSelectItemAt: indexPath) { return }
        if !allowsMultipleSelection {
            for path in selection.selected.sorted.reversed() where path != indexPath {
                setSelected(false, at: path)
                delegate?.collectionView(self, didDeselectItemAt: path)
            }
        }
        setSelected(true, at: indexPath)
        delegate?.collectionView(self, didSelectItemAt: indexPath)
    }

    /// The user deselects an item: asks should-deselect, then deselects and tells did-deselect.
    func userDeselect(_ indexPath: IndexPath) {
        guard selection.selected.contains(indexPath) else { return }
        work.run { deselectAsUser(indexPath) }
    }

    private func deselectAsUser(_ indexPath: IndexPath) {
        if let delegate, !delegate.collectionView(self, shouldDeselectItemAt: indexPath) { return }
        setSelected(false, at: indexPath)
        delegate?.collectionView(self, didDeselectItemAt: indexPath)
    }

    /// What a click or Space/Enter does to an item: in multiple selection a selected item is
    /// deselected; otherwise the item is selected.
    func userToggle(_ indexPath: IndexPath) {
        if allowsMultipleSelection && selection.selected.contains(indexPath) {
            userDeselect(indexPath)
        } else {
            userSelect(indexPath)
        }
    }

    /// Gives a newly shown cell the state of its item.
    func applySelectionState(to cell: CollectionViewCell, at indexPath: IndexPath) {
        cell.isSelected = selection.selected.contains(indexPath)
        cell.isHighlighted = selection.highlighted == indexPath
        cell.isFocused = selection.focused == indexPath && containsKeyboardFocus
    }
}
