import XCTest
import Foundation
import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewTestSupport
@testable import gallery

/// The viewer's zoomable photo in a real window, inside a parent that stands in for the
/// collection view: its own GtkGestureZoom, scroll and key controllers, which record what
/// reaches them. Input comes from xdotool (keys, double-clicks, Ctrl + wheel, drags). A
/// two-finger pinch cannot be sent under X11 (see NOTES-gtk-swift.md): the pinch's rule is
/// checked through the view's pinch handler and its decision function, the code the zoom
/// gesture's "scale-changed" runs.
final class PhotoZoomViewTests: XCTestCase {
    func testZoomLimitsAndKeys() throws { try MainActor.assumeIsolated {
        let stage = try PhotoZoomStage()
        defer { stage.close() }
        try stage.zoomLimitsAndKeys()
    } }

    func testDoubleClickTogglesFitAndOneToOneAroundTheClick() throws { try MainActor.assumeIsolated {
        let stage = try PhotoZoomStage()
        defer { stage.close() }
        try stage.doubleClickToggles()
    } }

    func testCtrlScrollDownAtFitReachesTheParentAndUpZooms() throws { try MainActor.assumeIsolated {
        let stage = try PhotoZoomStage()
        defer { stage.close() }
        try stage.ctrlScroll()
    } }

    func testPanningByDragScrollAndArrowsIsClamped() throws { try MainActor.assumeIsolated {
        let stage = try PhotoZoomStage()
        defer { stage.close() }
        try stage.panningClamps()
    } }

    func testThePinchRule() throws { try MainActor.assumeIsolated {
        let stage = try PhotoZoomStage()
        defer { stage.close() }
        stage.pinchRule()
    } }

    func testANewTextureKeepsTheViewOnlyForTheSameImage() throws { try MainActor.assumeIsolated {
        let stage = try PhotoZoomStage()
        defer { stage.close() }
        stage.textureReplacement()
    } }

    func testASharpDetailIsAskedForAndDrawnOverThePicture() throws { try MainActor.assumeIsolated {
        let stage = try PhotoZoomStage()
        defer { stage.close() }
        stage.detail()
    } }

    /// A photo decoded by `FullPhotoLoader` at the window's size, at fit (letterboxed, centred)
    /// and at 1:1 around a double-click with its sharp detail, then panned, saved to look at
    /// (CV_SCREENSHOT_DIR).
    func testAPhotoAtFitAndZoomedLooksRight() throws { try MainActor.assumeIsolated {
        let stage = try PhotoZoomStage()
        defer { stage.close() }
        try stage.photoScreenshots()
    } }

