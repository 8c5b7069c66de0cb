/* The canvas's tile cache: what its children drew, kept as pictures of tiles of the canvas
 * (bands across the scroll direction, 128 along it, set by the view), so that a frame draws a
 * few pictures instead of every label, and a tile is drawn again only when what is in it
 * changed.
 *
 * What is in a tile is known without drawing it: GTK keeps each widget's render node until the
 * widget changes (a new text, a hover, a selection), so a tile's content is the list of its
 * children's nodes and their transforms, in drawing order; the same list is the same picture.
 * Under the cairo renderer a tile is an image surface that a cairo node holds
 * (cv_cairo_node_holding, cairo_node_image.c); under GL a texture the renderer made. Tiles are drawn as far as
 * their views reach past them, so that no view is cut while drawn (draw_tile). Only tiles that
 * meet the visible rectangle are drawn; those one tile around it keep their pictures while
 * nothing in them changes (a changed one loses its picture until it is in view); farther ones
 * are dropped, which bounds the memory. When a tile's content changes again soon after it was
 * drawn (pictures arriving one by one as they decode, a view animating by itself), the tiles
 * are not drawn again at each change: the frame is drawn directly, every view as itself, until
 * what is in view has been still for a moment, and the changed tiles are drawn once more then
 * (CHURN and QUIET); a picture that lives for a frame or two costs more than drawing its views.
 * (Drawing only such tiles directly, clipped to the tile, left seams where a view crosses into
 * the next tile: the GL renderer blends a clip's edge at a fractional position.) The view makes its views a little more than two tiles
 * ahead of what is visible, so a tile is complete when it comes into view and nothing leaves it
 * while it is in view.
 *
 * A tile is drawn on the backgrounds of the widgets the canvas is in, as the window draws them
 * under it: the picture is then opaque and what drawing the views would have left, pixel for
 * pixel (a transparent picture blended on afterwards rounds its edges differently, by one
 * level in 255). Those backgrounds are taken to be the same all over (a colour, as themes draw
 * windows and views): a gradient behind a scrolling view would not move in the tiles.
 * When something is drawn under the canvas within the view (a background view, an empty
 * state: a sibling before it), the tiles are transparent pictures of the views alone instead,
 * blended on what is under them, which stays where it is while the tiles scroll.
 *
 * A mirrored canvas (right to left) is flipped as a whole and its views flipped back: a tile is
 * drawn flipped (its views then unflipped, their text drawn as on screen, not as a mirror
 * image flipped back) and shown flipped again. */
#include "tile_cache.h"
#include "collection_host.h"
#include "cairo_node_image.h"

#include <math.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#include <cairo-xlib.h>
#endif

/* How far past its edges a tile is drawn (see draw_tile): past the views in it by MARGIN, as
 * far as MAX_REACH past its edges. */
#define MARGIN 4
#define MAX_REACH 256
/* More tiles than this in view (a huge window at a large scale): draw directly. */
#define MAX_TILES 600
/* A tile changed again within CHURN of its last change is drawn directly until it has not
 * changed for QUIET (microseconds, frame clock time; tests set others). */
#define CHURN (500 * 1000)
#define QUIET (300 * 1000)

typedef struct {
    GskRenderNode *inner;   /* the child's own node (GTK's cached one), referenced */
    GskTransform *transform; /* where it goes, referenced; NULL: none */
} Entry;

typedef struct {
    int tx, ty;
    GArray *entries;        /* Entry: what the picture shows */
    GskRenderNode *picture; /* draws the tile; NULL: nothing in it, or not drawn */
    gboolean drawn;         /* the picture shows what is in the tile now */
    gboolean direct;        /* changed while things were changing: no picture yet (entries are current) */
    gint64 changed_at;      /* frame time of the last change of what is in it */
    gsize bytes;
} Tile;

struct _CvTileCache {
    GHashTable *tiles; /* (tx, ty) packed in a guint64 -> Tile* */
    double tile_width, tile_height;
    int scale;
    gboolean cairo;
    gboolean mirrored;
    gboolean rounded; /* cairo: the canvas is drawn inside a rounded clip (in_rounded_clip) */
    gboolean see_through; /* something is drawn under the canvas: transparent tiles (drawn_below) */
    guint64 renders;
    guint64 direct_draws; /* frames drawn directly, as tiles in view were changing (statistics, tests) */
    gint64 still_at;      /* after a frame drawn directly so: when what is in view has been still for QUIET */
    gint64 churn, quiet;  /* CHURN and QUIET */
    gsize bytes;
    cairo_surface_t *scratch; /* cairo: where a tile is drawn before its own part is copied */
};

