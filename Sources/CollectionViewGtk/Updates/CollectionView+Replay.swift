import Foundation
import CollectionLayout

extension CollectionView {
    /// Replays a worked-out batch (from a diff) through the view's own update calls, inside
    /// `performBatchUpdates`, so it meets the same validation as a hand-written one.
    func replay(_ update: BatchUpdate) {
        if !update.deletedSections.isEmpty { deleteSections(IndexSet(update.deletedSections)) }
        if !update.insertedSections.isEmpty { insertSections(IndexSet(update.insertedSections)) }
        if !update.reloadedSections.isEmpty { reloadSections(IndexSet(update.reloadedSections)) }
        for move in update.movedSections { moveSection(move.from, toSection: move.to) }
        if !update.deletedItems.isEmpty { deleteItems(at: update.deletedItems) }
        if !update.insertedItems.isEmpty { insertItems(at: update.insertedItems) }
        if !update.reloadedItems.isEmpty { reloadItems(at: update.reloadedItems) }
        for move in update.movedItems { moveItem(at: move.from, to: move.to) }
    }
}
