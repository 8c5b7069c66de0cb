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
            scrollTween?.stop()
            scrollTween = nil
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
    /// - Parameters:
    ///   - indexPath: the item to show.
    ///   - position: where in the viewport; empty (``ScrollPosition/none``) scrolls as little as
    ///     it takes.
    ///   - animated: whether to animate the scroll.
    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        guard isValidItem(indexPath) else {
            report(.invalidIndexPath("scrollToItem(at:)", indexPath))
            return
        }
        collectionViewLayout.prepareIfNeeded()
        guard let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else { return }
        let b = bounds
        var target = b.origin
        if position.contains(.top) { target.y = frame.minY }
        else if position.contains(.centeredVertically) { target.y = frame.midY - b.height / 2 }
        else if position.contains(.bottom) { target.y = frame.maxY - b.height }
        else if frame.minY < b.minY { target.y = frame.minY }
        else if frame.maxY > b.maxY { target.y = frame.maxY - b.height }
        if position.contains(.left) { target.x = frame.minX }
        else if position.contains(.centeredHorizontally) { target.x = frame.midX - b.width / 2 }
        else if position.contains(.right) { target.x = frame.maxX - b.width }
        else if frame.minX < b.minX { target.x = frame.minX }
        else if frame.maxX > b.maxX { target.x = frame.maxX - b.width }
        let content = collectionViewLayout.collectionViewContentSize
        target.x = max(0, min(target.x, content.width - b.width))
        target.y = max(0, min(target.y, content.height - b.height))
        guard animated, animationsEnabled, animation.duration > 0 else {
            contentOffset = target
            return
        }
        scrollTween?.stop()
        let from = contentOffset
        let tween = Tween(on: viewport, animation, frame: { [weak self] e in
            self?.setOffset(Point(x: from.x + (target.x - from.x) * e, y: from.y + (target.y - from.y) * e))
        })
        scrollTween = tween
        tween.begin(animated: true)
    }

    /// GTK's `gtk-enable-animations` setting.
    var animationsEnabled: Bool {
        cv_animations_enabled(viewport) != 0
    }
}
