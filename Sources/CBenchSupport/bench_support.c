#include "bench_support.h"
#include "collection_host.h"
#include "cairo_node_image.h"
#include <string.h>

/* ---- the lazy count model ---- */

#define CV_TYPE_BENCH_COUNT_MODEL (cv_bench_count_model_get_type())
G_DECLARE_FINAL_TYPE(CvBenchCountModel, cv_bench_count_model, CV, BENCH_COUNT_MODEL, GObject)

struct _CvBenchCountModel {
    GObject parent_instance;
    guint n;
};

static GType model_get_item_type(GListModel *model) { (void)model; return GTK_TYPE_STRING_OBJECT; }
static guint model_get_n_items(GListModel *model) { return CV_BENCH_COUNT_MODEL(model)->n; }
static gpointer model_get_item(GListModel *model, guint position) {
    if (position >= CV_BENCH_COUNT_MODEL(model)->n) return NULL;
    char text[32];
    g_snprintf(text, sizeof text, "Item %u", position);
    return gtk_string_object_new(text);
}

static void model_iface_init(GListModelInterface *iface) {
    iface->get_item_type = model_get_item_type;
    iface->get_n_items = model_get_n_items;
    iface->get_item = model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(CvBenchCountModel, cv_bench_count_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, model_iface_init))

static void cv_bench_count_model_class_init(CvBenchCountModelClass *klass) { (void)klass; }
static void cv_bench_count_model_init(CvBenchCountModel *self) { (void)self; }

GListModel *cv_bench_count_model_new(guint n) {
    CvBenchCountModel *model = g_object_new(CV_TYPE_BENCH_COUNT_MODEL, NULL);
    model->n = n;
    return G_LIST_MODEL(model);
}

/* ---- the cell ---- */

GtkWidget *cv_bench_cell_new(int width, int height) {
    GtkWidget *label = gtk_label_new(NULL);
    gtk_widget_set_size_request(label, width, height);
    if (g_getenv("CV_BENCH_HEAVY")) gtk_widget_add_css_class(label, "heavy"); /* a card: gradient, corners, shadow */
    return label;
}

void cv_bench_cell_set_number(GtkWidget *cell, guint number) {
    char text[32];
    g_snprintf(text, sizeof text, "Item %u", number);
    gtk_label_set_text(GTK_LABEL(cell), text);
}

/* ---- GtkGridView ---- */

typedef struct { int width, height; } CellSize;

static void grid_setup(GtkSignalListItemFactory *factory, GtkListItem *item, CellSize *size) {
    (void)factory;
    gtk_list_item_set_child(item, cv_bench_cell_new(size->width, size->height));
}

static void grid_bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory; (void)data;
    GtkStringObject *string = gtk_list_item_get_item(item);
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(string));
}

GtkWidget *cv_bench_grid_view_new(GListModel *model, guint columns, int cell_width, int cell_height) {
    CellSize *size = g_new(CellSize, 1);
    size->width = cell_width;
    size->height = cell_height;
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect_data(factory, "setup", G_CALLBACK(grid_setup), size, (GClosureNotify)g_free, 0);
    g_signal_connect(factory, "bind", G_CALLBACK(grid_bind), NULL);
    GtkSelectionModel *selection = GTK_SELECTION_MODEL(gtk_no_selection_new(model));
    GtkWidget *grid = gtk_grid_view_new(selection, factory);
    gtk_grid_view_set_min_columns(GTK_GRID_VIEW(grid), columns);
    gtk_grid_view_set_max_columns(GTK_GRID_VIEW(grid), columns);
    return grid;
}

/* ---- GtkFlowBox ---- */

