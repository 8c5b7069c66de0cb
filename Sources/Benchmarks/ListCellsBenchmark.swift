import CBenchSupport
import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk

/// `collection-bench scroll --list-cells`: a million list cells (an icon, a title, a subtitle
/// and a disclosure indicator, from a cell registration with a list content configuration,
/// configured again on every reuse) in a plain list, against GtkListView showing the same row
/// built by hand from a box of widgets (cv_bench_list_view_new), in the same runs.
@MainActor
enum ListCellsBenchmark {
    static let cases: [(String, Int)] = [("listcells", 1_000_000), ("listview", 1_000_000), ("listcells", 1_000), ("listview", 1_000)]

    /// The scrolled widget of a list case, and what must stay alive while it runs.
    static func makeScrolled(kind: String, count: Int) -> (WidgetPointer, [AnyObject]) {
        if kind == "listview" {
            let scrolled = gtk_scrolled_window_new()!
            gtk_scrolled_window_set_child(scrolled.opaque, cv_bench_list_view_new(cv_bench_count_model_new(UInt32(count))))
            return (scrolled, [])
        }
        var list = ListConfiguration(appearance: .plain)
        list.showsSeparators = false  // GtkListView's rows have none either
        list.estimatedRowHeight = 55  // what the rows measure: the content size is right from the start
        let cv = CollectionView(collectionViewLayout: CompositionalLayout.list(using: list))
        cv.tileCacheMode = .off
        let source = Rows(count: count)
        cv.dataSource = source
        return (cv.widget, [cv, source])
    }

    /// The rows: "Contact n" over "Mobile n", a contact icon and a disclosure indicator.
    final class Rows: CollectionViewDataSource {
        let count: Int
        let registration = CellRegistration<ListCell, Int> { cell, _, number in
            var content = ListContentConfiguration.subtitleCell()
            content.text = "Contact \(number)"
            content.secondaryText = "Mobile \(number)"
            content.image = .iconName("avatar-default-symbolic")
            cell.contentConfiguration = content
            cell.accessories = [.disclosureIndicator()]
        }
        init(count: Int) { self.count = count }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: indexPath.item)
        }
    }

    /// The list cells against GtkListView, round by round: CPU per frame and first frame.
    static func compare(_ cases: [(String, Int)], _ results: [[[String]]]) {
        guard cases.contains(where: { $0.0 == "listcells" }) else { return }
        print("\nList cells against GtkListView's hand-built rows, in the same round (ratios; targets: CPU per frame at most 1.1x, first frame at most 1x):")
        for count in [1_000_000, 1_000] {
            guard let ours = cases.firstIndex(where: { $0 == ("listcells", count) }),
                  let theirs = cases.firstIndex(where: { $0 == ("listview", count) }) else { continue }
            for (name, column) in [("CPU per frame", 3), ("layout CPU", 5), ("first frame", 2)] {
                let ratios = zip(results[ours], results[theirs]).map {
                    ScrollBenchmark.magnitude($0[column]) / max(1e-9, ScrollBenchmark.magnitude($1[column]))
                }
                guard !ratios.isEmpty else { continue }
                let sorted = ratios.sorted()
                print("  \(formatCount(count)), \(name): median \(String(format: "%.2f", sorted[sorted.count / 2]))x, rounds "
                      + ratios.map { String(format: "%.2f", $0) }.joined(separator: " "))
            }
        }
    }
}
