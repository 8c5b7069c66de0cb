import CGtk
import CollectionLayout
import CollectionViewGtk

/// A data source and delegate that writes down every selection, highlight and menu call, with
/// the cell's state at the moment of the call.
@MainActor
package final class Recorder: CollectionViewDataSource, CollectionViewDelegate {
    package var count: Int
    package var log: [String] = []
    package weak var collectionView: CollectionView?
    package var refuseHighlight: Set<Int> = []
    package var refuseSelect: Set<Int> = []
    package var refuseDeselect: Set<Int> = []
    package var showsMenu = true
    package var allowedActions: Set<EditAction> = [.copy, .paste]
    package var performed: [(EditAction, IndexPath, String)] = []

    package init(count: Int) { self.count = count }

    package func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    package func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: NumberCell = collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
        cell.shownPath = indexPath
        return cell
    }

    private func state(_ path: IndexPath) -> String {
        guard let cell = collectionView?.cellForItem(at: path) else { return "" }
        return " h\(cell.isHighlighted ? 1 : 0)s\(cell.isSelected ? 1 : 0)"
    }

    package func collectionView(_ cv: CollectionView, shouldHighlightItemAt p: IndexPath) -> Bool {
        log.append("shouldHighlight \(p.item)\(state(p))"); return !refuseHighlight.contains(p.item)
    }
    package func collectionView(_ cv: CollectionView, didHighlightItemAt p: IndexPath) { log.append("didHighlight \(p.item)\(state(p))") }
    package func collectionView(_ cv: CollectionView, didUnhighlightItemAt p: IndexPath) { log.append("didUnhighlight \(p.item)\(state(p))") }
    package func collectionView(_ cv: CollectionView, shouldSelectItemAt p: IndexPath) -> Bool {
        log.append("shouldSelect \(p.item)\(state(p))"); return !refuseSelect.contains(p.item)
    }
    package func collectionView(_ cv: CollectionView, didSelectItemAt p: IndexPath) { log.append("didSelect \(p.item)\(state(p))") }
    package func collectionView(_ cv: CollectionView, shouldDeselectItemAt p: IndexPath) -> Bool {
        log.append("shouldDeselect \(p.item)\(state(p))"); return !refuseDeselect.contains(p.item)
    }
    package func collectionView(_ cv: CollectionView, didDeselectItemAt p: IndexPath) { log.append("didDeselect \(p.item)\(state(p))") }
    package func collectionView(_ cv: CollectionView, shouldShowMenuForItemAt p: IndexPath) -> Bool {
        log.append("shouldShowMenu \(p.item)"); return showsMenu
    }
    package func collectionView(_ cv: CollectionView, canPerformAction action: EditAction, forItemAt p: IndexPath, withSender sender: Any?) -> Bool {
        allowedActions.contains(action)
    }
    package func collectionView(_ cv: CollectionView, performAction action: EditAction, forItemAt p: IndexPath, withSender sender: Any?) {
        performed.append((action, p, "\(sender.map { "\($0)" } ?? "nil")"))
    }
}
