import CGtk
import CollectionLayout

/// A scroll the view makes to a target of its own: an animated
/// ``CollectionView/scrollToItem(at:at:animated:)`` (the Home, End and Page keys move the focus
/// with one), an ease after the user's scroll (paging, snapping), and a scroll to an item
/// without animation while the rows it brings into view are measured.
///
/// The content can change under it on the way: rows come into view at their estimate and are
/// measured, rows are inserted or resized, the window is resized. The scroll retargets instead
/// of stopping: each frame covers its share of the distance left from where the offset is
/// (after the view's own corrections, `CollectionView.correctOffset(by:)`, which also move an
/// offset target with the content) to where the target is now (an item's frame is looked up
/// again; a page or snap is asked again once the content, the viewport or a correction changed
/// it), clamped to the content as it is now; the last frame lands on it. After that an item
/// target is held, its item put back in place after each layout pass, until a pass leaves it
/// where it is: the rows that came into view have been measured.
///
/// Anything else that moves the offset ends it: the user's wheel, drag, scrollbar or keys, and
/// the app's ``CollectionView/contentOffset``.
@MainActor
final class ScrollAnimation {
    /// Where the scroll goes.
    enum Target {
        /// An offset; the view's corrections move it with the content.
        case offset(Point)
        /// An item, placed in the viewport as the alignments say.
        case item(IndexPath, horizontal: Alignment, vertical: Alignment)
        /// Where an ease after the user's scroll settles (a page, the layout's snap): asked
        /// again when the content or the viewport changed under it.
        case settle(SettleTarget)
    }

    /// Where an item goes along one axis of the viewport.
    enum Alignment {
        /// The item's leading edge (top, left) at the viewport's.
        case leading
        /// The item's centre at the viewport's.
        case center
        /// The item's trailing edge (bottom, right) at the viewport's.
        case trailing
        /// The axis stays where it is (it showed the item already).
        case none
        /// The content's start (the first item with whatever is above it: Home).
        case contentStart
        /// The content's end (the last item with whatever is below it: End).
        case contentEnd
    }

    private(set) var target: Target

    /// Whether this is an ease to where the user's scroll settles (a page, a snap), which a
    /// request that needs no movement leaves going.
    var isSettling: Bool {
        if case .settle = target { return true }
        return false
    }
    private weak var view: CollectionView?
    private var tween: Tween?
    /// The eased fraction of the last frame.
    private var progress = 0.0
    /// Where the target last resolved to: a scroll whose item is gone, or whose layout is
    /// waiting for its pass, heads there meanwhile.
    private var lastResolved: Point
    /// Layout rounds an item target has been held after the last frame.
    private var heldRounds = 0
    /// The most layout rounds an item target is held: measuring what came into view takes a
    /// round or two (a pass has up to four); a layout whose sizes never settle must not hold
    /// the offset for ever.
    static let maximumHeldRounds = 30

    init(_ target: Target, in view: CollectionView) {
        self.target = target
        self.view = view
        lastResolved = view.contentOffset
    }

    /// True while it moves on the frame clock (false once it holds its item).
    var isRunning: Bool { tween?.isRunning ?? false }

    /// Whether it still has something to do after its last frame: an item to hold in place.
    var holdsTarget: Bool {
        if case .item = target { return true }
        return false
    }

    /// Starts ticking with `animation` (nil: to the target at once). `move` writes each offset;
    /// `end` is called once, with false when it was stopped.
    func begin(_ animation: CollectionViewAnimation?, move: @escaping (Point) -> Void, end: @escaping (Bool) -> Void) {
        guard let view, let animation else {
            progress = 1
            move(currentTarget())
            end(true)
            return
        }
        let tween = Tween(on: view.viewport, animation, frame: { [weak self] e in
            guard let self, let current = self.view?.contentOffset else { return }
            let target = currentTarget()
            // The share of what is left that this frame covers; the last frame lands.
            let left = 1 - progress
            let share = abs(left) > 1e-9 ? (e - progress) / left : 1
            progress = e
            move(Point(x: current.x + (target.x - current.x) * share, y: current.y + (target.y - current.y) * share))
        }, end: { [weak self] finished in
            if finished { self?.progress = 1 }
            end(finished)
        })
        self.tween = tween
        tween.begin(animated: view.animationsEnabled && animation.duration > 0)
    }

    /// Stops the frame clock: no further frame is written.
    func stop() {
        tween?.stop()
    }

    /// The view moved the offset by `delta` to keep what shows in place: an offset target moves
    /// with the content, a settling one is asked again (an item target is looked up afresh
    /// anyway).
    func shift(by delta: Point) {
        lastResolved = Point(x: lastResolved.x + delta.x, y: lastResolved.y + delta.y)
        switch target {
        case .offset(let p): target = .offset(Point(x: p.x + delta.x, y: p.y + delta.y))
        case .settle(let settle): settle.shift(by: delta)
        case .item: break
        }
    }

