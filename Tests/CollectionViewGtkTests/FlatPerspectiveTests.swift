import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

/// Cards turned with perspective, as the gallery's cover flow turns them.
@MainActor
private func coverFlowCards(count: Int, spacing: Double = 150) -> [LayoutAttributes] {
    (0..<count).map { i in
        let a = LayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
        a.frame = Rect(x: 40 + Double(i) * spacing, y: 150, width: 200, height: 200)
        let offset = Double(i) - Double(count - 1) / 2
        a.transform3D = Transform3D(rotationAngle: max(-1, min(1, offset)) * .pi / 3, x: 0, y: 1, z: 0)
            .concatenating(Transform3D(perspectiveDistance: 600))
        a.zIndex = -Int(abs(offset) * 10)
        return a
    }
}

/// The pixels of `widget` as its own renderer draws them, and how many are GTK's hot pink
/// (255, 105, 180: what the cairo renderer paints for a transform it cannot draw).
@MainActor
private func hotPinkPixels(_ widget: WidgetPointer) -> (pink: Int, total: Int) {
    // B, G, R, A in memory, premultiplied (the cards are opaque).
    let (bytes, w, h, _) = GtkHarness.renderedPixels(of: widget)
    var pink = 0
    for i in stride(from: 0, to: bytes.count, by: 4)
    where abs(Int(bytes[i + 2]) - 255) <= 2 && abs(Int(bytes[i + 1]) - 105) <= 2 && abs(Int(bytes[i]) - 180) <= 2 {
        pink += 1
    }
    return (pink, w * h)
}

/// The type name of the renderer that draws `widget`'s window.
@MainActor
private func rendererName(_ widget: WidgetPointer) -> String {
    guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) else { return "none" }
    let instance = UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self)
    return String(cString: g_type_name(instance.pointee.g_class.pointee.g_type))
}

