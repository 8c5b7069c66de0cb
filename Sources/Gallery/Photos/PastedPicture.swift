import CGtk
import GtkGlue
import Dispatch

/// A picture pasted from the clipboard, shown through the same decoder as a photo's file: its
/// encoded bytes are read (at most `maxBytes`), then decoded off the main thread at the tile's
/// size, orientation applied and the pixel limits checked (`PhotoDecoder`). GTK's own
/// `gdk_clipboard_read_texture_async` decodes the whole picture, ignores its orientation, and
/// would take gigabytes for a small PNG that claims billions of pixels.
@MainActor
enum PastedPicture {
    /// The encoded formats asked for, in the order preferred (PNG first: lossless, and what
    /// most apps copy).
    static let mimeTypes = ["image/png", "image/jpeg", "image/webp", "image/tiff", "image/gif", "image/bmp"]
    /// The most encoded bytes read: 64 MB, more than a 200-megapixel phone photo's JPEG.
    static let maxBytes = 64 << 20

    /// Reads the clipboard's picture. `delivered` runs once its bytes have come (false drops
    /// them: the paste's deadline passed); `done` runs with the picture or why there is none.
    static func read(_ clipboard: OpaquePointer, cancellable: UnsafeMutablePointer<GCancellable>, delivered: @escaping @MainActor () -> Bool,
                     done: @escaping @MainActor (Result<Texture, PasteFailure>) -> Void) {
        let (callback, data) = Async.callback { result in
            var error: UnsafeMutablePointer<GError>?
            guard let stream = gdk_clipboard_read_finish(clipboard, result, nil, &error) else {
                let reason = error.map { String(cString: $0.pointee.message) } ?? tr("unknown error")
                if error != nil { g_error_free(error) }
                if delivered() { done(.failure(PasteFailure(reason))) }
                return
            }
            readAll(stream, cancellable: cancellable, into: Received()) { bytes in
                g_object_unref(raw(stream))
                guard delivered() else { return }
                switch bytes {
                case .failure(let failure): done(.failure(failure))
                case .success(let bytes): decode(bytes, done: done)
                }
            }
        }
        var types = mimeTypes.map { strdup($0) } + [nil]
        defer { types.forEach { free($0) } }
        types.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { types in
                gdk_clipboard_read_async(clipboard, types.baseAddress, Int32(G_PRIORITY_DEFAULT), cancellable, callback, data)
            }
        }
    }

    /// The bytes read so far, appended to in place (a new array a chunk copied all of them again).
    private final class Received { var bytes: [UInt8] = [] }

    /// Reads the stream to its end, a megabyte at a time, on the main loop without blocking it.
    private static func readAll(_ stream: UnsafeMutablePointer<GInputStream>, cancellable: UnsafeMutablePointer<GCancellable>, into received: Received,
                                then finish: @escaping @MainActor (Result<[UInt8], PasteFailure>) -> Void) {
        let (callback, data) = Async.callback { result in
            var error: UnsafeMutablePointer<GError>?
            guard let chunk = g_input_stream_read_bytes_finish(stream, result, &error) else {
                let reason = error.map { String(cString: $0.pointee.message) } ?? tr("unknown error")
                if error != nil { g_error_free(error) }
                return finish(.failure(PasteFailure(reason)))
            }
            defer { g_bytes_unref(chunk) }
            var size: gsize = 0
            let start = g_bytes_get_data(chunk, &size)
            guard size > 0, let start else { return finish(.success(received.bytes)) }
            guard received.bytes.count + Int(size) <= maxBytes else {
                return finish(.failure(PasteFailure(format(tr("more than %d MB"), maxBytes >> 20))))
            }
            received.bytes.append(contentsOf: UnsafeRawBufferPointer(start: start, count: Int(size)))
            readAll(stream, cancellable: cancellable, into: received, then: finish)
        }
        g_input_stream_read_bytes_async(stream, 1 << 20, Int32(G_PRIORITY_DEFAULT), cancellable, callback, data)
    }

    /// Decodes on a worker thread at the size of an x-large thumbnail (sharp on tiles at 2x),
    /// back on the main loop with the texture.
    private static func decode(_ bytes: [UInt8], done: @escaping @MainActor (Result<Texture, PasteFailure>) -> Void) {
        let handOver = HandOver(done)
        DispatchQueue.global(qos: .userInitiated).async {
            let decoded = DecodedPicture(PhotoDecoder.thumbnail(encoded: bytes, maxSide: Int(SharedThumbnailSize.xLarge.pixels)))
            Async.onMain {
                switch decoded.result {
                case .success(let pixbuf):
                    let texture = gdk_texture_new_for_pixbuf(pixbuf).map { Texture(adopting: $0) }
                    g_object_unref(UnsafeMutableRawPointer(pixbuf))
                    handOver.done(texture.map { .success($0) } ?? .failure(PasteFailure(tr("unknown error"))))
                case .failure(let error):
                    handOver.done(.failure(PasteFailure(error.reason)))
                }
            }
        }
    }

    /// The decoded pixbuf crossing from the worker thread to the main loop.
    private final class DecodedPicture: @unchecked Sendable {
        let result: Result<OpaquePointer, PhotoDecodeError>
        init(_ result: Result<OpaquePointer, PhotoDecodeError>) { self.result = result }
    }

    /// The main loop's completion, carried through the worker thread untouched.
    private final class HandOver: @unchecked Sendable {
        let done: @MainActor (Result<Texture, PasteFailure>) -> Void
        init(_ done: @escaping @MainActor (Result<Texture, PasteFailure>) -> Void) { self.done = done }
    }
}

/// Why a pasted picture is not shown, for the window's message.
struct PasteFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
