import CGtk
import GtkGlue
import GalleryIndex
import Foundation

/// A folder's photos by date taken, newest first, as a model the view shows through
/// `ListModelDataSource` with one section per month.
///
/// The model is a GListStore refilled in one splice from the folder's flattened model each
/// time dates arrive or the folder changes (at most every `rebuildInterval`): one batch update
/// per refill, which the data source diffs by URI, so photos move to their months animated.
/// Until a photo's EXIF date is known it stands at its modification time.
///
/// Each file's date lives in a `DateSlot`, made once per URI and attached to the file's
/// GFileInfo, so sorting and the section key read no URIs and no dictionaries.
@MainActor
final class FolderTimeline {
    /// The photos, newest first (a GListStore of GFileInfo).
    nonisolated(unsafe) let model: OpaquePointer
    nonisolated(unsafe) private let flat: OpaquePointer
    private let indexer: DateIndexer
    private var slots: [String: DateSlot] = [:]
    /// What the model shows: its slots in order, and each one's month when shown.
    private var shown: [(slot: DateSlot, month: Int32)] = []
    private var rebuildPending = false
    private var lastRebuild = 0
    /// What the last refill cost the main loop (µs): refills come at most a fifth of the time.
    private var lastCost = 0
    nonisolated(unsafe) private var flatHandler: gulong = 0
    /// Whether the view is being scrolled: a refill waits until it rests, so a fling through a
    /// large folder being dated keeps its frames.
    var isScrolling: () -> Bool = { false }
    /// Rows the index holds for the folder (`DateIndexer.rows(under:)`), used for the files they
    /// still describe (the rest are read), in the first refill only.
    private var known: [String: IndexedPhoto]
    /// The URIs of the folders shown (the root and its subfolders): rows of files that were in
    /// them and are gone (deleted while the gallery was not running) leave the index.
    private let folders: Set<String>

    /// Refills no more often than this (ms), and no more often than every five times the last
    /// refill's cost: sorting and diffing a large folder costs the main loop a few milliseconds
    /// per thousand photos (more in a debug build), so while a large folder is dated the window
    /// keeps at least four fifths of its time.
    static let rebuildInterval = 400

    init(flat: OpaquePointer, folders: Set<String>, indexer: DateIndexer, known: [String: IndexedPhoto]) {
        self.flat = flat
        self.folders = folders
        self.indexer = indexer
        self.known = known
        model = g_list_store_new(g_file_info_get_type())!
        g_object_ref(raw(flat))
        indexer.answered = { [weak self] answers in self?.receive(answers) }
        flatHandler = Signal.connectItemsChanged(raw(flat)) { [weak self] _, _, _ in self?.rebuildSoon() }
        rebuild()
    }

    deinit {
        g_signal_handler_disconnect(raw(flat), flatHandler)
        g_object_unref(raw(flat))
        g_object_unref(raw(model))
    }

    /// The data source's section key: the month ("202611"), in local time.
    static let monthKey: (UnsafeMutablePointer<GObject>) -> String = { item in
        DateSlot.of(item).map { String($0.month) } ?? ""
    }

    /// The data source's item key: the file's URI.
    static let uriKey: (UnsafeMutablePointer<GObject>) -> AnyHashable = { item in
        AnyHashable(DateSlot.of(item)?.uri ?? FolderContent.uri(of: item))
    }

    /// When the photo at `uri` was taken (seconds since the epoch), once its date is known
    /// (read from the index or the file); for the viewer's header.
    func taken(ofURI uri: String) -> Int64? {
        slots[uri]?.taken
    }

    /// A month's title ("November 2026", in the user's language: GLib's `%OB`, the month's
    /// name as it stands alone).
    static func title(forKey key: String) -> String {
        guard let month = Int32(key), month > 0,
              let date = g_date_time_new_local(month / 100, month % 100, 1, 0, 0, 0) else { return key }
        defer { g_date_time_unref(date) }
        guard let text = g_date_time_format(date, "%OB %Y") else { return key }
        defer { g_free(text) }
        return String(cString: text)
    }

    // MARK: Dates arriving

    private func receive(_ answers: [DateIndexer.Answer]) {
        var moved = false
        for answer in answers {
            guard let slot = slots[answer.uri], slot.taken != answer.taken || slot.source != answer.source else { continue }
            slot.set(taken: answer.taken, source: answer.source)
            moved = true
        }
        if moved { rebuildSoon() }
    }

