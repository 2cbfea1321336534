// The test host's state and what its two halves share: the protocol objects it serves (host.c) and
// the commands a test drives it with (commands.c).
#ifndef LAMINA_TEST_HOST_H
#define LAMINA_TEST_HOST_H

#include <stdint.h>
#include <wayland-server.h>

#define MAX_CALLBACKS 64

struct host {
    struct wl_display *display;
    struct wl_event_loop *loop;
    struct wl_resource *surface, *xdg_surface, *toplevel, *output, *viewport, *fractional;
    int viewport_width, viewport_height;  // the viewport's destination, -1 when unset
    struct wl_resource *pointer, *touch, *keyboard;
    struct wl_resource *pending_buffer;
    struct wl_resource *current_buffer;  // held until the next one replaces it, as a compositor does
    struct wl_listener current_buffer_gone;
    struct wl_resource *callbacks[MAX_CALLBACKS];
    int callback_count;
    struct wl_resource *feedbacks[MAX_CALLBACKS];  // wp_presentation_feedback waiting for the next frame
    int feedback_count;
    uint32_t refresh_ns;  // what "presented" says the refresh is (0: unknown)
    uint64_t presented_frames;
    int pending_transform, pending_scale, transform, scale;
    int configured_width, configured_height;
    int sent_first_configure;
    int auto_frame;
    int commits;
    int wait_commits;  // > 0: a "wait-commits" is answered when commits reach it
    unsigned char *pixels;
    int width, height;
    uint32_t format;
    int pointer_entered, keyboard_entered, entered_output;
    int output_scale;
    char title[256];
    char line[512];
    size_t line_length;
    int running;
};

uint32_t now_ms(void);
void reply(const char *text);
void send_frames(struct host *host);
void send_configure(struct host *host);
void send_output(struct host *host);
/// Offers the globals (and the fractional scale manager when `fractional`) on `host->display`.
void host_serve(struct host *host, int fractional);

#endif
