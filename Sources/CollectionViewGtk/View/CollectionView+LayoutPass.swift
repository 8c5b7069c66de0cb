import CGtk
import GtkGlue
import CCollectionHost
import CollectionLayout

/// The layout pass. On every allocation of the viewport (one per frame at most) the view sizes
/// the scrollable area and moves the canvas to the content offset. Only when the layout was
/// invalidated, the viewport was resized, or the viewport left the prepared area does the
/// element owner ask the layout for the elements around the viewport; a plain scroll re-places
/// no view.
extension CollectionView {
    /// Half the canvas's extra room on each side; see `anchor`.
    nonisolated static let anchorMargin = 16_384.0
    /// How many rounds one pass may take when the layout invalidates itself during the pass
    /// (from `prepare()` or a callback); more waits for the next frame, so a layout that always
    /// invalidates cannot hang the main loop.
    static let roundsPerPass = 4
    /// How many views outside the viewport a frame makes: about a line of a dense grid.
    static let offscreenViewsPerFrame = 12

    func hostAllocated(width: Int, height: Int) {
        let newSize = Size(width: Double(width), height: Double(height))
        var resized = newSize != viewportSize
        viewportSize = newSize
        pass.isRunning = true
        let presented = elements.presentations
        updateMirroring()
        for _ in 0..<Self.roundsPerPass {
            work.runNow { layoutPass(resized: resized) }  // what callbacks asked for runs at its end
            resized = false
            // A scroll to an item puts it back where it was asked once the round measured
            // what it brought into view; another round places what that move shows.
            let moved = work.runNow { holdScrollTarget() }
            if !installedLayout.needsPrepare && !moved { break }
        }
        pass.isRunning = false
        if elements.presentations != presented { pass.presentedViews = true }  // app code may have queued resizes
        if installedLayout.needsPrepare { gtk_widget_queue_allocate(viewport) }
        // Last, after any work the callbacks asked for: views it added are placed in this frame.
        let visibleRect = bounds
        ensureViews(.place(canvas: canvasFrame) { [unowned self] in allocateCanvas(visibleRect) })
        backgroundLayer.allocate(width: Int32(width), height: Int32(height))
        indexScrubber.allocate(width: Int32(width), height: Int32(height))
        if elements.hasPendingViews || elements.readingOrderIsDue { scheduleUpdatePhaseWork() }
        if checksInvariants { recordInvariantProblems() }
        pass.count += 1
        interaction.presentMenu()
        interaction.allocateOverlays()  // a popover child is sized and placed in its parent's allocation
    }

