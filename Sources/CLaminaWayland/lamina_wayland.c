// The window: the connection and its globals, the xdg-shell toplevel, the shm buffers frames are
// written into, frame callbacks and the outputs' scale. The seat is lamina_wayland_seat.c.
#define _GNU_SOURCE

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "lamina_wayland_private.h"

static void say(char *error, size_t size, const char *format, ...) {
    if (!error || size == 0) return;
    va_list args;
    va_start(args, format);
    vsnprintf(error, size, format, args);
    va_end(args);
}

lamina_wl_event *lamina_wl_push(struct lamina_wl *wl, lamina_wl_event_type type) {
    if (wl->count == QUEUE_CAPACITY) {
        wl->dropped++;
        return NULL;
    }
    lamina_wl_event *event = &wl->queue[(wl->head + wl->count) % QUEUE_CAPACITY];
    wl->count++;
    memset(event, 0, sizeof *event);
    event->type = type;
    return event;
}

#define push lamina_wl_push

// MARK: Outputs and scale

static void update_scale(struct lamina_wl *wl) {
    int32_t scale = 1;
    for (int i = 0; i < wl->output_count; i++) {
        if (wl->outputs[i].entered && wl->outputs[i].scale > scale) scale = wl->outputs[i].scale;
    }
    // With a fractional scale, the host says what it prefers; the outputs' integer scales are moot.
    if (scale != wl->scale && !wl->fractional) {
        wl->scale = scale;
        lamina_wl_event *event = push(wl, LAMINA_WL_SCALE);
        if (event) event->scale_120 = scale * 120;
    }
}

static void output_geometry(void *data, struct wl_output *o, int32_t x, int32_t y, int32_t pw, int32_t ph,
                            int32_t subpixel, const char *make, const char *model, int32_t transform) {}
static void output_mode(void *data, struct wl_output *o, uint32_t flags, int32_t w, int32_t h, int32_t refresh) {}
static void output_done(void *data, struct wl_output *o) {
    update_scale(data);
}
static void output_scale(void *data, struct wl_output *o, int32_t factor) {
    struct lamina_wl *wl = data;
    for (int i = 0; i < wl->output_count; i++) {
        if (wl->outputs[i].output == o) wl->outputs[i].scale = factor > 0 ? factor : 1;
    }
}
static void output_name(void *data, struct wl_output *o, const char *name) {}
static void output_description(void *data, struct wl_output *o, const char *description) {}
static const struct wl_output_listener output_listener = {
    output_geometry, output_mode, output_done, output_scale, output_name, output_description,
};

static void surface_enter(void *data, struct wl_surface *s, struct wl_output *o) {
    struct lamina_wl *wl = data;
    for (int i = 0; i < wl->output_count; i++) {
        if (wl->outputs[i].output == o) wl->outputs[i].entered = 1;
    }
    update_scale(wl);
}
static void surface_leave(void *data, struct wl_surface *s, struct wl_output *o) {
    struct lamina_wl *wl = data;
    for (int i = 0; i < wl->output_count; i++) {
        if (wl->outputs[i].output == o) wl->outputs[i].entered = 0;
    }
    update_scale(wl);
}
static const struct wl_surface_listener surface_listener = {surface_enter, surface_leave};

static void preferred_scale(void *data, struct wp_fractional_scale_v1 *f, uint32_t scale_120) {
    lamina_wl_event *event = push(data, LAMINA_WL_SCALE);
    if (event) event->scale_120 = (int32_t)scale_120;
}
static const struct wp_fractional_scale_v1_listener fractional_listener = {preferred_scale};

// MARK: Presentation feedback

static void presentation_clock_id(void *data, struct wp_presentation *p, uint32_t clock) {
    ((struct lamina_wl *)data)->presentation_clock = clock;
}
static const struct wp_presentation_listener presentation_listener = {presentation_clock_id};

