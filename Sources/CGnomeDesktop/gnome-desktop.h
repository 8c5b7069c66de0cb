/* The few libgnome-desktop-4 (43) calls the gallery makes for the freedesktop thumbnail cache,
 * declared with plain pointers so this module does not include GTK's and gdk-pixbuf's headers a
 * second time (CGtk has them): a GdkPixbuf is passed as the pointer CGtk gives. These are the
 * functions gnome-desktop-thumbnail.h declares (it is "unstable API" there, and unchanged
 * since 2.2); GNOME Files names and checks its thumbnails with them. */
#pragma once

#include <time.h>

/* GnomeDesktopThumbnailSize: the cache's size folders (normal 128, large 256, x-large 512,
 * xx-large 1024 pixels). */
enum {
    CV_GNOME_THUMBNAIL_SIZE_NORMAL = 0,
    CV_GNOME_THUMBNAIL_SIZE_LARGE = 1,
    CV_GNOME_THUMBNAIL_SIZE_XLARGE = 2,
    CV_GNOME_THUMBNAIL_SIZE_XXLARGE = 3,
};

/* The path a thumbnail of `size` for `uri` has: $XDG_CACHE_HOME/thumbnails/<size>/<MD5 of the
 * URI>.png. Free with g_free. Thread-safe, no I/O. */
char *gnome_desktop_thumbnail_path_for_uri(const char *uri, int size);

/* Whether a loaded thumbnail (a GdkPixbuf) carries this URI and modification time in its
 * Thumb::URI and Thumb::MTime. Thread-safe, no I/O. */
int gnome_desktop_thumbnail_is_valid(void *pixbuf, const char *uri, time_t mtime);
