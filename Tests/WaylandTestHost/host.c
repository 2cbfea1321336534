// lamina-wayland-test-host: the smallest Wayland compositor the Wayland output's tests need, on
// libwayland-server. Weston 10 runs headless but offers no way to inject input, so the tests run
// laminad inside this host to drive its seat (pointer, touch, keyboard), resize its window, change
// the output's scale, hold back or send frame callbacks, and read the pixels it committed.
//
// It serves one client window: wl_compositor 4, wl_shm (ARGB8888, XRGB8888 and ABGR8888), xdg_wm_base
// 2, wl_seat 5 with pointer, touch and keyboard (an XKB "us" keymap), wl_output 2, wp_viewporter 1 and,
// when asked, wp_fractional_scale_manager_v1 1, wp_presentation 1 (CLOCK_MONOTONIC).
//
//   lamina-wayland-test-host SOCKET-NAME WIDTH HEIGHT [fractional]   (the socket in $XDG_RUNTIME_DIR;
//                                                    "fractional" offers wp_fractional_scale_v1)
//
// It prints "ready" once listening, then reads one command per line on stdin and answers each with
// "ok" (or "error: ..."), after doing it:
//   configure W H          the toplevel's next size
//   scale S                the output's scale (and the surface enters the output)
//   motion X Y             the pointer enters (first time) or moves, surface coordinates
//   button CODE 1|0        a button down or up at the pointer
//   axis 0|1 VALUE         a scroll at the pointer: 0 vertical, 1 horizontal, VALUE surface units
//   touch-down ID X Y | touch-motion ID X Y | touch-up ID
//   key CODE 1|0           a key (Linux input code) down or up, after giving the window the keyboard
//   repeat-info RATE DELAY how held keys repeat: RATE a second after DELAY ms
//   frame                  answer every waiting frame callback
//   auto-frame 1|0         answer frame callbacks at each commit (the default: 1)
//   wait-commits N         answer once N buffers were committed in all
//   callbacks              answer "ok N": the frame callbacks waiting
//   title                  answer "ok TITLE": the window's title
//   fractional-scale N     the scale the host prefers, in 120ths (wp_fractional_scale_v1)
//   presentation-refresh N the refresh interval (ns) wp_presentation feedback reports (default 0: unknown);
//                          frames are "presented" when their frame callbacks are answered
//   dump PATH              write the last committed buffer: a line "W H FORMAT TRANSFORM SCALE COMMITS
//                          VIEWPORT-W VIEWPORT-H" (-1 -1: no viewport destination)
//                          then W*H*4 bytes, rows top first as the buffer holds them
//   quit
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <wayland-server.h>
#include <xkbcommon/xkbcommon.h>

#include "host.h"

#include "fractional-scale-v1-server-protocol.h"
#include "presentation-time-server-protocol.h"
#include "viewporter-server-protocol.h"
#include "xdg-shell-server-protocol.h"

uint32_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
}

void reply(const char *text) {
    printf("%s\n", text);
    fflush(stdout);
}

static void forget(struct wl_resource **slot, struct wl_resource *resource) {
    if (*slot == resource) *slot = NULL;
}

// MARK: Frame callbacks

static void callback_destroyed(struct wl_resource *resource) {
    struct host *host = wl_resource_get_user_data(resource);
    for (int i = 0; i < host->callback_count; i++) {
        if (host->callbacks[i] == resource) {
            host->callbacks[i] = host->callbacks[--host->callback_count];
            return;
        }
    }
}

static void feedback_destroyed(struct wl_resource *resource) {
    struct host *host = wl_resource_get_user_data(resource);
    for (int i = 0; i < host->feedback_count; i++) {
        if (host->feedbacks[i] == resource) {
            host->feedbacks[i] = host->feedbacks[--host->feedback_count];
            return;
        }
    }
}

