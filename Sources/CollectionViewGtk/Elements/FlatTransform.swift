import CGtk
import CollectionLayout

/// Whether the renderer drawing `widget` can draw a perspective (non-2D) transform. GSK's GL
/// renderers can; the cairo renderer (and the Vulkan one, through cairo) paints a hot-pink
/// rectangle instead. Nil while the widget has no renderer yet (not realized).
@MainActor
func rendererDrawsPerspective(_ widget: WidgetPointer) -> Bool? {
    guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) else { return nil }
    let type = UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
    // One renderer per window and few windows: remember the last answer, so a placement
    // costs a type comparison and no string work.
    if type == RendererKind.lastType { return RendererKind.lastAnswer }
    let name = String(cString: g_type_name(type))
    RendererKind.lastType = type
    RendererKind.lastAnswer = name.contains("GL") || name.contains("Gl")
    return RendererKind.lastAnswer
}

@MainActor
private enum RendererKind {
    static var lastType: GType = 0
    static var lastAnswer = true
}

/// `t` as a 2D affine transform that a renderer without 3D can draw, for a view of
/// `width` x `height` transformed about its centre: a 2D affine `t` as it is; otherwise the
/// affine map that best fits (least squares) where `t` projects the four corners.
///
/// A view seen edge-on (or partly behind the eye) projects to nothing drawable: it gets a
/// tiny invertible scale instead of a singular one, which GTK could not invert for picking.
func flattened(_ t: Transform3D, width: Double, height: Double) -> Transform3D {
    let a = width / 2, b = height / 2
    if t.isAffine2D, !isDegenerate(t, a, b) { return t }
    let corners = [(-a, -b), (a, -b), (-a, b), (a, b)]
    let projected = corners.compactMap { t.apply(to: ($0.0, $0.1, 0)) }
    guard projected.count == 4 else { return hidden(at: 0, 0) }
    // The corners are symmetric about the centre, so the normal equations are diagonal:
    // each coefficient is a correlation of the projected coordinate with x, y or 1.
    var sums = (x: 0.0, y: 0.0, xx: 0.0, xy: 0.0, yx: 0.0, yy: 0.0)
    for (corner, p) in zip(corners, projected) {
        sums.x += p.x; sums.y += p.y
        sums.xx += corner.0 * p.x; sums.xy += corner.0 * p.y
        sums.yx += corner.1 * p.x; sums.yy += corner.1 * p.y
    }
    // A side of no length says nothing about its axis: that axis keeps its identity.
    var fit = Transform3D.identity
    if a > 0 { fit.m11 = sums.xx / (4 * a * a); fit.m12 = sums.xy / (4 * a * a) }
    if b > 0 { fit.m21 = sums.yx / (4 * b * b); fit.m22 = sums.yy / (4 * b * b) }
    fit.m41 = sums.x / 4
    fit.m42 = sums.y / 4
    return isDegenerate(fit, a, b) ? hidden(at: fit.m41, fit.m42) : fit
}

/// Nearly no area: under a hundredth of a pixel for the whole view, or a tiny fraction of it.
private func isDegenerate(_ t: Transform3D, _ a: Double, _ b: Double) -> Bool {
    let det = abs(t.m11 * t.m22 - t.m12 * t.m21)
    return det < 1e-4 || det * 4 * max(a, 1) * max(b, 1) < 1e-2
}

/// A scale too small to see, about the projected centre.
private func hidden(at x: Double, _ y: Double) -> Transform3D {
    Transform3D(scaleX: 1e-3, y: 1e-3).concatenating(Transform3D(translationX: x, y: y))
}

extension Transform3D {
    /// True when `self` maps the plane to itself as a 2D affine map (no depth, no perspective).
    var isAffine2D: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }
}
