// The code of the CollectionViewGtk documentation and of "Writing a custom layout", kept here
// so the tests compile it (and run the getting-started app's view in a window).
// `DocumentationCodeTests` (in CollectionLayoutTests) checks that the articles show this code.
import CGtk
import GtkGlue
import Foundation
import CollectionLayout
import CollectionViewGtk

// MARK: Getting started

/// A cell that shows one line of text.
final class TitleCell: CollectionViewCell {
    static let reuseIdentifier = "title"
    private let label = gtk_label_new(nil)!  // a GtkLabel, as a GtkWidget pointer

    required init() {
        super.init()
        append(label)
    }

    func show(_ title: String) {
        gtk_label_set_text(OpaquePointer(label), title)  // GtkLabel itself imports as OpaquePointer
        accessibilityLabel = title
    }
}

/// The app's data: titles in sections.
final class Album: CollectionViewDataSource {
    var sectionTitles = ["Photos", "Scans"]
    var items: [[String]] = [(1...40).map { "Photo \($0)" }, (1...5).map { "Scan \($0)" }]

    func numberOfSections(in collectionView: CollectionView) -> Int { items.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        items[section].count
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: TitleCell = collectionView.dequeueReusableCell(withReuseIdentifier: TitleCell.reuseIdentifier, for: indexPath)
        cell.show(items[indexPath.section][indexPath.item])
        return cell
    }

    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> ReusableView {
        let header: LabelSupplementaryView = collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: "header", for: indexPath)
        header.text = sectionTitles[indexPath.section]
        return header
    }
}

@MainActor
func makeAlbumView(showing album: Album) -> CollectionView {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 120, height: 90)
    layout.minimumInteritemSpacing = 8
    layout.minimumLineSpacing = 8
    layout.sectionInset = EdgeInsets(all: 12)
    layout.headerReferenceSize = Size(width: 0, height: 32)  // scrolling vertically, only the height counts

    let collectionView = CollectionView(collectionViewLayout: layout)
    collectionView.register(TitleCell.self, forCellWithReuseIdentifier: TitleCell.reuseIdentifier)
    collectionView.register(LabelSupplementaryView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
                            withReuseIdentifier: "header")
    collectionView.dataSource = album  // held weakly, as in UIKit
    collectionView.delegate = album
    return collectionView
}

@MainActor
func runAlbum() -> Int32 {
    let album = Album()  // made outside the window's closure, so it is there for the window to keep
    var albumWindow: CollectionViewWindow?
    return CollectionViewApplication.run(id: "org.example.Album") { app in
        let shown = albumWindow ?? CollectionViewWindow(application: app, title: "Album", width: 800, height: 600) {
            makeAlbumView(showing: album)
        }
        albumWindow = shown
        shown.present()
    }
}

/// What `main.swift` holds (it cannot be top-level code in a test file).
func albumMain() -> Never {
    exit(MainActor.assumeIsolated { runAlbum() })
}

extension Album: CollectionViewDelegate {
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        print("selected \(items[indexPath.section][indexPath.item])")
    }
}

@MainActor
func addScan(to album: Album, in collectionView: CollectionView, completion: @escaping (Bool) -> Void = { _ in }) {
    album.items[1].insert("New scan", at: 0)  // the data source first
    collectionView.performBatchUpdates({
        collectionView.insertItems(at: [IndexPath(item: 0, section: 1)])
    }, completion: { finished in
        completion(finished)  // true: the animation ran to its end
    })
}

// MARK: Coming from UIKit

@MainActor
func registerTemplate(in collectionView: CollectionView) {
    collectionView.register(template: .resource("/org/example/Album/photo-cell.ui"),
                            forCellWithReuseIdentifier: "photo")
}

@MainActor
func monthIndex(in collectionView: CollectionView) -> CollectionViewDiffableDataSource<String, Int> {
    let months = CollectionViewDiffableDataSource<String, Int>(collectionView: collectionView) { cv, indexPath, _ in
        cv.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
    }
    months.indexTitlesProvider = { [unowned months] cv in  // a title a section: its identifier
        (0..<cv.numberOfSections).compactMap { months.sectionIdentifier(for: $0) }
    }
    return months
}

