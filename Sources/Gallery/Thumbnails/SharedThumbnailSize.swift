import CGnomeDesktop

/// The size folders of the freedesktop thumbnail cache (`$XDG_CACHE_HOME/thumbnails/normal`,
/// `large`, `x-large`, `xx-large`): a thumbnail in one fits a square of `pixels`.
enum SharedThumbnailSize: Int, CaseIterable, Sendable {
    case normal, large, xLarge, xxLarge

    /// The side of the square a thumbnail of this size fits in.
    var pixels: Int32 {
        switch self {
        case .normal: 128
        case .large: 256
        case .xLarge: 512
        case .xxLarge: 1024
        }
    }

    /// The folder's name, as the specification spells it.
    var folderName: String {
        switch self {
        case .normal: "normal"
        case .large: "large"
        case .xLarge: "x-large"
        case .xxLarge: "xx-large"
        }
    }

    /// libgnome-desktop's `GnomeDesktopThumbnailSize` for this size.
    var gnomeSize: Int32 {
        switch self {
        case .normal: Int32(CV_GNOME_THUMBNAIL_SIZE_NORMAL)
        case .large: Int32(CV_GNOME_THUMBNAIL_SIZE_LARGE)
        case .xLarge: Int32(CV_GNOME_THUMBNAIL_SIZE_XLARGE)
        case .xxLarge: Int32(CV_GNOME_THUMBNAIL_SIZE_XXLARGE)
        }
    }

    /// This size and the larger ones, smallest first: where a thumbnail that is sharp enough
    /// may be found (a larger one is scaled down when loaded).
    var andLarger: ArraySlice<SharedThumbnailSize> { Self.allCases[rawValue...] }

    /// The smallest size whose thumbnails cover a square tile of `tileSide` logical pixels at
    /// `scale` device pixels each. Tiles show their picture filling the square (cropped, as
    /// `GTK_CONTENT_FIT_COVER`), so a thumbnail's short side must reach the tile's side: a
    /// thumbnail's long side is the folder's size, and photos are 3:2 (cameras) or 4:3
    /// (phones), so the long side needs one and a half times the tile. A 120-pixel tile at 1x
    /// takes `large` (256: 170 pixels on the short side), at 2x `x-large`.
    static func covering(tileSide: Double, scale: Int) -> SharedThumbnailSize {
        let needed = tileSide * Double(max(1, scale)) * 1.5
        return allCases.first { Double($0.pixels) >= needed } ?? .xxLarge
    }
}
