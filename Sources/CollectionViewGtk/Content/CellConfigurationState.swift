/// What a cell's look depends on besides its item (`UICellConfigurationState`): the view keeps
/// it current (``isExpanded`` comes from an outline data source, ``CollectionViewOutlineDataSource``,
/// and ``isSwiped`` from the view's swipe actions), and a change re-runs the cell's ``CollectionViewCell/updateConfiguration(using:)``
/// (and so its ``CollectionViewCell/configurationUpdateHandler``).
public struct CellConfigurationState: Hashable, Sendable {
    /// The item is selected.
    public var isSelected = false
    /// A press is being tracked on the item.
    public var isHighlighted = false
    /// The item has the keyboard focus of its collection view.
    public var isFocused = false
    /// The cell takes no input (``CollectionViewCell/isUserInteractionEnabled`` is false).
    public var isDisabled = false
    /// The collection view is in editing mode (``CollectionView/isEditing``).
    public var isEditing = false
    /// The item's children are shown (in an outline: the data source is a
    /// ``CollectionViewOutlineDataSource``, which the view asks for each cell and again when
    /// the item expands or collapses).
    public var isExpanded = false
    /// The cell's swipe actions are showing (its content slid aside, from the moment a swipe
    /// moves it until it is closed again).
    public var isSwiped = false
    /// The user is moving the item (an interactive movement).
    public var isReordering = false
    /// Where the cell stands in a drop the user is dragging.
    public var cellDropState = DropState.none

    /// A cell's part in a drag over the collection view (`UICellConfigurationDropState`).
    public enum DropState: Hashable, Sendable {
        /// No drop is under way over the view.
        case none
        /// A drop is under way, not onto this cell.
        case notTargeted
        /// A drop would go into this cell.
        case targeted
    }

    public init() {}
}
