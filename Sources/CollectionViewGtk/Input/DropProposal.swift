import CGtk

/// What a drop does with its content (`UIDropOperation`).
public enum DropOperation: Sendable, Hashable {
    /// No drop here; the pointer shows nothing special.
    case cancel
    /// A drop here is refused (the pointer says so).
    case forbidden
    /// The receiver copies the content; the source keeps it.
    case copy
    /// The receiver takes the content; the source may delete its own.
    case move

    /// GDK's action for the operation (none for `cancel` and `forbidden`).
    var gdkAction: GdkDragAction {
        switch self {
        case .cancel, .forbidden: GdkDragAction(rawValue: 0)
        case .copy: GDK_ACTION_COPY
        case .move: GDK_ACTION_MOVE
        }
    }

    /// The operation of a single GDK action: copy, move, or else `cancel`.
    init(gdkAction: GdkDragAction) {
        if gdkAction.rawValue & GDK_ACTION_COPY.rawValue != 0 { self = .copy }
        else if gdkAction.rawValue & GDK_ACTION_MOVE.rawValue != 0 { self = .move }
        else { self = .cancel }
    }
}

/// What a drop at the pointer would do (`UICollectionViewDropProposal`): an operation and
/// where the content goes.
public struct DropProposal: Sendable, Hashable {
    /// Where the content of a drop goes (`UICollectionViewDropProposal.Intent`).
    public enum Intent: Sendable, Hashable {
        /// The delegate decides; the view shows neither a gap nor a highlight.
        case unspecified
        /// New items at the destination index path: the view opens a gap there while the drag
        /// hovers.
        case insertAtDestinationIndexPath
        /// Into the item at the destination index path (a folder, an album): the view
        /// highlights its cell (the `drop-target` CSS class).
        case insertIntoDestinationIndexPath
    }

    public var operation: DropOperation
    public var intent: Intent

    /// - Parameters:
    ///   - operation: what a drop here does; `.copy` and `.move` take the drop.
    ///   - intent: where its content goes; `.unspecified` by default.
    public init(operation: DropOperation, intent: Intent = .unspecified) {
        self.operation = operation
        self.intent = intent
    }
}
