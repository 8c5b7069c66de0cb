import CGtk
import CollectionLayout
import CollectionViewGtk

/// What a cell shows: the same for a catalogue item and a file in a folder.
struct Tile {
    /// Unique among the shown tiles: `item-ID`, or a file's path.
    var key: String
    var title: String
    var hue: Int  // 0..<8, a colour class
    var height: Double  // for the waterfall layout
    /// An image file to show a thumbnail of, by its URI (see `PhotoURI`).
    var uri: String?
    /// A picture the item holds itself (pasted).
    var texture: Texture?
}

/// A GdkTexture the model holds a reference to.
final class Texture: @unchecked Sendable {
    let pointer: OpaquePointer
    init(adopting pointer: OpaquePointer) { self.pointer = pointer }
    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// What the window shows: the built-in catalogue (a diffable data source, editable) or a
/// folder (GtkDirectoryList models, which change as the folder does). Each installs its own
/// data source on the collection view.
@MainActor
protocol GalleryContent: AnyObject {
    /// Whether items can be added, deleted, moved and sorted from the app.
    var isEditable: Bool { get }
    var sectionCount: Int { get }
    var itemCount: Int { get }
    /// The tile at an index path the view shows, or nil.
    func tile(at indexPath: IndexPath) -> Tile?
    /// A section's title.
    func title(ofSection section: Int) -> String
}

extension GalleryContent {
    /// The scrubber's index: a title per section (a folder, a month), in the view's order,
    /// shortened when long. Generic over the sections, so any grouping gets its index.
    func indexTitles(in collectionView: CollectionView) -> [String] {
        (0..<collectionView.numberOfSections).map { Self.shortIndexTitle(title(ofSection: $0)) }
    }

    /// A title that fits the scrubber's bubble: long ones keep their start and end.
    static func shortIndexTitle(_ title: String, limit: Int = 24) -> String {
        guard title.count > limit else { return title }
        let keep = (limit - 1) / 2
        return String(title.prefix(keep)) + "…" + String(title.suffix(limit - 1 - keep))
    }

    /// Deterministic per-key variety: a colour class and a height, stable across launches.
    static func variety(of key: String) -> (hue: Int, height: Double) {
        var hash: UInt64 = 1469598103934665603
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 1099511628211 }
        return (Int(hash % 8), Double(90 + Int((hash >> 8) % 110)))
    }
}
