/* The few gexiv2 0.14 calls the gallery makes (reading a photo's EXIF dates), declared with
 * plain pointers so this module does not include GLib's headers a second time (CGtk has them):
 * a GExiv2Metadata is only created, opened, read and freed, and GError is only freed. */
#pragma once

typedef struct _GExiv2Metadata GExiv2Metadata;
typedef struct _GError GError;

/* Must run once before threads use gexiv2 (Exiv2's XMP parser is initialised there). */
int gexiv2_initialize(void);
GExiv2Metadata *gexiv2_metadata_new(void);
void gexiv2_metadata_free(GExiv2Metadata *self);
/* The path is the file system's bytes; Exiv2 reads the metadata only, never the pixels. */
int gexiv2_metadata_open_path(GExiv2Metadata *self, const char *path, GError **error);
/* A new string (g_free it), or NULL when the tag is absent (and *error may be set). */
char *gexiv2_metadata_try_get_tag_string(GExiv2Metadata *self, const char *tag, GError **error);

void g_free(void *memory);
void g_error_free(GError *error);
