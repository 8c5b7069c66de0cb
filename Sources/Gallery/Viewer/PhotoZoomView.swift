import CGtk
import GtkGlue
import CollectionLayout
import Foundation

/// One photo in the viewer's page, fitted (contained and centred) by default, zoomed up to one
/// image pixel per device pixel and panned while zoomed.
///
/// Zoom: pinch (around the fingers' centre), Ctrl + scroll (around the pointer), double-click
/// (fit and 1:1 in turn, around the click), `+` `=` keypad `+`, `-` keypad `-`, `0` (fit). Pan
/// while zoomed: drag, plain scroll, arrow keys; the picture never leaves a gap it need not.
///
/// What it leaves to its ancestors (the collection view): at fit size, a pinch that closes
/// (its zoom gesture denies the sequence) and Ctrl + scroll down (not handled), which return to
/// the grid; a drag, plain scroll and the arrow keys, which page. Once zoomed, or zooming in,
/// it claims the pinch, so the ancestor's own zoom gesture is cancelled: a pinch-in while
/// zoomed only zooms out, down to fit.
///
/// Its widget is a GtkWidget subclass of its own (`photozoom` in CSS) that draws the texture
/// clipped to its bounds; the zoom state lives here and is looked up from the widget.
@MainActor
final class PhotoZoomView {
    /// The widget to put in a page; it takes the keyboard focus when clicked.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// What it shows, and the size of the whole image (upright) that zoom refers to.
    private(set) var texture: Texture?
    private(set) var imageSize = PixelSize(width: 1, height: 1)
    /// The image's scale on the device: device pixels per image pixel (1 = one image pixel per
    /// device pixel, the most it zooms to). `fitZoom` at fit size.
    private(set) var zoom = 1.0
    /// Runs with the new zoom after each change (every step of a pinch too).
    var onZoomChanged: ((Double) -> Void)?
    /// Runs when a zoom or a pan has settled while the picture shows fewer pixels than the
    /// screen could (`needsDetail`): the time to ask for a sharp detail of `visibleRegion`
    /// (`FullPhotoLoader.requestDetail`) and hand it to `setDetail`.
    var onNeedsDetail: (() -> Void)?

    /// A sharp part of the image over the picture, and the part it covers (image pixels).
    private var detail: (texture: Texture, region: Rect)?

    /// The image point, in image pixels, at the widget's centre.
    private var centre = Point(x: 0.5, y: 0.5)
    /// Whether the picture stays fitted when the widget's size or scale changes.
    private var followsFit = true
    /// The pinch in progress: the zoom it began at, the image point under the fingers then
    /// (which stays under them), and whether it claimed or denied.
    private var pinch: (zoom: Double, held: Point?, decision: PinchDecision)?
    private var drag: (centre: Point, claimed: Bool)?
    /// Where the pointer is, for Ctrl + scroll (nil when outside).
    private var pointer: Point?

    init() {
        widget = UnsafeMutableRawPointer(g_object_new_with_properties(photoZoomWidgetType, 0, nil, nil)!).assumingMemoryBound(to: GtkWidget.self)
        g_object_ref_sink(raw(widget))
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        let owner = Unmanaged.passRetained(WeakOwner(self)).toOpaque()
        g_object_set_qdata_full(raw(widget).assumingMemoryBound(to: GObject.self), photoZoomQuark, owner) { Unmanaged<WeakOwner>.fromOpaque($0!).release() }
        addControllers()
        Signal.connectPointer(raw(widget), "notify::scale-factor") { [weak self] in self?.geometryChanged() }
    }

    isolated deinit {
        g_object_unref(raw(widget))
    }

    // MARK: Geometry

    /// The widget's size in logical pixels, and its scale factor (device pixels per logical).
    private var bounds: (width: Double, height: Double, scale: Double) {
        (Double(gtk_widget_get_width(widget)), Double(gtk_widget_get_height(widget)), Double(gtk_widget_get_scale_factor(widget)))
    }

    /// The zoom at which the image is contained in the widget (it may enlarge a small image).
    var fitZoom: Double {
        let (width, height, scale) = bounds
        guard width > 0, height > 0 else { return 1 }
        return min(width * scale / Double(imageSize.width), height * scale / Double(imageSize.height))
    }