static double seconds_on(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void feedback_sync_output(void *data, struct wp_presentation_feedback *f, struct wl_output *o) {}
static void feedback_presented(void *data, struct wp_presentation_feedback *f, uint32_t sec_hi, uint32_t sec_lo,
                               uint32_t nsec, uint32_t refresh, uint32_t seq_hi, uint32_t seq_lo, uint32_t flags) {
    struct lamina_wl *wl = data;
    wp_presentation_feedback_destroy(f);
    double shown = (double)(((uint64_t)sec_hi << 32) | sec_lo) + (double)nsec * 1e-9;
    // The host's clock may not be CLOCK_MONOTONIC (Weston's headless output uses MONOTONIC_RAW): the
    // time is carried over by how long ago it was on that clock.
    clockid_t clock = (clockid_t)wl->presentation_clock;
    if (clock != CLOCK_MONOTONIC) shown = seconds_on(CLOCK_MONOTONIC) - (seconds_on(clock) - shown);
    lamina_wl_event *event = push(wl, LAMINA_WL_PRESENTED);
    if (event) {
        event->x = shown;
        event->y = (double)refresh * 1e-9;
    }
}
static void feedback_discarded(void *data, struct wp_presentation_feedback *f) {
    wp_presentation_feedback_destroy(f);
}
static const struct wp_presentation_feedback_listener feedback_listener = {
    feedback_sync_output, feedback_presented, feedback_discarded,
};

// MARK: Shell

static void wm_base_ping(void *data, struct xdg_wm_base *base, uint32_t serial) {
    xdg_wm_base_pong(base, serial);
}
static const struct xdg_wm_base_listener wm_base_listener = {wm_base_ping};

static void xdg_surface_configure(void *data, struct xdg_surface *surface, uint32_t serial) {
    struct lamina_wl *wl = data;
    xdg_surface_ack_configure(surface, serial);
    wl->configured = 1;
    lamina_wl_event *event = push(wl, LAMINA_WL_CONFIGURE);
    if (event) {
        event->width = wl->pending_width;
        event->height = wl->pending_height;
    }
}
static const struct xdg_surface_listener xdg_surface_listener = {xdg_surface_configure};

static void toplevel_configure(void *data, struct xdg_toplevel *t, int32_t width, int32_t height,
                               struct wl_array *states) {
    struct lamina_wl *wl = data;
    wl->pending_width = width;
    wl->pending_height = height;
}
static void toplevel_close(void *data, struct xdg_toplevel *t) {
    push(data, LAMINA_WL_CLOSE);
}
static void toplevel_bounds(void *data, struct xdg_toplevel *t, int32_t width, int32_t height) {}
static void toplevel_capabilities(void *data, struct xdg_toplevel *t, struct wl_array *capabilities) {}
static const struct xdg_toplevel_listener toplevel_listener = {
    toplevel_configure, toplevel_close, toplevel_bounds, toplevel_capabilities,
};

// MARK: Frames

static void frame_done(void *data, struct wl_callback *callback, uint32_t time) {
    struct lamina_wl *wl = data;
    wl_callback_destroy(callback);
    if (wl->frame_callback == callback) wl->frame_callback = NULL;
    lamina_wl_event *event = push(wl, LAMINA_WL_FRAME_DONE);
    if (event) event->time_ms = time;
}
static const struct wl_callback_listener frame_listener = {frame_done};

static void buffer_release(void *data, struct wl_buffer *buffer) {
    struct lamina_wl *wl = data;
    for (int i = 0; i < BUFFER_COUNT; i++) {
        if (wl->buffers[i].buffer == buffer) wl->buffers[i].busy = 0;
    }
}
static const struct wl_buffer_listener buffer_listener = {buffer_release};

static void shm_format(void *data, struct wl_shm *shm, uint32_t format) {
    struct lamina_wl *wl = data;
    if (format == WL_SHM_FORMAT_ABGR8888) wl->has_rgba = 1;
}
static const struct wl_shm_listener shm_listener = {shm_format};
// MARK: Registry

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                            uint32_t version) {
    struct lamina_wl *wl = data;
    if (strcmp(interface, wl_compositor_interface.name) == 0 && !wl->compositor) {
        wl->compositor_version = min_u32(version, 4);
        wl->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, wl->compositor_version);
    } else if (strcmp(interface, wl_shm_interface.name) == 0 && !wl->shm) {
        wl->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
        wl_shm_add_listener(wl->shm, &shm_listener, wl);
    } else if (strcmp(interface, xdg_wm_base_interface.name) == 0 && !wl->wm_base) {
        wl->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, min_u32(version, 2));
        xdg_wm_base_add_listener(wl->wm_base, &wm_base_listener, wl);
    } else if (strcmp(interface, wl_seat_interface.name) == 0 && !wl->seat) {
        wl->seat = wl_registry_bind(registry, name, &wl_seat_interface, min_u32(version, 5));
        wl_seat_add_listener(wl->seat, &lamina_wl_seat_listener, wl);
    } else if (strcmp(interface, wp_presentation_interface.name) == 0 && !wl->presentation) {
        wl->presentation = wl_registry_bind(registry, name, &wp_presentation_interface, 1);
        wp_presentation_add_listener(wl->presentation, &presentation_listener, wl);
    } else if (strcmp(interface, wp_viewporter_interface.name) == 0 && !wl->viewporter) {
        wl->viewporter = wl_registry_bind(registry, name, &wp_viewporter_interface, 1);
    } else if (strcmp(interface, wp_fractional_scale_manager_v1_interface.name) == 0 && !wl->fractional_manager) {
        wl->fractional_manager = wl_registry_bind(registry, name, &wp_fractional_scale_manager_v1_interface, 1);
    } else if (strcmp(interface, wl_output_interface.name) == 0 && wl->output_count < MAX_OUTPUTS) {
        struct output *o = &wl->outputs[wl->output_count++];
        o->output = wl_registry_bind(registry, name, &wl_output_interface, min_u32(version, 2));
        o->scale = 1;
        wl_output_add_listener(o->output, &output_listener, wl);
    }
}
static void registry_remove(void *data, struct wl_registry *registry, uint32_t name) {}
static const struct wl_registry_listener registry_listener = {registry_global, registry_remove};

