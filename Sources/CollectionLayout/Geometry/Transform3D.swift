#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 4x4 homogeneous transform in the row-vector convention of `CATransform3D` and of
/// graphene (GTK's matrix library): a point transforms as `[x y z 1] * M`, the translation sits
/// in `m41 m42 m43`, and `m34 = -1/d` gives perspective seen from distance `d`.
///
/// Transforms apply about the element's centre, as in UIKit; the view layer takes care of that.
/// A layout sets one as ``LayoutAttributes/transform3D``; the view hands it to GTK as a
/// `GskTransform` when it places the element's widget.
///
/// ```swift
/// // A card turned 60° about its vertical axis, seen from 600 points away.
/// let turned = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0)
///     .concatenating(Transform3D(perspectiveDistance: 600))
/// ```
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    /// Row 1, column 1: with `m12`, `m13`, the image of the x axis (scale and rotation).
    public var m11: Double
    /// Row 1, column 2.
    public var m12: Double
    /// Row 1, column 3.
    public var m13: Double
    /// Row 1, column 4: perspective along x.
    public var m14: Double
    /// Row 2, column 1: with `m22`, `m23`, the image of the y axis.
    public var m21: Double
    /// Row 2, column 2.
    public var m22: Double
    /// Row 2, column 3.
    public var m23: Double
    /// Row 2, column 4: perspective along y.
    public var m24: Double
    /// Row 3, column 1: with `m32`, `m33`, the image of the z axis.
    public var m31: Double
    /// Row 3, column 2.
    public var m32: Double
    /// Row 3, column 3.
    public var m33: Double
    /// Row 3, column 4: perspective along z; `-1/d` views the plane from distance `d`.
    public var m34: Double
    /// Row 4, column 1: the translation along x.
    public var m41: Double
    /// Row 4, column 2: the translation along y.
    public var m42: Double
    /// Row 4, column 3: the translation along z.
    public var m43: Double
    /// Row 4, column 4: the homogeneous scale, 1 for affine transforms.
    public var m44: Double

    /// The transform that changes nothing (`CATransform3DIdentity`).
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    /// A transform from its sixteen entries, row by row.
    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The sixteen entries row by row: `m11 m12 m13 m14 m21 ... m44`.
    public init(rowMajor v: [Double]) {
        precondition(v.count == 16, "Transform3D(rowMajor:) needs 16 values, got \(v.count)")
        self.init(m11: v[0], m12: v[1], m13: v[2], m14: v[3],
                  m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                  m31: v[8], m32: v[9], m33: v[10], m34: v[11],
                  m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }

    /// The sixteen entries row by row, as graphene's `graphene_matrix_init_from_float` takes them.
    public var rowMajor: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// True when the transform is exactly ``identity`` (`CATransform3DIsIdentity`).
    public var isIdentity: Bool { self == .identity }

    // MARK: Making transforms

    /// A translation (`CATransform3DMakeTranslation`).
    public init(translationX tx: Double, y ty: Double, z tz: Double = 0) {
        self = .identity
        (m41, m42, m43) = (tx, ty, tz)
    }

    /// A scale about the origin, which for an element is its centre (`CATransform3DMakeScale`).
    public init(scaleX sx: Double, y sy: Double, z sz: Double = 1) {
        self = .identity
        (m11, m22, m33) = (sx, sy, sz)
    }

    /// A rotation by `angle` radians about the axis `(x, y, z)` (normalised here), with the
    /// same sense as `CATransform3DMakeRotation`. A zero axis gives the identity.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { self = .identity; return }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), t = 1 - c
        self.init(
            m11: c + ux * ux * t, m12: ux * uy * t + uz * s, m13: ux * uz * t - uy * s, m14: 0,
            m21: ux * uy * t - uz * s, m22: c + uy * uy * t, m23: uy * uz * t + ux * s, m24: 0,
            m31: ux * uz * t + uy * s, m32: uy * uz * t - ux * s, m33: c + uz * uz * t, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// A perspective projection seen from `distance` in front of the z = 0 plane: `m34` is
    /// `-1/distance`, UIKit's idiom for perspective. A distance of zero or less gives the identity.
    public init(perspectiveDistance distance: Double) {
        self = .identity
        if distance > 0 { m34 = -1 / distance }
    }

    // MARK: Combining

    /// `self` followed by `other`: the product `self * other` (as `CATransform3DConcat`).
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let a = rows, b = other.rows
        var r = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        for i in 0..<4 {
            for j in 0..<4 {
                r[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j] + a[i][3] * b[3][j]
            }
        }
        return Transform3D(rows: r)
    }

    /// A translation followed by `self` (`CATransform3DTranslate`).
    public func translatedBy(x: Double, y: Double, z: Double = 0) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }

    /// A scale followed by `self` (`CATransform3DScale`).
    public func scaledBy(x: Double, y: Double, z: Double = 1) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    /// A rotation by `angle` radians about `(x, y, z)` followed by `self` (`CATransform3DRotate`).
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// Maps a point, dividing by w for perspective. Returns nil behind the eye (w <= 0).
    public func apply(to p: (x: Double, y: Double, z: Double)) -> (x: Double, y: Double, z: Double)? {
        let x = p.x * m11 + p.y * m21 + p.z * m31 + m41
        let y = p.x * m12 + p.y * m22 + p.z * m32 + m42
        let z = p.x * m13 + p.y * m23 + p.z * m33 + m43
        let w = p.x * m14 + p.y * m24 + p.z * m34 + m44
        guard w > 0 else { return nil }
        return (x / w, y / w, z / w)
    }

    // MARK: Row access, for the algorithms in this file

    var rows: [[Double]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    init(rows r: [[Double]]) {
        self.init(m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3],
                  m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
                  m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3],
                  m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }

    /// The four rows, separated by `|`.
    public var description: String {
        rows.map { $0.map { String($0) }.joined(separator: " ") }.joined(separator: " | ")
    }
}