    /// The most it zooms: one image pixel per device pixel, or fit when that is larger already.
    var maxZoom: Double { max(1, fitZoom) }

    /// Whether the picture is at fit size (a closing pinch and Ctrl + scroll down then go to
    /// the collection view).
    var isAtFit: Bool { zoom <= fitZoom * 1.0001 }

    /// Whether it can zoom at all (the image has more pixels than fit shows).
    var canZoom: Bool { maxZoom > fitZoom * 1.0001 }

    /// Where the picture is drawn, in the widget's coordinates (logical pixels).
    var imageRect: Rect {
        let (width, height, scale) = bounds
        let shownWidth = Double(imageSize.width) * zoom / scale, shownHeight = Double(imageSize.height) * zoom / scale
        return Rect(x: width / 2 - centre.x * zoom / scale, y: height / 2 - centre.y * zoom / scale,
                    width: shownWidth, height: shownHeight)
    }

    /// The part of the image the widget shows now, in image pixels (upright).
    var visibleRegion: Rect {
        let (width, height, scale) = bounds
        let halfWidth = width / 2 * scale / zoom, halfHeight = height / 2 * scale / zoom
        let minX = max(0, centre.x - halfWidth), minY = max(0, centre.y - halfHeight)
        let maxX = min(Double(imageSize.width), centre.x + halfWidth), maxY = min(Double(imageSize.height), centre.y + halfHeight)
        return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }

    /// Whether the screen shows more of the image's pixels than the picture has: zoomed past
    /// the texture's own resolution (by more than a tenth), and no detail yet at this zoom
    /// covering what is shown.
    var needsDetail: Bool {
        guard let texture, !isAtFit else { return false }
        let texturePixelsPerImagePixel = Double(gdk_texture_get_width(texture.pointer)) / Double(imageSize.width)
        guard zoom > texturePixelsPerImagePixel * 1.1 else { return false }
        guard let detail, let shown = detailScale else { return true }
        let visible = visibleRegion
        let covers = detail.region.minX <= visible.minX + 0.5 && detail.region.minY <= visible.minY + 0.5
            && detail.region.maxX >= visible.maxX - 0.5 && detail.region.maxY >= visible.maxY - 0.5
        return !(covers && shown >= zoom * 0.9)
    }

    /// The detail's texture pixels per image pixel.
    private var detailScale: Double? {
        detail.map { Double(gdk_texture_get_width($0.texture.pointer)) / $0.region.width }
    }

    /// Shows `texture` as the image's `region` (image pixels, upright) over the picture: the
    /// sharp detail `onNeedsDetail` asked for. Nil drops it. Dropped too by `setTexture` (but
    /// for the same image), `reset()` and at fit size.
    func setDetail(_ texture: Texture?, region: Rect) {
        detail = texture.map { ($0, region) }
        gtk_widget_queue_draw(widget)
    }

    /// Keeps the centre where the picture leaves no gap it need not: centred on an axis where
    /// it is smaller than the widget, its edges at or past the widget's on the others.
    private func clampCentre() {
        let (width, height, scale) = bounds
        func clamp(_ value: Double, viewport: Double, image: Double) -> Double {
            let half = viewport / 2 * scale / zoom  // half the viewport, in image pixels
            guard image > 2 * half else { return image / 2 }
            return min(max(value, half), image - half)
        }
        centre = Point(x: clamp(centre.x, viewport: width, image: Double(imageSize.width)),
                       y: clamp(centre.y, viewport: height, image: Double(imageSize.height)))
    }

    /// The widget's size or scale changed: fit follows, and a zoomed picture stays clamped.
    fileprivate func geometryChanged() {
        if followsFit || zoom < fitZoom { zoom = fitZoom }
        zoom = min(zoom, maxZoom)
        clampCentre()
        gtk_widget_queue_draw(widget)
    }

    // MARK: Content

