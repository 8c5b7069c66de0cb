import CGExiv2
import Glibc

/// The date a photo was taken, from its EXIF metadata through gexiv2 (Exiv2, as Shotwell reads
/// it): only the metadata is read, never the pixels.
///
/// The tags are tried in Shotwell's order: `Exif.Photo.DateTimeOriginal` (the shutter), then
/// `Exif.Photo.DateTimeDigitized` (a scan), then `Exif.Image.DateTime` (the last time software
/// wrote the file: a camera's files carry the same time; an edited photo's is later, but still
/// closer than the file's modification time after a copy). Each date is read with its
/// `OffsetTime…` tag when present (EXIF 2.31); without one it is the camera's wall-clock
/// time, taken as local time here.
package enum DateTaken {
    /// The date tags and their offset tags, in the order tried.
    package static let tags: [(date: String, offset: String)] = [
        ("Exif.Photo.DateTimeOriginal", "Exif.Photo.OffsetTimeOriginal"),
        ("Exif.Photo.DateTimeDigitized", "Exif.Photo.OffsetTimeDigitized"),
        ("Exif.Image.DateTime", "Exif.Photo.OffsetTime"),
    ]

    /// Exiv2's XMP parser is set up once, before threads read files.
    nonisolated(unsafe) private static var initialized: Bool = {
        gexiv2_initialize() != 0
    }()

    /// Prepares gexiv2; call once on the main thread before reading from others.
    package static func initialize() { _ = initialized }

    /// The EXIF date of the file at `path` (the file system's bytes), in seconds since the
    /// epoch; nil when it has none or cannot be read. Call `initialize()` first.
    package static func read(path: UnsafePointer<CChar>) -> Int64? {
        // Only a regular file: opening a FIFO would wait for a writer (the folder lists only
        // regular files, but one may have been replaced since); a symlink loop fails here.
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        guard let metadata = gexiv2_metadata_new() else { return nil }
        defer { gexiv2_metadata_free(metadata) }
        var error: OpaquePointer?
        guard gexiv2_metadata_open_path(metadata, path, &error) != 0 else {
            if error != nil { g_error_free(error) }
            return nil
        }
        for tag in tags {
            guard let text = string(metadata, tag.date) else { continue }
            if let date = parse(text, offset: string(metadata, tag.offset)) { return date }
        }
        return nil
    }

    private static func string(_ metadata: OpaquePointer, _ tag: String) -> String? {
        var error: OpaquePointer?
        guard let value = gexiv2_metadata_try_get_tag_string(metadata, tag, &error) else {
            if error != nil { g_error_free(error) }
            return nil
        }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// An EXIF date ("2026:11:27 14:05:09", the format EXIF requires) with an optional offset
    /// ("+01:00"), in seconds since the epoch; nil for an empty or impossible date (cameras
    /// write "0000:00:00 00:00:00" or blanks when their clock was never set).
    package static func parse(_ text: String, offset: String?) -> Int64? {
        let digits = text.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "-" || $0 == "T" }).map { Int($0.trimmingCharacters) }
        guard digits.count >= 6, let year = digits[0], let month = digits[1], let day = digits[2],
              let hour = digits[3], let minute = digits[4], let second = digits[5],
              (1800...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        var fields = tm()
        fields.tm_year = Int32(year - 1900)
        fields.tm_mon = Int32(month - 1)
        fields.tm_mday = Int32(day)
        fields.tm_hour = Int32(hour)
        fields.tm_min = Int32(minute)
        fields.tm_sec = Int32(second)
        if let offset, let seconds = offsetSeconds(offset) {
            return Int64(timegm(&fields)) - seconds
        }
        fields.tm_isdst = -1  // the local rules of that date say
        let local = mktime(&fields)
        return local == -1 ? nil : Int64(local)
    }

    /// "+01:00" or "-05:30" as seconds east of UTC.
    private static func offsetSeconds(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters
        guard let sign = trimmed.first, sign == "+" || sign == "-" else { return nil }
        let parts = trimmed.dropFirst().split(separator: ":")
        guard parts.count == 2, let hours = Int64(parts[0]), let minutes = Int64(parts[1]), hours <= 14, minutes < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}

private extension StringProtocol {
    /// Without the spaces around it (EXIF pads with blanks; no Foundation here).
    var trimmingCharacters: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " || $0 == "\0" }).reversed())
    }
}
