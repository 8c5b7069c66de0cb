import Testing
@testable import CollectionLayout
import CollectionTestSupport

/// A context subclass carrying a layout's own note.
private final class NoteContext: InvalidationContext {
    var note = ""
}

/// A layout that uses `NoteContext`, names the items on screen for a scroll, and records what
/// it was invalidated with.
@MainActor
private final class ScrollNamingLayout: CollectionViewLayout {
    var seen: [InvalidationContext] = []
    override class var invalidationContextClass: InvalidationContext.Type { NoteContext.self }
    override func invalidateLayout(with context: InvalidationContext) {
        seen.append(context)
        super.invalidateLayout(with: context)
    }
    override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }
    override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        let context = Self.invalidationContextClass.init()
        context.invalidateItems(at: [IndexPath(item: Int(newBounds.minX / 100), section: 0)])
        (context as? NoteContext)?.note = "scroll"
        return context
    }
}

@MainActor
struct InvalidationContextTests {
    /// `invalidateLayout()` is a context that invalidates everything, of the layout's context
    /// class; named elements, adjustments and flags of several invalidations merge until the
    /// host takes them.
    @Test func testContextsMergeUntilTaken() {
        let host = FakeHost(counts: [50], bounds: Rect(x: 0, y: 0, width: 300, height: 200))
        let layout = prepared(ScrollNamingLayout(), in: host)
        #expect(layout.seen.last is NoteContext)
        #expect(layout.takePendingInvalidation()?.invalidateEverything == true)
        #expect(layout.takePendingInvalidation() == nil)

        let a = layout.invalidationContext(forBoundsChange: Rect(x: 250, y: 0, width: 300, height: 200))
        a.contentOffsetAdjustment = Point(x: 10, y: 0)
        a.invalidateSupplementaryElements(ofKind: "header", at: [IndexPath(index: 0)])
        layout.invalidateLayout(with: a)
        let b = InvalidationContext()
        b.invalidateItems(at: [IndexPath(item: 7, section: 0)])
        b.invalidateDecorationElements(ofKind: "bg", at: [IndexPath(index: 0)])
        b.contentOffsetAdjustment = Point(x: 5, y: 2)
        b.contentSizeAdjustment = Size(width: 0, height: 40)
        layout.invalidateLayout(with: b)
        #expect(host.invalidations == 3)
        #expect(layout.needsPrepare)
        let pending = layout.takePendingInvalidation()!
        #expect(!(pending.invalidatesAll))
        #expect((pending as? NoteContext)?.note == "scroll")
        #expect(pending.invalidatedItemIndexPaths == [IndexPath(item: 2, section: 0), IndexPath(item: 7, section: 0)])
        #expect(Set(pending.invalidatedElementKeys) == [.cell(IndexPath(item: 2, section: 0)), .cell(IndexPath(item: 7, section: 0)),
                                                         .supplementary("header", IndexPath(index: 0)), .decoration("bg", IndexPath(index: 0))])
        #expect(pending.contentOffsetAdjustment == Point(x: 15, y: 2))
        #expect(pending.contentSizeAdjustment == Size(width: 0, height: 40))
        // Anything merged with everything is everything.
        layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: host.bounds))
        layout.invalidateLayout()
        #expect(layout.takePendingInvalidation()?.invalidatesAll == true)
    }

    /// The base layout's bounds-change context invalidates everything (what layouts without a
    /// context of their own relied on); a transition passes a context to both its layouts,
    /// which each keep their own copy.
    @Test func testDefaultsAndTransitions() {
        let host = FakeHost(counts: [50], bounds: Rect(x: 0, y: 0, width: 300, height: 200))
        let plain = prepared(FlowLayout(), in: host)
        #expect(plain.invalidationContext(forBoundsChange: host.bounds).invalidateEverything == true)

        let from = ScrollNamingLayout(), to = ScrollNamingLayout()
        let transition = prepared(TransitionLayout(currentLayout: from, nextLayout: to), in: host)
        _ = from.takePendingInvalidation()
        _ = to.takePendingInvalidation()
        _ = transition.takePendingInvalidation()
        let context = transition.invalidationContext(forBoundsChange: Rect(x: 420, y: 0, width: 300, height: 200))
        #expect(!(context.invalidatesAll))
        #expect(context.invalidatedItemIndexPaths == [IndexPath(item: 4, section: 0), IndexPath(item: 4, section: 0)])
        transition.invalidateLayout(with: context)
        #expect(from.needsPrepare && to.needsPrepare)
        let fromPending = from.takePendingInvalidation(), toPending = to.takePendingInvalidation()
        #expect(fromPending?.invalidatedItemIndexPaths?.count == 2)
        #expect(!(fromPending === toPending))
        #expect(!(fromPending === context))
    }
}
