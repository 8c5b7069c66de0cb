import CGtk
import GtkGlue
import CCollectionHost
import CollectionLayout

/// The fast scroller of photo apps, for a data source with index titles: a pill handle along
/// the scrollbar's edge (the trailing one: the left in right to left) that shows while the
/// view scrolls or the pointer comes near that edge, as GTK's overlay scrollbars do. Dragging
/// it (pointer or touch) shows a bubble with the title under it and jumps the view to that
/// title's index path. The handle's place along its track is the scroll position's; the
/// title under it is the one at the same fraction of the content.
///
/// Nothing here is per item: the titles are asked for once per change of the data, resolved
/// to positions once per change of the layout (``IndexTitleMap``), and a drag's move is a
/// binary search. Only vertical scrolling has a scrubber.
@MainActor
final class IndexScrubber {
    private weak var collectionView: CollectionView?
    /// The pill, the bubble and the handle's drag, made when titles first come.
    private var handle: WidgetPointer?
    private var bubble: WidgetPointer?
    private var drag: OpaquePointer?
    /// The data source's titles, while they are current.
    private var titles: [String]?
    /// The titles' positions, while current, and what they were resolved for.
    private var map: IndexTitleMap?
    private var mapContentSize = Size.zero
    private weak var mapLayout: CollectionViewLayout?
    /// Shown (or fading in), or hidden (or fading out).
    private(set) var isShown = false
    private(set) var isDragging = false
    /// The handle's top along its track while dragged, and where the drag began (the top, and
    /// the pointer in the handle's coordinates).
    private var dragTop = 0.0
    private var dragStartTop = 0.0
    private var dragStart = Point.zero
    /// The pointer's start in the viewport, taken through the handle where it was then.
    private var dragStartInViewport = 0.0
    /// The title the drag points at now.
    private(set) var draggedEntry: IndexTitleMap.Entry?
    /// The value text assistive technologies were last given.
    private var announcedTitle: String?
    private var pointerNearEdge = false
    private var lastActivity = 0.0
    private var hideTimer: guint?
    /// Times the titles were resolved to positions (tests count them).
    private(set) var resolutions = 0

    /// How long the handle stays after the last scroll or pointer motion near it: GTK's
    /// overlay scrollbars hide after about a second too.
    static let hideDelay = 1.0
    /// How close to the edge (beyond the handle's own width) the pointer shows the handle.
    static let edgeReach = 32.0
    /// The handle's distance from the viewport's top and bottom, and from the scrollbar.
    static let trackMargin = 6.0
    /// Space between the handle and its bubble.
    static let bubbleGap = 8.0

    init(collectionView: CollectionView) {
        self.collectionView = collectionView
        // The pointer near the edge shows the handle; on the scrolled window, so the scrollbar
        // over the viewport's edge counts as near.
        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(raw(motion), "motion") { [weak self] x, y in self?.pointerMoved(x: x, y: y) }
        Signal.connectPoint(raw(motion), "enter") { [weak self] x, y in self?.pointerMoved(x: x, y: y) }
        Signal.connect(raw(motion), "leave") { [weak self] in self?.pointerNearEdge = false }
        gtk_widget_add_controller(collectionView.widget, motion)
    }

    // MARK: Titles

    /// The data or the titles changed: both are asked for again when next needed.
    func titlesChanged() {
        titles = nil
        map = nil
        if handle != nil, let viewport = collectionView?.viewport { gtk_widget_queue_allocate(viewport) }
    }

    /// The layout was invalidated: positions are resolved again unless the invalidation only
    /// named elements in place (pinned headers following a scroll).
    func layoutInvalidated(_ context: InvalidationContext?) {
        guard let context else { return }
        if context.invalidatesAll || context.contentSizeAdjustment != .zero || context.contentOffsetAdjustment != .zero
            || context.invalidatedRect != nil || context.invalidatedItemIndexPaths != nil {
            map = nil
        }
    }

    /// Whether the data source gives titles (asked once per change of the data).
    var hasTitles: Bool {
        guard let collectionView else { return false }
        if titles == nil { titles = collectionView.currentIndexTitles() }
        return !(titles ?? []).isEmpty
    }

    /// The titles' positions for the layout and content size now. Resolved only when the
    /// layout is prepared: preparing it here, outside the view's layout pass (a scroll, a
    /// pointer motion), would leave the pass thinking nothing changed, and views on screen with
    /// their old attributes. Until the pass has run, the last map stands (or none), and the
    /// handle is placed again after the pass (`allocate`).
    var currentMap: IndexTitleMap? {
        guard let collectionView, hasTitles, let titles else { return nil }
        let layout = collectionView.installedLayout
        guard !layout.needsPrepare else { return map }
        let size = layout.collectionViewContentSize
        if let map, mapLayout === layout, mapContentSize == size { return map }
        let resolved = collectionView.resolveIndexTitles(titles)
        resolutions += 1
        map = resolved
        mapLayout = layout
        mapContentSize = size
        return resolved
    }