GtkWidget *cv_bench_flow_box_new(guint n, guint columns, int cell_width, int cell_height) {
    GtkWidget *box = gtk_flow_box_new();
    gtk_flow_box_set_min_children_per_line(GTK_FLOW_BOX(box), columns);
    gtk_flow_box_set_max_children_per_line(GTK_FLOW_BOX(box), columns);
    gtk_flow_box_set_homogeneous(GTK_FLOW_BOX(box), TRUE);
    gtk_flow_box_set_selection_mode(GTK_FLOW_BOX(box), GTK_SELECTION_NONE);
    gtk_widget_set_valign(box, GTK_ALIGN_START);
    for (guint i = 0; i < n; i++) {
        GtkWidget *cell = cv_bench_cell_new(cell_width, cell_height);
        cv_bench_cell_set_number(cell, i);
        gtk_flow_box_append(GTK_FLOW_BOX(box), cell);
    }
    return box;
}

/* ---- GtkStringList ---- */

GtkStringList *cv_bench_string_list_new(guint n) {
    GtkStringList *list = gtk_string_list_new(NULL);
    const guint chunk = 65536;
    char **strings = g_new0(char *, chunk + 1);
    for (guint start = 0; start < n; start += chunk) {
        guint count = MIN(chunk, n - start);
        for (guint i = 0; i < count; i++) strings[i] = g_strdup_printf("Item %u", start + i);
        strings[count] = NULL;
        gtk_string_list_splice(list, start, 0, (const char *const *)strings);
        for (guint i = 0; i < count; i++) g_free(strings[i]);
    }
    g_free(strings);
    return list;
}

void cv_bench_string_list_splice_number(GtkStringList *list, guint position, guint n_removals, gint64 number) {
    if (number < 0) {
        gtk_string_list_splice(list, position, n_removals, NULL);
        return;
    }
    char text[32];
    g_snprintf(text, sizeof text, "Item %" G_GINT64_FORMAT, number);
    const char *strings[] = { text, NULL };
    gtk_string_list_splice(list, position, n_removals, strings);
}

void cv_bench_string_list_replace_all(GtkStringList *list, const gint64 *ids, guint n) {
    char **strings = g_new(char *, n + 1);
    for (guint i = 0; i < n; i++) strings[i] = g_strdup_printf("Item %" G_GINT64_FORMAT, ids[i]);
    strings[n] = NULL;
    gtk_string_list_splice(list, 0, g_list_model_get_n_items(G_LIST_MODEL(list)), (const char *const *)strings);
    g_strfreev(strings);
}

guint cv_bench_count_widgets(GtkWidget *widget) {
    guint n = 1;
    for (GtkWidget *c = gtk_widget_get_first_child(widget); c; c = gtk_widget_get_next_sibling(c))
        n += cv_bench_count_widgets(c);
    return n;
}

/* ---- a folder of images as GTK models, and GtkGridView over it (the folder benchmark) ---- */

static gboolean folder_is_image(gpointer item, gpointer data) {
    (void)data;
    GFileInfo *info = item;
    if (g_file_info_get_file_type(info) != G_FILE_TYPE_REGULAR) return FALSE;
    const char *name = g_file_info_get_name(info);
    if (name[0] == '.') return FALSE;
    const char *dot = strrchr(name, '.');
    if (!dot) return FALSE;
    return g_ascii_strcasecmp(dot, ".jpg") == 0 || g_ascii_strcasecmp(dot, ".jpeg") == 0 || g_ascii_strcasecmp(dot, ".png") == 0;
}

static const char *folder_collate_key(gconstpointer item) {
    GObject *object = G_OBJECT(item);
    const char *key = g_object_get_data(object, "bench-collate-key");
    if (key) return key;
    char *made = g_utf8_collate_key_for_filename(g_file_info_get_display_name(G_FILE_INFO(object)), -1);
    g_object_set_data_full(object, "bench-collate-key", made, g_free);
    return made;
}

static int folder_compare(gconstpointer a, gconstpointer b, gpointer data) {
    (void)data;
    return strcmp(folder_collate_key(a), folder_collate_key(b));
}

