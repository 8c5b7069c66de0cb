import CGtk
import CollectionLayout

/// The view's state, in groups: each stage keeps what it needs together, and the names the
/// rest of the view reads stay short (the properties below only forward to the groups).

/// The GTK objects the view holds, and its hold on itself while its widget is in a widget tree.
@MainActor
final class Handles {
    let widget: ObjectRef
    let viewport: ObjectRef
    /// The collection view keeps itself alive while its widget is in a widget tree.
    var selfWhileShown: Unmanaged<CollectionView>?

    init(widget: ObjectRef, viewport: ObjectRef) {
        self.widget = widget
        self.viewport = viewport
    }
}

/// What the view remembers of its data source between passes.
@MainActor
struct DataState {
    /// The counts, asked of the data source once and kept until the next reload or update.
    var sectionCounts: [Int]?
    /// What was announced to the prefetch data source and not yet shown.
    let prefetcher = Prefetcher()
    /// The first registration of each name made inside a provider (its serial), whose queue
    /// the later ones of that name share, and the names already reported.
    var providerMadeRegistrations: [String: Int] = [:]
    /// The attributes of the element whose view the data source is being asked for.
    var attributesBeingShown: LayoutAttributes?
    var reportedRegistrations: Set<String> = []
    /// The icon names and files list rows could not show, each reported once.
    var reportedUnavailableImages: Set<String> = []
}

/// Scrolling: the viewport's size, where the canvas is, and the direction.
@MainActor
struct ScrollState {
    var viewportSize = Size.zero
    /// The content point drawn at the canvas's (anchorMargin, anchorMargin). Children are
    /// placed relative to it so their coordinates stay small (GTK keeps floats) however far down
    /// the content is; it follows the offset when the offset drifts half a margin away.
    var anchor = Point.zero
    /// Whether the layout is shown mirrored: the widget reads right to left and the layout
    /// flips (`flipsHorizontallyInOppositeLayoutDirection`). Everything inside the view stays
    /// in the layout's coordinates; only drawing, pointer positions and the horizontal
    /// adjustment are flipped. Stored here only: the element owner is handed it with the
    /// canvas frame.
    var isMirrored = false
    /// A scroll to a target under way (an animated one, or one holding its item in place).
    var animation: ScrollAnimation?
    /// True while the view writes the offset itself (a scroll's frame, a correction): any
    /// other change of the adjustments is someone scrolling, which ends ``animation``.
    var isMovingOffsetItself = false
}

/// The layout pass's state (whether one runs, and the tick that does what it left for the
/// next frame's update phase), and its record for tests.
package struct PassState {
    /// A layout pass runs: invalidations then get another round of the same pass instead of a
    /// new allocation.
    var isRunning = false
    /// The tick callback that makes the prepared area's remaining views, while there are any,
    /// and sorts the children into reading order (see `scheduleUpdatePhaseWork`).
    var updatePhaseTick: guint?
    /// A pass presented views since the layout phase's last round (see
    /// `CollectionView+LayoutPhase`), and the frame clock followed for it.
    var presentedViews = false
    var layoutPhaseClock: UnsafeMutableRawPointer?
    var layoutPhaseHandler: gulong = 0
    /// Layout passes run so far: tests wait on it.
    package internal(set) var count = 0
    /// Debug aid for tests: check the element owner's invariants after every pass and keep
    /// what broke.
    package var checksInvariants = false
    package var invariantProblems: [String] = []
}

/// The drivers of input and motion. A view always has them all.
@MainActor
final class Drivers {
    let interaction: Interaction
    let dragAndDrop: DragAndDrop
    let animator: Animator
    let zoom: ZoomTransitionDriver
    let scrollSnap: ScrollSnapDriver
    /// Rows of a compositional layout that scroll across the view.
    let orthogonalScroll: OrthogonalScrollDriver
    /// The scrubber through the data source's index titles.
    let indexScrubber: IndexScrubber

