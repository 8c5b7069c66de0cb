#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Transform3D {
    /// The transform a fraction `t` of the way from `self` to `other`.
    ///
    /// Both are decomposed into shear-and-scale, rotation, translation and perspective; those
    /// parts blend linearly and the rotation along the shortest arc, so a half-turn card stays a
    /// card of full size half way instead of collapsing as an entry-wise blend would. A
    /// transform that cannot be decomposed (singular) falls back to the entry-wise blend.
    public func interpolated(to other: Transform3D, fraction t: Double) -> Transform3D {
        if t <= 0 { return self }
        if t >= 1 { return other }
        if self == other { return self }
        guard let a = Decomposed(self), let b = Decomposed(other) else {
            return Transform3D(rowMajor: zip(rowMajor, other.rowMajor).map { $0 + ($1 - $0) * t })
        }
        return a.interpolated(to: b, fraction: t).recomposed
    }
}

/// A transform taken apart as `M = L * P`, with the affine part `L = [[W * U, 0], [t, 1]]`:
/// `W` lower-triangular (scales on the diagonal, shears below it), `U` a rotation (a unit
/// quaternion), `t` the translation, and `P = [[I, q], [0, s]]` the perspective part.
struct Decomposed: Equatable {
    var shearScale: [Double]  // W, 3x3 row-major (upper triangle zero)
    var quaternion: (x: Double, y: Double, z: Double, w: Double)
    var translation: [Double]  // 3
    var perspective: [Double]  // q.x, q.y, q.z, s
    var homogeneousScale: Double  // m44 before normalising; the matrix is multiplied back by it

    static func == (l: Decomposed, r: Decomposed) -> Bool {
        l.shearScale == r.shearScale && l.translation == r.translation
            && l.perspective == r.perspective && l.quaternion == r.quaternion
            && l.homogeneousScale == r.homogeneousScale
    }

    init?(_ m: Transform3D) {
        var r = m.rows
        guard r[3][3] != 0 else { return nil }
        let w = r[3][3]
        homogeneousScale = w
        for i in 0..<4 { for j in 0..<4 { r[i][j] /= w } }
        let a = [[r[0][0], r[0][1], r[0][2]], [r[1][0], r[1][1], r[1][2]], [r[2][0], r[2][1], r[2][2]]]
        guard let aInverse = invert3(a) else { return nil }
        // q = A^-1 p, s = m44 - t.q
        let p = [r[0][3], r[1][3], r[2][3]]
        let q = (0..<3).map { i in aInverse[i][0] * p[0] + aInverse[i][1] * p[1] + aInverse[i][2] * p[2] }
        let t = [r[3][0], r[3][1], r[3][2]]
        perspective = q + [r[3][3] - (t[0] * q[0] + t[1] * q[1] + t[2] * q[2])]
        translation = t

        // Gram-Schmidt on the rows of A: A = W * U.
        var u = a
        let sx = norm(u[0]); guard sx > 0 else { return nil }
        u[0] = u[0].map { $0 / sx }
        let kxy = dot(a[1], u[0])
        u[1] = sub(a[1], u[0].map { $0 * kxy })
        let sy = norm(u[1]); guard sy > 0 else { return nil }
        u[1] = u[1].map { $0 / sy }
        let kxz = dot(a[2], u[0]), kyz = dot(a[2], u[1])
        u[2] = sub(sub(a[2], u[0].map { $0 * kxz }), u[1].map { $0 * kyz })
        let sz = norm(u[2]); guard sz > 0 else { return nil }
        u[2] = u[2].map { $0 / sz }
        var wm = [sx, 0, 0, kxy, sy, 0, kxz, kyz, sz]
        if dot(u[0], cross(u[1], u[2])) < 0 {  // a reflection: move the sign into W
            u = u.map { $0.map { -$0 } }
            wm = wm.map { -$0 }
        }
        shearScale = wm
        quaternion = quaternionFromRows(u)
    }

    func interpolated(to o: Decomposed, fraction t: Double) -> Decomposed {
        var r = self
        r.shearScale = zip(shearScale, o.shearScale).map { $0 + ($1 - $0) * t }
        r.translation = zip(translation, o.translation).map { $0 + ($1 - $0) * t }
        r.perspective = zip(perspective, o.perspective).map { $0 + ($1 - $0) * t }
        r.quaternion = slerp(quaternion, o.quaternion, t)
        r.homogeneousScale = homogeneousScale + (o.homogeneousScale - homogeneousScale) * t
        return r
    }