GListModel *cv_bench_folder_model_new(const char *root, GPtrArray *lists_out) {
    GListStore *store = g_list_store_new(G_TYPE_LIST_MODEL);
    GPtrArray *folders = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_add(folders, g_strdup(root));
    GDir *dir = g_dir_open(root, 0, NULL);
    if (dir) {
        GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
        const char *name;
        while ((name = g_dir_read_name(dir))) {
            if (name[0] == '.') continue;
            char *path = g_build_filename(root, name, NULL);
            if (g_file_test(path, G_FILE_TEST_IS_DIR)) g_ptr_array_add(names, path); else g_free(path);
        }
        g_dir_close(dir);
        g_ptr_array_sort(names, (GCompareFunc)g_strcmp0);  /* the bench's folders are set-01...set-10 */
        for (guint i = 0; i < names->len; i++) g_ptr_array_add(folders, g_strdup(names->pdata[i]));
        g_ptr_array_unref(names);
    }
    for (guint i = 0; i < folders->len; i++) {
        GFile *file = g_file_new_for_path(folders->pdata[i]);
        GtkDirectoryList *list = gtk_directory_list_new("standard::name,standard::display-name,standard::type", file);
        g_object_unref(file);
        g_ptr_array_add(lists_out, list);
        GtkFilterListModel *filtered = gtk_filter_list_model_new(G_LIST_MODEL(list), GTK_FILTER(gtk_custom_filter_new(folder_is_image, NULL, NULL)));
        GtkSortListModel *sorted = gtk_sort_list_model_new(G_LIST_MODEL(filtered), GTK_SORTER(gtk_custom_sorter_new(folder_compare, NULL, NULL)));
        g_list_store_append(store, sorted);
        g_object_unref(sorted);
    }
    g_ptr_array_unref(folders);
    return G_LIST_MODEL(gtk_flatten_list_model_new(G_LIST_MODEL(store)));
}

gboolean cv_bench_folder_lists_loading(GPtrArray *lists) {
    for (guint i = 0; i < lists->len; i++) if (gtk_directory_list_is_loading(lists->pdata[i])) return TRUE;
    return FALSE;
}

static void file_bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory; (void)data;
    GFileInfo *info = gtk_list_item_get_item(item);
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), g_file_info_get_display_name(info));
}

GtkWidget *cv_bench_file_grid_view_new(GListModel *files, guint columns, int cell_width, int cell_height) {
    static CellSize size;
    size.width = cell_width;
    size.height = cell_height;
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(grid_setup), &size);
    g_signal_connect(factory, "bind", G_CALLBACK(file_bind), NULL);
    GtkWidget *grid = gtk_grid_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(files)), factory);
    gtk_grid_view_set_max_columns(GTK_GRID_VIEW(grid), columns);
    gtk_grid_view_set_min_columns(GTK_GRID_VIEW(grid), columns);
    return grid;
}

/* ---- the floor: one picture the size of the viewport, drawn once a frame ---- */

/* An X pixmap under X11, `columns` x `rows` pixels; an image elsewhere. Painted into once
 * through cairo's shared memory (floor_snapshot), cairo keeps that memory as its picture of the
 * pixmap and reads it in place when the pixmap is painted: the fastest picture found to paint
 * onto the image GTK 4.8's cairo renderer draws a frame into. */
static cairo_surface_t *held_pixmap_new(GtkWidget *widget, int columns, int rows) {
    cairo_surface_t *surface = NULL, *root = cv_x11_root_surface(widget);
    if (root) {
        surface = cairo_surface_create_similar(root, CAIRO_CONTENT_COLOR, columns, rows);
        cairo_surface_destroy(root);
        if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) g_clear_pointer(&surface, cairo_surface_destroy);
    }
    return surface ? surface : cairo_image_surface_create(CAIRO_FORMAT_RGB24, columns, rows);
}

/* A widget as tall as `height` whose snapshot draws one picture the size of the view where the
 * view is (the adjustment's value): what a scrolled frame costs when nothing but one picture
 * is drawn (as a texture, a recorded image or a held pixmap: cv_bench_floor_set_kind). */
