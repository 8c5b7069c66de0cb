import CGtk
import GtkGlue

/// Scrolls the view while a drop hovers near its edges, as UIKit does, so a drag can reach
/// items outside the viewport: the closer to the edge, the faster. Runs on the frame clock,
/// since a pointer held still sends no motion.
@MainActor
final class DropAutoscroll {
    /// The band along each edge that scrolls, in points: about half a typical row.
    static let band = 48.0
    /// The speed at the very edge, in points per second: a screenful in about a second.
    static let maxSpeed = 900.0

    private weak var collectionView: CollectionView?
    /// The pointer in viewport coordinates while a drop hovers.
    private var point: (x: Double, y: Double)?
    private var ticking = false
    private var lastTime: Double?
    /// Runs after each scroll step (the destination under the pointer changed).
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

    /// The drop left or happened.
    func stop() {
        point = nil
    }

    /// Points per second along each axis for the current pointer.
    private func velocity() -> (Double, Double) {
        guard let point, let collectionView else { return (0, 0) }
        let size = collectionView.bounds.size
        func speed(_ p: Double, _ length: Double) -> Double {
            guard length > 3 * Self.band else { return 0 }  // too small to have bands and a middle
            if p < Self.band { return -Self.maxSpeed * (Self.band - max(p, 0)) / Self.band }
            if p > length - Self.band { return Self.maxSpeed * (min(p, length) - (length - Self.band)) / Self.band }
            return 0
        }
        return (speed(point.x, size.width), speed(point.y, size.height))
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
