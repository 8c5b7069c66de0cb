import CGtk
import CollectionLayout

/// Where the arrow, Home/End and Page keys move the keyboard focus
/// (``CollectionView/moveFocus(_:)``). Moves follow the layout's frames, not index paths, so
/// they work in any layout.
public enum FocusMove: Sendable {
    /// To the nearest item to the left (Left arrow): the one with the smallest distance to the
    /// left plus twice the distance up or down, within a viewport's reach.
    case left
    /// To the nearest item to the right (Right arrow), scored as for ``left``.
    case right
    /// To the nearest item above (Up arrow), scored as for ``left``.
    case up
    /// To the nearest item below (Down arrow), scored as for ``left``.
    case down
    /// To the first item of the first section that has items (Home); the view scrolls to the
    /// content's start (a header above the item shows too).
    case first
    /// To the last item of the last section that has items (End); the view scrolls to the
    /// content's end.
    case last
    /// To the item nearest the point a viewport's height above the focused one (Page Up), or
    /// the first item when there is none.
    case pageUp
    /// To the item nearest the point a viewport's height below the focused one (Page Down), or
    /// the last item when there is none.
    case pageDown
}

/// Keyboard focus, moved spatially with the layout's attributes so it works for any layout.
extension CollectionView {
    /// The item with the keyboard focus: the one the arrow keys move from, Space and Enter
    /// select and the edit shortcuts act on; nil when none has it. While selection is allowed,
    /// a click focuses its item.
    public var indexPathForFocusedItem: IndexPath? { selection.focused }

    /// Gives `indexPath` the keyboard focus (and its cell the focus ring while the view has
    /// GTK's focus), scrolling it into view. An index path that names no item is reported to
    /// ``errorHandler`` and ignored.
    ///
    /// - Parameters:
    ///   - indexPath: the item to focus; nil takes the focus from every item.
    ///   - scroll: whether to scroll the item into view, animated.
    public func setFocusedItem(_ indexPath: IndexPath?, scroll: Bool = true) {
        if let indexPath, !isValidItem(indexPath) {
            report(.invalidIndexPath("setFocusedItem(_:)", indexPath))
            return
        }
        // The new cell takes GTK's focus before the old one lets go of it: one focus change,
        // from cell to cell, as assistive technologies expect of a grid.
        let old = selection.focused
        selection.focused = indexPath
        let hasFocus = containsKeyboardFocus
        if let indexPath, let cell = cellForItem(at: indexPath) {
            cell.isFocused = hasFocus
            if hasFocus { gtk_widget_grab_focus(cell.widget) }
        }
        if let old, old != indexPath { cellForItem(at: old)?.isFocused = false }
        if let indexPath, scroll {
            scrollToItem(at: indexPath, at: [], animated: true)
            orthogonalScroll.reveal(indexPath)  // and within a row that scrolls across
        }
    }

    /// True while GTK's keyboard focus is on the collection or on one of its cells.
    var containsKeyboardFocus: Bool {
        gtk_widget_has_focus(viewport) != 0 || gtk_widget_get_state_flags(viewport).rawValue & GTK_STATE_FLAG_FOCUS_WITHIN.rawValue != 0
    }

    /// Moves the focus as the key would. With no focused item (or one that no longer exists)
    /// ``FocusMove/last`` focuses the last item and any other move the first.
    public func moveFocus(_ move: FocusMove) {
        guard let current = selection.focused, isValidItem(current),
              let frame = collectionViewLayout.layoutAttributesForItem(at: current)?.frame else {
            switch move {
            case .first: firstItem.map { focusAtContentEdge($0, .start) }
            case .last: lastItem.map { focusAtContentEdge($0, .end) }
            default: setFocusedItem(firstItem)
            }
            return
        }
        let target: IndexPath?
        switch move {
        case .first: target = firstItem
        case .last: target = lastItem
        case .left, .right, .up, .down:
            target = orthogonalScroll.neighbour(of: current, move) ?? neighbour(of: current, frame: frame, move)
        case .pageUp, .pageDown:
            let dy = move == .pageDown ? bounds.height : -bounds.height
            let probe = Point(x: frame.midX, y: frame.midY + dy)
            target = nearestItem(to: probe, in: Rect(x: probe.x - bounds.width, y: probe.y - bounds.height / 2,
                                                     width: 2 * bounds.width, height: bounds.height))
                ?? (move == .pageDown ? lastItem : firstItem)
        }
        guard let target else { return }
        switch move {
        case .first: focusAtContentEdge(target, .start)
        case .last: focusAtContentEdge(target, .end)
        default: setFocusedItem(target)
        }
    }

    /// Home and End: focuses `item` and scrolls to the content's edge, the header above the
    /// first item (the footer below the last) too, also when the item already shows.
    private func focusAtContentEdge(_ item: IndexPath, _ edge: ContentEdge) {
        setFocusedItem(item, scroll: false)
        scrollToItem(at: item, at: [], animated: true, toContentEdge: edge)
        orthogonalScroll.reveal(item)
    }

    var firstItem: IndexPath? {
        (0..<numberOfSections).first { numberOfItems(inSection: $0) > 0 }.map { IndexPath(item: 0, section: $0) }
    }

    var lastItem: IndexPath? {
        (0..<numberOfSections).last { numberOfItems(inSection: $0) > 0 }.map { IndexPath(item: numberOfItems(inSection: $0) - 1, section: $0) }
    }

    /// The nearest item whose centre lies in the direction of `move`, looked for within a
    /// viewport's reach: distance along the move plus twice the distance across it.
    private func neighbour(of current: IndexPath, frame: Rect, _ move: FocusMove) -> IndexPath? {
        let reachX = max(bounds.width, frame.width * 2), reachY = max(bounds.height, frame.height * 2)
        let area = Rect(x: frame.midX - reachX, y: frame.midY - reachY, width: 2 * reachX, height: 2 * reachY)
        var best: (IndexPath, Double)?
        for attributes in collectionViewLayout.layoutAttributesForElements(in: area)
        where attributes.representedElementCategory == .cell && !attributes.isHidden && attributes.indexPath != current {
            let dx = attributes.frame.midX - frame.midX, dy = attributes.frame.midY - frame.midY
            let (along, across): (Double, Double) = switch move {
            case .left: (-dx, abs(dy))
            case .right: (dx, abs(dy))
            case .up: (-dy, abs(dx))
            default: (dy, abs(dx))
            }
            guard along > 0.5 else { continue }
            let score = along + 2 * across
            if best == nil || score < best!.1 || (score == best!.1 && attributes.indexPath < best!.0) {
                best = (attributes.indexPath, score)
            }
        }
        return best?.0
    }

    private func nearestItem(to point: Point, in area: Rect) -> IndexPath? {
        collectionViewLayout.layoutAttributesForElements(in: area)
            .filter { $0.representedElementCategory == .cell && !$0.isHidden }
            .min { a, b in
                let da = pow2(a.frame.midX - point.x) + pow2(a.frame.midY - point.y)
                let db = pow2(b.frame.midX - point.x) + pow2(b.frame.midY - point.y)
                return da != db ? da < db : a.indexPath < b.indexPath
            }?.indexPath
    }
}

private func pow2(_ x: Double) -> Double { x * x }