// MARK: Connection

/// Dispatches until `*flag` is set, for at most `timeout_ms`.
static int dispatch_until(struct lamina_wl *wl, const int *flag, int timeout_ms) {
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (!*flag) {
        if (wl_display_flush(wl->display) < 0 && errno != EAGAIN) return -1;
        while (wl_display_prepare_read(wl->display) != 0) {
            if (wl_display_dispatch_pending(wl->display) < 0) return -1;
        }
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
        if (elapsed >= timeout_ms) {
            wl_display_cancel_read(wl->display);
            return -2;
        }
        struct pollfd pfd = {wl_display_get_fd(wl->display), POLLIN, 0};
        int ready = poll(&pfd, 1, (int)(timeout_ms - elapsed));
        if (ready <= 0) {
            wl_display_cancel_read(wl->display);
            if (ready < 0 && errno != EINTR) return -1;
            continue;
        }
        if (wl_display_read_events(wl->display) < 0) return -1;
        if (wl_display_dispatch_pending(wl->display) < 0) return -1;
    }
    return 0;
}

lamina_wl *lamina_wl_connect(const char *display_name, const char *title, int fullscreen, int timeout_ms,
                             char *error, size_t error_size) {
    struct lamina_wl *wl = calloc(1, sizeof *wl);
    if (!wl) {
        say(error, error_size, "out of memory");
        return NULL;
    }
    wl->scale = 1;
    wl->drawing = -1;
    wl->display = wl_display_connect(display_name);
    if (!wl->display) {
        const char *name = display_name ? display_name : getenv("WAYLAND_DISPLAY");
        say(error, error_size, "cannot connect to the Wayland display %s: %s", name ? name : "(WAYLAND_DISPLAY unset)",
            strerror(errno));
        free(wl);
        return NULL;
    }
    wl->xkb = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    wl->registry = wl_display_get_registry(wl->display);
    wl_registry_add_listener(wl->registry, &registry_listener, wl);
    // Two round trips: the globals, then what binding them sent (shm formats, seat capabilities).
    if (wl_display_roundtrip(wl->display) < 0 || wl_display_roundtrip(wl->display) < 0) {
        say(error, error_size, "the Wayland display went away during setup");
        lamina_wl_destroy(wl);
        return NULL;
    }
    const char *missing = !wl->compositor ? "wl_compositor" : !wl->shm ? "wl_shm" : !wl->wm_base ? "xdg_wm_base" : NULL;
    if (missing) {
        say(error, error_size, "the Wayland compositor offers no %s", missing);
        lamina_wl_destroy(wl);
        return NULL;
    }
    wl->surface = wl_compositor_create_surface(wl->compositor);
    wl_surface_add_listener(wl->surface, &surface_listener, wl);
    if (wl->viewporter && wl->fractional_manager) {
        wl->viewport = wp_viewporter_get_viewport(wl->viewporter, wl->surface);
        wl->fractional = wp_fractional_scale_manager_v1_get_fractional_scale(wl->fractional_manager, wl->surface);
        wp_fractional_scale_v1_add_listener(wl->fractional, &fractional_listener, wl);
    }
    wl->xdg_surface = xdg_wm_base_get_xdg_surface(wl->wm_base, wl->surface);
    xdg_surface_add_listener(wl->xdg_surface, &xdg_surface_listener, wl);
    wl->toplevel = xdg_surface_get_toplevel(wl->xdg_surface);
    xdg_toplevel_add_listener(wl->toplevel, &toplevel_listener, wl);
    xdg_toplevel_set_title(wl->toplevel, title ? title : "Lamina");
    xdg_toplevel_set_app_id(wl->toplevel, "org.lamina.Lamina");
    if (fullscreen) xdg_toplevel_set_fullscreen(wl->toplevel, NULL);
    wl_surface_commit(wl->surface);
    int waited = dispatch_until(wl, &wl->configured, timeout_ms);
    if (waited != 0) {
        say(error, error_size, waited == -2 ? "the Wayland compositor did not configure the window within %d ms"
                                            : "the Wayland display went away before configuring the window (%d ms)",
            timeout_ms);
        lamina_wl_destroy(wl);
        return NULL;
    }
    return wl;
}

