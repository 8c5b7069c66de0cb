#include <gtk/gtk.h>
// gettext's setup calls (bindtextdomain, textdomain, bind_textdomain_codeset), which glib.h
// does not declare, for the gallery's translations.
#include <libintl.h>
