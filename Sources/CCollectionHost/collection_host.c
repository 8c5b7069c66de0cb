#include "collection_host.h"
#include "tile_cache.h"
#include "tile_chooser.h"

#include <time.h>

/* ---- CvScrollHost ---------------------------------------------------------------------- */

struct _CvScrollHost {
    GtkWidget parent_instance;
    GtkAdjustment *adjustment[2]; /* horizontal, vertical */
    GtkScrollablePolicy policy[2];
    gulong handler[2];
    CvScrollHostCallbacks callbacks;
    void *data;
    GDestroyNotify destroy;
};

enum { PROP_0, PROP_HADJUSTMENT, PROP_VADJUSTMENT, PROP_HSCROLL_POLICY, PROP_VSCROLL_POLICY };

G_DEFINE_FINAL_TYPE_WITH_CODE(CvScrollHost, cv_scroll_host, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, NULL))

static void value_changed(GtkAdjustment *adjustment, CvScrollHost *self) {
    (void)adjustment;
    if (self->callbacks.scrolled) self->callbacks.scrolled(self->data);
    gtk_widget_queue_allocate(GTK_WIDGET(self));
}

static void set_adjustment(CvScrollHost *self, int axis, GtkAdjustment *adjustment) {
    if (adjustment && self->adjustment[axis] == adjustment) return;
    if (self->adjustment[axis]) {
        g_signal_handler_disconnect(self->adjustment[axis], self->handler[axis]);
        g_object_unref(self->adjustment[axis]);
    }
    /* GtkScrollable's contract: NULL means "make your own". */
    if (!adjustment) adjustment = gtk_adjustment_new(0, 0, 0, 0, 0, 0);
    self->adjustment[axis] = g_object_ref_sink(adjustment);
    self->handler[axis] = g_signal_connect(adjustment, "value-changed", G_CALLBACK(value_changed), self);
    gtk_widget_queue_allocate(GTK_WIDGET(self));
}

static void cv_scroll_host_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    CvScrollHost *self = CV_SCROLL_HOST(object);
    switch (id) {
    case PROP_HADJUSTMENT: set_adjustment(self, 0, g_value_get_object(value)); break;
    case PROP_VADJUSTMENT: set_adjustment(self, 1, g_value_get_object(value)); break;
    case PROP_HSCROLL_POLICY: self->policy[0] = g_value_get_enum(value); break;
    case PROP_VSCROLL_POLICY: self->policy[1] = g_value_get_enum(value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void cv_scroll_host_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    CvScrollHost *self = CV_SCROLL_HOST(object);
    switch (id) {
    case PROP_HADJUSTMENT: g_value_set_object(value, self->adjustment[0]); break;
    case PROP_VADJUSTMENT: g_value_set_object(value, self->adjustment[1]); break;
    case PROP_HSCROLL_POLICY: g_value_set_enum(value, self->policy[0]); break;
    case PROP_VSCROLL_POLICY: g_value_set_enum(value, self->policy[1]); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void cv_scroll_host_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    CvScrollHost *self = CV_SCROLL_HOST(widget);
    if (self->callbacks.allocate) self->callbacks.allocate(self->data, width, height);
}

static void cv_scroll_host_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                   int *minimum, int *natural, int *minimum_baseline, int *natural_baseline) {
    (void)widget; (void)orientation; (void)for_size;
    /* A viewport: it can be any size; its content scrolls. */
    *minimum = 0;
    *natural = 0;
    *minimum_baseline = -1;
    *natural_baseline = -1;
}

static void cv_scroll_host_dispose(GObject *object) {
    CvScrollHost *self = CV_SCROLL_HOST(object);
    if (self->callbacks.dispose) self->callbacks.dispose(self->data);
    self->callbacks = (CvScrollHostCallbacks){0};
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self))) != NULL) gtk_widget_unparent(child);
    for (int axis = 0; axis < 2; axis++) {
        if (self->adjustment[axis]) {
            g_signal_handler_disconnect(self->adjustment[axis], self->handler[axis]);
            g_clear_object(&self->adjustment[axis]);
        }
    }
    G_OBJECT_CLASS(cv_scroll_host_parent_class)->dispose(object);
}

