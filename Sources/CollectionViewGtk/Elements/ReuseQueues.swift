import CGtk
import CollectionLayout

/// The registrations and the queues of views waiting to be reused. Queued views stay children
/// of the canvas, hidden, and keep their widgets, so reuse costs no widget creation.
@MainActor
final class ReuseQueues {
    private(set) var registrations: [ReuseQueueKey: ViewRegistration] = [:]
    private var queues: [ReuseQueueKey: [ReusableView]] = [:]
    /// Views made so far, for tests and the benchmark's live-widget figures.
    private(set) var createdCount = 0

    /// Registers (or with nil, removes) how views for `key` are made. The queued views of a
    /// replaced or removed registration are dropped and returned: they are of the old class.
    @discardableResult
    func register(_ registration: ViewRegistration?, for key: ReuseQueueKey) -> [ReusableView] {
        registrations[key] = registration
        return queues.removeValue(forKey: key) ?? []
    }

    /// A queued view after `prepareForReuse()`, or a new one; never nothing for a registered
    /// key. `registration` overrides the stored one (decoration views live on the layout).
    func dequeue(_ key: ReuseQueueKey, registration: ViewRegistration? = nil) throws(CollectionViewError) -> ReusableView {
        if let view = queues[key]?.popLast() {  // in place: no copy of the queue
            view.lastFit = nil
            // A cell's look is updated once it has its next item, not for what reuse resets.
            (view as? CollectionViewCell)?.isPreparingForDisplay = true
            view.prepareForReuse()
            return view
        }
        guard let registration = registration ?? registrations[key] else {
            throw .unregistered(key.description, category: key.category)
        }
        let view = try registration.makeView()
        view.reuseIdentifier = key.identifier
        view.queueKey = key
        view.category = key.category
        createdCount += 1
        return view
    }

    /// Queues a view for reuse; false (and not queued) when its class is no longer the one
    /// registered for its identifier: the caller drops it.
    @discardableResult
    func enqueue(_ view: ReusableView) -> Bool {
        guard let key = view.queueKey else { return false }
        if let registration = registrations[key], ObjectIdentifier(type(of: view)) != ObjectIdentifier(registration.viewClass) { return false }
        queues[key, default: []].append(view)
        return true
    }

    var queuedCount: Int { queues.values.reduce(0) { $0 + $1.count } }

    /// Every queued view, for the owner's invariant checks.
    var queuedViews: [ReusableView] { queues.values.flatMap { $0 } }

    func removeAll() { queues.removeAll() }
}
