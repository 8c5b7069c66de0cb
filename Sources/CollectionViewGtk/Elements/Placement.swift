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

/// How far either side of the canvas origin a view may reach; a frame beyond is clipped to it.
/// More than the canvas spans (2 x `anchorMargin` + the viewport), so nothing that shows is cut;
/// within what GTK's 32-bit allocations, Pango's units (1/1024 px in an int) and cairo's 24.8
/// fixed point hold; and a Float still places it to an eighth of a pixel.
let placementReach = 262_144.0

/// `frame` clipped to `placementReach` either side of the origin on each axis (relative to the
/// canvas); the frame itself when it fits. A frame wholly outside gets no size, at the edge.
func clippedToReach(_ frame: Rect) -> Rect {
    let r = placementReach
    guard frame.minX < -r || frame.maxX > r || frame.minY < -r || frame.maxY > r else { return frame }
    let minX = min(max(frame.minX, -r), r), maxX = max(min(frame.maxX, r), -r)
    let minY = min(max(frame.minY, -r), r), maxY = max(min(frame.maxY, r), -r)
    return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
}

/// The size and transform that put `attributes` on screen, shifted by minus `offset`, with the
/// 3D transform applied about the frame's centre, as UIKit does.
///
/// The frame goes relative to `offset` in doubles first (exact wherever the layout's frame is,
/// 1e15 px down included); a frame reaching past `placementReach` from there (a cell 3e9 px
/// wide) is clipped to it and allocated that, its transform still about the whole frame's centre.
///
/// `mirrored`: the canvas is flipped (right to left), so the view flips its content back
/// about its centre (the text reads the right way) and its transform turns the mirrored way.
///
/// `flat`: the renderer cannot draw depth (cairo), so the transform goes in as the 2D affine
/// map closest to it (`flattened`) rather than as a matrix it would paint hot pink.
func placement(_ attributes: LayoutAttributes, offset: Point, mirrored: Bool = false, flat: Bool = false) -> ((Int32, Int32), OpaquePointer?) {
    let whole = attributes.frame
    let relative = Rect(x: whole.minX - offset.x, y: whole.minY - offset.y, width: whole.width, height: whole.height)
    let frame = clippedToReach(relative)
    let clipped = frame != relative
    let width = max(0, Int32(frame.width.rounded())), height = max(0, Int32(frame.height.rounded()))
    var origin = graphene_point_t(x: Float(frame.minX), y: Float(frame.minY))
    var transform = gsk_transform_translate(nil, &origin)
    let t = flat ? flattened(attributes.transform3D, width: clipped ? whole.width : Double(width), height: clipped ? whole.height : Double(height))
        : attributes.transform3D
    guard !t.isIdentity || mirrored else { return ((width, height), transform) }
    var centre = graphene_point_t(x: Float(width) / 2, y: Float(height) / 2)
    var back = graphene_point_t(x: -centre.x, y: -centre.y)
    if clipped, !t.isIdentity {
        // About the whole frame's centre, which may lie far outside the clipped part.
        var wholeCentre = graphene_point_t(x: Float(relative.midX - frame.minX), y: Float(relative.midY - frame.minY))
        var wholeBack = graphene_point_t(x: -wholeCentre.x, y: -wholeCentre.y)
        transform = appendTransform(t, to: gsk_transform_translate(transform, &wholeCentre))
        transform = gsk_transform_translate(transform, &wholeBack)
        guard mirrored else { return ((width, height), transform) }
        transform = gsk_transform_translate(transform, &centre)
        transform = gsk_transform_scale(transform, -1, 1)
        return ((width, height), gsk_transform_translate(transform, &back))
    }
    transform = gsk_transform_translate(transform, &centre)
    if !t.isIdentity { transform = appendTransform(t, to: transform) }
    if mirrored { transform = gsk_transform_scale(transform, -1, 1) }
    transform = gsk_transform_translate(transform, &back)
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