static void cv_scroll_host_finalize(GObject *object) {
    CvScrollHost *self = CV_SCROLL_HOST(object);
    if (self->destroy && self->data) self->destroy(self->data);
    G_OBJECT_CLASS(cv_scroll_host_parent_class)->finalize(object);
}

static void cv_scroll_host_class_init(CvScrollHostClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->set_property = cv_scroll_host_set_property;
    object_class->get_property = cv_scroll_host_get_property;
    object_class->dispose = cv_scroll_host_dispose;
    object_class->finalize = cv_scroll_host_finalize;
    widget_class->size_allocate = cv_scroll_host_size_allocate;
    widget_class->measure = cv_scroll_host_measure;
    g_object_class_override_property(object_class, PROP_HADJUSTMENT, "hadjustment");
    g_object_class_override_property(object_class, PROP_VADJUSTMENT, "vadjustment");
    g_object_class_override_property(object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
    g_object_class_override_property(object_class, PROP_VSCROLL_POLICY, "vscroll-policy");
    gtk_widget_class_set_css_name(widget_class, "collectionview");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void cv_scroll_host_init(CvScrollHost *self) {
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
    gtk_widget_set_focusable(GTK_WIDGET(self), TRUE);
    set_adjustment(self, 0, NULL);
    set_adjustment(self, 1, NULL);
}

GtkWidget *cv_scroll_host_new(CvScrollHostCallbacks callbacks, void *data, GDestroyNotify destroy) {
    CvScrollHost *self = g_object_new(CV_TYPE_SCROLL_HOST, NULL);
    self->callbacks = callbacks;
    self->data = data;
    self->destroy = destroy;
    return GTK_WIDGET(self);
}

GtkAdjustment *cv_scroll_host_get_hadjustment(CvScrollHost *self) { return self->adjustment[0]; }
GtkAdjustment *cv_scroll_host_get_vadjustment(CvScrollHost *self) { return self->adjustment[1]; }

static void configure_axis(GtkAdjustment *adjustment, double content, double viewport) {
    double upper = content > viewport ? content : viewport;
    double value = gtk_adjustment_get_value(adjustment);
    if (value > upper - viewport) value = upper - viewport;
    if (value < 0) value = 0;
    /* gtk_adjustment_configure emits only when something changed. */
    gtk_adjustment_configure(adjustment, value, 0, upper, viewport * 0.1, viewport * 0.9, viewport);
}

void cv_scroll_host_configure_mirrored(CvScrollHost *self, double content_width, double content_height,
                                       double viewport_width, double viewport_height, gboolean mirrored) {
    /* Our own handler is blocked while we configure (as gtklistbase does): a value clamped
     * here is not a scroll, and the owner is in the middle of placing things. */
    for (int axis = 0; axis < 2; axis++) g_signal_handler_block(self->adjustment[axis], self->handler[axis]);
    GtkAdjustment *h = self->adjustment[0];
    /* Mirrored, the horizontal value counts from the right end: keep the distance from it. */
    double from_end = gtk_adjustment_get_upper(h) - gtk_adjustment_get_page_size(h) - gtk_adjustment_get_value(h);
    configure_axis(h, content_width, viewport_width);
    if (mirrored) {
        double value = gtk_adjustment_get_upper(h) - gtk_adjustment_get_page_size(h) - (from_end > 0 ? from_end : 0);
        gtk_adjustment_set_value(h, value > 0 ? value : 0);
    }
    configure_axis(self->adjustment[1], content_height, viewport_height);
    for (int axis = 0; axis < 2; axis++) g_signal_handler_unblock(self->adjustment[axis], self->handler[axis]);
}

void cv_scroll_host_set_values_quietly(CvScrollHost *self, double horizontal, double vertical) {
    for (int axis = 0; axis < 2; axis++) g_signal_handler_block(self->adjustment[axis], self->handler[axis]);
    gtk_adjustment_set_value(self->adjustment[0], horizontal);
    gtk_adjustment_set_value(self->adjustment[1], vertical);
    for (int axis = 0; axis < 2; axis++) g_signal_handler_unblock(self->adjustment[axis], self->handler[axis]);
    gtk_widget_queue_allocate(GTK_WIDGET(self));
}

void cv_scroll_host_configure(CvScrollHost *self, double content_width, double content_height,
                              double viewport_width, double viewport_height) {
    cv_scroll_host_configure_mirrored(self, content_width, content_height, viewport_width, viewport_height, FALSE);
}

/* ---- CvViewRoot: the root widget of every reusable view ----------------------------------- */

struct _CvViewRoot {
    GtkWidget parent_instance;
    /* Where the canvas placed it last (cv_canvas_place_child), for the canvas to place it there
     * again: in the widget, as a lookup per child (GObject data) cost what it saved. */
    gboolean placed;
    int placed_width, placed_height;
    GskTransform *placed_transform; /* referenced; NULL: none */
    /* A swipe under way (cv_view_root_set_slide): every child but `behind` is allocated moved by
     * `slide` along x; `behind` (the actions, not referenced: a child) beside them. */
    GtkWidget *behind;
    double slide;
    GtkOverflow overflow_before;
};

G_DEFINE_FINAL_TYPE(CvViewRoot, cv_view_root, GTK_TYPE_WIDGET)

static void cv_view_root_dispose(GObject *object) {
    g_clear_pointer(&CV_VIEW_ROOT(object)->placed_transform, gsk_transform_unref);
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL) gtk_widget_unparent(child);
    G_OBJECT_CLASS(cv_view_root_parent_class)->dispose(object);
}

static void cv_view_root_class_init(CvViewRootClass *klass) {
    G_OBJECT_CLASS(klass)->dispose = cv_view_root_dispose;
    gtk_widget_class_set_layout_manager_type(GTK_WIDGET_CLASS(klass), GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "reusableview");
}

static void cv_view_root_init(CvViewRoot *self) { (void)self; }

GtkWidget *cv_view_root_new(GtkAccessibleRole role) {
    return g_object_new(CV_TYPE_VIEW_ROOT, "accessible-role", role, NULL);
}

/* The layout of a root whose content slides (a swipe): GtkBinLayout's, but every child other
 * than the actions behind it is moved along x. Only a swiped view has it, so the many others
 * keep GTK's own layout. */
static void slide_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                          int *minimum_baseline, int *natural_baseline) {
    CvViewRoot *self = CV_VIEW_ROOT(widget);
    *minimum = *natural = 0;
    *minimum_baseline = *natural_baseline = -1;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        /* The actions beside the content do not size the cell: a swipe must not resize its row. */
        if (!gtk_widget_should_layout(child) || child == self->behind) continue;
        int child_min = 0, child_nat = 0;
        gtk_widget_measure(child, orientation, for_size, &child_min, &child_nat, NULL, NULL);
        *minimum = MAX(*minimum, child_min);
        *natural = MAX(*natural, child_nat);
    }
}

