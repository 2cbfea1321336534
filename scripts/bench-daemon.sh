#!/bin/bash
# Daemon benchmarks for docs/performance.md, in one run: property changes per second, commit-to-presented
# latency, idle CPU, tile latency, a 1920x1080 GL layer's present-to-shown latency and CPU, and 64 250x250 layers with contents replaced every frame at 1920x1080 beside
# Weston 10's headless GL renderer with 64 weston-simple-shm clients (Debian's weston package).
#
#   make bench-daemon      (builds release binaries first)
#
# CPU is user + system time of the compositor process only, from /proc/PID/stat.
set -euo pipefail
bin=${BIN:-.build/release}
seconds=${SECONDS_PER_TEST:-10}
dir=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$dir"' EXIT

start_laminad() {  # size refresh
    rm -f "$dir/lamina.sock"
    "$bin/laminad" --socket "$dir/lamina.sock" --size "$1" --refresh "$2" --log-level warning &
    laminad_pid=$!
    for _ in $(seq 1 500); do [ -S "$dir/lamina.sock" ] && break; sleep 0.01; done
}
stop_laminad() { kill -TERM "$laminad_pid"; wait "$laminad_pid" || true; }

cpu() {  # pid -> user+system seconds
    awk -v hz="$(getconf CLK_TCK)" '{ sub(/.*\) /, ""); split($0, f, " "); printf "%.3f\n", (f[12] + f[13]) / hz }' "/proc/$1/stat"
}

start_laminad 1280x720 60
"$bin/lamina" bench-daemon --socket "$dir/lamina.sock" --test property-changes
stop_laminad

start_laminad 1280x720 60
"$bin/lamina" bench-daemon --socket "$dir/lamina.sock" --test latency
stop_laminad

start_laminad 1280x720 60
"$bin/lamina" bench-daemon --socket "$dir/lamina.sock" --test idle --seconds "$seconds"
stop_laminad

start_laminad 1280x720 60
"$bin/lamina" bench-daemon --socket "$dir/lamina.sock" --test big-commit
stop_laminad

for drawer in solid mandelbrot; do
    start_laminad 1280x720 60
    "$bin/lamina" bench-daemon --socket "$dir/lamina.sock" --test tiles --drawer "$drawer"
    stop_laminad
done

# A GL layer of 1920x1080 whose every frame is rendered anew and presented over shared memory.
start_laminad 1920x1080 60
"$bin/lamina" bench-daemon --socket "$dir/lamina.sock" --test gl --seconds "$seconds"
stop_laminad

# Opaque XRGB8888, ARGB8888 whose pixels are all opaque (most toolkits' windows), and ARGB8888 at half
# alpha over the layers' backgrounds.
for contents in "bgrx8 255" "bgra8 255" "bgra8 128"; do
    read -r format alpha <<<"$contents"
    start_laminad 1920x1080 60
    "$bin/lamina" bench-daemon --socket "$dir/lamina.sock" --test contents --seconds "$seconds" --format "$format" --alpha "$alpha"
    stop_laminad
done

if command -v weston >/dev/null && command -v weston-simple-shm >/dev/null; then
    export XDG_RUNTIME_DIR=$dir
    weston --backend=headless-backend.so --use-gl --width=1920 --height=1080 --socket=wayland-bench \
        --idle-time=0 --no-config --log="$dir/weston.log" &
    weston_pid=$!
    for _ in $(seq 1 500); do [ -S "$dir/wayland-bench" ] && break; sleep 0.01; done
    for _ in $(seq 1 63); do WAYLAND_DISPLAY=wayland-bench weston-simple-shm >/dev/null 2>&1 & done
    # The 64th client logs its protocol traffic: each frame callback it receives is one repaint of
    # the output that showed it, which is how Weston's frames are counted.
    WAYLAND_DEBUG=client WAYLAND_DISPLAY=wayland-bench weston-simple-shm >/dev/null 2>"$dir/client.log" &
    sleep 2  # let all 64 clients connect and reach their steady frame loop
    before=$(cpu "$weston_pid")
    frames_before=$(grep -c 'wl_callback@[0-9]*\.done' "$dir/client.log" || true)
    sleep "$seconds"
    after=$(cpu "$weston_pid")
    frames_after=$(grep -c 'wl_callback@[0-9]*\.done' "$dir/client.log" || true)
    awk -v b="$before" -v a="$after" -v s="$seconds" -v f="$((frames_after - frames_before))" 'BEGIN {
        c = a - b; printf "{\"test\":\"weston-contents\",\"clients\":64,\"seconds\":%s,\"framesDrawn\":%d,\"cpuSeconds\":%.3f,\"cpuMillisecondsPerFrame\":%.3f,\"percentOfACore\":%.1f}\n", s, f, c, c / (f > 0 ? f : 1) * 1000, c / s * 100 }'
else
    echo '{"test":"weston-contents","skipped":"weston and weston-simple-shm are not installed (apt-get install weston)"}'
fi
