import Testing
@testable import CollectionLayout
import CollectionTestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct Transform3DTests {
    func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
        zip(a.rowMajor, b.rowMajor).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func makersAndApplication() {
        let t = Transform3D(translationX: 5, y: 6, z: 7)
        #expect(t.m41 == 5 && t.m42 == 6 && t.m43 == 7)
        let p = Transform3D(scaleX: 2, y: 3).apply(to: (1, 1, 1))!
        #expect(p.x == 2 && p.y == 3 && p.z == 1)
        // A quarter turn about z takes x to y, as CATransform3DMakeRotation does.
        let r = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1).apply(to: (1, 0, 0))!
        #expect(abs(r.x) < 1e-12 && abs(r.y - 1) < 1e-12)
        #expect(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 0) == .identity)
        #expect(Transform3D.identity.isIdentity)
    }

    @Test func concatenationAppliesLeftFirst() {
        let scale = Transform3D(scaleX: 2, y: 2)
        let move = Transform3D(translationX: 10, y: 0)
        let p = scale.concatenating(move).apply(to: (1, 0, 0))!  // scale, then move
        #expect(p.x == 12)
        let q = move.concatenating(scale).apply(to: (1, 0, 0))!  // move, then scale
        #expect(q.x == 22)
        #expect(Transform3D.identity.translatedBy(x: 10, y: 0).scaledBy(x: 2, y: 2).apply(to: (1, 0, 0))!.x == 12)
    }

    @Test func perspectiveShrinksWhatIsFarther() {
        let persp = Transform3D(perspectiveDistance: 500)
        #expect(persp.m34 == -1.0 / 500)
        let near = persp.apply(to: (100, 0, 0))!, far = persp.apply(to: (100, 0, -500))!
        #expect(near.x == 100)
        #expect(abs(far.x - 50) < 1e-9, "twice as far away, half as large")
        #expect(persp.apply(to: (0, 0, 500)) == nil, "at the eye")
    }

    @Test func interpolationEndsAndRotationPath() {
        let a = Transform3D.identity
        let b = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        #expect(a.interpolated(to: b, fraction: 0) == a)
        #expect(a.interpolated(to: b, fraction: 1) == b)
        // Half way is a rotation by a quarter of pi, not an entry-wise average that shrinks.
        #expect(close(a.interpolated(to: b, fraction: 0.5), Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)))
        let flip = Transform3D(rotationAngle: .pi * 0.9, x: 0, y: 1, z: 0)
        #expect(close(a.interpolated(to: flip, fraction: 0.5), Transform3D(rotationAngle: .pi * 0.45, x: 0, y: 1, z: 0)))
    }

    @Test func interpolationOfTranslationScaleAndPerspective() {
        let a = Transform3D(translationX: 0, y: 0), b = Transform3D(translationX: 100, y: -50, z: 20)
        #expect(close(a.interpolated(to: b, fraction: 0.25), Transform3D(translationX: 25, y: -12.5, z: 5)))
        let s = Transform3D(scaleX: 1, y: 1).interpolated(to: Transform3D(scaleX: 3, y: 0.5), fraction: 0.5)
        #expect(close(s, Transform3D(scaleX: 2, y: 0.75)))
        let p = Transform3D.identity.interpolated(to: Transform3D(perspectiveDistance: 500), fraction: 0.5)
        #expect(abs(p.m34 - (-1.0 / 1000)) < 1e-12)
    }

    /// Taking a transform apart and putting it back gives it again, over many compositions.
    @Test func decompositionRoundTrips() {
        var rng = SplitMix64(seed: 0x7A7A)
        for _ in 0..<500 {
            var t = Transform3D.identity
            for _ in 0..<4 {
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: t = t.translatedBy(x: .random(in: -200...200, using: &rng), y: .random(in: -200...200, using: &rng), z: .random(in: -50...50, using: &rng))
                case 1: t = t.scaledBy(x: .random(in: 0.2...3, using: &rng), y: .random(in: 0.2...3, using: &rng), z: .random(in: 0.2...3, using: &rng))
                case 2: t = t.rotated(by: .random(in: -3...3, using: &rng), x: .random(in: -1...1, using: &rng), y: .random(in: -1...1, using: &rng), z: .random(in: 0.1...1, using: &rng))
                default: t = t.concatenating(Transform3D(perspectiveDistance: .random(in: 200...2000, using: &rng)))
                }
            }
            let parts = Decomposed(t)
            #expect(parts != nil)
            if let back = parts?.recomposed { #expect(close(back, t, 1e-6), "\(t) vs \(back)") }
            // A fraction just shy of 1 lands next to the target.
            let other = Transform3D(translationX: 1, y: 1)
            let nearEnd = other.interpolated(to: t, fraction: 1 - 1e-9)
            #expect(close(nearEnd, t, 1e-4), "\(t) vs \(nearEnd)")
        }
    }

    @Test func singularTransformsBlendEntryWise() {
        let flat = Transform3D(scaleX: 0, y: 1)
        let half = flat.interpolated(to: .identity, fraction: 0.5)
        #expect(half.m11 == 0.5 && half.m22 == 1)
    }
}