    /// Shows `texture` as an image of `imageSize` (upright, in image pixels; the texture may
    /// have fewer pixels, a thumbnail or a picture decoded at the window's size). When the
    /// image before had the same proportions (a thumbnail replaced by the full picture, or the
    /// same photo at another size), the view stays on the same part of it at the same size on
    /// screen; otherwise it returns to fit. Call `reset()` when the page shows another photo.
    func setTexture(_ texture: Texture?, imageSize newSize: PixelSize) {
        let size = PixelSize(width: max(1, newSize.width), height: max(1, newSize.height))
        let old = imageSize
        let sameProportions = abs(Double(old.width) / Double(old.height) - Double(size.width) / Double(size.height))
            < 0.01 * Double(size.width) / Double(size.height)
        self.texture = texture
        imageSize = size
        if size != old { detail = nil }
        if sameProportions, !followsFit {
            let ratio = Double(size.width) / Double(old.width)
            centre = Point(x: centre.x * ratio, y: centre.y * ratio)
            zoom = min(max(zoom / ratio, fitZoom), maxZoom)
            followsFit = isAtFit
            clampCentre()
        } else {
            fit()
        }
        gtk_widget_queue_draw(widget)
        changed()
    }

    /// Back to fit size, at once (another photo, or the viewer opened again).
    func reset() {
        detail = nil
        fit()
        gtk_widget_queue_draw(widget)
        changed()
    }

    private func fit() {
        followsFit = true
        zoom = fitZoom
        centre = Point(x: Double(imageSize.width) / 2, y: Double(imageSize.height) / 2)
    }

    // MARK: Zooming and panning

    /// Zooms to `newZoom` (clamped between fit and 1:1) keeping the image point under `point`
    /// (widget coordinates; the centre when nil) where it is. Returns whether the zoom changed.
    @discardableResult
    func setZoom(_ newZoom: Double, around point: Point? = nil) -> Bool {
        let (width, height, scale) = bounds
        let target = min(max(newZoom, fitZoom), maxZoom)
        let at = point ?? Point(x: width / 2, y: height / 2)
        // The image point under `at` before, and the centre that keeps it there after.
        let held = imagePoint(at: at)
        let before = zoom
        zoom = target
        centre = Point(x: held.x - (at.x - width / 2) * scale / zoom, y: held.y - (at.y - height / 2) * scale / zoom)
        followsFit = isAtFit
        if followsFit { zoom = fitZoom }
        clampCentre()
        gtk_widget_queue_draw(widget)
        guard abs(zoom - before) > 1e-9 else { return false }
        changed()
        return true
    }

    /// Moves the picture by (dx, dy) logical pixels, clamped; returns whether it moved.
    @discardableResult
    func pan(dx: Double, dy: Double) -> Bool {
        let scale = bounds.scale
        let before = centre
        centre = Point(x: centre.x - dx * scale / zoom, y: centre.y - dy * scale / zoom)
        clampCentre()
        gtk_widget_queue_draw(widget)
        return centre != before
    }

    /// How much one zoom step (a key, a wheel notch) multiplies the zoom.
    static let zoomStep = 1.25
    /// How far an arrow key or a wheel notch pans, in logical pixels.
    static let panStep = 64.0
    /// How far a press moves before its drag is a pan (GTK's double-click distance).
    static let dragClaimDistance = 5.0

    private func changed() {
        onZoomChanged?(zoom)
    }

    /// Logs the zoom once a change has settled (the end of a pinch, a key, a notch, a click),
    /// drops the detail at fit, and asks for one where it is needed.
    private func settled() {
        if GalleryLog.enabled { GalleryLog.event(Self.logLine(zoom: zoom)) }
        panned()
    }

    /// A pan settled (or a zoom): a detail is asked for where it is needed.
    private func panned() {
        if isAtFit, detail != nil {
            detail = nil
            gtk_widget_queue_draw(widget)
        }
        if needsDetail { onNeedsDetail?() }
    }

    /// `viewer zoom=Z`, Z with 2 decimals.
    static func logLine(zoom: Double) -> String { "viewer zoom=" + String(format: "%.2f", zoom) }

    // MARK: Input

    /// What a pinch does with the collection view's own pinch: a pinch that begins at fit size
    /// and closes (scale below 1) belongs to the collection view (it returns to the grid); one
    /// that begins zoomed, or opens from fit, is the photo's and is claimed.
    enum PinchDecision: Equatable {
        /// Not yet known (the scale has not moved from 1).
        case undecided
        /// The photo's: claim the sequence (the ancestor's gesture is cancelled).
        case claim
        /// The collection view's: deny it (the ancestor's gesture goes on).
        case deny
    }