    init(collectionView: CollectionView) {
        interaction = Interaction(collectionView: collectionView)
        dragAndDrop = DragAndDrop(collectionView: collectionView)
        animator = Animator(collectionView: collectionView, owner: collectionView.elements)
        zoom = ZoomTransitionDriver(collectionView: collectionView)
        scrollSnap = ScrollSnapDriver(collectionView: collectionView)
        orthogonalScroll = OrthogonalScrollDriver(collectionView: collectionView)
        indexScrubber = IndexScrubber(collectionView: collectionView)
    }
}

/// Edits under way that the data source does not show yet, and the batch being recorded.
@MainActor
struct EditingState {
    /// The item the user is moving, shown moved before the data source has moved it.
    var movement: InteractiveMovement?
    /// The empty place a drop would insert at, shown before the data source has the item.
    var dropGap: DropGap?
    /// The view is recording a batch of its own (a movement's move, a drop gap's opening):
    /// other batches first cancel the movement and close the gap, but not this one.
    var isRecordingOwnBatch = false
    /// The visible cell handed back by the dequeue while its item is reconfigured.
    var reconfiguring: (indexPath: IndexPath, cell: CollectionViewCell)?
    /// The batch being recorded inside `performBatchUpdates`.
    var openBatch: PendingBatch?
}

/// Transitions between layouts.
@MainActor
struct TransitionState {
    var interactive: InteractiveTransition?
    /// The dense and spread layouts a pinch moves between.
    var zoomPair: (dense: CollectionViewLayout, spread: CollectionViewLayout)?
}

// The short names the rest of the view reads.
extension CollectionView {
    var host: OpaquePointer { OpaquePointer(viewport) }  // the CvScrollHost
    var interaction: Interaction { drivers.interaction }
    var dragAndDrop: DragAndDrop { drivers.dragAndDrop }
    var animator: Animator { drivers.animator }
    var scrollSnap: ScrollSnapDriver { drivers.scrollSnap }
    var orthogonalScroll: OrthogonalScrollDriver { drivers.orthogonalScroll }
    var indexScrubber: IndexScrubber { drivers.indexScrubber }
    var prefetcher: Prefetcher { data.prefetcher }

    /// Every new count goes past the empty state (once per change of the data).
    var sectionCounts: [Int]? {
        get { data.sectionCounts }
        set {
            data.sectionCounts = newValue
            if let newValue {
                itemsCounted(newValue)
                indexScrubber.titlesChanged()  // the data changed: its titles may have too
            }
        }
    }
    var viewportSize: Size {
        get { scroll.viewportSize }
        set { scroll.viewportSize = newValue }
    }
    var anchor: Point {
        get { scroll.anchor }
        set { scroll.anchor = newValue }
    }
    var isMirrored: Bool {
        get { scroll.isMirrored }
        set { scroll.isMirrored = newValue }
    }
    var scrollAnimation: ScrollAnimation? {
        get { scroll.animation }
        set { scroll.animation = newValue }
    }
    var movement: InteractiveMovement? {
        get { editing.movement }
        set { editing.movement = newValue }
    }
    var dropGap: DropGap? {
        get { editing.dropGap }
        set { editing.dropGap = newValue }
    }
    var openBatch: PendingBatch? {
        get { editing.openBatch }
        set { editing.openBatch = newValue }
    }
    var interactiveTransition: InteractiveTransition? {
        get { transitions.interactive }
        set { transitions.interactive = newValue }
    }

    /// Layout passes run so far: tests wait on it.
    package var layoutPassCount: Int { pass.count }
    /// Check the element owner's invariants after every pass (tests).
    package var checksInvariants: Bool {
        get { pass.checksInvariants }
        set { pass.checksInvariants = newValue }
    }
    /// True while some elements of the prepared area have no view yet (they are offscreen).
    package var hasPendingViews: Bool { elements.hasPendingViews }
    /// The element owner's broken invariants now (empty when all hold).
    package func elementInvariantViolations() -> [String] { elements.invariantViolations() }
    /// What broke after a pass, while `checksInvariants` is on.
    package var invariantProblems: [String] {
        get { pass.invariantProblems }
        set { pass.invariantProblems = newValue }
    }
}