void send_frames(struct host *host) {
    // The frames committed since the last are "shown" at the next blank of the host's grid (multiples
    // of the refresh interval on CLOCK_MONOTONIC), or now when it has no refresh.
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    uint64_t shown = (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
    if (host->refresh_ns > 0) shown = (shown / host->refresh_ns + 1) * host->refresh_ns;
    uint64_t seconds = shown / 1000000000u;
    while (host->feedback_count > 0) {
        struct wl_resource *feedback = host->feedbacks[0];
        uint64_t seq = ++host->presented_frames;
        wp_presentation_feedback_send_presented(feedback, (uint32_t)(seconds >> 32), (uint32_t)seconds,
                                                (uint32_t)(shown % 1000000000u), host->refresh_ns, (uint32_t)(seq >> 32),
                                                (uint32_t)seq, 0);
        wl_resource_destroy(feedback);  // feedback_destroyed takes it off the list
    }
    uint32_t time = now_ms();
    while (host->callback_count > 0) {
        struct wl_resource *callback = host->callbacks[0];
        wl_callback_send_done(callback, time);
        wl_resource_destroy(callback);  // callback_destroyed takes it off the list
    }
}

// MARK: Regions (accepted and ignored)

static void region_destroy(struct wl_client *c, struct wl_resource *r) { wl_resource_destroy(r); }
static void region_rect(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h) {}
static const struct wl_region_interface region_impl = {region_destroy, region_rect, region_rect};

// MARK: Surface

void send_configure(struct host *host) {
    if (!host->toplevel) return;
    struct wl_array states;
    wl_array_init(&states);
    xdg_toplevel_send_configure(host->toplevel, host->configured_width, host->configured_height, &states);
    wl_array_release(&states);
    xdg_surface_send_configure(host->xdg_surface, wl_display_next_serial(host->display));
    host->sent_first_configure = 1;
}

static void current_buffer_destroyed(struct wl_listener *listener, void *data) {
    struct host *host = wl_container_of(listener, host, current_buffer_gone);
    host->current_buffer = NULL;
    wl_list_remove(&listener->link);
}

static void surface_destroy(struct wl_client *c, struct wl_resource *r) { wl_resource_destroy(r); }
static void surface_attach(struct wl_client *c, struct wl_resource *r, struct wl_resource *buffer, int32_t x, int32_t y) {
    struct host *host = wl_resource_get_user_data(r);
    host->pending_buffer = buffer;
}
static void surface_damage(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h) {}
static void surface_frame(struct wl_client *c, struct wl_resource *r, uint32_t id) {
    struct host *host = wl_resource_get_user_data(r);
    struct wl_resource *callback = wl_resource_create(c, &wl_callback_interface, 1, id);
    if (host->callback_count == MAX_CALLBACKS) {
        wl_resource_post_no_memory(r);
        return;
    }
    wl_resource_set_implementation(callback, NULL, host, callback_destroyed);
    host->callbacks[host->callback_count++] = callback;
}
static void surface_region(struct wl_client *c, struct wl_resource *r, struct wl_resource *region) {}
static void surface_commit(struct wl_client *c, struct wl_resource *r) {
    struct host *host = wl_resource_get_user_data(r);
    host->transform = host->pending_transform;
    host->scale = host->pending_scale;
    if (!host->sent_first_configure) send_configure(host);
    struct wl_resource *buffer = host->pending_buffer;
    host->pending_buffer = NULL;
    if (buffer) {
        struct wl_shm_buffer *shm = wl_shm_buffer_get(buffer);
        if (shm) {
            int width = wl_shm_buffer_get_width(shm), height = wl_shm_buffer_get_height(shm);
            int stride = wl_shm_buffer_get_stride(shm);
            unsigned char *copy = malloc((size_t)width * height * 4);
            wl_shm_buffer_begin_access(shm);
            const unsigned char *data = wl_shm_buffer_get_data(shm);
            for (int row = 0; row < height; row++) memcpy(copy + (size_t)row * width * 4, data + (size_t)row * stride, (size_t)width * 4);
            wl_shm_buffer_end_access(shm);
            free(host->pixels);
            host->pixels = copy;
            host->width = width;
            host->height = height;
            host->format = wl_shm_buffer_get_format(shm);
        }
        // Like Weston, the buffer shown is kept until another replaces it: the client draws the next
        // frame into another buffer, holding an older frame (buffer age 2 and more).
        if (host->current_buffer != buffer) {
            if (host->current_buffer) {
                wl_buffer_send_release(host->current_buffer);
                wl_list_remove(&host->current_buffer_gone.link);
            }
            host->current_buffer = buffer;
            wl_resource_add_destroy_listener(buffer, &host->current_buffer_gone);
        }
        host->commits++;
        if (host->wait_commits > 0 && host->commits >= host->wait_commits) {
            host->wait_commits = 0;
            reply("ok");
        }
    }
    if (host->auto_frame) send_frames(host);
}
static void surface_set_buffer_transform(struct wl_client *c, struct wl_resource *r, int32_t transform) {
    ((struct host *)wl_resource_get_user_data(r))->pending_transform = transform;
}
static void surface_set_buffer_scale(struct wl_client *c, struct wl_resource *r, int32_t scale) {
    ((struct host *)wl_resource_get_user_data(r))->pending_scale = scale;
}
static void surface_offset(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y) {}
static const struct wl_surface_interface surface_impl = {
    surface_destroy, surface_attach, surface_damage, surface_frame, surface_region, surface_region,
    surface_commit, surface_set_buffer_transform, surface_set_buffer_scale, surface_damage, surface_offset,
};
static void surface_destroyed(struct wl_resource *r) {
    forget(&((struct host *)wl_resource_get_user_data(r))->surface, r);
}

static void compositor_create_surface(struct wl_client *c, struct wl_resource *r, uint32_t id) {
    struct host *host = wl_resource_get_user_data(r);
    struct wl_resource *surface = wl_resource_create(c, &wl_surface_interface, wl_resource_get_version(r), id);
    wl_resource_set_implementation(surface, &surface_impl, host, surface_destroyed);
    host->surface = surface;
    host->pending_scale = host->scale = 1;
}
static void compositor_create_region(struct wl_client *c, struct wl_resource *r, uint32_t id) {
    struct wl_resource *region = wl_resource_create(c, &wl_region_interface, 1, id);
    wl_resource_set_implementation(region, &region_impl, NULL, NULL);
}
static const struct wl_compositor_interface compositor_impl = {compositor_create_surface, compositor_create_region};
static void bind_compositor(struct wl_client *c, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *r = wl_resource_create(c, &wl_compositor_interface, version, id);
    wl_resource_set_implementation(r, &compositor_impl, data, NULL);
}

// MARK: xdg-shell

static void toplevel_destroy(struct wl_client *c, struct wl_resource *r) { wl_resource_destroy(r); }
static void toplevel_set_parent(struct wl_client *c, struct wl_resource *r, struct wl_resource *p) {}
static void toplevel_set_string(struct wl_client *c, struct wl_resource *r, const char *s) {}
static void toplevel_set_title(struct wl_client *c, struct wl_resource *r, const char *s) {
    struct host *host = wl_resource_get_user_data(r);
    snprintf(host->title, sizeof host->title, "%s", s);
}
static void toplevel_menu(struct wl_client *c, struct wl_resource *r, struct wl_resource *s, uint32_t serial, int32_t x, int32_t y) {}
static void toplevel_move(struct wl_client *c, struct wl_resource *r, struct wl_resource *s, uint32_t serial) {}
static void toplevel_resize(struct wl_client *c, struct wl_resource *r, struct wl_resource *s, uint32_t serial, uint32_t e) {}
static void toplevel_size(struct wl_client *c, struct wl_resource *r, int32_t w, int32_t h) {}
static void toplevel_state(struct wl_client *c, struct wl_resource *r) {}
static void toplevel_fullscreen(struct wl_client *c, struct wl_resource *r, struct wl_resource *o) {}
static const struct xdg_toplevel_interface toplevel_impl = {
    toplevel_destroy, toplevel_set_parent, toplevel_set_title, toplevel_set_string, toplevel_menu,
    toplevel_move, toplevel_resize, toplevel_size, toplevel_size, toplevel_state, toplevel_state,
    toplevel_fullscreen, toplevel_state, toplevel_state,
};
static void toplevel_destroyed(struct wl_resource *r) {
    forget(&((struct host *)wl_resource_get_user_data(r))->toplevel, r);
}

static void xdg_surface_destroy(struct wl_client *c, struct wl_resource *r) { wl_resource_destroy(r); }
static void xdg_surface_get_toplevel(struct wl_client *c, struct wl_resource *r, uint32_t id) {
    struct host *host = wl_resource_get_user_data(r);
    struct wl_resource *toplevel = wl_resource_create(c, &xdg_toplevel_interface, wl_resource_get_version(r), id);
    wl_resource_set_implementation(toplevel, &toplevel_impl, host, toplevel_destroyed);
    host->toplevel = toplevel;
}
static void xdg_surface_get_popup(struct wl_client *c, struct wl_resource *r, uint32_t id, struct wl_resource *p, struct wl_resource *q) {
    wl_resource_post_error(r, XDG_WM_BASE_ERROR_INVALID_POPUP_PARENT, "this host has no popups");
}
static void xdg_surface_geometry(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h) {}
static void xdg_surface_ack(struct wl_client *c, struct wl_resource *r, uint32_t serial) {}
static const struct xdg_surface_interface xdg_surface_impl = {
    xdg_surface_destroy, xdg_surface_get_toplevel, xdg_surface_get_popup, xdg_surface_geometry, xdg_surface_ack,
};
static void xdg_surface_destroyed(struct wl_resource *r) {
    forget(&((struct host *)wl_resource_get_user_data(r))->xdg_surface, r);
}

static void wm_destroy(struct wl_client *c, struct wl_resource *r) { wl_resource_destroy(r); }
static void wm_create_positioner(struct wl_client *c, struct wl_resource *r, uint32_t id) {
    wl_resource_post_error(r, XDG_WM_BASE_ERROR_INVALID_POSITIONER, "this host has no positioners");
}
static void wm_get_xdg_surface(struct wl_client *c, struct wl_resource *r, uint32_t id, struct wl_resource *surface) {
    struct host *host = wl_resource_get_user_data(r);
    struct wl_resource *x = wl_resource_create(c, &xdg_surface_interface, wl_resource_get_version(r), id);
    wl_resource_set_implementation(x, &xdg_surface_impl, host, xdg_surface_destroyed);
    host->xdg_surface = x;
}
static void wm_pong(struct wl_client *c, struct wl_resource *r, uint32_t serial) {}
static const struct xdg_wm_base_interface wm_impl = {wm_destroy, wm_create_positioner, wm_get_xdg_surface, wm_pong};
static void bind_wm(struct wl_client *c, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *r = wl_resource_create(c, &xdg_wm_base_interface, version, id);
    wl_resource_set_implementation(r, &wm_impl, data, NULL);
}

// MARK: Seat

static void release(struct wl_client *c, struct wl_resource *r) { wl_resource_destroy(r); }
static void pointer_set_cursor(struct wl_client *c, struct wl_resource *r, uint32_t serial, struct wl_resource *s, int32_t x, int32_t y) {}
static const struct wl_pointer_interface pointer_impl = {pointer_set_cursor, release};
static const struct wl_keyboard_interface keyboard_impl = {release};
static const struct wl_touch_interface touch_impl = {release};
static void pointer_destroyed(struct wl_resource *r) { forget(&((struct host *)wl_resource_get_user_data(r))->pointer, r); }
static void keyboard_destroyed(struct wl_resource *r) { forget(&((struct host *)wl_resource_get_user_data(r))->keyboard, r); }
static void touch_destroyed(struct wl_resource *r) { forget(&((struct host *)wl_resource_get_user_data(r))->touch, r); }

static void seat_get_pointer(struct wl_client *c, struct wl_resource *r, uint32_t id) {
    struct host *host = wl_resource_get_user_data(r);
    host->pointer = wl_resource_create(c, &wl_pointer_interface, wl_resource_get_version(r), id);
    wl_resource_set_implementation(host->pointer, &pointer_impl, host, pointer_destroyed);
}
static void seat_get_touch(struct wl_client *c, struct wl_resource *r, uint32_t id) {
    struct host *host = wl_resource_get_user_data(r);
    host->touch = wl_resource_create(c, &wl_touch_interface, wl_resource_get_version(r), id);
    wl_resource_set_implementation(host->touch, &touch_impl, host, touch_destroyed);
}
static void seat_get_keyboard(struct wl_client *c, struct wl_resource *r, uint32_t id) {
    struct host *host = wl_resource_get_user_data(r);
    host->keyboard = wl_resource_create(c, &wl_keyboard_interface, wl_resource_get_version(r), id);
    wl_resource_set_implementation(host->keyboard, &keyboard_impl, host, keyboard_destroyed);
    // A real keymap, as a desktop sends: US layout from the system's XKB data.
    struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    struct xkb_rule_names names = {.layout = "us"};
    struct xkb_keymap *keymap = context ? xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS) : NULL;
    char *text = keymap ? xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) : NULL;
    if (text) {
        size_t size = strlen(text) + 1;
        int fd = memfd_create("keymap", MFD_CLOEXEC);
        if (fd >= 0 && write(fd, text, size) == (ssize_t)size) {
            wl_keyboard_send_keymap(host->keyboard, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, (uint32_t)size);
        }
        if (fd >= 0) close(fd);
        free(text);
    }
    if (keymap) xkb_keymap_unref(keymap);
    if (context) xkb_context_unref(context);
    if (wl_resource_get_version(host->keyboard) >= 4) wl_keyboard_send_repeat_info(host->keyboard, 25, 600);
}
static const struct wl_seat_interface seat_impl = {seat_get_pointer, seat_get_keyboard, seat_get_touch, release};
static void bind_seat(struct wl_client *c, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *r = wl_resource_create(c, &wl_seat_interface, version, id);
    wl_resource_set_implementation(r, &seat_impl, data, NULL);
    wl_seat_send_capabilities(r, WL_SEAT_CAPABILITY_POINTER | WL_SEAT_CAPABILITY_KEYBOARD | WL_SEAT_CAPABILITY_TOUCH);
    if (version >= 2) wl_seat_send_name(r, "seat0");
}

