import XCTest
import CGtk
import CollectionLayout
@testable import CollectionViewGtk
import CollectionViewTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Views are released: scrolling a million items (in sections with headers and footers) back
/// and forth keeps the live cells and supplementary views bounded and the process's memory on a
/// plateau, and when the window and the collection view go, every view goes with them.
final class LeakTests: XCTestCase {
    func testViewsAreReleasedAfterScrollingAndTeardown() { MainActor.assumeIsolated {
        let (cellsBefore, labelsBefore) = (NumberCell.live, LabelView.live)
        var (peakCells, peakLabels, peakWidgets) = (0, 0, 0)
        var plateau: (start: Int, end: Int) = (0, 0)
        do {
            let source = GridSource(counts: Array(repeating: 10_000, count: 100))
            let layout = FlowLayout()
            layout.headerReferenceSize = Size(width: 0, height: 30)
            layout.footerReferenceSize = Size(width: 0, height: 20)
            let cv = makeCollectionView(layout, source)
            let window = GtkHarness.window(for: cv)
            let height = cv.contentSize.height
            let rounds = 160
            for round in 0..<rounds {
                let y = round.isMultiple(of: 2) ? Double(round) * 37_000 : height - Double(round) * 37_000
                GtkHarness.settle(cv) { cv.contentOffset = Point(x: 0, y: max(0, y)) }
                GtkHarness.wait(for: "the pending views to be made") { !cv.hasPendingViews }
                // Updates on the way, so the animator and the queues take part.
                if round.isMultiple(of: 10) {
                    source.counts[0] += 1
                    cv.insertItems(at: [IndexPath(item: 0, section: 0)])
                    GtkHarness.wait(for: "the animations to end") { !cv.isAnimatingUpdates }
                }
                peakCells = max(peakCells, NumberCell.live - cellsBefore)
                peakLabels = max(peakLabels, LabelView.live - labelsBefore)
                peakWidgets = max(peakWidgets, childCount(cv.canvas))
                if round == 40 { plateau.start = residentKB() }
            }
            plateau.end = residentKB()
            XCTAssertLessThan(peakCells, 400, "live cells stay near the visible count")
            XCTAssertLessThan(peakLabels, 40, "so do headers and footers")
            XCTAssertLessThan(peakWidgets, 450, "and the canvas's children")
            GtkHarness.close(window)
            _ = source
        }
        GtkHarness.wait(for: "the closed windows' views to be released") { NumberCell.live == cellsBefore && LabelView.live == labelsBefore }
        XCTAssertEqual(NumberCell.live, cellsBefore, "every cell is released with its collection view (peak was \(peakCells))")
        XCTAssertEqual(LabelView.live, labelsBefore, "every supplementary view too (peak was \(peakLabels))")
        // The live counts catch a leaked view; this catches what leaks besides (transforms,
        // attributes, render data): 120 more rounds after the first 40 leave resident memory
        // within 8 MB of where it was.
        print("leak test: resident memory \(plateau.start / 1024) MB after 40 rounds, \(plateau.end / 1024) MB after 160")
        XCTAssertLessThan(plateau.end - plateau.start, 8 * 1024, "memory stays on a plateau")
    }}
}

@MainActor
private func childCount(_ widget: WidgetPointer) -> Int {
    var n = 0
    var child = gtk_widget_get_first_child(widget)
    while let c = child { n += 1; child = gtk_widget_get_next_sibling(c) }
    return n
}

/// This process's resident memory, from /proc.
private func residentKB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}
