import CollectionLayout

/// What the collection view asks of the element owner, in one call (`ElementOwner.ensureViews`):
/// every path that needs views (a scroll, a layout pass, a fill tick, named invalidations, a
/// batch update, an animation frame, GTK placing the canvas) is one of these, as every path in
/// GTK's list widgets ends in `gtk_list_item_manager_ensure_items`.
enum ElementPlan {
    /// A layout pass: the prepared area is asked again when `refresh` (the layout changed, the
    /// viewport was resized) or when the viewport left its comfortable middle; only the strips
    /// that came into it when `incremental` (a plain scroll). Otherwise pending views now in the
    /// viewport are made.
    case pass(visible: Rect, refresh: Bool, incremental: Bool)
    /// A scroll between passes: the area is prepared ahead of the pass only when the viewport
    /// left its comfortable middle and an area was prepared before.
    case scroll(visible: Rect, incremental: Bool)
    /// A frame tick: pending views in the viewport, and `offscreenBudget` more, the nearest.
    case fill(visible: Rect, offscreenBudget: Int)
    /// A layout's invalidation context named elements (and a rectangle where elements moved
    /// without being named): shown ones get their new attributes, new ones wait, gone ones go.
    case invalidated(keys: [ElementKey], rect: Rect?)
    /// The layout or the overscan changed: the next pass asks for the whole area.
    case forgetArea
    /// The extra area around the viewport whose elements also get views.
    case overscan(fraction: Double, minimum: Double)
    /// A reload: every view leaves, retiring ones too.
    case reload
    /// A batch update gives the shown elements their new keys (nil: the element went, and its
    /// view starts retiring; they come back in `ElementChanges.leaving`).
    case remap((ElementKey) -> ElementKey?)
    /// An update or an animated layout change: every entry of the record gets its view, and
    /// the tracks to animate come back in `ElementChanges.tracks`. `area` is taken as prepared.
    case animate(UpdateRecord, leaving: [(view: ReusableView, oldKey: ElementKey)], area: Rect)
    /// An animation frame (or the moving cell under the pointer): views shown with these
    /// attributes, then the retiring ones whose animation ended are queued.
    case frame(show: [(view: ReusableView, attributes: LayoutAttributes)], retire: [ReusableView])
    /// The end of a layout pass: the canvas allocated (`allocateCanvas`), then the views that
    /// changed placed for `canvas`.
    case place(canvas: CanvasFrame, allocateCanvas: () -> Void)
    /// The children sorted into reading order when a key changed. Outside GTK's layout phase
    /// (a frame's update phase): moving a child queues a resize of the canvas and every widget
    /// above it.
    case restack
    /// The canvas is about to draw: it gets its drawing order when that changed.
    case canvasWillDraw
    /// GTK allocated the canvas on its own (a child was added or queued a resize).
    case canvasAllocated(CanvasFrame, realized: Bool)
    /// A view dequeued for an element that did not get it (the data source returned another)
    /// goes back to its queue, so nothing dequeued is lost.
    case giveBack(ReusableView)
    /// The widget goes away: views drop their owner and the queues empty.
    case dispose
}

/// Where the canvas is: the content point at its origin, and whether it is drawn mirrored.
struct CanvasFrame: Equatable {
    var origin = Point.zero
    var mirrored = false
}

/// What the element owner needs from the rest of the view, as values: the layout's usable
/// attributes, a view factory, the self-sizing measurement, the animator (which owns the views it
/// moves) and whether app code asked for work that has not run yet.
@MainActor
struct ElementSource {
    /// The layout's usable attributes in a rectangle, by element (hidden and unusable ones out).
    var attributesIn: (Rect) -> [ElementKey: LayoutAttributes]
    /// One element's usable attributes; nil when it should have no view.
    var attributesOf: (ElementKey) -> LayoutAttributes?
    /// A configured view for an element with these attributes; nil when there is none
    /// (reported by the view).
    var makeView: (ElementKey, LayoutAttributes) -> ReusableView?
    /// A view got new attributes from the layout: a self-sizing layout hears what it would like.
    var selfSize: (ReusableView, LayoutAttributes) -> Void
    /// Moves views between attributes; the owner leaves the views it moves alone.
    var animator: Animator
    /// True when app code asked for structural work (an update, a reload) not yet run: views
    /// made now could show data of index paths about to change.
    var hasWorkWaiting: () -> Bool
}

/// A view came into display or left it: the view tells the delegate after the owner is done.
enum DisplayEvent {
    case willDisplay(ReusableView, ElementKey)
    case didEndDisplaying(ReusableView, ElementKey)
}

/// What one plan did, for the view to act on afterwards.
struct ElementChanges {
    /// For the delegate, in order.
    var events: [DisplayEvent] = []
    /// The prepared area was asked again (prefetching follows it).
    var prepared = false
    /// `.animate`: what the animator moves.
    var tracks: [Animator.Track] = []
    /// `.remap`: views whose elements went, now retiring, with their old keys.
    var leaving: [(view: ReusableView, oldKey: ElementKey)] = []
    /// `.canvasAllocated`: every view was placed from its attributes (else the canvas places
    /// each where it was).
    var placedEverything = false
}
