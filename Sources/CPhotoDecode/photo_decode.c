/* The C side of the gallery's photo decoder: see include/photo_decode.h. */
#include "photo_decode.h"

#include <vips/vips.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

static gboolean vips_ready = FALSE;

/* vips warns on stderr about what it could not read (a bad CRC, a truncated file), which the
 * window already tells as a message naming the file: kept for G_MESSAGES_DEBUG=VIPS. */
static void vips_warning_as_debug(const char *domain, GLogLevelFlags level, const char *message, gpointer data) {
    (void)level;
    g_log_default_handler(domain, G_LOG_LEVEL_DEBUG, message, data);
}

void photo_vips_setup(void) {
    static gsize done = 0;
    if (g_once_init_enter(&done)) {
        g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, vips_warning_as_debug, NULL);
        if (vips_init("gallery") == 0) {
            vips_cache_set_max(0);
            vips_cache_set_max_mem(0);
            vips_concurrency_set(1);
            vips_ready = TRUE;
        }
        g_once_init_leave(&done, 1);
    }
}

/* vips' error buffer is the process's, shared by every thread: take what is there and clear
 * it under vips' own lock (vips_error_buffer_copy), so the next failure says only its own
 * reason and two decoding threads never read it while the other writes it. */
static char *take_vips_error(void) {
    char *text = vips_error_buffer_copy();
    char *copy = g_strstrip(g_strdup(text && *text ? text : "the image could not be decoded"));
    g_free(text);
    return copy;
}

/* The vips loaders the gallery uses, by class name (what vips_foreign_find_load_source
 * returns): the formats it lists (FolderContent.imageExtensions) that
 * vips reads from a source. Others (vips reads CSV, matrices, FITS, PDF...) are left out: a
 * file named .png that is something else is not shown as that. */
static gboolean known_loader(const char *loader, gboolean *is_jpeg, PhotoDecoding *decoding) {
    static const struct { const char *name; PhotoDecoding decoding; } loaders[] = {
        { "VipsForeignLoadJpegSource", PHOTO_STREAMED },  /* libjpeg shrinks by 2, 4 or 8 while decoding (GdkPixbuf's loader) */
        { "VipsForeignLoadPngSource", PHOTO_STREAMED },   /* row by row (unless interlaced: see below) */
        { "VipsForeignLoadWebpSource", PHOTO_STREAMED },  /* libwebp scales while decoding */
        { "VipsForeignLoadTiffSource", PHOTO_STREAMED },  /* strip by strip or tile by tile */
        { "VipsForeignLoadNsgifSource", PHOTO_WHOLE },    /* each frame drawn on a whole canvas */
        { "VipsForeignLoadSvgSource", PHOTO_VECTOR },     /* drawn at the thumbnail's size */
    };
    for (size_t i = 0; i < G_N_ELEMENTS(loaders); i++) {
        if (strcmp(loader, loaders[i].name) == 0) {
            *is_jpeg = i == 0;
            *decoding = loaders[i].decoding;
            return TRUE;
        }
    }
    return FALSE;
}

static int64_t limit_for(PhotoDecoding decoding, const PhotoRequest *request) {
    switch (decoding) {
    case PHOTO_STREAMED: return request->streamed_limit;
    case PHOTO_WHOLE: return request->whole_limit;
    case PHOTO_VECTOR: return INT64_MAX;
    }
    return request->whole_limit;
}

static void free_pixels(guchar *pixels, gpointer data) { (void)data; g_free(pixels); }