int lamina_wl_fd(lamina_wl *wl) { return wl_display_get_fd(wl->display); }

int lamina_wl_dispatch(lamina_wl *wl, char *error, size_t error_size) {
    while (wl_display_prepare_read(wl->display) != 0) {
        if (wl_display_dispatch_pending(wl->display) < 0) goto lost;
    }
    struct pollfd pfd = {wl_display_get_fd(wl->display), POLLIN, 0};
    if (poll(&pfd, 1, 0) > 0) {
        if (wl_display_read_events(wl->display) < 0) goto lost;
    } else {
        wl_display_cancel_read(wl->display);
    }
    if (wl_display_dispatch_pending(wl->display) < 0) goto lost;
    if (lamina_wl_flush(wl) < 0) goto lost;
    return 0;
lost:;
    int code = wl_display_get_error(wl->display);
    say(error, error_size, "the Wayland connection was lost: %s", strerror(code ? code : errno));
    return -1;
}

int lamina_wl_flush(lamina_wl *wl) {
    if (wl_display_flush(wl->display) < 0 && errno != EAGAIN) return -1;
    return 0;
}

int lamina_wl_next_event(lamina_wl *wl, lamina_wl_event *event) {
    if (wl->count == 0) return 0;
    *event = wl->queue[wl->head];
    wl->head = (wl->head + 1) % QUEUE_CAPACITY;
    wl->count--;
    return 1;
}

uint64_t lamina_wl_dropped_events(lamina_wl *wl) { return wl->dropped; }

lamina_wl_pixel_order lamina_wl_pixel_order_of(lamina_wl *wl) { return wl->uses_rgba ? LAMINA_WL_RGBA : LAMINA_WL_BGRA; }

void lamina_wl_prefer_pixel_order(lamina_wl *wl, lamina_wl_pixel_order order) {
    // Buffers of the other format are made again as they come free (lamina_wl_begin_frame).
    wl->uses_rgba = order == LAMINA_WL_RGBA && wl->has_rgba;
}

int lamina_wl_ready_for_frame(lamina_wl *wl) { return wl->frame_callback == NULL; }