#define CV_TYPE_BENCH_FLOOR (cv_bench_floor_get_type())
G_DECLARE_FINAL_TYPE(CvBenchFloor, cv_bench_floor, CV, BENCH_FLOOR, GtkWidget)

struct _CvBenchFloor {
    GtkWidget parent_instance;
    GdkTexture *texture;
    GtkAdjustment *adjustment;
    int content_height;
    int kind;                 /* CV_BENCH_FLOOR_*: how the picture is drawn */
    cairo_surface_t *surface; /* the picture as a cairo surface, made at the first frame */
};

G_DEFINE_FINAL_TYPE(CvBenchFloor, cv_bench_floor, GTK_TYPE_WIDGET)

static void floor_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                          int *minimum_baseline, int *natural_baseline) {
    (void)for_size;
    CvBenchFloor *self = CV_BENCH_FLOOR(widget);
    *minimum = *natural = orientation == GTK_ORIENTATION_VERTICAL ? self->content_height : 1;
    *minimum_baseline = *natural_baseline = -1;
}

static void floor_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    CvBenchFloor *self = CV_BENCH_FLOOR(widget);
    if (!self->texture) return; /* the empty frame: GTK's own cost of a frame that draws nothing */
    double y = self->adjustment ? gtk_adjustment_get_value(self->adjustment) : 0;
    int width = gdk_texture_get_width(self->texture), height = gdk_texture_get_height(self->texture);
    graphene_rect_t rect = GRAPHENE_RECT_INIT(0, (float)y, width, height);
    /* What the tile cache does under cairo on X11: otherwise cairo makes its shared-memory pool
     * anew for each frame's upload, which costs the process and the X server (tile_cache.c). */
    if (GSK_IS_CAIRO_RENDERER(gtk_native_get_renderer(gtk_widget_get_native(widget)))) cv_keep_shm_pool(widget, gtk_widget_get_scale_factor(widget));
    if (self->kind == CV_BENCH_FLOOR_TEXTURE) { gtk_snapshot_append_texture(snapshot, self->texture, &rect); return; }
    if (!self->surface) {
        self->surface = self->kind == CV_BENCH_FLOOR_HELD_PIXMAP
            ? held_pixmap_new(widget, width, height)
            : cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
        cairo_surface_t *pixels = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
        gdk_texture_download(self->texture, cairo_image_surface_get_data(pixels), cairo_image_surface_get_stride(pixels));
        cairo_surface_mark_dirty(pixels);
        cairo_t *cr = cairo_create(self->surface);
        cairo_set_source_surface(cr, pixels, 0, 0);
        cairo_paint(cr);
        cairo_destroy(cr);
        cairo_surface_destroy(pixels);
    }
    if (self->kind == CV_BENCH_FLOOR_HELD_PIXMAP || self->kind == CV_BENCH_FLOOR_HELD_IMAGE) {
        /* A node holding the surface, placed by its device offset. */
        cairo_surface_set_device_offset(self->surface, 0, -y);
        GskRenderNode *node = cv_cairo_node_holding(self->surface, &rect);  /* as the tile cache does */
        gtk_snapshot_append_node(snapshot, node);
        gsk_render_node_unref(node);
        return;
    }
    cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &rect);
    cairo_set_source_surface(cr, self->surface, 0, y);
    cairo_paint(cr);
    cairo_destroy(cr);
}

void cv_bench_floor_set_kind(GtkWidget *floor, int kind) { CV_BENCH_FLOOR(floor)->kind = kind; }

static void floor_dispose(GObject *object) {
    CvBenchFloor *self = CV_BENCH_FLOOR(object);
    g_clear_object(&self->texture);
    g_clear_object(&self->adjustment);
    g_clear_pointer(&self->surface, cairo_surface_destroy);
    G_OBJECT_CLASS(cv_bench_floor_parent_class)->dispose(object);
}

