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

/* Toasts (libadwaita 1.0): the gallery's "moved to the trash" notice with its Undo button.
 * The overlay and its child are GtkWidgets, passed as void * for the reason above.
 * adw_toast_new returns a reference the caller owns; add_toast takes it. */
typedef struct _AdwToast AdwToast;
void *adw_toast_overlay_new(void);
void adw_toast_overlay_set_child(void *self, void *child);
void adw_toast_overlay_add_toast(void *self, AdwToast *toast);

typedef enum { CV_ADW_TOAST_PRIORITY_NORMAL = 0, CV_ADW_TOAST_PRIORITY_HIGH = 1 } CvAdwToastPriority;
AdwToast *adw_toast_new(const char *title);
void adw_toast_set_button_label(AdwToast *self, const char *button_label);
void adw_toast_set_action_name(AdwToast *self, const char *action_name);
void adw_toast_set_priority(AdwToast *self, int priority);
void adw_toast_set_timeout(AdwToast *self, unsigned int timeout);
void adw_toast_dismiss(AdwToast *self);

/* AdwLeaflet (libadwaita 1.0): the gallery's folder sidebar beside the photos when the window
 * is wide, one of them at a time when narrow (Sources/Gallery/Sidebar/AdaptiveSplit.swift, the
 * one place that uses it). Widgets are void * for the reason above. */
typedef struct _AdwLeafletPage AdwLeafletPage;
enum { CV_ADW_FOLD_THRESHOLD_POLICY_MINIMUM = 0, CV_ADW_FOLD_THRESHOLD_POLICY_NATURAL = 1 };
void *adw_leaflet_new(void);
AdwLeafletPage *adw_leaflet_append(void *self, void *child);
void adw_leaflet_page_set_navigatable(AdwLeafletPage *self, int navigatable);
int adw_leaflet_get_folded(void *self);
void adw_leaflet_set_fold_threshold_policy(void *self, int policy);
void *adw_leaflet_get_visible_child(void *self);
void adw_leaflet_set_visible_child(void *self, void *child);
void adw_leaflet_set_can_navigate_back(void *self, int can_navigate_back);
void adw_leaflet_set_can_unfold(void *self, int can_unfold);
int adw_leaflet_get_child_transition_running(void *self);