static guint64 tile_key(int tx, int ty) { return ((guint64)(guint32)tx << 32) | (guint32)ty; }

static guint key_hash(gconstpointer p) { return g_int64_hash(p); }
static gboolean key_equal(gconstpointer a, gconstpointer b) { return g_int64_equal(a, b); }

static void entries_clear(GArray *entries) {
    for (guint i = 0; i < entries->len; i++) {
        Entry *e = &g_array_index(entries, Entry, i);
        gsk_render_node_unref(e->inner);
        if (e->transform) gsk_transform_unref(e->transform);
    }
    g_array_set_size(entries, 0);
}

static void tile_free(gpointer p) {
    Tile *tile = p;
    entries_clear(tile->entries);
    g_array_unref(tile->entries);
    if (tile->picture) gsk_render_node_unref(tile->picture);
    g_free(tile);
}

CvTileCache *cv_tile_cache_new(void) {
    CvTileCache *cache = g_new0(CvTileCache, 1);
    cache->tiles = g_hash_table_new_full(key_hash, key_equal, g_free, tile_free);
    cache->tile_width = cache->tile_height = 256;
    cache->churn = CHURN;
    cache->quiet = QUIET;
    return cache;
}

void cv_tile_cache_set_churn(CvTileCache *cache, gint64 churn, gint64 quiet) {
    cache->churn = churn;
    cache->quiet = quiet;
}

void cv_tile_cache_clear(CvTileCache *cache) {
    g_hash_table_remove_all(cache->tiles);
    g_clear_pointer(&cache->scratch, cairo_surface_destroy);
    cache->bytes = 0;
}

void cv_tile_cache_set_tile_size(CvTileCache *cache, double width, double height) {
    if (width == cache->tile_width && height == cache->tile_height) return;
    cv_tile_cache_clear(cache);
    cache->tile_width = MAX(16, width);
    cache->tile_height = MAX(16, height);
}

void cv_tile_cache_free(CvTileCache *cache) {
    if (!cache) return;
    g_hash_table_unref(cache->tiles);
    g_clear_pointer(&cache->scratch, cairo_surface_destroy);
    g_free(cache);
}

/* A child's node as the child's own node and its transform; FALSE for a transform no 2D
 * picture can hold (3D). */
static gboolean split(GskRenderNode *node, GskRenderNode **inner, GskTransform **transform) {
    if (gsk_render_node_get_node_type(node) == GSK_TRANSFORM_NODE) {
        GskTransform *t = gsk_transform_node_get_transform(node);
        if (gsk_transform_get_category(t) < GSK_TRANSFORM_CATEGORY_2D) return FALSE;
        *inner = gsk_transform_node_get_child(node);
        *transform = t;
    } else {
        *inner = node;
        *transform = NULL;
    }
    return TRUE;
}

/* The tiles `visible` meets, inclusive. */
static void tiles_meeting(CvTileCache *cache, const graphene_rect_t *visible, int *x0, int *x1, int *y0, int *y1) {
    double tw = cache->tile_width, th = cache->tile_height;
    *x0 = (int)floor(visible->origin.x / tw);
    *x1 = (int)ceil((visible->origin.x + visible->size.width) / tw) - 1;
    *y0 = (int)floor(visible->origin.y / th);
    *y1 = (int)ceil((visible->origin.y + visible->size.height) / th) - 1;
}

static gboolean same(GArray *a, GArray *b) {
    if (a->len != b->len) return FALSE;
    for (guint i = 0; i < a->len; i++) {
        Entry *x = &g_array_index(a, Entry, i), *y = &g_array_index(b, Entry, i);
        if (x->inner != y->inner || !gsk_transform_equal(x->transform, y->transform)) return FALSE;
    }
    return TRUE;
}

/* Whether only where views are changed between the two lists, not what they draw (a pinned
 * header following the scroll): such a tile is drawn again as a picture, not counted as
 * changing (which would draw every frame of a scroll directly). */
static gboolean only_moved(GArray *a, GArray *b) {
    if (a->len != b->len) return FALSE;
    for (guint i = 0; i < a->len; i++)
        if (g_array_index(a, Entry, i).inner != g_array_index(b, Entry, i).inner) return FALSE;
    return TRUE;
}

