import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// Mirroring for right-to-left: frames and transforms flipped across the content's centre.
@MainActor
struct RightToLeftTests {
    /// A flow layout's right-to-left frames are its left-to-right frames mirrored: the first
    /// item at the right edge, the section inset's left on the right.
    @Test func flowFramesMirror() {
        let host = FakeHost(counts: [10], bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let flow = FlowLayout()
        flow.itemSize = Size(width: 100, height: 100)
        flow.minimumInteritemSpacing = 0
        flow.sectionInset = EdgeInsets(top: 0, left: 30, bottom: 0, right: 0)
        _ = prepared(flow, in: host)
        #expect(flow.flipsHorizontallyInOppositeLayoutDirection)
        #expect(!CollectionViewLayout().flipsHorizontallyInOppositeLayoutDirection, "custom layouts opt in, as in UIKit")
        let width = flow.collectionViewContentSize.width
        let first = flow.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
        let mirrored = first.mirroredHorizontally(inWidth: width)
        #expect(first.frame.minX == 30)
        #expect(mirrored.frame == Rect(x: 270, y: 0, width: 100, height: 100), "30 from the right edge")
        #expect(mirrored.mirroredHorizontally(inWidth: width).frame == first.frame, "twice is the original")
    }

    /// A turn about the vertical axis turns the other way; a shift right shifts left; a scale
    /// stays; mirroring twice is the identity.
    @Test func transformsMirror() {
        let turn = Transform3D(rotationAngle: .pi / 5, x: 0, y: 1, z: 0)
        let back = Transform3D(rotationAngle: -.pi / 5, x: 0, y: 1, z: 0)
        #expect(zip(turn.mirroredHorizontally.rowMajor, back.rowMajor).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(Transform3D(translationX: 10, y: 4).mirroredHorizontally == Transform3D(translationX: -10, y: 4))
        #expect(Transform3D(scaleX: 2, y: 3).mirroredHorizontally == Transform3D(scaleX: 2, y: 3))
        let any = turn.concatenating(Transform3D(perspectiveDistance: 600)).concatenating(Transform3D(translationX: 7, y: 1))
        #expect(any.mirroredHorizontally.mirroredHorizontally == any)
    }

    /// Directional insets: leading is left in left-to-right, right in right-to-left; a flow
    /// layout's directional inset is its inset with left as the leading side.
    @Test func directionalInsets() {
        let insets = DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        #expect(insets.edgeInsets(for: .leftToRight) == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(insets.edgeInsets(for: .rightToLeft) == EdgeInsets(top: 1, left: 4, bottom: 3, right: 2))
        let flow = FlowLayout()
        flow.sectionDirectionalInset = DirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 5)
        #expect(flow.sectionInset == EdgeInsets(top: 0, left: 30, bottom: 0, right: 5))
        #expect(flow.sectionDirectionalInset.leading == 30)
    }
}