static void slide_allocate(GtkWidget *widget, int width, int height, int baseline) {
    CvViewRoot *self = CV_VIEW_ROOT(widget);
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_should_layout(child)) continue;
        if (child == self->behind) {
            /* Beside the content, its edge at the content's: it comes in with it, and nothing of it
             * lies under content that may be see-through. */
            /* As large as the cell, or as its own minimum (it is not in the cell's measure). */
            int min_width = 0, min_height = 0;
            gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
            int w = MAX(width, min_width);
            gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, w, &min_height, NULL, NULL, NULL);
            int h = MAX(height, min_height);
            graphene_point_t beside = GRAPHENE_POINT_INIT((float)(self->slide > 0 ? self->slide - w : self->slide + width), 0);
            gtk_widget_allocate(child, w, h, h == height ? baseline : -1, gsk_transform_translate(NULL, &beside));
        } else {
            graphene_point_t shift = GRAPHENE_POINT_INIT((float)self->slide, 0);
            gtk_widget_allocate(child, width, height, baseline, gsk_transform_translate(NULL, &shift));
        }
    }
}

void cv_view_root_set_slide(GtkWidget *root, GtkWidget *behind, double slide) {
    g_return_if_fail(CV_IS_VIEW_ROOT(root));
    CvViewRoot *self = CV_VIEW_ROOT(root);
    if (behind && !self->behind) {
        self->overflow_before = gtk_widget_get_overflow(root);
        gtk_widget_set_layout_manager(root, gtk_custom_layout_new(NULL, slide_measure, slide_allocate));
        gtk_widget_set_overflow(root, GTK_OVERFLOW_HIDDEN);  /* the content slides out of the cell, not over its neighbours */
    } else if (!behind && self->behind) {
        gtk_widget_set_layout_manager(root, gtk_bin_layout_new());
        gtk_widget_set_overflow(root, self->overflow_before);
    }
    self->behind = behind;
    self->slide = behind ? slide : 0;
    gtk_widget_queue_allocate(root);
}

