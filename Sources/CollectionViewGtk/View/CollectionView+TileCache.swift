import CGtk
import CCollectionHost

/// Drawing through a tile cache: the views are drawn as pictures of bands across the scroll
/// direction, each drawn again only when a view in it changed (a new cell, a hover, a
/// selection, new content), so a scrolled frame draws a few pictures instead of every label.
/// While an animation or an interactive transition runs, and for views with 3D transforms,
/// views are drawn directly; so are the views of a band that changes again within half a
/// second of its last change (pictures arriving one by one as they load), until it has been
/// still for a moment.
extension CollectionView {
    /// The least overscan on each side with the tile cache: views made more than two tiles ahead,
    /// so a tile is complete before it comes into view.
    static var tileOverscan: Double { 2 * tileExtent + 16 }

    /// Whether the view draws through its tile cache: `tileCacheMode` is `.on` or `.automatic`.
    /// Setting true is `.on`, false `.off`. Default false. Turn it on for cells that cost more
    /// to draw than their pixels cost to copy (gradients, shadows, rounded corners, pictures: a
    /// twelfth of GtkGridView's CPU a frame for such cards under cairo, a quarter under GL, in
    /// `collection-bench scroll --tiles`); for plain text cells, without a GPU, copying the
    /// pictures costs about what drawing the text does (cairo) or more (GL), and
    /// `.automatic` finds that out. Under the cairo and GL renderers; others draw directly
    /// whatever this says.
    ///
    /// The backgrounds of the widgets the view is in are taken to be uniform (a colour), as
    /// themes draw windows and views.
    public var drawsThroughTileCache: Bool {
        get { cv_canvas_get_tile_cache(OpaquePointer(canvas)) != 0 }
        set { tileCacheMode = newValue ? .on : .off }
    }

    /// How the view uses its tile cache. Default `.off`.
    public enum TileCacheMode: Sendable {
        /// The views are drawn directly every frame.
        case off
        /// Always through the tiles (but during animations and interactive transitions).
        case on
        /// Through the tiles or directly, whichever costs less here: the view measures the
        /// CPU per scrolled frame (under cairo the main thread's, so the app's own threads do
        /// not count; under GL the process's) both ways while the user scrolls (fifteen frames
        /// each, once a minute of scrolling) and keeps the cheaper. What is drawn is the same
        /// either way, pixel for pixel.
        case automatic
    }

    public var tileCacheMode: TileCacheMode {
        get {
            guard drawsThroughTileCache else { return .off }
            return cv_canvas_get_tile_automatic(OpaquePointer(canvas)) != 0 ? .automatic : .on
        }
        set {
            let on = newValue != .off
            cv_canvas_set_tile_automatic(OpaquePointer(canvas), newValue == .automatic ? 1 : 0)
            guard on != drawsThroughTileCache else { return }
            cv_canvas_set_tile_cache(OpaquePointer(canvas), on ? 1 : 0)
            ensureViews(.overscan(fraction: overscanFraction, minimum: on ? Self.tileOverscan : 0))
            gtk_widget_queue_allocate(viewport)
        }
    }

    /// With `.automatic`: whether the view chose to draw directly (it measured that cheaper), and
    /// how many times it has chosen so far. While it tries both ways again (after a minute of
    /// scrolling) this is still the last choice; `drewThroughTileCache` says how the last frame
    /// was drawn.
    package var tileCacheChoice: (drawsDirectly: Bool, choices: Int) {
        var choices: guint = 0
        let direct = cv_canvas_chose_direct(OpaquePointer(canvas), &choices) != 0
        return (direct, Int(choices))
    }

    /// Tests: scrolled frames a choice holds before both ways are tried again (a minute's at 60
    /// frames a second unless set).
    package func setTileCacheRevisit(frames: Int) {
        cv_canvas_set_tile_revisit(OpaquePointer(canvas), guint(frames))
    }

    /// Tests: the automatic choice reads this clock (milliseconds) after each frame instead of
    /// the process's CPU time; nil restores that.
    package func setTileCacheCostClock(_ clock: (@convention(c) (UnsafeMutableRawPointer?) -> Double)?) {
        cv_canvas_set_cost_clock(OpaquePointer(canvas), clock, nil)
    }

    /// A tile's extent along the scroll direction; across it, `tileBreadth`.
    static let tileExtent = 128.0
    static let tileBreadth = 1024.0

    /// Bands across the scroll direction: few pictures a frame, and a thin one drawn as the
    /// content scrolls in.
    func updateTileSize() {
        let content = contentSize  // as the layout pass just set the adjustments
        let sideways = content.width > viewportSize.width + 0.5 && content.height <= viewportSize.height + 0.5
        cv_canvas_set_tile_size(OpaquePointer(canvas), sideways ? Self.tileExtent : Self.tileBreadth, sideways ? Self.tileBreadth : Self.tileExtent)
    }

    /// Whether the last frame drew the views through the tiles (not while an animation runs).
    package var drewThroughTileCache: Bool { cv_canvas_drew_tiles(OpaquePointer(canvas)) != 0 }

    /// Whether tile pictures under cairo are images their nodes hold rather than recordings
    /// replayed each frame (tests: the fast way is the one taken with this GTK).
    package static var tilePicturesHoldImages: Bool { cv_tile_pictures_hold_images() != 0 }

    /// Tests: how soon a second change makes a tile drawn directly, and how long it must then stay
    /// unchanged to be a picture again (seconds; 0.5 and 0.3 otherwise). Set once the cache is on.
    package func setTileChurn(churn: Double, quiet: Double) {
        cv_canvas_set_tile_churn(OpaquePointer(canvas), gint64(churn * 1e6), gint64(quiet * 1e6))
    }

    /// The tiles held now, their memory in bytes, how many tile pictures were drawn so far, and
    /// how many times a tile was drawn directly as its content kept changing.
    package var tileCacheStatistics: (tiles: Int, bytes: Int, renders: Int, directDraws: Int) {
        var tiles: guint = 0, bytes: gsize = 0, renders: guint64 = 0, direct: guint64 = 0
        cv_canvas_get_tile_statistics(OpaquePointer(canvas), &tiles, &bytes, &renders, &direct)
        return (Int(tiles), Int(bytes), Int(renders), Int(direct))
    }
}
