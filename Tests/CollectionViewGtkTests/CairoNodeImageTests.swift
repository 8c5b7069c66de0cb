import XCTest
import CGtk
import GtkGlue
import CCollectionHost
import CollectionViewTestSupport

/// `cv_cairo_node_holding` (cairo_node_image.c): on a GTK it was verified on, the cairo node
/// holds the image itself (a private field written, checked); on any other GTK, or when the
/// version is pretended to be another, the node holds a recording of painting the image. Both
/// draw the same pixels, under the renderer the tests run with (cairo or GL) and through
/// cairo directly (what the cairo renderer does with a node).
final class CairoNodeImageTests: XCTestCase {
    /// A 40x30 image of four quadrants (red, green, blue, half-transparent white), meant for
    /// the node's bounds at (10, 20): its device offset places it there.
    static let bounds = graphene_rect_t(origin: graphene_point_t(x: 10, y: 20), size: graphene_size_t(width: 40, height: 30))
    /// The quadrants' colours as the renderers hand them out: premultiplied B, G, R, A.
    static let quadrants: [[UInt8]] = [[0, 0, 255, 255], [0, 255, 0, 255], [255, 0, 0, 255], [128, 128, 128, 128]]
    static let side = 64

    static func image() -> OpaquePointer {
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 40, 30)!
        let cr = cairo_create(image)!
        let colours: [(Double, Double, Double, Double)] = [(1, 0, 0, 1), (0, 1, 0, 1), (0, 0, 1, 1), (1, 1, 1, 0.5)]
        for (index, colour) in colours.enumerated() {
            cairo_set_source_rgba(cr, colour.0, colour.1, colour.2, colour.3)
            cairo_rectangle(cr, Double(index % 2) * 20, Double(index / 2) * 15, 20, 15)
            cairo_fill(cr)
        }
        cairo_destroy(cr)
        cairo_surface_flush(image)
        cairo_surface_set_device_offset(image, -10, -20)
        return image
    }

    /// What `node` draws in a 64x64 area, premultiplied BGRA, through `renderer`.
    @MainActor
    static func rendered(_ node: OpaquePointer, by renderer: OpaquePointer) -> [UInt8] {
        var area = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(side), height: Float(side)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &area) else { return [] }
        defer { g_object_unref(raw(texture)) }
        var bytes = [UInt8](repeating: 0, count: side * side * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(side * 4)) }
        return bytes
    }

    /// What `node` draws in a 64x64 image through cairo (gsk_render_node_draw).
    static func drawn(_ node: OpaquePointer) -> [UInt8] {
        let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side))!
        defer { cairo_surface_destroy(target) }
        let cr = cairo_create(target)!
        gsk_render_node_draw(node, cr)
        cairo_destroy(cr)
        cairo_surface_flush(target)
        let stride = Int(cairo_image_surface_get_stride(target))
        let data = cairo_image_surface_get_data(target)!
        return (0..<side).flatMap { y in (0..<(side * 4)).map { data[y * stride + $0] } }
    }

    /// The quadrants where the bounds put them, nothing around them.
    static func checkPixels(_ bytes: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(bytes.count, side * side * 4, what, file: file, line: line)
        guard bytes.count == side * side * 4 else { return }
        var wrong = 0, first = ""
        for y in 0..<side {
            for x in 0..<side {
                let inside = x >= 10 && x < 50 && y >= 20 && y < 50
                let expected = inside ? quadrants[(x - 10) / 20 + 2 * ((y - 20) / 15)] : [0, 0, 0, 0]
                let pixel = Array(bytes[(y * side + x) * 4..<(y * side + x) * 4 + 4])
                // Half-transparent white is 127.5 of 255: either rounding.
                if zip(pixel, expected).contains(where: { abs(Int($0) - Int($1)) > 1 }) {
                    if wrong == 0 { first = "(\(x), \(y)): \(pixel), expected \(expected)" }
                    wrong += 1
                }
            }
        }
        XCTAssertEqual(wrong, 0, "\(what): \(wrong) pixels differ, first at \(first)", file: file, line: line)
    }

    override func tearDown() {
        cv_cairo_node_image_pretend_version(0, 0, 0)
        super.tearDown()
    }

    func testOnThisGtkTheNodeHoldsTheImageAndThePublicWayDrawsTheSame() { MainActor.assumeIsolated {
        precondition(GtkHarness.available, "GTK could not open a display: run the tests under xvfb-run")
        // A window for a realized renderer: cairo or GL, as the test run chose.
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.as(GtkWindow.self), 100, 100)
        gtk_window_present(window.as(GtkWindow.self))
        defer { GtkHarness.close(window) }
        XCTAssertTrue(GtkHarness.pump { gtk_widget_get_realized(window) != 0 })
        let renderer = gtk_native_get_renderer(gtk_widget_get_native(window))!

        let image = Self.image()
        defer { cairo_surface_destroy(image) }
        var bounds = Self.bounds

        // The real GTK: installed here is 4.8.3, the version verified.
        let version = (gtk_get_major_version(), gtk_get_minor_version(), gtk_get_micro_version())
        let verified = cv_cairo_node_image_verified(version.0, version.1, version.2) != 0
        XCTAssertEqual(verified, version == (4, 8, 3), "GTK \(version)")
        let held = cv_cairo_node_holding(image, &bounds)!
        XCTAssertEqual(gsk_cairo_node_get_surface(held) == image, verified, "the node holds the image itself where verified")
        XCTAssertEqual(cv_cairo_node_holds_images() != 0, verified)
        if verified { XCTAssertEqual(cairo_surface_get_reference_count(image), 2, "the node references the image it holds") }
        let heldRendered = Self.rendered(held, by: renderer), heldDrawn = Self.drawn(held)
        Self.checkPixels(heldRendered, "held, \(GtkHarness.typeName(of: renderer))")
        Self.checkPixels(heldDrawn, "held, drawn with cairo")
        gsk_render_node_unref(held)
        XCTAssertEqual(cairo_surface_get_reference_count(image), 1, "freeing the node lets the image go")

        // A GTK not on the list: the public way, a recording of painting the image.
        cv_cairo_node_image_pretend_version(4, 10, 0)
        XCTAssertEqual(cv_cairo_node_image_verified(4, 10, 0), 0)
        let recorded = cv_cairo_node_holding(image, &bounds)!
        defer { gsk_render_node_unref(recorded) }
        let surface = gsk_cairo_node_get_surface(recorded)
        XCTAssertTrue(surface != image)
        XCTAssertEqual(surface.map { cairo_surface_get_type($0) }, CAIRO_SURFACE_TYPE_RECORDING)
        XCTAssertEqual(cv_cairo_node_holds_images(), 0)
        let recordedRendered = Self.rendered(recorded, by: renderer), recordedDrawn = Self.drawn(recorded)
        Self.checkPixels(recordedRendered, "recorded, \(GtkHarness.typeName(of: renderer))")
        Self.checkPixels(recordedDrawn, "recorded, drawn with cairo")
        XCTAssertTrue(recordedRendered == heldRendered, "the public way renders the same pixels")
        XCTAssertTrue(recordedDrawn == heldDrawn, "the public way draws the same pixels")

        // The real version again: held again where verified.
        cv_cairo_node_image_pretend_version(0, 0, 0)
        let again = cv_cairo_node_holding(image, &bounds)!
        XCTAssertEqual(gsk_cairo_node_get_surface(again) == image, verified)
        gsk_render_node_unref(again)
    }}
}
