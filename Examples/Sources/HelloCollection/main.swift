// hello-collection: a window with a header and 100 labelled cells in a flow layout, using only
// the package's products. With EXAMPLE_EXIT_AFTER_MS set it prints how many cells are visible
// after that many milliseconds and quits (the test script runs it so).
import Foundation
import GtkGlue  // Async.after for the timed exit; it also re-exports GTK's C API
import CollectionLayout
import CollectionViewGtk

/// 100 items in one section, under a header.
final class Items: CollectionViewDataSource {
    let titles = (1...100).map { "Item \($0)" }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { titles.count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: LabelCell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
        cell.text = titles[indexPath.item]
        return cell
    }

    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> ReusableView {
        let header: LabelSupplementaryView = collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: "header", for: indexPath)
        header.text = "Hello, collection view: \(titles.count) items"
        return header
    }
}

@MainActor
func makeCollectionView(showing items: Items) -> CollectionView {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 120, height: 60)
    layout.minimumInteritemSpacing = 8
    layout.minimumLineSpacing = 8
    layout.sectionInset = EdgeInsets(all: 12)
    layout.headerReferenceSize = Size(width: 0, height: 36)

    let collectionView = CollectionView(collectionViewLayout: layout)
    collectionView.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    collectionView.register(LabelSupplementaryView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
                            withReuseIdentifier: "header")
    collectionView.dataSource = items  // held weakly by the view; the window keeps it alive
    return collectionView
}

let exitAfter = ProcessInfo.processInfo.environment["EXAMPLE_EXIT_AFTER_MS"].flatMap { UInt32($0) }

exit(MainActor.assumeIsolated {
    CollectionViewApplication.run(id: "org.example.HelloCollection") { app in
        let items = Items()
        let window = CollectionViewWindow(application: app, title: "Hello, collection view", width: 800, height: 600) {
            makeCollectionView(showing: items)
        }
        window.present()
        if let exitAfter {
            Async.after(milliseconds: exitAfter) {
                print("visible cells: \(window.collectionView.visibleCells.count)")
                app.quit()
            }
        }
    }
})