    /// Whether there is anything to scrub: titles, and content taller than the viewport.
    private var isUseful: Bool {
        guard let collectionView else { return false }
        return collectionView.contentSize.height > collectionView.bounds.height + 1 && hasTitles
    }

    // MARK: Showing and hiding

    /// The view scrolled (by anyone, the scrubber's own jumps included).
    func viewScrolled() {
        guard !isDragging else { return }
        if isUseful { show() }
        if isShown {
            announce()
            if let viewport = collectionView?.viewport { gtk_widget_queue_allocate(viewport) }  // the handle follows the offset
        }
    }

    private func pointerMoved(x: Double, y: Double) {
        guard let collectionView else { return }
        let scrolled = collectionView.widget
        let width = Double(gtk_widget_get_width(scrolled))
        let reach = handleSize.width + scrollbarInset + Self.trackMargin + Self.edgeReach
        let near = isRightToLeft ? x < reach : x > width - reach
        pointerNearEdge = near
        if near, isUseful { show() }
    }

    private func show() {
        lastActivity = GtkClock.now()
        if handle == nil { makeWidgets() }
        guard !isShown, let handle else { return }
        isShown = true
        gtk_widget_add_css_class(handle, "shown")
        gtk_widget_set_can_target(handle, 1)
        announce()
        if let viewport = collectionView?.viewport { gtk_widget_queue_allocate(viewport) }
        scheduleHide(after: Self.hideDelay)
    }

    private func hide() {
        guard isShown, let handle else { return }
        isShown = false
        gtk_widget_remove_css_class(handle, "shown")
        gtk_widget_set_can_target(handle, 0)
    }

    /// Hides the handle once nothing has kept it for `hideDelay`: one timer at a time, however
    /// often the view scrolls.
    private func scheduleHide(after seconds: Double) {
        guard hideTimer == nil else { return }
        hideTimer = Async.after(milliseconds: UInt32(max(50, seconds * 1000))) { [weak self] in
            guard let self else { return }
            self.hideTimer = nil
            guard self.isShown else { return }
            let idle = GtkClock.now() - self.lastActivity
            if self.isDragging || self.pointerNearEdge || idle < Self.hideDelay {
                self.scheduleHide(after: self.isDragging || self.pointerNearEdge ? Self.hideDelay : Self.hideDelay - idle)
            } else {
                self.hide()
            }
        }
    }

    // MARK: Widgets

    private func makeWidgets() {
        guard let collectionView else { return }
        let viewport = collectionView.viewport
        // A slider for assistive technologies, its value text the title in view.
        let pill = cv_view_root_new(GTK_ACCESSIBLE_ROLE_SLIDER)!
        gtk_widget_add_css_class(pill, "index-scrubber")
        let arrows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_valign(arrows, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(arrows, GTK_ALIGN_CENTER)
        for icon in ["pan-up-symbolic", "pan-down-symbolic"] {
            let image = gtk_image_new_from_icon_name(icon)!
            gtk_widget_set_can_target(image, 0)
            gtk_box_append(arrows.as(GtkBox.self), image)
        }
        gtk_widget_set_parent(arrows, pill)
        gtk_widget_set_parent(pill, viewport)  // after the canvas: drawn over it, picked first
        gtk_widget_set_can_target(pill, 0)
        cv_accessible_set_label(pill, "Index")
        handle = pill

        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, "index-scrubber-bubble")
        gtk_widget_set_can_target(label, 0)
        gtk_widget_set_parent(label, viewport)
        gtk_widget_set_child_visible(label, 0)
        bubble = label

        let gesture = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(gesture, guint(GDK_BUTTON_PRIMARY))  // and touch: not touch-only
        Signal.connectPoint(raw(gesture), "drag-begin") { [weak self] x, y in self?.dragBegan(x: x, y: y) }
        Signal.connectPoint(raw(gesture), "drag-update") { [weak self] dx, dy in self?.dragMoved(dx: dx, dy: dy) }
        Signal.connectPoint(raw(gesture), "drag-end") { [weak self] _, _ in self?.dragEnded() }
        Signal.connectPointer(raw(gesture), "cancel") { [weak self] in self?.dragEnded() }
        gtk_widget_add_controller(pill, gesture)
        drag = gesture
    }

    private var isRightToLeft: Bool {
        guard let collectionView else { return false }
        return gtk_widget_get_direction(collectionView.widget) == GTK_TEXT_DIR_RTL
    }

