import XCTest
import CGtk
import GtkGlue
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport

private typealias Outline = SectionSnapshot<String>

/// One row per item: 700 x 30 items in an 800-wide window, 10 apart.
@MainActor
private func openList() -> DiffableWindow {
    DiffableWindow(itemSize: Size(width: 700, height: 30), width: 800, height: 600)
}

/// Roots A, B, C; A has a1...a3, B has b1, b2 (b1 has b1x); all collapsed.
private func tree() throws -> Outline {
    var outline = Outline()
    try outline.append(["A", "B", "C"])
    try outline.append(["a1", "a2", "a3"], to: "A")
    try outline.append(["b1", "b2"], to: "B")
    try outline.append(["b1x"], to: "b1")
    return outline
}

@MainActor
private func frame(_ w: DiffableWindow, _ item: String) -> Rect? {
    w.source.indexPath(for: item).flatMap { w.cv.cellForItem(at: $0)?.appliedAttributes?.frame }
}

@MainActor
private func layoutFrame(_ w: DiffableWindow, _ item: String) -> Rect {
    w.cv.collectionViewLayout.layoutAttributesForItem(at: w.source.indexPath(for: item)!)!.frame
}

@MainActor
private func path(_ w: DiffableWindow, _ item: String) -> IndexPath { w.source.indexPath(for: item)! }

private func assertClose(_ a: Rect?, _ b: Rect, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
    guard let a else { return XCTFail("\(what): not shown", file: file, line: line) }
    XCTAssertTrue(abs(a.minX - b.minX) < 0.01 && abs(a.minY - b.minY) < 0.01, "\(what): \(a), expected \(b)", file: file, line: line)
}

private func midway(_ a: Rect, _ b: Rect) -> Rect {
    Rect(x: (a.minX + b.minX) / 2, y: (a.minY + b.minY) / 2, width: a.width, height: a.height)
}

/// Applies `outline` to section "S" without animation and waits until it landed.
@MainActor
private func show(_ outline: Outline, in w: DiffableWindow, section: String = "S") {
    var landed = false
    w.source.apply(outline, to: section, animatingDifferences: false) { landed = true }
    XCTAssertTrue(GtkHarness.pump { landed } && w.settle())
}


