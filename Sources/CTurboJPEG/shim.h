// libjpeg-turbo's TurboJPEG API: errors come back as return codes with a message, never through
// libjpeg's longjmp (which Swift cannot survive).
#include <turbojpeg.h>
