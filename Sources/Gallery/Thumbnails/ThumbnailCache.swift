/// Decoded thumbnails by file path, least recently used first out, held under a byte cap.
/// A texture a cell still shows stays alive through the cell's own reference after it leaves
/// the cache; the cap bounds what the cache itself keeps.
@MainActor
final class ThumbnailCache {
    private struct Entry {
        let texture: Texture
        let bytes: Int
        var lastUse: Int
    }
    let capacityBytes: Int
    private var entries: [String: Entry] = [:]
    private var clock = 0
    private(set) var bytes = 0
    private(set) var evictions = 0

    init(capacityBytes: Int) { self.capacityBytes = capacityBytes }

    var count: Int { entries.count }

    func texture(for path: String) -> Texture? {
        guard var entry = entries[path] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[path] = entry
        return entry.texture
    }

    /// Forgets every thumbnail (they were made for another size); cells keep what they show.
    func removeAll() {
        entries.removeAll()
        bytes = 0
    }

    func remove(_ path: String) {
        guard let entry = entries.removeValue(forKey: path) else { return }
        bytes -= entry.bytes
    }

    /// Stores a thumbnail and evicts the least recently used ones above the cap.
    ///
    /// - Complexity: O(entries) per eviction; the cap keeps entries in the hundreds.
    func insert(_ texture: Texture, bytes: Int, for path: String) {
        clock += 1
        if let old = entries[path] { self.bytes -= old.bytes }
        entries[path] = Entry(texture: texture, bytes: bytes, lastUse: clock)
        self.bytes += bytes
        while self.bytes > capacityBytes, entries.count > 1,
              let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            self.bytes -= oldest.value.bytes
            entries[oldest.key] = nil
            evictions += 1
        }
    }
}