// MARK: Output

static const struct wl_output_interface output_impl = {release};
static void output_destroyed(struct wl_resource *r) { forget(&((struct host *)wl_resource_get_user_data(r))->output, r); }
void send_output(struct host *host) {
    struct wl_resource *o = host->output;
    wl_output_send_geometry(o, 0, 0, 300, 200, WL_OUTPUT_SUBPIXEL_UNKNOWN, "Lamina", "test host", WL_OUTPUT_TRANSFORM_NORMAL);
    wl_output_send_mode(o, WL_OUTPUT_MODE_CURRENT, 1920, 1080, 60000);
    if (wl_resource_get_version(o) >= 2) {
        wl_output_send_scale(o, host->output_scale);
        wl_output_send_done(o);
    }
}
static void bind_output(struct wl_client *c, void *data, uint32_t version, uint32_t id) {
    struct host *host = data;
    host->output = wl_resource_create(c, &wl_output_interface, version, id);
    wl_resource_set_implementation(host->output, &output_impl, host, output_destroyed);
    send_output(host);
}

// MARK: Viewporter and fractional scale

static void plain_destroy(struct wl_client *c, struct wl_resource *r) { wl_resource_destroy(r); }
static void viewport_set_source(struct wl_client *c, struct wl_resource *r, wl_fixed_t x, wl_fixed_t y, wl_fixed_t w, wl_fixed_t h) {}
static void viewport_set_destination(struct wl_client *c, struct wl_resource *r, int32_t w, int32_t h) {
    struct host *host = wl_resource_get_user_data(r);
    host->viewport_width = w;
    host->viewport_height = h;
}
static const struct wp_viewport_interface viewport_impl = {plain_destroy, viewport_set_source, viewport_set_destination};
static void viewport_destroyed(struct wl_resource *r) { forget(&((struct host *)wl_resource_get_user_data(r))->viewport, r); }
static void viewporter_get_viewport(struct wl_client *c, struct wl_resource *r, uint32_t id, struct wl_resource *surface) {
    struct host *host = wl_resource_get_user_data(r);
    host->viewport = wl_resource_create(c, &wp_viewport_interface, 1, id);
    wl_resource_set_implementation(host->viewport, &viewport_impl, host, viewport_destroyed);
}
static const struct wp_viewporter_interface viewporter_impl = {plain_destroy, viewporter_get_viewport};
static void bind_viewporter(struct wl_client *c, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *r = wl_resource_create(c, &wp_viewporter_interface, version, id);
    wl_resource_set_implementation(r, &viewporter_impl, data, NULL);
}

