// Mesa's generic buffer manager: buffers on a DRM render node.
#include <gbm.h>
