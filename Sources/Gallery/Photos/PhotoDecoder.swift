import CGtk
import CPhotoDecode

/// Decodes photos for display, on any thread: thumbnails at the size shown, EXIF orientation
/// applied (all eight, mirrored ones included), the size read from the header and checked
/// against a pixel limit before anything is decoded, and the file opened by its bytes and only
/// if it is a regular file (`PhotoFile`).
///
/// libvips reads the header of JPEG, PNG, WebP, TIFF, GIF and SVG, and decodes all but JPEG:
/// PNG and TIFF row by row, WebP shrunk while decoding, GIF whole, SVG drawn at the size asked.
/// JPEG goes on to GdkPixbuf's loader, where libjpeg shrinks while decoding as fast as before
/// (vips' own JPEG path was 10-15% slower). GdkPixbuf's loaders take the rest the gallery
/// lists (BMP, ICO, TGA), which decode the whole image, hence their lower limit.
enum PhotoDecoder {
    /// Most pixels of an image decoded row by row or shrunk while decoding, where memory is
    /// about the thumbnail's whatever the size: 250 megapixels, above the largest photos people
    /// take (200 MP phone sensors, 16320 x 12240; 150 MP medium-format cameras) so that none is
    /// refused, while a bomb of billions of pixels (a 40000 x 40000 PNG is 1.6 billion, 1.5 MB
    /// on disk) is refused before it costs a decoding thread minutes.
    static let streamedPixelLimit = 250_000_000
    /// Most pixels of an image decoded whole before it is scaled (GIF, BMP, TGA, ICO, interlaced
    /// PNG, progressive JPEG, animated WebP): 25 megapixels, 100 MB at four bytes a pixel, the
    /// most one decode may add to the gallery's memory. Photos are rarely stored this way at
    /// larger sizes (cameras write baseline JPEGs).
    static let wholePixelLimit = 25_000_000

    /// A thumbnail of the photo the URI names, at most `maxSide` pixels on its longer side: a
    /// new GdkPixbuf reference the caller owns, or why there is none.
    static func thumbnail(uri: String, maxSide: Int) -> Result<OpaquePointer, PhotoDecodeError> {
        let file: PhotoFile
        do { file = try PhotoFile(uri: uri) } catch { return .failure(error) }
        defer { file.close() }
        return decode(file, request: request(maxSide: maxSide)).map(\.pixbuf)
    }

    /// The photo the URI names at the largest size that fits within `width` x `height` pixels
    /// once upright, never larger than the image (the viewer's full picture, at the window's
    /// size in device pixels): a new GdkPixbuf reference the caller owns and the image's own
    /// size upright, or why there is none. The same limits and file checks as a thumbnail;
    /// JPEGs still shrink while decoding (libjpeg's 1/2, 1/4, 1/8).
    static func picture(uri: String, fittingWidth width: Int, height: Int) -> Result<Decoded, PhotoDecodeError> {
        let file: PhotoFile
        do { file = try PhotoFile(uri: uri) } catch { return .failure(error) }
        defer { file.close() }
        var fitting = request(maxSide: max(width, height))
        fitting.fit_width = Int32(clamping: max(1, width))
        fitting.fit_height = Int32(clamping: max(1, height))
        return decode(file, request: fitting)
    }

    /// A region of the photo the URI names, in the image's upright pixels, decoded at `scale`
    /// (output pixels per image pixel, at most 1; the zoom's device pixels per image pixel):
    /// the sharp detail of a zoomed photo, whose whole picture was decoded at the window's
    /// size only. Memory is about the region's (rows are read in order, only the region's
    /// kept). The same limits and file checks as a thumbnail; formats libvips is not used for
    /// (BMP, ICO, TGA) and SVG have no detail (`.undecodable`).
    static func region(uri: String, x: Int, y: Int, width: Int, height: Int, scale: Double) -> Result<Decoded, PhotoDecodeError> {
        let file: PhotoFile
        do { file = try PhotoFile(uri: uri) } catch { return .failure(error) }
        defer { file.close() }
        var region = PhotoRegion(x: Int32(clamping: x), y: Int32(clamping: y), width: Int32(clamping: max(1, width)),
                                 height: Int32(clamping: max(1, height)), scale: scale)
        return decode(request: request(maxSide: max(width, height)), vips: { photo_vips_region(file.descriptor, $0, &region, $1) },
                      pixbuf: { _, _ in PHOTO_NOT_HANDLED })
    }