    /// The decision for a pinch that began at `zoom` (fit when `beganAtFit`) and is at `scale` now.
    static func pinchDecision(beganAtFit: Bool, canZoom: Bool, scale: Double) -> PinchDecision {
        if !beganAtFit { return .claim }
        if scale < 1 || !canZoom { return scale == 1 ? .undecided : .deny }
        return scale > 1 ? .claim : .undecided
    }

    /// A pinch moved: decides once whose it is, then zooms, keeping the image point that was
    /// under the fingers' centre when it began under their centre now (so moving the fingers
    /// together pans too). Returns the decision (the gesture's state is set by the caller).
    func pinchChanged(scale: Double, centre fingers: Point?) -> PinchDecision {
        if pinch == nil {
            pinch = (zoom, fingers.map(imagePoint(at:)), .undecided)
            drag = nil  // the first finger's drag does not pan under the pinch
        }
        guard var current = pinch else { return .undecided }
        if current.decision == .undecided {
            current.decision = Self.pinchDecision(beganAtFit: current.zoom <= fitZoom * 1.0001, canZoom: canZoom, scale: scale)
            pinch = current
        }
        guard current.decision == .claim else { return current.decision }
        setZoom(current.zoom * scale)
        if let held = current.held, let fingers {
            let (width, height, deviceScale) = bounds
            centre = Point(x: held.x - (fingers.x - width / 2) * deviceScale / zoom, y: held.y - (fingers.y - height / 2) * deviceScale / zoom)
            clampCentre()
        }
        return current.decision
    }

    /// The image point (image pixels) at a point of the widget.
    private func imagePoint(at point: Point) -> Point {
        let (width, height, scale) = bounds
        return Point(x: centre.x + (point.x - width / 2) * scale / zoom, y: centre.y + (point.y - height / 2) * scale / zoom)
    }

    /// The pinch ended (or was cancelled): logs where the zoom settled if it was the photo's.
    func pinchEnded() {
        if pinch?.decision == .claim { settled() }
        pinch = nil
    }

    /// Ctrl + scroll by `dy` notches (positive: down, zooming out) at the pointer. Returns
    /// whether it was handled: not at fit going down (the collection view's), nor when there is
    /// nothing to zoom.
    func ctrlScrolled(dy: Double) -> Bool {
        guard dy != 0, canZoom else { return false }
        if dy > 0, isAtFit { return false }
        setZoom(zoom * pow(Self.zoomStep, -dy), around: pointer)
        settled()
        return true
    }

    /// Plain scroll: pans while zoomed (wheel notches scaled to `panStep`); at fit it pages.
    func scrolled(dx: Double, dy: Double, inNotches: Bool) -> Bool {
        guard !isAtFit else { return false }
        let step = inNotches ? Self.panStep : 1
        pan(dx: -dx * step, dy: -dy * step)
        panned()
        return true
    }

    /// A double-click at `point`: fit to 1:1 around it, or back to fit. Returns whether it did.
    func doubleClicked(at point: Point) -> Bool {
        guard canZoom else { return false }
        if isAtFit { setZoom(maxZoom, around: point) } else { setZoom(fitZoom) }
        settled()
        return true
    }

    /// A key press: returns whether it was the photo's (arrows at fit are the viewer's).
    func keyPressed(_ keyval: UInt32, modifiers: GdkModifierType) -> Bool {
        let blocking = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue
        guard modifiers.rawValue & blocking == 0 else { return false }
        switch Int32(keyval) {
        case GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add:
            guard canZoom else { return false }
            setZoom(zoom * Self.zoomStep)
        case GDK_KEY_minus, GDK_KEY_KP_Subtract:
            guard !isAtFit else { return false }
            setZoom(zoom / Self.zoomStep)
        case GDK_KEY_0, GDK_KEY_KP_0:
            guard !isAtFit else { return false }
            setZoom(fitZoom)
        case GDK_KEY_Left, GDK_KEY_KP_Left:
            guard !isAtFit else { return false }
            pan(dx: Self.panStep, dy: 0)
        case GDK_KEY_Right, GDK_KEY_KP_Right:
            guard !isAtFit else { return false }
            pan(dx: -Self.panStep, dy: 0)
        case GDK_KEY_Up, GDK_KEY_KP_Up:
            guard !isAtFit else { return false }
            pan(dx: 0, dy: Self.panStep)
        case GDK_KEY_Down, GDK_KEY_KP_Down:
            guard !isAtFit else { return false }
            pan(dx: 0, dy: -Self.panStep)
        default:
            return false
        }
        settled()
        return true
    }

