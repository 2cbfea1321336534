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
# - FUZZ_SEED, when set, is the run's seed (libFuzzer's -seed), and Swift's hashing is made deterministic
#   for it (SWIFT_DETERMINISTIC_HASHING): with a hash seed drawn per process, dictionaries iterate in
#   another order each run, coverage differs, libFuzzer keeps other inputs, and the same seed is not the
#   same run. (Not quite the same even so: the render list's harness evaluates on threads, whose
#   coverage counts vary a little from run to run, and the runs part ways after some thousand inputs.)
#   The smoke runs in `make test` are seeded, so CI's run is close to the one made here; the longer
#   `make fuzz-*` runs pick new seeds each time.
set -u
name=$1
fuzzer=$2
shift 2
crashes=out/fuzz-crashes
mkdir -p "$crashes"
started=$(mktemp)
trap 'rm -f "$started"' EXIT
seed=()
if [ -n "${FUZZ_SEED:-}" ]; then
    seed=(-seed="$FUZZ_SEED")
    export SWIFT_DETERMINISTIC_HASHING=1
fi
SWIFT_BACKTRACE=enable=no "$fuzzer" "${seed[@]}" -artifact_prefix="$crashes/$name-" "$@"
status=$?
if [ $status -ne 0 ]; then
    echo "scripts/fuzz.sh: $name failed (exit $status); the inputs it left this run, in base64:"
    find "$crashes" -name "$name-*" -newer "$started" | sort | while read -r input; do
        echo "$input ($(wc -c < "$input") bytes): $(base64 -w0 "$input")"
    done
fi
exit $status