    var recomposed: Transform3D {
        let u = rowsFromQuaternion(quaternion)
        let w = shearScale
        var a = [[Double]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 {
            for j in 0..<3 {
                a[i][j] = w[i * 3] * u[0][j] + w[i * 3 + 1] * u[1][j] + w[i * 3 + 2] * u[2][j]
            }
        }
        let q = Array(perspective[0..<3]), s = perspective[3]
        let t = translation
        // L * P = [[A, A q], [t, t.q + s]]
        var rows = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        for i in 0..<3 {
            rows[i] = [a[i][0], a[i][1], a[i][2], dot(a[i], q)]
        }
        rows[3] = [t[0], t[1], t[2], dot(t, q) + s]
        return Transform3D(rows: rows.map { $0.map { $0 * homogeneousScale } })
    }
}

private func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
private func norm(_ a: [Double]) -> Double { dot(a, a).squareRoot() }
private func sub(_ a: [Double], _ b: [Double]) -> [Double] { [a[0] - b[0], a[1] - b[1], a[2] - b[2]] }
private func cross(_ a: [Double], _ b: [Double]) -> [Double] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

private func invert3(_ m: [[Double]]) -> [[Double]]? {
    let c00 = m[1][1] * m[2][2] - m[1][2] * m[2][1]
    let c01 = m[1][2] * m[2][0] - m[1][0] * m[2][2]
    let c02 = m[1][0] * m[2][1] - m[1][1] * m[2][0]
    let det = m[0][0] * c00 + m[0][1] * c01 + m[0][2] * c02
    guard abs(det) > 1e-12 else { return nil }
    let inv = 1 / det
    return [
        [c00 * inv, (m[0][2] * m[2][1] - m[0][1] * m[2][2]) * inv, (m[0][1] * m[1][2] - m[0][2] * m[1][1]) * inv],
        [c01 * inv, (m[0][0] * m[2][2] - m[0][2] * m[2][0]) * inv, (m[0][2] * m[1][0] - m[0][0] * m[1][2]) * inv],
        [c02 * inv, (m[0][1] * m[2][0] - m[0][0] * m[2][1]) * inv, (m[0][0] * m[1][1] - m[0][1] * m[1][0]) * inv],
    ]
}

// The rows of a row-vector rotation are the columns of the usual column-vector matrix R,
// so these two work on R = transpose(rows) and stay each other's inverse.
private func quaternionFromRows(_ u: [[Double]]) -> (x: Double, y: Double, z: Double, w: Double) {
    func r(_ i: Int, _ j: Int) -> Double { u[j][i] }
    let trace = r(0, 0) + r(1, 1) + r(2, 2)
    var q: (x: Double, y: Double, z: Double, w: Double)
    if trace > 0 {
        let s = (trace + 1).squareRoot() * 2
        q = ((r(2, 1) - r(1, 2)) / s, (r(0, 2) - r(2, 0)) / s, (r(1, 0) - r(0, 1)) / s, s / 4)
    } else if r(0, 0) > r(1, 1) && r(0, 0) > r(2, 2) {
        let s = (1 + r(0, 0) - r(1, 1) - r(2, 2)).squareRoot() * 2
        q = (s / 4, (r(0, 1) + r(1, 0)) / s, (r(0, 2) + r(2, 0)) / s, (r(2, 1) - r(1, 2)) / s)
    } else if r(1, 1) > r(2, 2) {
        let s = (1 + r(1, 1) - r(0, 0) - r(2, 2)).squareRoot() * 2
        q = ((r(0, 1) + r(1, 0)) / s, s / 4, (r(1, 2) + r(2, 1)) / s, (r(0, 2) - r(2, 0)) / s)
    } else {
        let s = (1 + r(2, 2) - r(0, 0) - r(1, 1)).squareRoot() * 2
        q = ((r(0, 2) + r(2, 0)) / s, (r(1, 2) + r(2, 1)) / s, s / 4, (r(1, 0) - r(0, 1)) / s)
    }
    return q
}

private func rowsFromQuaternion(_ q: (x: Double, y: Double, z: Double, w: Double)) -> [[Double]] {
    let (x, y, z, w) = q
    let r = [
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ]
    return [[r[0][0], r[1][0], r[2][0]], [r[0][1], r[1][1], r[2][1]], [r[0][2], r[1][2], r[2][2]]]
}

private func slerp(
    _ a: (x: Double, y: Double, z: Double, w: Double),
    _ bIn: (x: Double, y: Double, z: Double, w: Double), _ t: Double
) -> (x: Double, y: Double, z: Double, w: Double) {
    var b = bIn
    var d = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
    if d < 0 { b = (-b.x, -b.y, -b.z, -b.w); d = -d }  // the shorter arc
    let ka: Double, kb: Double
    if d > 0.9995 {
        (ka, kb) = (1 - t, t)
    } else {
        let theta = acos(min(d, 1)), s = sin(theta)
        (ka, kb) = (sin((1 - t) * theta) / s, sin(t * theta) / s)
    }
    var q = (x: a.x * ka + b.x * kb, y: a.y * ka + b.y * kb, z: a.z * ka + b.z * kb, w: a.w * ka + b.w * kb)
    let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
    q = (q.x / n, q.y / n, q.z / n, q.w / n)
    return q
}
