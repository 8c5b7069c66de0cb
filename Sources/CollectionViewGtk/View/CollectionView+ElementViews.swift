import CGtk
import CollectionLayout

/// The view's side of the element owner: the one place that hands it a plan (`ensureViews`),
/// the values it asks with (`elementSource`: checked layout answers, views from the data
/// source), and the delegate's display calls it returns. Every call into app code runs as a
/// busy operation, so structural work it asks for waits until the owner is done.
extension CollectionView {
    /// Hands the element owner a plan and tells the delegate what came and went.
    @discardableResult
    func ensureViews(_ plan: ElementPlan) -> ElementChanges {
        let changes = elements.ensureViews(plan, using: elementSource)
        deliver(changes.events)
        return changes
    }

    /// What the element owner asks for, as values.
    var elementSource: ElementSource {
        ElementSource(
            attributesIn: { [unowned self] in wantedAttributes(in: $0) },
            attributesOf: { [unowned self] in usableAttributes(of: $0) },
            makeView: { [unowned self] in makeView(for: $0, with: $1) },
            selfSize: { [unowned self] in selfSize($0, to: $1) },
            animator: animator,
            hasWorkWaiting: { [unowned self] in work.hasQueuedWork })
    }

    /// The delegate's `willDisplay` and `didEndDisplaying`, in the order the views came and went.
    func deliver(_ events: [DisplayEvent]) {
        for event in events {
            switch event {
            case let .willDisplay(view, key): tellDelegate(view, key, appearing: true)
            case let .didEndDisplaying(view, key): tellDelegate(view, key, appearing: false)
            }
        }
    }

    private func makeView(for key: ElementKey, with attributes: LayoutAttributes) -> ReusableView? {
        // What the views dequeued for it learn before they are configured (as UIKit's dequeue
        // for an index path applies its attributes): where a list row sits.
        data.attributesBeingShown = attributes
        defer { data.attributesBeingShown = nil }
        let view: ReusableView? = work.runNow {
            switch key.category {
            case .cell: RegistrationToken.insideProvider { makeCell(at: key.indexPath) }
            case .supplementaryView: RegistrationToken.insideProvider { makeSupplementaryView(key) }
            case .decorationView: makeDecorationView(key)
            }
        }
        if let cell = view as? CollectionViewCell {
            if key.category == .cell {
                applySelectionState(to: cell, at: key.indexPath)
                cell.dropState = dragAndDrop.dropState(forItemAt: key.indexPath)
                cell.outline = outlineState(at: key.indexPath)
            }
            cell.isEditing = editingMode.isOn
            cell.finishPreparingForDisplay()
        }
        return view
    }

    private func makeCell(at indexPath: IndexPath) -> ReusableView? {
        guard let dataSource else { return nil }
        // During a movement the data source has not moved the item yet, and a drop gap is not in
        // its data: ask for its own path.
        let cell = dataSource.collectionView(self, cellForItemAt: dataIndexPathForShown(indexPath))
        if cell is MissingCell { return nil }  // reported by the data source
        guard cell.owner === self, cell.category == .cell, cell.elementKey == nil else {
            let why = cell.owner !== self ? "not from this collection view" : cell.category != .cell ? "not a cell" : "already shown for another item"
            report(.foreignView("a cell for item \(indexPath.item) in section \(indexPath.section) that is \(why)"))
            giveBack(cell)
            return nil
        }
        return cell
    }