    /// The handle's natural size (its CSS: a larger font makes it larger).
    private var handleSize: Size {
        guard let handle else { return Size(width: 28, height: 48) }
        var width: Int32 = 0, height: Int32 = 0
        gtk_widget_measure(handle, GTK_ORIENTATION_HORIZONTAL, -1, nil, &width, nil, nil)
        gtk_widget_measure(handle, GTK_ORIENTATION_VERTICAL, width, nil, &height, nil, nil)
        return Size(width: Double(width), height: Double(height))
    }

    /// How much of the viewport's edge an overlay scrollbar covers: the handle sits beside it,
    /// so the scrollbar keeps working. A classic scrollbar is outside the viewport.
    private var scrollbarInset: Double {
        guard let collectionView else { return 0 }
        let scrolled = collectionView.widget.opaque
        guard gtk_scrolled_window_get_overlay_scrolling(scrolled) != 0,
              let bar = gtk_scrolled_window_get_vscrollbar(scrolled), gtk_widget_get_visible(bar) != 0 else { return 0 }
        var width: Int32 = 0
        gtk_widget_measure(bar, GTK_ORIENTATION_HORIZONTAL, -1, nil, &width, nil, nil)
        return Double(width)
    }

    /// The handle's track: its top's range in the viewport.
    private func track(height: Double, handleHeight: Double) -> (start: Double, span: Double) {
        (Self.trackMargin, max(0, height - 2 * Self.trackMargin - handleHeight))
    }

    /// Places the handle and the bubble (from the viewport's allocation: once per frame).
    ///
    /// - Complexity: O(1).
    func allocate(width: Int32, height: Int32) {
        guard let handle, let collectionView else { return }
        if isShown, !isUseful { hide() }  // the titles went, or the content fits now
        let size = handleSize
        let (start, span) = track(height: Double(height), handleHeight: size.height)
        let x = isRightToLeft ? scrollbarInset + Self.trackMargin : Double(width) - scrollbarInset - Self.trackMargin - size.width
        let top: Double
        if isDragging {
            top = dragTop
        } else {
            let range = collectionView.contentSize.height - collectionView.bounds.height
            top = range > 0 ? span * max(0, min(1, collectionView.contentOffset.y / range)) : 0
        }
        var allocation = GtkAllocation(x: Int32(x.rounded()), y: Int32((start + top).rounded()),
                                       width: Int32(size.width), height: Int32(size.height))
        gtk_widget_size_allocate(handle, &allocation, -1)
        if isShown, !collectionView.installedLayout.needsPrepare { announce() }  // after the pass: resolved now if it was stale
        guard let bubble, gtk_widget_get_child_visible(bubble) != 0 else { return }
        var bubbleWidth: Int32 = 0, bubbleHeight: Int32 = 0
        gtk_widget_measure(bubble, GTK_ORIENTATION_HORIZONTAL, -1, nil, &bubbleWidth, nil, nil)
        gtk_widget_measure(bubble, GTK_ORIENTATION_VERTICAL, bubbleWidth, nil, &bubbleHeight, nil, nil)
        let bubbleX = isRightToLeft ? x + size.width + Self.bubbleGap : x - Self.bubbleGap - Double(bubbleWidth)
        let centre = start + top + size.height / 2
        let bubbleY = max(0, min(Double(height) - Double(bubbleHeight), centre - Double(bubbleHeight) / 2))
        var bubbleAllocation = GtkAllocation(x: Int32(bubbleX.rounded()), y: Int32(bubbleY.rounded()), width: bubbleWidth, height: bubbleHeight)
        gtk_widget_size_allocate(bubble, &bubbleAllocation, -1)
    }

    // MARK: Dragging

    /// The handle's top along its track now.
    private var shownTop: Double {
        guard let collectionView else { return 0 }
        let (_, span) = track(height: collectionView.bounds.height, handleHeight: handleSize.height)
        let range = collectionView.contentSize.height - collectionView.bounds.height
        return range > 0 ? span * max(0, min(1, collectionView.contentOffset.y / range)) : 0
    }