/* ---- CvRubberband ------------------------------------------------------------------------ */

/* The band of a rubber-band selection: a node named "rubberband", which GTK's themes style as
 * they do GtkGridView's; it takes no clicks and is not in the accessible tree. */
struct _CvRubberband {
    GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE(CvRubberband, cv_rubberband, GTK_TYPE_WIDGET)

static void cv_rubberband_class_init(CvRubberbandClass *klass) {
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "rubberband");
    gtk_widget_class_set_accessible_role(GTK_WIDGET_CLASS(klass), GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void cv_rubberband_init(CvRubberband *self) {
    gtk_widget_set_can_target(GTK_WIDGET(self), FALSE);
    gtk_widget_add_css_class(GTK_WIDGET(self), "rubberband");
}

GtkWidget *cv_rubberband_new(void) { return g_object_new(CV_TYPE_RUBBERBAND, NULL); }

/* ---- CvCanvas --------------------------------------------------------------------------- */

struct _CvCanvas {
    GtkWidget parent_instance;
    gboolean (*allocate)(void *data, int width, int height, gboolean realized);
    gboolean realized_since_allocation;
    void (*before_snapshot)(void *data);
    void *data;
    GDestroyNotify destroy;
    GPtrArray *draw_order; /* owned references; NULL: child order */
    GPtrArray *drawn;      /* the children the last snapshot drew, in order; not dereferenced */
    CvTileCache *tiles;    /* NULL: children are drawn directly */
    gboolean tiles_suspended;
    gboolean has_visible;
    gboolean mirrored;
    gboolean drew_tiles; /* whether the last snapshot drew through the tiles */
    double tile_width, tile_height;
    graphene_rect_t visible; /* what the viewport shows, in canvas coordinates */
    gboolean tiles_warm; /* a frame was drawn since the cache was made or the canvas realized */
    /* Automatic: through the tiles or directly, whichever costs less here (tile_chooser.c). */
    gboolean automatic;
    CvTileChooser chooser;
    double (*cost_clock)(void *data); /* tests: a clock instead of the process's CPU time */
    guint still_timeout; /* redraws once what is in view has been still (cv_tile_cache_still_at) */
    void *cost_data;
    double last_cost_time;
    gboolean had_frame; /* last_cost_time is from the frame before */
    gboolean scrolled;  /* the visible rectangle moved since the last frame was painted */
    GdkFrameClock *frame_clock;
    gulong after_paint;
};

G_DEFINE_FINAL_TYPE(CvCanvas, cv_canvas, GTK_TYPE_WIDGET)

/* The child as a view's root widget, which remembers where it was placed; NULL for another widget. */
static CvViewRoot *placed_view_root(GtkWidget *child) {
    return G_TYPE_FROM_INSTANCE(child) == CV_TYPE_VIEW_ROOT ? (CvViewRoot *)child : NULL;
}

/* Allocates a view's root widget where it was last placed. */
static void allocate_as_placed(CvViewRoot *root) {
    gtk_widget_allocate(GTK_WIDGET(root), root->placed_width, root->placed_height, -1,
                        root->placed_transform ? gsk_transform_ref(root->placed_transform) : NULL);
}

void cv_canvas_place_child(GtkWidget *child, int width, int height, GskTransform *transform) {
    CvViewRoot *root = placed_view_root(child);
    if (!root) {
        gtk_widget_allocate(child, width, height, -1, transform ? gsk_transform_ref(transform) : NULL);
        return;
    }
    if (root->placed_transform != transform) {
        if (transform) gsk_transform_ref(transform);
        if (root->placed_transform) gsk_transform_unref(root->placed_transform);
        root->placed_transform = transform;
    }
    root->placed = TRUE;
    root->placed_width = width;
    root->placed_height = height;
    allocate_as_placed(root);
}

static void cv_canvas_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    CvCanvas *self = CV_CANVAS(widget);
    gboolean realized = self->realized_since_allocation;
    self->realized_since_allocation = FALSE;
    if (!self->allocate || self->allocate(self->data, width, height, realized)) return;
    /* Every shown child again where it was (GTK's comparison makes this cheap for the ones that
     * need nothing; those that queued a resize are laid out). */
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        CvViewRoot *root = placed_view_root(child);
        if (root && root->placed && gtk_widget_get_child_visible(child)) allocate_as_placed(root);
    }
}

