import CGtk
import Foundation

/// Why a photo was not decoded; `reason` is the text the window's message shows after the
/// file's name.
enum PhotoDecodeError: Error, Equatable {
    /// The URI names no local file (the gallery opens local files only).
    case notALocalFile
    /// open(2) or fstat(2) failed.
    case cannotOpen(errno: Int32)
    /// A FIFO, a device, a socket or a folder where a photo was listed.
    case notARegularFile
    /// Its header says it has more pixels than the decoder takes for its kind of format.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// The decoder's own reason (a broken or unknown file).
    case undecodable(String)

    var reason: String {
        switch self {
        case .notALocalFile:
            return tr("not a local file")
        case .cannotOpen(let code):
            return String(cString: g_strerror(code))
        case .notARegularFile:
            return tr("not a regular file")
        case .tooLarge(let width, let height, let limit):
            return format(tr("%1$d × %2$d pixels, more than the %3$d megapixels the gallery decodes"), width, height, limit / 1_000_000)
        case .undecodable(let reason):
            return reason
        }
    }
}