/* The CSS backgrounds of the widgets `canvas` is in, outermost first, in canvas coordinates. */
static GskRenderNode *backgrounds_of(GtkWidget *canvas) {
    GPtrArray *chain = g_ptr_array_new();
    for (GtkWidget *w = gtk_widget_get_parent(canvas); w; w = gtk_widget_get_parent(w)) g_ptr_array_insert(chain, 0, w);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    for (guint i = 0; i < chain->len; i++) {
        GtkWidget *w = g_ptr_array_index(chain, i);
        graphene_rect_t b;
        if (!gtk_widget_compute_bounds(w, canvas, &b)) continue;
        /* Far past its bounds: a tile drawn now is shown scrolled elsewhere later, and a
         * uniform background is the same there (its corners go far out of sight). */
        graphene_rect_inset(&b, -65536, -65536);
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
        gtk_snapshot_render_background(snapshot, gtk_widget_get_style_context(w), b.origin.x, b.origin.y, b.size.width, b.size.height);
G_GNUC_END_IGNORE_DEPRECATIONS
    }
    g_ptr_array_unref(chain);
    return gtk_snapshot_free_to_node(snapshot);
}

/* Whether `under` covers the point opaquely: the tiles on it can then be opaque pictures,
 * which cairo copies rather than blends. */
static gboolean opaque_at(GskRenderNode *under, double x, double y) {
    if (!under) return FALSE;
    cairo_surface_t *probe = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t *cr = cairo_create(probe);
    cairo_translate(cr, -x, -y);
    gsk_render_node_draw(under, cr);
    cairo_destroy(cr);
    cairo_surface_flush(probe);
    guint32 pixel = *(guint32 *)cairo_image_surface_get_data(probe);
    cairo_surface_destroy(probe);
    return (pixel >> 24) == 0xff;
}

/* What the tiles are drawn on, made once a snapshot and only when a tile is drawn. */
typedef struct {
    gboolean made;
    GskRenderNode *node; /* the backgrounds; NULL: none */
    gboolean opaque;
} Under;

static void under_make(CvTileCache *cache, Under *under, GtkWidget *canvas, const graphene_rect_t *visible) {
    if (under->made) return;
    under->made = TRUE;
    if (cache->see_through) return; /* the views alone, on nothing */
    under->node = backgrounds_of(canvas);
    under->opaque = opaque_at(under->node, visible->origin.x + visible->size.width / 2, visible->origin.y + visible->size.height / 2);
}

/* Whether a sibling before the canvas is drawn: it is under the canvas, so the tiles must let
 * it show through (it does not scroll with them). */
static gboolean drawn_below(GtkWidget *canvas) {
    for (GtkWidget *w = gtk_widget_get_prev_sibling(canvas); w; w = gtk_widget_get_prev_sibling(w))
        if (gtk_widget_get_visible(w) && gtk_widget_get_child_visible(w)) return TRUE;
    return FALSE;
}

/* Whether `node` is or holds a rounded clip. */
static gboolean holds_rounded_clip(GskRenderNode *node) {
    switch (gsk_render_node_get_node_type(node)) {
    case GSK_ROUNDED_CLIP_NODE:
        return TRUE;
    case GSK_CONTAINER_NODE:
        for (guint i = 0; i < gsk_container_node_get_n_children(node); i++)
            if (holds_rounded_clip(gsk_container_node_get_child(node, i))) return TRUE;
        return FALSE;
    default:
        return FALSE;
    }
}

/* Whether a widget the canvas is in clips what it holds to rounded corners: one that hides
 * its overflow (a window does) and whose background has rounded corners (a window with
 * client-side decorations that is not maximized or tiled). Cairo draws everything inside such
 * a clip through a mask of it, and antialiased edges, a translucent header's or a glyph's,
 * come out otherwise then (by up to 23 of 255) than without one; a tile is then drawn through
 * such a clip too (draw_tile_cairo), one far outside it that hides nothing. A widget with
 * rounded corners and no background is not seen. */
static gboolean in_rounded_clip(GtkWidget *canvas) {
    for (GtkWidget *w = gtk_widget_get_parent(canvas); w; w = gtk_widget_get_parent(w)) {
        if (gtk_widget_get_overflow(w) != GTK_OVERFLOW_HIDDEN) continue;
        GtkSnapshot *snapshot = gtk_snapshot_new();
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
        gtk_snapshot_render_background(snapshot, gtk_widget_get_style_context(w), 0, 0, gtk_widget_get_width(w), gtk_widget_get_height(w));
G_GNUC_END_IGNORE_DEPRECATIONS
        GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
        gboolean rounded = node && holds_rounded_clip(node);
        if (node) gsk_render_node_unref(node);
        if (rounded) return TRUE;
    }
    return FALSE;
}

/* A rounded clip around `area` and far outside it: it hides nothing, but cairo draws through
 * it as through the clip of a window with rounded corners. */
