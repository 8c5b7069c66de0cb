import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk

/// The viewer's full pictures: the page shown asks for its photo decoded at the window's size
/// (device pixels), then its neighbours, so a page turn finds its picture ready; what is no
/// longer near is cancelled. Pictures arrive in the cells showing them, in place of their
/// thumbnails; a photo that cannot be decoded says why on its page. A zoomed photo asks for a
/// sharp detail of what it shows.
@MainActor
final class ViewerPhotos {
    unowned let gallery: GalleryWindow
    /// Made when the viewer first shows a page (its worker thread with it).
    private var madeLoader: FullPhotoLoader?
    /// The box pictures are decoded to fit: the viewport's size at its scale.
    private(set) var size = PixelSize(width: 0, height: 0)
    /// The page shown before, for the direction the user pages in.
    private var lastPage: Int?

    init(gallery: GalleryWindow) {
        self.gallery = gallery
    }

    var loader: FullPhotoLoader {
        if let madeLoader { return madeLoader }
        let loader = FullPhotoLoader(capacityBytes: 0)
        loader.onReady = { [weak self] uri, size, photo in self?.arrived(uri, size, photo) }
        loader.onFailed = { [weak self] uri, size, error in self?.failed(uri, size, error) }
        loader.onDetailReady = { [weak self] detail in self?.detailArrived(detail) }
        madeLoader = loader
        return loader
    }

    /// The viewport's size in device pixels. A new size empties the cache (its pictures were
    /// decoded for another box) and sets its cap for the new size; the pages keep what they
    /// show until theirs arrive.
    private func currentSize() -> PixelSize {
        let viewport = gallery.collectionView.viewport
        let scale = Int(gtk_widget_get_scale_factor(viewport))
        let new = PixelSize(width: Int(gtk_widget_get_width(viewport)) * scale, height: Int(gtk_widget_get_height(viewport)) * scale)
        if new != size, new.width > 0, new.height > 0 {
            loader.cancelAll(except: [])
            loader.removeAll()
            loader.capacityBytes = FullPhotoLoader.defaultCapacity(forWindow: new)
            size = new
        }
        return size
    }

    /// The file at `uri` changed: its pictures are decoded again (the pages showing it keep
    /// the old one until the new one comes).
    func fileChanged(_ uri: String) {
        guard let madeLoader else { return }
        madeLoader.forget(uri)
        for cell in cells(showing: uri) { cell.dropFullPicture() }
        if gallery.viewer?.isOpen == true, let lastPage, let layout = gallery.viewer?.layout { show(page: lastPage, in: layout) }
    }

    /// The viewer settled on `page`: its photo first, then the next one the way the user
    /// pages, the one behind, and the one after next: four pictures, what the cache holds
    /// (`FullPhotoLoader.defaultCapacity`), so none is decoded twice while paging one way.
    /// Requests for pages farther away are dropped.
    func show(page: Int, in layout: ViewerLayout) {
        let size = currentSize()
        var near: [(uri: String, shown: Bool)] = []
        func add(_ page: Int, shown: Bool) {
            guard page >= 0, page < layout.pageCount, let item = layout.indexPath(forPage: page),
                  let uri = gallery.content.tile(at: item)?.uri else { return }
            near.append((uri, shown))
        }
        let direction = page < (lastPage ?? page) ? -1 : 1
        lastPage = page
        add(page, shown: true)
        add(page + direction, shown: false)
        add(page - direction, shown: false)
        add(page + 2 * direction, shown: false)
        loader.cancelAll(except: Set(near.map(\.uri)))
        if let shown = near.first(where: \.shown) {  // first: an idle worker starts on it
            deliver(shown.uri, loader.request(shown.uri, size: size, priority: .shown))
        }
        for (uri, shown) in near where !shown { _ = loader.request(uri, size: size, priority: .neighbour) }  // in that order
        // Neighbours already decoded go into their cells now (a page turn shows them at once).
        for (uri, shown) in near where !shown {
            if let photo = loader.cached(uri, size: size) { deliverToCells(uri, photo) }
        }
    }