/// Section snapshots through the diffable data source, in a real window: expanding and
/// collapsing animate the rows below the item (frames mid-animation), the handlers decide and
/// load children, an apply to one section leaves the others alone, a flat apply keeps or drops
/// section snapshots as documented, and a 100,000-child expand in a million-item tree lands.
final class SectionSnapshotWindowTests: XCTestCase {
    /// Expanding A: its children appear below it, fading in at their places, while B and C
    /// move down from their old rows (halfway at the animation's middle); collapsing takes them
    /// out again and B and C move back up. The view then shows exactly the visible items.
    func testExpandAndCollapseAnimateTheRowsBelow() throws { try MainActor.assumeIsolated {
        let w = openList()
        defer { w.close() }
        show(try tree(), in: w)
        XCTAssertNil(w.mismatch(w.source.snapshot()))
        XCTAssertEqual(w.shownItems(), [["A", "B", "C"]])
        let oldB = layoutFrame(w, "B"), oldC = layoutFrame(w, "C")
        let cellB = w.cv.cellForItem(at: path(w, "B"))

        w.source.setExpanded(true, itemAt: path(w, "A"), includingDescendants: false, animated: true)
        XCTAssertEqual(w.cv.numberOfItems(inSection: 0), 6, "the children are in the view at once")
        XCTAssertEqual(w.source.snapshot().itemIdentifiers(inSection: "S"), ["A", "a1", "a2", "a3", "B", "C"])
        XCTAssertTrue(w.source.snapshot(for: "S").isExpanded("A"))
        XCTAssertTrue(w.cv.cellForItem(at: path(w, "B")) === cellB, "B keeps its cell")
        assertClose(frame(w, "B"), oldB, "B starts at its old row")
        let a1 = w.cv.cellForItem(at: path(w, "a1"))!
        XCTAssertEqual(a1.appliedAttributes?.alpha, 0, "a child appears from transparent")
        assertClose(a1.appliedAttributes?.frame, layoutFrame(w, "a1"), "a1 appears at its row, below A")
        XCTAssertGreaterThan(layoutFrame(w, "a1").minY, layoutFrame(w, "A").minY)

        w.cv.animator.step(0.5)
        assertClose(frame(w, "B"), midway(oldB, layoutFrame(w, "B")), "B is halfway down")
        assertClose(frame(w, "C"), midway(oldC, layoutFrame(w, "C")), "C is halfway down")
        XCTAssertEqual(a1.appliedAttributes!.alpha, 0.5, accuracy: 1e-9)
        XCTAssertTrue(w.settle())
        XCTAssertNil(w.mismatch(w.source.snapshot()))
        XCTAssertEqual(w.shownItems(), [["A", "a1", "a2", "a3", "B", "C"]])

        // Collapse: the children fade out where they are, B and C come back up.
        let expandedB = layoutFrame(w, "B")
        let a2 = w.cv.cellForItem(at: path(w, "a2"))!
        let a2Frame = layoutFrame(w, "a2")
        w.source.setExpanded(false, itemAt: path(w, "A"), includingDescendants: false, animated: true)
        XCTAssertEqual(w.cv.numberOfItems(inSection: 0), 3)
        assertClose(frame(w, "B"), expandedB, "B starts at its expanded row")
        w.cv.animator.step(0.5)
        assertClose(frame(w, "B"), midway(expandedB, oldB), "B is halfway up")
        XCTAssertEqual(a2.appliedAttributes!.alpha, 0.5, accuracy: 1e-9, "a2 fades out")
        assertClose(a2.appliedAttributes?.frame, a2Frame, "a2 fades where it was")
        XCTAssertTrue(w.settle())
        XCTAssertNil(w.mismatch(w.source.snapshot()))
        XCTAssertEqual(w.shownItems(), [["A", "B", "C"]])
        XCTAssertFalse(w.source.snapshot(for: "S").isExpanded("A"))
        XCTAssertEqual(w.reports, [])
    }}

    /// The outline data source answers from the section snapshot; expanding with descendants
    /// opens every level below; a second expand during the first one's animation lands too.
    func testOutlineAnswersDescendantsAndAnInterruptedExpand() throws { try MainActor.assumeIsolated {
        let w = openList()
        defer { w.close() }
        show(try tree(), in: w)
        let outlineSource: CollectionViewOutlineDataSource = w.source
        XCTAssertEqual(outlineSource.outlineLevel(forItemAt: path(w, "B")), 0)
        XCTAssertTrue(outlineSource.isExpandable(itemAt: path(w, "B")))
        XCTAssertFalse(outlineSource.isExpandable(itemAt: path(w, "C")))

        w.source.setExpanded(true, itemAt: path(w, "A"), includingDescendants: false, animated: true)
        w.cv.animator.step(0.5)
        XCTAssertTrue(w.cv.isAnimatingUpdates)
        w.source.setExpanded(true, itemAt: path(w, "B"), includingDescendants: true, animated: true)
        XCTAssertEqual(w.source.snapshot().itemIdentifiers(inSection: "S"), ["A", "a1", "a2", "a3", "B", "b1", "b1x", "b2", "C"])
        XCTAssertTrue(w.settle())
        XCTAssertNil(w.mismatch(w.source.snapshot()))
        XCTAssertEqual(outlineSource.outlineLevel(forItemAt: path(w, "b1x")), 2)
        XCTAssertEqual(outlineSource.parentIndexPath(ofItemAt: path(w, "b1x")), path(w, "b1"))
        XCTAssertNil(outlineSource.parentIndexPath(ofItemAt: path(w, "B")))
        XCTAssertTrue(outlineSource.isExpanded(itemAt: path(w, "b1")))

        // Collapsing A during B's collapse: both land.
        w.source.setExpanded(false, itemAt: path(w, "B"), includingDescendants: false, animated: true)
        w.cv.animator.step(0.3)
        w.source.setExpanded(false, itemAt: path(w, "A"), includingDescendants: false, animated: true)
        XCTAssertTrue(w.settle())
        XCTAssertNil(w.mismatch(w.source.snapshot()))
        XCTAssertEqual(w.shownItems(), [["A", "B", "C"]])
        XCTAssertTrue(w.source.snapshot(for: "S").isExpanded("b1"), "b1 keeps its state inside collapsed B")

        // Expanded again, then a flat apply of the snapshot with one item more: diffed from the
        // rows the expands left, whose places are brought up to date first.
        w.source.setExpanded(true, itemAt: path(w, "A"), includingDescendants: false, animated: false)
        var more = w.source.snapshot()
        XCTAssertEqual(more.indexPath(ofItem: "C"), IndexPath(item: 5, section: 0))
        try more.insertItems(["C0"], beforeItem: "C")
        XCTAssertTrue(w.applyAndWait(more, animated: true))
        XCTAssertEqual(w.shownItems(), [["A", "a1", "a2", "a3", "B", "C0", "C"]])
        XCTAssertNil(w.mismatch(more))
        XCTAssertEqual(w.reports, [])
    }}

