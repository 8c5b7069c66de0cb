import CGtk
import GtkGlue
import GalleryIndex
import Dispatch
import Foundation

/// Finds the dates photos were taken off the main thread: from the index when a file's size
/// and modification time match its row, else from the file's EXIF (its modification time
/// when it has none), written back to the index in transactions of a batch each. Answers
/// come back to the main loop in batches, never one per file.
@MainActor
final class DateIndexer {
    /// A file to date, with what identifies its content.
    struct Request: Sendable {
        let uri: String
        let size: Int64
        /// Microseconds since the epoch.
        let modified: Int64
        /// Size and time for a file whose GFileInfo is out of date: the indexer asks the file.
        static let unknown: Int64 = -1
    }

    /// A file's date taken (seconds since the epoch) and where it came from.
    struct Answer: Sendable {
        let uri: String
        let taken: Int64
        let source: DateSource
    }

    /// Runs on the main loop with each batch of answers to the current generation's requests.
    var answered: (([Answer]) -> Void)?
    /// Runs on the main loop after each batch, and once more when all requests are answered.
    var progressed: (() -> Void)?
    /// Runs on the main loop when the index cannot be opened (SQLite's reason): dates are then
    /// read from the files each time, and nothing is remembered.
    var unavailable: ((String) -> Void)?
    /// Requests sent and answered since `reset()`, or since all were last answered (a file
    /// added later is "1 of 1").
    private(set) var requestedCount = 0
    private(set) var answeredCount = 0
    /// Of the answered: found current in the index, and read from the file.
    private(set) var reusedCount = 0
    private(set) var readCount = 0
    var isBusy: Bool { answeredCount < requestedCount }
    /// Whether the last run of requests has been reported done (the next request starts a new count).
    private var runEnded = true

    private let worker: Worker

    /// Opens the index at `path` (on the worker's thread; it logs "index open rows=N").
    init(indexPath: String) {
        DateTaken.initialize()
        worker = Worker(path: indexPath)
        worker.queue.run { [worker] in
            let (rows, problem) = worker.open()
            Async.onMain { [weak self] in
                guard let problem else { return GalleryLog.event("index open rows=\(rows)") }
                GalleryLog.event("index unavailable: \(problem)")
                self?.unavailable?(problem)
            }
        }
    }

    /// The index in `$XDG_CACHE_HOME/collection-gallery/`.
    static var defaultPath: String { PhotoIndex.defaultPath(cacheDirectory: String(cString: g_get_user_cache_dir())) }

    /// Drops the requests not yet answered (another folder is shown) and starts counting anew.
    func reset() {
        worker.advanceGeneration()
        (requestedCount, answeredCount, reusedCount, readCount) = (0, 0, 0, 0)
        runEnded = true
        if held != nil { held = [] }
    }

    private func startRunIfEnded() {
        guard runEnded else { return }
        (requestedCount, answeredCount, reusedCount, readCount) = (0, 0, 0, 0)
        runEnded = false
    }

    /// While held, requests wait (counted, so the progress says how many): a folder opened by
    /// date shows its first screen of thumbnails before its dates are read, which would take
    /// the cores from them. `release` sends what waited.
    private var held: [Request]?

    func hold() {
        if held == nil { held = [] }
    }

    func release() {
        guard let requests = held else { return }
        held = nil
        send(requests)
    }

    /// Asks for the dates of `requests`; answers arrive in batches through `answered`.
    func request(_ requests: [Request]) {
        guard !requests.isEmpty else { return }
        startRunIfEnded()
        requestedCount += requests.count
        if held != nil {
            held! += requests
            return
        }
        send(requests)
    }

    private func send(_ requests: [Request]) {
        guard !requests.isEmpty else { return }
        let generation = worker.generation
        worker.queue.run { [worker] in
            worker.date(requests, generation: generation) { answers, reused, read, skipped in
                Async.onMain { [weak self] in self?.receive(answers, reused: reused, read: read, skipped: skipped, generation: generation) }
            }
        }
    }

    /// The index's rows for the files under `folder` (a folder's URI), on the main loop: a
    /// folder shown by date starts from what the index knows, in one range read off the main
    /// thread, so a folder opened again shows at once in the right months. The folder shown
    /// until now is no longer dated (its requests would keep this one waiting behind them).
    func rows(under folder: String, _ done: @escaping @MainActor ([String: IndexedPhoto]) -> Void) {
        reset()
        progressed?()
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        worker.queue.run { [worker] in
            let rows = worker.rows(withPrefix: prefix)
            Async.onMain { done(rows) }
        }
    }

    /// Counts files the timeline found current in rows from `rows(under:)`: answered at once.
    func reused(_ count: Int) {
        guard count > 0 else { return }
        startRunIfEnded()
        requestedCount += count
        answeredCount += count
        reusedCount += count
        GalleryLog.event("index reused \(count) of \(count)")
    }