static const struct wp_fractional_scale_v1_interface fractional_impl = {plain_destroy};
static void fractional_destroyed(struct wl_resource *r) { forget(&((struct host *)wl_resource_get_user_data(r))->fractional, r); }
static void fractional_get(struct wl_client *c, struct wl_resource *r, uint32_t id, struct wl_resource *surface) {
    struct host *host = wl_resource_get_user_data(r);
    host->fractional = wl_resource_create(c, &wp_fractional_scale_v1_interface, 1, id);
    wl_resource_set_implementation(host->fractional, &fractional_impl, host, fractional_destroyed);
}
static const struct wp_fractional_scale_manager_v1_interface fractional_manager_impl = {plain_destroy, fractional_get};
static void bind_fractional(struct wl_client *c, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *r = wl_resource_create(c, &wp_fractional_scale_manager_v1_interface, version, id);
    wl_resource_set_implementation(r, &fractional_manager_impl, data, NULL);
}

// MARK: Presentation feedback

static void presentation_feedback(struct wl_client *c, struct wl_resource *r, struct wl_resource *surface, uint32_t id) {
    struct host *host = wl_resource_get_user_data(r);
    struct wl_resource *feedback = wl_resource_create(c, &wp_presentation_feedback_interface, 1, id);
    if (host->feedback_count == MAX_CALLBACKS) {
        wl_resource_post_no_memory(r);
        return;
    }
    wl_resource_set_implementation(feedback, NULL, host, feedback_destroyed);
    host->feedbacks[host->feedback_count++] = feedback;
}
static const struct wp_presentation_interface presentation_impl = {plain_destroy, presentation_feedback};
static void bind_presentation(struct wl_client *c, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *r = wl_resource_create(c, &wp_presentation_interface, version, id);
    wl_resource_set_implementation(r, &presentation_impl, data, NULL);
    wp_presentation_send_clock_id(r, CLOCK_MONOTONIC);
}

// MARK: Serving

void host_serve(struct host *host, int fractional) {
    host->current_buffer_gone.notify = current_buffer_destroyed;
    host->viewport_width = host->viewport_height = -1;
    wl_display_init_shm(host->display);
    wl_display_add_shm_format(host->display, WL_SHM_FORMAT_ABGR8888);
    wl_global_create(host->display, &wl_compositor_interface, 4, host, bind_compositor);
    wl_global_create(host->display, &xdg_wm_base_interface, 2, host, bind_wm);
    wl_global_create(host->display, &wl_seat_interface, 5, host, bind_seat);
    wl_global_create(host->display, &wl_output_interface, 2, host, bind_output);
    wl_global_create(host->display, &wp_viewporter_interface, 1, host, bind_viewporter);
    wl_global_create(host->display, &wp_presentation_interface, 1, host, bind_presentation);
    if (fractional) wl_global_create(host->display, &wp_fractional_scale_manager_v1_interface, 1, host, bind_fractional);
}
