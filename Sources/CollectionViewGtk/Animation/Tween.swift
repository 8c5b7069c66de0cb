import CGtk
import GtkGlue

/// One animation on the frame clock, from 0 to 1 over a duration along a curve: every moving
/// thing of the view (an animated scroll, an update, a layout swap, an interactive transition
/// settling) is one of these. Each tween owns its tick callback, so a tween that starts while
/// another ends (an update from a completion) never inherits a callback that is about to stop.
@MainActor
final class Tween {
    private let widget: WidgetPointer
    private let duration: Double
    private let curve: CollectionViewAnimation.Curve
    private let frame: (Double) -> Void
    private let end: (Bool) -> Void
    private var start: Double?
    private var tickID: guint = 0
    /// Holds the clock still (tests that step an animation by hand and look at it).
    var paused = false { didSet { start = nil } }
    private(set) var isRunning = false

    /// - Parameters:
    ///   - widget: whose frame clock drives it (GTK stops ticking an unmapped widget).
    ///   - frame: called with the eased fraction on every frame, 1 on the last.
    ///   - end: called once, with true when it ran to its end, false when stopped.
    init(on widget: WidgetPointer, _ animation: CollectionViewAnimation, durationScale: Double = 1,
         frame: @escaping (Double) -> Void, end: @escaping (Bool) -> Void = { _ in }) {
        self.widget = widget
        duration = max(0, animation.duration * durationScale)
        curve = animation.curve
        self.frame = frame
        self.end = end
    }

    /// Starts ticking; with animations off (GTK's setting), a zero duration or an unmapped
    /// widget it jumps to the end at once.
    func begin(animated: Bool) {
        isRunning = true
        guard animated, duration > 0, gtk_widget_get_mapped(widget) != 0 else {
            finish()
            return
        }
        tickID = Tick.add(widget) { [weak self] time in self?.tick(time) ?? false }
    }

    private func tick(_ time: Double) -> Bool {
        guard isRunning else { return false }
        if paused { return true }
        let begin = start ?? time
        start = begin
        let t = min(1, (time - begin) / duration)
        if t >= 1 {
            tickID = 0  // returning false removes it
            finish()
            return false
        }
        frame(curve(t))
        return isRunning
    }

    /// Jumps to the end now: the last frame, then `end(true)`.
    func finish() {
        guard isRunning else { return }
        stopTicking()
        frame(1)
        end(true)
    }

    /// Stops where it is: `end(false)`, no further frame.
    func stop() {
        guard isRunning else { return }
        stopTicking()
        end(false)
    }

    private func stopTicking() {
        isRunning = false
        if tickID != 0 {
            gtk_widget_remove_tick_callback(widget, tickID)
            tickID = 0
        }
    }
}