static void cv_bench_floor_class_init(CvBenchFloorClass *klass) {
    G_OBJECT_CLASS(klass)->dispose = floor_dispose;
    GTK_WIDGET_CLASS(klass)->measure = floor_measure;
    GTK_WIDGET_CLASS(klass)->snapshot = floor_snapshot;
}

static void cv_bench_floor_init(CvBenchFloor *self) { (void)self; }

static void floor_scrolled(GtkAdjustment *adjustment, GtkWidget *widget) { (void)adjustment; gtk_widget_queue_draw(widget); }

GtkWidget *cv_bench_floor_new(int width, int height, int content_height) {
    CvBenchFloor *self = g_object_new(CV_TYPE_BENCH_FLOOR, NULL);
    self->content_height = content_height;
    if (width <= 0) return GTK_WIDGET(self);
    /* Pixels that vary, so nothing can take a shortcut for a flat colour. */
    gsize stride = (gsize)width * 4;
    guchar *data = g_malloc(stride * height);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            guchar *p = data + y * stride + x * 4;
            p[0] = (guchar)(x * 7); p[1] = (guchar)(y * 3); p[2] = (guchar)(x ^ y); p[3] = 255;
        }
    GBytes *bytes = g_bytes_new_take(data, stride * height);
    self->texture = gdk_memory_texture_new(width, height, GDK_MEMORY_DEFAULT, bytes, stride);
    g_bytes_unref(bytes);
    return GTK_WIDGET(self);
}

void cv_bench_floor_follow(GtkWidget *floor, GtkAdjustment *adjustment) {
    CvBenchFloor *self = CV_BENCH_FLOOR(floor);
    g_set_object(&self->adjustment, adjustment);
    g_signal_connect(adjustment, "value-changed", G_CALLBACK(floor_scrolled), floor);
}


/* ---- GtkListView of rows: an icon, a title over a subtitle, a disclosure arrow ---- */

/* The row an app builds by hand for GtkListView, as an AdwActionRow lays it out: a 16 px icon,
 * 12 px between the parts, 6 px above and below, 12 at the sides, 55 px high in all (as high as
 * ListContentConfiguration.cell() makes a row, AdwActionRow's pitch in a boxed list). */
static void list_row_setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory; (void)data;
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    gtk_widget_set_size_request(row, -1, 43);  /* + 6 above and below: 55, a list cell's height */
    gtk_widget_set_margin_start(row, 12);
    gtk_widget_set_margin_end(row, 12);
    gtk_widget_set_margin_top(row, 6);
    gtk_widget_set_margin_bottom(row, 6);
    GtkWidget *icon = gtk_image_new_from_icon_name("avatar-default-symbolic");
    gtk_box_append(GTK_BOX(row), icon);
    GtkWidget *texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 3);
    gtk_widget_set_hexpand(texts, TRUE);
    gtk_widget_set_valign(texts, GTK_ALIGN_CENTER);
    GtkWidget *title = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_label_set_ellipsize(GTK_LABEL(title), PANGO_ELLIPSIZE_END);
    GtkWidget *subtitle = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(subtitle), 0);
    gtk_label_set_ellipsize(GTK_LABEL(subtitle), PANGO_ELLIPSIZE_END);
    gtk_widget_add_css_class(subtitle, "dim-label");
    gtk_widget_add_css_class(subtitle, "caption");
    gtk_box_append(GTK_BOX(texts), title);
    gtk_box_append(GTK_BOX(texts), subtitle);
    gtk_box_append(GTK_BOX(row), texts);
    gtk_box_append(GTK_BOX(row), gtk_image_new_from_icon_name("go-next-symbolic"));
    gtk_list_item_set_child(item, row);
}

static void list_row_bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory; (void)data;
    GtkWidget *row = gtk_list_item_get_child(item);
    GtkWidget *texts = gtk_widget_get_next_sibling(gtk_widget_get_first_child(row));
    GtkWidget *title = gtk_widget_get_first_child(texts);
    GtkWidget *subtitle = gtk_widget_get_next_sibling(title);
    guint position = gtk_list_item_get_position(item);
    char text[48];
    g_snprintf(text, sizeof text, "Contact %u", position);
    gtk_label_set_text(GTK_LABEL(title), text);
    g_snprintf(text, sizeof text, "Mobile %u", position);
    gtk_label_set_text(GTK_LABEL(subtitle), text);
}

