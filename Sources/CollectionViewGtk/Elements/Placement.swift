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
/// wide) is clipped and allocated only the part that can show (`clippedPart`): with a 2D
/// transform, the part the transform brings within reach, placed by one small translation
/// worked out in doubles; with perspective, the part within reach before the transform (see
/// `clippedPart`).
///
/// `mirrored`: the canvas is flipped (right to left), so the view flips its content back
/// about its centre (the text reads the right way) and its transform turns the mirrored way.
///
/// `flat`: the renderer cannot draw depth (cairo), so the transform goes in as the 2D affine
/// map closest to it (`flattened`) rather than as a matrix it would paint hot pink.
func placement(_ attributes: LayoutAttributes, offset: Point, mirrored: Bool = false, flat: Bool = false) -> ((Int32, Int32), OpaquePointer?) {
    let whole = attributes.frame
    let relative = Rect(x: whole.minX - offset.x, y: whole.minY - offset.y, width: whole.width, height: whole.height)
    let fits = clippedToReach(relative) == relative
    // Flattened for the view's allocated size, the whole frame's when it is clipped.
    let t = flat ? flattened(attributes.transform3D, width: fits ? relative.width.rounded() : whole.width,
                             height: fits ? relative.height.rounded() : whole.height) : attributes.transform3D
    if !fits, !t.isIdentity { return clippedPlacement(relative, t, mirrored: mirrored) }
    let frame = fits ? relative : clippedToReach(relative)
    let width = max(0, Int32(frame.width.rounded())), height = max(0, Int32(frame.height.rounded()))
    var origin = graphene_point_t(x: Float(frame.minX), y: Float(frame.minY))
    var transform = gsk_transform_translate(nil, &origin)
    guard !t.isIdentity || mirrored else { return ((width, height), transform) }
    var centre = graphene_point_t(x: Float(width) / 2, y: Float(height) / 2)
    var back = graphene_point_t(x: -centre.x, y: -centre.y)
    transform = gsk_transform_translate(transform, &centre)
    if !t.isIdentity { transform = appendTransform(t, to: transform) }
    if mirrored { transform = gsk_transform_scale(transform, -1, 1) }
    transform = gsk_transform_translate(transform, &back)
    return ((width, height), transform)
}

/// A frame past `placementReach` with a transform (`relative`: the whole frame, relative to
/// the canvas). The view is allocated the part `clippedPart` says and placed so that a point of
/// it lands where the whole frame's transform about its centre puts that point: with a 2D
/// transform the net translation, centre + T(part − centre), is worked out in doubles (the
/// whole frame's centre may lie 1e9 px away, which a Float cannot hold to the pixel) and GSK
/// gets it as one small translation plus the linear part.
private func clippedPlacement(_ relative: Rect, _ t: Transform3D, mirrored: Bool) -> ((Int32, Int32), OpaquePointer?) {
    let part = clippedPart(of: relative, transformedBy: t)
    let width = max(0, Int32(part.width.rounded())), height = max(0, Int32(part.height.rounded()))
    let half = (x: Double(width) / 2, y: Double(height) / 2)
    var back = graphene_point_t(x: -Float(half.x), y: -Float(half.y))
    // The part's centre, from the whole frame's centre.
    let dx = part.minX + half.x - relative.midX, dy = part.minY + half.y - relative.midY
    var transform: OpaquePointer?
    if t.isAffine2D {
        // Where the part's centre lands: centre + L(d) + the transform's own translation.
        var landing = graphene_point_t(x: Float(relative.midX + dx * t.m11 + dy * t.m21 + t.m41),
                                       y: Float(relative.midY + dx * t.m12 + dy * t.m22 + t.m42))
        var linear = t
        (linear.m41, linear.m42) = (0, 0)
        transform = appendTransform(linear, to: gsk_transform_translate(nil, &landing))
    } else {
        // Perspective about the whole frame's centre, as a matrix: kept simple (see `clippedPart`).
        var centre = graphene_point_t(x: Float(relative.midX), y: Float(relative.midY))
        var fromCentre = graphene_point_t(x: Float(dx), y: Float(dy))
        transform = appendTransform(t, to: gsk_transform_translate(nil, &centre))
        transform = gsk_transform_translate(transform, &fromCentre)
    }
    if mirrored { transform = gsk_transform_scale(transform, -1, 1) }
    return ((width, height), gsk_transform_translate(transform, &back))
}

/// The part of `frame` (relative to the canvas, past `placementReach`) that a view transformed
/// by `t` about the frame's centre is allocated: with an invertible 2D transform, the part that
/// the transform brings within reach (a cell 3e9 px wide scaled to half about its centre shows
/// the part around its middle), at most `2 × placementReach` on a side, about the point that
/// lands on the canvas's anchor if more would be in reach (a frame scaled far down). Otherwise
/// (perspective, or no area) the part within reach before the transform, as without one: a
/// frame larger than GTK allocates seen in perspective is not drawn where it should be, a case
/// no layout in practice makes.
func clippedPart(of frame: Rect, transformedBy t: Transform3D) -> Rect {
    let det = t.m11 * t.m22 - t.m12 * t.m21
    guard t.isAffine2D, abs(det) > 1e-12 else { return clippedToReach(frame) }
    // Back through the transform: u = centre + L⁻¹(s − centre − translation).
    let c = (x: frame.midX, y: frame.midY)
    func back(_ sx: Double, _ sy: Double) -> (x: Double, y: Double) {
        let (vx, vy) = (sx - c.x - t.m41, sy - c.y - t.m42)
        // Row vectors: [x y] · [[m11 m12] [m21 m22]]; its inverse's rows are [m22 −m12] [−m21 m11] / det.
        return (c.x + (vx * t.m22 - vy * t.m21) / det, c.y + (-vx * t.m12 + vy * t.m11) / det)
    }
    let r = placementReach
    let corners = [back(-r, -r), back(r, -r), back(-r, r), back(r, r)]
    var minX = max(frame.minX, corners.map(\.x).min()!), maxX = min(frame.maxX, corners.map(\.x).max()!)
    var minY = max(frame.minY, corners.map(\.y).min()!), maxY = min(frame.maxY, corners.map(\.y).max()!)
    guard minX < maxX, minY < maxY else {
        // Nothing of it comes within reach: no size, where the clip would have put it.
        let edge = clippedToReach(frame)
        return Rect(x: edge.minX, y: edge.minY, width: 0, height: 0)
    }
    // More than a view can be allocated: the part about what lands on the anchor.
    let focus = back(placementFocus, placementFocus)
    if maxX - minX > 2 * r {
        minX = min(max(focus.x - r, minX), maxX - 2 * r)
        maxX = minX + 2 * r
    }
    if maxY - minY > 2 * r {
        minY = min(max(focus.y - r, minY), maxY - 2 * r)
        maxY = minY + 2 * r
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
}

/// Where the canvas holds the anchor, on both axes: the viewport is near.
let placementFocus = CollectionView.anchorMargin

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
