/// How a section scrolls across the layout's scroll direction
/// (`UICollectionLayoutSectionOrthogonalScrollingBehavior`). Any behaviour but ``none`` lays
/// the section's groups out in one row across the scroll direction, which scrolls by its own
/// offset (``CompositionalLayout/orthogonalScrollOffset(inSection:)``).
public enum OrthogonalScrollingBehavior: Hashable, Sendable {
    /// Groups stack along the scroll direction, as in any section.
    case none
    /// Scrolls freely and rests where deceleration ends.
    case continuous
    /// Scrolls freely and rests with a group's leading edge at the section's leading edge.
    case continuousGroupLeadingBoundary
    /// Rests at multiples of the container's extent (one page per swipe).
    case paging
    /// Rests with a group's leading edge at the section's leading edge, one group per swipe.
    case groupPaging
    /// Rests with a group centred in the container, one group per swipe.
    case groupPagingCentered
}

/// Where a section's row of groups can rest: the geometry the resting offsets come from.
/// Offsets are across the layout's scroll direction; 0 shows the row's start.
public struct OrthogonalScrollGeometry: Hashable, Sendable {
    /// The extent of the section's viewport across the scroll direction (the container's).
    public var containerExtent: Double
    /// Each group's extent across the scroll direction, and the spacing between groups.
    public var groupExtent: Double
    public var groupSpacing: Double
    /// The section's insets before the first group and after the last.
    public var leadingInset: Double
    public var trailingInset: Double
    /// How many groups the row has.
    public var groupCount: Int

    public init(containerExtent: Double, groupExtent: Double, groupSpacing: Double,
                leadingInset: Double, trailingInset: Double, groupCount: Int) {
        self.containerExtent = containerExtent
        self.groupExtent = groupExtent
        self.groupSpacing = groupSpacing
        self.leadingInset = leadingInset
        self.trailingInset = trailingInset
        self.groupCount = groupCount
    }

    /// The row's whole extent: insets and groups with their spacing.
    public var contentExtent: Double {
        leadingInset + trailingInset + (groupCount == 0 ? 0 : Double(groupCount) * groupExtent + Double(groupCount - 1) * groupSpacing)
    }

    /// The largest offset that still fills the viewport (0 when the row is shorter).
    public var maximumOffset: Double { max(0, contentExtent - containerExtent) }

    var stride: Double { groupExtent + groupSpacing }

    /// Where a scroll of the row that would stop at `proposedOffset`, leaving `currentOffset`
    /// at `velocity` (points per second, positive towards larger offsets), comes to rest for
    /// `behavior`:
    ///
    /// - ``OrthogonalScrollingBehavior/none`` and ``OrthogonalScrollingBehavior/continuous``:
    ///   the proposal.
    /// - ``OrthogonalScrollingBehavior/continuousGroupLeadingBoundary``: the group leading
    ///   edge (offset `k × (group + spacing)`) nearest the proposal.
    /// - ``OrthogonalScrollingBehavior/paging``: the next page (a multiple of the container's
    ///   extent) after the current offset in the velocity's direction; without velocity the
    ///   page nearest the proposal.
    /// - ``OrthogonalScrollingBehavior/groupPaging``: likewise by group leading edges.
    /// - ``OrthogonalScrollingBehavior/groupPagingCentered``: likewise by offsets that centre a
    ///   group (`leading inset + k × stride + group / 2 − container / 2`).
    ///
    /// Every answer but a centred one is clamped to `0...maximumOffset`; centred offsets are
    /// clamped to those of the first and last groups, so the end groups can be centred too.
    public func restingOffset(for behavior: OrthogonalScrollingBehavior, proposedOffset: Double,
                              currentOffset: Double, velocity: Double) -> Double {
        func clamp(_ offset: Double) -> Double { min(max(0, offset), maximumOffset) }
        func paged(_ unit: Double, origin: Double, range: ClosedRange<Int>) -> Double {
            guard unit > 0 else { return origin }
            let position = (currentOffset - origin) / unit
            var index: Int
            if velocity > 0 {
                index = Int((position + 1e-9).rounded(.down)) + 1
            } else if velocity < 0 {
                index = Int((position - 1e-9).rounded(.up)) - 1
            } else {
                index = Int(((proposedOffset - origin) / unit).rounded())
            }
            index = min(max(index, range.lowerBound), range.upperBound)
            return origin + Double(index) * unit
        }
        let lastGroup = max(0, groupCount - 1)
        switch behavior {
        case .none, .continuous:
            return clamp(proposedOffset)
        case .continuousGroupLeadingBoundary:
            guard stride > 0 else { return clamp(proposedOffset) }
            let index = min(max(0, Int((proposedOffset / stride).rounded())), lastGroup)
            return clamp(Double(index) * stride)
        case .paging:
            let pages = containerExtent > 0 ? Int((maximumOffset / containerExtent).rounded(.up)) : 0
            return clamp(paged(containerExtent, origin: 0, range: 0...pages))
        case .groupPaging:
            return clamp(paged(stride, origin: 0, range: 0...lastGroup))
        case .groupPagingCentered:
            let origin = leadingInset + groupExtent / 2 - containerExtent / 2
            return paged(stride, origin: origin, range: 0...lastGroup)
        }
    }
}
