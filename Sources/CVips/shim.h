/* libvips, for the gallery's photo decoder (CPhotoDecode): only C includes this module, since
 * vips' calls are variadic, which Swift cannot call. */
#pragma once
#include <vips/vips.h>
