import GtkGlue
import CollectionViewGtk

/// While a folder's first screen of thumbnails arrives, the grid draws its tiles directly
/// rather than through the tile cache: each thumbnail changes what a tile shows, and with the
/// cache on the first frame's tiles would be drawn as pictures only to be drawn again as the
/// thumbnails land (`collection-bench folder`: the warm first screen took 150–160 ms with the
/// cache from the start, about 110 ms without). Once every cell on screen shows its picture,
/// or after two seconds if some never does (a file that cannot be decoded), the mode asked
/// for comes back.
extension GalleryWindow {
    func drawDirectlyWhileTheFirstScreenLoads() {
        guard tileCachePreference == .automatic else { return }
        firstScreenGeneration += 1
        let generation = firstScreenGeneration
        collectionView.tileCacheMode = .off
        Async.after(milliseconds: 2000) { [weak self] in
            guard let self, !self.isClosed, self.firstScreenGeneration == generation else { return }
            self.firstScreenLoaded()
        }
    }

    func firstScreenLoaded() {
        firstScreenGeneration += 1  // the fallback above has nothing left to do
        if collectionView.tileCacheMode != tileCachePreference { collectionView.tileCacheMode = tileCachePreference }
    }
}