    /// A file was written in place (GtkDirectoryList keeps its old GFileInfo): its date is read
    /// again, with the size and time it has now.
    func fileWritten(_ uri: String) {
        guard slots[uri] != nil else { return }
        indexer.request([DateIndexer.Request(uri: uri, size: DateIndexer.Request.unknown, modified: DateIndexer.Request.unknown)])
    }

    private func rebuildSoon() {
        guard !rebuildPending else { return }
        rebuildPending = true
        let since = (g_get_monotonic_time() - lastRebuild) / 1000
        let interval = max(Self.rebuildInterval, lastCost * 5 / 1000)
        Async.after(milliseconds: UInt32(max(0, interval - since))) { [weak self] in self?.rebuildUnlessScrolling() }
    }

    private func rebuildUnlessScrolling(waited: Bool = false) {
        guard !isScrolling() else {
            if !waited { GalleryLog.event("timeline waits for the scroll") }
            Async.after(milliseconds: 100) { [weak self] in self?.rebuildUnlessScrolling(waited: true) }
            return
        }
        rebuildPending = false
        rebuild()
    }

    // MARK: Refilling

    /// Sorts the folder's files by date (then their order by name) and puts them in the model in one splice,
    /// unless nothing moved. New files and changed ones are sent to the indexer in the
    /// timeline's order, so the top of the timeline (what shows first) is dated first; files
    /// that left are forgotten.
    /// Whether the refill running is the first (no slots made yet).
    private var firstFill = false

    private func rebuild() {
        lastRebuild = g_get_monotonic_time()
        let count = Int(g_list_model_get_n_items(flat))
        var entries: [(item: gpointer, slot: DateSlot, position: Int)] = []
        entries.reserveCapacity(count)
        var unread = Set<ObjectIdentifier>()
        var reused = 0
        var present = Set<ObjectIdentifier>(minimumCapacity: count)
        // The first fill finds no slots to reuse: not looking for them halves the hashing of
        // 100,000 URIs.
        firstFill = slots.isEmpty
        if firstFill { slots.reserveCapacity(count) }
        for position in 0..<count {
            guard let item = g_list_model_get_item(flat, guint(position)) else { continue }
            let slot = slot(for: item.assumingMemoryBound(to: GObject.self), unread: &unread, reused: &reused)
            entries.append((item, slot, position))
            present.insert(ObjectIdentifier(slot))
        }
        defer { entries.forEach { g_object_unref($0.item) } }
        if !known.isEmpty {
            // Files of these folders that are gone since the index last saw them.
            indexer.forget(known.keys.filter { slots[$0] == nil && folders.contains(PhotoURI.parent(of: $0)) })
            known = [:]  // used once: later changes are read
        }
        let gone = slots.filter { !present.contains(ObjectIdentifier($0.value)) }.map(\.key)
        if !gone.isEmpty {
            gone.forEach { slots[$0] = nil }
            indexer.forget(gone)
        }
        // Photos of the same second stay in the folders' own order (by folder, then by name in
        // natural order): their place in `flat`. Comparing names instead cost most of the sort
        // when a folder's photos share their dates (copied files, scans).
        entries.sort { a, b in a.slot.taken != b.slot.taken ? a.slot.taken > b.slot.taken : a.position < b.position }
        indexer.reused(reused)
        if !unread.isEmpty {
            indexer.request(entries.filter { unread.contains(ObjectIdentifier($0.slot)) }
                .map { DateIndexer.Request(uri: $0.slot.uri, size: $0.slot.size, modified: $0.slot.modified) })
        } else if reused > 0 {
            indexer.logIfDone()
        }
        // Only the range between the unchanged start and end is replaced: a photo added or
        // dated moves few others, and the data source reads only the range again.
        func same(_ new: Int, _ old: Int) -> Bool { entries[new].slot === shown[old].slot && entries[new].slot.month == shown[old].month }
        var start = 0
        while start < min(entries.count, shown.count), same(start, start) { start += 1 }
        guard start < max(entries.count, shown.count) else { return }  // nothing moved
        var end = 0  // unchanged items at the end
        while end < min(entries.count, shown.count) - start, same(entries.count - 1 - end, shown.count - 1 - end) { end += 1 }
        var items: [gpointer?] = entries[start..<entries.count - end].map { $0.item }
        let sorted = g_get_monotonic_time()
        g_list_store_splice(model, guint(start), guint(shown.count - start - end), &items, guint(items.count))
        shown = entries.map { ($0.slot, $0.slot.month) }
        lastCost = g_get_monotonic_time() - lastRebuild
        GalleryLog.event("timeline rebuilt sortMs=\((sorted - lastRebuild) / 1000) spliceMs=\((g_get_monotonic_time() - sorted) / 1000)")
        logSections()
    }

