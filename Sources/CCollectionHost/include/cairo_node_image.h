/* A cairo render node that paints an image as it is (cairo_node_image.c says why and how). */
#pragma once
#include <gtk/gtk.h>

/* A cairo node that paints `image` (any cairo surface, placed by its device offset) within
 * `bounds`. On a GTK verified to keep a cairo node's surface where this looks for it, the node
 * holds `image` itself; elsewhere it holds a recording of painting `image`, which draws the
 * same pixels at a higher cost per frame. */
GskRenderNode *cv_cairo_node_holding(cairo_surface_t *image, const graphene_rect_t *bounds);

/* Whether nodes made now hold their images (the running GTK is verified and the node's field
 * checked out); FALSE until a node was made, and after a check failed. */
gboolean cv_cairo_node_holds_images(void);

/* Whether GTK `major.minor.micro` is one this was verified on. */
gboolean cv_cairo_node_image_verified(guint major, guint minor, guint micro);

/* Tests: behave as if the running GTK were `major.minor.micro` (0.0.0: the real one again). */
void cv_cairo_node_image_pretend_version(guint major, guint minor, guint micro);
