import CGtk
import GtkGlue

/// Scrolls the view while a pointer is held near its edges, so a drag can reach what is
/// outside the viewport, as UIKit does: the closer to the edge, the faster, and faster still
/// past it (a pressed button keeps the pointer's events). Runs on the frame clock, since a
/// pointer held still sends no motion. A drop hovering, a rubber band and a reorder use it.
@MainActor
final class EdgeAutoscroll {
    /// The band along each edge that scrolls, in points (at most a quarter of the viewport).
    static let band = 48.0
    /// The speed at the very edge, in points per second: a screenful in about a second.
    static let maxSpeed = 900.0

    private weak var collectionView: CollectionView?
    /// The pointer in the layout's viewport coordinates (flipped when mirrored).
    private var point: (x: Double, y: Double)?
    private var ticking = false
    private var lastTime: Double?
    /// Runs after each scroll step: what is under the pointer changed.
    var scrolled: (() -> Void)?

    init(collectionView: CollectionView) {
        self.collectionView = collectionView
    }

    /// The pointer moved to a viewport point; scrolling starts when it is in a band.
    func update(viewportX x: Double, y: Double) {
        point = (x, y)
        guard !ticking, let collectionView, velocity() != (0, 0) else { return }
        ticking = true
        lastTime = nil
        Tick.add(collectionView.viewport) { [weak self] time in self?.step(time) ?? false }
    }

    /// The pointer left, or its drag ended.
    func stop() {
        point = nil
    }

    /// Points per second along one axis with the pointer at `position` in a viewport of
    /// `length`: nothing away from the edges, up to three times `maxSpeed` past them.
    static func speed(position p: Double, length: Double) -> Double {
        let band = min(Self.band, length / 4)
        guard band > 0 else { return 0 }
        if p < band { return -Self.maxSpeed * min(3, (band - p) / band) }
        if p > length - band { return Self.maxSpeed * min(3, (p - (length - band)) / band) }
        return 0
    }

    private func velocity() -> (Double, Double) {
        guard let point, let collectionView else { return (0, 0) }
        let size = collectionView.bounds.size
        return (Self.speed(position: point.x, length: size.width), Self.speed(position: point.y, length: size.height))
    }

    private func step(_ time: Double) -> Bool {
        let (vx, vy) = velocity()
        guard let collectionView, (vx, vy) != (0, 0) else {
            ticking = false
            return false
        }
        defer { lastTime = time }
        guard let last = lastTime else { return true }
        let dt = min(time - last, 0.1)  // a stalled frame does not jump
        let before = collectionView.contentOffset
        collectionView.contentOffset = .init(x: before.x + vx * dt, y: before.y + vy * dt)
        if collectionView.contentOffset != before { scrolled?() }
        return true
    }
}
