#if canImport(Glibc)
import Glibc
#endif

/// How the collection view animates (``CollectionView/animation``): batch updates, animated
/// layout swaps, the settling of an interactive transition and animated scrolls all use it.
/// UIKit's default, 0.3 s ease-in-out, is the default; GTK's `gtk-enable-animations` setting
/// turns every animation off.
public struct CollectionViewAnimation: Sendable {
    /// The timing curve: maps the elapsed fraction of the duration to the fraction of the way.
    public enum Curve: Sendable {
        /// Constant speed (`UIView.AnimationCurve.linear`).
        case linear
        /// Cubic ease-in: starts slowly, ends at full speed (`UIView.AnimationCurve.easeIn`).
        case easeIn
        /// Cubic ease-out: starts at full speed, slows to the end (`UIView.AnimationCurve.easeOut`).
        case easeOut
        /// Cubic ease-in-out (`UIView.AnimationCurve.easeInOut`).
        case easeInOut
        /// Any curve with f(0) = 0 and f(1) = 1.
        case custom(@Sendable (Double) -> Double)

        /// The fraction of the way at elapsed fraction `t` (clamped to 0...1).
        public func callAsFunction(_ t: Double) -> Double {
            let t = min(1, max(0, t))
            switch self {
            case .linear: return t
            case .easeIn: return t * t * t
            case .easeOut: return 1 - pow(1 - t, 3)
            case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
            case .custom(let f): return f(t)
            }
        }
    }

    /// Seconds from start to end (0 jumps to the end at once). An interactive transition that
    /// settles from part of the way takes the matching part of it.
    public var duration: Double
    /// How the moving things speed up and slow down over ``duration``.
    public var curve: Curve

    /// An animation of `duration` seconds along `curve`; the defaults are UIKit's.
    ///
    /// - Parameters:
    ///   - duration: seconds from start to end; 0 or less jumps to the end at once.
    ///   - curve: the timing curve.
    public init(duration: Double = 0.3, curve: Curve = .easeInOut) {
        self.duration = duration
        self.curve = curve
    }

    /// 0.3 s ease-in-out, as UIKit.
    public static let `default` = CollectionViewAnimation()
}