    /// One round of the pass.
    private func layoutPass(resized: Bool) {
        let layout = installedLayout
        if resized, layout.shouldInvalidateLayout(forBoundsChange: bounds) {
            layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: bounds))
        }
        _ = counts  // the data source is asked before the layout reads the counts
        // A context that names elements: only they are asked for again; the rest stays.
        let context = layout.takePendingInvalidation()
        let partial = context.map { !$0.invalidatesAll } ?? false
        let dirty = layout.needsPrepare && !partial
        if let context, partial { adjustContent(for: context) }
        work.runNow { layout.prepareIfNeeded() }  // app code: an invalidation inside gets another round
        configureScrolling()
        followInteractiveTransition()
        let visibleRect = bounds
        if let context, partial {
            // The moving item is under the pointer, and a drop gap is room without a cell.
            let keys = context.invalidatedElementKeys.filter { key in
                !(movement.map { key == .cell($0.current) } ?? false) && !(dropGap.map { key == .cell($0.at) } ?? false)
            }
            ensureViews(.invalidated(keys: keys, rect: context.invalidatedRect))
        }
        if ensureViews(.pass(visible: visibleRect, refresh: dirty || resized, incremental: isPlainScroll)).prepared {
            prefetchAhead()
        }
        if anchorNeedsMove(for: visibleRect.origin) {  // the offset jumped inside this pass (clamping)
            anchor = visibleRect.origin
        }
    }

    /// The content size and offset adjustments of a context: the scrollable area grows first,
    /// so the offset is not clamped to the old one.
    private func adjustContent(for context: InvalidationContext) {
        let size = context.contentSizeAdjustment, offset = context.contentOffsetAdjustment
        guard size != .zero || offset != .zero else { return }
        if size != .zero {
            let content = installedLayout.collectionViewContentSize
            cv_scroll_host_configure_mirrored(host, Self.sanitize(content.width + size.width), Self.sanitize(content.height + size.height),
                                              viewportSize.width, viewportSize.height, isMirrored ? 1 : 0)
        }
        if offset != .zero { correctOffset(by: offset) }
    }

    /// A scroll with nothing else going on: the element owner then asks only for the strips
    /// that came into view.
    private var isPlainScroll: Bool { !animator.isRunning && interactiveTransition == nil }

    /// Sets the adjustments from the layout's content size and the viewport.
    func configureScrolling() {
        let content = installedLayout.collectionViewContentSize
        cv_scroll_host_configure_mirrored(host, Self.sanitize(content.width), Self.sanitize(content.height),
                                          viewportSize.width, viewportSize.height, isMirrored ? 1 : 0)
    }

    /// Moves the canvas so the anchor's point sits at (margin, margin) of it. Mirrored, the
    /// canvas is flipped across the viewport's vertical centre line.
    private func allocateCanvas(_ visibleRect: Rect) {
        let margin = Self.anchorMargin
        // On whole device pixels: content lands on the same pixels every frame, so a tile of
        // the cache (drawn at a whole pixel) is what drawing the views would have given.
        let scale = Double(max(1, gtk_widget_get_scale_factor(canvas)))
        let snap = { (value: Double) in (value * scale).rounded() / scale }
        var shift = graphene_point_t(x: Float(snap(anchor.x - margin - visibleRect.minX)), y: Float(snap(anchor.y - margin - visibleRect.minY)))
        updateTileSize()
        cv_canvas_set_visible(OpaquePointer(canvas), -Double(shift.x), -Double(shift.y), viewportSize.width, viewportSize.height, isMirrored ? 1 : 0)
        // Animations move views every frame: drawn directly, not through tiles drawn again each frame.
        cv_canvas_set_tiles_suspended(OpaquePointer(canvas), animator.isRunning || interactiveTransition != nil ? 1 : 0)
        var transform: OpaquePointer? = nil
        if isMirrored {
            var right = graphene_point_t(x: Float(viewportSize.width), y: 0)
            transform = gsk_transform_scale(gsk_transform_translate(nil, &right), -1, 1)
        }
        gtk_widget_allocate(canvas, Int32(2 * margin) + Int32(viewportSize.width), Int32(2 * margin) + Int32(viewportSize.height), -1,
                            gsk_transform_translate(transform, &shift))
    }

    /// Where the canvas is: the anchor's point at (margin, margin) of it, mirrored or not.
    var canvasFrame: CanvasFrame {
        CanvasFrame(origin: Point(x: anchor.x - Self.anchorMargin, y: anchor.y - Self.anchorMargin), mirrored: isMirrored)
    }

    /// Follows the widget's direction and the layout's wish to flip (every view is then placed
    /// again: the canvas frame changed).
    func updateMirroring() {
        let layout = installedLayout
        let rightToLeft = gtk_widget_get_direction(viewport) == GTK_TEXT_DIR_RTL
        let mirrored = layout.flipsHorizontallyInOppositeLayoutDirection
            && rightToLeft != (layout.developmentLayoutDirection == .rightToLeft)
        guard mirrored != isMirrored else { return }
        let offset = contentOffset
        isMirrored = mirrored
        // The same place of the content, now on the flipped adjustment: the view's own move,
        // so a scroll of the view's under way goes on.
        moveOffsetItself(to: offset)
    }

    /// A viewport x as the layout sees it: flipped when the view is mirrored.
    func layoutViewportX(_ x: Double) -> Double { isMirrored ? viewportSize.width - x : x }

    func anchorNeedsMove(for offset: Point) -> Bool {
        abs(offset.x - anchor.x) > Self.anchorMargin / 2 || abs(offset.y - anchor.y) > Self.anchorMargin / 2
    }

    /// The largest content extent the adjustments take: 2^53 px, past which a double no longer
    /// holds every whole pixel (at 1e15 px it still holds an eighth of one). The adjustments are
    /// doubles and only viewport-relative distances reach GTK's 32-bit integers, so nothing
    /// smaller needs a cap.
    static let largestContentExtent = 9_007_199_254_740_992.0

    private static func sanitize(_ value: Double) -> Double { value.isFinite && value > 0 ? min(value, largestContentExtent) : 0 }

    /// The adjustments' value changed (a scroll). The scroll host does not report the changes
    /// its own configuring makes; what it reports is the user scrolling (wheel, drag,
    /// scrollbar), the app setting `contentOffset`, or the view's own moves
    /// (`moveOffsetItself`: a scroll's frame, a correction, a flip of direction).
    func hostScrolled() {
        // Not the view's own move: the user scrolled (wheel, drag, scrollbar), which ends a
        // scroll of the view's (the view's corrections, see `correctOffset(by:)`, do not).
        if !scroll.isMovingOffsetItself { stopScrollAnimation() }
        // From inside a callback (an app that scrolls from willDisplay, say) or an operation
        // (a layout swap moving the offset): right after it. The queued call goes straight to
        // the work, not back through this check, which would queue it again for ever.
        work.runOrDefer { [weak self] in self?.handleScroll() }
    }


    private func handleScroll() {
        let newBounds = bounds
        if installedLayout.shouldInvalidateLayout(forBoundsChange: newBounds) {
            installedLayout.invalidateLayout(with: installedLayout.invalidationContext(forBoundsChange: newBounds))
        }
        interaction.viewScrolled()  // a press that turns into a scroll selects nothing
        indexScrubber.viewScrolled()
        // Views for what scrolls into view are made now, before GTK's layout phase (see
        // `scheduleFill`); the pass that follows places them.
        if !installedLayout.needsPrepare, viewportSize.width > 0, ensureViews(.scroll(visible: newBounds, incremental: isPlainScroll)).prepared {
            prefetchAhead()
            gtk_widget_queue_allocate(viewport)
        }
        if anchorNeedsMove(for: newBounds.origin) {
            anchor = newBounds.origin
            gtk_widget_queue_allocate(canvas)
        }
    }

    /// What the pass must not do itself, done in the frame clock's update phase (a tick
    /// callback), before GTK lays the window out: pending views are made a few per frame until
    /// none is left, and the children are sorted into reading order when a key changed. Not in
    /// the layout phase: a view's content changing there (a label's text, say) or a child
    /// moving among its siblings queues a resize of the canvas and every widget above it while
    /// GTK allocates them, which makes GTK lay the whole window out again in the same frame, and
    /// GTK 4.8 may then draw a widget above the view that it has not allocated again ("Trying to
    /// snapshot GtkStack ... without a current allocation").
    private func scheduleUpdatePhaseWork() {
        guard pass.updatePhaseTick == nil else { return }
        pass.updatePhaseTick = Tick.add(viewport) { [weak self] _ in
            guard let self else { return false }
            if self.elements.readingOrderIsDue { self.ensureViews(.restack) }  // GTK lays the canvas out after this phase
            if self.elements.hasPendingViews {
                self.work.runNow { _ = self.ensureViews(.fill(visible: self.bounds, offscreenBudget: Self.offscreenViewsPerFrame)) }
                gtk_widget_queue_allocate(self.viewport)
            }
            guard self.elements.hasPendingViews else {
                self.pass.updatePhaseTick = nil  // returning false removes it
                return false
            }
            return true
        }
    }

    private func recordInvariantProblems() {
        let problems = elements.invariantViolations()
        if !problems.isEmpty { pass.invariantProblems.append("after pass \(layoutPassCount + 1): " + problems.joined(separator: "; ")) }
    }
}
