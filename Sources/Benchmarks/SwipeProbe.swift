import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk
#if canImport(Glibc)
import Glibc
#endif

/// `collection-bench swipe-probe`: a window for `scripts/touch-swipe`, which swipes its rows with
/// real touches under GTK's Broadway backend (Xvfb cannot make a touch). A plain list of 40 rows;
/// each has a leading "Flag" and a trailing destructive "Delete" that deletes the row (a batch
/// update) and completes with true. Prints, line by line: `cell item=N x=X y=Y` (rows 0 to 5,
/// centres in the window's surface) then `cells-done`; `swiped item=N on|off` when a row's
/// `isSwiped` state changes; `selected item=N`; `performed Flag|Delete item=N`; `count N` after a delete; `offset
/// y=Y` when the view scrolls.
@MainActor
enum SwipeProbe {
    final class Source: CollectionViewDataSource, CollectionViewDelegate {
        var items = (0..<40).map { "Row \($0)" }
        weak var collectionView: CollectionView?
        var swiped: [String: Bool] = [:]

        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell: ListCell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
            var content = ListContentConfiguration.cell()
            let name = items[indexPath.item]
            content.text = name
            cell.contentConfiguration = content
            cell.configurationUpdateHandler = { [weak self] _, state in
                guard let self, self.swiped[name, default: false] != state.isSwiped else { return }
                self.swiped[name] = state.isSwiped
                say("swiped item=\(name.dropFirst(4)) \(state.isSwiped ? "on" : "off")")
            }
            return cell
        }
        func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
            say("selected item=\(items[indexPath.item].dropFirst(4))")
        }
        func collectionView(_ cv: CollectionView, leadingSwipeActionsConfigurationForItemAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
            let name = items[indexPath.item]
            let flag = ContextualAction(style: .normal, title: "Flag") { _, _, done in
                say("performed Flag item=\(name.dropFirst(4))")
                done(true)
            }
            flag.iconName = "emblem-important-symbolic"
            return SwipeActionsConfiguration(actions: [flag])
        }
        func collectionView(_ cv: CollectionView, trailingSwipeActionsConfigurationForItemAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
            let name = items[indexPath.item]
            let delete = ContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, done in
                guard let self, let cv = self.collectionView, let index = self.items.firstIndex(of: name) else { return done(false) }
                say("performed Delete item=\(name.dropFirst(4))")
                cv.performBatchUpdates {
                    self.items.remove(at: index)
                    cv.deleteItems(at: [IndexPath(item: index, section: 0)])
                }
                say("count \(self.items.count)")
                done(true)
            }
            delete.iconName = "user-trash-symbolic"
            let archive = ContextualAction(style: .normal, title: "Archive") { _, _, done in
                say("performed Archive item=\(name.dropFirst(4))")
                done(true)
            }
            return SwipeActionsConfiguration(actions: [delete, archive])
        }
    }

    static func say(_ line: String) {
        print(line)
        fflush(nil)
    }

    static func run() {
        gtk_init()
        let cv = CollectionView(collectionViewLayout: CompositionalLayout.list(using: ListConfiguration(appearance: .plain)))
        cv.register(ListCell.self, forCellWithReuseIdentifier: "row")
        let source = Source()
        source.collectionView = cv
        cv.dataSource = source
        cv.delegate = source
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.as(GtkWindow.self), 600, 700)
        gtk_window_set_child(window.as(GtkWindow.self), cv.widget)
        gtk_window_present(window.as(GtkWindow.self))
        var shown = false
        var offset = 0
        while true {
            g_main_context_iteration(nil, 1)
            if !shown, let first = cv.cellForItem(at: IndexPath(item: 5, section: 0)), gtk_widget_get_width(first.widget) > 0 {
                shown = true
                for item in 0..<6 {
                    let centre = TouchProbe.surfacePoint(of: cv.cellForItem(at: IndexPath(item: item, section: 0))!.widget)
                    say("cell item=\(item) x=\(Int(centre.x)) y=\(Int(centre.y))")
                }
                say("cells-done")
            }
            if shown, Int(cv.contentOffset.y.rounded()) != offset {
                offset = Int(cv.contentOffset.y.rounded())
                say("offset y=\(offset)")
            }
        }
    }
}
