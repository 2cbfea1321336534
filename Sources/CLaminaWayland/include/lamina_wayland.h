// A Wayland toplevel window for Lamina: the client side of the Wayland protocol in the one language
// libwayland's listener tables are written for. It connects, binds the globals, keeps an xdg-shell
// toplevel, hands out wl_shm buffers to draw into (or a wl_egl_window for EGL to), and turns the host's events (configure, close,
// frame callbacks, the seat's pointer, touch and keyboard, the outputs' scale) into a flat queue of
// `lamina_wl_event` that Swift drains after each dispatch. Keyboard keys are translated through
// xkbcommon with the keymap the host sends.
//
// Everything here is single-threaded: one thread at a time uses a `lamina_wl` (it may be handed to
// another, as laminad hands its window to the render thread). EGL, when it draws into the window,
// reads its own event queue on the connection, which libwayland keeps apart from this one.
#ifndef LAMINA_WAYLAND_H
#define LAMINA_WAYLAND_H

#include <stddef.h>
#include <stdint.h>

typedef struct lamina_wl lamina_wl;

/// What happened.
typedef enum {
    /// The host chose the window's size (`width`, `height` in surface units; 0 means "yours to pick").
    LAMINA_WL_CONFIGURE = 1,
    /// The host asked the window to close.
    LAMINA_WL_CLOSE,
    /// The host is ready for a new frame (`time_ms`: when the last one was shown, in ms).
    LAMINA_WL_FRAME_DONE,
    /// The pointer entered the window at (`x`, `y`).
    LAMINA_WL_POINTER_ENTER,
    /// The pointer left the window.
    LAMINA_WL_POINTER_LEAVE,
    /// The pointer moved to (`x`, `y`).
    LAMINA_WL_POINTER_MOTION,
    /// A button (`button`, a Linux input code) went down (`state` 1) or up (0) at the pointer's place.
    LAMINA_WL_POINTER_BUTTON,
    /// The pointer scrolled: `scroll_x`, `scroll_y` surface units (a wheel or a touchpad's two
    /// fingers; positive is right and down), at the pointer's place (`x`, `y`).
    LAMINA_WL_POINTER_AXIS,
    /// A touch point `id` went down at (`x`, `y`).
    LAMINA_WL_TOUCH_DOWN,
    /// A touch point `id` moved to (`x`, `y`).
    LAMINA_WL_TOUCH_MOTION,
    /// A touch point `id` went up (at its last place, in `x`, `y`).
    LAMINA_WL_TOUCH_UP,
    /// The host took every touch point away.
    LAMINA_WL_TOUCH_CANCEL,
    /// A key (`keycode`, Linux input code; `keysym`, XKB; `text`, UTF-8) went down (`state` 1) or up (0);
    /// `repeats` says whether the keymap repeats it while held.
    LAMINA_WL_KEY,
    /// How held keys repeat: `repeat_rate` a second (0: not at all) after `repeat_delay` ms.
    LAMINA_WL_REPEAT_INFO,
    /// The window gained (`state` 1) or lost (0) the keyboard focus.
    LAMINA_WL_KEYBOARD_FOCUS,
    /// The host wants `scale_120` / 120 pixels per surface unit: the largest integer scale of the
    /// outputs the window is on, or the fractional scale the host prefers (wp_fractional_scale_v1).
    LAMINA_WL_SCALE,
    /// A frame was shown (wp_presentation feedback): `x` is when, in CLOCK_MONOTONIC seconds, and `y`
    /// the host's refresh interval in seconds (0 when it does not know).
    LAMINA_WL_PRESENTED,
} lamina_wl_event_type;

/// One event of the queue.
typedef struct {
    lamina_wl_event_type type;
    uint32_t time_ms;
    double x, y;
    int32_t id;
    uint32_t button;
    uint32_t state;
    uint32_t keycode;
    uint32_t keysym;
    char text[16];
    int32_t width, height;
    int32_t scale_120;
    double scroll_x, scroll_y;
    int32_t repeats;
    int32_t repeat_rate, repeat_delay;
} lamina_wl_event;

/// The pixel formats a frame can be written in.
typedef enum {
    /// Memory order R, G, B, A (`WL_SHM_FORMAT_ABGR8888`), premultiplied.
    LAMINA_WL_RGBA = 0,
    /// Memory order B, G, R, A (`WL_SHM_FORMAT_ARGB8888`, every host has it), premultiplied.
    LAMINA_WL_BGRA = 1,
} lamina_wl_pixel_order;

