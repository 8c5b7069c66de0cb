import CGtk
import CollectionLayout

/// Selection state and its programmatic API. The programmatic calls never ask or tell the
/// delegate, as in UIKit; the user's clicks and keys go through `userSelect`/`userDeselect`.
extension CollectionView {
    /// The selected items, in index path order (`indexPathsForSelectedItems`).
    ///
    /// - Complexity: builds an array of every selected item: O(n) time and memory once after
    ///   a range was selected (Ctrl+A, Shift ranges) or an item changed out of order, then O(1)
    ///   until the next change; selecting or deselecting at the end keeps it O(1). To count or
    ///   test items, use ``selectedItemCount``, ``isItemSelected(at:)`` and
    ///   ``selectedItemRanges(inSection:)``, which never build it.
    public var indexPathsForSelectedItems: [IndexPath] { selection.selected.sorted }

    /// How many items are selected. O(1).
    public var selectedItemCount: Int { selection.selected.count }

    /// Whether the item is selected. O(log r) for r selected ranges in its section.
    public func isItemSelected(at indexPath: IndexPath) -> Bool { selection.selected.contains(indexPath) }

    /// The selected items of a section as sorted, disjoint, non-adjacent ranges of item
    /// numbers. O(r) for r ranges: select-all is one range per section.
    public func selectedItemRanges(inSection section: Int) -> [Range<Int>] { selection.selected.ranges(inSection: section) }

    /// Selects a range of items of a section, keeping the other selected items (in multiple
    /// selection; in single selection it is ignored unless it holds one item). Does not call
    /// the delegate. A range past the section's items is reported to ``errorHandler`` and
    /// ignored.
    ///
    /// - Complexity: O(log r + v) for r selected ranges in the section and v visible cells,
    ///   whatever the length of the range.
    public func selectItems(in range: Range<Int>, inSection section: Int) {
        guard allowsSelection, !range.isEmpty else { return }
        guard section >= 0, section < numberOfSections, range.lowerBound >= 0, range.upperBound <= numberOfItems(inSection: section) else {
            report(.invalidIndexPath("selectItems(in:inSection:)", IndexPath(item: range.upperBound - 1, section: section)))
            return
        }
        if !allowsMultipleSelection {
            guard range.count == 1 else { return }
            selectItem(at: IndexPath(item: range.lowerBound, section: section), animated: false, scrollPosition: [])
            return
        }
        guard selection.selected.insert(range, inSection: section) > 0 else { return }  // all selected already
        refreshSelectedCells(in: range, inSection: section)
    }

    /// Selects every item (in multiple selection). Does not call the delegate.
    ///
    /// - Complexity: O(s + v) for s sections and v visible cells.
    public func selectAllItems() {
        guard allowsSelection, allowsMultipleSelection else { return }
        var added = 0
        for section in 0..<numberOfSections {
            let count = numberOfItems(inSection: section)
            if count > 0 { added += selection.selected.insert(0..<count, inSection: section) }
        }
        if added > 0 { refreshSelectedCells() }
    }

    /// Deselects everything. Does not call the delegate.
    ///
    /// - Complexity: O(v) for v visible cells.
    public func deselectAllItems() { deselectAll() }

    func deselectAll() {
        guard !selection.selected.isEmpty else { return }
        selection.selected.removeAll()
        refreshSelectedCells()
    }

    /// Keeps only `keep` selected (multiple selection turned off).
    func keepOnlySelected(_ keep: IndexPath) {
        guard !(selection.selected.count == 1 && selection.selected.contains(keep)) else { return }
        selection.selected.removeAll()
        selection.selected.insert(keep)
        refreshSelectedCells()
    }

