/* The background widget of a cell (BackgroundConfiguration in the view layer). A type of its
 * own gives it a CSS name that no theme or app rule for reusable views matches by accident,
 * and the presentation role keeps it out of what assistive technologies read. */
#include "cell_background.h"

struct _CvCellBackground {
    GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE(CvCellBackground, cv_cell_background, GTK_TYPE_WIDGET)

static void cv_cell_background_dispose(GObject *object) {
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL) gtk_widget_unparent(child);
    G_OBJECT_CLASS(cv_cell_background_parent_class)->dispose(object);
}

static void cv_cell_background_class_init(CvCellBackgroundClass *klass) {
    G_OBJECT_CLASS(klass)->dispose = cv_cell_background_dispose;
    gtk_widget_class_set_layout_manager_type(GTK_WIDGET_CLASS(klass), GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "cellbackground");
    gtk_widget_class_set_accessible_role(GTK_WIDGET_CLASS(klass), GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void cv_cell_background_init(CvCellBackground *self) {
    GtkWidget *widget = GTK_WIDGET(self);
    gtk_widget_set_can_target(widget, FALSE);
    gtk_widget_set_can_focus(widget, FALSE);
    gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN);
}

GtkWidget *cv_cell_background_new(void) {
    return g_object_new(CV_TYPE_CELL_BACKGROUND, NULL);
}
