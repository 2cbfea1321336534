#!/bin/bash
# Packs the release build for scripts/gpu-check.sh, small enough to travel to a lent GPU machine with the
# working tree (64 MiB in all): ../shared/tools/portable-bundle.sh's bundle, with the codec libraries
# that FFmpeg links but nothing here calls (codec2, x265, SVT-AV1, AOM) replaced by stubs of the same
# name that define the same symbols. FFmpeg is linked with BIND_NOW, so a stub must define every
# symbol it imports; calling one would do nothing. H.264 (what `lamina render --output x.mp4` uses by
# default) stays real.
#
#   swift build -c release --product lamina && swift build -c release --product laminad
#   scripts/gpu-bundle.sh .gpu/lamina.tar.xz
set -euo pipefail
out=$(realpath -m "$1")
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
../shared/tools/portable-bundle.sh "$stage/full.tar.xz" > /dev/null
mkdir "$stage/b"
tar -xJf "$stage/full.tar.xz" -C "$stage/b"
lib=$stage/b/lib
for name in libcodec2.so.1.0 libx265.so.199 libSvtAv1Enc.so.1 libaom.so.3; do
    [ -f "$lib/$name" ] || continue
    {
        nm -D --defined-only "$lib/$name" | awk '$2 ~ /^[TWi]$/ { print "void " $3 "(void) {}" }'
        nm -D --defined-only "$lib/$name" | awk '$2 ~ /^[DBRVu]$/ { print "char " $3 "[64];" }'
    } | sort -u > "$stage/stub.c"
    gcc -shared -fPIC -w -Wl,-soname,"$name" -o "$lib/$name" "$stage/stub.c"
done
tar -cf - -C "$stage/b" . | xz -9 -T0 > "$out"
ls -l "$out"
