#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a fling comes to rest: the velocity decays exponentially, as GtkScrolledWindow's own
/// kinetic scrolling does, so a snapping view can propose the offset GTK would have stopped at.
public struct ScrollDeceleration: Sendable, Equatable {
    /// How fast the velocity decays: it falls by a factor e^-friction each second.
    public var friction: Double

    /// A deceleration with `friction` (per second; more than zero).
    public init(friction: Double) {
        precondition(friction > 0, "a deceleration without friction never stops")
        self.friction = friction
    }

    /// GTK 4's kinetic scrolling (GtkScrolledWindow's deceleration friction, 4 per second): a
    /// fling at v points per second travels v / 4 points.
    public static let gtk = ScrollDeceleration(friction: 4)

    /// How far a fling at `velocity` (points per second) travels before it stops: the
    /// integral of v·e^(-friction·t), that is v / friction, with the velocity's sign.
    public func distance(forVelocity velocity: Double) -> Double {
        velocity / friction
    }

    /// The offset a fling that leaves `offset` at `velocity` comes to rest at, unclamped.
    ///
    /// - Parameters:
    ///   - offset: the content offset when the fingers leave (or the wheel stops).
    ///   - velocity: points per second; positive scrolls towards larger offsets.
    /// - Complexity: O(1).
    public func restingOffset(from offset: Point, velocity: Point) -> Point {
        Point(x: offset.x + distance(forVelocity: velocity.x), y: offset.y + distance(forVelocity: velocity.y))
    }
}
