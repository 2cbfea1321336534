// The test host's commands (see host.c for the list) and its main loop.
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "host.h"

#include "fractional-scale-v1-server-protocol.h"
#include "presentation-time-server-protocol.h"
#include "viewporter-server-protocol.h"
#include "xdg-shell-server-protocol.h"

static int command(struct host *host, char *line) {
    char word[32] = {0};
    double x = 0, y = 0;
    int a = 0, b = 0;
    char path[400] = {0};
    if (sscanf(line, "%31s", word) != 1) return 0;
    uint32_t serial = wl_display_next_serial(host->display), time = now_ms();
    if (strcmp(word, "configure") == 0 && sscanf(line, "%*s %d %d", &a, &b) == 2) {
        host->configured_width = a;
        host->configured_height = b;
        send_configure(host);
    } else if (strcmp(word, "scale") == 0 && sscanf(line, "%*s %d", &a) == 1) {
        host->output_scale = a;
        if (!host->output) return -1;
        send_output(host);
        if (host->surface && !host->entered_output) {
            wl_surface_send_enter(host->surface, host->output);
            host->entered_output = 1;
        }
    } else if (strcmp(word, "presentation-refresh") == 0 && sscanf(line, "%*s %d", &a) == 1) {
        host->refresh_ns = (uint32_t)a;
    } else if (strcmp(word, "fractional-scale") == 0 && sscanf(line, "%*s %d", &a) == 1) {
        if (!host->fractional) return -1;
        wp_fractional_scale_v1_send_preferred_scale(host->fractional, (uint32_t)a);
    } else if (strcmp(word, "motion") == 0 && sscanf(line, "%*s %lf %lf", &x, &y) == 2) {
        if (!host->pointer || !host->surface) return -1;
        if (!host->pointer_entered) {
            wl_pointer_send_enter(host->pointer, serial, host->surface, wl_fixed_from_double(x), wl_fixed_from_double(y));
            host->pointer_entered = 1;
        } else {
            wl_pointer_send_motion(host->pointer, time, wl_fixed_from_double(x), wl_fixed_from_double(y));
        }
        if (wl_resource_get_version(host->pointer) >= 5) wl_pointer_send_frame(host->pointer);
    } else if (strcmp(word, "axis") == 0 && sscanf(line, "%*s %d %lf", &a, &x) == 2) {
        if (!host->pointer || !host->pointer_entered) return -1;
        wl_pointer_send_axis(host->pointer, time, (uint32_t)a, wl_fixed_from_double(x));
        if (wl_resource_get_version(host->pointer) >= 5) wl_pointer_send_frame(host->pointer);
    } else if (strcmp(word, "button") == 0 && sscanf(line, "%*s %d %d", &a, &b) == 2) {
        if (!host->pointer || !host->pointer_entered) return -1;
        wl_pointer_send_button(host->pointer, serial, time, (uint32_t)a,
                               b ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
        if (wl_resource_get_version(host->pointer) >= 5) wl_pointer_send_frame(host->pointer);
    } else if (strcmp(word, "touch-down") == 0 && sscanf(line, "%*s %d %lf %lf", &a, &x, &y) == 3) {
        if (!host->touch || !host->surface) return -1;
        wl_touch_send_down(host->touch, serial, time, host->surface, a, wl_fixed_from_double(x), wl_fixed_from_double(y));
        wl_touch_send_frame(host->touch);
    } else if (strcmp(word, "touch-motion") == 0 && sscanf(line, "%*s %d %lf %lf", &a, &x, &y) == 3) {
        if (!host->touch) return -1;
        wl_touch_send_motion(host->touch, time, a, wl_fixed_from_double(x), wl_fixed_from_double(y));
        wl_touch_send_frame(host->touch);
    } else if (strcmp(word, "touch-up") == 0 && sscanf(line, "%*s %d", &a) == 1) {
        if (!host->touch) return -1;
        wl_touch_send_up(host->touch, serial, time, a);
        wl_touch_send_frame(host->touch);
    } else if (strcmp(word, "key") == 0 && sscanf(line, "%*s %d %d", &a, &b) == 2) {
        if (!host->keyboard || !host->surface) return -1;
        if (!host->keyboard_entered) {
            struct wl_array keys;
            wl_array_init(&keys);
            wl_keyboard_send_enter(host->keyboard, wl_display_next_serial(host->display), host->surface, &keys);
            wl_array_release(&keys);
            host->keyboard_entered = 1;
        }
        wl_keyboard_send_key(host->keyboard, serial, time, (uint32_t)a,
                             b ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED);
    } else if (strcmp(word, "repeat-info") == 0 && sscanf(line, "%*s %d %d", &a, &b) == 2) {
        if (!host->keyboard || wl_resource_get_version(host->keyboard) < 4) return -1;
        wl_keyboard_send_repeat_info(host->keyboard, a, b);
    } else if (strcmp(word, "frame") == 0) {
        send_frames(host);
    } else if (strcmp(word, "auto-frame") == 0 && sscanf(line, "%*s %d", &a) == 1) {
        host->auto_frame = a;
    } else if (strcmp(word, "wait-commits") == 0 && sscanf(line, "%*s %d", &a) == 1) {
        if (host->commits < a) {
            host->wait_commits = a;
            return 1;  // answered at the commit
        }
    } else if (strcmp(word, "title") == 0) {
        printf("ok %s\n", host->title);
        fflush(stdout);
        return 1;
    } else if (strcmp(word, "callbacks") == 0) {
        printf("ok %d\n", host->callback_count);
        fflush(stdout);
        return 1;
    } else if (strcmp(word, "dump") == 0 && sscanf(line, "%*s %399s", path) == 1) {
        FILE *f = fopen(path, "wb");
        if (!f || !host->pixels) {
            if (f) fclose(f);
            return -1;
        }
        fprintf(f, "%d %d %u %d %d %d %d %d\n", host->width, host->height, host->format, host->transform, host->scale,
                host->commits, host->viewport_width, host->viewport_height);
        fwrite(host->pixels, 1, (size_t)host->width * host->height * 4, f);
        fclose(f);
    } else if (strcmp(word, "quit") == 0) {
        host->running = 0;
    } else {
        return -1;
    }
    wl_display_flush_clients(host->display);
    return 0;
}

static int on_stdin(int fd, uint32_t mask, void *data) {
    struct host *host = data;
    char buffer[512];
    ssize_t n = read(fd, buffer, sizeof buffer);
    if (n <= 0) {
        host->running = 0;
        return 0;
    }
    for (ssize_t i = 0; i < n; i++) {
        if (buffer[i] != '\n') {
            if (host->line_length < sizeof host->line - 1) host->line[host->line_length++] = buffer[i];
            continue;
        }
        host->line[host->line_length] = 0;
        host->line_length = 0;
        int result = command(host, host->line);
        if (result == 0) reply("ok");
        if (result < 0) {
            printf("error: cannot %s now\n", host->line);
            fflush(stdout);
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 4 && !(argc == 5 && strcmp(argv[4], "fractional") == 0)) {
        fprintf(stderr, "usage: %s SOCKET-NAME WIDTH HEIGHT [fractional]\n", argv[0]);
        return 2;
    }
    // A test runner may start it with signals blocked or ignored: SIGTERM must end it.
    sigset_t all;
    sigfillset(&all);
    sigprocmask(SIG_UNBLOCK, &all, NULL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_IGN);
    struct host host = {0};
    host.configured_width = atoi(argv[2]);
    host.configured_height = atoi(argv[3]);
    host.auto_frame = 1;
    host.output_scale = 1;
    host.running = 1;
    host.display = wl_display_create();
    if (!host.display || wl_display_add_socket(host.display, argv[1]) != 0) {
        fprintf(stderr, "cannot listen on %s (is XDG_RUNTIME_DIR set?)\n", argv[1]);
        return 1;
    }
    host_serve(&host, argc == 5);
    host.loop = wl_display_get_event_loop(host.display);
    wl_event_loop_add_fd(host.loop, 0, WL_EVENT_READABLE, on_stdin, &host);
    reply("ready");
    while (host.running) {
        wl_display_flush_clients(host.display);
        if (wl_event_loop_dispatch(host.loop, -1) < 0) break;
    }
    wl_display_destroy_clients(host.display);
    wl_display_destroy(host.display);
    free(host.pixels);
    return 0;
}
