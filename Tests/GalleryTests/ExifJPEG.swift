import Foundation
import CGtk

/// A one-colour 320x240 JPEG for folder tests, with an EXIF block holding `taken` as
/// `DateTimeOriginal` ("2024:03:05 10:00:00") and `offset` as `OffsetTimeOriginal` ("+02:00")
/// when given. ImageMagick's `-set exif:…` does not write EXIF, and neither PIL nor exiftool is
/// installed here, so the APP1 segment is written by hand: a little-endian TIFF header, IFD0
/// with one entry pointing at the EXIF IFD, and the EXIF IFD with the ASCII date tags.
func writeTestJPEG(_ path: String, colour: UInt32, taken: String? = nil, offset: String? = nil, width: Int32 = 320, height: Int32 = 240) throws {
    let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height)!
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    gdk_pixbuf_fill(pixbuf, colour)
    var error: UnsafeMutablePointer<GError>?
    guard gdk_pixbuf_savev(pixbuf, path, "jpeg", nil, nil, &error) != 0 else {
        defer { g_error_free(error) }
        throw NSError(domain: "jpeg", code: 1, userInfo: [NSLocalizedDescriptionKey: String(cString: error!.pointee.message)])
    }
    guard let taken else { return }
    var jpeg = try Data(contentsOf: URL(fileURLWithPath: path))
    jpeg.insert(contentsOf: exifSegment(taken: taken, offset: offset), at: 2)  // right after SOI
    try jpeg.write(to: URL(fileURLWithPath: path))
}

/// The APP1 segment: "Exif\0\0" and a TIFF structure (see `writeTestJPEG`).
func exifSegment(taken: String, offset: String?) -> Data {
    var entries: [(tag: UInt16, value: [UInt8])] = [(0x9003, Array(taken.utf8) + [0])]  // DateTimeOriginal
    if let offset { entries.append((0x9011, Array(offset.utf8) + [0])) }  // OffsetTimeOriginal
    func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8)] }
    func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * UInt32($0))) & 0xff) } }
    let exifIFD: UInt32 = 8 + 18  // after the header and IFD0's one entry
    var dataOffset = exifIFD + 2 + 12 * UInt32(entries.count) + 4
    var tiff: [UInt8] = Array("II*\0".utf8) + le32(8)
    tiff += le16(1) + le16(0x8769) + le16(4) + le32(1) + le32(exifIFD) + le32(0)  // ExifIFDPointer, LONG
    var values: [UInt8] = []
    tiff += le16(UInt16(entries.count))
    for entry in entries {  // ASCII values longer than 4 bytes live after the IFD
        tiff += le16(entry.tag) + le16(2) + le32(UInt32(entry.value.count)) + le32(dataOffset)
        values += entry.value
        dataOffset += UInt32(entry.value.count)
    }
    tiff += le32(0) + values
    let payload = Array("Exif\0\0".utf8) + tiff
    let length = UInt16(payload.count + 2)
    return Data([0xff, 0xe1, UInt8(length >> 8), UInt8(length & 0xff)] + payload)
}

/// Sets a file's modification time to noon, local time, of a day (a photo without EXIF is
/// dated by it).
func setModified(_ path: String, year: Int32, month: Int32, day: Int32) throws {
    var fields = tm()
    fields.tm_year = year - 1900
    fields.tm_mon = month - 1
    fields.tm_mday = day
    fields.tm_hour = 12
    fields.tm_isdst = -1
    let seconds = mktime(&fields)
    var times = utimbuf(actime: seconds, modtime: seconds)
    guard utime(path, &times) == 0 else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno)) }
}