    /// The handlers are asked before each change, and a refusal changes nothing.
    func testHandlersAreAskedAndMayRefuse() throws { try MainActor.assumeIsolated {
        let w = openList()
        defer { w.close() }
        show(try tree(), in: w)
        var asked: [String] = []
        w.source.sectionSnapshotHandlers.shouldExpandItem = { asked.append("should expand \($0)"); return $0 != "A" }
        w.source.sectionSnapshotHandlers.willExpandItem = { asked.append("will expand \($0)") }
        w.source.sectionSnapshotHandlers.shouldCollapseItem = { asked.append("should collapse \($0)"); return false }
        w.source.sectionSnapshotHandlers.willCollapseItem = { asked.append("will collapse \($0)") }

        w.source.setExpanded(true, itemAt: path(w, "A"), includingDescendants: false, animated: true)
        XCTAssertEqual(asked, ["should expand A"])
        XCTAssertFalse(w.cv.isAnimatingUpdates)
        XCTAssertEqual(w.cv.numberOfItems(inSection: 0), 3, "refused: nothing changed")
        XCTAssertFalse(w.source.snapshot(for: "S").isExpanded("A"))

        w.source.setExpanded(true, itemAt: path(w, "B"), includingDescendants: false, animated: false)
        XCTAssertEqual(asked, ["should expand A", "should expand B", "will expand B"])
        XCTAssertTrue(w.settle())
        XCTAssertEqual(w.shownItems(), [["A", "B", "b1", "b2", "C"]])

        w.source.setExpanded(false, itemAt: path(w, "B"), includingDescendants: false, animated: true)
        XCTAssertEqual(asked.last, "should collapse B")
        XCTAssertTrue(w.settle())
        XCTAssertEqual(w.shownItems(), [["A", "B", "b1", "b2", "C"]], "the collapse was refused")
        XCTAssertEqual(w.reports, [])
    }}

