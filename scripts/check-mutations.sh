#!/usr/bin/env bash
# Applies each mutation of the render list (scripts/mutations/*.patch) in turn and expects the CPU
# invariant suite (LaminaRenderListTests) to catch it: a mutation the suite lets through means a check
# is missing. Restores the sources after each, whatever happens. `make check-mutations` runs it.
set -u
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
status=0
caught=0
for patch in scripts/mutations/*.patch; do
  name=$(basename "$patch" .patch)
  if ! git apply --check "$patch" 2>/dev/null; then
    echo "check-mutations: $name no longer applies: update the patch"
    status=1
    continue
  fi
  git apply "$patch"
  if $swift build --build-tests >/tmp/lamina-mutation-build.log 2>&1 \
    && $swift test --skip-build --filter LaminaRenderListTests >/tmp/lamina-mutation-test.log 2>&1; then
    echo "check-mutations: $name was NOT caught"
    status=1
  elif grep -q "error:" /tmp/lamina-mutation-build.log; then
    echo "check-mutations: $name does not build: update the patch"
    status=1
  else
    echo "check-mutations: $name caught: $(grep -o 'frame [0-9]*: [^:]*' /tmp/lamina-mutation-test.log | head -n 1)"
    caught=$((caught + 1))
  fi
  git apply -R "$patch"
done
echo "check-mutations: $caught of $(ls scripts/mutations/*.patch | wc -l) mutations caught"
exit $status
