import CGtk
import GtkGlue

/// What the viewport draws under the canvas, filling it and not scrolling: the app's background
/// view, and above it the empty state. Both are children of the viewport placed before the
/// canvas, so they are drawn first and picked last (the canvas itself takes no pointer: a cell
/// over them gets its press, empty space gives it to them and on up to the view).
@MainActor
final class BackgroundLayer {
    private let viewport: WidgetPointer
    private let canvas: WidgetPointer
    /// The app's background view, held while it is set.
    private(set) var backgroundView: ObjectRef?
    /// What shows while there are no items, when the app set it.
    private(set) var configuration: ContentUnavailableConfiguration?
    /// Its widgets, made the first time a configuration is set.
    private(set) var unavailableView: ContentUnavailableView?
    /// Whether the sections hold no item, as last counted.
    private(set) var hasNoItems = false
    /// Whether the empty state is shown or fading in (false while it fades out).
    private(set) var showsUnavailable = false
    private var fade: Tween?

    init(viewport: WidgetPointer, canvas: WidgetPointer) {
        self.viewport = viewport
        self.canvas = canvas
    }

    var backgroundWidget: WidgetPointer? { backgroundView.map { $0.pointer.assumingMemoryBound(to: GtkWidget.self) } }

    /// Replaces the background view (the old one is unparented); nil removes it.
    func setBackgroundView(_ widget: WidgetPointer?) {
        if let old = backgroundWidget {
            gtk_widget_unparent(old)
            backgroundView = nil
        }
        guard let widget else { return queueAllocate() }
        backgroundView = ObjectRef(sinking: raw(widget))
        gtk_widget_insert_before(widget, viewport, unavailableView?.widget ?? canvas)
        queueAllocate()
    }

    /// Sets or replaces the empty state's configuration (the widgets stay, their texts change);
    /// nil removes it.
    func setConfiguration(_ configuration: ContentUnavailableConfiguration?, animated: Bool) {
        self.configuration = configuration
        guard let configuration else {
            fade?.stop()
            if let view = unavailableView {
                gtk_widget_unparent(view.widget)
                unavailableView = nil
            }
            showsUnavailable = false
            return queueAllocate()
        }
        let view = unavailableView ?? makeUnavailableView()
        view.apply(configuration)
        update(animated: animated)
    }

    private func makeUnavailableView() -> ContentUnavailableView {
        let view = ContentUnavailableView()
        gtk_widget_insert_before(view.widget, viewport, canvas)
        gtk_widget_set_child_visible(view.widget, 0)
        unavailableView = view
        return view
    }

    /// The counts changed (a reload, a batch landing, an apply): shows or hides the empty state.
    /// - Complexity: O(sections), once per change of the data, never per frame.
    func itemsCounted(_ counts: [Int], animated: Bool) {
        let none = !counts.contains { $0 > 0 }
        guard none != hasNoItems else { return }
        hasNoItems = none
        update(animated: animated)
    }

    /// Fades the empty state in or out to match the items and the configuration.
    private func update(animated: Bool) {
        guard let view = unavailableView else { return }
        let show = configuration != nil && hasNoItems
        guard show != showsUnavailable else { return }
        showsUnavailable = show
        fade?.stop()
        let widget = view.widget
        let from = gtk_widget_get_child_visible(widget) != 0 ? gtk_widget_get_opacity(widget) : 0
        let to = show ? 1.0 : 0.0
        if show {
            gtk_widget_set_opacity(widget, from)
            gtk_widget_set_child_visible(widget, 1)
            queueAllocate()
        }
        let tween = Tween(on: viewport, Self.fadeAnimation, frame: { t in
            gtk_widget_set_opacity(widget, from + (to - from) * t)
        }, end: { [weak self] finished in
            guard finished, let self, !self.showsUnavailable, self.unavailableView?.widget == widget else { return }
            gtk_widget_set_child_visible(widget, 0)
        })
        fade = tween
        tween.begin(animated: animated)
    }

    /// libadwaita's own cross-fade time (a GtkStack's crossfade in an AdwStatusPage's place).
    static let fadeAnimation = CollectionViewAnimation(duration: 0.2, curve: .easeInOut)

    /// Gives both widgets the viewport's whole area, unmoved by scrolling (on every pass: a
    /// widget whose size did not change costs GTK a comparison).
    func allocate(width: Int32, height: Int32) {
        if let backgroundWidget { allocate(backgroundWidget, width: width, height: height) }
        if let unavailable = unavailableView?.widget { allocate(unavailable, width: width, height: height) }
    }

    /// No array a pass: this runs on every scrolled frame.
    private func allocate(_ widget: WidgetPointer, width: Int32, height: Int32) {
        if gtk_widget_get_child_visible(widget) != 0 {
            var minimumWidth: Int32 = 0, minimumHeight: Int32 = 0
            gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, nil, nil, nil)
            let allocatedWidth = max(width, minimumWidth)
            gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, allocatedWidth, &minimumHeight, nil, nil, nil)
            gtk_widget_allocate(widget, allocatedWidth, max(height, minimumHeight), -1, nil)
        }
    }

    /// The view goes: no fade outlives it (the viewport unparents the widgets itself).
    func dispose() {
        fade?.stop()
        fade = nil
    }

    private func queueAllocate() { gtk_widget_queue_allocate(viewport) }
}
