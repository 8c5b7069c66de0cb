/* The C side of the gallery's photo decoder (Sources/Gallery/Photos): libvips' variadic calls
 * and GdkPixbufLoader's size-prepared signal, behind calls Swift can make. Both decode from a
 * file descriptor the caller opened (and checked is a regular file), never from a path, or
 * from bytes in memory.
 * Declared with plain types so this header pulls in neither vips' nor GTK's headers. */
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef enum {
    PHOTO_DECODED = 0,      /* *pixbuf holds a new GdkPixbuf */
    PHOTO_TOO_LARGE = 1,    /* the header's size is past the limit: nothing was decoded */
    PHOTO_NOT_HANDLED = 2,  /* no loader of this kind knows the format: try the other */
    PHOTO_FAILED = 3,       /* a loader knows the format and failed: *error says why */
} PhotoOutcome;

/* How a format is decoded, which decides the pixel limit that applies to it. */
typedef enum {
    PHOTO_STREAMED = 0,     /* read row by row, or shrunk while decoding: memory ~ the thumbnail */
    PHOTO_WHOLE = 1,        /* decoded whole before it is scaled: memory ~ width x height x 4 */
    PHOTO_VECTOR = 2,       /* drawn at the size asked: no pixels to count */
} PhotoDecoding;

typedef struct {
    int64_t streamed_limit;  /* most pixels for PHOTO_STREAMED formats */
    int64_t whole_limit;     /* most pixels for PHOTO_WHOLE formats */
    int max_side;            /* the thumbnail's longer side, at most */
    /* When both are > 0, instead of max_side: the largest size that fits within
     * fit_width x fit_height once upright (EXIF orientation counted), never larger than the
     * image itself (the viewer's full picture at the window's size). */
    int fit_width, fit_height;
} PhotoRequest;

typedef struct {
    void *pixbuf;            /* GdkPixbuf *, owned by the caller */
    char *error;             /* g_free it */
    int width, height;       /* the image's own size, from its header (0 when unknown) */
    PhotoDecoding decoding;
    int orientation;         /* its EXIF orientation (1-8) when libvips read the header, else 0 */
} PhotoResult;

/* Once per process, before any decode: the operation cache off (it keeps decoded images to
 * reuse them, memory an app does not want) and one thread per operation (the gallery's loader
 * runs several decodes at once on threads of its own). */
void photo_vips_setup(void);

/* Decodes with libvips (JPEG, PNG, WebP, TIFF, GIF, SVG), EXIF orientation applied: from a
 * file descriptor, or from encoded bytes in memory (a pasted picture). */
PhotoOutcome photo_vips_thumbnail(int fd, const PhotoRequest *request, PhotoResult *result);
PhotoOutcome photo_vips_thumbnail_memory(const void *data, size_t length, const PhotoRequest *request, PhotoResult *result);

/* A part of an image, in the image's upright pixels (EXIF orientation applied), and the scale
 * to decode it at (output pixels per image pixel, at most 1). */
typedef struct {
    int x, y, width, height;
    double scale;
} PhotoRegion;

/* Decodes one region of an image with libvips (JPEG, PNG, WebP, TIFF, GIF): the sharp detail
 * of a zoomed photo. Rows are read in order and only the region's are kept, so memory is about
 * the region's whatever the image's size; the region is cropped from the stored image and
 * turned upright afterwards. The same limits as a thumbnail; PHOTO_NOT_HANDLED for the formats
 * libvips is not used for and for SVG. */
PhotoOutcome photo_vips_region(int fd, const PhotoRequest *request, const PhotoRegion *region, PhotoResult *result);

/* Decodes with GdkPixbuf's loaders (BMP, ICO, TGA...), EXIF orientation applied. */
PhotoOutcome photo_pixbuf_thumbnail(int fd, const PhotoRequest *request, PhotoResult *result);
PhotoOutcome photo_pixbuf_thumbnail_memory(const void *data, size_t length, const PhotoRequest *request, PhotoResult *result);

/* Once per process, first thing: glibc's allocator set for pictures made and freed by the
 * thousand on worker threads (photo_memory.c). */
void photo_memory_setup(void);
/* Gives the heaps' free pages back to the system (malloc_trim); from a worker thread, as it
 * walks every arena. */
void photo_memory_release(void);