    /// A handler that applies a section snapshot (or a flat one) before the expand or collapse
    /// it is asked about: the change is worked out from what the handler applied, so the view
    /// shows that snapshot with the item expanded or collapsed, and nothing the handler did is
    /// lost.
    func testAHandlerThatAppliesASnapshotBeforeTheChange() throws { try MainActor.assumeIsolated {
        let w = openList()
        defer { w.close() }
        show(try tree(), in: w)
        var withZ = try tree()
        try withZ.insert(["Z"], before: "A")
        w.source.sectionSnapshotHandlers.willExpandItem = { _ in
            w.source.apply(withZ, to: "S", animatingDifferences: false)
        }
        w.source.setExpanded(true, itemAt: path(w, "A"), includingDescendants: false, animated: true)
        XCTAssertTrue(GtkHarness.pump { !w.source.snapshot(for: "S").visibleItems.isEmpty } && w.settle())
        XCTAssertEqual(w.shownItems(), [["Z", "A", "a1", "a2", "a3", "B", "C"]])
        XCTAssertEqual(w.source.snapshot(for: "S").rootItems, ["Z", "A", "B", "C"], "the handler's snapshot stays")
        XCTAssertTrue(w.source.snapshot(for: "S").isExpanded("A"))
        XCTAssertNil(w.mismatch(w.source.snapshot()))

        // A collapse handler that drops the item: nothing left to collapse, and no stale splice.
        var withoutA = withZ
        try withoutA.delete(["A"])
        w.source.sectionSnapshotHandlers.willCollapseItem = { _ in
            w.source.apply(withoutA, to: "S", animatingDifferences: false)
        }
        w.source.setExpanded(false, itemAt: path(w, "A"), includingDescendants: false, animated: true)
        XCTAssertTrue(w.settle())
        XCTAssertEqual(w.shownItems(), [["Z", "B", "C"]])
        XCTAssertEqual(w.source.snapshot(for: "S"), withoutA)
        XCTAssertNil(w.mismatch(w.source.snapshot()))
        XCTAssertEqual(w.reports, [])
    }}

    /// An outline section's rows are not reordered by the user (their order is the section
    /// snapshot's); an item dragged in from a flat section makes the outline section flat, as a
    /// flat apply changing it would, so a later expand cannot splice into the wrong rows.
    func testOutlineRowsAreNotReorderedAndADropMakesTheSectionFlat() throws { try MainActor.assumeIsolated {
        let w = openList()
        defer { w.close() }
        var flat = DiffableWindow.Snapshot()
        try flat.appendSections(["F", "S"])
        try flat.appendItems(["f1", "f2"], toSection: "F")
        XCTAssertTrue(w.applyAndWait(flat))
        var expanded = try tree()
        try expanded.expand(["A"])
        show(expanded, in: w)
        w.source.reorderingHandlers.canReorderItem = { _ in true }
        XCTAssertFalse(w.cv.beginInteractiveMovementForItem(at: path(w, "a2")), "a row of an outline")
        XCTAssertFalse(w.cv.beginInteractiveMovementForItem(at: path(w, "B")), "a row of an outline")

        XCTAssertTrue(w.cv.beginInteractiveMovementForItem(at: path(w, "f1")))
        w.cv.updateInteractiveMovementTargetPosition(layoutFrame(w, "B").center)
        w.cv.endInteractiveMovement()
        XCTAssertTrue(w.settle())
        XCTAssertEqual(w.source.snapshot().itemIdentifiers(inSection: "S").count, 7)
        XCTAssertTrue(w.source.snapshot().itemIdentifiers(inSection: "S").contains("f1"))
        XCTAssertNil(w.source.outlineLevel(forItemAt: path(w, "a1")), "the section is flat now")
        XCTAssertEqual(w.source.snapshot(for: "S").rootItems, w.source.snapshot().itemIdentifiers(inSection: "S"))
        w.source.setExpanded(false, itemAt: path(w, "A"), includingDescendants: false, animated: false)
        XCTAssertTrue(w.settle())
        XCTAssertNil(w.mismatch(w.source.snapshot()))
        XCTAssertEqual(w.shownItems()[1].count, 7, "nothing to collapse in a flat section")
        XCTAssertEqual(w.reports, [])
    }}