    /// The viewer closed: nothing more is decoded (what is cached stays for a return), and
    /// the tiles let go of their full pictures (only the cache holds them, within its cap).
    func stop() {
        lastPage = nil
        madeLoader?.cancelAll(except: [])
        madeLoader?.cancelDetail()
        for case let cell as TileCell in gallery.collectionView.visibleCells { cell.dropFullPicture() }
    }

    /// A cell that shows `uri` as a page: the picture when it is decoded already.
    func configure(_ cell: TileCell) {
        guard let uri = cell.uri, size.width > 0, let madeLoader else { return }
        if let photo = madeLoader.cached(uri, size: size) ?? madeLoader.anyCached(uri) { show(photo, in: cell) }
    }

    /// `photo` in `cell`, which asks for a sharp detail of its photo (whichever it shows then)
    /// when zoomed in.
    private func show(_ photo: FullPhoto, in cell: TileCell) {
        cell.showFull(photo)
        cell.zoomView.onNeedsDetail = { [weak self, weak cell] in
            guard let self, let cell, let uri = cell.uri, cell.showsFullPicture else { return }
            self.loader.requestDetail(uri, region: cell.zoomView.visibleRegion, scale: cell.zoomView.zoom)
        }
    }

    /// Whether the page of `uri` shows its decoded picture now (the benchmark asks).
    func isShownDecoded(_ uri: String) -> Bool {
        cells(showing: uri).contains { $0.showsFullPicture }
    }

    // MARK: Arrivals

    private func deliver(_ uri: String, _ lookup: FullPhotoLoader.Lookup) {
        switch lookup {
        case .cached(let photo): deliverToCells(uri, photo)
        case .failed(let error): showFailure(uri, error)
        case .requested: break
        }
    }

    private func arrived(_ uri: String, _ size: PixelSize, _ photo: FullPhoto) {
        guard size == self.size else { return }
        deliverToCells(uri, photo)
    }

    private func deliverToCells(_ uri: String, _ photo: FullPhoto) {
        for cell in cells(showing: uri) where cell.fullPictureSize != photo.pixelSize {  // none yet, or another size's
            show(photo, in: cell)
            if let item = gallery.collectionView.indexPath(for: cell) {
                GalleryLog.event("viewer photo item=\(item.section).\(item.item) decoded=\(photo.pixelSize.width)x\(photo.pixelSize.height)")
            }
        }
    }

    private func failed(_ uri: String, _ size: PixelSize, _ error: PhotoDecodeError) {
        guard size == self.size else { return }
        showFailure(uri, error)
    }

    private func showFailure(_ uri: String, _ error: PhotoDecodeError) {
        for cell in cells(showing: uri) {
            cell.showPageMessage(format(tr("%1$s cannot be shown: %2$s"), PhotoURI.displayName(uri), error.reason))
            if let item = gallery.collectionView.indexPath(for: cell) {
                GalleryLog.event("viewer photo-failed item=\(item.section).\(item.item) reason=\(error.reason)")
            }
        }
    }

    private func detailArrived(_ detail: FullPhotoLoader.Detail) {
        for cell in cells(showing: detail.request.uri) where cell.showsFullPicture {
            cell.zoomView.setDetail(detail.photo.texture, region: detail.region)
            if let item = gallery.collectionView.indexPath(for: cell) {
                GalleryLog.event("viewer detail item=\(item.section).\(item.item) pixels=\(detail.photo.pixelSize.width)x\(detail.photo.pixelSize.height)")
            }
        }
    }

    private func cells(showing uri: String) -> [TileCell] {
        gallery.collectionView.visibleCells.compactMap { $0 as? TileCell }.filter { $0.uri == uri }
    }
}
