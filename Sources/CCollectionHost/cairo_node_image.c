/* A cairo render node that holds an image, which GTK 4.8 makes only privately.
 *
 * The cairo renderer paints a cairo node's surface. A node made the public way
 * (gsk_cairo_node_new, then drawing into gsk_cairo_node_get_draw_context) holds a recording,
 * which the renderer replays into a new cleared image and blends on every frame it paints the
 * node; a node holding an image (gsk_cairo_node_new_for_surface, private in GTK 4.8) is copied
 * once, and an opaque one with no blending. For the tile cache, which paints a few large
 * pictures every scrolled frame, that difference is most of what a frame costs.
 *
 * So on a GTK listed in `verified` the node is made the public way and the recording it holds
 * is replaced by the image in the node's private field (GskCairoNode's only field after the
 * common ones). That writes a private structure, so it is guarded three ways: only GTK
 * versions checked to lay the node out so are listed; the field must hold exactly the
 * recording gsk_cairo_node_get_surface returns before it is written; and after the write
 * gsk_cairo_node_get_surface must return the image. The node destroys the surface it holds
 * when freed, so the image is referenced for it and the recording destroyed. Anywhere else,
 * or once a check failed, the image is painted into the recording: the public way, the same
 * pixels. CairoNodeImageTests checks both on the GTK at hand. */
#include "cairo_node_image.h"

typedef struct {
    guint major, minor, micro;
    int word; /* the pointer-sized word of the node holding its surface */
} Verified;

/* To add a version: read the word from GskCairoNode in its gsk/gskrendernodeimpl.c (the field
 * after GskRenderNode, gskrendernodeprivate.h), list it, and run CairoNodeImageTests on it under
 * cairo and GL: they fail if the node does not end up holding the image. */
static const Verified verified[] = {
    {4, 8, 3, 4},
};

enum { UNDECIDED = -2, PUBLIC_WAY = -1 };
static int word = UNDECIDED;   /* the verified word for the running GTK, or PUBLIC_WAY */
static gboolean held = FALSE;  /* nodes hold their images (one did, and no check failed) */
static guint pretended[3];     /* tests: a version to behave as if running */

static const Verified *lookup(guint major, guint minor, guint micro) {
    for (gsize i = 0; i < G_N_ELEMENTS(verified); i++) {
        if (verified[i].major == major && verified[i].minor == minor && verified[i].micro == micro) return &verified[i];
    }
    return NULL;
}

gboolean cv_cairo_node_image_verified(guint major, guint minor, guint micro) {
    return lookup(major, minor, micro) != NULL;
}

void cv_cairo_node_image_pretend_version(guint major, guint minor, guint micro) {
    pretended[0] = major, pretended[1] = minor, pretended[2] = micro;
    word = UNDECIDED;
    held = FALSE;
}

gboolean cv_cairo_node_holds_images(void) { return held; }

static int decide(void) {
    const Verified *entry = pretended[0] != 0
        ? lookup(pretended[0], pretended[1], pretended[2])
        : lookup(gtk_get_major_version(), gtk_get_minor_version(), gtk_get_micro_version());
    return entry ? entry->word : PUBLIC_WAY;
}

GskRenderNode *cv_cairo_node_holding(cairo_surface_t *image, const graphene_rect_t *bounds) {
    GskRenderNode *node = gsk_cairo_node_new(bounds);
    cairo_t *cr = gsk_cairo_node_get_draw_context(node);
    cairo_surface_t *recording = gsk_cairo_node_get_surface(node); /* NULL for empty bounds */
    if (word == UNDECIDED) word = decide();
    if (word != PUBLIC_WAY && recording) {
        cairo_surface_t **words = (cairo_surface_t **)node;
        if (words[word] == recording) {
            words[word] = image;
            if (gsk_cairo_node_get_surface(node) == image) {
                cairo_surface_reference(image);
                cairo_destroy(cr);
                cairo_surface_destroy(recording);
                held = TRUE;
                return node;
            }
            words[word] = recording;
        }
        word = PUBLIC_WAY; /* not laid out as verified: the public way from now on */
        held = FALSE;
    }
    cairo_set_source_surface(cr, image, 0, 0);
    cairo_paint(cr);
    cairo_destroy(cr);
    return node;
}
