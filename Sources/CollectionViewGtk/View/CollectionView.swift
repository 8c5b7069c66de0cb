import CGtk
import GtkGlue
import CCollectionHost
import CollectionLayout

/// A scrollable view of items placed by a layout (`UICollectionView`), on GTK 4.
///
/// Put `widget` (a GtkScrolledWindow) in a window; while it is in a widget tree the view keeps
/// itself alive. The view keeps only the visible elements (plus a small overscan) as widgets:
/// views that scroll away are hidden and wait in reuse queues, so the number of live widgets
/// follows the viewport, not the item count.
///
/// The view works in stages: the layout answers where elements go; the element owner
/// (`ElementOwner`) alone makes, reuses, places and retires their views; updates pass through
/// validation, an index map and an update record before the animator moves anything. Work
/// that app code asks for from inside a callback of the view's own work (a layout pass, an
/// update, an animation frame) runs right after that work; from the app's own code, a menu's
/// action, an activation or a click's did-select it runs at once, as in UIKit.
@MainActor
public final class CollectionView: CollectionViewLayoutHost {
    /// The flow layout's header kind (`elementKindSectionHeader`).
    public static let elementKindSectionHeader = ElementKind.sectionHeader
    /// The flow layout's footer kind (`elementKindSectionFooter`).
    public static let elementKindSectionFooter = ElementKind.sectionFooter

    /// The widget to put in a window: a GtkScrolledWindow holding the viewport.
    public let widget: WidgetPointer
    /// The scrollable viewport inside `widget`.
    public let viewport: WidgetPointer
    /// The viewport's one child, whose children are the element views. Scrolling moves it as a
    /// whole, so a scrolled frame re-places no view.
    package var canvas: WidgetPointer { elements.canvas }
    /// The GTK objects the view holds, and its hold on itself while shown.
    private let handles: Handles

    /// Supplies the counts and views (`dataSource`); held weakly, as in UIKit. Setting it
    /// reloads.
    public weak var dataSource: CollectionViewDataSource? {
        didSet { reloadData() }
    }
    /// Hears about display, highlight, selection and the edit menu (`delegate`); held weakly. A
    /// flow layout also reads its `FlowLayoutDelegate` methods from it.
    public weak var delegate: CollectionViewDelegate? {
        didSet { installedLayout.invalidateLayout() }
    }

    /// The layout (`collectionViewLayout`). Assigning swaps without animation; assigning during
    /// an interactive transition ends the transition and the assigned layout stays; assigning
    /// from inside a callback takes effect right after it.
    public var collectionViewLayout: CollectionViewLayout {
        get { installedLayout }
        set { work.runOrDefer { [weak self] in self?.assignLayout(newValue) } }
    }
    /// The layout in use: only `install(_:)` changes it.
    private(set) var installedLayout: CollectionViewLayout

    /// Extra area around the viewport, as a fraction of its size, whose elements also get views
    /// so that the first frame of a scroll finds them ready. Default 0.15.
    public var overscanFraction: Double {
        get { elements.overscanFraction }
        set {
            ensureViews(.overscan(fraction: newValue, minimum: drawsThroughTileCache ? Self.tileOverscan : 0))
            gtk_widget_queue_allocate(viewport)
        }
    }

    /// Whether the user can select items (`allowsSelection`, default true). False also turns
    /// off highlighting and deselects everything.
    public var allowsSelection = true {
        didSet { if !allowsSelection { deselectAll() } }
    }
    /// Whether the user can select several items (`allowsMultipleSelection`, default false).
    /// Turning it off keeps only the first selected item, in index path order.
    public var allowsMultipleSelection = false {
        didSet {
            if !allowsMultipleSelection, let keep = selection.selected.first {
                keepOnlySelected(keep)
            }
        }
    }
    /// What a click does in multiple selection: ``SelectionBehavior/desktop`` (the default, as
    /// GTK's grid view and GNOME Files: a click selects only the item, Ctrl+click toggles, and a
    /// context menu selects its unselected item first, in single selection too) or
    /// ``SelectionBehavior/touch`` (UIKit's: a click toggles the item, a menu selects nothing).
    /// The keyboard, the rubber band and single selection's clicks are the same in both.
    public var selectionBehavior = SelectionBehavior.desktop