    private func addControllers() {
        let zoomGesture = gtk_gesture_zoom_new()!
        nonisolated(unsafe) let pinchGesture = zoomGesture  // owned by the widget, which outlives its handlers
        Signal.connectValue(raw(zoomGesture), "scale-changed") { [weak self] scale in
            guard let self else { return }
            var x = 0.0, y = 0.0
            let fingers = gtk_gesture_get_bounding_box_center(pinchGesture, &x, &y) != 0 ? Point(x: x, y: y) : nil
            switch self.pinchChanged(scale: scale, centre: fingers) {
            case .claim: gtk_gesture_set_state(pinchGesture, GTK_EVENT_SEQUENCE_CLAIMED)
            case .deny: gtk_gesture_set_state(pinchGesture, GTK_EVENT_SEQUENCE_DENIED)
            case .undecided: break
            }
        }
        Signal.connectPointer(raw(zoomGesture), "end") { [weak self] in self?.pinchEnded() }
        Signal.connectPointer(raw(zoomGesture), "cancel") { [weak self] in self?.pinchEnded() }
        gtk_widget_add_controller(widget, zoomGesture)

        // Pans while zoomed; at fit the drag is denied at once, so the collection view pages.
        // Claimed once it moves, not on the press: a claim on the press would stop this
        // widget's click gesture too, and a double-click would no longer return to fit.
        let dragGesture = gtk_gesture_drag_new()!
        nonisolated(unsafe) let panGesture = dragGesture
        Signal.connectPoint(raw(dragGesture), "drag-begin") { [weak self] _, _ in
            guard let self else { return }
            if self.isAtFit || self.pinch != nil {
                gtk_gesture_set_state(panGesture, GTK_EVENT_SEQUENCE_DENIED)
                self.drag = nil
            } else {
                self.drag = (self.centre, false)
            }
        }
        Signal.connectPoint(raw(dragGesture), "drag-update") { [weak self] dx, dy in
            guard let self, let drag = self.drag, self.pinch == nil else { return }
            if !drag.claimed, dx * dx + dy * dy >= Self.dragClaimDistance * Self.dragClaimDistance {
                gtk_gesture_set_state(panGesture, GTK_EVENT_SEQUENCE_CLAIMED)
                self.drag?.claimed = true
            }
            self.centre = drag.centre
            self.pan(dx: dx, dy: dy)
        }
        Signal.connectPoint(raw(dragGesture), "drag-end") { [weak self] _, _ in
            guard let self, self.drag != nil else { return }
            self.drag = nil
            self.panned()
        }
        gtk_widget_add_controller(widget, dragGesture)

        let click = gtk_gesture_click_new()!
        nonisolated(unsafe) let clickGesture = click
        Signal.connectPress(raw(click), "pressed") { [weak self] _, _, _ in
            guard let self else { return }
            gtk_widget_grab_focus(self.widget)
        }
        // On the second release, not the second press: a second press that turns into a drag
        // (panning again right after a pan) stops the click gesture and is no double-click.
        Signal.connectPress(raw(click), "released") { [weak self] presses, x, y in
            guard let self else { return }
            if presses == 2, self.doubleClicked(at: Point(x: x, y: y)) {
                gtk_gesture_set_state(clickGesture, GTK_EVENT_SEQUENCE_CLAIMED)
            }
        }
        gtk_widget_add_controller(widget, click)

        let wheel = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
        nonisolated(unsafe) let scrollController = wheel
        Signal.connectScroll(raw(wheel)) { [weak self] dx, dy in
            guard let self else { return false }
            let state = gtk_event_controller_get_current_event_state(scrollController)
            let notches = gtk_event_controller_scroll_get_unit(scrollController) == GDK_SCROLL_UNIT_WHEEL
            if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 {
                // Smooth scrolling (a touchpad) comes in pixels: about 20 to a notch.
                return self.ctrlScrolled(dy: notches ? dy : dy / 20)
            }
            return self.scrolled(dx: dx, dy: dy, inNotches: notches)
        }
        gtk_widget_add_controller(widget, wheel)

        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(raw(motion), "enter") { [weak self] x, y in self?.pointer = Point(x: x, y: y) }
        Signal.connectPoint(raw(motion), "motion") { [weak self] x, y in self?.pointer = Point(x: x, y: y) }
        Signal.connect(raw(motion), "leave") { [weak self] in self?.pointer = nil }
        gtk_widget_add_controller(widget, motion)

        let keys = gtk_event_controller_key_new()!
        Signal.connectKey(raw(keys)) { [weak self] keyval, _, state in self?.keyPressed(keyval, modifiers: state) ?? false }
        gtk_widget_add_controller(widget, keys)
    }