static void clip_rounded_around(cairo_t *cr, const graphene_rect_t *area) {
    double x = area->origin.x - 64, y = area->origin.y - 64, w = area->size.width + 128, h = area->size.height + 128, r = 8;
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -G_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, G_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, G_PI / 2, G_PI);
    cairo_arc(cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
    cairo_close_path(cr);
    cairo_clip(cr);
}

/* Flips what follows about the vertical line at `centre`. */
static void flip(GtkSnapshot *snapshot, float centre) {
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(centre, 0));
    gtk_snapshot_scale(snapshot, -1, 1);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(-centre, 0));
}

/* A mirrored canvas's picture, drawn flipped about the tile's centre line, shown flipped back. */
static GskRenderNode *mirror(CvTileCache *cache, GskRenderNode *picture, float centre) {
    if (!cache->mirrored) return picture;
    GtkSnapshot *snapshot = gtk_snapshot_new();
    flip(snapshot, centre);
    gtk_snapshot_append_node(snapshot, picture);
    gsk_render_node_unref(picture);
    return gtk_snapshot_free_to_node(snapshot);
}

/* The scratch surface, at least `columns` x `rows`, cleared; made again when too small. */
static cairo_surface_t *take_scratch(CvTileCache *cache, cairo_format_t format, int columns, int rows) {
    cairo_surface_t *s = cache->scratch;
    if (!s || cairo_image_surface_get_format(s) != format || cairo_image_surface_get_width(s) < columns || cairo_image_surface_get_height(s) < rows) {
        if (s) cairo_surface_destroy(s);
        s = cache->scratch = cairo_image_surface_create(format, columns, rows);
    } else {
        cairo_t *cr = cairo_create(s);
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
        cairo_paint(cr);
        cairo_destroy(cr);
    }
    cairo_surface_set_device_scale(s, cache->scale, cache->scale);
    return s;
}

/* Whether cairo tile pictures hold their images (cairo_node_image.c) or recordings. */
gboolean cv_tile_pictures_hold_images(void) { return cv_cairo_node_holds_images(); }

/* Under cairo: drawn into the scratch surface, `drawn` in canvas coordinates, and the tile's
 * own part copied into the image the picture holds. */
static GskRenderNode *draw_tile_cairo(CvTileCache *cache, const Under *under, const graphene_rect_t *rect,
                                      const graphene_rect_t *drawn,
                                      GskRenderNode **nodes, const guint *list, guint count, gsize *bytes) {
    cairo_format_t format = under->opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32;
    float centre = rect->origin.x + rect->size.width / 2;
    cairo_surface_t *scratch = take_scratch(cache, format, (int)ceil(drawn->size.width * cache->scale), (int)ceil(drawn->size.height * cache->scale));
    cairo_t *cr = cairo_create(scratch);
    cairo_translate(cr, -drawn->origin.x, -drawn->origin.y);
    if (cache->rounded) clip_rounded_around(cr, drawn);
    if (cache->mirrored) { cairo_translate(cr, centre, 0); cairo_scale(cr, -1, 1); cairo_translate(cr, -centre, 0); }
    if (under->node) gsk_render_node_draw(under->node, cr);
    for (guint i = 0; i < count; i++) {
        cairo_save(cr);
        gsk_render_node_draw(nodes[list[i]], cr);
        cairo_restore(cr);
    }
    cairo_destroy(cr);
    /* The tile's own pixels (its corners are on the pixel grid: whole points at a whole scale). */
    int columns = (int)ceil(rect->size.width * cache->scale), rows = (int)ceil(rect->size.height * cache->scale);
    *bytes = (gsize)columns * rows * 4;
    cairo_surface_t *image = cairo_image_surface_create(format, columns, rows);
    cairo_surface_set_device_scale(image, cache->scale, cache->scale);
    cr = cairo_create(image);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_surface(cr, scratch, drawn->origin.x - rect->origin.x, drawn->origin.y - rect->origin.y);
    cairo_paint(cr);
    cairo_destroy(cr);
    /* Where the node's bounds are: its top left corner at the tile's. */
    cairo_surface_set_device_offset(image, -rect->origin.x * cache->scale, -rect->origin.y * cache->scale);
    GskRenderNode *picture = cv_cairo_node_holding(image, rect);
    cairo_surface_destroy(image);
    return mirror(cache, picture, centre);
}

/* Under GL: a texture of all of `drawn`, and the tile's own part copied out of it. Rendering
 * only the tile's part in the first place draws the text of the views it cuts otherwise
 * (1,150 bytes of a 700x500 window by up to 51 of 255). */
