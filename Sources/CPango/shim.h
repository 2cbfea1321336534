#include <pango/pangocairo.h>

// The direction of the first strong character of `text` (`length` bytes), or
// PANGO_DIRECTION_NEUTRAL. Pango 1.44 deprecated pango_find_base_dir for applications (pointing them
// at fribidi), but PangoLayout still decides each paragraph's direction with it: Lamina lays text
// out a paragraph at a time and must decide exactly as a whole layout would.
static inline PangoDirection lamina_pango_find_base_dir(const char *text, int length) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    return pango_find_base_dir(text, length);
    G_GNUC_END_IGNORE_DEPRECATIONS
}