static gboolean redraw_later(gpointer widget) {
    gtk_widget_queue_draw(widget);
    return G_SOURCE_REMOVE;
}

static gboolean redraw_when_still(gpointer widget) {
    CV_CANVAS(widget)->still_timeout = 0;
    gtk_widget_queue_draw(widget);
    return G_SOURCE_REMOVE;
}

/* Automatic and drawing directly, as it costs less here (or while that is tried). */
static gboolean drawing_directly_by_choice(CvCanvas *self) { return self->automatic && self->chooser.direct; }

/* What a frame costs, in milliseconds of CPU: under cairo the main thread's alone, where
 * everything is drawn (the app's own threads, decoding pictures while the view scrolls, made
 * the choice a coin toss); under GL the whole process's, as a software GL renderer draws in
 * threads of its own. */
static double frame_cpu_ms(GtkWidget *widget) {
    GtkNative *native = gtk_widget_get_native(widget);
    GskRenderer *renderer = native ? gtk_native_get_renderer(native) : NULL;
    struct timespec now;
    clock_gettime(renderer && GSK_IS_CAIRO_RENDERER(renderer) ? CLOCK_THREAD_CPUTIME_ID : CLOCK_PROCESS_CPUTIME_ID, &now);
    return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

/* After each frame: what the frame cost, for the choice, when it was a scrolled frame. A frame's
 * cost is the CPU since the last frame's end; frames with an animation (drawn directly
 * whatever the choice) do not count. */
static void after_paint(GdkFrameClock *clock, gpointer data) {
    (void)clock;
    CvCanvas *self = data;
    if (!self->tiles || !self->automatic) return;
    double now = self->cost_clock ? self->cost_clock(self->cost_data) : frame_cpu_ms(GTK_WIDGET(self));
    double cost = now - self->last_cost_time;
    gboolean counts = self->had_frame && self->scrolled && !self->tiles_suspended && self->tiles_warm;
    self->last_cost_time = now;
    self->had_frame = TRUE;
    self->scrolled = FALSE;
    if (!counts) return;
    guint choices = self->chooser.choices;
    if (cv_tile_chooser_sample(&self->chooser, cost)) gtk_widget_queue_draw(GTK_WIDGET(self));
    /* Chosen to draw directly: the pictures would only be stale when the tiles are tried again. */
    if (self->chooser.choices != choices && self->chooser.direct) cv_tile_cache_clear(self->tiles);
}

/* Children are in reading order (what accessibility and focus walk); they are drawn in the
 * order the owner set, so the two need not agree. */
static void cv_canvas_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    CvCanvas *self = CV_CANVAS(widget);
    if (self->before_snapshot) self->before_snapshot(self->data);
    g_ptr_array_set_size(self->drawn, 0);
    if (!self->draw_order) {
        GTK_WIDGET_CLASS(cv_canvas_parent_class)->snapshot(widget, snapshot);
        return;
    }
    self->drew_tiles = FALSE;
    /* The first frame is drawn directly, as soon as without the cache; the tiles the frame after. */
    gboolean first = self->tiles && !self->tiles_warm;
    if (first) {
        self->tiles_warm = TRUE;
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, redraw_later, g_object_ref(widget), g_object_unref);
    }
    /* Directly, or into one snapshot whose nodes, in order, are the children's, for the tiles
     * (a snapshot each cost a tenth of a frame). */
    gboolean direct = !self->tiles || self->tiles_suspended || !self->has_visible || first || drawing_directly_by_choice(self);
    GtkSnapshot *target = direct ? snapshot : gtk_snapshot_new();
    for (guint i = 0; i < self->draw_order->len; i++) {
        GtkWidget *child = g_ptr_array_index(self->draw_order, i);
        if (gtk_widget_get_parent(child) != widget || !gtk_widget_get_child_visible(child)) continue;
        gtk_widget_snapshot_child(widget, child, target);
        g_ptr_array_add(self->drawn, child);
    }
    if (direct) return;
    /* Each child's node (GTK's cached one, placed), then the tiles from them, or the nodes
     * themselves when the tiles cannot hold them. A lone node comes back as itself. */
    GskRenderNode *root = gtk_snapshot_free_to_node(target);
    GPtrArray *nodes = g_ptr_array_new(); /* held by root */
    if (root && gsk_render_node_get_node_type(root) == GSK_CONTAINER_NODE) {
        for (guint i = 0; i < gsk_container_node_get_n_children(root); i++) g_ptr_array_add(nodes, gsk_container_node_get_child(root, i));
    } else if (root) {
        g_ptr_array_add(nodes, root);
    }
    self->drew_tiles = cv_tile_cache_snapshot(self->tiles, widget, (GskRenderNode **)nodes->pdata, nodes->len, &self->visible,
                                              self->mirrored, snapshot);
    if (!self->drew_tiles && root) gtk_snapshot_append_node(snapshot, root);
    /* Drawn directly as what is in view was changing: once it has been still, a frame draws the
     * tiles again, whether or not anything else asks for one. */
    gint64 still_at = self->drew_tiles ? 0 : cv_tile_cache_still_at(self->tiles);
    if (still_at > 0 && !self->still_timeout) {
        GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
        gint64 now = clock ? gdk_frame_clock_get_frame_time(clock) : g_get_monotonic_time();
        guint ms = (guint)MAX(1, (still_at - now) / 1000 + 1);
        self->still_timeout = g_timeout_add_full(G_PRIORITY_DEFAULT, ms, redraw_when_still, g_object_ref(widget), g_object_unref);
    }
    g_ptr_array_unref(nodes);
    if (root) gsk_render_node_unref(root);
}