static GskRenderNode *draw_tile_gl(CvTileCache *cache, GskRenderer *renderer, const Under *under, const graphene_rect_t *rect,
                                   const graphene_rect_t *drawn, GskRenderNode **nodes, const guint *list, guint count, gsize *bytes) {
    float centre = rect->origin.x + rect->size.width / 2;
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gtk_snapshot_scale(snapshot, cache->scale, cache->scale);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(-drawn->origin.x, -drawn->origin.y));
    /* The backgrounds are the same all over: not flipped. (Flipped, GL under Wayland drew the
     * window's shadow in them through an offscreen of no width and aborted.) */
    if (under->node) gtk_snapshot_append_node(snapshot, under->node);
    if (cache->mirrored) flip(snapshot, centre);
    for (guint i = 0; i < count; i++) gtk_snapshot_append_node(snapshot, nodes[list[i]]);
    GskRenderNode *content = gtk_snapshot_free_to_node(snapshot);
    if (!content) return NULL;
    int columns = (int)ceil(drawn->size.width * cache->scale), rows = (int)ceil(drawn->size.height * cache->scale);
    graphene_rect_t viewport = GRAPHENE_RECT_INIT(0, 0, columns, rows);
    GdkTexture *whole = gsk_renderer_render_texture(renderer, content, &viewport);
    gsk_render_node_unref(content);
    if (!whole) return NULL;
    /* The tile's own part copied out of it, pixel for pixel: each frame then draws the tile's
     * pixels only, not the whole drawn area clipped (under software GL every pixel of a
     * texture drawn costs, clipped or not). */
    GskRenderNode *source = gsk_texture_node_new(whole, &viewport);
    g_object_unref(whole);
    graphene_rect_t own = GRAPHENE_RECT_INIT((rect->origin.x - drawn->origin.x) * cache->scale, (rect->origin.y - drawn->origin.y) * cache->scale,
                                             rect->size.width * cache->scale, rect->size.height * cache->scale);
    GdkTexture *texture = gsk_renderer_render_texture(renderer, source, &own);
    gsk_render_node_unref(source);
    if (!texture) return NULL;
    *bytes = (gsize)gdk_texture_get_width(texture) * gdk_texture_get_height(texture) * 4;
    GskRenderNode *picture = gsk_texture_node_new(texture, rect);
    g_object_unref(texture);
    return mirror(cache, picture, centre);
}

/* The tile's picture from the nodes listed (indices into `nodes`), in canvas coordinates.
 *
 * Drawn past its edges, as far as the views in it reach (and a little more), and shown within
 * them: no view is cut while it is drawn. A cut shape's edge pixels come out slightly
 * otherwise, and cairo draws a whole run of glyphs otherwise when the run is cut (through a
 * mask: where two glyphs' edges meet, by up to 30 of 255 at scale 2), so a label crossing a
 * tile's edge would differ from the same label drawn directly. As far each way on both sides,
 * so a mirrored tile flipped about its centre still covers them; whole points, so the picture
 * stays on the pixel grid. Under cairo only the tile's own part is kept. */
static GskRenderNode *draw_tile(CvTileCache *cache, GskRenderer *renderer, const Under *under,
                                int tx, int ty, GskRenderNode **nodes, const guint *list, guint count, gsize *bytes) {
    graphene_rect_t rect = GRAPHENE_RECT_INIT(tx * cache->tile_width, ty * cache->tile_height, cache->tile_width, cache->tile_height);
    double reach_x = 0, reach_y = 0;
    for (guint i = 0; i < count; i++) {
        graphene_rect_t b;
        gsk_render_node_get_bounds(nodes[list[i]], &b);
        reach_x = MAX(reach_x, MAX(rect.origin.x - b.origin.x, b.origin.x + b.size.width - rect.origin.x - rect.size.width));
        reach_y = MAX(reach_y, MAX(rect.origin.y - b.origin.y, b.origin.y + b.size.height - rect.origin.y - rect.size.height));
    }
    reach_x = MIN(ceil(reach_x), MAX_REACH) + MARGIN;
    reach_y = MIN(ceil(reach_y), MAX_REACH) + MARGIN;
    graphene_rect_t drawn;
    graphene_rect_inset_r(&rect, (float)-reach_x, (float)-reach_y, &drawn);
    cache->renders++;
    return cache->cairo ? draw_tile_cairo(cache, under, &rect, &drawn, nodes, list, count, bytes)
                        : draw_tile_gl(cache, renderer, under, &rect, &drawn, nodes, list, count, bytes);
}