/// Connects to `display_name` (NULL: `$WAYLAND_DISPLAY`), binds the globals, and maps an xdg-shell
/// toplevel titled `title` (asking to be fullscreen when `fullscreen` is nonzero), waiting up to
/// `timeout_ms` for the host's first configure. On failure returns NULL and writes why into `error`.
lamina_wl *lamina_wl_connect(const char *display_name, const char *title, int fullscreen, int timeout_ms,
                             char *error, size_t error_size);

/// The connection's descriptor, to watch for reading.
int lamina_wl_fd(lamina_wl *wl);

/// Reads what the host sent (without blocking) and runs the listeners, queuing events; then flushes
/// what is waiting to be sent. Returns 0, or -1 when the connection is lost (the error is written).
int lamina_wl_dispatch(lamina_wl *wl, char *error, size_t error_size);

/// Sends what is waiting to be sent. -1 when the connection is lost.
int lamina_wl_flush(lamina_wl *wl);

/// Takes the oldest queued event into `event`; returns 0 when there was none.
int lamina_wl_next_event(lamina_wl *wl, lamina_wl_event *event);

/// Events dropped because the queue was full (motion is the usual one).
uint64_t lamina_wl_dropped_events(lamina_wl *wl);

/// The byte order frames are written in: BGRA (ARGB8888, every host's), unless RGBA was preferred and
/// the host takes it.
lamina_wl_pixel_order lamina_wl_pixel_order_of(lamina_wl *wl);

/// Writes frames in `order` from now on where the host takes it (BGRA always is); buffers of the
/// other order are made again.
void lamina_wl_prefer_pixel_order(lamina_wl *wl, lamina_wl_pixel_order order);

/// Whether the last frame committed has been shown (its frame callback came) or none is waiting.
int lamina_wl_ready_for_frame(lamina_wl *wl);

/// A free buffer of `width` x `height` pixels to write the next frame into, rows bottom first (GL's
/// order: the surface is given a flipped buffer transform), `*stride` bytes apart; NULL when every
/// buffer is still held by the host or memory ran out (the error is written). `*age` is how many
/// commits ago the buffer's pixels were shown (1: the last frame's), or 0 when they are undefined, so
/// a caller can write only what changed since (EGL_EXT_buffer_age's rule).
void *lamina_wl_begin_frame(lamina_wl *wl, int32_t width, int32_t height, int32_t *stride, int32_t *age,
                            char *error, size_t error_size);

/// Shows the buffer `lamina_wl_begin_frame` returned, and asks for a frame callback: at
/// `buffer_scale` pixels per surface unit, or, when `points_width` and `points_height` are positive
/// (a fractional scale), at one pixel per unit scaled by the viewport to that many surface units. `boxes` holds `box_count` damaged rectangles (x, y, width, height in
/// buffer pixels, rows bottom first as written); a negative count damages all of it. -1 when the
/// connection is lost.
int lamina_wl_commit_frame(lamina_wl *wl, int32_t buffer_scale, int32_t points_width, int32_t points_height,
                           const int32_t *boxes, int32_t box_count);

/// The connection's `struct wl_display *`: what EGL's Wayland platform makes a display on
/// (`eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR, ...)`). Such a display must be terminated before
/// lamina_wl_destroy disconnects.
void *lamina_wl_native_display(lamina_wl *wl);

/// The window's `struct wl_egl_window *`, sized `width` x `height` pixels (resized when called again
/// with another size; EGL's next buffer takes it): what an EGL window surface is made on. NULL when
/// the window is unmapped or memory ran out.
void *lamina_wl_egl_window(lamina_wl *wl, int32_t width, int32_t height);

/// Readies the surface for a frame EGL is about to swap (eglSwapBuffers commits it): the buffer scale
/// or viewport as lamina_wl_commit_frame sets them, the normal transform (EGL's rows are top first), a
/// frame callback and presentation feedback. -1 when the window is unmapped.
int lamina_wl_prepare_egl_frame(lamina_wl *wl, int32_t buffer_scale, int32_t points_width, int32_t points_height);

/// Unmaps the window (its EGL window, buffers, surface and toplevel) and lets go of the seat's
/// devices, keeping the connection for whatever was made on it (an EGL display). Destroy any EGL
/// surface on the window first. Calling it again does nothing.
void lamina_wl_unmap(lamina_wl *wl);

/// Sets the window's title.
void lamina_wl_set_title(lamina_wl *wl, const char *title);

/// Destroys the window and disconnects (terminate any EGL display made on the connection first).
void lamina_wl_destroy(lamina_wl *wl);

#endif