    /// Supplies the content of items dragged out of the view (`dragDelegate`); held weakly.
    /// Without one, items cannot be dragged out.
    public weak var dragDelegate: CollectionViewDragDelegate?
    /// Takes drops onto the view (`dropDelegate`); held weakly. Without one, the view takes no
    /// drops.
    public weak var dropDelegate: CollectionViewDropDelegate?
    /// Whether dragging an item that the data source can move reorders it (UIKit's
    /// `installsStandardGestureForInteractiveMovement`, there on the collection view
    /// controller); default false. The drag drives ``beginInteractiveMovementForItem(at:)``
    /// and the rest, scrolls when it nears an edge, and Escape cancels it.
    public var installsStandardGestureForInteractiveMovement = false

    /// Hears which items will probably show soon (`prefetchDataSource`); held weakly.
    public weak var prefetchDataSource: CollectionViewDataSourcePrefetching?
    /// Whether `prefetchDataSource` is told anything (`isPrefetchingEnabled`, default true).
    public var isPrefetchingEnabled = true

    /// What accessibility tools announce for the collection (the grid's accessible label).
    /// When nil, the collection takes its window's title when it is first shown.
    public var accessibilityLabel: String? {
        didSet { cv_accessible_set_label(viewport, accessibilityLabel ?? windowTitle ?? "") }
    }

    /// How updates, layout swaps, transitions and animated scrolls move: UIKit's 0.3 s
    /// ease-in-out by default (``CollectionViewAnimation/default``). GTK's
    /// `gtk-enable-animations` setting turns them all off. A change applies to the next
    /// animation that starts.
    public var animation = CollectionViewAnimation.default

    /// Whether scrolling stops only on page boundaries (`isPagingEnabled`); a page is the
    /// viewport's size, on each axis that scrolls. When a touchpad fling ends, the offset eases
    /// to the next page in the fling's direction (or the nearest, after a slow release); each
    /// mouse wheel notch turns one page. Off by default: GTK's own scrolling.
    /// See <doc:ComingFromUIKit#Paging-and-snapping>.
    public var isPagingEnabled = false

    /// Called for every problem the view reports and recovers from. Default: print it.
    public var errorHandler: (CollectionViewError) -> Void = { error in
        print("CollectionView: \(error)")
    }

    // State: the stages the view hands work to, and what it remembers between them.
    /// The only owner of element views: visible, pending, queued, and their reading and drawing orders.
    let elements: ElementOwner
    /// Structural work asked for from inside callbacks waits here for the operation to end.
    let work = WorkQueue()
    /// The counts as the view last asked them, and what was announced to the prefetch data source.
    var data = DataState()
    var selection = SelectionState()
    /// The viewport's size, the canvas's anchor, mirroring and an animated scroll.
    var scroll = ScrollState()
    /// Whether a layout pass runs or a fill is scheduled, and the passes' record for tests.
    package var pass = PassState()
    /// Presses and menus, drag and drop, the animator, pinch, paging and sideways rows.
    private(set) lazy var drivers = Drivers(collectionView: self)
    /// Edits under way: an item moved by the user, a drop gap, the batch being recorded.
    var editing = EditingState()
    /// Editing mode (`isEditing`), and whether its change now animates.
    var editingMode = EditingMode()
    /// An interactive transition, and the pair of layouts a pinch moves between.
    var transitions = TransitionState()
    /// The background view and the empty state, under the canvas.
    let backgroundLayer: BackgroundLayer