    /// Gives the shown cells (of a range, or all) their items' selected state, and tells
    /// accessibility tools: call it only when the selection did change.
    func refreshSelectedCells(in range: Range<Int>? = nil, inSection section: Int? = nil) {
        selectionDidChange()
        for path in indexPathsForVisibleItems where section == nil || (path.section == section && range!.contains(path.item)) {
            cellForItem(at: path)?.isSelected = selection.selected.contains(path)
        }
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
        if !allowsMultipleSelection, !(selection.selected.count == 1 && selection.selected.contains(indexPath)) {
            deselectAll()
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
        let count = selection.selected.count
        if selected { selection.selected.insert(indexPath) } else { selection.selected.remove(indexPath) }
        if selection.selected.count != count { selectionDidChange() }
        cellForItem(at: indexPath)?.isSelected = selected
    }

    /// The user selects an item: asks should-select, deselects the previous one in single
    /// selection (with its did-deselect), then selects and tells did-select. Did-select is the
    /// last step, so it is a safe point: an update made there lands at once, after what the
    /// did-deselect asked for (``callAtSafePoint(about:_:)``); not when this runs inside a loop
    /// of the view, a rubber band's or a range's.
    func userSelect(_ indexPath: IndexPath) {
        guard allowsSelection, isValidItem(indexPath) else { return }
        work.runWithSafePoints { selectAsUser(indexPath) }
    }

    private func selectAsUser(_ indexPath: IndexPath) {
        if let delegate, !delegate.collectionView(self, shouldSelectItemAt: indexPath) { return }
        if !allowsMultipleSelection {
            // At most one item is selected in single selection.
            for path in selection.selected.sorted.reversed() where path != indexPath {
                setSelected(false, at: path)
                delegate?.collectionView(self, didDeselectItemAt: path)
            }
        }
        setSelected(true, at: indexPath)
        guard let delegate else { return }
        callAtSafePoint(about: indexPath) { delegate.collectionView(self, didSelectItemAt: $0) }
    }

    /// The user deselects an item: asks should-deselect, then deselects and tells did-deselect,
    /// at a safe point as did-select is.
    func userDeselect(_ indexPath: IndexPath) {
        guard selection.selected.contains(indexPath) else { return }
        work.runWithSafePoints { deselectAsUser(indexPath) }
    }

    private func deselectAsUser(_ indexPath: IndexPath) {
        if let delegate, !delegate.collectionView(self, shouldDeselectItemAt: indexPath) { return }
        setSelected(false, at: indexPath)
        guard let delegate else { return }
        callAtSafePoint(about: indexPath) { delegate.collectionView(self, didDeselectItemAt: $0) }
    }

    /// What a click, Ctrl+click, Space, Ctrl+Space or Enter does to an item: in multiple
    /// selection a selected item is deselected; otherwise the item is selected. The item
    /// becomes the anchor of Shift ranges.
    func userToggle(_ indexPath: IndexPath) {
        selection.anchor = indexPath
        if allowsMultipleSelection && selection.selected.contains(indexPath) {
            userDeselect(indexPath)
        } else {
            userSelect(indexPath)
        }
    }

    /// A click on an item, with its modifiers. In multiple selection, Shift+click selects the
    /// range from the anchor to the item instead of the selection (Ctrl+Shift+click adds it
    /// to the selection); Ctrl+click toggles the item; a plain click toggles it too with
    /// ``SelectionBehavior/touch``, and with ``SelectionBehavior/desktop`` makes it the only
    /// selected item (``selectOnlyAsUser(_:)``). In single selection the modifiers change
    /// nothing. The item becomes the anchor, except for a Shift range.
    func userClick(_ indexPath: IndexPath, shift: Bool, control: Bool) {
        guard shift, allowsSelection, allowsMultipleSelection, isValidItem(indexPath) else {
            if !control, selectionBehavior == .desktop, allowsMultipleSelection {
                selection.anchor = indexPath
                selectOnlyAsUser(indexPath)
            } else {
                userToggle(indexPath)
            }
            return
        }
        let anchor = selection.anchor.flatMap { isValidItem($0) ? $0 : nil } ?? indexPath
        selection.anchor = anchor
        userSelectRange(from: anchor, to: indexPath, adding: control)
    }

    /// A plain click that activates its item (single-click activation) selects it as a plain
    /// click does, but never toggles it off: with ``SelectionBehavior/desktop`` only it stays
    /// selected, with ``SelectionBehavior/touch`` it is added (UIKit selects, then performs the
    /// primary action). It becomes the anchor.
    func userClickToActivate(_ indexPath: IndexPath) {
        guard allowsSelection, isValidItem(indexPath) else { return }
        selection.anchor = indexPath
        if selectionBehavior == .desktop { selectOnlyAsUser(indexPath) } else { userSelect(indexPath) }
    }

    /// A focus key (arrows, Home/End, Page Up/Down), as in GtkGridView: the selection follows
    /// the focus. Without a modifier the new focused item becomes the selection (see
    /// ``selectOnlyAsUser(_:)``); with Ctrl the focus moves alone; with Shift in multiple
    /// selection the selection becomes the range from the anchor to the new focus (Ctrl+Shift
    /// adds the range to it). In single selection Shift changes nothing, as for a click. A
    /// plain focus key makes the new focus the anchor; Ctrl and Shift keep the anchor.
    func userMoveFocus(_ move: FocusMove, shift: Bool, control: Bool) {
        let old = selection.focused.flatMap { isValidItem($0) ? $0 : nil }
        moveFocus(move)
        guard let focused = selection.focused else { return }
        guard shift, allowsSelection, allowsMultipleSelection else {
            // Ctrl moves the focus alone and keeps the anchor, as GtkGridView does: Ctrl+Space
            // (which toggles and anchors) then Shift+Space select from the last toggled item.
            if !control {
                selection.anchor = focused
                selectOnlyAsUser(focused)
            }
            return
        }
        let anchor = selection.anchor.flatMap { isValidItem($0) ? $0 : nil } ?? old ?? focused
        selection.anchor = anchor
        userSelectRange(from: anchor, to: focused, adding: control)
    }

    /// The user moved the focus to `indexPath` with a plain focus key, or clicked it (or
    /// opened its context menu) with desktop selection: it becomes the only selected item.
    /// Should-select is asked for it per item, as for a click; when refused
    /// nothing changes. In single selection the previous item goes as for a click; in multiple
    /// selection the other selected ranges are asked and told once per range, as a Shift range
    /// drops them (so a million selected items cost one call). Nothing is told when the item
    /// already is the only one selected.
    ///
    /// - Complexity: O(r + v) for r selected ranges and v visible cells.
    func selectOnlyAsUser(_ indexPath: IndexPath) {
        guard allowsSelection, isValidItem(indexPath) else { return }
        guard !(selection.selected.count == 1 && selection.selected.contains(indexPath)) else { return }
        guard allowsMultipleSelection else {
            userSelect(indexPath)
            return
        }
        work.runWithSafePoints {
            let wasSelected = selection.selected.contains(indexPath)
            if !wasSelected, let delegate, !delegate.collectionView(self, shouldSelectItemAt: indexPath) { return }
            for (section, ranges) in selection.selected.sectionRanges {
                for range in ranges {
                    let keep = section == indexPath.section ? indexPath.item..<indexPath.item + 1 : nil
                    for piece in range.subtracting(keep) { deselectRangeAsUser(piece, inSection: section) }
                }
            }
            guard !wasSelected else { return }
            setSelected(true, at: indexPath)
            guard let delegate else { return }
            callAtSafePoint(about: indexPath) { delegate.collectionView(self, didSelectItemAt: $0) }  // the last step
        }
    }

    /// Selects the items from `a` to `b` (either way round, across sections), unless
    /// `adding`, deselecting the others first. Asks and tells the delegate once per range:
    /// should-deselect/did-deselect for each selected range that goes, then
    /// should-select/did-select for each range of the span that was not selected.
    func userSelectRange(from a: IndexPath, to b: IndexPath, adding: Bool) {
        work.runNow {
            let (low, high) = a < b ? (a, b) : (b, a)
            var span: [Int: Range<Int>] = [:]
            for section in low.section...high.section {
                let start = section == low.section ? low.item : 0
                let end = section == high.section ? high.item + 1 : numberOfItems(inSection: section)
                if start < end { span[section] = start..<end }
            }
            if !adding {
                for (section, ranges) in selection.selected.sectionRanges {
                    for range in ranges {
                        for piece in range.subtracting(span[section]) { deselectRangeAsUser(piece, inSection: section) }
                    }
                }
            }
            for section in span.keys.sorted() {
                for gap in selection.selected.gaps(in: span[section]!, inSection: section) { selectRangeAsUser(gap, inSection: section) }
            }
        }
    }

    /// Ctrl+A in multiple selection: every item not yet selected, asked and told once per
    /// range (one per section when nothing was selected).
    func userSelectAll() {
        guard allowsSelection, allowsMultipleSelection else { return }
        work.runNow {
            for section in 0..<numberOfSections {
                for gap in selection.selected.gaps(in: 0..<numberOfItems(inSection: section), inSection: section) {
                    selectRangeAsUser(gap, inSection: section)
                }
            }
        }
    }

    /// Escape and Ctrl+Shift+A: in multiple selection every selected range is asked and told
    /// once; in single selection the selected item is, as an item.
    func userDeselectAll() {
        work.runNow {
            if !allowsMultipleSelection {
                for path in indexPathsForSelectedItems.reversed() { userDeselect(path) }
                return
            }
            for (section, ranges) in selection.selected.sectionRanges {
                for range in ranges { deselectRangeAsUser(range, inSection: section) }
            }
        }
    }

    private func selectRangeAsUser(_ range: Range<Int>, inSection section: Int) {
        if let delegate, !delegate.collectionView(self, shouldSelectItemsIn: range, inSection: section) { return }
        if selection.selected.insert(range, inSection: section) > 0 { refreshSelectedCells(in: range, inSection: section) }
        delegate?.collectionView(self, didSelectItemsIn: range, inSection: section)
    }

    private func deselectRangeAsUser(_ range: Range<Int>, inSection section: Int) {
        if let delegate, !delegate.collectionView(self, shouldDeselectItemsIn: range, inSection: section) { return }
        if selection.selected.remove(range, inSection: section) > 0 { refreshSelectedCells(in: range, inSection: section) }
        delegate?.collectionView(self, didDeselectItemsIn: range, inSection: section)
    }

    /// Gives a newly shown cell the state of its item.
    func applySelectionState(to cell: CollectionViewCell, at indexPath: IndexPath) {
        cell.isSelected = selection.selected.contains(indexPath)
        cell.isHighlighted = selection.highlighted == indexPath
        cell.isFocused = selection.focused == indexPath && containsKeyboardFocus
    }
}

extension Range<Int> {
    /// The parts of the range outside `other` (all of it when `other` is nil).
    fileprivate func subtracting(_ other: Range<Int>?) -> [Range<Int>] {
        guard let other, overlaps(other) else { return [self] }
        var pieces: [Range<Int>] = []
        if lowerBound < other.lowerBound { pieces.append(lowerBound..<other.lowerBound) }
        if upperBound > other.upperBound { pieces.append(other.upperBound..<upperBound) }
        return pieces
    }
}
