#!/bin/bash
# Everything issue 38 measures on a lent GPU machine, in one run that fits a few minutes of device time.
# It runs there, on a bundle made here by ../shared/tools/portable-bundle.sh:
#
#   swift build -c release --product lamina && swift build -c release --product laminad
#   mkdir -p .gpu && ../shared/tools/portable-bundle.sh .gpu/lamina.tar.xz
#   (device run, carrying .gpu)  bash scripts/gpu-check.sh .gpu/lamina.tar.xz "$OUT"
#
# Writes to OUT: log.txt (everything printed), bench.jsonl (one `lamina bench` result a line, each with
# its label), renders.tar (every example, the Lottie examples and EXTRA scenes drawn there, to compare
# with llvmpipe's here) and daemon.txt (laminad's GPU line and bench-daemon's figures).
# EXTRA: more scene files to render, from the environment (space-separated).
set -uo pipefail
bundle=$1 out=$2
mkdir -p "$out" /tmp/lamina /tmp/scenes /tmp/renders
exec > >(tee "$out/log.txt") 2>&1
tar -xJf "$bundle" -C /tmp/lamina || exit 1
bin=/tmp/lamina/bin
vendor=$(find / -name 10_nvidia.json -path '*egl_vendor*' 2>/dev/null | head -1)
nvlib=$(dirname "$(find / -name 'libEGL_nvidia.so.0' 2>/dev/null | head -1)")
export LD_LIBRARY_PATH=/tmp/lamina/lib:$nvlib FONTCONFIG_FILE=/tmp/lamina/fonts/fonts.conf
export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor
echo "vendor=$vendor nvlib=$nvlib cores=$(nproc)"
nvidia-smi -L

# Which GPU laminad found, and what one client's frames cost it.
sock=/tmp/lamina.sock
$bin/laminad --socket $sock --size 1920x1080 --log-level info > /tmp/laminad.log 2>&1 &
pid=$!
for _ in $(seq 1 500); do [ -S $sock ] && break; sleep 0.01; done
for test in property-changes latency one-change tiles; do
    timeout 60 $bin/lamina bench-daemon --socket $sock --test $test >> "$out/daemon.txt" 2>&1
done
kill -TERM $pid; wait $pid
grep -i "gpu" /tmp/laminad.log | tee -a "$out/daemon.txt"

# The benchmark scenes.
for n in 10000 100000; do $bin/lamina make-bench-scene --layers $n --motion one --output /tmp/scenes/one-$n.json; done
for n in 10000 100000; do $bin/lamina make-bench-scene --layers $n --motion each --output /tmp/scenes/each-$n.json; done
$bin/lamina make-bench-scene --layers 100000 --motion container --output /tmp/scenes/container-100000.json

bench() {  # label scene options...
    local label=$1 scene=$2; shift 2
    local result
    result=$(timeout 120 $bin/lamina bench "$scene" "$@") || { echo "$label: failed"; return; }
    echo "{\"label\": \"$label\", \"result\": $result}" | tee -a "$out/bench.jsonl"
}
bench one-10000 /tmp/scenes/one-10000.json --frames 120
bench one-100000 /tmp/scenes/one-100000.json --frames 120
bench each-10000-t1 /tmp/scenes/each-10000.json --frames 120 --threads 1
bench each-10000 /tmp/scenes/each-10000.json --frames 120
for t in 1 2 4 8 16; do bench each-100000-t$t /tmp/scenes/each-100000.json --frames 60 --threads $t; done
bench each-100000-overlap /tmp/scenes/each-100000.json --frames 60 --overlap-gpu
bench container-100000 /tmp/scenes/container-100000.json --frames 60
bench container-100000-nocache /tmp/scenes/container-100000.json --frames 60 --no-subtree-cache
for scene in examples/*.json; do
    bench "$(basename "$scene" .json)" "$scene" --frames 120
done
bench frosted-glass-overlap examples/frosted-glass.json --frames 120 --overlap-gpu
for scene in examples/lottie/*.json; do bench "lottie-$(basename "$scene" .json)" "$scene" --frames 120; done

# Every example drawn at one second, to compare with llvmpipe's pixels.
for scene in examples/*.json examples/lottie/*.json ${EXTRA:-}; do
    $bin/lamina render "$scene" --time 1 --output "/tmp/renders/$(basename "$scene" .json).png" || echo "render $scene failed"
done
tar -cf "$out/renders.tar" -C /tmp/renders .

# Last, as the slowest to load: one change among a million.
$bin/lamina make-bench-scene --layers 1000000 --motion one --output /tmp/scenes/one-1000000.json
bench one-1000000 /tmp/scenes/one-1000000.json --frames 60
echo done
