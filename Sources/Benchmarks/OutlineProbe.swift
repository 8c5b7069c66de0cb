import CGtk
import CollectionLayout
import CollectionViewGtk
#if canImport(Glibc)
import Glibc
#endif

/// `collection-bench outline-probe`: no benchmark, a window for `scripts/a11y-probe.py --outline`
/// (what AT-SPI says of an outline's rows) and for screenshots of an outline. A sidebar list of
/// a small folder tree, through an outline data source of its own (a tree in memory, expanded
/// and collapsed with plain batch updates); Documents and Pictures start collapsed, Music
/// expanded. Prints `shown` once its rows are there.
@MainActor
enum OutlineProbe {
    final class Node {
        let name: String
        let children: [Node]
        var expanded: Bool
        weak var parent: Node?
        init(_ name: String, expanded: Bool = false, _ children: [Node] = []) {
            self.name = name
            self.children = children
            self.expanded = expanded
            for child in children { child.parent = self }
        }
    }

    final class Source: CollectionViewDataSource, CollectionViewOutlineDataSource {
        let roots: [Node]
        var rows: [(node: Node, level: Int)] = []
        weak var view: CollectionView?

        init(_ roots: [Node]) {
            self.roots = roots
            rows = Self.flatten(roots, level: 0)
        }

        static func flatten(_ nodes: [Node], level: Int) -> [(node: Node, level: Int)] {
            nodes.flatMap { [($0, level)] + ($0.expanded ? flatten($0.children, level: level + 1) : []) }
        }

        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { rows.count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell: ListCell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
            let node = rows[indexPath.item].node
            var content = cell.defaultContentConfiguration()
            content.text = node.name
            content.image = .iconName(node.children.isEmpty ? "text-x-generic-symbolic" : "folder-symbolic")
            cell.contentConfiguration = content
            cell.indentationWidth = 16  // GtkTreeExpander's indent
            // Leaves keep the disclosure's place, so names line up at each level.
            cell.accessories = [.outlineDisclosure(options: CellAccessory.Options(isHidden: node.children.isEmpty))]
            return cell
        }

        func outlineLevel(forItemAt indexPath: IndexPath) -> Int? { rows[indexPath.item].level }
        func isExpandable(itemAt indexPath: IndexPath) -> Bool { !rows[indexPath.item].node.children.isEmpty }
        func isExpanded(itemAt indexPath: IndexPath) -> Bool { rows[indexPath.item].node.expanded }
        func parentIndexPath(ofItemAt indexPath: IndexPath) -> IndexPath? {
            guard let parent = rows[indexPath.item].node.parent else { return nil }
            return rows.firstIndex { $0.node === parent }.map { IndexPath(item: $0, section: 0) }
        }

        func setExpanded(_ expanded: Bool, itemAt indexPath: IndexPath, includingDescendants: Bool, animated: Bool) {
            guard let view else { return }
            let node = rows[indexPath.item].node
            let level = rows[indexPath.item].level
            let below = { (rows: [(node: Node, level: Int)]) in rows[(indexPath.item + 1)...].prefix { $0.level > level }.count }
            view.performBatchUpdates {
                let before = below(self.rows)
                node.expanded = expanded
                if includingDescendants { Self.setAll(node.children, expanded) }
                self.rows = Self.flatten(self.roots, level: 0)
                let after = below(self.rows)
                view.deleteItems(at: (0..<before).map { IndexPath(item: indexPath.item + 1 + $0, section: 0) })
                view.insertItems(at: (0..<after).map { IndexPath(item: indexPath.item + 1 + $0, section: 0) })
            }
            view.outlineStateDidChange(at: [indexPath])
            print("\(expanded ? "expanded" : "collapsed") \(node.name)")
            fflush(nil)
        }

        private static func setAll(_ nodes: [Node], _ expanded: Bool) {
            for node in nodes {
                node.expanded = expanded
                setAll(node.children, expanded)
            }
        }
    }

    static func tree() -> [Node] {
        [
            Node("Documents", [Node("Letters", [Node("2025.odt"), Node("2026.odt")]), Node("Notes.txt")]),
            Node("Music", expanded: true, [Node("Albums", expanded: true, [Node("Kind of Blue"), Node("Blue Train")]), Node("Playlists")]),
            Node("Pictures", [Node("Holidays"), Node("Family")]),
            Node("Readme.txt"),
        ]
    }

    static func run() {
        gtk_init()
        let cv = CollectionView(collectionViewLayout: CompositionalLayout.list(using: ListConfiguration(appearance: .sidebar)))
        cv.register(ListCell.self, forCellWithReuseIdentifier: "row")
        let source = Source(tree())
        source.view = cv
        cv.dataSource = source
        cv.accessibilityLabel = "Outline probe"
        let window = gtk_window_new()!
        gtk_window_set_title(window.as(GtkWindow.self), "Outline probe")
        gtk_window_set_default_size(window.as(GtkWindow.self), 360, 420)
        gtk_window_set_child(window.as(GtkWindow.self), cv.widget)
        gtk_window_present(window.as(GtkWindow.self))
        var shown = false
        while true {
            g_main_context_iteration(nil, 1)
            if !shown, let first = cv.cellForItem(at: IndexPath(item: 0, section: 0)), gtk_widget_get_width(first.widget) > 0 {
                shown = true
                print("shown")
                fflush(nil)
            }
        }
    }
}
