#include "accessible_selection.h"

/* GTK 4.8's GtkAccessible interface (gtkaccessibleprivate.h): its first method returns the
 * widget's GtkATContext. GTK 4.10 makes the call public (gtk_accessible_get_at_context). */
typedef struct {
    GTypeInterface g_iface;
    GtkATContext *(*get_at_context)(GtkAccessible *self);
} CvAccessibleInterface;

/* The widget's AT context, with a reference of its own; NULL when it has none. */
static GtkATContext *at_context(GtkWidget *widget) {
#if GTK_CHECK_VERSION(4, 10, 0)
    return gtk_accessible_get_at_context(GTK_ACCESSIBLE(widget));
#else
    CvAccessibleInterface *iface = g_type_interface_peek(G_OBJECT_GET_CLASS(widget), GTK_TYPE_ACCESSIBLE);
    if (iface == NULL || iface->get_at_context == NULL) return NULL;
    GtkATContext *context = iface->get_at_context(GTK_ACCESSIBLE(widget));
    return context ? g_object_ref(context) : NULL;
#endif
}

/* How many pointer-sized fields after GtkATContext's are looked through: GtkAtSpiContext
 * holds the root, in some versions the bus address, then the object path and the connection. */
#define CV_ATSPI_FIELDS_LOOKED_AT 4

/* GTK versions whose GtkAtSpiContext was checked to hold the fields looked through below
 * (AccessibleSelectionEventTests and scripts/a11y-probe.py --check pass on them). Elsewhere
 * nothing is sent: the fields are private, and reading a layout not checked could read
 * through a pointer that is not one. */
static const guint verified[][3] = {
    {4, 8, 3},
};

static gboolean running_a_verified_gtk(void) {
    for (gsize i = 0; i < G_N_ELEMENTS(verified); i++) {
        if (verified[i][0] == gtk_get_major_version() && verified[i][1] == gtk_get_minor_version()
            && verified[i][2] == gtk_get_micro_version()) return TRUE;
    }
    return FALSE;
}

gboolean cv_accessible_emit_selection_changed(GtkWidget *widget) {
    if (!running_a_verified_gtk()) return FALSE;
    GtkATContext *context = at_context(widget);
    if (context == NULL) return FALSE;
    gboolean sent = FALSE;
    GType type = G_OBJECT_TYPE(context);
    GdkDisplay *display = gtk_widget_get_display(widget);
    gpointer root = display ? g_object_get_data(G_OBJECT(display), "-gtk-atspi-root") : NULL;
    GTypeQuery parent;
    g_type_query(g_type_parent(type), &parent);
    GTypeQuery own;
    g_type_query(type, &own);
    gsize start = (parent.instance_size + sizeof(gpointer) - 1) / sizeof(gpointer) * sizeof(gpointer);
    if (root != NULL && g_strcmp0(g_type_name(type), "GtkAtSpiContext") == 0
        && own.instance_size >= start + (CV_ATSPI_FIELDS_LOOKED_AT + 1) * sizeof(gpointer)) {
        gpointer *fields = (gpointer *)((char *)context + start);
        /* The root first; then the object path, a string like "/org/gtk/application/…/a11y/…"
         * (a bus address, "unix:…", may come before it); the connection right after it. */
        if (fields[0] == root) {
            for (int i = 1; i < CV_ATSPI_FIELDS_LOOKED_AT; i++) {
                const char *path = fields[i];
                if (path == NULL || path[0] != '/' || !g_variant_is_object_path(path)) continue;
                GDBusConnection *connection = fields[i + 1];
                if (connection != NULL && G_IS_DBUS_CONNECTION(connection) && !g_dbus_connection_is_closed(connection)) {
                    sent = g_dbus_connection_emit_signal(connection, NULL, path, "org.a11y.atspi.Event.Object", "SelectionChanged",
                                                         g_variant_new("(siiva{sv})", "", 0, 0, g_variant_new_string(""), NULL),
                                                         NULL);
                }
                break;
            }
        }
    }
    g_object_unref(context);
    return sent;
}