static void cv_canvas_realize(GtkWidget *widget) {
    GTK_WIDGET_CLASS(cv_canvas_parent_class)->realize(widget);
    CvCanvas *self = CV_CANVAS(widget);
    self->frame_clock = gtk_widget_get_frame_clock(widget);
    if (self->frame_clock) {
        g_object_ref(self->frame_clock);
        self->after_paint = g_signal_connect(self->frame_clock, "after-paint", G_CALLBACK(after_paint), self);
    }
    self->had_frame = FALSE;
    self->realized_since_allocation = TRUE;
}

static void cv_canvas_unrealize(GtkWidget *widget) {
    CvCanvas *self = CV_CANVAS(widget);
    if (self->frame_clock) {
        g_signal_handler_disconnect(self->frame_clock, self->after_paint);
        g_clear_object(&self->frame_clock);
    }
    /* Another renderer or screen may cost otherwise: choose again. */
    cv_tile_chooser_reset(&self->chooser);
    if (self->tiles) cv_tile_cache_clear(self->tiles); /* its textures are the old renderer's */
    self->tiles_warm = FALSE;
    GTK_WIDGET_CLASS(cv_canvas_parent_class)->unrealize(widget);
}

static void cv_canvas_dispose(GObject *object) {
    CvCanvas *self = CV_CANVAS(object);
    if (self->still_timeout) {
        g_source_remove(self->still_timeout);  /* it holds a reference: let it go */
        self->still_timeout = 0;
    }
    self->allocate = NULL;
    self->before_snapshot = NULL;
    g_clear_pointer(&self->draw_order, g_ptr_array_unref);
    g_ptr_array_set_size(self->drawn, 0);
    g_clear_pointer(&self->tiles, cv_tile_cache_free);
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL) gtk_widget_unparent(child);
    G_OBJECT_CLASS(cv_canvas_parent_class)->dispose(object);
}

static void cv_canvas_finalize(GObject *object) {
    CvCanvas *self = CV_CANVAS(object);
    if (self->destroy && self->data) self->destroy(self->data);
    g_ptr_array_unref(self->drawn);
    G_OBJECT_CLASS(cv_canvas_parent_class)->finalize(object);
}

