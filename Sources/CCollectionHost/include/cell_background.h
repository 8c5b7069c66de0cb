/* The widget a cell's background configuration draws (cell_background.c). */
#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A widget with the CSS name "cellbackground" that stacks its children (a background
 * configuration's custom view) at its full size, clips them to its rounded corners, takes no
 * pointer and is no node of the accessible tree: CSS draws the colour, the stroke and the
 * corners. */
#define CV_TYPE_CELL_BACKGROUND (cv_cell_background_get_type())
G_DECLARE_FINAL_TYPE(CvCellBackground, cv_cell_background, CV, CELL_BACKGROUND, GtkWidget)

GtkWidget *cv_cell_background_new(void);

G_END_DECLS
