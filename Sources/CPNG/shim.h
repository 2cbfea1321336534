// libpng's simplified API (png_image): errors come back in png_image.message, never through longjmp.
#include <png.h>