/* An 8-bit sRGB GdkPixbuf (3 or 4 channels) of a vips image. */
static GdkPixbuf *pixbuf_of(VipsImage *image, char **error) {
    VipsImage *current = image;
    g_object_ref(current);
    VipsImage *next = NULL;
    if (vips_image_get_interpretation(current) != VIPS_INTERPRETATION_sRGB
        && vips_colourspace(current, &next, VIPS_INTERPRETATION_sRGB, NULL) == 0) {
        g_object_unref(current);
        current = next;
    }
    g_free(vips_error_buffer_copy());  /* a colourspace that could not convert: cast below (under vips' lock) */
    if (vips_image_get_format(current) != VIPS_FORMAT_UCHAR) {
        if (vips_cast_uchar(current, &next, NULL) != 0) goto failed;
        g_object_unref(current);
        current = next;
    }
    int bands = vips_image_get_bands(current);
    if (bands < 3) {  /* grey (and alpha) that did not convert: repeat the grey */
        VipsImage *grey = NULL;
        if (vips_extract_band(current, &grey, 0, NULL) != 0) goto failed;
        VipsImage *parts[4] = { grey, grey, grey, current };
        int n = 3;
        VipsImage *alpha = NULL;
        if (bands == 2) {
            if (vips_extract_band(current, &alpha, 1, NULL) != 0) { g_object_unref(grey); goto failed; }
            parts[3] = alpha;
            n = 4;
        }
        int failed = vips_bandjoin(parts, &next, n, NULL);
        g_object_unref(grey);
        if (alpha) g_object_unref(alpha);
        if (failed) goto failed;
        g_object_unref(current);
        current = next;
    } else if (bands > 4) {
        if (vips_extract_band(current, &next, 0, "n", 4, NULL) != 0) goto failed;
        g_object_unref(current);
        current = next;
    }
    bands = vips_image_get_bands(current);
    size_t size = 0;
    void *pixels = vips_image_write_to_memory(current, &size);
    if (!pixels) goto failed;
    int width = vips_image_get_width(current), height = vips_image_get_height(current);
    g_object_unref(current);
    return gdk_pixbuf_new_from_data(pixels, GDK_COLORSPACE_RGB, bands == 4, 8, width, height, width * bands, free_pixels, NULL);

failed:
    g_object_unref(current);
    *error = take_vips_error();
    return NULL;
}

/* GdkPixbuf */

typedef struct {
    const PhotoRequest *request;
    PhotoResult *result;
    gboolean too_large;
    int orientation;         /* EXIF 1-8 from vips' header (the loader applies it after decoding); 1 when unknown */
} SizeCheck;

/* How much to scale a stored width x height for `request`: to its longer side, or to fit
 * within its box once upright (orientations 5-8 swap the sides), never above 1. */
static double scale_for(const PhotoRequest *request, int width, int height, int orientation) {
    if (request->fit_width > 0 && request->fit_height > 0) {
        gboolean turned = orientation >= 5 && orientation <= 8;
        int upright_width = turned ? height : width, upright_height = turned ? width : height;
        double scale = MIN((double)request->fit_width / upright_width, (double)request->fit_height / upright_height);
        return MIN(scale, 1.0);
    }
    return (double)request->max_side / MAX(width, height);
}

/* Called with the header's size before anything is decoded: refuses what is past the limit
 * (a size of 0 stops every loader) and asks for the thumbnail's size. */
static void size_prepared(GdkPixbufLoader *loader, int width, int height, gpointer data) {
    SizeCheck *check = data;
    check->result->width = width;
    check->result->height = height;
    if (width <= 0 || height <= 0) return;
    if ((int64_t)width * height > limit_for(check->result->decoding, check->request)) {
        check->too_large = TRUE;
        gdk_pixbuf_loader_set_size(loader, 0, 0);
        return;
    }
    double scale = scale_for(check->request, width, height, check->orientation);
    gdk_pixbuf_loader_set_size(loader, MAX(1, (int)(width * scale + 0.5)), MAX(1, (int)(height * scale + 0.5)));
}

/* Where GdkPixbufLoader's bytes come from: a vips source, a file descriptor, or memory. */
typedef struct {
    VipsSource *source;
    int fd;
    const guchar *data;
    size_t length, offset;
} Bytes;

/* Up to `size` bytes into `buffer`: how many, 0 at the end, -1 on an error (in errno, or in
 * vips' error buffer for a source). */
static gssize next_bytes(Bytes *bytes, guchar *buffer, size_t size) {
    if (bytes->source) return vips_source_read(bytes->source, buffer, size);
    if (bytes->data) {
        size_t n = MIN(size, bytes->length - bytes->offset);
        memcpy(buffer, bytes->data + bytes->offset, n);
        bytes->offset += n;
        return (gssize)n;
    }
    gssize n;
    do { n = read(bytes->fd, buffer, size); } while (n < 0 && errno == EINTR);
    return n;
}

