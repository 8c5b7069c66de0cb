import CGtk
import GtkGlue
import CCollectionHost
import CollectionLayout

/// A scrollable view of items placed by a layout (`UICollectionView`), on GTK 4.
///
/// Put `widget` (a GtkScrolledWindow) in a window. The view keeps only the visible elements
/// (plus a small overscan) as widgets: views that scroll away leave the widget tree and wait
/// in reuse queues, so the number of live widgets follows the viewport, not the item count.
@MainActor
public final class CollectionView: CollectionViewLayoutHost {
    /// The supplementary kinds of the flow layout.
    public static let elementKindSectionHeader = ElementKind.sectionHeader
    public static let elementKindSectionFooter = ElementKind.sectionFooter

    /// The widget to put in a window: a GtkScrolledWindow holding the viewport.
    public let widget: WidgetPointer
    /// The scrollable viewport inside `widget`.
    public let viewport: WidgetPointer
    /// The viewport's one child, whose children are the visible views. Scrolling moves it as a
    /// whole, so a scrolled frame re-places no view.
    package let canvas: WidgetPointer
    private let widgetRef: ObjectRef
    let host: OpaquePointer  // CvScrollHost

    public weak var dataSource: CollectionViewDataSource? {
        didSet { reloadData() }
    }
    public weak var delegate: CollectionViewDelegate? {
        didSet { collectionViewLayout.invalidateLayout() }
    }

    /// The layout; setting it swaps without animation.
    public var collectionViewLayout: CollectionViewLayout {
        didSet { installLayout(collectionViewLayout, replacing: oldValue) }
    }

    /// Extra area around the viewport, as a fraction of its size, whose elements also get views
    /// so that the first frame of a scroll finds them ready.
    public var overscanFraction = 0.15 { didSet { gtk_widget_queue_allocate(viewport) } }

    /// Whether the user can select items (default true). False also turns off highlighting.
    public var allowsSelection = true {
        didSet { if !allowsSelection { for path in indexPathsForSelectedItems { setSelected(false, at: path) } } }
    }
    /// Whether the user can select several items (default false: single selection).
    public var allowsMultipleSelection = false {
        didSet {
            if !allowsMultipleSelection, let keep = indexPathsForSelectedItems.first {
                for path in indexPathsForSelectedItems where path != keep { setSelected(false, at: path) }
            }
        }
    }

    /// Called for every problem the view reports and recovers from. Default: print it.
    public var errorHandler: (CollectionViewError) -> Void = { error in
        print("CollectionView: \(error)")
    }

    // State.
    let queues = ReuseQueues()
    var visible: [ElementKey: ReusableView] = [:]
    var sectionCounts: [Int]?
    var viewportSize = Size.zero
    var inLayoutPass = false
    var drawOrderDirty = false
    /// The content rectangle the visible views were made for (the viewport plus overscan); while
    /// the viewport stays inside it and nothing was invalidated, a scroll only moves the canvas.
    var preparedArea: Rect?
    /// Elements of the prepared area still waiting for a view, farthest from the viewport first.
    var pendingViews: [(key: ElementKey, attributes: LayoutAttributes)] = []
    /// True while some elements of the prepared area have no view yet (they are offscreen).
    package var hasPendingViews: Bool { !pendingViews.isEmpty }
    var fillScheduled = false
    /// Views that came in or changed in the current pass: the pass places them itself.
    var viewsToPlace: [ReusableView] = []
    /// The content point drawn at the canvas's (anchorMargin, anchorMargin). Children are
    /// placed relative to it so their coordinates stay small (GTK keeps floats) however far down
    /// the content is; it follows the offset when the offset drifts half a margin away.
    var anchor = Point.zero
    var scrollAnimation: ScrollAnimation?
    var selection = SelectionState()
    var interaction: Interaction?
    var animator: Animator!
    /// The batch being recorded inside `performBatchUpdates`.
    var pendingBatch: BatchUpdate?
    var interactiveTransition: InteractiveTransition?
    var zoom: ZoomTransitionDriver?
    var zoomPair: (dense: CollectionViewLayout, spread: CollectionViewLayout)?
    /// Layout passes run so far: tests wait on it.
    package private(set) var layoutPassCount = 0