/* Under X11, GTK's cairo renderer draws each frame into an image that cairo uploads to the
 * window through a pool of shared memory. Cairo destroys a pool as soon as nothing in it is in
 * use. With the tiles nothing is, after every frame, so each upload would make a new pool and
 * touch its pages for the first time: about 800 page faults a frame in a 1000x800 window, a
 * third of the frame's CPU and as much again in the X server. An image kept in a pool keeps
 * the pool. A pool's largest block is the first request's size rounded up to a power of two,
 * and the pool eight of those, so an image the size of a frame makes a pool that has room for
 * the frames beside it. The image's own pages are never written; the frames' pages stay
 * resident between frames instead of being made anew (about 6 MB more resident at 1000x800,
 * the tiles apart). One per display, made again when a larger window needs a larger one. */
#define KEEPER_WIDTH 1024
void cv_keep_shm_pool(GtkWidget *canvas, int scale) {
    GtkNative *native = gtk_widget_get_native(canvas);
    if (!native) return;
    GdkDisplay *display = gtk_widget_get_display(canvas);
    gsize frame = (gsize)gtk_widget_get_width(GTK_WIDGET(native)) * gtk_widget_get_height(GTK_WIDGET(native)) * 4 * scale * scale;
    int rows = (int)MAX(64, frame / (KEEPER_WIDTH * 4) + 1);
    cairo_surface_t *keeper = g_object_get_data(G_OBJECT(display), "cv-shm-pool-keeper");
    if (keeper && cairo_image_surface_get_height(keeper) >= rows) return;
    cairo_surface_t *root = cv_x11_root_surface(canvas);
    if (!root) return;
    keeper = cairo_surface_create_similar_image(root, CAIRO_FORMAT_ARGB32, KEEPER_WIDTH, rows);
    cairo_surface_destroy(root);
    g_object_set_data_full(G_OBJECT(display), "cv-shm-pool-keeper", keeper, (GDestroyNotify)cairo_surface_destroy);
}

cairo_surface_t *cv_x11_root_surface(GtkWidget *widget) {
#ifdef GDK_WINDOWING_X11
    GdkDisplay *display = gtk_widget_get_display(widget);
    if (!GDK_IS_X11_DISPLAY(display)) return NULL;
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    Display *x = gdk_x11_display_get_xdisplay(display);
G_GNUC_END_IGNORE_DEPRECATIONS
    return cairo_xlib_surface_create(x, RootWindow(x, DefaultScreen(x)), DefaultVisual(x, DefaultScreen(x)), 1, 1);
#else
    (void)widget;
    return NULL;
#endif
}

/* A new empty tile at (tx, ty), in the cache. */
static Tile *tile_new(CvTileCache *cache, int tx, int ty) {
    Tile *tile = g_new0(Tile, 1);
    tile->tx = tx;
    tile->ty = ty;
    tile->entries = g_array_new(FALSE, FALSE, sizeof(Entry));
    guint64 *stored = g_new(guint64, 1);
    *stored = tile_key(tx, ty);
    g_hash_table_insert(cache->tiles, stored, tile);
    return tile;
}

/* What is in `tile` changed at `now`: its picture goes, and it notes `wanted` (referenced), or
 * nothing when NULL (out of view: noted when it comes into view). */
static void tile_changed(CvTileCache *cache, Tile *tile, GArray *wanted, gint64 now) {
    entries_clear(tile->entries);
    g_clear_pointer(&tile->picture, gsk_render_node_unref);
    cache->bytes -= tile->bytes;
    tile->bytes = 0;
    tile->drawn = FALSE;
    tile->direct = FALSE;
    tile->changed_at = now;
    for (guint j = 0; wanted && j < wanted->len; j++) {
        Entry e = g_array_index(wanted, Entry, j);
        e.inner = gsk_render_node_ref(e.inner);
        if (e.transform) e.transform = gsk_transform_ref(e.transform);
        g_array_append_val(tile->entries, e);
    }
}

/* Draws a tile's picture from the nodes in `list` (none: an empty tile) and shows it. */
static void draw_picture(CvTileCache *cache, GskRenderer *renderer, Under *under, GtkWidget *canvas, const graphene_rect_t *visible,
                         Tile *tile, GskRenderNode **nodes, GArray *list, GtkSnapshot *snapshot) {
    if (list) {
        under_make(cache, under, canvas, visible);
        tile->picture = draw_tile(cache, renderer, under, tile->tx, tile->ty, nodes, (const guint *)list->data, list->len, &tile->bytes);
    }
    cache->bytes += tile->bytes;
    tile->drawn = TRUE;
    if (tile->picture) gtk_snapshot_append_node(snapshot, tile->picture);
}

