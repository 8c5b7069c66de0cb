import CGtk
import CollectionLayout

extension CollectionView {
    /// Makes cells of `cellClass` for `identifier`
    /// (`register(_:forCellWithReuseIdentifier:)`). Registering again replaces the class; queued
    /// cells of the old one are dropped.
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        register(ViewRegistration(viewClass: cellClass, template: nil), for: ReuseQueueKey(category: .cell, identifier: identifier))
    }

    /// Makes cells of `cellClass` whose content view holds a GtkBuilder template's root (UIKit's
    /// `register(_:forCellWithReuseIdentifier:)` with a nib). A template that does not load
    /// stops the first dequeue with a message naming it.
    public func register(template: BuilderTemplate, cellClass: CollectionViewCell.Type = CollectionViewCell.self,
                         forCellWithReuseIdentifier identifier: String) {
        register(ViewRegistration(viewClass: cellClass, template: template), for: ReuseQueueKey(category: .cell, identifier: identifier))
    }

    /// Makes supplementary views of `viewClass` for `kind` and `identifier`
    /// (`register(_:forSupplementaryViewOfKind:withReuseIdentifier:)`).
    public func register(_ viewClass: ReusableView.Type, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        register(ViewRegistration(viewClass: viewClass, template: nil), for: ReuseQueueKey(category: .supplementaryView, kind: kind, identifier: identifier))
    }

    /// Makes supplementary views of `viewClass` for `kind` and `identifier` from a GtkBuilder
    /// template (UIKit's registration with a nib).
    public func register(template: BuilderTemplate, viewClass: ReusableView.Type = ReusableView.self,
                         forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        register(ViewRegistration(viewClass: viewClass, template: template), for: ReuseQueueKey(category: .supplementaryView, kind: kind, identifier: identifier))
    }

    /// The one way in to the element owner's registrations.
    private func register(_ registration: ViewRegistration, for key: ReuseQueueKey) {
        elements.register(registration, for: key)
    }

    /// A cell for the data source to configure (`dequeueReusableCell(withReuseIdentifier:for:)`):
    /// a queued one after `prepareForReuse()`, or a new one. An unregistered identifier is a
    /// programmer error: it stops with a message naming it.
    ///
    /// - Parameters:
    ///   - identifier: the reuse identifier the cell class was registered for.
    ///   - indexPath: the item the cell is for, as the data source was asked.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        if let own = reconfiguringCell(at: indexPath) { return own }
        let key = ReuseQueueKey(category: .cell, identifier: identifier)
        let view = dequeueOrStop(key)
        guard let cell = view as? CollectionViewCell else {
            preconditionFailure("CollectionView: the class registered for \(key) is not a CollectionViewCell")
        }
        return cell
    }

    /// The typed form: `let cell: PhotoCell = collectionView.dequeueReusableCell(...)`. A
    /// registered class that is not `Cell` stops with a message naming both.
    public func dequeueReusableCell<Cell: CollectionViewCell>(withReuseIdentifier identifier: String, for indexPath: IndexPath, as type: Cell.Type = Cell.self) -> Cell {
        let cell = dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
        guard let typed = cell as? Cell else {
            preconditionFailure("CollectionView: the cell registered for '\(identifier)' is a \(Swift.type(of: cell)), not a \(Cell.self)")
        }
        return typed
    }

    /// A supplementary view for the data source to configure
    /// (`dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`): a queued one after
    /// `prepareForReuse()`, or a new one. An unregistered kind and identifier stops with a
    /// message naming them.
    public func dequeueReusableSupplementaryView(ofKind kind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath) -> ReusableView {
        dequeueOrStop(ReuseQueueKey(category: .supplementaryView, kind: kind, identifier: identifier))
    }

    /// The typed form: `let header: LabelSupplementaryView = collectionView.dequeueReusableSupplementaryView(...)`.
    /// A registered class that is not `View` stops with a message naming both.
    public func dequeueReusableSupplementaryView<View: ReusableView>(ofKind kind: String, withReuseIdentifier identifier: String,
                                                                     for indexPath: IndexPath, as type: View.Type = View.self) -> View {
        let view = dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: identifier, for: indexPath)
        guard let typed = view as? View else {
            preconditionFailure("CollectionView: the view registered for '\(kind)' '\(identifier)' is a \(Swift.type(of: view)), not a \(View.self)")
        }
        return typed
    }

    /// While `indexPath`'s item is reconfigured, its own cell: what a dequeue for it gives back,
    /// as UIKit's does.
    func reconfiguringCell(at indexPath: IndexPath) -> CollectionViewCell? {
        guard let reconfiguring = editing.reconfiguring, reconfiguring.indexPath == indexPath else { return nil }
        return reconfiguring.cell
    }

    /// The dequeue that throws instead of stopping, for the view's own use and for tests.
    func dequeue(_ key: ReuseQueueKey, registration: ViewRegistration? = nil) throws(CollectionViewError) -> ReusableView {
        let view = try elements.dequeue(key, registration: registration)
        view.owner = self
        if let cell = view as? CollectionViewCell {
            cell.isPreparingForDisplay = true
            if let attributes = data.attributesBeingShown, attributes.representedElementCategory == key.category {
                cell.listPosition = attributes.listPosition
            }
        }
        return view
    }

    private func dequeueOrStop(_ key: ReuseQueueKey) -> ReusableView {
        do {
            return try dequeue(key)
        } catch {
            preconditionFailure("CollectionView: \(error)")
        }
    }

    /// Views made so far and views waiting in queues, for tests and benchmarks.
    package var reuseStatistics: (created: Int, queued: Int, visible: Int) {
        (elements.queueCounts.created, elements.queueCounts.queued, elements.visible.count)
    }
}

extension CollectionViewLayout {
    /// Makes decoration views of `kind` from `viewClass`; nil removes the registration
    /// (`UICollectionViewLayout.register(_:forDecorationViewOfKind:)`).
    public func register(_ viewClass: ReusableView.Type?, forDecorationViewOfKind kind: String) {
        setDecorationRegistration(viewClass.map { ViewRegistration(viewClass: $0, template: nil) }, forKind: kind)
    }

    /// Makes decoration views of `kind` from a GtkBuilder template.
    public func register(template: BuilderTemplate, viewClass: ReusableView.Type = ReusableView.self, forDecorationViewOfKind kind: String) {
        setDecorationRegistration(ViewRegistration(viewClass: viewClass, template: template), forKind: kind)
    }
}
