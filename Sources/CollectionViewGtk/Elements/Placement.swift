import CGtk
import CCollectionHost
import CollectionLayout
import Foundation

/// A view's last allocation. GTK makes the canvas re-place every child whenever it adds one, so
/// a view whose attributes and canvas origin are unchanged hands GTK the same GskTransform again:
/// no arithmetic, no new transform, and GTK's own comparison is a pointer check.
final class Placement {
    private var attributes: LayoutAttributes?
    private var origin = Point.zero
    private var size: (Int32, Int32) = (0, 0)
    private var transform: OpaquePointer?
    private var mirrored = false
    private var flat = false

    @MainActor
    func place(_ widget: WidgetPointer, _ attributes: LayoutAttributes, origin: Point, mirrored: Bool = false) {
        // Only a transform that would go in as a matrix asks the renderer (2D steps draw
        // everywhere); a view not realized yet keeps its matrix and is placed again once it is.
        let t = attributes.transform3D
        let flat = (!t.isAffine2D || t.m11 == 0 && t.m12 == 0) && rendererDrawsPerspective(widget) == false
        if self.attributes !== attributes || self.origin != origin || self.mirrored != mirrored || self.flat != flat || transform == nil {
            if let transform { gsk_transform_unref(transform) }
            (size, transform) = placement(attributes, offset: origin, mirrored: mirrored, flat: flat)
            self.attributes = attributes
            self.origin = origin
            self.mirrored = mirrored
            self.flat = flat
        }
        cv_canvas_place_child(widget, size.0, size.1, transform)  // remembered: the canvas places it there again
    }

    deinit {
        if let transform { gsk_transform_unref(transform) }
    }
}

/// The size and transform that put `attributes` on screen, shifted by minus `offset`, with the
/// 3D transform applied about the frame's centre, as UIKit does.
///
/// `mirrored`: the canvas is flipped (right to left), so the view flips its content back
/// about its centre (the text reads the right way) and its transform turns the mirrored way.
///
/// `flat`: the renderer cannot draw depth (cairo), so the transform goes in as the 2D affine
/// map closest to it (`flattened`) rather than as a matrix it would paint hot pink.
func placement(_ attributes: LayoutAttributes, offset: Point, mirrored: Bool = false, flat: Bool = false) -> ((Int32, Int32), OpaquePointer?) {
    let frame = attributes.frame
    let width = max(0, Int32(frame.width.rounded())), height = max(0, Int32(frame.height.rounded()))
    // Subtracting in Double keeps precision far down a ten-million-item list.
    var origin = graphene_point_t(x: Float(frame.minX - offset.x), y: Float(frame.minY - offset.y))
    var transform = gsk_transform_translate(nil, &origin)
    let t = flat ? flattened(attributes.transform3D, width: Double(width), height: Double(height)) : attributes.transform3D
    if !t.isIdentity || mirrored {
        var centre = graphene_point_t(x: Float(width) / 2, y: Float(height) / 2)
        var back = graphene_point_t(x: -centre.x, y: -centre.y)
        transform = gsk_transform_translate(transform, &centre)
        if !t.isIdentity { transform = appendTransform(t, to: transform) }
        if mirrored { transform = gsk_transform_scale(transform, -1, 1) }
        transform = gsk_transform_translate(transform, &back)
    }
    return ((width, height), transform)
}

/// Appends `t` to a GSK transform chain. A 2D affine transform goes in as GSK's own steps
/// (translate, rotate, skew, scale), which every renderer draws, the software one included;
/// anything with depth or perspective goes in as a matrix, which needs the GL renderer.
func appendTransform(_ t: Transform3D, to chain: OpaquePointer?) -> OpaquePointer? {
    var chain = chain
    let is2D = t.isAffine2D
    let (a, b, c, d) = (t.m11, t.m12, t.m21, t.m22)
    let sx = (a * a + b * b).squareRoot()
    guard is2D, sx > 0 else {
        var matrix = graphene_matrix_t()
        let values = t.rowMajor.map { Float($0) }
        values.withUnsafeBufferPointer { _ = graphene_matrix_init_from_float(&matrix, $0.baseAddress) }
        return gsk_transform_matrix(chain, &matrix)
    }
    // Row-vector M = Scale(sx, sy) * SkewX(k / sy) * Rotate(theta), then the translation.
    let theta = atan2(b, a)
    let (cosT, sinT) = (cos(theta), sin(theta))
    let k = c * cosT + d * sinT
    let sy = -c * sinT + d * cosT
    if t.m41 != 0 || t.m42 != 0 {
        var move = graphene_point_t(x: Float(t.m41), y: Float(t.m42))
        chain = gsk_transform_translate(chain, &move)
    }
    if theta != 0 { chain = gsk_transform_rotate(chain, Float(theta * 180 / .pi)) }
    if k != 0 && sy != 0 { chain = gsk_transform_skew(chain, Float(atan(k / sy) * 180 / .pi), 0) }
    if sx != 1 || sy != 1 { chain = gsk_transform_scale(chain, Float(sx), Float(sy)) }
    return chain
}