/* Only the canvas's children take the pointer, never the canvas itself: a press between them
 * goes to what is below (the view's background view or empty state) and up to the view. */
static gboolean cv_canvas_contains(GtkWidget *widget, double x, double y) {
    (void)widget; (void)x; (void)y;
    return FALSE;
}

static void cv_canvas_class_init(CvCanvasClass *klass) {
    G_OBJECT_CLASS(klass)->dispose = cv_canvas_dispose;
    GTK_WIDGET_CLASS(klass)->contains = cv_canvas_contains;
    G_OBJECT_CLASS(klass)->finalize = cv_canvas_finalize;
    GTK_WIDGET_CLASS(klass)->size_allocate = cv_canvas_size_allocate;
    GTK_WIDGET_CLASS(klass)->snapshot = cv_canvas_snapshot;
    GTK_WIDGET_CLASS(klass)->realize = cv_canvas_realize;
    GTK_WIDGET_CLASS(klass)->unrealize = cv_canvas_unrealize;
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "contents");
}

static void cv_canvas_init(CvCanvas *self) {
    self->drawn = g_ptr_array_new();
    cv_tile_chooser_reset(&self->chooser);
}

GtkWidget *cv_canvas_new(gboolean (*allocate)(void *data, int width, int height, gboolean realized), void *data,
                         GDestroyNotify destroy) {
    CvCanvas *self = g_object_new(CV_TYPE_CANVAS, NULL);
    self->allocate = allocate;
    self->data = data;
    self->destroy = destroy;
    return GTK_WIDGET(self);
}

void cv_canvas_set_before_snapshot(CvCanvas *self, void (*before_snapshot)(void *data)) {
    self->before_snapshot = before_snapshot;
}

void cv_canvas_set_draw_order(CvCanvas *self, GtkWidget *const *widgets, guint count) {
    GPtrArray *order = g_ptr_array_new_full(count, g_object_unref);
    for (guint i = 0; i < count; i++) g_ptr_array_add(order, g_object_ref(widgets[i]));
    if (self->draw_order) g_ptr_array_unref(self->draw_order);
    self->draw_order = order;
}

GtkWidget **cv_canvas_get_draw_order(CvCanvas *self, guint *count) {
    *count = self->draw_order ? self->draw_order->len : 0;
    return self->draw_order ? (GtkWidget **)self->draw_order->pdata : NULL;
}