    /// Real two-finger pinches (GTK's Broadway backend, touches from headless Chromium: see
    /// scripts/photo-zoom-touch, which runs this test again in a process of its own as the
    /// photo's window): at fit a closing pinch is the parent's zoom gesture's, an opening one
    /// the photo's; zoomed, a closing pinch is the photo's and stops at fit. Skipped where
    /// Chromium, gtk4-broadwayd or Python's websocket client is missing.
    func testARealPinchFollowsTheRule() throws {
        if getenv("PHOTO_ZOOM_TOUCH_CHILD") != nil { return try MainActor.assumeIsolated { try PhotoZoomStage.showForTouch() } }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/photo-zoom-touch").path
        for tool in ["/usr/bin/chromium", "/usr/bin/gtk4-broadwayd", "/usr/bin/python3"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("no \(tool)")
        }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        check.arguments = ["-c", "import websocket"]
        try check.run()
        check.waitUntilExit()
        try XCTSkipUnless(check.terminationStatus == 0, "no python3-websocket")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, CommandLine.arguments[0]]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        print(text)
        XCTAssertEqual(process.terminationStatus, 0, text)
    }

    /// At scale 2 (GDK_SCALE=2, in a test process of its own: GDK reads it once), 1:1 means one
    /// image pixel per device pixel, half a logical pixel: a 2000 x 1400 image in a 500 x 350
    /// window fits at 0.5 and zooms to 1.0, where it is 1000 x 700 logical pixels; a
    /// 1000 x 700 image fits at 1:1 already and does not zoom. The process logs `viewer zoom=`.
    func testZoomLimitsAtScale2() throws {
        if getenv("PHOTO_ZOOM_SCALE") != nil { return try MainActor.assumeIsolated { try PhotoZoomStage.scale2Limits() } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["GalleryTests.PhotoZoomViewTests/testZoomLimitsAtScale2"]
        process.environment = ProcessInfo.processInfo.environment.merging(["GDK_SCALE": "2", "PHOTO_ZOOM_SCALE": "2", "GALLERY_LOG": "1"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("Executed 1 test, with 0 failures"), text)
        // The zoom's log line after each settled change (GALLERY_LOG set there): four steps in.
        let logged = text.split(separator: "\n").filter { $0.hasPrefix("viewer zoom=") }
        XCTAssertEqual(logged, ["viewer zoom=0.62", "viewer zoom=0.78", "viewer zoom=0.98", "viewer zoom=1.00"], text)
    }
}

/// A window with the photo inside a parent that records what reaches it.
@MainActor
private final class PhotoZoomStage {
    let window: UnsafeMutablePointer<GtkWidget>
    let parent: UnsafeMutablePointer<GtkWidget>
    let view: PhotoZoomView
    /// What reached the parent: scrolls (with Ctrl held or not, and dy), keys, pinch scales.
    var parentScrolls: [(ctrl: Bool, dy: Double)] = []
    var parentKeys: [UInt32] = []
    /// The moves the parent's drag (its pager's swipe) saw.
    var parentDragUpdates = 0
    var zoomChanges: [Double] = []
    static let imageSize = PixelSize(width: 1600, height: 1200)
    private static var windows = 0

    init(imageSize: PixelSize = PhotoZoomStage.imageSize, width: Int32 = 800, height: Int32 = 600) throws {
        guard GtkHarness.available else { throw XCTSkip("needs a display") }
        view = PhotoZoomView()  // GTK is up now
        window = gtk_window_new()!
        Self.windows += 1
        gtk_window_set_title(window.as(GtkWindow.self), "photo-zoom-\(getpid())-\(Self.windows)")
        gtk_window_set_default_size(window.as(GtkWindow.self), width, height)
        parent = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(parent.as(GtkBox.self), view.widget)
        gtk_window_set_child(window.as(GtkWindow.self), parent)

        // The stand-in for the collection view: its pinch driver, its scroll (Ctrl + wheel
        // returns to the grid, a plain wheel pages) and its keys (arrows page).
        let pinch = gtk_gesture_zoom_new()!
        gtk_widget_add_controller(parent, pinch)
        let wheel = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
        nonisolated(unsafe) let wheelController = wheel
        Signal.connectScroll(raw(wheel)) { [weak self] _, dy in
            let ctrl = gtk_event_controller_get_current_event_state(wheelController).rawValue & GDK_CONTROL_MASK.rawValue != 0
            self?.parentScrolls.append((ctrl, dy))
            return true
        }
        gtk_widget_add_controller(parent, wheel)
        let swipe = gtk_gesture_drag_new()!
        Signal.connectPoint(raw(swipe), "drag-update") { [weak self] _, _ in self?.parentDragUpdates += 1 }
        gtk_widget_add_controller(parent, swipe)
        let keys = gtk_event_controller_key_new()!
        Signal.connectKey(raw(keys)) { [weak self] keyval, _, _ in
            // Shift, Ctrl... (xdotool holds Shift for "plus") reach it too: not what is tested.
            guard !(UInt32(GDK_KEY_Shift_L)...UInt32(GDK_KEY_Hyper_R)).contains(keyval) else { return false }
            self?.parentKeys.append(keyval)
            return true
        }
        gtk_widget_add_controller(parent, keys)

        view.onZoomChanged = { [weak self] zoom in self?.zoomChanges.append(zoom) }
        view.setTexture(Self.quadrantTexture(imageSize), imageSize: imageSize)
        gtk_window_present(window.as(GtkWindow.self))
        // Under Broadway the window takes its size once a browser shows it (see `showForTouch`).
        if getenv("PHOTO_ZOOM_TOUCH_CHILD") == nil {
            GtkHarness.wait(for: "the photo to be laid out") { gtk_widget_get_width(view.widget) == width && gtk_widget_get_height(view.widget) == height }
        }
        gtk_widget_grab_focus(view.widget)
        GtkHarness.waitForFrames(2, of: window)
    }

    func close() {
        GtkHarness.close(window)
    }

    /// A picture of `size`: top-left quadrant red, top-right green, bottom-left blue,
    /// bottom-right grey.
    static func quadrantTexture(_ size: PixelSize) -> Texture {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(size.width), Int32(size.height))!
        defer { g_object_unref(raw(pixbuf)) }
        let (halfWidth, halfHeight) = (Int32(size.width / 2), Int32(size.height / 2))
        for (x, y, colour) in [(0, 0, 0xff0000ff as UInt32), (1, 0, 0x00ff00ff), (0, 1, 0x0000ffff), (1, 1, 0x808080ff)] {
            let part = gdk_pixbuf_new_subpixbuf(pixbuf, Int32(x) * halfWidth, Int32(y) * halfHeight, halfWidth, halfHeight)!
            gdk_pixbuf_fill(part, colour)
            g_object_unref(raw(part))
        }
        return Texture(adopting: gdk_texture_new_for_pixbuf(pixbuf)!)
    }

    /// The colour the window shows at a point of the photo widget (logical pixels).
    func colour(at x: Int, _ y: Int, name: String? = nil) -> String {
        let shot = GtkHarness.renderedPixels(of: view.widget, saveAs: name)
        let at = y * shot.stride + x * 4  // cairo's B, G, R, A
        return PhotoFixtures.colourName(r: Int(shot.bytes[at + 2]), g: Int(shot.bytes[at + 1]), b: Int(shot.bytes[at]))
    }

    /// The image point (image pixels) shown at a widget point.
    func imagePoint(at x: Double, _ y: Double) -> (x: Double, y: Double) {
        let rect = view.imageRect
        return ((x - rect.minX) / rect.width * Double(view.imageSize.width), (y - rect.minY) / rect.height * Double(view.imageSize.height))
    }

    func keys(_ names: String...) {
        for name in names { GtkHarness.keys(name) }
    }

    /// A point of the photo widget in the window's X coordinates.
    func windowPoint(_ x: Double, _ y: Double) -> (Int, Int) { GtkHarness.windowPoint(of: view.widget, x: x, y: y) }

    func assertRect(_ expected: Rect, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let rect = view.imageRect
        for (got, want, what) in [(rect.minX, expected.minX, "x"), (rect.minY, expected.minY, "y"),
                                  (rect.width, expected.width, "width"), (rect.height, expected.height, "height")] {
            XCTAssertEqual(got, want, accuracy: 0.01, "\(message): \(what) of \(rect)", file: file, line: line)
        }
    }

    // MARK: Checks

    /// Fit is 0.5 (1600 x 1200 in 800 x 600), contained and centred; `+`, `=` and keypad `+`
    /// zoom by steps up to 1:1 and no further; `-` and keypad `-` zoom out, `0` fits; arrows
    /// at fit reach the parent (they page), arrows while zoomed pan and do not.
    func zoomLimitsAndKeys() throws {
        XCTAssertEqual(view.zoom, 0.5, accuracy: 1e-9)
        XCTAssertTrue(view.isAtFit)
        assertRect(Rect(x: 0, y: 0, width: 800, height: 600), "at fit")
        XCTAssertEqual(colour(at: 200, 150, name: "photo-zoom-fit"), "red")
        XCTAssertEqual(colour(at: 600, 150), "green")
        XCTAssertEqual(colour(at: 200, 450), "blue")

        keys("plus")
        XCTAssertEqual(view.zoom, 0.625, accuracy: 1e-9)
        XCTAssertFalse(view.isAtFit)
        keys("equal", "KP_Add")
        XCTAssertEqual(view.zoom, 0.5 * 1.25 * 1.25 * 1.25, accuracy: 1e-9)
        keys("plus", "plus")
        XCTAssertEqual(view.zoom, 1, accuracy: 1e-9, "at most one image pixel per device pixel")
        assertRect(Rect(x: -400, y: -300, width: 1600, height: 1200), "1:1, centred")
        XCTAssertEqual(colour(at: 399, 299, name: "photo-zoom-one-to-one"), "red")
        XCTAssertEqual(colour(at: 401, 301), "other")  // grey, the bottom-right quadrant
        keys("minus")
        XCTAssertEqual(view.zoom, 0.8, accuracy: 1e-9)
        keys("KP_Subtract")
        XCTAssertEqual(view.zoom, 0.64, accuracy: 1e-9)
        keys("0")
        XCTAssertTrue(view.isAtFit)
        XCTAssertEqual(view.zoom, 0.5, accuracy: 1e-9)
        XCTAssertEqual(zoomChanges.count, 8, "five steps in (the last to 1:1, the sixth changes nothing), three out")
        XCTAssertEqual(parentKeys, [], "zoom keys are the photo's")

        keys("Left", "Right")
        XCTAssertEqual(parentKeys, [UInt32(GDK_KEY_Left), UInt32(GDK_KEY_Right)], "at fit the arrows page")
        keys("minus")  // nothing to zoom out of: the viewer's
        XCTAssertEqual(parentKeys.count, 3)
        parentKeys.removeAll()
        keys("plus", "plus", "plus", "plus")  // 1:1
        let before = view.imageRect
        keys("Right", "Down")
        XCTAssertEqual(view.imageRect.minX, before.minX - PhotoZoomView.panStep, accuracy: 0.01)
        XCTAssertEqual(view.imageRect.minY, before.minY - PhotoZoomView.panStep, accuracy: 0.01)
        keys("Left")
        XCTAssertEqual(view.imageRect.minX, before.minX, accuracy: 0.01)
        XCTAssertEqual(parentKeys, [], "while zoomed the arrows pan")
        XCTAssertEqual(PhotoZoomView.logLine(zoom: view.zoom), "viewer zoom=1.00")
        XCTAssertEqual(PhotoZoomView.logLine(zoom: 0.5), "viewer zoom=0.50")
    }

    /// A double-click at fit zooms to 1:1 keeping the image point under the pointer there; a
    /// second one returns to fit; the parent sees neither.
    func doubleClickToggles() throws {
        let held = imagePoint(at: 200, 150)
        GtkHarness.pointer(window, at: windowPoint(200, 150), then: ["click", "--repeat", "2", "--delay", "80", "1"])
        GtkHarness.wait(for: "the double-click to zoom") { view.zoom > 0.99 }
        XCTAssertEqual(view.zoom, 1, accuracy: 1e-9)
        let after = imagePoint(at: 200, 150)
        XCTAssertEqual(after.x, held.x, accuracy: 0.5)
        XCTAssertEqual(after.y, held.y, accuracy: 0.5)
        assertRect(Rect(x: -200, y: -150, width: 1600, height: 1200), "1:1 around the click")
        XCTAssertEqual(colour(at: 200, 150), "red")
        GtkHarness.letTimePass(0.5, because: "GTK's double-click time runs out: the next press is a first one")
        GtkHarness.xdotool(["click", "--repeat", "2", "--delay", "80", "1"])
        GtkHarness.wait(for: "the double-click to fit") { view.isAtFit }
        assertRect(Rect(x: 0, y: 0, width: 800, height: 600), "back at fit")
    }

    /// Ctrl + wheel down at fit is not the photo's: the parent gets it (the return to the
    /// grid); Ctrl + wheel up zooms around the pointer, and down again zooms out to fit, where
    /// the next notch down goes to the parent again.
    func ctrlScroll() throws {
        GtkHarness.pointer(window, at: windowPoint(600, 450))
        GtkHarness.xdotool(["keydown", "ctrl", "click", "5", "keyup", "ctrl"])
        XCTAssertEqual(parentScrolls.count, 1)
        XCTAssertEqual(parentScrolls.first?.ctrl, true)
        XCTAssertEqual(parentScrolls.first?.dy ?? 0, 1, accuracy: 1e-9)
        XCTAssertTrue(view.isAtFit)

        let held = imagePoint(at: 600, 450)
        GtkHarness.xdotool(["keydown", "ctrl", "click", "4", "keyup", "ctrl"])
        XCTAssertEqual(view.zoom, 0.625, accuracy: 1e-9)
        XCTAssertEqual(parentScrolls.count, 1, "zooming in is the photo's")
        let after = imagePoint(at: 600, 450)
        XCTAssertEqual(after.x, held.x, accuracy: 0.5, "the point under the pointer stays")
        XCTAssertEqual(after.y, held.y, accuracy: 0.5)

        GtkHarness.xdotool(["keydown", "ctrl", "click", "5", "keyup", "ctrl"])
        XCTAssertTrue(view.isAtFit)
        XCTAssertEqual(parentScrolls.count, 1, "zooming out to fit is the photo's")
        GtkHarness.xdotool(["keydown", "ctrl", "click", "5", "keyup", "ctrl"])
        XCTAssertEqual(parentScrolls.count, 2, "at fit again, Ctrl + wheel down is the parent's")
    }

    /// While zoomed a drag pans and stops with the picture's edge at the widget's edge; a
    /// plain wheel pans by a step; at fit both are the parent's (the wheel reaches it, and the
    /// drag is denied so the parent's swipe could page).
    func panningClamps() throws {
        GtkHarness.pointer(window, at: windowPoint(400, 300), then: ["click", "5"])
        XCTAssertEqual(parentScrolls.count, 1, "at fit the wheel is the parent's")
        XCTAssertEqual(parentScrolls.first?.ctrl, false)
        GtkHarness.xdotool(["mousedown", "1", "mousemove_relative", "--", "150", "0", "mouseup", "1"])
        XCTAssertGreaterThan(parentDragUpdates, 0, "at fit a drag is the parent's (it pages)")
        let parentMoves = parentDragUpdates
        assertRect(Rect(x: 0, y: 0, width: 800, height: 600), "not moved at fit")
        keys("plus", "plus", "plus", "plus")
        XCTAssertEqual(view.zoom, 1, accuracy: 1e-9)
        assertRect(Rect(x: -400, y: -300, width: 1600, height: 1200), "1:1")

        GtkHarness.xdotool(["mousedown", "1", "mousemove_relative", "--", "150", "100", "mouseup", "1"])
        assertRect(Rect(x: -250, y: -200, width: 1600, height: 1200), "dragged by (150, 100)")
        // Claimed on its first move: the parent's drag sees no move (GTK ends it at once).
        XCTAssertEqual(parentDragUpdates, parentMoves, "while zoomed the photo claims the drag")
        GtkHarness.pointer(window, at: windowPoint(100, 100), then: ["mousedown", "1", "mousemove_relative", "--", "600", "450", "mouseup", "1"])
        assertRect(Rect(x: 0, y: 0, width: 1600, height: 1200), "dragged far: the top-left corner stays at the widget's")
        XCTAssertEqual(colour(at: 5, 5, name: "photo-zoom-top-left"), "red")
        // Twice from the same place at once: the second press is a double-click's, which turns
        // into a drag and so does not toggle the zoom.
        GtkHarness.pointer(window, at: windowPoint(700, 500), then: ["mousedown", "1", "mousemove_relative", "--", "-650", "-480", "mouseup", "1"])
        GtkHarness.pointer(window, at: windowPoint(700, 500), then: ["mousedown", "1", "mousemove_relative", "--", "-650", "-480", "mouseup", "1"])
        XCTAssertEqual(view.zoom, 1, accuracy: 1e-9)
        assertRect(Rect(x: -800, y: -600, width: 1600, height: 1200), "the bottom-right corner stays at the widget's")

        GtkHarness.xdotool(["click", "4"])  // wheel up: the picture comes down by a step
        assertRect(Rect(x: -800, y: -600 + PhotoZoomView.panStep, width: 1600, height: 1200), "wheel up")
        GtkHarness.xdotool(["click", "5", "click", "5"])
        assertRect(Rect(x: -800, y: -600, width: 1600, height: 1200), "wheel down, clamped")
        XCTAssertEqual(parentScrolls.count, 1, "while zoomed the wheel is the photo's")

        // A narrow zoom (smaller than the widget across): centred across, free along.
        keys("0")
        view.setZoom(0.6)  // 960 x 720 logical: wider than 800, taller than 600
        view.setTexture(view.texture, imageSize: PixelSize(width: 1000, height: 1200))  // another proportion: fit
        XCTAssertTrue(view.isAtFit)
        view.setZoom(0.6)  // 600 x 720: narrower than the widget, taller
        GtkHarness.pointer(window, at: windowPoint(400, 300), then: ["mousedown", "1", "mousemove_relative", "--", "200", "-30", "mouseup", "1"])
        assertRect(Rect(x: 100, y: -90, width: 600, height: 720), "centred across, panned along")
    }

    /// At fit a closing pinch is denied (the parent's zoom gesture takes it and starts the
    /// return to the grid) and changes nothing; an opening one is claimed and zooms around the
    /// fingers; a pinch that began zoomed is claimed whichever way it goes and stops at fit.
    func pinchRule() {
        XCTAssertEqual(PhotoZoomView.pinchDecision(beganAtFit: true, canZoom: true, scale: 1), .undecided)
        XCTAssertEqual(PhotoZoomView.pinchDecision(beganAtFit: true, canZoom: true, scale: 0.97), .deny)
        XCTAssertEqual(PhotoZoomView.pinchDecision(beganAtFit: true, canZoom: true, scale: 1.03), .claim)
        XCTAssertEqual(PhotoZoomView.pinchDecision(beganAtFit: false, canZoom: true, scale: 0.5), .claim)
        XCTAssertEqual(PhotoZoomView.pinchDecision(beganAtFit: false, canZoom: true, scale: 1), .claim)
        XCTAssertEqual(PhotoZoomView.pinchDecision(beganAtFit: true, canZoom: false, scale: 1.5), .deny, "nothing to zoom: the parent's")

        XCTAssertEqual(view.pinchChanged(scale: 1, centre: Point(x: 200, y: 150)), .undecided)
        XCTAssertEqual(view.pinchChanged(scale: 0.9, centre: Point(x: 200, y: 150)), .deny)
        XCTAssertEqual(view.pinchChanged(scale: 1.5, centre: Point(x: 200, y: 150)), .deny, "decided once per pinch")
        XCTAssertTrue(view.isAtFit)
        view.pinchEnded()

        let held = imagePoint(at: 200, 150)
        XCTAssertEqual(view.pinchChanged(scale: 1.5, centre: Point(x: 200, y: 150)), .claim)
        XCTAssertEqual(view.zoom, 0.75, accuracy: 1e-9)
        let after = imagePoint(at: 200, 150)
        XCTAssertEqual(after.x, held.x, accuracy: 0.5, "around the fingers")
        XCTAssertEqual(after.y, held.y, accuracy: 0.5)
        XCTAssertEqual(view.pinchChanged(scale: 1.5, centre: Point(x: 260, y: 190)), .claim)
        let moved = imagePoint(at: 260, 190)
        XCTAssertEqual(moved.x, held.x, accuracy: 0.5, "the fingers moved: the point under them went with them")
        XCTAssertEqual(moved.y, held.y, accuracy: 0.5)
        XCTAssertEqual(view.pinchChanged(scale: 0.5, centre: Point(x: 200, y: 150)), .claim)
        XCTAssertTrue(view.isAtFit, "a pinch that zoomed in and closes again stops at fit")
        view.pinchEnded()

        view.setZoom(0.8)
        XCTAssertEqual(view.pinchChanged(scale: 0.9, centre: nil), .claim, "zoomed: a closing pinch only zooms out")
        XCTAssertEqual(view.zoom, 0.72, accuracy: 1e-9)
        XCTAssertEqual(view.pinchChanged(scale: 0.1, centre: nil), .claim)
        XCTAssertTrue(view.isAtFit)
        view.pinchEnded()
        XCTAssertEqual(view.pinchChanged(scale: 0.9, centre: nil), .deny, "the next pinch begins at fit")
        view.pinchEnded()
    }

    /// The same image again (the full picture replacing its thumbnail) keeps the zoom and the
    /// part shown; one of the same proportions at another size keeps the part and the size on
    /// screen; another proportion, and `reset()`, return to fit.
    func textureReplacement() {
        view.setZoom(1, around: Point(x: 200, y: 150))
        let rect = view.imageRect
        view.setTexture(Self.quadrantTexture(PixelSize(width: 160, height: 120)), imageSize: Self.imageSize)
        XCTAssertEqual(view.zoom, 1, accuracy: 1e-9)
        assertRect(rect, "the same image")
        XCTAssertEqual(colour(at: 200, 150, name: "photo-zoom-thumbnail"), "red")
        view.setTexture(view.texture, imageSize: PixelSize(width: 3200, height: 2400))
        XCTAssertEqual(view.zoom, 0.5, accuracy: 1e-9)
        assertRect(rect, "the same proportions, twice the pixels: the same on screen")
        view.setTexture(view.texture, imageSize: PixelSize(width: 1200, height: 1200))
        XCTAssertTrue(view.isAtFit)
        assertRect(Rect(x: 100, y: 0, width: 600, height: 600), "another proportion: fit, centred")
        view.setTexture(view.texture, imageSize: Self.imageSize)
        view.setZoom(1)
        view.reset()
        XCTAssertTrue(view.isAtFit)
        assertRect(Rect(x: 0, y: 0, width: 800, height: 600), "reset")
        // A resize keeps fit at fit.
        gtk_window_set_default_size(window.as(GtkWindow.self), 400, 600)
        GtkHarness.wait(for: "the narrower window") { gtk_widget_get_width(view.widget) == 400 }
        XCTAssertEqual(view.zoom, 0.25, accuracy: 1e-9)
        assertRect(Rect(x: 0, y: 150, width: 400, height: 300), "fit in the narrower window")
    }

    func photoScreenshots() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photo-zoom-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("photo.jpg").path
        // 3000 x 2000, with a fine grid (one line every 10 pixels) that shows how sharp 1:1 is.
        try PhotoFixtures.run("convert", ["-size", "3000x2000", "plasma:orange-purple", "-fill", "none", "-stroke", "white",
                                          "-draw", "path '" + stride(from: 0, to: 3000, by: 10).map { "M \($0),900 L \($0),1100" }.joined(separator: " ") + "'",
                                          "-stroke", "black", "-fill", "white", "-pointsize", "120", "-gravity", "center",
                                          "-annotate", "+0-300", "3000 x 2000", "-quality", "90", file])
        let loader = FullPhotoLoader(capacityBytes: 64 << 20)
        let size = PixelSize(width: 800, height: 600)  // the window, at scale 1
        let uri = PhotoFixtures.uri(Array(file.utf8))
        loader.request(uri, size: size, priority: .shown)
        GtkHarness.wait(for: "the photo") { loader.cached(uri, size: size) != nil }
        guard let photo = loader.cached(uri, size: size) else { return }
        XCTAssertEqual(photo.pixelSize, PixelSize(width: 800, height: 533))
        view.setTexture(photo.texture, imageSize: photo.imageSize)
        XCTAssertEqual(view.zoom, 800.0 / 3000, accuracy: 1e-9)
        assertRect(Rect(x: 0, y: 33.33, width: 800, height: 533.33), "fit: letterboxed, centred")
        GtkHarness.waitForFrames(2, of: window)
        GtkHarness.screenCapture(name: "photo-zoom-photo-fit")
        // The wiring the viewer's page makes: a settled zoom past the picture's pixels asks the
        // loader for a detail of what is shown, which the view draws over the picture.
        var details = 0
        view.onNeedsDetail = { [unowned self] in loader.requestDetail(uri, region: view.visibleRegion, scale: view.zoom) }
        loader.onDetailReady = { [unowned self] detail in
            details += 1
            view.setDetail(detail.photo.texture, region: detail.region)
        }
        GtkHarness.pointer(window, at: windowPoint(400, 300), then: ["click", "--repeat", "2", "--delay", "80", "1"])
        GtkHarness.wait(for: "1:1") { view.zoom > 0.99 }
        // The picture was decoded at the window's size: at 1:1 it is that texture enlarged
        // until the detail comes.
        assertRect(Rect(x: 400 - 1500, y: 300 - 1000, width: 3000, height: 2000), "1:1 around the centre")
        GtkHarness.wait(for: "the sharp detail") { details == 1 }
        XCTAssertFalse(view.needsDetail)
        GtkHarness.waitForFrames(2, of: window)
        GtkHarness.screenCapture(name: "photo-zoom-photo-one-to-one")
        GtkHarness.xdotool(["mousedown", "1", "mousemove_relative", "--", "-300", "-100", "mouseup", "1"])
        GtkHarness.wait(for: "the detail after the pan") { details == 2 }
        GtkHarness.waitForFrames(2, of: window)
        GtkHarness.screenCapture(name: "photo-zoom-photo-panned")
    }

    /// A picture with fewer pixels than the screen shows once zoomed (a thumbnail, or the
    /// window-sized picture at 1:1) asks for a detail when a zoom or pan settles, not at fit;
    /// the detail is drawn over the region it covers and no more is asked while it covers
    /// what is shown; a pan past it asks again; fit drops it.
    func detail() {
        var asked = 0
        view.onNeedsDetail = { asked += 1 }
        view.setTexture(Self.quadrantTexture(PixelSize(width: 160, height: 120)), imageSize: Self.imageSize)
        XCTAssertFalse(view.needsDetail, "at fit the picture is enough")
        keys("plus", "plus", "plus", "plus")
        XCTAssertEqual(view.zoom, 1, accuracy: 1e-9)
        XCTAssertTrue(view.needsDetail)
        XCTAssertEqual(asked, 4, "each settled step")
        let region = view.visibleRegion
        XCTAssertEqual(region, Rect(x: 400, y: 300, width: 800, height: 600))
        let white = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 800, 600)!
        gdk_pixbuf_fill(white, 0xffffffff)
        view.setDetail(Texture(adopting: gdk_texture_new_for_pixbuf(white)!), region: region)
        g_object_unref(raw(white))
        XCTAssertFalse(view.needsDetail)
        XCTAssertEqual(colour(at: 10, 10, name: "photo-zoom-detail"), "other")  // white
        XCTAssertEqual(colour(at: 790, 590), "other")
        keys("Right")  // the picture moves left by a step: the base shows at the right edge
        XCTAssertEqual(asked, 5)
        XCTAssertTrue(view.needsDetail)
        XCTAssertEqual(colour(at: 790, 590), "other")  // grey: the base's bottom-right quadrant
        XCTAssertEqual(colour(at: 790, 10), "green", "the base beyond the detail")
        XCTAssertEqual(colour(at: 10, 10), "other", "the detail, moved with the picture")
        keys("0")
        XCTAssertEqual(asked, 5, "no detail at fit")
        XCTAssertEqual(colour(at: 200, 150), "red", "the detail is dropped at fit")
    }

    /// Runs in scripts/photo-zoom-touch's process (see `testARealPinchFollowsTheRule`): shows
    /// the photo, prints what the photo and the parent's zoom gesture do, until told to stop.
    static func showForTouch() throws {
        let stage = try PhotoZoomStage()
        defer { stage.close() }
        let pinch = gtk_widget_observe_controllers(stage.parent).map { controllers -> OpaquePointer? in
            defer { g_object_unref(raw(controllers)) }
            for index in 0..<g_list_model_get_n_items(controllers) {
                let controller = g_list_model_get_item(controllers, index)!
                defer { g_object_unref(controller) }
                if g_type_check_instance_is_a(controller.assumingMemoryBound(to: GTypeInstance.self), gtk_gesture_zoom_get_type()) != 0 {
                    return OpaquePointer(controller)
                }
            }
            return nil
        } ?? nil
        guard let pinch else { return XCTFail("the parent has no zoom gesture") }
        func say(_ line: String) { print(line); fflush(nil) }
        Signal.connectPointer(raw(pinch), "begin") { say("parent pinch begin") }
        Signal.connectValue(raw(pinch), "scale-changed") { say("parent pinch scale=" + String(format: "%.4f", $0)) }
        Signal.connectPointer(raw(pinch), "end") { say("parent pinch end") }
        Signal.connectPointer(raw(pinch), "cancel") { say("parent pinch cancel") }
        stage.view.onZoomChanged = { say("photo zoom=" + String(format: "%.4f", $0)) }
        say("stage-shown")
        GtkHarness.wait(for: "the photo to be laid out", timeout: 60) { gtk_widget_get_width(stage.view.widget) > 300 }
        GtkHarness.waitForFrames(2, of: stage.window)
        // Where the photo's centre is in the window's surface, for the touches.
        let (width, height) = (Double(gtk_widget_get_width(stage.view.widget)), Double(gtk_widget_get_height(stage.view.widget)))
        let centre = GtkHarness.windowPoint(of: stage.view.widget, x: width / 2, y: height / 2)
        say("stage-ready fit=" + String(format: "%.4f", stage.view.fitZoom) + " x=\(centre.0) y=\(centre.1)")
        let done = String(cString: getenv("PHOTO_ZOOM_TOUCH_DONE"))
        GtkHarness.wait(for: "the touches to end", timeout: 120) { FileManager.default.fileExists(atPath: done) }
    }

    /// Runs in the GDK_SCALE=2 process (see `testZoomLimitsAtScale2`), in a 500 x 350 window
    /// (1000 x 700 device pixels: the test screen is 1280 x 800).
    static func scale2Limits() throws {
        let stage = try PhotoZoomStage(imageSize: PixelSize(width: 2000, height: 1400), width: 500, height: 350)
        defer { stage.close() }
        let view = stage.view
        XCTAssertEqual(gtk_widget_get_scale_factor(view.widget), 2)
        XCTAssertEqual(view.zoom, 0.5, accuracy: 1e-9)
        stage.assertRect(Rect(x: 0, y: 0, width: 500, height: 350), "fit at scale 2")
        stage.keys("plus", "plus", "plus", "plus")
        XCTAssertEqual(view.zoom, 1, accuracy: 1e-9)
        stage.assertRect(Rect(x: -250, y: -175, width: 1000, height: 700), "1:1 at scale 2: half a logical pixel an image pixel")
        _ = GtkHarness.renderedPixels(of: stage.window, deviceScale: true, saveAs: "photo-zoom-scale2-one-to-one")

        view.setTexture(PhotoZoomStage.quadrantTexture(PixelSize(width: 1000, height: 700)), imageSize: PixelSize(width: 1000, height: 700))
        XCTAssertTrue(view.isAtFit)
        XCTAssertEqual(view.zoom, 1, accuracy: 1e-9, "1000 x 700 device pixels fill the window at 1:1")
        XCTAssertFalse(view.canZoom)
        stage.keys("plus")
        XCTAssertEqual(view.zoom, 1, accuracy: 1e-9)
        XCTAssertEqual(stage.parentKeys, [UInt32(GDK_KEY_plus)], "nothing to zoom: not the photo's")
    }
}
