// The seat: the pointer, touch points and keyboard of the host, as events in the window's queue.
// Keys are translated through xkbcommon with the keymap the host sends.
#define _GNU_SOURCE
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lamina_wayland_private.h"

#define push lamina_wl_push

static void pointer_at(struct lamina_wl *wl, lamina_wl_event_type type, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    wl->pointer_x = wl_fixed_to_double(x);
    wl->pointer_y = wl_fixed_to_double(y);
    wl->pointer_time = time;
    // Motion piles up fastest: the newest replaces a motion still waiting at the end of the queue.
    if (type == LAMINA_WL_POINTER_MOTION && wl->count > 0) {
        lamina_wl_event *last = &wl->queue[(wl->head + wl->count - 1) % QUEUE_CAPACITY];
        if (last->type == LAMINA_WL_POINTER_MOTION) {
            last->x = wl->pointer_x;
            last->y = wl->pointer_y;
            last->time_ms = time;
            return;
        }
    }
    lamina_wl_event *event = push(wl, type);
    if (event) {
        event->time_ms = time;
        event->x = wl->pointer_x;
        event->y = wl->pointer_y;
    }
}
static void pointer_enter(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s, wl_fixed_t x,
                          wl_fixed_t y) {
    pointer_at(data, LAMINA_WL_POINTER_ENTER, ((struct lamina_wl *)data)->pointer_time, x, y);
}
static void pointer_leave(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s) {
    push(data, LAMINA_WL_POINTER_LEAVE);
}
static void pointer_motion(void *data, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    pointer_at(data, LAMINA_WL_POINTER_MOTION, time, x, y);
}
static void pointer_button(void *data, struct wl_pointer *p, uint32_t serial, uint32_t time, uint32_t button,
                           uint32_t state) {
    struct lamina_wl *wl = data;
    lamina_wl_event *event = push(wl, LAMINA_WL_POINTER_BUTTON);
    if (event) {
        event->time_ms = time;
        event->x = wl->pointer_x;
        event->y = wl->pointer_y;
        event->button = button;
        event->state = state == WL_POINTER_BUTTON_STATE_PRESSED;
    }
}
static void pointer_axis(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t value) {
    struct lamina_wl *wl = data;
    lamina_wl_event *event = push(wl, LAMINA_WL_POINTER_AXIS);
    if (!event) return;
    event->time_ms = time;
    event->x = wl->pointer_x;
    event->y = wl->pointer_y;
    if (axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL) event->scroll_x = wl_fixed_to_double(value);
    else event->scroll_y = wl_fixed_to_double(value);
}
static void pointer_frame(void *data, struct wl_pointer *p) {}
static void pointer_axis_source(void *data, struct wl_pointer *p, uint32_t source) {}
static void pointer_axis_stop(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis) {}
static void pointer_axis_discrete(void *data, struct wl_pointer *p, uint32_t axis, int32_t discrete) {}
static const struct wl_pointer_listener pointer_listener = {
    pointer_enter, pointer_leave, pointer_motion, pointer_button, pointer_axis,
    pointer_frame, pointer_axis_source, pointer_axis_stop, pointer_axis_discrete,
};

static void touch_event(struct lamina_wl *wl, lamina_wl_event_type type, uint32_t time, int32_t id, double x,
                        double y) {
    lamina_wl_event *event = push(wl, type);
    if (event) {
        event->time_ms = time;
        event->id = id;
        event->x = x;
        event->y = y;
    }
}
static void touch_down(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s,
                       int32_t id, wl_fixed_t x, wl_fixed_t y) {
    struct lamina_wl *wl = data;
    int slot = id & 15;
    wl->touch_x[slot] = wl_fixed_to_double(x);
    wl->touch_y[slot] = wl_fixed_to_double(y);
    touch_event(wl, LAMINA_WL_TOUCH_DOWN, time, id, wl->touch_x[slot], wl->touch_y[slot]);
}
static void touch_up(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id) {
    struct lamina_wl *wl = data;
    touch_event(wl, LAMINA_WL_TOUCH_UP, time, id, wl->touch_x[id & 15], wl->touch_y[id & 15]);
}
static void touch_motion(void *data, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y) {
    struct lamina_wl *wl = data;
    int slot = id & 15;
    wl->touch_x[slot] = wl_fixed_to_double(x);
    wl->touch_y[slot] = wl_fixed_to_double(y);
    touch_event(wl, LAMINA_WL_TOUCH_MOTION, time, id, wl->touch_x[slot], wl->touch_y[slot]);
}
static void touch_frame(void *data, struct wl_touch *t) {}
static void touch_cancel(void *data, struct wl_touch *t) {
    push(data, LAMINA_WL_TOUCH_CANCEL);
}
static void touch_shape(void *data, struct wl_touch *t, int32_t id, wl_fixed_t major, wl_fixed_t minor) {}
static void touch_orientation(void *data, struct wl_touch *t, int32_t id, wl_fixed_t orientation) {}
static const struct wl_touch_listener touch_listener = {
    touch_down, touch_up, touch_motion, touch_frame, touch_cancel, touch_shape, touch_orientation,
};