    private func makeSupplementaryView(_ key: ElementKey) -> ReusableView? {
        guard let dataSource, let kind = key.kind else { return nil }
        let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: key.indexPath)
        if view is MissingSupplementaryView { return nil }
        guard view.owner === self, view.category == .supplementaryView, view.elementKey == nil else {
            report(.foreignView("a view for \(key) that is not a supplementary view dequeued here"))
            giveBack(view)
            return nil
        }
        return view
    }

    private func makeDecorationView(_ key: ElementKey) -> ReusableView? {
        let kind = key.kind ?? ""
        let queueKey = ReuseQueueKey(category: .decorationView, kind: kind, identifier: kind)
        let registration = installedLayout.decorationRegistrations[kind] as? ViewRegistration
            ?? ListDecorationViews.registration(forKind: kind)
        do {
            return try dequeue(queueKey, registration: registration)
        } catch {
            report(error)
            return nil
        }
    }

    /// A view of this collection view that the data source dequeued but returned for the wrong
    /// element goes back to its queue, so nothing dequeued is lost.
    func giveBack(_ view: ReusableView) {
        guard view.owner === self else { return }
        ensureViews(.giveBack(view))
    }

    /// `willDisplay` or `didEndDisplaying`, for a cell or a supplementary view (decoration
    /// views have no delegate calls, as in UIKit).
    private func tellDelegate(_ view: ReusableView, _ key: ElementKey, appearing: Bool) {
        guard let delegate else { return }
        work.runNow {
            switch (view as? CollectionViewCell, key.category, key.kind) {
            case (let cell?, .cell, _):
                if appearing {
                    delegate.collectionView(self, willDisplay: cell, forItemAt: key.indexPath)
                } else {
                    delegate.collectionView(self, didEndDisplaying: cell, forItemAt: key.indexPath)
                }
            case (_, .supplementaryView, let kind?):
                if appearing {
                    delegate.collectionView(self, willDisplaySupplementaryView: view, forElementKind: kind, at: key.indexPath)
                } else {
                    delegate.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: kind, at: key.indexPath)
                }
            default:
                break
            }
        }
    }

    /// One element's usable attributes for a named invalidation; nil when it should have no
    /// view (hidden, unusable, outside the data, or outside its orthogonal row). As in
    /// `wantedAttributes`, the moving item is under the pointer and a drop gap has no cell.
    private func usableAttributes(of key: ElementKey) -> LayoutAttributes? {
        if let moving = movement, key == .cell(moving.current) { return movingAttributes(moving) }
        if let gap = dropGap, key == .cell(gap.at) { return nil }
        guard let attributes = installedLayout.layoutAttributes(for: key), !attributes.isHidden, Self.unusable(attributes) == nil,
              orthogonalScroll.isOutsideItsRow(attributes) != true,
              key.category == .decorationView || isValidElement(key, counts: counts) else { return nil }
        return attributes
    }

    /// The layout's attributes in `rect`, keyed by element, without hidden or unusable ones:
    /// frames, transforms or alphas that are not finite, and paths outside the data are
    /// reported and left out.
    func wantedAttributes(in rect: Rect) -> [ElementKey: LayoutAttributes] {
        let all = installedLayout.layoutAttributesForElements(in: rect)
        var wanted: [ElementKey: LayoutAttributes] = Dictionary(minimumCapacity: all.count)
        let counts = self.counts
        for attributes in all where !attributes.isHidden {
            let key = attributes.elementKey
            if let problem = Self.unusable(attributes) {
                report(.invalidLayoutAttributes("\(key) has \(problem)"))
                continue
            }
            if key.category != .decorationView {
                guard isValidElement(key, counts: counts) else {
                    report(.invalidLayoutAttributes("\(key) is outside the data source's \(counts.count) sections"))
                    continue
                }
            }
            wanted[key] = attributes
        }
        // The moving item is under the pointer wherever its place is.
        if let moving = movement, let attributes = movingAttributes(moving) {
            wanted[attributes.elementKey] = attributes
        }
        if let gap = dropGap { wanted[.cell(gap.at)] = nil }  // room, without a cell
        return wanted
    }

    /// Whether a cell or supplementary key names a place in the data the view shows.
    func isValidElement(_ key: ElementKey, counts: [Int]) -> Bool {
        let path = key.indexPath
        guard path.count >= 1, counts.indices.contains(path.section) else { return false }
        return key.category != .cell || (path.count == 2 && path.item >= 0 && path.item < counts[path.section])
    }

    /// Why GTK could not show these attributes, or nil when it can. Any finite frame can: the
    /// view places frames relative to the canvas near the viewport and clips one too large for
    /// GTK's 32-bit allocations to what can show (`placement`).
    static func unusable(_ attributes: LayoutAttributes) -> String? {
        let frame = attributes.frame
        guard frame.isFinite else { return "the frame \(frame)" }
        guard attributes.alpha.isFinite else { return "the alpha \(attributes.alpha)" }
        let t = attributes.transform3D
        guard t.rowMajor.allSatisfy(\.isFinite) else { return "a transform that is not finite" }
        return nil
    }
}
