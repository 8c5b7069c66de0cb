/// One cell of a laid-out group: its frame relative to the group's origin, written left to
/// right, and the item that describes it (nil in a custom group).
struct SolvedLeaf {
    var frame: Rect
    var item: LayoutItem?
    var zIndex = 0
    /// Whether the item's extent along the scroll direction is an estimate.
    var isEstimated = false
}

/// A group laid out for one run of items: its size and its cells in item order.
struct SolvedGroup {
    var size: Size
    var leaves: [SolvedLeaf]
}

/// Lays a group out: resolves every dimension against its container, repeats subitems, shares
/// flexible spacing, and flattens nested groups into cells in item order. Pure: the same
/// group, container and measurements give the same frames.
@MainActor
struct GroupSolver {
    /// The direction the layout scrolls in: estimated extents along it take measurements.
    let scrollAxis: Axis
    /// What custom groups see besides their size.
    let traits: LayoutTraits
    /// Measured cell extents along the scroll axis, by the cell's place in the group.
    var measured: [Int: Double] = [:]

    /// Repeating subitems to fill a group stops here, whatever the sizes.
    static let repeatLimit = 100_000

    /// `group` laid out in a container of `container` size (its `layoutSize` is resolved
    /// against it).
    func solve(_ group: LayoutGroup, in container: Size) -> SolvedGroup {
        var next = 0
        return solve(group, proposed: clamped(group.layoutSize.resolved(in: container)), next: &next)
    }

    private func clamped(_ size: Size) -> Size { Size(width: max(0, size.width), height: max(0, size.height)) }

    /// A cell's room: its resolved size, with a measured extent along the scroll axis.
    private func leafSize(_ item: LayoutItem, in content: Size, index: Int) -> Size {
        var size = clamped(item.layoutSize.resolved(in: content))
        // No insets on an estimated axis: the measured extent is the room.
        if item.layoutSize[scrollAxis].isEstimated, let extent = measured[index] { size[scrollAxis] = extent }
        return size
    }

    /// An item's content insets, left to right, without those on an estimated axis (UIKit
    /// ignores them there).
    static func insets(of item: LayoutItem) -> EdgeInsets {
        var insets = item.contentInsets.edgeInsets(for: .leftToRight)
        if item.layoutSize.widthDimension.isEstimated { insets.left = 0; insets.right = 0 }
        if item.layoutSize.heightDimension.isEstimated { insets.top = 0; insets.bottom = 0 }
        return insets
    }