/* `decoding`: how the loader decodes the format (the limit that applies). */
static PhotoOutcome pixbuf_thumbnail_of(Bytes *bytes, const PhotoRequest *request, PhotoResult *result, PhotoDecoding decoding,
                                        int orientation) {
    result->decoding = decoding;
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
    SizeCheck check = { request, result, FALSE, orientation };
    g_signal_connect(loader, "size-prepared", G_CALLBACK(size_prepared), &check);
    GError *error = NULL;
    guchar buffer[65536];
    gboolean ok = TRUE;
    while (ok && !check.too_large) {
        gssize n = next_bytes(bytes, buffer, sizeof buffer);
        if (n < 0 && bytes->source) {
            char *reason = take_vips_error();
            g_set_error_literal(&error, G_FILE_ERROR, G_FILE_ERROR_IO, reason);
            g_free(reason);
            ok = FALSE;
        } else if (n < 0) {
            int code = errno;
            g_set_error(&error, G_FILE_ERROR, g_file_error_from_errno(code), "%s", g_strerror(code));
            ok = FALSE;
        } else if (n == 0) {
            break;
        } else {
            ok = gdk_pixbuf_loader_write(loader, buffer, (gsize)n, &error);
        }
    }
    if (ok) ok = gdk_pixbuf_loader_close(loader, &error);
    else gdk_pixbuf_loader_close(loader, NULL);
    PhotoOutcome outcome;
    if (check.too_large) {
        outcome = PHOTO_TOO_LARGE;
    } else if (ok && gdk_pixbuf_loader_get_pixbuf(loader)) {
        result->pixbuf = gdk_pixbuf_apply_embedded_orientation(gdk_pixbuf_loader_get_pixbuf(loader));
        outcome = result->pixbuf ? PHOTO_DECODED : PHOTO_FAILED;  /* NULL: no memory to turn it */
        if (!result->pixbuf) result->error = g_strdup("the image could not be turned upright");
    } else {
        result->error = g_strdup(error ? error->message : "the image could not be decoded");
        outcome = PHOTO_FAILED;
    }
    g_clear_error(&error);
    g_object_unref(loader);
    return outcome;
}

/* Takes `source`. */
static PhotoOutcome vips_thumbnail_of(VipsSource *source, const PhotoRequest *request, PhotoResult *result) {
    const char *loader = vips_foreign_find_load_source(source);
    gboolean is_jpeg = FALSE;
    if (!loader || !known_loader(loader, &is_jpeg, &result->decoding)) {
        g_free(vips_error_buffer_copy());  /* "not a known format": not this decode's reason (under vips' lock) */
        g_object_unref(source);
        return PHOTO_NOT_HANDLED;
    }

    /* The header alone: nothing is decoded yet. */
    VipsImage *header = vips_image_new_from_source(source, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!header) { result->error = take_vips_error(); g_object_unref(source); return PHOTO_FAILED; }
    result->width = vips_image_get_width(header);
    result->height = vips_image_get_height(header);
    int interlaced = 0, pages = 1, orientation = 1;
    /* The EXIF orientation, for a box to fit once upright: GdkPixbuf's JPEG loader asks for
     * its size before it reads the orientation. */
    if (vips_image_get_typeof(header, VIPS_META_ORIENTATION)) vips_image_get_int(header, VIPS_META_ORIENTATION, &orientation);
    result->orientation = orientation;
    /* An interlaced PNG or a progressive JPEG is decoded whole (all passes are needed for any
     * row), and so is an animated WebP (its frames are drawn on a whole canvas). */
    if (vips_image_get_typeof(header, "interlaced")) vips_image_get_int(header, "interlaced", &interlaced);
    if (vips_image_get_typeof(header, "n-pages")) vips_image_get_int(header, "n-pages", &pages);
    if (result->decoding == PHOTO_STREAMED && (interlaced || (pages > 1 && !strcmp(loader, "VipsForeignLoadWebpSource"))))
        result->decoding = PHOTO_WHOLE;
    g_object_unref(header);
    if ((int64_t)result->width * result->height > limit_for(result->decoding, request)) {
        g_object_unref(source);
        return PHOTO_TOO_LARGE;
    }

    if (is_jpeg) {
        /* GdkPixbuf's JPEG loader: libjpeg shrinks by up to 8 while decoding there too, with
         * faster settings than vips' (a photo's thumbnail took 10-15% longer through vips), and
         * it reads the EXIF orientation. */
        PhotoDecoding decoding = result->decoding;
        Bytes bytes = { source, -1, NULL, 0, 0 };
        PhotoOutcome outcome = vips_source_rewind(source) == 0 ? pixbuf_thumbnail_of(&bytes, request, result, decoding, orientation) : PHOTO_FAILED;
        if (outcome == PHOTO_FAILED && !result->error) result->error = take_vips_error();
        g_object_unref(source);
        return outcome;
    }
    VipsImage *thumbnail = NULL;
    /* vips_thumbnail turns the image upright first and fits the box to that; VIPS_SIZE_DOWN
     * never enlarges (a full picture is never larger than its image). */
    int failed = request->fit_width > 0 && request->fit_height > 0
        ? vips_thumbnail_source(source, &thumbnail, request->fit_width, "height", request->fit_height, "size", VIPS_SIZE_DOWN, NULL)
        : vips_thumbnail_source(source, &thumbnail, request->max_side, "height", request->max_side, NULL);
    g_object_unref(source);
    if (failed) { result->error = take_vips_error(); return PHOTO_FAILED; }
    result->pixbuf = pixbuf_of(thumbnail, &result->error);
    g_object_unref(thumbnail);
    return result->pixbuf ? PHOTO_DECODED : PHOTO_FAILED;
}