    /// The file's slot: attached to its GFileInfo, or found by URI (a folder read again gives
    /// new GFileInfos), or made; new and changed files are added to `unread`.
    private func slot(for item: UnsafeMutablePointer<GObject>, unread: inout Set<ObjectIdentifier>, reused: inout Int) -> DateSlot {
        if let slot = DateSlot.of(item) { return slot }
        let info = OpaquePointer(item)
        let uri = FolderContent.uri(of: item)
        let size = Int64(g_file_info_get_size(info))
        var modified: Int64 = 0
        if let date = g_file_info_get_modification_date_time(info) {
            modified = Int64(g_date_time_to_unix(date)) * 1_000_000 + Int64(g_date_time_get_microsecond(date))
            g_date_time_unref(date)
        }
        let slot: DateSlot
        if !firstFill, let existing = slots[uri], existing.size == size, existing.modified == modified {
            slot = existing
        } else if let row = known[uri], row.size == size, row.modified == modified {
            slot = DateSlot(uri: uri, size: size, modified: modified, taken: row.taken, source: row.source)
            slots[uri] = slot
            reused += 1
        } else {
            // Until it is read: its modification time.
            slot = DateSlot(uri: uri, size: size, modified: modified, taken: modified / 1_000_000, source: .modified)
            slots[uri] = slot
            unread.insert(ObjectIdentifier(slot))
        }
        slot.attach(to: item)
        return slot
    }

    private func logSections() {
        guard GalleryLog.enabled else { return }
        var months: [(Int32, Int)] = []
        for entry in shown {
            if months.last?.0 == entry.month { months[months.count - 1].1 += 1 } else { months.append((entry.month, 1)) }
        }
        GalleryLog.event("timeline sections=\(months.count) items=\(shown.count) months=\(months.prefix(24).map { "\($0.0):\($0.1)" }.joined(separator: ","))")
        GalleryLog.event("timeline order=\(shown.prefix(12).map { ($0.slot.uri as NSString).lastPathComponent }.joined(separator: ","))")
        GalleryLog.event("timeline titles=\(months.prefix(6).map { Self.title(forKey: String($0.0)) }.joined(separator: "|"))")
    }
}

/// One file's date in the timeline, shared by every GFileInfo of the file.
final class DateSlot {
    let uri: String
    let size: Int64
    let modified: Int64
    private(set) var taken: Int64
    private(set) var source: DateSource
    /// Year and month in local time (202611).
    private(set) var month: Int32

    init(uri: String, size: Int64, modified: Int64, taken: Int64, source: DateSource) {
        self.uri = uri
        self.size = size
        self.modified = modified
        self.taken = taken
        self.source = source
        month = Self.month(of: taken)
    }

    func set(taken: Int64, source: DateSource) {
        self.taken = taken
        self.source = source
        month = Self.month(of: taken)
    }

    private static func month(of seconds: Int64) -> Int32 {
        // In the local time zone made once: g_date_time_new_from_unix_local looks the zone up
        // again at each call (reading /etc/localtime's link), which was a third of showing
        // 100,000 photos by date.
        guard let utc = g_date_time_new_from_unix_utc(Int(seconds)), let date = g_date_time_to_timezone(utc, localZone) else { return 0 }
        defer { g_date_time_unref(utc); g_date_time_unref(date) }
        return g_date_time_get_year(date) * 100 + g_date_time_get_month(date)
    }

    nonisolated(unsafe) private static let localZone = g_time_zone_new_local()!

    private static let quark = g_quark_from_static_string("gallery-date-slot")

    /// The slot attached to a GFileInfo, if any.
    static func of(_ item: UnsafeMutablePointer<GObject>) -> DateSlot? {
        g_object_get_qdata(item, quark).map { Unmanaged<DateSlot>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Attaches the slot to a GFileInfo, which holds a reference until it is finalized.
    func attach(to item: UnsafeMutablePointer<GObject>) {
        g_object_set_qdata_full(item, Self.quark, Unmanaged.passRetained(self).toOpaque()) { data in
            Unmanaged<DateSlot>.fromOpaque(data!).release()
        }
    }
}
