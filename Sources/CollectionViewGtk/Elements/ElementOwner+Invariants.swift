import CGtk
import CCollectionHost
import CollectionLayout

extension ElementOwner {
    /// What the rest of the view relies on, checked against GTK's own widget tree. Returns the
    /// broken ones in words (empty when all hold):
    /// - every visible key has exactly one view, which has that key, is a shown child of the
    ///   canvas and is not queued;
    /// - retiring views are shown children, not visible under any key, not queued;
    /// - queued views are hidden, keyless, and neither visible nor retiring;
    /// - held views (their element left while a press on them is down) are shown children,
    ///   keyless, and nothing else;
    /// - the canvas's children are exactly the visible, retiring, held and queued views;
    /// - shown children are in reading order (section; decorations, header, items, footer),
    ///   unless a restack is already due;
    /// - the canvas draws in drawing order (zIndex, then category, then element): the order
    ///   it was given is exactly the visible and retiring views sorted so, unless a new one is
    ///   already due.
    ///
    /// - Complexity: O(n log n) in the canvas's children; for tests and debug builds.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var seen = Set<ObjectIdentifier>()
        for (key, view) in visible {
            if !seen.insert(ObjectIdentifier(view)).inserted { problems.append("one view is visible under two keys, one of them \(key)") }
            if view.elementKey != key { problems.append("the view visible for \(key) says it shows \(view.elementKey.map { "\($0)" } ?? "nothing")") }
            if gtk_widget_get_parent(view.widget) != canvas { problems.append("the view for \(key) is not a child of the canvas") }
            if gtk_widget_get_child_visible(view.widget) == 0 { problems.append("the view for \(key) is hidden") }
        }
        for view in retiring.values {
            if !seen.insert(ObjectIdentifier(view)).inserted { problems.append("a retiring view is also visible (\(view.elementKey.map { "\($0)" } ?? "no key"))") }
            if gtk_widget_get_parent(view.widget) != canvas { problems.append("a retiring view is not a child of the canvas") }
            if gtk_widget_get_child_visible(view.widget) == 0 { problems.append("a retiring view is hidden") }
        }
        for view in queuedViews {
            if !seen.insert(ObjectIdentifier(view)).inserted { problems.append("a queued view is also visible, retiring or queued twice") }
            if gtk_widget_get_child_visible(view.widget) != 0 { problems.append("a queued view is shown") }
            if view.elementKey != nil { problems.append("a queued view still has the key \(view.elementKey!)") }
        }
        for (view, _) in held.values {
            if !seen.insert(ObjectIdentifier(view)).inserted { problems.append("a held view is also visible, retiring or queued") }
            if gtk_widget_get_parent(view.widget) != canvas { problems.append("a held view is not a child of the canvas") }
            if gtk_widget_get_child_visible(view.widget) == 0 { problems.append("a held view is hidden: GTK would drop the touch on it") }
            if view.elementKey != nil { problems.append("a held view still has the key \(view.elementKey!)") }
        }
        var children = 0
        var shownOrders: [ReadingOrder] = []
        var child = gtk_widget_get_first_child(canvas)
        while let c = child {
            children += 1
            if let view = ReusableView.view(for: c), !seen.contains(ObjectIdentifier(view)) {
                problems.append("the canvas has a child that is neither visible, retiring, held nor queued (\(view.elementKey.map { "\($0)" } ?? "no key"))")
            } else if ReusableView.view(for: c) == nil {
                problems.append("the canvas has a child that is not a reusable view")
            }
            if gtk_widget_get_child_visible(c) != 0, let view = ReusableView.view(for: c), view.elementKey != nil { shownOrders.append(view.readingOrder) }
            child = gtk_widget_get_next_sibling(c)
        }
        let parented = queuedViews.filter { gtk_widget_get_parent($0.widget) == canvas }.count + visible.count + retiring.count + held.count
        if children != parented { problems.append("the canvas has \(children) children but \(parented) parented visible, retiring and queued views") }
        if !readingOrderIsDue, let i = shownOrders.indices.dropFirst().first(where: { shownOrders[$0] < shownOrders[$0 - 1] }) {
            problems.append("shown views are out of reading order at child \(i): \(shownOrders[i - 1]) before \(shownOrders[i])")
        }
        if !drawListIsDue {
            let expected = drawList().map { $0.widget }
            let given = canvasDrawOrder()
            if given != expected {
                problems.append("the canvas draws \(given.count) views in an order other than the drawing order of the \(expected.count) shown views")
            }
        }
        return problems
    }

    /// The order the canvas was given to draw in.
    func canvasDrawOrder() -> [WidgetPointer] {
        var count: guint = 0
        guard let base = cv_canvas_get_draw_order(OpaquePointer(canvas), &count) else { return [] }
        return (0..<Int(count)).compactMap { base[$0] }
    }

    /// The children the canvas drew in its last snapshot, in the order it drew them.
    func canvasDrawn() -> [WidgetPointer] {
        var count: guint = 0
        guard let base = cv_canvas_get_drawn(OpaquePointer(canvas), &count) else { return [] }
        return (0..<Int(count)).compactMap { base[$0] }
    }

    /// Stops in debug builds when an invariant is broken.
    func _checkInvariants() {
        #if DEBUG
        let problems = invariantViolations()
        precondition(problems.isEmpty, "ElementOwner: " + problems.joined(separator: "; "))
        #endif
    }
}