    /// Logs the end of a run of requests when nothing remains to read.
    func logIfDone() {
        if !isBusy, !runEnded {
            GalleryLog.event("index done reused=\(reusedCount) read=\(readCount)")
            runEnded = true
        }
        progressed?()
    }

    /// Forgets files that are gone (deleted or moved away) from the index.
    func forget(_ uris: [String]) {
        guard !uris.isEmpty else { return }
        worker.queue.run { [worker] in
            worker.remove(uris)
            Async.onMain { GalleryLog.event("index removed \(uris.count)") }
        }
    }

    private func receive(_ answers: [Answer], reused: Int, read: Int, skipped: Int, generation: Int) {
        guard generation == worker.generation else { return }
        answeredCount += answers.count + skipped
        reusedCount += reused
        readCount += read
        answered?(answers)
        GalleryLog.event("index progress \(answeredCount) of \(requestedCount)")
        logIfDone()
    }

    /// The index and its serial queue: the index is used on that queue only.
    private final class Worker: @unchecked Sendable {
        /// Dates come after the thumbnails on screen, and never before a frame.
        /// One thread, below the thumbnail decoders (nice 10) as well as the main loop: dates
        /// can wait, the pictures on screen cannot.
        let queue = WorkerThreads(count: 1, niceness: 15, name: "gallery dates")
        private let path: String
        private var index: PhotoIndex?
        private let lock = NSLock()
        private var _generation = 0
        var generation: Int { lock.withLock { _generation } }
        func advanceGeneration() { lock.withLock { _generation += 1 } }

        /// A batch ends after this many files or this long, whichever comes first: the
        /// timeline fills in steadily and a crash loses at most one batch.
        static let batchSize = 200
        static let batchNanoseconds: UInt64 = 250_000_000

        init(path: String) { self.path = path }

        func open() -> (rows: Int, problem: String?) {
            do {
                let index = try PhotoIndex(path: path)
                self.index = index
                return (index.count, nil)
            } catch {
                return (0, "\(error)")
            }
        }

        /// Dates `requests` in batches, each written in one transaction and then sent with how
        /// many were reused, read, and skipped (no longer a regular file: it left the folder).
        func date(_ requests: [Request], generation: Int, send: ([Answer], _ reused: Int, _ read: Int, _ skipped: Int) -> Void) {
            var answers: [Answer] = [], written: [IndexedPhoto] = []
            var reused = 0, read = 0, skipped = 0
            var started = DispatchTime.now().uptimeNanoseconds
            func flush() {
                do { try index?.write(written) } catch { Async.onMain { GalleryLog.event("index write failed: \(error)") } }
                send(answers, reused, read, skipped)
                answers = []
                written = []
                reused = 0
                read = 0
                skipped = 0
                started = DispatchTime.now().uptimeNanoseconds
            }
            for var request in requests {
                guard generation == self.generation else { return }  // another folder: the rest is not needed
                if request.size == Request.unknown {
                    guard let now = Self.sizeAndTime(request.uri) else { skipped += 1; continue }
                    request = Request(uri: request.uri, size: now.size, modified: now.modified)
                }
                if let row = index?.current(request.uri, size: request.size, modified: request.modified) {
                    answers.append(Answer(uri: row.uri, taken: row.taken, source: row.source))
                    reused += 1
                } else {
                    let exif = PhotoURI.withPath(request.uri) { path in path.flatMap { DateTaken.read(path: $0) } }
                    let photo = IndexedPhoto(uri: request.uri, size: request.size, modified: request.modified,
                                             taken: exif ?? request.modified / 1_000_000, source: exif == nil ? .modified : .exif)
                    written.append(photo)
                    answers.append(Answer(uri: photo.uri, taken: photo.taken, source: photo.source))
                    read += 1
                }
                if answers.count >= Self.batchSize || DispatchTime.now().uptimeNanoseconds - started > Self.batchNanoseconds { flush() }
            }
            if !answers.isEmpty || skipped > 0 { flush() }
        }

        /// A regular file's size and modification time (µs), asked of the file system.
        static func sizeAndTime(_ uri: String) -> (size: Int64, modified: Int64)? {
            PhotoURI.withFile(uri) { file in
                guard let info = g_file_query_info(file, "standard::type,standard::size,time::modified,time::modified-usec",
                                                   G_FILE_QUERY_INFO_NONE, nil, nil) else { return nil }
                defer { g_object_unref(raw(info)) }
                guard g_file_info_get_file_type(info) == G_FILE_TYPE_REGULAR, let date = g_file_info_get_modification_date_time(info) else { return nil }
                defer { g_date_time_unref(date) }
                return (Int64(g_file_info_get_size(info)), Int64(g_date_time_to_unix(date)) * 1_000_000 + Int64(g_date_time_get_microsecond(date)))
            }
        }

        func rows(withPrefix prefix: String) -> [String: IndexedPhoto] { index?.rows(withPrefix: prefix) ?? [:] }

        func remove(_ uris: [String]) {
            do { try index?.remove(uris) } catch { Async.onMain { GalleryLog.event("index remove failed: \(error)") } }
        }
    }
}
