import CGtk
import GtkGlue
import Foundation
import CCollectionHost
import CollectionLayout

/// Where ``CollectionView/scrollToItem(at:at:animated:)`` puts the item
/// (`UICollectionView.ScrollPosition`). Combine at most one vertical and one horizontal
/// position; an axis with none scrolls only as far as it takes to show the item. The offset
/// never goes past the content's edges.
public struct ScrollPosition: OptionSet, Sendable {
    /// The option bits.
    public let rawValue: Int
    /// A position from its option bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The item's top edge at the top of the viewport.
    public static let top = ScrollPosition(rawValue: 1 << 0)
    /// The item's centre at the viewport's vertical centre.
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    /// The item's bottom edge at the bottom of the viewport.
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    /// The item's left edge at the left of the viewport.
    public static let left = ScrollPosition(rawValue: 1 << 3)
    /// The item's centre at the viewport's horizontal centre.
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    /// The item's right edge at the right of the viewport.
    public static let right = ScrollPosition(rawValue: 1 << 5)
    /// No position: scroll as little as it takes to show the item.
    public static let none: ScrollPosition = []
}

extension CollectionView {
    var hadjustment: UnsafeMutablePointer<GtkAdjustment> { cv_scroll_host_get_hadjustment(host) }
    var vadjustment: UnsafeMutablePointer<GtkAdjustment> { cv_scroll_host_get_vadjustment(host) }

    /// The top-left of the visible rectangle in content coordinates (`contentOffset`): the
    /// scrolled window's adjustments. Setting it scrolls at once, stops an animated scroll, and
    /// is clamped to the content.
    public var contentOffset: Point {
        get { Point(x: layoutOffsetX(gtk_adjustment_get_value(hadjustment)), y: gtk_adjustment_get_value(vadjustment)) }
        set {
            stopScrollAnimation()
            setOffset(newValue)
        }
    }

    /// The content size the layout reported in the last pass (`contentSize`): any size up to
    /// 2^53 px on each axis, far past GTK's 32-bit allocations (see <doc:ComingFromUIKit>).
    public var contentSize: Size {
        Size(width: gtk_adjustment_get_upper(hadjustment), height: gtk_adjustment_get_upper(vadjustment))
    }

    /// The horizontal offset in the layout's coordinates from the adjustment's value, and back:
    /// mirrored, the adjustment runs the other way, so its slider sits where the visible part
    /// of the content is (at the right when the start, on the right, shows), as in GtkGridView.
    func layoutOffsetX(_ x: Double) -> Double {
        guard isMirrored else { return x }
        return max(0, gtk_adjustment_get_upper(hadjustment) - gtk_adjustment_get_page_size(hadjustment)) - x
    }

    func setOffset(_ point: Point) {
        // The adjustments clamp to [lower, upper - page].
        gtk_adjustment_set_value(hadjustment, layoutOffsetX(point.x))
        gtk_adjustment_set_value(vadjustment, point.y)
    }

    /// Moves the offset as the view's own move: a scroll of the view's (an animated
    /// `scrollToItem`, say) goes on; any other write of the adjustments ends it (see
    /// `hostScrolled`). A scroll still, for everything else (the press it cancels, the views it
    /// brings into view).
    func moveOffsetItself(to point: Point) {
        let was = scroll.isMovingOffsetItself
        scroll.isMovingOffsetItself = true
        defer { scroll.isMovingOffsetItself = was }
        setOffset(point)
    }

    /// The view's own correction of the offset, by `delta`, for content that moved above what
    /// shows (a row above measured, an invalidation context's `contentOffsetAdjustment`): what
    /// the user sees stays put, and a scroll of the view's retargets instead of stopping.
    func correctOffset(by delta: Point) {
        let current = contentOffset
        scrollAnimation?.shift(by: delta)
        moveOffsetItself(to: Point(x: current.x + delta.x, y: current.y + delta.y))
    }

    /// Moves the offset without it counting as a scroll (no press is cancelled, no scrubber
    /// shows, a running tween goes on): the view's own moves, such as an interactive
    /// transition carrying the viewport from one layout's offset to the other's.
    func setOffsetQuietly(_ point: Point) {
        cv_scroll_host_set_values_quietly(host, layoutOffsetX(point.x), point.y)
    }

