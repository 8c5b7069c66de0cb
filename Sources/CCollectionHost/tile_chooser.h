/* Whether the canvas draws through its tiles or directly, chosen by what each costs here
 * (tile_chooser.c). Private. */
#pragma once
#include <glib.h>

/* Samples kept of each way. */
#define CV_CHOOSER_SAMPLES 15

typedef enum {
    CV_CHOOSER_TRYING_TILES,
    CV_CHOOSER_TRYING_DIRECT,
    CV_CHOOSER_DECIDED,
} CvChooserPhase;

typedef struct {
    CvChooserPhase phase;
    gboolean direct;    /* what frames draw now: directly (TRUE) or through the tiles */
    int skip;           /* samples still to leave out after a switch (warming up) */
    double tiles[CV_CHOOSER_SAMPLES], direct_costs[CV_CHOOSER_SAMPLES];
    int n_tiles, n_direct;
    int dearer;         /* direct samples in a row far dearer than the tiles' median */
    guint since_decided; /* scrolled frames since the choice */
    guint choices;      /* how many times it decided (tests, statistics) */
    gboolean chose_direct; /* the last decision, still what it chose while it tries again */
    guint revisit;      /* scrolled frames a choice holds before the next trial (tests shorten it) */
} CvTileChooser;

/* Starts again: tries the tiles, then drawing directly. Keeps the count of choices, the last
 * choice and the revisit interval. */
void cv_tile_chooser_reset(CvTileChooser *chooser);
/* The CPU one scrolled frame cost (any unit) in the way it drew now; TRUE when the way
 * changed (the canvas draws again). */
gboolean cv_tile_chooser_sample(CvTileChooser *chooser, double cost);
