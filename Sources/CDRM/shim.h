// libdrm: device enumeration, KMS. pkg-config adds -I/usr/include/libdrm for xf86drm.h.
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