    public init(collectionViewLayout layout: CollectionViewLayout) {
        collectionViewLayout = layout
        let box = Unmanaged.passRetained(WeakBox<CollectionView>()).toOpaque()
        let callbacks = CvScrollHostCallbacks(
            allocate: { data, width, height in
                MainActor.assumeIsolated {
                    Unmanaged<WeakBox<CollectionView>>.fromOpaque(data!).takeUnretainedValue().value?
                        .hostAllocated(width: Int(width), height: Int(height))
                }
            },
            scrolled: { data in
                MainActor.assumeIsolated {
                    Unmanaged<WeakBox<CollectionView>>.fromOpaque(data!).takeUnretainedValue().value?.hostScrolled()
                }
            },
            dispose: { data in
                MainActor.assumeIsolated {
                    Unmanaged<WeakBox<CollectionView>>.fromOpaque(data!).takeUnretainedValue().value?.hostDisposed()
                }
            })
        let hostWidget = cv_scroll_host_new(callbacks, box) { data in
            Unmanaged<WeakBox<CollectionView>>.fromOpaque(data!).release()
        }!
        viewport = hostWidget
        host = OpaquePointer(hostWidget)
        let canvasBox = Unmanaged.passRetained(WeakBox<CollectionView>()).toOpaque()
        canvas = cv_canvas_new({ data, _, _ in
            MainActor.assumeIsolated {
                Unmanaged<WeakBox<CollectionView>>.fromOpaque(data!).takeUnretainedValue().value?.placeVisibleViews()
            }
        }, canvasBox) { data in
            Unmanaged<WeakBox<CollectionView>>.fromOpaque(data!).release()
        }
        gtk_widget_set_parent(canvas, hostWidget)
        let scrolled = gtk_scrolled_window_new()!
        widget = scrolled
        widgetRef = ObjectRef(sinking: raw(scrolled))
        gtk_scrolled_window_set_child(scrolled.opaque, hostWidget)
        gtk_widget_set_hexpand(scrolled, 1)
        gtk_widget_set_vexpand(scrolled, 1)
        Unmanaged<WeakBox<CollectionView>>.fromOpaque(box).takeUnretainedValue().value = self
        Unmanaged<WeakBox<CollectionView>>.fromOpaque(canvasBox).takeUnretainedValue().value = self
        layout.collectionView = self
        interaction = Interaction(collectionView: self)
        animator = Animator(collectionView: self)
        zoom = ZoomTransitionDriver(collectionView: self)
        DefaultStyle.install()
    }

    // MARK: Data

    /// Forgets the counts and every visible view and asks the data source again on the next
    /// frame. Views go back to their queues.
    public func reloadData() {
        endInteractiveTransitionNow()
        animator?.cancel()
        sectionCounts = nil
        pendingViews.removeAll()
        selection.selected = selection.selected.filter(isValidItemAfterReload)
        for key in Array(visible.keys) { removeVisibleView(for: key) }
        collectionViewLayout.invalidateLayout()
    }

    /// Whether a selected path still names an item once the counts are asked again.
    private func isValidItemAfterReload(_ path: IndexPath) -> Bool {
        guard let dataSource else { return false }
        let sections = dataSource.numberOfSections(in: self)
        return path.section < sections && path.item < dataSource.collectionView(self, numberOfItemsInSection: path.section)
    }

    /// The counts, asked of the data source once and kept until the next reload or update.
    var counts: [Int] {
        if let sectionCounts { return sectionCounts }
        var loaded: [Int] = []
        if let dataSource {
            let sections = max(0, dataSource.numberOfSections(in: self))
            loaded = (0..<sections).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
        }
        sectionCounts = loaded
        return loaded
    }

    public var numberOfSections: Int { counts.count }

    public func numberOfItems(inSection section: Int) -> Int {
        let c = counts
        return c.indices.contains(section) ? c[section] : 0
    }

    // MARK: CollectionViewLayoutHost

    /// The visible rectangle in content coordinates.
    public var bounds: Rect { Rect(origin: contentOffset, size: viewportSize) }

    public var layoutDelegate: AnyObject? { delegate }

    public func layoutDidInvalidate(_ layout: CollectionViewLayout) {
        // GTK runs one allocation per frame however often it is queued: that is the coalescing.
        if !inLayoutPass { gtk_widget_queue_allocate(viewport) }
    }

    // MARK: Layout

    /// Installs a layout without animation. The views stay: elements keep their keys in any
    /// layout, so the next pass just places them anew (and queues those it no longer shows).
    private func installLayout(_ layout: CollectionViewLayout, replacing old: CollectionViewLayout) {
        guard layout !== old else { return }
        if old.collectionView === self, !(layout is TransitionLayout), !(old is TransitionLayout) { old.collectionView = nil }
        layout.collectionView = self
        preparedArea = nil
        layout.invalidateLayout()
        gtk_widget_queue_allocate(viewport)
    }

    // MARK: Reporting

    /// Reports a problem the view recovered from.
    public func report(_ error: CollectionViewError) {
        errorHandler(error)
    }

    // MARK: Host callbacks

    func noteLayoutPass() { layoutPassCount += 1 }

    private func hostScrolled() {
        guard !inLayoutPass else { return }
        let newBounds = bounds
        if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: newBounds) {
            collectionViewLayout.invalidateLayout()
        }
        interaction?.viewScrolled()  // a press that turns into a scroll selects nothing
        // Views for what scrolls into view are made now, before GTK's layout phase (see
        // `fillPendingViews`); the pass that follows places them.
        if !collectionViewLayout.needsPrepare, preparedArea != nil, viewportSize.width > 0, !isComfortable(newBounds) {
            refreshViews(visibleRect: newBounds, fresh: false)
            gtk_widget_queue_allocate(viewport)
        }
        if anchorNeedsMove(for: newBounds.origin) {
            anchor = newBounds.origin
            gtk_widget_queue_allocate(canvas)
        }
    }

    private func hostDisposed() {
        scrollAnimation = nil
        interaction?.closeMenu()
        for (_, view) in visible { view.owner = nil }
        visible.removeAll()
        queues.removeAll()
    }
}

/// A weak reference in a box, for C callbacks' user data.
final class WeakBox<T: AnyObject> {
    weak var value: T?
}
