// The README's example, kept here so the tests compile it and check its window
// (ReadmeExampleTests); DocumentationCodeTests checks that the README shows this code.
import CollectionLayout
import CollectionViewGtk

final class Photos: CollectionViewDataSource {
    var titles = ["One", "Two", "Three"]
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { titles.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: LabelCell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
        cell.text = titles[indexPath.item]  // a ready cell: a label, also read to assistive technologies
        return cell
    }
}

/// One row of squares: a custom layout is a subclass that answers the layout's questions.
final class RowLayout: CollectionViewLayout {
    private var frames: [Rect] = []
    override func prepare() {
        let count = collectionView?.numberOfItems(inSection: 0) ?? 0
        frames = (0..<count).map { Rect(x: Double($0) * 100, y: 0, width: 90, height: 90) }
    }
    override var collectionViewContentSize: Size { Size(width: Double(frames.count) * 100, height: 90) }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard frames.indices.contains(indexPath.item) else { return nil }
        let attributes = LayoutAttributes(forCellWith: indexPath)
        attributes.frame = frames[indexPath.item]
        return attributes
    }
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        frames.indices.filter { frames[$0].intersects(rect) }
            .compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
    }
}

/// A window whose child is the collection view; it keeps the data source alive (the view holds
/// it weakly, as in UIKit) and itself until it closes.
@MainActor
func makePhotosWindow(application: CollectionViewApplication?, photos: Photos) -> CollectionViewWindow {
    CollectionViewWindow(application: application, title: "Photos", width: 400, height: 200) {
        let collectionView = CollectionView(collectionViewLayout: RowLayout())
        collectionView.register(LabelCell.self, forCellWithReuseIdentifier: "photo")
        collectionView.dataSource = photos
        return collectionView
    }
}

/// The app; main.swift is `exit(MainActor.assumeIsolated { runPhotos() })`.
@MainActor
func runPhotos() -> Int32 {
    CollectionViewApplication.run(id: "org.example.Photos") { app in
        makePhotosWindow(application: app, photos: Photos()).present()
    }
}

// Later, after changing `photos.titles`:
//   collectionView.performBatchUpdates({ collectionView.insertItems(at: [IndexPath(item: 0, section: 0)]) })
