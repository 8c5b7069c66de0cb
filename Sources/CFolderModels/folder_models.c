/* The filter and sorter of the gallery's folder models, in C: GTK calls them once per file and
 * O(n log n) times per folder (100,000 files in a large folder), and as Swift closures behind C
 * callbacks they cost twice what GTK's own work on the folder does. */
#include "folder_models.h"
#include <gtk/gtk.h>
#include <string.h>

typedef struct {
    const char *const *extensions;
    int folder;
} ImageFilter;

static gboolean is_image(gpointer item, gpointer data) {
    const ImageFilter *filter = data;
    GFileInfo *info = item;
    if (g_file_info_get_file_type(info) != G_FILE_TYPE_REGULAR) return FALSE;
    const char *name = g_file_info_get_name(info);
    if (name[0] == '.') return FALSE;  /* hidden */
    const char *dot = strrchr(name, '.');
    if (!dot) return FALSE;
    static GQuark quark;
    if (G_UNLIKELY(!quark)) quark = g_quark_from_static_string("gallery-folder-index");
    for (const char *const *ext = filter->extensions; *ext; ext++) {
        if (g_ascii_strcasecmp(dot + 1, *ext) == 0) {
            g_object_set_qdata(G_OBJECT(info), quark, GINT_TO_POINTER(filter->folder + 1));
            return TRUE;
        }
    }
    return FALSE;
}

void *cv_folder_image_filter_new(const char *const *extensions, int folder) {
    ImageFilter *filter = g_new(ImageFilter, 1);
    filter->extensions = extensions;
    filter->folder = folder;
    return gtk_custom_filter_new(is_image, filter, g_free);
}

static const char *collate_key(gconstpointer item) {
    static GQuark quark;
    if (G_UNLIKELY(!quark)) quark = g_quark_from_static_string("gallery-collate-key");
    GObject *object = G_OBJECT(item);
    const char *key = g_object_get_qdata(object, quark);
    if (key) return key;
    char *made = g_utf8_collate_key_for_filename(g_file_info_get_display_name(G_FILE_INFO(object)), -1);
    g_object_set_qdata_full(object, quark, made, g_free);
    return made;
}

static int compare_names(gconstpointer a, gconstpointer b, gpointer data) {
    (void)data;
    int order = strcmp(collate_key(a), collate_key(b));
    return order < 0 ? -1 : order > 0;
}

void *cv_folder_name_sorter_new(void) {
    return gtk_custom_sorter_new(compare_names, NULL, NULL);
}

static gboolean is_shown_folder(gpointer item, gpointer data) {
    (void)data;
    GFileInfo *info = item;
    return g_file_info_get_file_type(info) == G_FILE_TYPE_DIRECTORY && g_file_info_get_name(info)[0] != '.';
}

void *cv_folder_subfolder_filter_new(void) {
    return gtk_custom_filter_new(is_shown_folder, NULL, NULL);
}
