import CGtk
import CollectionLayout
@testable import CollectionViewGtk

/// A data source and delegate that writes down every selection, highlight and menu call, with
/// the cell's state at the moment of the call.
@MainActor
final class Recorder: CollectionViewDataSource, CollectionViewDelegate {
    var count: Int
    var log: [String] = []
    weak var collectionView: CollectionView?
    var refuseHighlight: Set<Int> = []
    var refuseSelect: Set<Int> = []
    var refuseDeselect: Set<Int> = []
    var showsMenu = true
    var allowedActions: Set<EditAction> = [.copy, .paste]
    var performed: [(EditAction, IndexPath, String)] = []

    init(count: Int) { self.count = count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: NumberCell = collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
        cell.shownPath = indexPath
        return cell
    }

    private func state(_ path: IndexPath) -> String {
        guard let cell = collectionView?.cellForItem(at: path) else { return "" }
        return " h\(cell.isHighlighted ? 1 : 0)s\(cell.isSelected ? 1 : 0)"
    }

    func collectionView(_ cv: CollectionView, shouldHighlightItemAt p: IndexPath) -> Bool {
        log.append("shouldHighlight \(p.item)\(state(p))"); return !refuseHighlight.contains(p.item)
    }
    func collectionView(_ cv: CollectionView, didHighlightItemAt p: IndexPath) { log.append("didHighlight \(p.item)\(state(p))") }
    func collectionView(_ cv: CollectionView, didUnhighlightItemAt p: IndexPath) { log.append("didUnhighlight \(p.item)\(state(p))") }
    func collectionView(_ cv: CollectionView, shouldSelectItemAt p: IndexPath) -> Bool {
        log.append("shouldSelect \(p.item)\(state(p))"); return !refuseSelect.contains(p.item)
    }
    func collectionView(_ cv: CollectionView, didSelectItemAt p: IndexPath) { log.append("didSelect \(p.item)\(state(p))") }
    func collectionView(_ cv: CollectionView, shouldDeselectItemAt p: IndexPath) -> Bool {
        log.append("shouldDeselect \(p.item)\(state(p))"); return !refuseDeselect.contains(p.item)
    }
    func collectionView(_ cv: CollectionView, didDeselectItemAt p: IndexPath) { log.append("didDeselect \(p.item)\(state(p))") }
    func collectionView(_ cv: CollectionView, shouldShowMenuForItemAt p: IndexPath) -> Bool {
        log.append("shouldShowMenu \(p.item)"); return showsMenu
    }
    func collectionView(_ cv: CollectionView, canPerformAction action: EditAction, forItemAt p: IndexPath, withSender sender: Any?) -> Bool {
        allowedActions.contains(action)
    }
    func collectionView(_ cv: CollectionView, performAction action: EditAction, forItemAt p: IndexPath, withSender sender: Any?) {
        performed.append((action, p, "\(sender.map { "\($0)" } ?? "nil")"))
    }
}
