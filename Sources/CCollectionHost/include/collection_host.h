#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What the scroll host reports to its owner (the Swift CollectionView). */
typedef struct {
    /* The host was given a size: lay out and allocate the children now. */
    void (*allocate)(void *data, int width, int height);
    /* An adjustment's value changed (scrolling). */
    void (*scrolled)(void *data);
    /* The widget is being disposed: drop children and references. */
    void (*dispose)(void *data);
} CvScrollHostCallbacks;

/* A GtkWidget that implements GtkScrollable, for a GtkScrolledWindow. Its adjustments are the
 * content offset; its owner allocates the children in the `allocate` callback. `destroy`
 * releases `data` when the widget is finalized. */
#define CV_TYPE_SCROLL_HOST (cv_scroll_host_get_type())
G_DECLARE_FINAL_TYPE(CvScrollHost, cv_scroll_host, CV, SCROLL_HOST, GtkWidget)

GtkWidget *cv_scroll_host_new(CvScrollHostCallbacks callbacks, void *data, GDestroyNotify destroy);
GtkAdjustment *cv_scroll_host_get_hadjustment(CvScrollHost *self);
GtkAdjustment *cv_scroll_host_get_vadjustment(CvScrollHost *self);
/* Sets both adjustments for a content of the given size seen through a viewport of the given
 * size, keeping each value inside its new range. Signals are emitted only for real changes,
 * and never to the host's own `scrolled` callback. */
void cv_scroll_host_configure(CvScrollHost *self, double content_width, double content_height,
                              double viewport_width, double viewport_height);
/* As cv_scroll_host_configure; `mirrored` keeps the horizontal value's distance from the
 * right end (the layout's offset when the view is mirrored). */
void cv_scroll_host_configure_mirrored(CvScrollHost *self, double content_width, double content_height,
                                       double viewport_width, double viewport_height, gboolean mirrored);
/* Sets both adjustments' values (clamped as usual) without reporting a scroll: the owner
 * moves the offset itself (an interactive transition carries the viewport along). */
void cv_scroll_host_set_values_quietly(CvScrollHost *self, double horizontal, double vertical);

/* A widget that stacks its children, each at its full size, in child order (GtkBinLayout).
 * The root of every reusable view. */
#define CV_TYPE_VIEW_ROOT (cv_view_root_get_type())
G_DECLARE_FINAL_TYPE(CvViewRoot, cv_view_root, CV, VIEW_ROOT, GtkWidget)

GtkWidget *cv_view_root_new(GtkAccessibleRole role);
/* Slides the view's content by `slide` along x, `behind` (one of its children, view-sized) beside
 * it in the space it leaves, clipped to the view; a NULL `behind` puts everything back. */
void cv_view_root_set_slide(GtkWidget *root, GtkWidget *behind, double slide);

/* The band a rubber-band selection draws (CSS name "rubberband"). */
#define CV_TYPE_RUBBERBAND (cv_rubberband_get_type())
G_DECLARE_FINAL_TYPE(CvRubberband, cv_rubberband, CV, RUBBERBAND, GtkWidget)
GtkWidget *cv_rubberband_new(void);

/* The scrolled content: a widget whose children the owner places itself. Scrolling moves the
 * canvas as a whole; `allocate` runs only when children were added or changed (GTK then wants
 * every child allocated again). It returns TRUE when it placed every child itself; FALSE, and
 * the canvas places each shown child again where cv_canvas_place_child placed it last (the
 * canvas's allocation took a fifth less CPU in the scroll benchmark than placing them from
 * their attributes). `realized`: the canvas was realized since it was last allocated (the
 * renderer may draw transforms otherwise). */
#define CV_TYPE_CANVAS (cv_canvas_get_type())
G_DECLARE_FINAL_TYPE(CvCanvas, cv_canvas, CV, CANVAS, GtkWidget)

GtkWidget *cv_canvas_new(gboolean (*allocate)(void *data, int width, int height, gboolean realized), void *data,
                         GDestroyNotify destroy);
/* Allocates a child of the canvas and remembers where, for the canvas to place it there again. */
void cv_canvas_place_child(GtkWidget *child, int width, int height, GskTransform *transform);
/* The canvas's children stay in reading order; it draws them in the order set here (shown
 * children of the canvas only; until an order is set, in child order). `before_snapshot` runs
 * with the canvas's data at the start of each snapshot, for the owner to set a changed order. */
