import CGtk
import GtkGlue

/// The widgets above the view, allocated again when the view's layout pass may have queued a
/// resize.
///
/// The pass runs in GTK's layout phase, inside the scroll host's `size_allocate`, and app code
/// runs in it (a cell's configuration, `apply(_:)` of new attributes): a label's text or a
/// child shown there queues a resize of every widget above the view while GTK allocates them.
/// GTK 4.8 loses that request for a widget it was allocating only for its children's sake (its
/// own size unchanged) below one it was allocating in full (another child changed: a header's
/// title, a toast): the widget keeps "allocation needed" with nobody asking for a new round, and
/// GTK draws the frame with it unallocated ("Trying to snapshot AdwToastOverlay ... without a
/// current allocation"). After GTK allocated the window, in the same layout phase, the view
/// asks for every widget above it to be allocated again when its pass presented views: GTK runs
/// another round before it draws. A pass that presented nothing (a plain scroll, whose views
/// are made before the layout phase) asks for nothing.
extension CollectionView {
    /// Follows the frame clock's layout phase of the window the view is in (after realize:
    /// after GTK's own handler, which allocates the window).
    func followLayoutPhase() {
        stopFollowingLayoutPhase()
        guard let clock = gtk_widget_get_frame_clock(viewport) else { return }
        g_object_ref(raw(clock))
        pass.layoutPhaseClock = raw(clock)
        pass.layoutPhaseHandler = Signal.connect(raw(clock), "layout") { [weak self] in self?.layoutRoundEnded() }
    }

    func stopFollowingLayoutPhase() {
        guard let clock = pass.layoutPhaseClock else { return }
        g_signal_handler_disconnect(clock, pass.layoutPhaseHandler)
        g_object_unref(clock)
        pass.layoutPhaseClock = nil
        pass.layoutPhaseHandler = 0
    }

    /// GTK allocated the window in this round of the layout phase: if a pass presented views
    /// in it, the widgets from the view up to its window are allocated again in another round.
    private func layoutRoundEnded() {
        guard pass.presentedViews else { return }
        pass.presentedViews = false
        let native = gtk_widget_get_native(widget).map { UnsafeMutableRawPointer($0) }
        var next: WidgetPointer? = widget
        while let w = next {
            gtk_widget_queue_allocate(w)
            if UnsafeMutableRawPointer(w) == native { break }
            next = gtk_widget_get_parent(w)
        }
    }
}