final class FlatPerspectiveTests: XCTestCase {
    /// Under the cairo renderer, cards turned with perspective are drawn (as their best 2D
    /// approximation), not as GTK's hot-pink "cannot draw this" rectangles.
    func testCoverFlowCardsDrawWithoutHotPinkUnderCairo() throws { try MainActor.assumeIsolated {
        let source = GridSource(counts: [6])
        let layout = FixedLayout()
        // And one seen edge-on, above the others: nothing to draw, nothing GTK complains of.
        let edgeOn = LayoutAttributes(forCellWith: IndexPath(item: 5, section: 0))
        edgeOn.frame = Rect(x: 650, y: 20, width: 100, height: 100)
        edgeOn.transform3D = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0).concatenating(Transform3D(perspectiveDistance: 600))
        layout.attributes = coverFlowCards(count: 5) + [edgeOn]
        let cv = makeCollectionView(layout, source)
        let window = GtkHarness.window(for: cv, width: 900, height: 500)
        defer { GtkHarness.close(window) }
        GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
        GtkHarness.waitForFrames(2, of: cv.viewport)  // drawn, so the renderer is GTK's choice
        let renderer = rendererName(cv.viewport)
        // Cairo gets 2D maps; GL keeps the perspective matrix (what a turned card's widget
        // transform says).
        for item in [0, 1, 3, 4] {
            let cell = cv.cellForItem(at: IndexPath(item: item, section: 0))!
            var matrix = graphene_matrix_t()
            XCTAssertNotEqual(gtk_widget_compute_transform(cell.widget, cv.canvas, &matrix), 0)
            XCTAssertEqual(graphene_matrix_is_2d(&matrix), renderer == "GskCairoRenderer", "card \(item) under \(renderer)")
        }
        guard renderer == "GskCairoRenderer" else {
            throw XCTSkip("the window draws with \(renderer), which draws perspective itself")
        }
        let (pink, total) = hotPinkPixels(cv.viewport)
        print("FlatPerspectiveTests: \(renderer), \(pink) hot-pink pixels of \(total)")
        GtkHarness.screenshot(cv.viewport, name: "cover-flow-cairo")
        XCTAssertGreaterThan(total, 0)
        XCTAssertEqual(pink, 0, "cells drawn as hot pink: the renderer was handed a perspective matrix")
        // Picking goes through every view's transform: the pointer over the edge-on card, and
        // over a turned one.
        XCTAssertNotNil(cv.cellForItem(at: IndexPath(item: 5, section: 0)))
        GtkHarness.pointer(window, at: GtkHarness.windowPoint(of: cv.viewport, x: 700, y: 70))
        GtkHarness.pointer(window, at: GtkHarness.windowPoint(of: cv.viewport, x: 140, y: 250))
    }}

    /// The affine fit puts each corner close to where the perspective transform projects it:
    /// within 2 px for moderate turns of a 100x80 view; a 2D transform comes back unchanged.
    func testCornerFitOfPerspectiveTransforms() {
        let (w, h) = (100.0, 80.0)
        let corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (-w / 2, h / 2), (w / 2, h / 2)]
        func worstCorner(_ t: Transform3D) -> Double {
            let fit = flattened(t, width: w, height: h)
            XCTAssertTrue(fit.isAffine2D, "\(t) flattens to a 2D map")
            return corners.map { c in
                let exact = t.apply(to: (c.0, c.1, 0))!, approx = fit.apply(to: (c.0, c.1, 0))!
                return ((exact.x - approx.x) * (exact.x - approx.x) + (exact.y - approx.y) * (exact.y - approx.y)).squareRoot()
            }.max()!
        }
        let moderate: [(String, Transform3D)] = [
            ("15° about y, d 600", Transform3D(rotationAngle: .pi / 12, x: 0, y: 1, z: 0).concatenating(Transform3D(perspectiveDistance: 600))),
            ("-20° about y, d 800", Transform3D(rotationAngle: -.pi / 9, x: 0, y: 1, z: 0).concatenating(Transform3D(perspectiveDistance: 800))),
            ("15° about x, d 500", Transform3D(rotationAngle: .pi / 12, x: 1, y: 0, z: 0).concatenating(Transform3D(perspectiveDistance: 500))),
            ("10° about (1, 1, 0), scaled, moved, d 700", Transform3D(scaleX: 1.2, y: 0.9)
                .concatenating(Transform3D(rotationAngle: .pi / 18, x: 1, y: 1, z: 0))
                .concatenating(Transform3D(translationX: 12, y: -7))
                .concatenating(Transform3D(perspectiveDistance: 700))),
            ("no turn, d 600", Transform3D(rotationAngle: 0, x: 0, y: 1, z: 0).concatenating(Transform3D(perspectiveDistance: 600))),
        ]
        for (name, t) in moderate {
            let error = worstCorner(t)
            print("FlatPerspectiveTests: corner fit, \(name): worst corner off by \(error) px")
            XCTAssertLessThan(error, 2, name)
        }
        // The cover flow's 60° turn: a trapezoid no affine map reaches, but the fit stays
        // within the difference between its near and far edges.
        let steep = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0).concatenating(Transform3D(perspectiveDistance: 600))
        print("FlatPerspectiveTests: corner fit, 60° about y, d 600: worst corner off by \(worstCorner(steep)) px")
        XCTAssertLessThan(worstCorner(steep), 6)

        let flat2D = Transform3D(scaleX: 1.3, y: 0.8).concatenating(Transform3D(rotationAngle: 0.9, x: 0, y: 0, z: 1))
            .concatenating(Transform3D(translationX: 7, y: -3))
        XCTAssertEqual(flattened(flat2D, width: w, height: h), flat2D, "a 2D transform is drawn as it is")
        XCTAssertEqual(flattened(.identity, width: w, height: h), .identity)
    }

    /// Edge-on (turned 90°), behind the eye, or scaled to nothing: an invertible tiny scale,
    /// which GTK can place and pick through, instead of a singular map.
    func testDegenerateTransformsFlattenToATinyScale() {
        let edgeOn = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0).concatenating(Transform3D(perspectiveDistance: 600))
        let behind = Transform3D(translationX: 0, y: 0, z: 700).concatenating(Transform3D(perspectiveDistance: 600))
        let squashed = Transform3D(scaleX: 0, y: 1)
        for t in [edgeOn, behind, squashed] {
            let fit = flattened(t, width: 200, height: 200)
            XCTAssertTrue(fit.isAffine2D)
            let det = fit.m11 * fit.m22 - fit.m12 * fit.m21
            XCTAssertGreaterThan(abs(det), 0, "\(t) stays invertible")
            XCTAssertLessThan(abs(det), 1e-4, "\(t) is too small to see")
        }
    }

    /// Placed flat, mirrored or not, GSK's transform is 2D (cairo draws it) and puts the
    /// corners where the fitted map says, about the frame's centre.
    func testFlatPlacementIsTwoDimensionalAndMirrors() {
        let attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        attributes.frame = Rect(x: 100, y: 50, width: 80, height: 40)
        attributes.transform3D = Transform3D(rotationAngle: 0.3, x: 0, y: 1, z: 0).concatenating(Transform3D(perspectiveDistance: 600))
        let fit = flattened(attributes.transform3D, width: 80, height: 40)
        for mirrored in [false, true] {
            let (_, transform) = placement(attributes, offset: Point(x: 10, y: 20), mirrored: mirrored, flat: true)
            defer { gsk_transform_unref(transform) }
            XCTAssertGreaterThanOrEqual(gsk_transform_get_category(transform).rawValue, GSK_TRANSFORM_CATEGORY_2D.rawValue)
            let (_, exact) = placement(attributes, offset: Point(x: 10, y: 20), mirrored: mirrored)
            defer { gsk_transform_unref(exact) }
            XCTAssertLessThan(gsk_transform_get_category(exact).rawValue, GSK_TRANSFORM_CATEGORY_2D.rawValue)
            for (x, y) in [(0.0, 0.0), (80.0, 0.0), (0.0, 40.0), (80.0, 40.0)] {
                var p = graphene_point_t(x: Float(x), y: Float(y)), out = graphene_point_t()
                gsk_transform_transform_point(transform, &p, &out)
                let mapped = fit.apply(to: (mirrored ? 40 - x : x - 40, y - 20, 0))!
                XCTAssertEqual(Double(out.x), mapped.x + 40 + 90, accuracy: 0.01, "mirrored \(mirrored), corner (\(x), \(y))")
                XCTAssertEqual(Double(out.y), mapped.y + 20 + 30, accuracy: 0.01, "mirrored \(mirrored), corner (\(x), \(y))")
            }
        }
    }
}