static void keyboard_keymap(void *data, struct wl_keyboard *k, uint32_t format, int32_t fd, uint32_t size) {
    struct lamina_wl *wl = data;
    if (format != WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1 || !wl->xkb) {
        close(fd);
        return;
    }
    char *text = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (text == MAP_FAILED) return;
    struct xkb_keymap *keymap =
        xkb_keymap_new_from_buffer(wl->xkb, text, strnlen(text, size), XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
    munmap(text, size);
    if (!keymap) return;
    struct xkb_state *state = xkb_state_new(keymap);
    if (!state) {
        xkb_keymap_unref(keymap);
        return;
    }
    if (wl->xkb_state) xkb_state_unref(wl->xkb_state);
    if (wl->keymap) xkb_keymap_unref(wl->keymap);
    wl->keymap = keymap;
    wl->xkb_state = state;
}
static void keyboard_enter(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s,
                           struct wl_array *keys) {
    lamina_wl_event *event = push(data, LAMINA_WL_KEYBOARD_FOCUS);
    if (event) event->state = 1;
}
static void keyboard_leave(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s) {
    lamina_wl_event *event = push(data, LAMINA_WL_KEYBOARD_FOCUS);
    if (event) event->state = 0;
}
static void keyboard_key(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t time, uint32_t key,
                         uint32_t state) {
    struct lamina_wl *wl = data;
    lamina_wl_event *event = push(wl, LAMINA_WL_KEY);
    if (!event) return;
    event->time_ms = time;
    event->keycode = key;
    event->state = state == WL_KEYBOARD_KEY_STATE_PRESSED;
    if (wl->xkb_state) {
        // XKB numbers keys 8 above the kernel's codes.
        event->keysym = xkb_state_key_get_one_sym(wl->xkb_state, key + 8);
        xkb_state_key_get_utf8(wl->xkb_state, key + 8, event->text, sizeof event->text);
        event->repeats = xkb_keymap_key_repeats(wl->keymap, key + 8);
    }
}
static void keyboard_modifiers(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t depressed,
                               uint32_t latched, uint32_t locked, uint32_t group) {
    struct lamina_wl *wl = data;
    if (wl->xkb_state) xkb_state_update_mask(wl->xkb_state, depressed, latched, locked, 0, 0, group);
}
static void keyboard_repeat(void *data, struct wl_keyboard *k, int32_t rate, int32_t delay) {
    lamina_wl_event *event = push(data, LAMINA_WL_REPEAT_INFO);
    if (event) {
        event->repeat_rate = rate;
        event->repeat_delay = delay;
    }
}
static const struct wl_keyboard_listener keyboard_listener = {
    keyboard_keymap, keyboard_enter, keyboard_leave, keyboard_key, keyboard_modifiers, keyboard_repeat,
};

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps) {
    struct lamina_wl *wl = data;
    if ((caps & WL_SEAT_CAPABILITY_POINTER) && !wl->pointer) {
        wl->pointer = wl_seat_get_pointer(seat);
        wl_pointer_add_listener(wl->pointer, &pointer_listener, wl);
    } else if (!(caps & WL_SEAT_CAPABILITY_POINTER) && wl->pointer) {
        wl_pointer_destroy(wl->pointer);
        wl->pointer = NULL;
    }
    if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !wl->touch) {
        wl->touch = wl_seat_get_touch(seat);
        wl_touch_add_listener(wl->touch, &touch_listener, wl);
    } else if (!(caps & WL_SEAT_CAPABILITY_TOUCH) && wl->touch) {
        wl_touch_destroy(wl->touch);
        wl->touch = NULL;
    }
    if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !wl->keyboard) {
        wl->keyboard = wl_seat_get_keyboard(seat);
        wl_keyboard_add_listener(wl->keyboard, &keyboard_listener, wl);
    } else if (!(caps & WL_SEAT_CAPABILITY_KEYBOARD) && wl->keyboard) {
        wl_keyboard_destroy(wl->keyboard);
        wl->keyboard = NULL;
    }
}
static void seat_name(void *data, struct wl_seat *seat, const char *name) {}
const struct wl_seat_listener lamina_wl_seat_listener = {seat_capabilities, seat_name};
