/// Where a row sits in its list section, as the list layout tells its cell through
/// ``LayoutAttributes/listPosition``: the cell's background takes the list's look, and in an
/// inset-grouped list the first and last rows round the corners they share with the card.
/// A section's header and footer get the appearance too, neither first nor last.
///
/// The layout computes it with the rest of the row's attributes, so an update that changes
/// which row is first or last gives the rows concerned new attributes, and their views apply
/// them again.
public struct ListRowPosition: Hashable, Sendable, CustomStringConvertible {
    /// The section's list appearance.
    public var appearance: ListAppearance
    /// The row is the section's first.
    public var isFirst: Bool
    /// The row is the section's last.
    public var isLast: Bool

    public init(appearance: ListAppearance, isFirst: Bool, isLast: Bool) {
        self.appearance = appearance
        self.isFirst = isFirst
        self.isLast = isLast
    }

    /// The row at `item` of a section of `count` rows.
    init(appearance: ListAppearance, item: Int, count: Int) {
        self.init(appearance: appearance, isFirst: item == 0, isLast: item == count - 1)
    }

    public var description: String {
        "\(appearance)" + (isFirst ? ",first" : "") + (isLast ? ",last" : "")
    }
}