    private func dragBegan(x: Double, y: Double) {
        guard let drag, isShown, let map = currentMap, !map.isEmpty else {
            if let drag { gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED) }
            return
        }
        // Ours: the view's own press, band and the scrolled window's touch pan let go.
        gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
        isDragging = true
        dragStartTop = shownTop
        dragTop = dragStartTop
        dragStart = Point(x: x, y: y)
        dragStartInViewport = pointerInViewport(dx: 0, dy: 0) ?? 0
        draggedEntry = nil
        if let handle { gtk_widget_add_css_class(handle, "dragging") }
        if let bubble { gtk_widget_set_child_visible(bubble, 1) }
        follow()
    }

    /// The pointer's height in the viewport. The gesture's offsets are in the handle's
    /// coordinates, and the handle follows the drag: taken as they are, each move would count
    /// only half (the handle moved half of it away), so the point goes through the handle's
    /// place now.
    private func pointerInViewport(dx: Double, dy: Double) -> Double? {
        guard let handle, let viewport = collectionView?.viewport else { return nil }
        var inHandle = graphene_point_t(x: Float(dragStart.x + dx), y: Float(dragStart.y + dy)), inViewport = graphene_point_t()
        guard gtk_widget_compute_point(handle, viewport, &inHandle, &inViewport) != 0 else { return nil }
        return Double(inViewport.y)
    }

    private func dragMoved(dx: Double, dy: Double) {
        guard isDragging, let collectionView, let y = pointerInViewport(dx: dx, dy: dy) else { return }
        let (_, span) = track(height: collectionView.bounds.height, handleHeight: handleSize.height)
        dragTop = max(0, min(span, dragStartTop + y - dragStartInViewport))
        lastActivity = GtkClock.now()
        follow()
    }

    /// Shows the title the handle points at and jumps there when it changed.
    private func follow() {
        guard let collectionView, let map = currentMap else { return }
        let (_, span) = track(height: collectionView.bounds.height, handleHeight: handleSize.height)
        let fraction = span > 0 ? dragTop / span : 0
        let y = IndexTitleMap.contentPosition(atFraction: fraction, contentHeight: collectionView.contentSize.height)
        let entry = map.entry(at: y)
        if let entry, entry != draggedEntry {
            draggedEntry = entry
            if let bubble { gtk_label_set_text(bubble.opaque, entry.title) }
            collectionView.contentOffset = Point(x: collectionView.contentOffset.x, y: entry.position)
            announce()
        }
        gtk_widget_queue_allocate(collectionView.viewport)
    }

    private func dragEnded() {
        guard isDragging else { return }
        isDragging = false
        draggedEntry = nil
        lastActivity = GtkClock.now()
        if let handle { gtk_widget_remove_css_class(handle, "dragging") }
        if let bubble { gtk_widget_set_child_visible(bubble, 0) }
        if let viewport = collectionView?.viewport { gtk_widget_queue_allocate(viewport) }
        scheduleHide(after: Self.hideDelay)
    }

    /// Gives assistive technologies the title in view as the slider's value, when it changed.
    private func announce() {
        guard let handle, let collectionView, let map = currentMap, !map.isEmpty else { return }
        let range = max(1, collectionView.contentSize.height - collectionView.bounds.height)
        let fraction = max(0, min(1, collectionView.contentOffset.y / range))
        let entry = draggedEntry ?? map.entry(at: IndexTitleMap.contentPosition(atFraction: fraction, contentHeight: collectionView.contentSize.height))
        guard let entry, entry.title != announcedTitle else { return }
        announcedTitle = entry.title
        // The value counts the titles that resolved, in their order on screen (entry.index is the
        // title's place in the data source's list, which may skip or be sorted otherwise).
        let position = map.entries.firstIndex { $0.title == entry.title && $0.index == entry.index } ?? 0
        cv_accessible_set_value(handle, 0, Double(max(0, map.entries.count - 1)), Double(position), entry.title)
    }

    /// The handle and its bubble: a pill in the card's colours beside the scrollbar, in the
    /// accent's while dragged, and the bubble in the accent's. Fades as overlay scrollbars do.
    static let css = """
    reusableview.index-scrubber { min-width: 26px; min-height: 44px; border-radius: 999px;
        background-color: @cv_card_bg_color; color: @cv_fg_color;
        box-shadow: 0 0 0 1px @cv_borders, 0 2px 4px alpha(@cv_card_shade_color, 0.6);
        opacity: 0; transition: opacity 200ms ease-out, background-color 100ms; }
    reusableview.index-scrubber.shown { opacity: 1; }
    reusableview.index-scrubber.dragging { background-color: @cv_accent_bg_color; color: @cv_accent_fg_color;
        box-shadow: 0 2px 6px alpha(@cv_card_shade_color, 0.8); }
    reusableview.index-scrubber image { -gtk-icon-size: 12px; }
    label.index-scrubber-bubble { padding: 8px 16px; border-radius: 999px; font-weight: bold;
        background-color: @cv_accent_bg_color; color: @cv_accent_fg_color;
        box-shadow: 0 2px 6px alpha(@cv_card_shade_color, 0.8); }
    """

    // MARK: Tests and teardown

    var handleWidget: WidgetPointer? { handle }
    var bubbleTitle: String? { isDragging ? draggedEntry?.title : nil }

    /// The view goes: no timer outlives it (the viewport unparents the widgets itself).
    func dispose() {
        if let hideTimer { g_source_remove(hideTimer) }
        hideTimer = nil
        isDragging = false
    }
}

/// The monotonic clock in seconds.
enum GtkClock {
    static func now() -> Double { Double(g_get_monotonic_time()) / 1_000_000 }
}
