import CollectionLayout

/// How to make and configure cells of one class for one kind of item
/// (`UICollectionView.CellRegistration`): no reuse identifier to register or spell twice.
///
/// Make registrations once, before the data source asks for cells (a property of the object
/// that owns the data source), and dequeue with
/// ``CollectionView/dequeueConfiguredReusableCell(using:for:item:)`` in `cellForItemAt` or a
/// diffable data source's cell provider. The handler runs on every dequeue, for a new cell and
/// for a reused one alike.
///
/// ```swift
/// let registration = CellRegistration<ListCell, Contact> { cell, _, contact in
///     var content = cell.defaultContentConfiguration()
///     content.text = contact.name
///     cell.contentConfiguration = content
/// }
/// ```
///
/// A registration made anew each time a cell is asked for (inside the cell provider) would
/// give every cell a queue of its own, so none would be reused: the second time that happens
/// for the same cell and item types, the view reports it
/// (``CollectionViewError/registrationMadeInProvider(_:)``) and reuses cells across those
/// registrations anyway.
@MainActor
public struct CellRegistration<Cell: CollectionViewCell, Item> {
    /// Configures `cell` to show `item` at `indexPath`.
    public typealias Handler = @MainActor (_ cell: Cell, _ indexPath: IndexPath, _ item: Item) -> Void

    let token: RegistrationToken
    let handler: Handler

    /// Cells of class `Cell`, made with `Cell.init()`.
    public init(handler: @escaping Handler) {
        token = RegistrationToken(name: "CellRegistration<\(Cell.self), \(Item.self)>", viewClass: Cell.self, template: nil)
        self.handler = handler
    }

    /// Cells of class `Cell` whose content view holds a GtkBuilder template's root (UIKit's
    /// registration with a nib).
    public init(template: BuilderTemplate, handler: @escaping Handler) {
        token = RegistrationToken(name: "CellRegistration<\(Cell.self), \(Item.self)> (\(template))", viewClass: Cell.self, template: template)
        self.handler = handler
    }
}

/// How to make and configure supplementary views of one kind
/// (`UICollectionView.SupplementaryRegistration`): headers, footers, badges.
///
/// ```swift
/// let header = SupplementaryRegistration<ListCell>(elementKind: CollectionView.elementKindSectionHeader) { view, _, indexPath in
///     var content = ListContentConfiguration.header()
///     content.text = sections[indexPath.section].title
///     view.contentConfiguration = content
/// }
/// ```
@MainActor
public struct SupplementaryRegistration<View: ReusableView> {
    /// Configures `view`, a supplementary view of `elementKind`, for `indexPath`.
    public typealias Handler = @MainActor (_ view: View, _ elementKind: String, _ indexPath: IndexPath) -> Void

    /// The kind of supplementary view this registration makes.
    public let elementKind: String
    let token: RegistrationToken
    let handler: Handler

    /// Views of class `View` for `elementKind`, made with `View.init()`.
    public init(elementKind: String, handler: @escaping Handler) {
        self.elementKind = elementKind
        token = RegistrationToken(name: "SupplementaryRegistration<\(View.self)> for '\(elementKind)'", viewClass: View.self, template: nil)
        self.handler = handler
    }

    /// Views of class `View` for `elementKind` holding a GtkBuilder template's root.
    public init(elementKind: String, template: BuilderTemplate, handler: @escaping Handler) {
        self.elementKind = elementKind
        token = RegistrationToken(name: "SupplementaryRegistration<\(View.self)> for '\(elementKind)' (\(template))",
                                  viewClass: View.self, template: template)
        self.handler = handler
    }
}

/// A registration's identity: it names its reuse queue, so two registrations never share one,
/// and remembers whether it was made while the view was asking for a view.
@MainActor
final class RegistrationToken {
    let name: String
    let registration: ViewRegistration
    let serial: Int
    /// The reuse identifier of its own queue, made once (not per dequeue).
    let identifier: String
    /// Made while some collection view was asking its data source for a view.
    let madeInProvider: Bool

    private static var made = 0
    /// How deep the collection views are in data source calls that make views.
    static var providerDepth = 0

    init(name: String, viewClass: ReusableView.Type, template: BuilderTemplate?) {
        self.name = name
        registration = ViewRegistration(viewClass: viewClass, template: template)
        Self.made += 1
        serial = Self.made
        identifier = Self.identifier(name, serial)
        madeInProvider = Self.providerDepth > 0
    }

    static func identifier(_ name: String, _ serial: Int) -> String { "\(name) #\(serial)" }

    /// Runs `body`, a data source call that makes a view, counted so registrations made inside
    /// it are known.
    static func insideProvider<T>(_ body: () -> T) -> T {
        providerDepth += 1
        defer { providerDepth -= 1 }
        return body()
    }
}

extension CollectionView {
    /// A cell from `registration`'s queue (or a new one), configured by its handler for
    /// `item` (`dequeueConfiguredReusableCell(using:for:item:)`).
    public func dequeueConfiguredReusableCell<Cell, Item>(using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath,
                                                          item: Item) -> Cell {
        let key = queueKey(for: registration.token, category: .cell, kind: nil)
        let cell: Cell
        if let own = reconfiguringCell(at: indexPath) as? Cell {
            cell = own
        } else {
            cell = dequeue(forRegistration: registration.token, key, as: Cell.self)
        }
        registration.handler(cell, indexPath, item)
        return cell
    }

    /// A supplementary view from `registration`'s queue (or a new one), configured by its
    /// handler (`dequeueConfiguredReusableSupplementary(using:for:)`).
    public func dequeueConfiguredReusableSupplementary<View>(using registration: SupplementaryRegistration<View>, for indexPath: IndexPath) -> View {
        let key = queueKey(for: registration.token, category: .supplementaryView, kind: registration.elementKind)
        let view = dequeue(forRegistration: registration.token, key, as: View.self)
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }

    /// The queue of a registration: its own, named by its serial number. Registrations made
    /// inside a provider share the first one of their name, and the second such is reported.
    private func queueKey(for token: RegistrationToken, category: ElementCategory, kind: String?) -> ReuseQueueKey {
        var identifier = token.identifier
        if token.madeInProvider {
            if let first = data.providerMadeRegistrations[token.name] {
                if first != token.serial, data.reportedRegistrations.insert(token.name).inserted {
                    report(.registrationMadeInProvider(token.name))
                }
                identifier = RegistrationToken.identifier(token.name, first)
            } else {
                data.providerMadeRegistrations[token.name] = token.serial
            }
        }
        return ReuseQueueKey(category: category, kind: kind, identifier: identifier)
    }

    private func dequeue<View: ReusableView>(forRegistration token: RegistrationToken, _ key: ReuseQueueKey, as type: View.Type) -> View {
        do {
            guard let view = try dequeue(key, registration: token.registration) as? View else {
                preconditionFailure("CollectionView: the registration for \(key) made a view that is not a \(View.self)")
            }
            return view
        } catch {
            preconditionFailure("CollectionView: \(error)")  // a template that does not load, as register(template:) does
        }
    }
}