    /// Scrolls so the item shows at `position` (`scrollToItem(at:at:animated:)`); animated on
    /// the frame clock, with ``animation``, when asked and GTK's animations are enabled. An index
    /// path that names no item is reported to ``errorHandler`` and ignored.
    ///
    /// The scroll heads for the item as it is on each frame, not as it was at the call: rows
    /// measured (self-sizing), inserted or resized on the way move the target, and the item
    /// lands where asked. Without animation too, the item is put back in place once the rows
    /// the jump brought into view have been measured. The user's own scroll, or setting
    /// ``contentOffset``, stops it.
    ///
    /// - Parameters:
    ///   - indexPath: the item to show.
    ///   - position: where in the viewport; empty (``ScrollPosition/none``) scrolls as little as
    ///     it takes.
    ///   - animated: whether to animate the scroll.
    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        scrollToItem(at: indexPath, at: position, animated: animated, toContentEdge: nil)
    }

    /// `scrollToItem`; with `toContentEdge`, to that edge of the content on each axis where the
    /// item shows from there (Home and End show the header above the first item, the footer
    /// below the last, also when the item already shows): along a list's scrolling axis, the
    /// whole way. An axis where the edge would leave the item out (a grid wider than the
    /// viewport, its last item at the left) scrolls as little as it takes.
    func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool, toContentEdge edge: ContentEdge?) {
        guard isValidItem(indexPath) else {
            report(.invalidIndexPath("scrollToItem(at:)", indexPath))
            return
        }
        collectionViewLayout.prepareIfNeeded()
        guard let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else { return }
        // An axis with no position keeps the edge the item is beyond now: the scroll heads
        // for that edge of the item however the item moves on the way.
        let visible = bounds
        var horizontal = ScrollAnimation.Alignment.horizontal(position, item: frame, visible: visible)
        var vertical = ScrollAnimation.Alignment.vertical(position, item: frame, visible: visible)
        if let edge {
            let content = collectionViewLayout.collectionViewContentSize
            horizontal = horizontal.toContent(edge, item: frame.minX, frame.maxX, content: content.width, viewport: visible.width)
            vertical = vertical.toContent(edge, item: frame.minY, frame.maxY, content: content.height, viewport: visible.height)
        }
        startScroll(to: .item(indexPath, horizontal: horizontal, vertical: vertical), animated ? animation : nil)
    }

    /// Starts a scroll of the view's to `target`, on the frame clock with `animation` (nil, or
    /// GTK's animations off: there at once), ending the one under way. An item target is then
    /// held in place until the rows it brought into view have been measured.
    ///
    /// A target where the offset already is starts nothing and stops nothing (nil): an arrow
    /// key onto an item in view leaves a page's ease or a fling's glide going. Only when that
    /// is known: the scroll range is the layout's (before the first pass, or after a reload
    /// whose pass has not run, the target is clamped to a range that is out of date, and the
    /// scroll must start to be held until the pass), and no scroll of the view's own to
    /// another place runs (a newer request replaces it).
    @discardableResult
    func startScroll(to target: ScrollAnimation.Target, _ animation: CollectionViewAnimation?) -> ScrollAnimation? {
        let scroll = ScrollAnimation(target, in: self)
        let from = contentOffset, to = scroll.currentTarget()
        if abs(to.x - from.x) < 0.5, abs(to.y - from.y) < 0.5, scrollRangeIsCurrent, scrollAnimation.map({ $0.isSettling }) ?? true {
            return nil
        }
        stopScrollAnimation()
        // A fling still gliding would move the offset on its own, which ends a scroll of the
        // view's as the user's scroll: End pressed during a fling goes to the end.
        scrollSnap.stopDeceleration()
        scrollAnimation = scroll
        scroll.begin(animation, move: { [weak self] in self?.moveOffsetItself(to: $0) }, end: { [weak self, weak scroll] finished in
            guard let self, let scroll, self.scrollAnimation === scroll else { return }
            if finished && scroll.holdsTarget {
                gtk_widget_queue_allocate(self.viewport)  // a pass that measures what it shows and holds the item
            } else {
                self.scrollAnimation = nil
            }
        })
        return scroll
    }

    /// Whether the adjustments' range is the layout's content size in a viewport of a size:
    /// what a scroll's target is clamped to is then where the content really ends.
    private var scrollRangeIsCurrent: Bool {
        guard !installedLayout.needsPrepare, viewportSize.width > 0, viewportSize.height > 0 else { return false }
        // As configureScrolling gives the adjustments the content: capped, and at least the viewport.
        func expected(_ content: Double, _ viewport: Double) -> Double {
            max(content.isFinite && content > 0 ? min(content, Self.largestContentExtent) : 0, viewport)
        }
        let content = installedLayout.collectionViewContentSize, range = contentSize
        return abs(expected(content.width, viewportSize.width) - range.width) < 0.5
            && abs(expected(content.height, viewportSize.height) - range.height) < 0.5
    }

    /// Ends the view's scroll under way, where it is.
    func stopScrollAnimation() {
        guard let scroll = scrollAnimation else { return }
        scrollAnimation = nil
        scroll.stop()
    }

    /// After a layout round: a scroll to an item past its last frame puts the item back where
    /// it was asked (the round measured rows that moved it) and lets go once a round leaves it
    /// in place. Returns whether the offset actually moved (the adjustments clamp what they are
    /// given): only then does another round have something to place.
    func holdScrollTarget() -> Bool {
        guard let scroll = scrollAnimation else { return false }
        let settled = !installedLayout.needsPrepare && !elements.hasPendingViews
        let (offset, done) = scroll.afterLayoutRound(layoutSettled: settled)
        var moved = false
        if let offset {
            let before = contentOffset
            moveOffsetItself(to: offset)
            moved = contentOffset != before
        }
        if done, scrollAnimation === scroll { scrollAnimation = nil }
        return moved
    }

    /// Whether a scroll of the view's is under way: an animated one, or a scroll to an item
    /// still holding its item in place while what it brought into view is measured.
    package var isScrollingToTarget: Bool { scrollAnimation != nil }

    /// GTK's `gtk-enable-animations` setting.
    var animationsEnabled: Bool {
        cv_animations_enabled(viewport) != 0
    }
}