PhotoOutcome photo_vips_thumbnail(int fd, const PhotoRequest *request, PhotoResult *result) {
    photo_vips_setup();
    if (!vips_ready) return PHOTO_NOT_HANDLED;
    VipsSource *source = vips_source_new_from_descriptor(fd);  /* a dup of fd */
    if (!source) { result->error = take_vips_error(); return PHOTO_FAILED; }
    return vips_thumbnail_of(source, request, result);
}

PhotoOutcome photo_vips_thumbnail_memory(const void *data, size_t length, const PhotoRequest *request, PhotoResult *result) {
    photo_vips_setup();
    if (!vips_ready) return PHOTO_NOT_HANDLED;
    VipsSource *source = vips_source_new_from_memory(data, length);  /* not a copy: used during this call only */
    if (!source) { result->error = take_vips_error(); return PHOTO_FAILED; }
    return vips_thumbnail_of(source, request, result);
}

/* The stored image's rectangle that orientation `orientation` shows as the upright rectangle
 * (x, y, w, h) of an image stored `width` x `height`: the inverse of each of EXIF's eight. */
static void stored_rect(int orientation, int width, int height, int x, int y, int w, int h, int out[4]) {
    switch (orientation) {
    case 2: out[0] = width - (x + w); out[1] = y; out[2] = w; out[3] = h; break;                   /* mirrored across */
    case 3: out[0] = width - (x + w); out[1] = height - (y + h); out[2] = w; out[3] = h; break;   /* turned 180° */
    case 4: out[0] = x; out[1] = height - (y + h); out[2] = w; out[3] = h; break;                 /* mirrored top to bottom */
    case 5: out[0] = y; out[1] = x; out[2] = h; out[3] = w; break;                                /* transposed */
    case 6: out[0] = y; out[1] = height - (x + w); out[2] = h; out[3] = w; break;                 /* turned 90° clockwise */
    case 7: out[0] = width - (y + h); out[1] = height - (x + w); out[2] = h; out[3] = w; break;   /* transversed */
    case 8: out[0] = width - (y + h); out[1] = x; out[2] = h; out[3] = w; break;                  /* turned 90° anticlockwise */
    default: out[0] = x; out[1] = y; out[2] = w; out[3] = h; break;
    }
}

/* The stored rectangle (x, y, w, h) of `image`, read in strips from its first row down (in
 * the order a sequential loader reads), into an image in memory with `image`'s fields and
 * metadata (its orientation, its colour profile). Asking a sequential image for rows far down
 * at once (vips_crop) makes vips keep every row it reads on the way there: 50 MB for the
 * bottom of a 24-megapixel JPEG; strips in order keep a few rows. */
static VipsImage *read_rect(VipsImage *image, int x, int y, int w, int h) {
    enum { strip = 64 };
    VipsImage *out = vips_image_new_memory();
    if (vips_image_pipelinev(out, VIPS_DEMAND_STYLE_THINSTRIP, image, NULL) != 0) { g_object_unref(out); return NULL; }
    out->Xsize = w;
    out->Ysize = h;
    if (vips_image_write_prepare(out) != 0) { g_object_unref(out); return NULL; }
    VipsRegion *region = vips_region_new(image);
    size_t row_bytes = VIPS_IMAGE_SIZEOF_PEL(image) * (size_t)w;
    gboolean ok = TRUE;
    for (int top = 0; ok && top < y + h; top += strip) {
        VipsRect rows = { x, top, w, MIN(strip, y + h - top) };
        if (vips_region_prepare(region, &rows) != 0) { ok = FALSE; break; }
        for (int row = MAX(top, y); row < top + rows.height; row++)
            memcpy(VIPS_IMAGE_ADDR(out, 0, row - y), VIPS_REGION_ADDR(region, x, row), row_bytes);
    }
    g_object_unref(region);
    if (!ok) { g_object_unref(out); return NULL; }
    return out;
}