void cv_canvas_set_before_snapshot(CvCanvas *self, void (*before_snapshot)(void *data));
void cv_canvas_set_draw_order(CvCanvas *self, GtkWidget *const *widgets, guint count);
/* The order set last, and the children the last snapshot drew (for tests). */
GtkWidget **cv_canvas_get_draw_order(CvCanvas *self, guint *count);
GtkWidget **cv_canvas_get_drawn(CvCanvas *self, guint *count);
/* The tile cache: the children drawn as pictures of bands (see tile_cache.h), each drawn again when
 * a child in it changed (tile_cache.c). Off by default. While suspended (animations), children
 * are drawn directly. `visible` is what the viewport shows, in canvas coordinates; the canvas
 * draws again when it leaves the tiles drawn. */
void cv_canvas_set_tile_cache(CvCanvas *self, gboolean on);
gboolean cv_canvas_get_tile_cache(CvCanvas *self);
/* Automatic: with the cache on, the canvas measures the CPU of scrolled frames drawn through
 * the tiles and drawn directly, and keeps the cheaper (tile_chooser.c). */
void cv_canvas_set_tile_automatic(CvCanvas *self, gboolean automatic);
gboolean cv_canvas_get_tile_automatic(CvCanvas *self);
/* Whether the automatic cache last chose to draw directly (also while it tries both ways again);
 * `choices`: how many times it chose. */
gboolean cv_canvas_chose_direct(CvCanvas *self, guint *choices);
/* Tests: scrolled frames a choice holds before the ways are tried again (default a minute's). */
void cv_canvas_set_tile_revisit(CvCanvas *self, guint frames);
/* Tests: a clock (milliseconds) read after each frame instead of the process's CPU time. */
void cv_canvas_set_cost_clock(CvCanvas *self, double (*clock)(void *data), void *data);
/* The tiles' size in canvas coordinates: small along the scroll direction, wide across it. */
void cv_canvas_set_tile_size(CvCanvas *self, double width, double height);
void cv_canvas_set_tiles_suspended(CvCanvas *self, gboolean suspended);
void cv_canvas_set_visible(CvCanvas *self, double x, double y, double width, double height, gboolean mirrored);
gboolean cv_canvas_drew_tiles(CvCanvas *self);
/* Tests: the tile cache's churn and quiet times (tile_cache.c), in microseconds. */
void cv_canvas_set_tile_churn(CvCanvas *self, gint64 churn, gint64 quiet);
void cv_canvas_get_tile_statistics(CvCanvas *self, guint *tiles, gsize *bytes, guint64 *renders, guint64 *direct_draws);
/* Whether cairo tile pictures are images their nodes hold (TRUE) or recordings replayed each
 * frame (a GTK not verified for it, cairo_node_image.h); FALSE until a tile was drawn under
 * cairo. */
gboolean cv_tile_pictures_hold_images(void);
/* Under X11, keeps cairo's shared-memory pool for the frames of `widget`'s window (at `scale`)
 * from being destroyed after every frame (tile_cache.c says why). */
void cv_keep_shm_pool(GtkWidget *widget, int scale);
/* A 1x1 cairo surface on the root window of `widget`'s X display, for surfaces similar to
 * what the X server holds; NULL where the display is not X11. */
cairo_surface_t *cv_x11_root_surface(GtkWidget *widget);

/* The variadic accessibility setters, in forms Swift can call. */
void cv_accessible_set_selected(GtkWidget *widget, gboolean selected);
void cv_accessible_set_label(GtkWidget *widget, const char *label);
/* Whether the label assistive technologies get for `widget` is `label` (GTK 4.8 has no getter;
   this is its test API, which reads the accessibility context): for tests. */
gboolean cv_accessible_label_is(GtkWidget *widget, const char *label);
void cv_accessible_set_description(GtkWidget *widget, const char *description);
void cv_accessible_set_level(GtkWidget *widget, int level);
/* Clears the level property (a row no longer in an outline). */
void cv_accessible_reset_level(GtkWidget *widget);
/* The expanded state: 1 or 0 for an item that can expand, -1 resets it to undefined (a leaf,
   which is then not "expandable" to AT-SPI). */
void cv_accessible_set_expanded(GtkWidget *widget, int expanded);
/* Whether assistive technologies get `expanded` (1, 0, or -1 for undefined) and `level` (0 for
   none) for `widget`, read from its accessibility context (tests). */
gboolean cv_accessible_expanded_is(GtkWidget *widget, int expanded);
gboolean cv_accessible_level_is(GtkWidget *widget, int level);
/* A range's value for assistive technologies (a slider's): its bounds, where it is, and what to
   say for it. */
void cv_accessible_set_value(GtkWidget *widget, double minimum, double maximum, double now, const char *text);
/* Whether the value text assistive technologies get for `widget` is `text` (tests). */
gboolean cv_accessible_value_text_is(GtkWidget *widget, const char *text);

/* GTK's gtk-enable-animations setting for the widget's display. */
gboolean cv_animations_enabled(GtkWidget *widget);

G_END_DECLS
