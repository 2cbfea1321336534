#!/bin/bash
# Runs one of the libFuzzer binaries (Fuzz/) the way `make fuzz-*` and `make test` want it run:
#
#   scripts/fuzz.sh NAME FUZZER [libFuzzer options and corpus folders...]
#
# - A crash leaves its input in out/fuzz-crashes/NAME-crash-* (not in the working directory), and the
#   script ends by printing each such input's path and its bytes as base64, as the last lines of its
#   output: CI shows only the tail of a failed run, and an input that CI found and nobody kept cannot
#   be turned into a regression test.
# - Swift's own backtracer is off for the run: it took the crash signal before libFuzzer, whose handler
#   then neither wrote the input nor printed it, and its hundred lines of registers pushed the
#   invariant that broke out of CI's tail.
# - FUZZ_SEED, when set, is the run's seed (libFuzzer's -seed): the smoke runs in `make test` are seeded,
#   so a red CI run is the same run on any machine; the longer `make fuzz-*` runs pick a new one each time.
set -u
name=$1
fuzzer=$2
shift 2
crashes=out/fuzz-crashes
mkdir -p "$crashes"
started=$(mktemp)
trap 'rm -f "$started"' EXIT
seed=()
[ -n "${FUZZ_SEED:-}" ] && seed=(-seed="$FUZZ_SEED")
SWIFT_BACKTRACE=enable=no "$fuzzer" "${seed[@]}" -artifact_prefix="$crashes/$name-" "$@"
status=$?
if [ $status -ne 0 ]; then
    echo "scripts/fuzz.sh: $name failed (exit $status); the inputs it left this run, in base64:"
    find "$crashes" -name "$name-*" -newer "$started" | sort | while read -r input; do
        echo "$input ($(wc -c < "$input") bytes): $(base64 -w0 "$input")"
    done
fi
exit $status