void cv_canvas_set_tile_cache(CvCanvas *self, gboolean on) {
    if (on == (self->tiles != NULL)) return;
    if (on) {
        self->tiles = cv_tile_cache_new();
        self->tiles_warm = FALSE;
        if (self->tile_width > 0) cv_tile_cache_set_tile_size(self->tiles, self->tile_width, self->tile_height);
    }
    else g_clear_pointer(&self->tiles, cv_tile_cache_free);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

gboolean cv_canvas_get_tile_cache(CvCanvas *self) { return self->tiles != NULL; }

void cv_canvas_set_tile_automatic(CvCanvas *self, gboolean automatic) {
    if (automatic == self->automatic) return;
    self->automatic = automatic;
    cv_tile_chooser_reset(&self->chooser);
    self->had_frame = FALSE;
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

gboolean cv_canvas_get_tile_automatic(CvCanvas *self) { return self->automatic; }

gboolean cv_canvas_chose_direct(CvCanvas *self, guint *choices) {
    if (choices) *choices = self->chooser.choices;
    /* The last decision, also while the ways are tried again (the trial may well confirm it). */
    return self->automatic && self->chooser.chose_direct; /* FALSE until it first chose */
}

void cv_canvas_set_tile_revisit(CvCanvas *self, guint frames) {
    self->chooser.revisit = frames;
}

void cv_canvas_set_cost_clock(CvCanvas *self, double (*clock)(void *data), void *data) {
    self->cost_clock = clock;
    self->cost_data = data;
    self->had_frame = FALSE;
}

void cv_canvas_set_tile_size(CvCanvas *self, double width, double height) {
    if (width == self->tile_width && height == self->tile_height) return;
    self->tile_width = width;
    self->tile_height = height;
    if (self->tiles) { cv_tile_cache_set_tile_size(self->tiles, width, height); gtk_widget_queue_draw(GTK_WIDGET(self)); }
}

void cv_canvas_set_tiles_suspended(CvCanvas *self, gboolean suspended) {
    if (suspended == self->tiles_suspended) return;
    self->tiles_suspended = suspended;
    if (self->tiles) gtk_widget_queue_draw(GTK_WIDGET(self));
}

void cv_canvas_set_visible(CvCanvas *self, double x, double y, double width, double height, gboolean mirrored) {
    if (self->has_visible && ((float)x != self->visible.origin.x || (float)y != self->visible.origin.y)) self->scrolled = TRUE;
    self->visible = GRAPHENE_RECT_INIT(x, y, width, height);
    if (mirrored != self->mirrored) { self->mirrored = mirrored; gtk_widget_queue_draw(GTK_WIDGET(self)); }
    self->has_visible = TRUE;
    /* Scrolled past the tiles drawn: draw again (a plain scroll otherwise only moves the canvas). */
    if (self->tiles && !self->tiles_suspended && !drawing_directly_by_choice(self) && !cv_tile_cache_covers(self->tiles, &self->visible))
        gtk_widget_queue_draw(GTK_WIDGET(self));
}

gboolean cv_canvas_drew_tiles(CvCanvas *self) { return self->drew_tiles; }

void cv_canvas_set_tile_churn(CvCanvas *self, gint64 churn, gint64 quiet) {
    if (self->tiles) cv_tile_cache_set_churn(self->tiles, churn, quiet);
}

void cv_canvas_get_tile_statistics(CvCanvas *self, guint *tiles, gsize *bytes, guint64 *renders, guint64 *direct_draws) {
    *tiles = 0; *bytes = 0; *renders = 0; *direct_draws = 0;
    if (self->tiles) cv_tile_cache_statistics(self->tiles, tiles, bytes, renders, direct_draws);
}

GtkWidget **cv_canvas_get_drawn(CvCanvas *self, guint *count) {
    *count = self->drawn->len;
    return (GtkWidget **)self->drawn->pdata;
}

/* ---- helpers ---------------------------------------------------------------------------- */

void cv_accessible_set_selected(GtkWidget *widget, gboolean selected) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}

void cv_accessible_set_description(GtkWidget *widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

void cv_accessible_set_level(GtkWidget *widget, int level) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LEVEL, level, -1);
}

void cv_accessible_reset_level(GtkWidget *widget) {
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LEVEL);
}

void cv_accessible_set_expanded(GtkWidget *widget, int expanded) {
    if (expanded < 0)
        gtk_accessible_reset_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_EXPANDED);
    else
        gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_EXPANDED, (gboolean)(expanded != 0), -1);
}

gboolean cv_accessible_expanded_is(GtkWidget *widget, int expanded) {
    if (expanded < 0) return !gtk_test_accessible_has_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_EXPANDED);
    if (!gtk_test_accessible_has_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_EXPANDED)) return FALSE;
    char *mismatch = gtk_test_accessible_check_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_EXPANDED, (gboolean)(expanded != 0));
    g_free(mismatch);
    return mismatch == NULL;
}

gboolean cv_accessible_level_is(GtkWidget *widget, int level) {
    if (level <= 0) return !gtk_test_accessible_has_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LEVEL);
    if (!gtk_test_accessible_has_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LEVEL)) return FALSE;
    char *mismatch = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LEVEL, level);
    g_free(mismatch);
    return mismatch == NULL;
}

void cv_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

gboolean cv_accessible_label_is(GtkWidget *widget, const char *label) {
    char *mismatch = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
    g_free(mismatch);
    return mismatch == NULL;
}

void cv_accessible_set_value(GtkWidget *widget, double minimum, double maximum, double now, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, minimum,
                                   GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, maximum, GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, now,
                                   GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text, -1);
}

gboolean cv_accessible_value_text_is(GtkWidget *widget, const char *text) {
    char *mismatch = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text);
    g_free(mismatch);
    return mismatch == NULL;
}

gboolean cv_animations_enabled(GtkWidget *widget) {
    gboolean enabled = TRUE;
    g_object_get(gtk_widget_get_settings(widget), "gtk-enable-animations", &enabled, NULL);
    return enabled;
}
