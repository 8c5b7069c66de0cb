import CSQLite
import Glibc

/// Where a photo's date came from.
package enum DateSource: Int32, Sendable {
    /// The file's modification time: the photo has no EXIF date (or could not be read).
    case modified = 0
    /// EXIF `DateTimeOriginal` (or a later tag in `DateTaken.tags`).
    case exif = 1
}

/// One file as the index knows it: what identifies its content (size and modification time)
/// and the date it was taken.
package struct IndexedPhoto: Equatable, Sendable {
    package var uri: String
    package var size: Int64
    /// Modification time in microseconds since the epoch.
    package var modified: Int64
    /// Date taken, in seconds since the epoch (UTC).
    package var taken: Int64
    package var source: DateSource

    package init(uri: String, size: Int64, modified: Int64, taken: Int64, source: DateSource) {
        self.uri = uri
        self.size = size
        self.modified = modified
        self.taken = taken
        self.source = source
    }
}

/// An index's failure, with SQLite's own message.
package struct PhotoIndexError: Error, CustomStringConvertible {
    package let description: String
}

/// The dates photos were taken, kept in SQLite so that a folder opened again is not read
/// again: a file whose size and modification time match its row is not read.
///
/// The database runs in WAL mode and writes in transactions (`write(_:)` is one), so a process
/// killed mid-write leaves every committed batch and none of the one it was writing.
/// One instance is used from one thread at a time (the connection is opened without SQLite's
/// own locking between threads).
package final class PhotoIndex {
    private var db: OpaquePointer?
    private var lookupStatement: OpaquePointer?
    private var upsertStatement: OpaquePointer?
    private var deleteStatement: OpaquePointer?
    package let path: String

    /// The index in `$XDG_CACHE_HOME/collection-gallery/` (`cacheDirectory` is
    /// `g_get_user_cache_dir()`), made when missing.
    package static func defaultPath(cacheDirectory: String) -> String {
        cacheDirectory + "/collection-gallery/photo-index.sqlite"
    }

    /// Opens (or creates) the database at `path`, and its folder.
    ///
    /// - Throws: `PhotoIndexError` when the file cannot be opened or is not an index.
    package init(path: String) throws {
        self.path = path
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !folder.isEmpty { try Self.makeFolders(folder) }
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            db = nil
            throw PhotoIndexError(description: "cannot open \(path): \(message)")
        }
        // Another process (a second window's gallery) may hold the write lock for a moment.
        sqlite3_busy_timeout(db, 2000)
        // WAL: a crash mid-transaction leaves the committed ones; NORMAL syncs at checkpoints,
        // enough for a cache (a power cut may lose the last batches, never corrupt).
        try execute("PRAGMA journal_mode=WAL")
        try execute("PRAGMA synchronous=NORMAL")
        try execute("""
            CREATE TABLE IF NOT EXISTS photos (
                uri TEXT PRIMARY KEY NOT NULL,
                size INTEGER NOT NULL,
                modified INTEGER NOT NULL,
                taken INTEGER NOT NULL,
                source INTEGER NOT NULL
            ) WITHOUT ROWID
            """)
        lookupStatement = try prepare("SELECT size, modified, taken, source FROM photos WHERE uri = ?1")
        upsertStatement = try prepare("INSERT OR REPLACE INTO photos (uri, size, modified, taken, source) VALUES (?1, ?2, ?3, ?4, ?5)")
        deleteStatement = try prepare("DELETE FROM photos WHERE uri = ?1")
    }

    deinit {
        for statement in [lookupStatement, upsertStatement, deleteStatement] { sqlite3_finalize(statement) }
        sqlite3_close_v2(db)
    }

    /// How many files the index holds.
    package var count: Int {
        guard let statement = try? prepare("SELECT count(*) FROM photos") else { return 0 }
        defer { sqlite3_finalize(statement) }
        return sqlite3_step(statement) == SQLITE_ROW ? Int(sqlite3_column_int64(statement, 0)) : 0
    }

    /// The row for `uri`, whatever its size and time.
    package func lookup(_ uri: String) -> IndexedPhoto? {
        guard let statement = lookupStatement else { return nil }
        defer { sqlite3_reset(statement) }
        sqlite3_bind_text(statement, 1, uri, -1, Self.transient)
        guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
        return IndexedPhoto(uri: uri, size: sqlite3_column_int64(statement, 0), modified: sqlite3_column_int64(statement, 1),
                            taken: sqlite3_column_int64(statement, 2),
                            source: DateSource(rawValue: sqlite3_column_int(statement, 3)) ?? .modified)
    }

    /// The row for `uri` when it still describes the file (same size and modification time);
    /// nil when the file is new or changed and must be read.
    package func current(_ uri: String, size: Int64, modified: Int64) -> IndexedPhoto? {
        guard let row = lookup(uri), row.size == size, row.modified == modified else { return nil }
        return row
    }

    /// Every row whose URI starts with `prefix` (a folder's URI ending in "/": the folder and
    /// its subfolders), by URI: one range scan of the primary key, so a folder of 100,000
    /// photos is looked up at once instead of file by file.
    package func rows(withPrefix prefix: String) -> [String: IndexedPhoto] {
        guard let statement = try? prepare("SELECT uri, size, modified, taken, source FROM photos WHERE uri >= ?1 AND uri < ?2") else { return [:] }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, prefix, -1, Self.transient)
        sqlite3_bind_text(statement, 2, Self.successor(of: prefix), -1, Self.transient)
        var rows: [String: IndexedPhoto] = [:]
        while sqlite3_step(statement) == SQLITE_ROW {
            guard let text = sqlite3_column_text(statement, 0) else { continue }
            let uri = String(cString: text)
            rows[uri] = IndexedPhoto(uri: uri, size: sqlite3_column_int64(statement, 1), modified: sqlite3_column_int64(statement, 2),
                                     taken: sqlite3_column_int64(statement, 3),
                                     source: DateSource(rawValue: sqlite3_column_int(statement, 4)) ?? .modified)
        }
        return rows
    }

    /// The first string after every string that starts with `prefix` (in SQLite's byte order):
    /// the prefix with its last byte raised (a URI is ASCII; "/" becomes "0").
    static func successor(of prefix: String) -> String {
        var bytes = Array(prefix.utf8)
        while let last = bytes.last, last == 0x7f { bytes.removeLast() }
        guard let last = bytes.popLast() else { return "\u{7f}" }
        return String(decoding: bytes + [last + 1], as: UTF8.self)
    }

    /// Writes `photos` (replacing their rows) in one transaction: all or none survive a crash.
    package func write(_ photos: [IndexedPhoto]) throws {
        guard let statement = upsertStatement, !photos.isEmpty else { return }
        try transaction {
            for photo in photos {
                defer { sqlite3_reset(statement) }
                sqlite3_bind_text(statement, 1, photo.uri, -1, Self.transient)
                sqlite3_bind_int64(statement, 2, photo.size)
                sqlite3_bind_int64(statement, 3, photo.modified)
                sqlite3_bind_int64(statement, 4, photo.taken)
                sqlite3_bind_int(statement, 5, photo.source.rawValue)
                guard sqlite3_step(statement) == SQLITE_DONE else { throw error("writing \(photo.uri)") }
            }
        }
    }

    /// Forgets files (deleted, or moved away), in one transaction.
    package func remove(_ uris: [String]) throws {
        guard let statement = deleteStatement, !uris.isEmpty else { return }
        try transaction {
            for uri in uris {
                defer { sqlite3_reset(statement) }
                sqlite3_bind_text(statement, 1, uri, -1, Self.transient)
                guard sqlite3_step(statement) == SQLITE_DONE else { throw error("removing \(uri)") }
            }
        }
    }

    /// SQLite's `PRAGMA integrity_check`: "ok", or what is wrong.
    package func integrityCheck() -> String {
        guard let statement = try? prepare("PRAGMA integrity_check") else { return "cannot check" }
        defer { sqlite3_finalize(statement) }
        var lines: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW { lines.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "") }
        return lines.joined(separator: "; ")
    }

    // MARK: SQLite

    /// SQLITE_TRANSIENT (a C macro): SQLite copies the bound text.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func transaction(_ body: () throws -> Void) throws {
        try execute("BEGIN IMMEDIATE")
        do {
            try body()
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw error(sql) }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { throw error(sql) }
        return statement
    }

    private func error(_ doing: String) -> PhotoIndexError {
        PhotoIndexError(description: "\(path): \(doing): \(db.map { String(cString: sqlite3_errmsg($0)) } ?? "closed")")
    }

    private static func makeFolders(_ folder: String) throws {
        var made = ""
        for part in folder.split(separator: "/", omittingEmptySubsequences: true) {
            made += "/" + part
            if mkdir(made, 0o700) != 0, errno != EEXIST {
                throw PhotoIndexError(description: "cannot create \(made): \(String(cString: strerror(errno)))")
            }
        }
    }
}