    /// A collection view showing `layout` (`init(frame:collectionViewLayout:)`). Register
    /// views, set the data source, and put `widget` in a window.
    public init(collectionViewLayout layout: CollectionViewLayout) {
        installedLayout = layout
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
        let canvasBox = Unmanaged.passRetained(WeakBox<CollectionView>()).toOpaque()
        let canvas = cv_canvas_new({ data, _, _, realized in
            MainActor.assumeIsolated {
                guard let view = Unmanaged<WeakBox<CollectionView>>.fromOpaque(data!).takeUnretainedValue().value else { return 1 }
                return view.ensureViews(.canvasAllocated(view.canvasFrame, realized: realized != 0)).placedEverything ? 1 : 0
            }
        }, canvasBox) { data in
            Unmanaged<WeakBox<CollectionView>>.fromOpaque(data!).release()
        }!
        cv_canvas_set_before_snapshot(OpaquePointer(canvas)) { data in
            MainActor.assumeIsolated {
                _ = Unmanaged<WeakBox<CollectionView>>.fromOpaque(data!).takeUnretainedValue().value?.ensureViews(.canvasWillDraw)
            }
        }
        gtk_widget_set_parent(canvas, hostWidget)
        elements = ElementOwner(canvas: canvas)
        backgroundLayer = BackgroundLayer(viewport: hostWidget, canvas: canvas)
        let scrolled = gtk_scrolled_window_new()!
        widget = scrolled
        handles = Handles(widget: ObjectRef(sinking: raw(scrolled)), viewport: ObjectRef(sinking: raw(hostWidget)))
        gtk_scrolled_window_set_child(scrolled.opaque, hostWidget)
        gtk_widget_set_hexpand(scrolled, 1)
        gtk_widget_set_vexpand(scrolled, 1)
        Unmanaged<WeakBox<CollectionView>>.fromOpaque(box).takeUnretainedValue().value = self
        Unmanaged<WeakBox<CollectionView>>.fromOpaque(canvasBox).takeUnretainedValue().value = self
        work.onRunaway = { [weak self] dropped in self?.report(.runawayCallbackWork(dropped: dropped)) }
        layout.collectionView = self
        _ = drivers  // made now: they install their gestures and controllers
        Signal.connectPointer(raw(scrolled), "notify::parent") { [weak self] in self?.parentChanged() }
        // Out of its window (destroyed, or the widget moved): the edit menu goes with it now.
        Signal.connect(raw(hostWidget), "unrealize") { [weak self] in
            self?.interaction.dispose()
            self?.stopFollowingLayoutPhase()
        }
        Signal.connect(raw(hostWidget), "realize") { [weak self] in
            self?.labelFromWindowIfNeeded()
            self?.followLayoutPhase()
        }
        DefaultStyle.install()
    }

    // MARK: Data

    /// Forgets the counts and every visible view and asks the data source again on the next
    /// frame (`reloadData()`). Views go back to their queues; a press under way is cancelled, a
    /// running update animation stops (its completion gets false), and the selection keeps the
    /// items that still exist. From inside a callback it runs right after the callback.
    public func reloadData() {
        work.runOrDefer { [weak self] in self?.reloadNow() }
    }

    func reloadNow() {
        endInteractiveTransitionNow()
        animator.cancel()
        interaction.dataReloaded()
        if let moving = movement {  // dropped: the data source's order is the one shown again
            if let cell = cellForItem(at: moving.current) { gtk_widget_remove_css_class(cell.widget, "moving"); cell.isReordering = false }
            movement = nil
        }
        dropGap = nil
        sectionCounts = nil
        // The selection and focus keep the items that still exist: the counts are asked once
        // here (not once per selected item), and again by the next pass as usual.
        if !selection.selected.isEmpty || selection.focused != nil {
            let fresh = countsFromDataSource()
            let exists = { (path: IndexPath) in fresh.indices.contains(path.section) && path.item < fresh[path.section] }
            selection.retain(counts: fresh)
            if let focused = selection.focused, !exists(focused) { selection.focused = nil }
        }
        cancelPrefetching()
        ensureViews(.reload)
        installedLayout.invalidateLayout()
    }

    /// The counts, asked of the data source once and kept until the next reload or update.
    var counts: [Int] {
        if let sectionCounts { return sectionCounts }
        let loaded = countsFromDataSource()
        sectionCounts = loaded
        return loaded
    }

    /// What the data source says now.
    func countsFromDataSource() -> [Int] {
        guard let dataSource else { return [] }
        return work.runNow {
            let sections = max(0, dataSource.numberOfSections(in: self))
            let counts = (0..<sections).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
            return movement?.shownCounts(counts) ?? dropGap?.shownCounts(counts) ?? counts
        }
    }

    /// The number of sections (`numberOfSections`), as the view last asked the data source.
    public var numberOfSections: Int { counts.count }

    /// The number of items in `section` (`numberOfItems(inSection:)`); 0 for a section that
    /// does not exist.
    public func numberOfItems(inSection section: Int) -> Int {
        let c = counts
        return c.indices.contains(section) ? c[section] : 0
    }

    // MARK: CollectionViewLayoutHost

    /// The visible rectangle in content coordinates (`bounds`).
    public var bounds: Rect { Rect(origin: contentOffset, size: viewportSize) }

    /// The delegate, for layouts that read their own delegate protocol from it.
    public var layoutDelegate: AnyObject? { delegate }

