#!/usr/bin/env python3
"""Lamina's Lottie renders against reference renders, by the rule of docs/lottie.md.

  python3 scripts/lottie-fidelity.py [--lamina PATH] [--references DIR] [--write-references] FILE.json ...

For each file, frames at 0, 25, 50, 75 and 100% of its duration are rendered by `lamina render` and
compared with DIR/<folder>-<file stem>/<percent>.png: ThorVG's render (../shared/lottie/reference_render.py,
made when --write-references is given and the file is missing) scaled to at most 256 pixels on the
longer side (box filter on premultiplied colour), as Tests/Fixtures/lottie/references holds them.
Lamina's render is scaled the same way; a frame matches when at most 3% of all its pixels, and at most
25% of the pixels either image draws, differ by more than 40 of 255 in any channel (the rule
LottieFidelityTests applies). Prints one line per frame, a total, and with --table the Markdown table
of docs/lottie.md. Needs numpy; only the reference step needs thorvg-python.
"""
import json, os, subprocess, sys, zlib, struct

import numpy as np

PERCENTS = [0, 25, 50, 75, 100]
HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE_RENDER = os.path.join(HERE, "..", "..", "shared", "lottie", "reference_render.py")


def read_png(path):
    data = open(path, "rb").read()
    pos, chunks = 8, []
    width = height = 0
    idat = b""
    while pos < len(data):
        n, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if tag == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype == 6, f"{path}: expected 8-bit RGBA"
        elif tag == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * 4
    out = np.zeros((height, stride), dtype=np.uint8)
    prev = np.zeros(stride, dtype=np.int32)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = np.frombuffer(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)], dtype=np.uint8).astype(np.int32)
        if f == 0:
            cur = line
        elif f == 2:
            cur = (line + prev) & 255
        else:
            cur = np.zeros(stride, dtype=np.int32)
            for x in range(stride):
                a = cur[x - 4] if x >= 4 else 0
                b = prev[x]
                c = prev[x - 4] if x >= 4 else 0
                if f == 1:
                    p = a
                elif f == 3:
                    p = (a + b) // 2
                else:
                    pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                    p = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                cur[x] = (line[x] + p) & 255
        out[y] = cur
        prev = cur
    return out.reshape(height, width, 4)


def scaled(image):
    """Premultiplied, box-filtered to at most 256 on the longer side, back to straight alpha."""
    h, w, _ = image.shape
    f = max(1, -(-max(w, h) // 256))
    img = image.astype(np.float64)
    img[..., :3] *= img[..., 3:4] / 255
    h2, w2 = h // f, w // f
    img = img[:h2 * f, :w2 * f].reshape(h2, f, w2, f, 4).mean(axis=(1, 3))
    a = img[..., 3:4]
    img[..., :3] = np.where(a > 0, img[..., :3] * 255 / np.maximum(a, 1e-9), 0)
    return img


def write_png(path, image):
    h, w, _ = image.shape
    data = np.clip(np.rint(image), 0, 255).astype(np.uint8)
    raw = b"".join(b"\x00" + data[y].tobytes() for y in range(h))

    def chunk(tag, body):
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def compare(a, b):
    """`a` at full size, `b` already scaled (a committed reference)."""
    a, b = scaled(a), b.astype(np.float64)
    if a.shape != b.shape:
        return False, 1.0, 1.0
    differ = (np.abs(a - b) > 40).any(axis=2)
    drawn = (a[..., 3] > 0) | (b[..., 3] > 0)
    total = differ.mean()
    of_drawn = differ.sum() / max(drawn.sum(), 1)
    if drawn.sum() == 0:
        of_drawn = 0.0
    return total <= 0.03 and of_drawn <= 0.25, total, of_drawn


def times(path):
    d = json.load(open(path))
    duration = (d["op"] - d["ip"]) / d["fr"]
    return [(p, duration * p / 100) for p in PERCENTS]


def main(argv):
    lamina = os.path.join(HERE, "..", ".build", "release", "lamina")
    refs = os.path.join(HERE, "..", "Tests", "Fixtures", "lottie", "references")
    write = False
    table = False
    files = []
    while argv:
        a = argv.pop(0)
        if a == "--lamina":
            lamina = argv.pop(0)
        elif a == "--references":
            refs = argv.pop(0)
        elif a == "--write-references":
            write = True
        elif a == "--table":
            table = True
        else:
            files.append(a)
    out = "/tmp/lamina-lottie-fidelity"
    os.makedirs(out, exist_ok=True)
    matched = total = 0
    rows = []
    for f in files:
        marks = []
        # The corpus folder and the name: two folders hold a mask.json.
        stem = os.path.basename(os.path.dirname(os.path.abspath(f))) + "-" + os.path.splitext(os.path.basename(f))[0]
        os.makedirs(os.path.join(refs, stem), exist_ok=True)
        for p, t in times(f):
            ref = os.path.join(refs, stem, f"{p}.png")
            if write and not os.path.exists(ref):
                full = os.path.join(out, f"{stem}-{p}-reference.png")
                subprocess.run([sys.executable, REFERENCE_RENDER, "render", f, "--time", repr(t), "--output", full],
                               check=False, capture_output=True, timeout=120)
                if os.path.exists(full):
                    write_png(ref, scaled(read_png(full)))
            mine = os.path.join(out, f"{stem}-{p}.png")
            r = subprocess.run([lamina, "render", f, "--time", repr(t), "--output", mine], capture_output=True, text=True)
            total += 1
            if r.returncode != 0:
                print(f"{stem} {p}%: lamina failed: {r.stderr.strip()[:200]}")
                marks.append("✗")
                continue
            if not os.path.exists(ref):
                print(f"{stem} {p}%: no reference")
                marks.append("?")
                continue
            ok, t_all, t_drawn = compare(read_png(mine), read_png(ref))
            matched += ok
            marks.append("✓" if ok else "✗")
            print(f"{stem} {p}%: {'match' if ok else 'DIFFER'} ({t_all:.1%} of all, {t_drawn:.1%} of drawn)")
        name = os.path.basename(os.path.dirname(os.path.abspath(f))) + "/" + os.path.basename(f)
        rows.append(f"| `{name}` | " + " | ".join(marks) + " |")
    print(f"matched {matched} of {total} frames ({matched / max(total, 1):.0%})")
    if table:
        print("| file | 0% | 25% | 50% | 75% | 100% |")
        print("| --- | --- | --- | --- | --- | --- |")
        print("\n".join(rows))


if __name__ == "__main__":
    main(sys.argv[1:])
