#pragma once
#include <gtk/gtk.h>
#include <malloc.h>

G_BEGIN_DECLS

/* A GListModel of `n` GtkStringObjects made on demand ("Item 0", "Item 1"...), so a model of
 * ten million costs nothing until items are asked for: GtkGridView gets the same lazy data
 * our collection view gets from its data source. */
GListModel *cv_bench_count_model_new(guint n);

/* The one cell widget every contender shows: a label of a fixed size. */
GtkWidget *cv_bench_cell_new(int width, int height);
void cv_bench_cell_set_number(GtkWidget *cell, guint number);

/* GtkGridView over the model with `columns` columns of cv_bench_cell widgets. */
GtkWidget *cv_bench_grid_view_new(GListModel *model, guint columns, int cell_width, int cell_height);

/* GtkListView over the model, each row built from a box of widgets as an app would for a
 * contacts list: an icon, a title over a dimmed subtitle, a disclosure arrow. */
GtkWidget *cv_bench_list_view_new(GListModel *model);

/* GtkFlowBox holding `n` cv_bench_cell widgets, `columns` per line. */
GtkWidget *cv_bench_flow_box_new(guint n, guint columns, int cell_width, int cell_height);

/* A GtkStringList of "Item 0" ... "Item n-1": the data a GtkGridView shows in the diff benchmark. */
GtkStringList *cv_bench_string_list_new(guint n);

/* Replaces `n_removals` items at `position` with one "Item <number>" string, or with nothing
 * when `number` is negative: one gtk_string_list_splice, one items-changed. */
void cv_bench_string_list_splice_number(GtkStringList *list, guint position, guint n_removals, gint64 number);

/* Replaces every item with "Item <ids[i]>", i < n: one splice, one items-changed. */
void cv_bench_string_list_replace_all(GtkStringList *list, const gint64 *ids, guint n);

/* Every widget in the subtree under `widget`, itself included. */
guint cv_bench_count_widgets(GtkWidget *widget);

/* A folder's images as GTK models, as the gallery reads them: a GtkDirectoryList per folder
 * (the folder and its subfolders; appended to `lists_out`), filtered to .jpg/.jpeg/.png, sorted
 * by name in natural order, flattened. */
GListModel *cv_bench_folder_model_new(const char *root, GPtrArray *lists_out);
gboolean cv_bench_folder_lists_loading(GPtrArray *lists);

/* GtkGridView over a folder model, each cell a label with the file's name (no pictures). */
GtkWidget *cv_bench_file_grid_view_new(GListModel *files, guint columns, int cell_width, int cell_height);

/* OutlineCoreBenchmark's million-item tree as a GtkTreeListModel (every row expanded as it is
 * made), the id of the item at a row, expanding or collapsing a row, and a GtkListView over it
 * with the cv_bench_cell label of the scroll benchmarks. */
GtkTreeListModel *cv_bench_outline_tree_new(void);
guint cv_bench_tree_row_id(GtkTreeListModel *model, guint position);
void cv_bench_tree_set_expanded(GtkTreeListModel *model, guint position, gboolean expanded);
GtkWidget *cv_bench_tree_list_view_new(GtkTreeListModel *model, int cell_width, int cell_height);

G_END_DECLS

/* The floor of a scrolled frame: a widget `content_height` tall that draws one width x height
 * texture where the view is, following `adjustment` (cv_bench_floor_follow). */
GtkWidget *cv_bench_floor_new(int width, int height, int content_height);
void cv_bench_floor_follow(GtkWidget *floor, GtkAdjustment *adjustment);
/* How the floor's picture is drawn: a texture node (the default: GTK's way to draw pixels);
 * a cairo node recording one paint of an image surface (gtk_snapshot_append_cairo, the tile
 * cache's way under cairo); a node holding an X pixmap (under X11; an image elsewhere), the
 * least this GTK can be made to do to put a viewport of pixels on screen under cairo. */
enum { CV_BENCH_FLOOR_TEXTURE = 0, CV_BENCH_FLOOR_RECORDED_IMAGE = 1, CV_BENCH_FLOOR_HELD_PIXMAP = 2, CV_BENCH_FLOOR_HELD_IMAGE = 3 };
void cv_bench_floor_set_kind(GtkWidget *floor, int kind);