PhotoOutcome photo_vips_region(int fd, const PhotoRequest *request, const PhotoRegion *region, PhotoResult *result) {
    photo_vips_setup();
    if (!vips_ready) return PHOTO_NOT_HANDLED;
    VipsSource *source = vips_source_new_from_descriptor(fd);  /* a dup of fd */
    if (!source) { result->error = take_vips_error(); return PHOTO_FAILED; }
    const char *loader = vips_foreign_find_load_source(source);
    gboolean is_jpeg = FALSE;
    if (!loader || !known_loader(loader, &is_jpeg, &result->decoding) || result->decoding == PHOTO_VECTOR) {
        g_free(vips_error_buffer_copy());
        g_object_unref(source);
        return PHOTO_NOT_HANDLED;
    }
    VipsImage *image = vips_image_new_from_source(source, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    g_object_unref(source);  /* the image keeps it */
    if (!image) { result->error = take_vips_error(); return PHOTO_FAILED; }
    result->width = vips_image_get_width(image);
    result->height = vips_image_get_height(image);
    int interlaced = 0, pages = 1, orientation = 1;
    if (vips_image_get_typeof(image, "interlaced")) vips_image_get_int(image, "interlaced", &interlaced);
    if (vips_image_get_typeof(image, "n-pages")) vips_image_get_int(image, "n-pages", &pages);
    if (vips_image_get_typeof(image, VIPS_META_ORIENTATION)) vips_image_get_int(image, VIPS_META_ORIENTATION, &orientation);
    result->orientation = orientation;
    if (result->decoding == PHOTO_STREAMED && (interlaced || (pages > 1 && !strcmp(loader, "VipsForeignLoadWebpSource"))))
        result->decoding = PHOTO_WHOLE;
    if ((int64_t)result->width * result->height > limit_for(result->decoding, request)) {
        g_object_unref(image);
        return PHOTO_TOO_LARGE;
    }

    /* The region, clamped to the upright image, then in stored pixels. */
    gboolean turned = orientation >= 5 && orientation <= 8;
    int upright_width = turned ? result->height : result->width, upright_height = turned ? result->width : result->height;
    int x = CLAMP(region->x, 0, upright_width - 1), y = CLAMP(region->y, 0, upright_height - 1);
    int w = CLAMP(region->width, 1, upright_width - x), h = CLAMP(region->height, 1, upright_height - y);
    int stored[4];
    stored_rect(orientation, result->width, result->height, x, y, w, h, stored);

    VipsImage *crop = NULL, *scaled = NULL, *upright = NULL;
    PhotoOutcome outcome = PHOTO_FAILED;
    /* Decoded here, rows in order, keeping the region's; scaled and turned upright once small
     * (turning needs the whole of what it turns). */
    crop = read_rect(image, stored[0], stored[1], stored[2], stored[3]);
    if (!crop) goto done;
    double scale = CLAMP(region->scale, 0.001, 1.0);
    if (scale < 1.0) {
        if (vips_resize(crop, &scaled, scale, NULL) != 0) goto done;
    } else {
        scaled = crop;
        g_object_ref(scaled);
    }
    if (vips_autorot(scaled, &upright, NULL) != 0) goto done;
    result->pixbuf = pixbuf_of(upright, &result->error);
    outcome = result->pixbuf ? PHOTO_DECODED : PHOTO_FAILED;

done:
    if (outcome == PHOTO_FAILED && !result->error) result->error = take_vips_error();
    if (upright) g_object_unref(upright);
    if (scaled) g_object_unref(scaled);
    if (crop) g_object_unref(crop);
    g_object_unref(image);
    return outcome;
}

/* GdkPixbuf's loaders for the formats libvips is not used for (BMP, ICO, TGA) decode the whole
 * image, then scale it. */
PhotoOutcome photo_pixbuf_thumbnail(int fd, const PhotoRequest *request, PhotoResult *result) {
    Bytes bytes = { NULL, fd, NULL, 0, 0 };
    return pixbuf_thumbnail_of(&bytes, request, result, PHOTO_WHOLE, 1);
}

PhotoOutcome photo_pixbuf_thumbnail_memory(const void *data, size_t length, const PhotoRequest *request, PhotoResult *result) {
    Bytes bytes = { NULL, -1, data, length, 0 };
    return pixbuf_thumbnail_of(&bytes, request, result, PHOTO_WHOLE, 1);
}
