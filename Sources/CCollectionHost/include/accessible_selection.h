#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Sends AT-SPI's object:selection-changed event from `widget`'s accessible object, the event
 * GTK sends for a GtkGridView or GtkListView whenever its selection model says
 * "selection-changed" (screen readers re-read the selection on it). GTK 4.8 has no public call
 * for it, and sends it only for its own selection widgets (gtkatspiselection.c picks them by
 * type), so this finds the D-Bus connection and object path GTK exposes the widget's AT-SPI
 * context on, and sends on them the signal GTK's own emit_selection_changed sends.
 *
 * The context's connection and path are private fields: read only on a GTK listed as checked
 * (accessible_selection.c), and there found by checking, not assumed (the root object GTK keeps on the display comes first, then an object path, then a
 * D-Bus connection). Returns FALSE, having sent nothing, when anything differs: no
 * accessibility bus, another accessibility backend, or another layout of GTK's private struct. */
gboolean cv_accessible_emit_selection_changed(GtkWidget *widget);

G_END_DECLS
