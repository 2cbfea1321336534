#!/usr/bin/env bash
# The instructions a steady frame's CPU half (apply, evaluate, build) costs per layer, counted by
# valgrind's callgrind: a figure that does not move with the machine's load, for comparing two builds
# exactly. (On the 2-core development VM, timings of the same binary vary by 15% from run to run, and
# with two threads they jump between two levels as the second core comes and goes.)
#
#   scripts/frame-instructions.sh [--layers N] [--cache] [--keep DIR] [LAMINA...]
#
# For each `lamina` binary given (default .build/release/lamina), runs
# `lamina bench SCENE --no-draw --threads 1` for 2 and for 12 frames of a `make-bench-scene --layers N
# --motion each` scene (default 10,000 layers, each turning), counting only inside `Compositor.frame`,
# and prints (count after 12 − count after 2) / 10 / N: what one steady frame costs a layer. With
# --cache, callgrind also simulates caches (the machine's first level, and a 2 MiB last level: the
# development VM's second level per core, since its third holds a whole scene) and prints the data
# reads and writes a layer a frame that missed each: the memory traffic that bounds these loops, which
# instructions do not show. With --keep, callgrind's files stay
# in DIR (`callgrind_annotate DIR/<name>-12.out` shows where they go).
# Needs valgrind (Debian: `apt-get install valgrind`). Valgrind cannot read the DWARF of Swift's release
# builds, so each binary is measured as a copy without it (symbols kept).
set -euo pipefail
cd "$(dirname "$0")/.."
layers=10000
keep=""
cache=""
binaries=()
while [ $# -gt 0 ]; do
    case "$1" in
    --layers) layers="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    --cache) cache="--cache-sim=yes --LL=2097152,16,64"; shift ;;
    -h | --help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) binaries+=("$1"); shift ;;
    esac
done
[ ${#binaries[@]} -gt 0 ] || binaries=(.build/release/lamina)
command -v valgrind >/dev/null || { echo "frame-instructions: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -n "$keep" ] && mkdir -p "$keep"
scene="$work/each-$layers.json"
"${binaries[0]}" make-bench-scene --layers "$layers" --motion each --output "$scene" >/dev/null
for binary in "${binaries[@]}"; do
    name=$(basename "$binary")
    strip --strip-debug -o "$work/$name" "$binary"
    # Prints the collected counts (instructions, then with --cache: data reads, writes, and the
    # first-level and last-level misses of each) of a run of $1 frames.
    count() {
        local out="${keep:-$work}/$name-$1.out"
        valgrind --tool=callgrind $cache --callgrind-out-file="$out" --toggle-collect='*LaminaCompositor0B0C5frame2at*' \
            "$work/$name" bench "$scene" --frames "$1" --threads 1 --no-draw 2>&1 >/dev/null |
            sed -n 's/.*Collected : \([0-9 ]*\).*/\1/p'
    }
    two=($(count 2))
    twelve=($(count 12))
    echo "$binary: $(((twelve[0] - two[0]) / 10 / layers)) instructions a layer a frame ($(((twelve[0] - two[0]) / 10)) a frame, $layers layers each turning)"
    if [ -n "$cache" ]; then
        # Callgrind's order: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw.
        per() { awk -v a="$1" -v b="$2" -v n="$layers" 'BEGIN { printf "%.1f", (b - a) / 10 / n }'; }
        echo "  misses a layer a frame, 2 MiB level: $(per "${two[7]}" "${twelve[7]}") reads, $(per "${two[8]}" "${twelve[8]}") writes; first-level: $(per "${two[4]}" "${twelve[4]}") reads, $(per "${two[5]}" "${twelve[5]}") writes"
    fi
done