    // MARK: Drawing

    /// Draws the texture where `imageRect` says, clipped to the widget.
    fileprivate func snapshot(_ snapshot: OpaquePointer) {
        guard let texture else { return }
        let (width, height, _) = bounds
        var clip = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        let rect = imageRect
        var area = graphene_rect_t(origin: graphene_point_t(x: Float(rect.minX), y: Float(rect.minY)),
                                   size: graphene_size_t(width: Float(rect.width), height: Float(rect.height)))
        gtk_snapshot_push_clip(snapshot, &clip)
        gtk_snapshot_append_texture(snapshot, texture.pointer, &area)
        if let detail {
            let perImagePixel = rect.width / Double(imageSize.width)
            var part = graphene_rect_t(origin: graphene_point_t(x: Float(rect.minX + detail.region.minX * perImagePixel),
                                                                y: Float(rect.minY + detail.region.minY * perImagePixel)),
                                       size: graphene_size_t(width: Float(detail.region.width * perImagePixel),
                                                             height: Float(detail.region.height * perImagePixel)))
            gtk_snapshot_append_texture(snapshot, detail.texture.pointer, &part)
        }
        gtk_snapshot_pop(snapshot)
    }
}

/// The widget's way back to its view without keeping it alive.
private final class WeakOwner {
    weak var view: PhotoZoomView?
    init(_ view: PhotoZoomView) { self.view = view }
}

private let photoZoomQuark = g_quark_from_static_string("gallery-photo-zoom-view")

@MainActor
private func owner(of widget: UnsafeMutablePointer<GtkWidget>?) -> PhotoZoomView? {
    guard let widget, let data = g_object_get_qdata(raw(widget).assumingMemoryBound(to: GObject.self), photoZoomQuark) else { return nil }
    return Unmanaged<WeakOwner>.fromOpaque(data).takeUnretainedValue().view
}

/// The parent class's size_allocate, chained up to after the view has re-clamped.
nonisolated(unsafe) private var parentSizeAllocate: (@convention(c) (UnsafeMutablePointer<GtkWidget>?, Int32, Int32, Int32) -> Void)?

/// GalleryPhotoZoom: a GtkWidget that draws its view's texture (`snapshot`) and tells it when
/// its size changed (`size_allocate`). Registered once, on first use.
@MainActor
private let photoZoomWidgetType: GType = {
    var info = GTypeInfo()
    info.class_size = guint16(MemoryLayout<GtkWidgetClass>.size)
    info.instance_size = guint16(MemoryLayout<GtkWidget>.size)
    info.class_init = { klass, _ in
        let widgetClass = klass!.assumingMemoryBound(to: GtkWidgetClass.self)
        parentSizeAllocate = widgetClass.pointee.size_allocate
        widgetClass.pointee.snapshot = { widget, snapshot in
            guard let snapshot else { return }
            nonisolated(unsafe) let (target, drawing) = (widget, snapshot)
            MainActor.assumeIsolated { owner(of: target)?.snapshot(drawing) }
        }
        widgetClass.pointee.size_allocate = { widget, width, height, baseline in
            parentSizeAllocate?(widget, width, height, baseline)
            nonisolated(unsafe) let target = widget
            MainActor.assumeIsolated { owner(of: target)?.geometryChanged() }
        }
        gtk_widget_class_set_css_name(widgetClass, "photozoom")
        gtk_widget_class_set_accessible_role(widgetClass, GTK_ACCESSIBLE_ROLE_IMG)
    }
    return g_type_register_static(gtk_widget_get_type(), "GalleryPhotoZoom", &info, GTypeFlags(rawValue: 0))
}()