// MARK: Updates and animation

@MainActor
func moveFirstPhotoToScans(album: Album, collectionView: CollectionView) {
    let photo = album.items[0].removeFirst()
    album.items[1].append(photo)
    collectionView.performBatchUpdates({
        collectionView.moveItem(at: IndexPath(item: 0, section: 0),  // where it was before
                                to: IndexPath(item: album.items[1].count - 1, section: 1))  // where it is after
    })
}

@MainActor
func logUpdateErrors(of collectionView: CollectionView, into log: @escaping (String) -> Void = { print($0) }) {
    collectionView.errorHandler = { error in
        if case .invalidUpdate(let broken) = error {
            log("rule \(broken.rule): \(error)")
        } else {
            log("collection view: \(error)")
        }
    }
}

@MainActor
func swapLayouts(_ collectionView: CollectionView, to stack: CollectionViewLayout) {
    collectionView.setCollectionViewLayout(stack, animated: true) { finished in
        print(finished ? "the stack is in place" : "cut short by a later change")
    }
}

@MainActor
func enablePinch(_ collectionView: CollectionView, grid: CollectionViewLayout, stack: CollectionViewLayout) {
    collectionView.zoomLayouts = (dense: grid, spread: stack)  // pinch out or Ctrl + wheel up: grid to stack
}

@MainActor
func driveTransition(_ collectionView: CollectionView, to layout: CollectionViewLayout, progress: Double) {
    let transition = collectionView.startInteractiveTransition(to: layout) { completed in
        print(completed ? "now showing the new layout" : "back to the old one")
    }
    transition.transitionProgress = progress  // from your gesture, as often as it moves
    if progress > 0.5 {
        collectionView.finishInteractiveTransition()
    } else {
        collectionView.cancelInteractiveTransition()
    }
}

// MARK: Writing a custom layout: custom attributes

final class FeaturedAttributes: LayoutAttributes {
    var isFeatured = false

    override func copy(indexPath newPath: IndexPath) -> LayoutAttributes {
        let copy = super.copy(indexPath: newPath) as! FeaturedAttributes
        copy.isFeatured = isFeatured
        return copy
    }

    override func isEqual(to other: LayoutAttributes) -> Bool {
        guard let other = other as? FeaturedAttributes else { return false }
        return super.isEqual(to: other) && isFeatured == other.isFeatured
    }
}

/// A flow layout that features the first item of each section.
final class FeaturedFlowLayout: FlowLayout {
    override class var layoutAttributesClass: LayoutAttributes.Type { FeaturedAttributes.self }

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        super.layoutAttributesForElements(in: rect).map(feature)
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        super.layoutAttributesForItem(at: indexPath).map(feature)
    }

    private func feature(_ attributes: LayoutAttributes) -> LayoutAttributes {
        let featured = attributes.representedElementCategory == .cell && attributes.indexPath.item == 0
        (attributes as? FeaturedAttributes)?.isFeatured = featured
        return attributes
    }
}

final class FeaturedCell: CollectionViewCell {
    override func apply(_ layoutAttributes: LayoutAttributes) {
        super.apply(layoutAttributes)
        if (layoutAttributes as? FeaturedAttributes)?.isFeatured == true {
            gtk_widget_add_css_class(widget, "featured")
        } else {
            gtk_widget_remove_css_class(widget, "featured")
        }
    }
}

// MARK: Coming from UIKit: self-sizing cells

/// Items that size themselves: the estimate until their views are measured.
@MainActor
func makeSelfSizingLayout() -> FlowLayout {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 160, height: 60)  // the estimate, and every item's width
    layout.estimatedItemSize = FlowLayout.automaticSize
    layout.headerReferenceSize = Size(width: 0, height: 40)  // headers size themselves too
    return layout
}

/// A note: GTK measures its wrapping label; it is never shorter than a row of text needs.
final class NoteCell: CollectionViewCell {
    override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes) -> LayoutAttributes {
        let preferred = super.preferredLayoutAttributesFitting(layoutAttributes)
        preferred.frame.size.height = max(preferred.frame.height, 44)
        return preferred
    }
}