static void destroy_buffer(struct buffer *b) {
    if (b->buffer) wl_buffer_destroy(b->buffer);
    if (b->data) munmap(b->data, b->size);
    memset(b, 0, sizeof *b);
}

static int create_buffer(struct lamina_wl *wl, struct buffer *b, int32_t width, int32_t height, char *error,
                         size_t error_size) {
    int32_t stride = width * 4;
    size_t size = (size_t)stride * (size_t)height;
    int fd = memfd_create("lamina-wayland-frame", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0 || ftruncate(fd, (off_t)size) < 0) {
        say(error, error_size, "cannot make a %dx%d frame buffer: %s", width, height, strerror(errno));
        if (fd >= 0) close(fd);
        return -1;
    }
    void *data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (data == MAP_FAILED) {
        say(error, error_size, "cannot map a %dx%d frame buffer: %s", width, height, strerror(errno));
        close(fd);
        return -1;
    }
    struct wl_shm_pool *pool = wl_shm_create_pool(wl->shm, fd, (int32_t)size);
    uint32_t format = wl->uses_rgba ? WL_SHM_FORMAT_ABGR8888 : WL_SHM_FORMAT_ARGB8888;
    b->buffer = wl_shm_pool_create_buffer(pool, 0, width, height, stride, format);
    wl_buffer_add_listener(b->buffer, &buffer_listener, wl);
    wl_shm_pool_destroy(pool);
    close(fd);
    b->data = data;
    b->size = size;
    b->width = width;
    b->height = height;
    b->stride = stride;
    b->rgba = wl->uses_rgba;
    b->busy = 0;
    return 0;
}

void *lamina_wl_begin_frame(lamina_wl *wl, int32_t width, int32_t height, int32_t *stride, int32_t *age,
                            char *error, size_t error_size) {
    if (!wl->surface) {
        say(error, error_size, "the window is gone");
        return NULL;
    }
    if (width <= 0 || height <= 0 || (int64_t)width * height > (int64_t)1 << 28) {
        say(error, error_size, "a %dx%d frame is not a size a buffer can have", width, height);
        return NULL;
    }
    int chosen = -1;
    for (int i = 0; i < BUFFER_COUNT && chosen < 0; i++) {
        struct buffer *b = &wl->buffers[i];
        if (b->busy) continue;
        if (b->buffer && (b->width != width || b->height != height || b->rgba != wl->uses_rgba)) destroy_buffer(b);
        if (!b->buffer && create_buffer(wl, b, width, height, error, error_size) < 0) return NULL;
        chosen = i;
    }
    if (chosen < 0) {
        say(error, error_size, "the Wayland compositor holds every frame buffer");
        return NULL;
    }
    wl->drawing = chosen;
    struct buffer *b = &wl->buffers[chosen];
    *stride = b->stride;
    *age = b->shown_at ? (int32_t)(wl->commits + 1 - b->shown_at) : 0;
    return b->data;
}

void lamina_wl_surface_state(struct lamina_wl *wl, enum wl_output_transform transform, int32_t buffer_scale,
                             int32_t points_width, int32_t points_height) {
    wl_surface_set_buffer_transform(wl->surface, transform);
    int viewported = wl->viewport && points_width > 0 && points_height > 0;
    if (wl->compositor_version >= 3) wl_surface_set_buffer_scale(wl->surface, viewported || buffer_scale < 1 ? 1 : buffer_scale);
    if (wl->viewport) {
        // -1, -1 unsets the destination: the buffer scale alone sizes the surface again.
        wp_viewport_set_destination(wl->viewport, viewported ? points_width : -1, viewported ? points_height : -1);
    }
}

void lamina_wl_request_frame(struct lamina_wl *wl) {
    if (!wl->frame_callback) {
        wl->frame_callback = wl_surface_frame(wl->surface);
        wl_callback_add_listener(wl->frame_callback, &frame_listener, wl);
    }
    if (wl->presentation) {
        struct wp_presentation_feedback *feedback = wp_presentation_feedback(wl->presentation, wl->surface);
        wp_presentation_feedback_add_listener(feedback, &feedback_listener, wl);
    }
}

