import CollectionLayout

extension CollectionView {
    /// Configures the visible cells of `indexPaths` again in place (`reconfigureItems(at:)`):
    /// `configure` is the data source's cell provider, and the dequeue inside it returns the
    /// item's own cell, so no view is made, replaced or animated. Items without a cell are
    /// configured when they are next shown, as always.
    func reconfigureItems(at indexPaths: [IndexPath], configure: (IndexPath) -> CollectionViewCell?) {
        work.runNow {
            for path in indexPaths {
                guard let cell = cellForItem(at: path) else { continue }
                editing.reconfiguring = (path, cell)
                let returned = RegistrationToken.insideProvider { configure(path) }
                editing.reconfiguring = nil
                cell.setNeedsUpdateConfiguration()
                selfSizeAgain(cell)
                if let returned, returned !== cell {
                    report(.foreignView("a different cell when reconfiguring item \(path.item) in section \(path.section); reconfiguring configures the item's own cell"))
                    giveBack(returned)
                }
            }
        }
    }
}