    private static func request(maxSide: Int) -> PhotoRequest {
        PhotoRequest(streamed_limit: Int64(streamedPixelLimit), whole_limit: Int64(wholePixelLimit), max_side: Int32(maxSide),
                     fit_width: 0, fit_height: 0)
    }

    /// A decoded picture and the size of the whole image it shows, upright (EXIF orientation
    /// applied), in image pixels: what one image pixel per device pixel means for it.
    struct Decoded {
        let pixbuf: OpaquePointer
        let imageWidth: Int
        let imageHeight: Int
    }

    private static func decode(_ file: PhotoFile, request: PhotoRequest) -> Result<Decoded, PhotoDecodeError> {
        decode(request: request, vips: { photo_vips_thumbnail(file.descriptor, $0, $1) }, pixbuf: { request, result in
            file.rewind()
            return photo_pixbuf_thumbnail(file.descriptor, request, result)
        })
    }

    /// A thumbnail of an encoded picture in memory (a pasted one), as `thumbnail(uri:maxSide:)`.
    static func thumbnail(encoded bytes: [UInt8], maxSide: Int) -> Result<OpaquePointer, PhotoDecodeError> {
        bytes.withUnsafeBytes { buffer in
            decode(request: request(maxSide: maxSide), vips: { photo_vips_thumbnail_memory(buffer.baseAddress, buffer.count, $0, $1) },
                   pixbuf: { photo_pixbuf_thumbnail_memory(buffer.baseAddress, buffer.count, $0, $1) }).map(\.pixbuf)
        }
    }

    /// libvips first, GdkPixbuf for the formats libvips is not used for; the outcome as a result.
    private static func decode(request: PhotoRequest, vips: (UnsafePointer<PhotoRequest>, UnsafeMutablePointer<PhotoResult>) -> PhotoOutcome,
                               pixbuf: (UnsafePointer<PhotoRequest>, UnsafeMutablePointer<PhotoResult>) -> PhotoOutcome)
        -> Result<Decoded, PhotoDecodeError> {
        var request = request
        var result = PhotoResult()
        var outcome = vips(&request, &result)
        if outcome == PHOTO_NOT_HANDLED {
            result = PhotoResult()
            outcome = pixbuf(&request, &result)
        }
        defer { g_free(result.error) }
        switch outcome {
        case PHOTO_DECODED:
            let pixbuf = OpaquePointer(result.pixbuf!)
            // The image's own size, as GdkPixbuf's loaders note it: the shared thumbnail cache
            // writes it (Thumb::Image::Width/Height). Set only where the loader did not.
            if result.width > 0, result.height > 0 {
                gdk_pixbuf_set_option(pixbuf, "original-width", String(result.width))
                gdk_pixbuf_set_option(pixbuf, "original-height", String(result.height))
            }
            // Orientations 5-8 turn the image a quarter: its upright sides are swapped.
            let turned = result.orientation >= 5 && result.orientation <= 8
            let width = result.width > 0 ? Int(result.width) : Int(gdk_pixbuf_get_width(pixbuf))
            let height = result.height > 0 ? Int(result.height) : Int(gdk_pixbuf_get_height(pixbuf))
            return .success(Decoded(pixbuf: pixbuf, imageWidth: turned ? height : width, imageHeight: turned ? width : height))
        case PHOTO_TOO_LARGE:
            let limit = result.decoding == PHOTO_STREAMED ? streamedPixelLimit : wholePixelLimit
            return .failure(.tooLarge(width: Int(result.width), height: Int(result.height), limit: limit))
        default:
            if let pixbuf = result.pixbuf { g_object_unref(pixbuf) }
            return .failure(.undecodable(result.error.map { String(cString: $0) } ?? tr("the image could not be decoded")))
        }
    }
}