gboolean cv_tile_cache_snapshot(CvTileCache *cache, GtkWidget *canvas, GskRenderNode **nodes, guint count,
                                const graphene_rect_t *visible, gboolean mirrored, GtkSnapshot *snapshot) {
    GtkNative *native = gtk_widget_get_native(canvas);
    GskRenderer *renderer = native ? gtk_native_get_renderer(native) : NULL;
    if (!renderer || visible->size.width <= 0 || visible->size.height <= 0) return FALSE;
    gboolean cairo = GSK_IS_CAIRO_RENDERER(renderer);
    if (!cairo && !g_str_has_prefix(G_OBJECT_TYPE_NAME(renderer), "GskGL") && !g_str_has_prefix(G_OBJECT_TYPE_NAME(renderer), "GskNgl"))
        return FALSE; /* Broadway, Vulkan: drawn directly */
    int scale = MAX(1, gtk_widget_get_scale_factor(canvas));
    if (cairo) cv_keep_shm_pool(canvas, scale);
    gboolean rounded = cairo && in_rounded_clip(canvas);
    gboolean see_through = drawn_below(canvas);
    if (scale != cache->scale || cairo != cache->cairo || mirrored != cache->mirrored || rounded != cache->rounded
        || see_through != cache->see_through) {
        cv_tile_cache_clear(cache);
        cache->scale = scale;
        cache->cairo = cairo;
        cache->mirrored = mirrored;
        cache->rounded = rounded;
        cache->see_through = see_through;
    }
    double tw = cache->tile_width, th = cache->tile_height;
    /* In view, and the ring one tile around it. */
    int v0, v1, w0, w1;
    tiles_meeting(cache, visible, &v0, &v1, &w0, &w1);
    int x0 = v0 - 1, x1 = v1 + 1, y0 = w0 - 1, y1 = w1 + 1;
    int columns = x1 - x0 + 1, rows = y1 - y0 + 1;
    if (columns * rows > MAX_TILES) return FALSE;

    /* Each node as its view's own node and transform, and which nodes each tile shows, in
     * drawing order. */
    Entry *entries = g_new(Entry, MAX(1, count));
    GArray **lists = g_new0(GArray *, columns * rows);
    gboolean drawable = TRUE;
    for (guint i = 0; i < count; i++) {
        if (!split(nodes[i], &entries[i].inner, &entries[i].transform)) { drawable = FALSE; break; }
        graphene_rect_t b;
        gsk_render_node_get_bounds(nodes[i], &b);
        int a0 = MAX(x0, (int)floor(b.origin.x / tw)), a1 = MIN(x1, (int)ceil((b.origin.x + b.size.width) / tw) - 1);
        int c0 = MAX(y0, (int)floor(b.origin.y / th)), c1 = MIN(y1, (int)ceil((b.origin.y + b.size.height) / th) - 1);
        for (int ty = c0; ty <= c1; ty++) {
            for (int tx = a0; tx <= a1; tx++) {
                int slot = (ty - y0) * columns + (tx - x0);
                if (!lists[slot]) lists[slot] = g_array_new(FALSE, FALSE, sizeof(guint));
                g_array_append_val(lists[slot], i);
            }
        }
    }
    if (!drawable) {
        for (int k = 0; k < columns * rows; k++) if (lists[k]) g_array_unref(lists[k]);
        g_free(lists);
        g_free(entries);
        return FALSE;
    }

    /* Drop the tiles out of range. */
    GHashTableIter iter;
    gpointer key, value;
    g_hash_table_iter_init(&iter, cache->tiles);
    while (g_hash_table_iter_next(&iter, &key, &value)) {
        Tile *tile = value;
        if (tile->tx < x0 || tile->tx > x1 || tile->ty < y0 || tile->ty > y1) {
            cache->bytes -= tile->bytes;
            g_hash_table_iter_remove(&iter);
        }
    }

    GdkFrameClock *clock = gtk_widget_get_frame_clock(canvas);
    gint64 now = clock ? gdk_frame_clock_get_frame_time(clock) : g_get_monotonic_time();
    Under under = { 0 };
    GArray *wanted = g_array_new(FALSE, FALSE, sizeof(Entry));

    /* Whether what is in view is changing: a tile in view changed again within CHURN of its last
     * change, or one that did has not been still for QUIET. Then the frame is drawn directly,
     * and the tiles that changed only note what is in them now and when it changed. */
    gboolean changing = FALSE;
    for (int ty = w0; ty <= w1 && !changing; ty++) {
        for (int tx = v0; tx <= v1 && !changing; tx++) {
            GArray *list = lists[(ty - y0) * columns + (tx - x0)];
            guint64 k = tile_key(tx, ty);
            Tile *tile = g_hash_table_lookup(cache->tiles, &k);
            if (!tile) continue;
            g_array_set_size(wanted, 0);
            for (guint j = 0; list && j < list->len; j++) g_array_append_val(wanted, entries[g_array_index(list, guint, j)]);
            gboolean unchanged = (tile->drawn || tile->direct) && same(tile->entries, wanted);
            if (unchanged) changing = tile->direct && now - tile->changed_at < cache->quiet;
            else changing = tile->entries->len > 0 && now - tile->changed_at < cache->churn && !only_moved(tile->entries, wanted);
        }
    }
    if (changing) {
        cache->still_at = now + cache->quiet;
        for (int ty = w0; ty <= w1; ty++) {
            for (int tx = v0; tx <= v1; tx++) {
                GArray *list = lists[(ty - y0) * columns + (tx - x0)];
                guint64 k = tile_key(tx, ty);
                Tile *tile = g_hash_table_lookup(cache->tiles, &k);
                g_array_set_size(wanted, 0);
                for (guint j = 0; list && j < list->len; j++) g_array_append_val(wanted, entries[g_array_index(list, guint, j)]);
                if (tile && (tile->drawn || tile->direct) && same(tile->entries, wanted)) {
                    if (tile->direct) cache->still_at = MAX(cache->still_at, tile->changed_at + cache->quiet);
                    continue;
                }
                if (!tile) tile = tile_new(cache, tx, ty);
                tile_changed(cache, tile, wanted, now);
                tile->direct = TRUE;
            }
        }
        cache->direct_draws++;
        g_array_unref(wanted);
        for (int k = 0; k < columns * rows; k++) if (lists[k]) g_array_unref(lists[k]);
        g_free(lists);
        g_free(entries);
        return FALSE;
    }
    cache->still_at = 0;

    for (int ty = y0; ty <= y1; ty++) {
        for (int tx = x0; tx <= x1; tx++) {
            GArray *list = lists[(ty - y0) * columns + (tx - x0)];
            gboolean in_view = tx >= v0 && tx <= v1 && ty >= w0 && ty <= w1;
            guint64 k = tile_key(tx, ty);
            Tile *tile = g_hash_table_lookup(cache->tiles, &k);
            g_array_set_size(wanted, 0);
            for (guint j = 0; list && j < list->len; j++) g_array_append_val(wanted, entries[g_array_index(list, guint, j)]);
            gboolean unchanged = tile && (tile->drawn || tile->direct) && same(tile->entries, wanted);
            if (unchanged && !tile->direct) {
                if (in_view && tile->picture) gtk_snapshot_append_node(snapshot, tile->picture);
                continue;
            }
            if (unchanged && !in_view) continue;  /* its picture is drawn when it comes into view */
            if (unchanged) {
                /* Still for a while: its picture is drawn, from the entries it has. */
                tile->direct = FALSE;
                draw_picture(cache, renderer, &under, canvas, visible, tile, nodes, list, snapshot);
                continue;
            }
            /* Changed, or new: drawn now if in view, otherwise drawn when it comes into view. */
            if (!tile) tile = tile_new(cache, tx, ty);
            tile_changed(cache, tile, in_view ? wanted : NULL, now);
            if (!in_view) continue;
            draw_picture(cache, renderer, &under, canvas, visible, tile, nodes, list, snapshot);
        }
    }
    g_array_unref(wanted);
    if (under.node) gsk_render_node_unref(under.node);
    for (int k = 0; k < columns * rows; k++) if (lists[k]) g_array_unref(lists[k]);
    g_free(lists);
    g_free(entries);
    return TRUE;
}

gboolean cv_tile_cache_covers(CvTileCache *cache, const graphene_rect_t *visible) {
    int v0, v1, w0, w1;
    tiles_meeting(cache, visible, &v0, &v1, &w0, &w1);
    for (int ty = w0; ty <= w1; ty++) {
        for (int tx = v0; tx <= v1; tx++) {
            guint64 k = tile_key(tx, ty);
            Tile *tile = g_hash_table_lookup(cache->tiles, &k);
            /* A tile noted while things changed was drawn, directly, in the last frame. */
            if (!tile || !(tile->drawn || tile->direct)) return FALSE;
        }
    }
    return TRUE;
}

gint64 cv_tile_cache_still_at(CvTileCache *cache) { return cache->still_at; }

void cv_tile_cache_statistics(CvTileCache *cache, guint *tiles, gsize *bytes, guint64 *renders, guint64 *direct_draws) {
    *tiles = g_hash_table_size(cache->tiles);
    *bytes = cache->bytes;
    if (cache->scratch) *bytes += (gsize)cairo_image_surface_get_stride(cache->scratch) * cairo_image_surface_get_height(cache->scratch);
    *renders = cache->renders;
    *direct_draws = cache->direct_draws;
}