    /// A batch update moved the items: an item target follows its item; one that is gone
    /// becomes the offset it last resolved to.
    func itemsMoved(_ newIndexPath: (IndexPath) -> IndexPath?) {
        guard case .item(let path, let horizontal, let vertical) = target else { return }
        target = newIndexPath(path).map { .item($0, horizontal: horizontal, vertical: vertical) } ?? .offset(lastResolved)
    }

    /// Where the target is now, clamped to the content and to what the adjustments take (past
    /// their largest extent, or before a pass has set them for content that grew, they take
    /// less), so that a target the offset cannot reach is not asked for again and again.
    ///
    /// - Complexity: one `layoutAttributesForItem(at:)`, whatever the number of items.
    func currentTarget() -> Point {
        guard let view else { return lastResolved }
        let layout = view.collectionViewLayout
        let visible = view.bounds, laidOut = layout.collectionViewContentSize, adjustable = view.contentSize
        let content = Size(width: min(laidOut.width, adjustable.width), height: min(laidOut.height, adjustable.height))
        var point: Point
        switch target {
        case .offset(let p):
            point = p
        case .settle(let settle):
            point = settle.offset(in: view)
        case .item(let path, let horizontal, let vertical):
            guard !layout.needsPrepare, view.isValidItem(path), let frame = layout.layoutAttributesForItem(at: path)?.frame else {
                return lastResolved
            }
            point = Point(x: Self.place(frame.minX, frame.width, in: visible.width, horizontal, staying: visible.minX),
                          y: Self.place(frame.minY, frame.height, in: visible.height, vertical, staying: visible.minY))
        }
        point = Point(x: max(0, min(point.x, content.width - visible.width)), y: max(0, min(point.y, content.height - visible.height)))
        lastResolved = point
        return point
    }

    private static func place(_ start: Double, _ length: Double, in viewport: Double, _ alignment: Alignment, staying: Double) -> Double {
        switch alignment {
        case .leading: start
        case .center: start + length / 2 - viewport / 2
        case .trailing: start + length - viewport
        case .none: staying
        case .contentStart: -.infinity  // clamped to the content
        case .contentEnd: .infinity
        }
    }

    /// After a layout round has measured what it showed, while the item target is held: where
    /// the offset goes to put the item back (nil: it is in place), and whether the hold is
    /// over (the round left the item in place, or it was held long enough).
    func afterLayoutRound(layoutSettled: Bool) -> (offset: Point?, done: Bool) {
        guard !isRunning, holdsTarget, let view else { return (nil, !isRunning) }
        let wanted = currentTarget(), current = view.contentOffset
        let moves = abs(wanted.x - current.x) >= 0.5 || abs(wanted.y - current.y) >= 0.5
        heldRounds += 1
        if heldRounds > Self.maximumHeldRounds { return (nil, true) }
        return (moves ? wanted : nil, !moves && layoutSettled)
    }
}

extension ScrollAnimation.Alignment {
    /// The vertical alignment a ``ScrollPosition`` asks for; with none, the edge the item is
    /// beyond (the scroll goes as little as it takes), or none when it shows.
    static func vertical(_ position: ScrollPosition, item frame: Rect, visible: Rect) -> Self {
        if position.contains(.top) { return .leading }
        if position.contains(.centeredVertically) { return .center }
        if position.contains(.bottom) { return .trailing }
        if frame.minY < visible.minY { return .leading }
        if frame.maxY > visible.maxY { return .trailing }
        return .none
    }

    /// The horizontal alignment a ``ScrollPosition`` asks for, as ``vertical(_:item:visible:)``.
    static func horizontal(_ position: ScrollPosition, item frame: Rect, visible: Rect) -> Self {
        if position.contains(.left) { return .leading }
        if position.contains(.centeredHorizontally) { return .center }
        if position.contains(.right) { return .trailing }
        if frame.minX < visible.minX { return .leading }
        if frame.maxX > visible.maxX { return .trailing }
        return .none
    }

    /// What Home and End show on one axis: the content's `edge` when the item (from `start` to
    /// `end` on the axis) shows with the viewport there, whether or not it shows now (its
    /// header may be cut); otherwise `self`, which shows the item.
    func toContent(_ edge: ContentEdge, item start: Double, _ end: Double, content: Double, viewport: Double) -> Self {
        switch edge {
        case .start: start < viewport ? .contentStart : self
        case .end: end > content - viewport ? .contentEnd : self
        }
    }
}

/// The start or the end of the content (Home, End).
enum ContentEdge {
    case start
    case end
}
