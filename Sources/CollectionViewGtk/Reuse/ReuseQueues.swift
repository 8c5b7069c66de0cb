import CGtk
import CollectionLayout

/// The registrations and the queues of views waiting to be reused. Views leave the widget
/// tree when they are queued and keep their widgets, so reuse costs no widget creation.
@MainActor
final class ReuseQueues {
    private(set) var registrations: [ReuseQueueKey: ViewRegistration] = [:]
    private var queues: [ReuseQueueKey: [ReusableView]] = [:]
    /// Views made so far, for tests and the benchmark's live-widget figures.
    private(set) var createdCount = 0

    func register(_ registration: ViewRegistration?, for key: ReuseQueueKey) {
        registrations[key] = registration
        if registration == nil { queues[key] = nil }
    }

    /// A queued view after `prepareForReuse()`, or a new one; never nothing for a registered
    /// key. `registration` overrides the stored one (decoration views live on the layout).
    func dequeue(_ key: ReuseQueueKey, registration: ViewRegistration? = nil) throws(CollectionViewError) -> ReusableView {
        if var queue = queues[key], let view = queue.popLast() {
            queues[key] = queue
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

    func enqueue(_ view: ReusableView) {
        guard let key = view.queueKey else { return }
        queues[key, default: []].append(view)
    }

    var queuedCount: Int { queues.values.reduce(0) { $0 + $1.count } }

    func removeAll() { queues.removeAll() }
}
