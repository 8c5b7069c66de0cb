import XCTest
import Foundation
import CGtk

/// Photo files the decoding tests make: oriented JPEGs and TIFFs, huge and bomb PNGs, names
/// that are not UTF-8. Written with ImageMagick and Python (as a camera or an archive would
/// leave them), never with the decoder under test.
enum PhotoFixtures {
    /// Where a quadrant of the shown picture is.
    enum Quadrant: String, CaseIterable { case topLeft, topRight, bottomLeft, bottomRight }

    /// The test picture as stored: top-left quadrant red, top-right green, bottom half blue;
    /// 64 x 48, so a turn shows as a portrait. Each of the eight orientations puts red and
    /// green in a different pair of quadrants.
    static let storedSize = (width: 64, height: 48)

    /// Where red and green are once orientation `tag` (EXIF 1-8) has been applied: for each,
    /// where the stored top-left and top-right corners end up.
    static func shown(orientation tag: Int) -> (red: Quadrant, green: Quadrant) {
        switch tag {
        case 1: return (.topLeft, .topRight)       // as stored
        case 2: return (.topRight, .topLeft)       // mirrored left to right
        case 3: return (.bottomRight, .bottomLeft) // turned 180°
        case 4: return (.bottomLeft, .bottomRight) // mirrored top to bottom
        case 5: return (.topLeft, .bottomLeft)     // transposed
        case 6: return (.topRight, .bottomRight)   // turned 90° clockwise
        case 7: return (.bottomRight, .topRight)   // transversed
        case 8: return (.bottomLeft, .topLeft)     // turned 90° anticlockwise
        default: fatalError("EXIF orientations are 1-8")
        }
    }

    /// ImageMagick's names for the orientations, for `-orient` (it writes them into TIFFs).
    static let orientNames = ["TopLeft", "TopRight", "BottomRight", "BottomLeft", "LeftTop", "RightTop", "RightBottom", "LeftBottom"]

    /// Runs a tool; throws with its error output when it fails.
    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: tool, code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: "\(tool) failed: \(text)"])
        }
    }

    private static let drawing = ["-size", "64x48", "xc:blue", "-fill", "red", "-draw", "rectangle 0,0 31,23",
                                  "-fill", "lime", "-draw", "rectangle 32,0 63,23"]

    /// A JPEG of the test picture whose EXIF says orientation `tag`: an APP1 segment with one
    /// IFD entry (Orientation, 0x0112) put after the JPEG's start, as cameras write it.
    static func writeOrientedJPEG(_ path: String, orientation tag: Int) throws {
        let plain = path + ".plain.jpg"
        defer { unlink(plain) }
        try run("convert", drawing + ["-quality", "95", plain])
        try run("python3", ["-c", """
            import struct, sys
            jpeg = open(sys.argv[1], "rb").read()
            tiff = b"MM\\x00\\x2a" + struct.pack(">IH", 8, 1) + struct.pack(">HHIHH", 0x0112, 3, 1, int(sys.argv[3]), 0) + struct.pack(">I", 0)
            app1 = b"Exif\\x00\\x00" + tiff
            open(sys.argv[2], "wb").write(jpeg[:2] + b"\\xff\\xe1" + struct.pack(">H", len(app1) + 2) + app1 + jpeg[2:])
            """, plain, path, String(tag)])
    }

    /// A TIFF of the test picture with orientation `tag` in its Orientation tag.
    static func writeOrientedTIFF(_ path: String, orientation tag: Int) throws {
        try run("convert", drawing + ["-orient", orientNames[tag - 1], path])
    }

    /// A one-colour greyscale PNG of 1 bit a pixel, written row by row with zlib: a 40000 x
    /// 40000 one (1.6 billion pixels, a decompression bomb) is 190 KB on disk and made in a
    /// second or two.
    static func writeBlankPNG(_ path: String, width: Int, height: Int) throws {
        try run("python3", ["-c", """
            import struct, sys, zlib
            path, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
            def chunk(kind, data):
                return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
            row = b"\\x00" * (1 + (width + 7) // 8)
            z = zlib.compressobj(9)
            data = b"".join(z.compress(row) for _ in range(height)) + z.flush()
            header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
            open(path, "wb").write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b""))
            """, path, String(width), String(height)])
    }

    /// The bytes of the file name "café.png" in Latin-1 (0xE9 for é): not UTF-8, legal on Linux.
    static let latin1Name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".png".utf8)

    /// Copies `source` into `folder` under the name `name` (bytes); returns the new path's bytes.
    static func copy(_ source: String, into folder: String, name: [UInt8]) throws -> [UInt8] {
        let path = Array(folder.utf8) + Array("/".utf8) + name
        try run("python3", ["-c", "import os, shutil, sys; shutil.copyfile(sys.argv[1], os.path.join(os.fsencode(sys.argv[2]), bytes.fromhex(sys.argv[3])))",
                            source, folder, name.map { String(format: "%02x", $0) }.joined()])
        return path
    }

    /// The path's bytes as people see them (g_filename_display_name).
    static func displayName(_ path: [UInt8]) -> String {
        let name = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { g_filename_display_name($0.baseAddress)! }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// The file URI of a path given as bytes.
    static func uri(_ path: [UInt8]) -> String {
        let uri = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { g_filename_to_uri($0.baseAddress, nil, nil)! }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    /// The dominant colour of an RGB pixel: "red", "green", "blue", or "other".
    static func colourName(r: Int, g: Int, b: Int) -> String {
        let top = max(r, g, b)
        guard top > 60 else { return "other" }
        let others = [r, g, b].sorted()[1]
        guard top > others * 2 else { return "other" }
        return top == r ? "red" : top == g ? "green" : "blue"
    }
}

/// A window's pixels as the X server shows them (ImageMagick's `import`, as a binary PPM).
struct Screenshot {
    let width: Int, height: Int
    let pixels: [UInt8]

    init(window: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["import", "-window", window, "-depth", "8", "ppm:-"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        // "P6\n<width> <height>\n255\n" then RGB bytes (-depth 8: ImageMagick is 16-bit by default).
        var fields: [Int] = [], index = 2, number: Int?
        while fields.count < 3, index < data.count {
            let byte = data[index]
            if byte >= 48, byte <= 57 { number = (number ?? 0) * 10 + Int(byte - 48) } else if let done = number { fields.append(done); number = nil }
            index += 1
        }
        guard data.starts(with: Array("P6".utf8)), fields.count == 3, fields[2] == 255 else { throw XCTSkip("no screenshot of the window") }
        (width, height, pixels) = (fields[0], fields[1], Array(data[index...]))
    }

    func colourName(x: Int, y: Int) -> String {
        guard x >= 0, y >= 0, x < width, y < height else { return "outside" }
        let at = (y * width + x) * 3
        return PhotoFixtures.colourName(r: Int(pixels[at]), g: Int(pixels[at + 1]), b: Int(pixels[at + 2]))
    }
}
