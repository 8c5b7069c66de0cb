import CollectionLayout

/// Section snapshots of a million items, no display: building the tree, expanding and collapsing
/// a parent of 100,000 children (the plan: the visible rows that come or go, as a data source
/// needs them for its batch update), listing the visible items after, and the same on a copy
/// (what applying a changed copy costs when the old one is still held).
///
/// The tree: a root of 799 expanded folders of 1,000 files each, then a root of 100,000 children
/// whose last child is the parent measured, with 100,000 children of its own; every parent
/// expanded but the measured one, so its row is about 900,000 rows down and it has 99,999
/// siblings before it: the positions are found the slow way, across a long sibling list.
@MainActor
enum OutlineCoreBenchmark {
    static func run() {
        let runs = 21
        let start = now()
        var snapshot = makeTree()
        let build = now() - start
        let target = parentID
        print("Section snapshot of \(formatCount(snapshot.numberOfItems)) items, \(formatCount(snapshot.numberOfVisibleItems)) visible; the parent has 100k children, 99,999 siblings before it")
        print("median and worst of \(runs) runs; expand/collapse: the call, which returns the rows that change\n")

        var expand: [Double] = [], collapse: [Double] = [], listing: [Double] = []
        var copyExpand: [Double] = [], copyCollapse: [Double] = []
        var change = VisibleItemsChange()
        for _ in 0..<runs {
            var t = now()
            change = try! snapshot.expand([target])
            expand.append(now() - t)
            t = now()
            let visible = snapshot.visibleItems
            listing.append(now() - t)
            precondition(visible.count == snapshot.numberOfVisibleItems && visible[change.inserted[0].lowerBound - 1] == target)
            t = now()
            let removed = try! snapshot.collapse([target])
            collapse.append(now() - t)
            precondition(removed.removed == change.inserted)

            // A data source holding the applied snapshot changes a copy: the first change copies.
            let held = snapshot
            t = now()
            var copy = held
            _ = try! copy.expand([target])
            copyExpand.append(now() - t)
            t = now()
            var second = copy
            _ = try! second.collapse([target])
            copyCollapse.append(now() - t)
            withExtendedLifetime((held, copy)) {}
        }
        let rows: [[String]] = [
            ["build (append)", formatDuration(build), ""],
            ["expand: plan", formatDuration(median(expand)), formatDuration(expand.max()!)],
            ["collapse: plan", formatDuration(median(collapse)), formatDuration(collapse.max()!)],
            ["visibleItems after expand", formatDuration(median(listing)), formatDuration(listing.max()!)],
            ["expand + visibleItems", formatDuration(median(zip(expand, listing).map(+))), formatDuration(zip(expand, listing).map(+).max()!)],
            ["expand of a held copy", formatDuration(median(copyExpand)), formatDuration(copyExpand.max()!)],
            ["collapse of a held copy", formatDuration(median(copyCollapse)), formatDuration(copyCollapse.max()!)],
        ]
        printTable(["1M-item tree", "median", "worst"], rows)
        print("\nexpand inserts rows \(change.inserted.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: ", ")) (after the parent's row)")
    }

    static let folders = 799, filesPerFolder = 1_000, wide = 100_000
    /// The parent measured: the last child of the second root.
    static var parentID: Int { 2_000_000 + wide - 1 }

    static func makeTree() -> SectionSnapshot<Int> {
        var snapshot = SectionSnapshot<Int>()
        try! snapshot.append([0, 1])
        let folderIDs = Array(1_000_000..<(1_000_000 + folders))
        try! snapshot.append(folderIDs, to: 0)
        var next = 10_000_000
        for folder in folderIDs {
            try! snapshot.append(Array(next..<(next + filesPerFolder)), to: folder)
            next += filesPerFolder
        }
        try! snapshot.append(Array(2_000_000..<(2_000_000 + wide)), to: 1)
        try! snapshot.append(Array(next..<(next + wide)), to: parentID)
        try! snapshot.expand([0, 1] + folderIDs)
        return snapshot
    }
}