GtkWidget *cv_bench_list_view_new(GListModel *model) {
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(list_row_setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(list_row_bind), NULL);
    GtkSelectionModel *selection = GTK_SELECTION_MODEL(gtk_no_selection_new(model));
    return gtk_list_view_new(selection, factory);
}

/* ---- the outline benchmark's tree as a GtkTreeListModel ---- */

/* A GListModel of "Item <base + i>" strings, i < n, made on demand. */
static GListModel *range_model_new(guint base, guint n) {
    GtkStringList *list = gtk_string_list_new(NULL);
    char text[32];
    for (guint i = 0; i < n; i++) {
        g_snprintf(text, sizeof text, "Item %u", base + i);
        gtk_string_list_append(list, text);
    }
    return G_LIST_MODEL(list);
}

/* OutlineCoreBenchmark's tree: roots 0 and 1; 0 has 799 folders (1000000...) of 1,000 files
 * each (10000000... in folder order); 1 has 100,000 children (2000000...), the last of which
 * has 100,000 files after the folders' files. */
static GListModel *outline_children(gpointer item, gpointer data) {
    (void)data;
    guint id = (guint)g_ascii_strtoull(gtk_string_object_get_string(GTK_STRING_OBJECT(item)) + 5, NULL, 10);
    const guint folders = 799, files = 1000, wide = 100000;
    if (id == 0) return range_model_new(1000000, folders);
    if (id == 1) return range_model_new(2000000, wide);
    if (id >= 1000000 && id < 1000000 + folders) return range_model_new(10000000 + (id - 1000000) * files, files);
    if (id == 2000000 + wide - 1) return range_model_new(10000000 + folders * files, wide);
    return NULL;
}

/* Binds a row of the tree: the label shows the row's item, as grid_bind does for a string. */
static void tree_bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory; (void)data;
    GtkTreeListRow *row = gtk_list_item_get_item(item);
    GObject *string = gtk_tree_list_row_get_item(row);
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(GTK_STRING_OBJECT(string)));
    g_object_unref(string);
}

GtkTreeListModel *cv_bench_outline_tree_new(void) {
    return gtk_tree_list_model_new(range_model_new(0, 2), FALSE, TRUE, outline_children, NULL, NULL);
}

guint cv_bench_tree_row_id(GtkTreeListModel *model, guint position) {
    GtkTreeListRow *row = gtk_tree_list_model_get_row(model, position);
    if (!row) return G_MAXUINT;
    GObject *item = gtk_tree_list_row_get_item(row);
    guint id = (guint)g_ascii_strtoull(gtk_string_object_get_string(GTK_STRING_OBJECT(item)) + 5, NULL, 10);
    g_object_unref(item);
    g_object_unref(row);
    return id;
}

void cv_bench_tree_set_expanded(GtkTreeListModel *model, guint position, gboolean expanded) {
    GtkTreeListRow *row = gtk_tree_list_model_get_row(model, position);
    gtk_tree_list_row_set_expanded(row, expanded);
    g_object_unref(row);
}

GtkWidget *cv_bench_tree_list_view_new(GtkTreeListModel *model, int cell_width, int cell_height) {
    CellSize *size = g_new(CellSize, 1);
    size->width = cell_width;
    size->height = cell_height;
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect_data(factory, "setup", G_CALLBACK(grid_setup), size, (GClosureNotify)g_free, 0);
    g_signal_connect(factory, "bind", G_CALLBACK(tree_bind), NULL);
    GtkSelectionModel *selection = GTK_SELECTION_MODEL(gtk_no_selection_new(g_object_ref(G_LIST_MODEL(model))));
    return gtk_list_view_new(selection, factory);
}
