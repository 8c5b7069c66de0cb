import XCTest
import Foundation
@testable import GalleryIndex

/// The index of dates taken on its own (SQLite, no window): rows written and found, a file
/// whose size or time changed is not current, removal, reopening; and EXIF dates read through
/// gexiv2 from real JPEGs.
final class PhotoIndexTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("photo-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func photo(_ i: Int, source: DateSource = .exif) -> IndexedPhoto {
        IndexedPhoto(uri: "file:///photos/p-\(i).jpg", size: Int64(1000 + i), modified: 1_700_000_000_000_000 + Int64(i),
                     taken: 1_600_000_000 + Int64(i) * 86_400, source: source)
    }

    /// The index's folders are made; rows come back as written; a row is current only while
    /// size and time match; rows are replaced and removed; everything survives reopening and
    /// the database checks out.
    func testRowsAreFoundWhileTheFileIsUnchanged() throws {
        let path = folder.appendingPathComponent("cache/collection-gallery/photo-index.sqlite").path
        var index: PhotoIndex? = try PhotoIndex(path: path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "the folders and the file are made")
        XCTAssertEqual(index!.count, 0)
        let photos = (0..<500).map { photo($0, source: $0 % 3 == 0 ? .modified : .exif) }
        try index!.write(photos)
        XCTAssertEqual(index!.count, 500)
        for p in photos {
            XCTAssertEqual(index!.lookup(p.uri), p)
            XCTAssertEqual(index!.current(p.uri, size: p.size, modified: p.modified), p)
        }
        let p = photos[7]
        XCTAssertNil(index!.current(p.uri, size: p.size + 1, modified: p.modified), "another size: read again")
        XCTAssertNil(index!.current(p.uri, size: p.size, modified: p.modified + 1), "another time: read again")
        XCTAssertNil(index!.current("file:///photos/new.jpg", size: 1, modified: 1), "never read")

        var changed = p
        changed.modified += 5
        changed.taken = 42
        try index!.write([changed])
        XCTAssertEqual(index!.count, 500, "replaced, not added")
        XCTAssertEqual(index!.current(p.uri, size: p.size, modified: changed.modified), changed)

        try index!.remove([photos[0].uri, photos[1].uri, "file:///photos/never-there.jpg"])
        XCTAssertEqual(index!.count, 498)
        XCTAssertNil(index!.lookup(photos[0].uri))
        index = nil

        let reopened = try PhotoIndex(path: path)
        XCTAssertEqual(reopened.count, 498)
        XCTAssertEqual(reopened.lookup(photos[499].uri), photos[499])
        XCTAssertEqual(reopened.integrityCheck(), "ok")
    }

    /// A folder's rows come in one range read: its files and its subfolders' files, and no
    /// file of a folder whose name merely starts the same.
    func testAFoldersRowsAreReadAtOnce() throws {
        let index = try PhotoIndex(path: folder.appendingPathComponent("photo-index.sqlite").path)
        let uris = ["file:///p/a.jpg", "file:///p/sub/b.jpg", "file:///p/sub/deeper/c.jpg", "file:///p0/d.jpg", "file:///p-2/e.jpg",
                    "file:///o/f.jpg", "file:///p%20q/g.jpg"]
        try index.write(uris.enumerated().map { IndexedPhoto(uri: $1, size: Int64($0), modified: 1, taken: 2, source: .exif) })
        XCTAssertEqual(Set(index.rows(withPrefix: "file:///p/").keys), ["file:///p/a.jpg", "file:///p/sub/b.jpg", "file:///p/sub/deeper/c.jpg"])
        XCTAssertEqual(Set(index.rows(withPrefix: "file:///p/sub/").keys), ["file:///p/sub/b.jpg", "file:///p/sub/deeper/c.jpg"])
        XCTAssertEqual(index.rows(withPrefix: "file:///p/sub/")["file:///p/sub/b.jpg"]?.size, 1)
        XCTAssertEqual(index.rows(withPrefix: "file:///nothing/"), [:])
        XCTAssertEqual(PhotoIndex.successor(of: "file:///p/"), "file:///p0")
    }

    /// A file that is not a database is refused with a message, not a crash.
    func testAFileThatIsNotAnIndexIsRefused() throws {
        let path = folder.appendingPathComponent("photo-index.sqlite").path
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try PhotoIndex(path: path)) { error in
            XCTAssertTrue("\(error)".contains(path), "\(error)")
        }
    }

    /// EXIF's date format with and without an offset; dates cameras write when their clock was
    /// never set are no dates.
    func testEXIFDatesParse() {
        XCTAssertEqual(DateTaken.parse("2024:03:20 18:30:00", offset: "+02:00"), 1_710_952_200)
        let westOfUTC: Int64 = 1_710_952_200 + 7 * 3600 + 1800  // 18:30 at -05:30 is 00:00 UTC the next day
        XCTAssertEqual(DateTaken.parse("2024:03:20 18:30:00", offset: "-05:30"), westOfUTC)
        XCTAssertEqual(DateTaken.parse("2024:03:20 16:30:00", offset: "+00:00"), 1_710_952_200)
        var local = tm(tm_sec: 0, tm_min: 30, tm_hour: 18, tm_mday: 20, tm_mon: 2, tm_year: 124, tm_wday: 0, tm_yday: 0, tm_isdst: -1, tm_gmtoff: 0, tm_zone: nil)
        XCTAssertEqual(DateTaken.parse("2024:03:20 18:30:00", offset: nil), Int64(mktime(&local)), "no offset: the camera's wall clock, as local time")
        XCTAssertEqual(DateTaken.parse("2024:03:20 18:30:00", offset: "garbage"), Int64(mktime(&local)), "an unreadable offset is ignored")
        for never in ["0000:00:00 00:00:00", "    :  :     :  :  ", "", "2024:13:01 00:00:00", "2024:03:20"] {
            XCTAssertNil(DateTaken.parse(never, offset: nil), never)
        }
    }

    /// gexiv2 reads DateTimeOriginal (with its offset) from a JPEG written here; a JPEG without
    /// EXIF, a file that is no image and a missing file have no date.
    func testEXIFDatesAreReadFromFiles() throws {
        DateTaken.initialize()
        let dated = folder.appendingPathComponent("dated.jpg").path
        try writeTestJPEG(dated, colour: 0x3366_aaff, taken: "2024:03:20 18:30:00", offset: "+02:00")
        XCTAssertEqual(DateTaken.read(path: dated), 1_710_952_200)
        let plain = folder.appendingPathComponent("plain.jpg").path
        try writeTestJPEG(plain, colour: 0x3366_aaff)
        XCTAssertNil(DateTaken.read(path: plain))
        let text = folder.appendingPathComponent("notes.jpg").path
        try Data("not a jpeg".utf8).write(to: URL(fileURLWithPath: text))
        XCTAssertNil(DateTaken.read(path: text))
        XCTAssertNil(DateTaken.read(path: folder.appendingPathComponent("missing.jpg").path))
        // A FIFO with an image's name is not opened (opening it would wait for a writer).
        let fifo = folder.appendingPathComponent("fifo.jpg").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // On a thread of its own, so that a reader that blocks fails the test instead of hanging it.
        nonisolated(unsafe) var fromFIFO: Date?? = .none
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            fromFIFO = .some(DateTaken.read(path: fifo).map { _ in Date() })
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 20), .success, "reading a FIFO's date returned")
        XCTAssertEqual(fromFIFO.flatMap { $0 }, nil, "a FIFO has no date")
        // Nor is a symlink loop followed.
        let loop = folder.appendingPathComponent("loop.jpg").path
        XCTAssertEqual(symlink(loop, loop), 0)
        XCTAssertNil(DateTaken.read(path: loop))
    }
}
