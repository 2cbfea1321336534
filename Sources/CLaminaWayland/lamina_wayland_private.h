// What the window's C files share: the connection's state and the event queue. Not public: Swift
// sees only lamina_wayland.h.
#ifndef LAMINA_WAYLAND_PRIVATE_H
#define LAMINA_WAYLAND_PRIVATE_H

#include <wayland-client.h>
#include <wayland-egl.h>
#include <xkbcommon/xkbcommon.h>

#include "lamina_wayland.h"
#include "fractional-scale-v1-client-protocol.h"
#include "presentation-time-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "xdg-shell-client-protocol.h"

#define QUEUE_CAPACITY 512
#define BUFFER_COUNT 3
#define MAX_OUTPUTS 8

struct buffer {
    struct wl_buffer *buffer;
    void *data;
    size_t size;
    int32_t width, height, stride;
    /// Whether it holds ABGR8888 (else ARGB8888).
    int rgba;
    int busy;
    /// The commit whose frame the buffer holds (0: none yet), for its age.
    uint64_t shown_at;
};

struct output {
    struct wl_output *output;
    int32_t scale;
    int entered;
};

struct lamina_wl {
    struct wl_display *display;
    struct wl_registry *registry;
    struct wl_compositor *compositor;
    uint32_t compositor_version;
    struct wl_shm *shm;
    struct xdg_wm_base *wm_base;
    struct wl_seat *seat;
    struct wl_pointer *pointer;
    struct wl_touch *touch;
    struct wl_keyboard *keyboard;
    struct output outputs[MAX_OUTPUTS];
    int output_count;
    int32_t scale;
    /// wp_viewporter and wp_fractional_scale_v1, where the host has them: a fractional scale in
    /// 120ths, buffers of that many pixels shown at the window's size through the viewport.
    struct wp_viewporter *viewporter;
    struct wp_fractional_scale_manager_v1 *fractional_manager;
    struct wp_viewport *viewport;
    struct wp_fractional_scale_v1 *fractional;
    /// wp_presentation, where the host has it: when each frame was shown, on which clock.
    struct wp_presentation *presentation;
    uint32_t presentation_clock;

    struct wl_surface *surface;
    struct xdg_surface *xdg_surface;
    struct xdg_toplevel *toplevel;
    struct wl_callback *frame_callback;
    int configured;
    int32_t pending_width, pending_height;
    /// Whether the host takes ABGR8888, and whether frames are written in it (else ARGB8888).
    int has_rgba, uses_rgba;

    struct buffer buffers[BUFFER_COUNT];
    /// The window as EGL's Wayland platform draws into it, once asked for (lamina_wayland_egl.c).
    struct wl_egl_window *egl_window;
    int drawing;
    uint64_t commits;

    lamina_wl_event queue[QUEUE_CAPACITY];
    int head, count;
    uint64_t dropped;

    double pointer_x, pointer_y;
    uint32_t pointer_time;
    double touch_x[16], touch_y[16];

    struct xkb_context *xkb;
    struct xkb_keymap *keymap;
    struct xkb_state *xkb_state;
};

/// Appends an event to the queue and returns it to be filled in; NULL (and counted) when it is full.
lamina_wl_event *lamina_wl_push(struct lamina_wl *wl, lamina_wl_event_type type);

/// Sets the surface state a frame is shown with (double-buffered: the next commit applies it): the
/// buffer transform, and `buffer_scale` pixels per surface unit or, when `points_width` and
/// `points_height` are positive and the host has a viewporter, one pixel per unit scaled to that size.
void lamina_wl_surface_state(struct lamina_wl *wl, enum wl_output_transform transform, int32_t buffer_scale,
                             int32_t points_width, int32_t points_height);

/// Asks for the next commit's frame callback (unless one is outstanding) and presentation feedback.
void lamina_wl_request_frame(struct lamina_wl *wl);

/// The seat's listener (lamina_wayland_seat.c): pointer, touch and keyboard into the queue.
extern const struct wl_seat_listener lamina_wl_seat_listener;

#endif