    /// The widget's direction (`effectiveUserInterfaceLayoutDirection`), set by the locale or
    /// the app: right to left, the view mirrors a layout that flips.
    public var effectiveUserInterfaceLayoutDirection: LayoutDirection {
        gtk_widget_get_direction(viewport) == GTK_TEXT_DIR_RTL ? .rightToLeft : .leftToRight
    }

    /// A layout asks for a pass. GTK runs one allocation per frame however often it is queued:
    /// that is the coalescing. During a pass the pass itself goes round again.
    public func layoutDidInvalidate(_ layout: CollectionViewLayout) {
        if !pass.isRunning {
            gtk_widget_queue_allocate(viewport)
            if layout === interactiveTransition?.layout, layout === installedLayout { sizeTransitionScrolling() }
        }
        indexScrubber.layoutInvalidated(layout.pendingInvalidation)
    }

    /// An interactive transition's progress moved (outside GTK's layout phase: a gesture, a
    /// frame of its settling, the app): the scrollable area takes the transition's content size
    /// now, not in the pass. Growing past the viewport or back, the scrolled window shows or
    /// hides a scrollbar and queues a resize of itself; queued while GTK allocates the window
    /// (in the pass), when something else in the window changes in the same frame (a header's
    /// title, a toast), GTK 4.8 drew the scrolled window without allocating it ("Trying to
    /// snapshot GtkScrolledWindow ... without a current allocation"). O(1): the blend of the
    /// two layouts' sizes.
    private func sizeTransitionScrolling() {
        guard sectionCounts != nil, viewportSize.width > 0 else { return }  // a reload pending: the pass asks the counts
        configureScrolling()
    }

    // MARK: Layout

    /// The app assigned a layout: an interactive transition under way ends (its completion gets
    /// false) and the assigned layout stays.
    private func assignLayout(_ layout: CollectionViewLayout) {
        abandonInteractiveTransition()
        install(layout)
    }

    /// Installs a layout without animation. The views stay: elements keep their keys in any
    /// layout, so the next pass just places them anew (and queues those it no longer shows).
    func install(_ layout: CollectionViewLayout) {
        let old = installedLayout
        guard layout !== old else { return }
        installedLayout = layout
        if old.collectionView === self, !(layout is TransitionLayout), !(old is TransitionLayout) { old.collectionView = nil }
        layout.collectionView = self
        ensureViews(.forgetArea)
        layout.invalidateLayout()
        gtk_widget_queue_allocate(viewport)
    }

    // MARK: Reporting

    /// Reports a problem the view recovered from, through `errorHandler`.
    public func report(_ error: CollectionViewError) {
        errorHandler(error)
    }

    // MARK: Lifetime

    /// While its widget is in a widget tree the view keeps itself alive, so an app that drops
    /// its last reference does not leave a dead widget on screen; out of the tree (or destroyed)
    /// it lets go, and both are freed with the app's last reference.
    private func parentChanged() {
        let parented = gtk_widget_get_parent(widget) != nil
        if parented, handles.selfWhileShown == nil {
            handles.selfWhileShown = Unmanaged.passRetained(self)
        } else if !parented {
            releaseSelf()
        }
    }

    /// Lets go of the self-reference on the main loop's next turn, not inside GTK's unparenting.
    private func releaseSelf() {
        guard let held = handles.selfWhileShown else { return }
        handles.selfWhileShown = nil
        Async.onMain { held.release() }
    }

    private var windowTitle: String? {
        guard let root = gtk_widget_get_root(viewport).map(UnsafeMutableRawPointer.init),
              g_type_check_instance_is_a(root.assumingMemoryBound(to: GTypeInstance.self), gtk_window_get_type()) != 0,
              let title = gtk_window_get_title(root.assumingMemoryBound(to: GtkWindow.self)) else { return nil }
        return String(cString: title)
    }

    /// Without an ``accessibilityLabel`` the grid is named after its window.
    private func labelFromWindowIfNeeded() {
        if accessibilityLabel == nil, let title = windowTitle { cv_accessible_set_label(viewport, title) }
    }

    private func hostDisposed() {
        scrollSnap.dispose()
        orthogonalScroll.dispose()
        stopScrollAnimation()
        animator.cancel()
        backgroundLayer.dispose()
        indexScrubber.dispose()
        interaction.dispose()
        dragAndDrop.dispose()
        ensureViews(.dispose)
        releaseSelf()
    }
}

/// A weak reference in a box, for C callbacks' user data.
final class WeakBox<T: AnyObject> {
    weak var value: T?
}