int lamina_wl_commit_frame(lamina_wl *wl, int32_t buffer_scale, int32_t points_width, int32_t points_height,
                           const int32_t *boxes, int32_t box_count) {
    if (wl->drawing < 0 || !wl->surface) return 0;
    struct buffer *b = &wl->buffers[wl->drawing];
    wl->drawing = -1;
    b->busy = 1;
    b->shown_at = ++wl->commits;
    // The rows are GL's, bottom first: a vertical flip is FLIPPED_180 (a flip about the vertical axis,
    // then half a turn).
    lamina_wl_surface_state(wl, WL_OUTPUT_TRANSFORM_FLIPPED_180, buffer_scale, points_width, points_height);
    wl_surface_attach(wl->surface, b->buffer, 0, 0);
    if (wl->compositor_version >= 4 && box_count >= 0) {
        for (int32_t i = 0; i < box_count; i++) {
            wl_surface_damage_buffer(wl->surface, boxes[4 * i], boxes[4 * i + 1], boxes[4 * i + 2], boxes[4 * i + 3]);
        }
    } else if (wl->compositor_version >= 4) {
        wl_surface_damage_buffer(wl->surface, 0, 0, b->width, b->height);
    } else {
        wl_surface_damage(wl->surface, 0, 0, INT32_MAX, INT32_MAX);
    }
    lamina_wl_request_frame(wl);
    wl_surface_commit(wl->surface);
    return lamina_wl_flush(wl);
}

void lamina_wl_set_title(lamina_wl *wl, const char *title) {
    if (wl->toplevel) xdg_toplevel_set_title(wl->toplevel, title);
    lamina_wl_flush(wl);
}

void lamina_wl_unmap(lamina_wl *wl) {
    if (!wl || !wl->surface) return;
    if (wl->egl_window) wl_egl_window_destroy(wl->egl_window);
    wl->egl_window = NULL;
    for (int i = 0; i < BUFFER_COUNT; i++) destroy_buffer(&wl->buffers[i]);
    if (wl->frame_callback) wl_callback_destroy(wl->frame_callback);
    wl->frame_callback = NULL;
    if (wl->fractional) wp_fractional_scale_v1_destroy(wl->fractional);
    if (wl->viewport) wp_viewport_destroy(wl->viewport);
    if (wl->toplevel) xdg_toplevel_destroy(wl->toplevel);
    if (wl->xdg_surface) xdg_surface_destroy(wl->xdg_surface);
    wl_surface_destroy(wl->surface);
    if (wl->pointer) wl_pointer_destroy(wl->pointer);
    if (wl->touch) wl_touch_destroy(wl->touch);
    if (wl->keyboard) wl_keyboard_destroy(wl->keyboard);
    wl->fractional = NULL;
    wl->viewport = NULL;
    wl->toplevel = NULL;
    wl->xdg_surface = NULL;
    wl->surface = NULL;
    wl->pointer = NULL;
    wl->touch = NULL;
    wl->keyboard = NULL;
    wl->head = wl->count = 0;
    lamina_wl_flush(wl);
}

void lamina_wl_destroy(lamina_wl *wl) {
    if (!wl) return;
    lamina_wl_unmap(wl);
    if (wl->fractional_manager) wp_fractional_scale_manager_v1_destroy(wl->fractional_manager);
    if (wl->presentation) wp_presentation_destroy(wl->presentation);
    if (wl->viewporter) wp_viewporter_destroy(wl->viewporter);
    if (wl->seat) wl_seat_destroy(wl->seat);
    for (int i = 0; i < wl->output_count; i++) wl_output_destroy(wl->outputs[i].output);
    if (wl->wm_base) xdg_wm_base_destroy(wl->wm_base);
    if (wl->shm) wl_shm_destroy(wl->shm);
    if (wl->compositor) wl_compositor_destroy(wl->compositor);
    if (wl->registry) wl_registry_destroy(wl->registry);
    if (wl->xkb_state) xkb_state_unref(wl->xkb_state);
    if (wl->keymap) xkb_keymap_unref(wl->keymap);
    if (wl->xkb) xkb_context_unref(wl->xkb);
    wl_display_disconnect(wl->display);
    free(wl);
}
