/* The automatic tile cache: tiles or not, by measurement. Whether pictures of bands cost less
 * than drawing the views depends on the views and the renderer: under cairo, gradients and
 * shadows cost sixteen times what copying their pixels does, while plain labels cost about the
 * same; under software GL, sampling a texture over the whole viewport costs more than drawing
 * the labels' glyphs. So the canvas measures the CPU per scrolled frame both ways (under cairo
 * the main thread's, where it draws, so that the app's own threads do not sway the choice;
 * under GL the process's, as a software GL renderer draws in threads of its own) and keeps the
 * cheaper.
 *
 * A trial takes CV_CHOOSER_SAMPLES scrolled frames each way, tiles first, leaving out the frames
 * that warm a way up (the first frame through the tiles draws every band in view). Drawing
 * directly stops being tried as soon as two frames in a row cost far more than the tiles'
 * median, so views that are dear to draw cost two or three slow frames once a minute of
 * scrolling, not fifteen. A tie keeps the tiles. The choice is tried again after REVISIT
 * scrolled frames, as content and the window change. */
#include "tile_chooser.h"

#include <stdlib.h>

#define WARM_TILES 4  /* bands in view are drawn in the first frames */
#define WARM_DIRECT 1
#define MARGIN 0.05   /* drawing directly must save this much to be chosen */
#define FAR_DEARER 1.5
#define REVISIT 3600  /* about a minute of scrolling at 60 frames a second */

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(const double *values, int count) {
    double sorted[CV_CHOOSER_SAMPLES];
    for (int i = 0; i < count; i++) sorted[i] = values[i];
    qsort(sorted, (size_t)count, sizeof(double), compare);
    return count % 2 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2;
}

void cv_tile_chooser_reset(CvTileChooser *chooser) {
    CvTileChooser kept = *chooser;
    *chooser = (CvTileChooser){ .phase = CV_CHOOSER_TRYING_TILES, .direct = FALSE, .skip = WARM_TILES,
                                .choices = kept.choices, .chose_direct = kept.chose_direct,
                                .revisit = kept.revisit ? kept.revisit : REVISIT };
}

static gboolean decide(CvTileChooser *chooser, gboolean direct) {
    gboolean changed = direct != chooser->direct;
    chooser->direct = direct;
    chooser->chose_direct = direct;
    chooser->phase = CV_CHOOSER_DECIDED;
    chooser->since_decided = 0;
    chooser->skip = 0;
    chooser->choices++;
    return changed;
}

gboolean cv_tile_chooser_sample(CvTileChooser *chooser, double cost) {
    if (chooser->skip > 0) {
        chooser->skip--;
        return FALSE;
    }
    switch (chooser->phase) {
    case CV_CHOOSER_TRYING_TILES:
        chooser->tiles[chooser->n_tiles++] = cost;
        if (chooser->n_tiles < CV_CHOOSER_SAMPLES) return FALSE;
        chooser->phase = CV_CHOOSER_TRYING_DIRECT;
        chooser->direct = TRUE;
        chooser->skip = WARM_DIRECT;
        return TRUE;
    case CV_CHOOSER_TRYING_DIRECT: {
        double tiles = median(chooser->tiles, chooser->n_tiles);
        chooser->direct_costs[chooser->n_direct++] = cost;
        chooser->dearer = cost > tiles * FAR_DEARER ? chooser->dearer + 1 : 0;
        if (chooser->dearer >= 2) return decide(chooser, FALSE);
        if (chooser->n_direct < CV_CHOOSER_SAMPLES) return FALSE;
        return decide(chooser, median(chooser->direct_costs, chooser->n_direct) < tiles * (1 - MARGIN));
    }
    case CV_CHOOSER_DECIDED:
        if (++chooser->since_decided < chooser->revisit) return FALSE;
        gboolean was_direct = chooser->direct;
        cv_tile_chooser_reset(chooser);
        return was_direct;
    }
    return FALSE;
}