    /// Cells that stay on screen take the outline state of each landing: an apply that
    /// expands a kept item or changes its level, an expand queued behind an apply still
    /// diffing, and expanding all below a row whose children are shown (they expand too).
    func testCellsOnScreenFollowEveryOutlineChange() throws { try MainActor.assumeIsolated {
        let w = openList()
        defer { w.close() }
        var flat = DiffableWindow.Snapshot()
        try flat.appendSections(["S", "F"])  // S first: F growing leaves S on screen
        try flat.appendItems(["f0"], toSection: "F")
        XCTAssertTrue(w.applyAndWait(flat))
        show(try tree(), in: w)
        @MainActor func state(_ item: String) -> OutlineRowState? { w.cv.cellForItem(at: path(w, item))?.outline }
        XCTAssertEqual(state("B"), OutlineRowState(level: 0, isExpandable: true, isExpanded: false))
        let cellB = w.cv.cellForItem(at: path(w, "B"))

        // apply(_:to:): B expanded, C moved under B.
        var moved = Outline()
        try moved.append(["A", "B"])
        try moved.append(["a1", "a2", "a3"], to: "A")
        try moved.append(["b1", "b2", "C"], to: "B")
        try moved.append(["b1x"], to: "b1")
        try moved.expand(["B"])
        show(moved, in: w)
        XCTAssertTrue(w.cv.cellForItem(at: path(w, "B")) === cellB, "B kept its cell")
        XCTAssertEqual(state("B"), OutlineRowState(level: 0, isExpandable: true, isExpanded: true))
        XCTAssertEqual(state("C")?.level, 1)
        XCTAssertEqual(state("b1"), OutlineRowState(level: 1, isExpandable: true, isExpanded: false))

        // Expanding all below B: b1, already shown, expands too.
        w.source.setExpanded(true, itemAt: path(w, "B"), includingDescendants: true, animated: false)
        XCTAssertTrue(w.settle())
        XCTAssertEqual(w.shownItems()[0], ["A", "B", "b1", "b1x", "b2", "C"])
        XCTAssertEqual(state("b1"), OutlineRowState(level: 1, isExpandable: true, isExpanded: true))
        XCTAssertEqual(state("b1x")?.level, 2)

        // An expand queued behind an apply diffing off the main thread.
        var big = w.source.snapshot()
        try big.appendItems((1...30_000).map { "f\($0)" }, toSection: "F")
        w.source.apply(big, animatingDifferences: true)
        w.source.setExpanded(true, itemAt: path(w, "A"), includingDescendants: false, animated: true)
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { w.cv.numberOfItems(inSection: 0) == 9 } && w.settle())
        XCTAssertEqual(state("A"), OutlineRowState(level: 0, isExpandable: true, isExpanded: true))
        XCTAssertEqual(state("a1")?.level, 1)
        XCTAssertEqual(w.reports, [])
    }}

    /// `snapshotForExpandingParent` loads children when a parent opens: they are shown, and a
    /// later expand of a loaded item does not load again.
    func testLazyChildrenLoadWhenTheParentExpands() throws { try MainActor.assumeIsolated {
        let w = openList()
        defer { w.close() }
        var outline = Outline()
        try outline.append(["Docs", "Music"])
        show(outline, in: w)
        let outlineSource: CollectionViewOutlineDataSource = w.source
        XCTAssertFalse(outlineSource.isExpandable(itemAt: path(w, "Docs")), "no children and nothing to load them")
        var loads: [String] = []
        w.source.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, current in
            loads.append(parent)
            var next = current
            if current.visibleItems(below: parent).isEmpty && !current.hasChildren(parent) {
                try? next.append(["\(parent)/1", "\(parent)/2"], to: parent)
            }
            return next
        }
        XCTAssertTrue(outlineSource.isExpandable(itemAt: path(w, "Docs")), "may load children")
        w.source.setExpanded(true, itemAt: path(w, "Docs"), includingDescendants: false, animated: true)
        XCTAssertTrue(w.settle())
        XCTAssertEqual(loads, ["Docs"])
        XCTAssertEqual(w.shownItems(), [["Docs", "Docs/1", "Docs/2", "Music"]])
        XCTAssertNil(w.mismatch(w.source.snapshot()))
        XCTAssertTrue(w.source.snapshot(for: "S").isExpanded("Docs"))

        w.source.setExpanded(false, itemAt: path(w, "Docs"), includingDescendants: false, animated: false)
        XCTAssertTrue(w.settle())
        w.source.setExpanded(true, itemAt: path(w, "Docs"), includingDescendants: false, animated: false)
        XCTAssertTrue(w.settle())
        XCTAssertEqual(loads, ["Docs", "Docs"], "asked again, and it returned the snapshot unchanged")
        XCTAssertEqual(w.shownItems(), [["Docs", "Docs/1", "Docs/2", "Music"]])
        XCTAssertEqual(w.reports, [])
    }}

    /// An apply to one section leaves the other's items and cells alone; a flat apply keeps a
    /// section snapshot whose visible items it keeps, and drops one whose section it changed.
    func testApplyToOneSectionLeavesOthersAndFlatAppliesKeepOrDrop() throws { try MainActor.assumeIsolated {
        let w = openList()
        defer { w.close() }
        var flat = DiffableWindow.Snapshot()
        try flat.appendSections(["F", "S"])
        try flat.appendItems(["f1", "f2"], toSection: "F")
        XCTAssertTrue(w.applyAndWait(flat))
        let cellF2 = w.cv.cellForItem(at: path(w, "f2"))
        show(try tree(), in: w)
        XCTAssertEqual(w.shownItems(), [["f1", "f2"], ["A", "B", "C"]])
        XCTAssertTrue(w.cv.cellForItem(at: path(w, "f2")) === cellF2, "the other section's cells stay")
        var expanded = try tree()
        try expanded.expand(["B"])
        var landed = false
        w.source.apply(expanded, to: "S", animatingDifferences: true) { landed = true }
        XCTAssertTrue(GtkHarness.pump { landed } && w.settle())
        XCTAssertEqual(w.shownItems(), [["f1", "f2"], ["A", "B", "b1", "b2", "C"]])
        XCTAssertTrue(w.cv.cellForItem(at: path(w, "f2")) === cellF2)
        XCTAssertNil(w.mismatch(w.source.snapshot()))

        // A section snapshot with an item of another section: reported, nothing changes.
        var bad = Outline()
        try bad.append(["f1"])
        w.source.apply(bad, to: "S")
        XCTAssertEqual(w.reports.count, 1)
        XCTAssertTrue(w.reports.first?.contains("f1") ?? false, "\(w.reports)")
        XCTAssertEqual(w.source.snapshot(for: "S"), expanded)
        w.reports = []

        // A flat apply changing only F keeps S's section snapshot...
        var onlyF = w.source.snapshot()
        try onlyF.appendItems(["f3"], toSection: "F")
        XCTAssertTrue(w.applyAndWait(onlyF))
        XCTAssertEqual(w.source.snapshot(for: "S"), expanded)
        XCTAssertEqual(w.source.outlineLevel(forItemAt: path(w, "b1")), 1)
        // ...one changing S's items drops it: S is flat, its items roots.
        var changedS = w.source.snapshot()
        try changedS.deleteItems(["b1"])
        XCTAssertTrue(w.applyAndWait(changedS))
        XCTAssertEqual(w.source.snapshot(for: "S").rootItems, ["A", "B", "b2", "C"])
        XCTAssertNil(w.source.outlineLevel(forItemAt: path(w, "b2")), "no longer an outline")
        XCTAssertFalse(w.source.isExpandable(itemAt: path(w, "B")))
        XCTAssertEqual(w.reports, [])
    }}

    /// An expand made while a large apply is still diffing off the main thread waits its turn
    /// and lands after it, on the snapshot that apply showed.
    func testExpandBehindAPendingApplyLandsInTurn() throws { try MainActor.assumeIsolated {
        let w = openList()
        defer { w.close() }
        var flat = DiffableWindow.Snapshot()
        try flat.appendSections(["F", "S"])
        try flat.appendItems(["f0"], toSection: "F")
        XCTAssertTrue(w.applyAndWait(flat))
        show(try tree(), in: w)
        var big = w.source.snapshot()
        try big.appendItems((1...30_000).map { "f\($0)" }, toSection: "F")
        var order: [String] = []
        w.source.apply(big, animatingDifferences: true) { order.append("big") }
        XCTAssertEqual(w.cv.numberOfItems(inSection: 0), 1, "diffing off the main thread: not landed yet")
        w.source.setExpanded(true, itemAt: path(w, "A"), includingDescendants: false, animated: true)
        XCTAssertEqual(w.cv.numberOfItems(inSection: 1), 3, "waits for the apply before it")
        XCTAssertEqual(w.source.snapshot().itemIdentifiers(inSection: "S"), ["A", "a1", "a2", "a3", "B", "C"], "the snapshot has both")
        XCTAssertTrue(w.source.snapshot(for: "S").isExpanded("A"))
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { w.cv.numberOfItems(inSection: 1) == 6 } && w.settle())
        XCTAssertEqual(order, ["big"])
        XCTAssertEqual(w.cv.numberOfItems(inSection: 0), 30_001)
        XCTAssertEqual(w.source.itemIdentifier(for: IndexPath(item: 1, section: 1)), "a1")
        XCTAssertEqual(w.source.indexPath(for: "C"), IndexPath(item: 5, section: 1))
        XCTAssertEqual(w.reports, [])
    }}

    /// A parent of 100,000 children in a tree of a million items: expanding it plans and lands
    /// (the rows after it move down by 100,000), and collapsing it takes them out again. The
    /// time is measured by `collection-bench outline`, not here.
    func testHundredThousandChildExpandInAMillionItemTree() throws { try MainActor.assumeIsolated {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 700, height: 30)
        let cv = bareCollectionView(layout)
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: cv) { cv, indexPath, item in
            let cell: ItemCell = cv.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
            cell.item = "\(item)"
            return cell
        }
        let window = GtkHarness.window(for: cv, width: 800, height: 600)
        defer { GtkHarness.close(window) }
        // Ten parents (ids 0...9) of 100,000 children each; all expanded but parent 5.
        var outline = SectionSnapshot<Int>()
        try outline.append(Array(0..<10))
        for p in 0..<10 { try outline.append(Array(p * 100_000 + 10 ..< (p + 1) * 100_000 + 10), to: p) }
        try outline.expand([0, 1, 2, 3, 4, 6, 7, 8, 9])
        var landed = false
        source.apply(outline, to: 0, animatingDifferences: false) { landed = true }
        XCTAssertTrue(GtkHarness.pump(timeout: 60) { landed } && GtkHarness.pump { !cv.isAnimatingUpdates })
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 900_010)
        let parentRow = 5 * 100_001
        XCTAssertEqual(source.itemIdentifier(for: IndexPath(item: parentRow, section: 0)), 5)
        XCTAssertEqual(source.itemIdentifier(for: IndexPath(item: parentRow + 1, section: 0)), 6)
        cv.scrollToItem(at: IndexPath(item: parentRow, section: 0), at: .top, animated: false)
        XCTAssertTrue(GtkHarness.settle(cv))

        source.setExpanded(true, itemAt: IndexPath(item: parentRow, section: 0), includingDescendants: false, animated: true)
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 1_000_010)
        XCTAssertEqual(source.itemIdentifier(for: IndexPath(item: parentRow + 1, section: 0)), 500_010, "the first child")
        XCTAssertEqual(source.indexPath(for: 6), IndexPath(item: parentRow + 100_001, section: 0), "the next parent moved down")
        XCTAssertEqual(source.indexPath(for: 999_999 + 10), IndexPath(item: 1_000_009, section: 0))
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { !cv.isAnimatingUpdates })
        XCTAssertTrue(GtkHarness.settle(cv))
        let shown = cv.indexPathsForVisibleItems.sorted()
        XCTAssertFalse(shown.isEmpty)
        for p in shown {
            XCTAssertEqual((cv.cellForItem(at: p) as? ItemCell)?.item, source.itemIdentifier(for: p).map { "\($0)" }, "row \(p.item)")
        }
        XCTAssertTrue(shown.contains(IndexPath(item: parentRow + 1, section: 0)), "the children show below the parent")

        source.setExpanded(false, itemAt: IndexPath(item: parentRow, section: 0), includingDescendants: false, animated: true)
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 900_010)
        XCTAssertEqual(source.itemIdentifier(for: IndexPath(item: parentRow + 1, section: 0)), 6)
        XCTAssertTrue(GtkHarness.pump(timeout: 20) { !cv.isAnimatingUpdates })
        XCTAssertEqual(source.snapshot(for: 0).numberOfVisibleItems, 900_010)
    }}
}
