/* The canvas's tile cache (tile_cache.c): pictures of bands of the canvas (128 points along the
 * scroll direction, 1024 across), drawn again only when what is in them changed. Private. */
#pragma once
#include <gtk/gtk.h>

typedef struct _CvTileCache CvTileCache;

CvTileCache *cv_tile_cache_new(void);
void cv_tile_cache_free(CvTileCache *cache);
/* Drops every tile (the renderer or the scale changed, or the cache was turned off). */
void cv_tile_cache_clear(CvTileCache *cache);
/* The tiles' size in canvas coordinates (drops every tile when it changes). */
void cv_tile_cache_set_tile_size(CvTileCache *cache, double width, double height);
/* Draws `nodes` (each a child's node as gtk_widget_snapshot_child made it, in drawing order)
 * as tile pictures covering `visible` (canvas coordinates) and one tile around it (`mirrored`:
 * the canvas is shown flipped and its children flipped back), drawing
 * again the tiles whose nodes changed. FALSE, having drawn nothing: it cannot here (a node
 * with a 3D transform, a renderer other than cairo or GL, too many tiles). */
gboolean cv_tile_cache_snapshot(CvTileCache *cache, GtkWidget *canvas, GskRenderNode **nodes, guint count,
                                const graphene_rect_t *visible, gboolean mirrored, GtkSnapshot *snapshot);
/* Whether tiles whose pictures are current cover `visible`. */
gboolean cv_tile_cache_covers(CvTileCache *cache, const graphene_rect_t *visible);
/* How soon a change after the last one makes a tile drawn directly, and how long it must then
 * stay unchanged to be drawn as a picture again, in microseconds (tests). */
void cv_tile_cache_set_churn(CvTileCache *cache, gint64 churn, gint64 quiet);
/* After a frame cv_tile_cache_snapshot declined because what is in view was changing: the frame
 * clock time at which it will have been still long enough for the tiles (0: it was not). */
gint64 cv_tile_cache_still_at(CvTileCache *cache);
/* Tiles held, their bytes, pictures drawn so far, and frames drawn directly as tiles in view were changing. */
void cv_tile_cache_statistics(CvTileCache *cache, guint *tiles, gsize *bytes, guint64 *renders, guint64 *direct_draws);