    private func solve(_ group: LayoutGroup, proposed: Size, next: inout Int) -> SolvedGroup {
        let insets = Self.insets(of: group)
        let content = clamped(Size(width: proposed.width - insets.left - insets.right, height: proposed.height - insets.top - insets.bottom))
        guard let axis = group.axis else {
            guard case .custom(let provider) = group.arrangement else { return SolvedGroup(size: proposed, leaves: []) }
            let environment = LayoutEnvironment(container: LayoutContainer(contentSize: content), traitCollection: traits)
            let leaves = provider(environment).map {
                SolvedLeaf(frame: $0.frame.offsetBy(dx: insets.left, dy: insets.top), item: nil, zIndex: $0.zIndex)
            }
            next += leaves.count
            return SolvedGroup(size: proposed, leaves: leaves)
        }
        let cross: Axis = axis == .horizontal ? .vertical : .horizontal
        let start = Self.start(insets, axis), crossStart = Self.start(insets, cross)
        let gap = group.interItemSpacing
        let gapMin = gap?.spacing ?? 0

        // The sequence of subitems, and the extent along the axis each copy must take when
        // `repeatingSubitem:count:` shares the group's extent.
        var sequence = group.subitems
        var shared: Double?
        if let count = group.repeatCount, let subitem = group.subitems.first {
            sequence = Array(repeating: subitem, count: count)
            let edges = (subitem.edgeSpacing?.before(axis)?.spacing ?? 0) + (subitem.edgeSpacing?.after(axis)?.spacing ?? 0)
            shared = max(0, (content[axis] - Double(count - 1) * gapMin) / Double(count) - edges)
        } else if !group.layoutSize[axis].isEstimated, !sequence.isEmpty,
                  sequence.allSatisfy({ !$0.layoutSize[axis].isEstimated && $0.layoutSize.resolved(in: content)[axis] > 0 }) {
            let extents = sequence.map { outerExtent($0, in: content, axis) }
            var used = extents.reduce(0, +) + Double(sequence.count - 1) * gapMin
            var k = 0
            while sequence.count < Self.repeatLimit {
                let extent = extents[k % extents.count]
                guard used + gapMin + extent <= content[axis] + 1e-9 else { break }
                used += gapMin + extent
                sequence.append(group.subitems[k % extents.count])
                k += 1
            }
        }

        // Each child's size and cells, at the origin.
        var children: [(size: Size, leaves: [SolvedLeaf])] = []
        children.reserveCapacity(sequence.count)
        for child in sequence {
            if let subgroup = child as? LayoutGroup {
                var size = clamped(subgroup.layoutSize.resolved(in: content))
                if let shared { size[axis] = shared }
                let solved = solve(subgroup, proposed: size, next: &next)
                children.append((solved.size, solved.leaves))
            } else {
                var size = leafSize(child, in: content, index: next)
                if let shared { size[axis] = shared }
                let cell = Rect(origin: .zero, size: size).inset(by: Self.insets(of: child))
                let estimated = child.layoutSize[scrollAxis].isEstimated
                children.append((size, [SolvedLeaf(frame: cell, item: child, isEstimated: estimated)]))
                next += 1
            }
        }

        // Spacing along the axis: minimums first, then flexible ones share what is left.
        var fixedTotal = children.reduce(0) { $0 + $1.size[axis] } + Double(max(0, children.count - 1)) * gapMin
        var flexibleCount = children.count > 1 && gap?.isFlexible == true ? children.count - 1 : 0
        for child in sequence {
            for spacing in [child.edgeSpacing?.before(axis), child.edgeSpacing?.after(axis)] {
                guard let spacing else { continue }
                fixedTotal += spacing.spacing
                if spacing.isFlexible { flexibleCount += 1 }
            }
        }
        let room = content[axis] - fixedTotal
        let extra = !group.layoutSize[axis].isEstimated && flexibleCount > 0 && room > 0 ? room / Double(flexibleCount) : 0
        func amount(_ spacing: LayoutSpacing?) -> Double {
            guard let spacing else { return 0 }
            return spacing.spacing + (spacing.isFlexible ? extra : 0)
        }

        var leaves: [SolvedLeaf] = []
        var position = start
        var crossExtent = 0.0
        for (index, child) in children.enumerated() {
            let item = sequence[index]
            position += amount(item.edgeSpacing?.before(axis))
            let before = item.edgeSpacing?.before(cross), after = item.edgeSpacing?.after(cross)
            let crossOffset = before?.isFlexible == true && after?.isFlexible == true
                ? max(0, (content[cross] - child.size[cross]) / 2)
                : before?.spacing ?? 0
            crossExtent = max(crossExtent, crossOffset + child.size[cross] + (after?.spacing ?? 0))
            let dx = axis == .horizontal ? position : crossStart + crossOffset
            let dy = axis == .horizontal ? crossStart + crossOffset : position
            for var leaf in child.leaves {
                leaf.frame = leaf.frame.offsetBy(dx: dx, dy: dy)
                leaves.append(leaf)
            }
            position += child.size[axis] + amount(item.edgeSpacing?.after(axis))
            if index < children.count - 1 { position += gapMin + (gap?.isFlexible == true ? extra : 0) }
        }
        var size = proposed
        if group.layoutSize[axis].isEstimated { size[axis] = position + Self.end(insets, axis) }
        if group.layoutSize[cross].isEstimated { size[cross] = crossStart + crossExtent + Self.end(insets, cross) }
        return SolvedGroup(size: size, leaves: leaves)
    }

    /// The room a subitem takes along `axis` with its minimum edge spacing.
    private func outerExtent(_ item: LayoutItem, in content: Size, _ axis: Axis) -> Double {
        max(0, item.layoutSize.resolved(in: content)[axis])
            + (item.edgeSpacing?.before(axis)?.spacing ?? 0) + (item.edgeSpacing?.after(axis)?.spacing ?? 0)
    }

    static func start(_ insets: EdgeInsets, _ axis: Axis) -> Double { axis == .horizontal ? insets.left : insets.top }
    static func end(_ insets: EdgeInsets, _ axis: Axis) -> Double { axis == .horizontal ? insets.right : insets.bottom }
}
