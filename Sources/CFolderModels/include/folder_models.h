/* The gallery's folder models' filter and sorter, in C (folder_models.c). Declared with plain
 * types so this header pulls in no GTK headers; the pointers are GtkFilter * and GtkSorter *. */
#pragma once

/* A GtkCustomFilter keeping regular files whose names end in one of `extensions` (lower case,
 * without the dot, NULL-terminated, kept by the caller for the filter's life) and are not
 * hidden; each kept file's GFileInfo is marked with `folder` + 1 under the quark named
 * "gallery-folder-index". A new reference. */
void *cv_folder_image_filter_new(const char *const *extensions, int folder);

/* A GtkCustomSorter putting GFileInfos in natural order of their display names ("photo-9"
 * before "photo-10"), each name's collation key made once and kept on its GFileInfo under the
 * quark named "gallery-collate-key". A new reference. */
void *cv_folder_name_sorter_new(void);

/* A GtkCustomFilter keeping folders that are not hidden: the gallery's folder sidebar lists a
 * folder's subfolders with it. A new reference. */
void *cv_folder_subfolder_filter_new(void);
