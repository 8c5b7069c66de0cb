/* The few libadwaita 1.2 calls the gallery makes, declared with plain pointers so this module
 * does not include GTK's headers a second time (CGtk has them): an AdwApplication is a
 * GtkApplication, and the style manager is only asked for its state. */
#pragma once

typedef struct _AdwStyleManager AdwStyleManager;

/* AdwApplication: a GtkApplication that initializes libadwaita and loads style.css,
 * style-dark.css, style-hc.css and style-hc-dark.css from its resource base path. */
void *adw_application_new(const char *application_id, int flags);

AdwStyleManager *adw_style_manager_get_default(void);
int adw_style_manager_get_dark(AdwStyleManager *self);
int adw_style_manager_get_high_contrast(AdwStyleManager *self);
int adw_style_manager_get_system_supports_color_schemes(AdwStyleManager *self);

/* AdwColorScheme, as libadwaita 1.2 numbers it: the Showcase page's Dark Style switch forces
 * dark or gives the choice back to the system. */
enum { CV_ADW_COLOR_SCHEME_DEFAULT = 0, CV_ADW_COLOR_SCHEME_FORCE_DARK = 4 };
void adw_style_manager_set_color_scheme(AdwStyleManager *self, int color_scheme);
int adw_style_manager_get_color_scheme(AdwStyleManager *self);
