// The window's frames through EGL's Wayland platform instead of wl_shm buffers: the wl_egl_window an
// EGL window surface is made on, and the surface state each eglSwapBuffers commits. The renderer's EGL
// display is made on this connection (lamina_wl_native_display), so the connection must outlive it:
// the window can be unmapped (lamina_wl_unmap) while the connection stays.
#include "lamina_wayland_private.h"

void *lamina_wl_native_display(lamina_wl *wl) { return wl->display; }

void *lamina_wl_egl_window(lamina_wl *wl, int32_t width, int32_t height) {
    if (!wl->surface || width <= 0 || height <= 0) return NULL;
    if (!wl->egl_window) {
        wl->egl_window = wl_egl_window_create(wl->surface, width, height);
    } else {
        // The size takes effect with the next buffer EGL draws into.
        wl_egl_window_resize(wl->egl_window, width, height, 0, 0);
    }
    return wl->egl_window;
}

int lamina_wl_prepare_egl_frame(lamina_wl *wl, int32_t buffer_scale, int32_t points_width, int32_t points_height) {
    if (!wl->surface) return -1;
    // EGL's buffers hold their rows top first, as a host expects: no transform.
    lamina_wl_surface_state(wl, WL_OUTPUT_TRANSFORM_NORMAL, buffer_scale, points_width, points_height);
    lamina_wl_request_frame(wl);
    wl->commits++;
    return 0;
}
