#!/usr/bin/env python3
"""Writes the dotLottie fixtures with Python's zipfile (an encoder independent of the one Lamina reads
with). Run from this folder: python3 make.py"""
import json, struct, zipfile, zlib

def png(width, height, rows):
    """A straight RGBA PNG from rows of (r, g, b, a) pixels."""
    raw = b"".join(b"\0" + bytes(c for p in row for c in p) for row in rows)
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))

RED_GREEN = png(2, 1, [[(255, 0, 0, 255), (0, 255, 0, 255)]])

def animation(name, layers, assets=()):
    return json.dumps({"v": "5.7.0", "nm": name, "fr": 30, "ip": 0, "op": 60, "w": 40, "h": 20,
                       "assets": list(assets), "layers": layers}).encode()

# A 40x20 blue solid.
SOLID = animation("solid", [{"ty": 1, "nm": "blue", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {},
                             "sw": 40, "sh": 20, "sc": "#0000ff"}])

def picture(folder):
    """The 2x1 image at 20x10 in the top-left corner."""
    return animation("picture", [{"ty": 2, "nm": "picture", "refId": "img", "ind": 1, "ip": 0, "op": 60,
                                  "st": 0, "ks": {}}],
                     [{"id": "img", "w": 20, "h": 10, "u": folder, "p": "red-green.png", "e": 0}])

def write(name, entries):
    with zipfile.ZipFile(name, "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in entries:
            z.writestr(path, data)

# dotLottie 1: animations/ and images/, the active animation named by the manifest.
write("version1.lottie", [
    ("manifest.json", json.dumps({"version": "1.0", "generator": "make.py", "activeAnimationId": "picture",
                                  "animations": [{"id": "solid"}, {"id": "picture"}]})),
    ("animations/solid.json", SOLID), ("animations/picture.json", picture("/images/")),
    ("images/red-green.png", RED_GREEN)])
# dotLottie 2: a/ and i/, the first animation active.
write("version2.lottie", [
    ("manifest.json", json.dumps({"version": "2", "generator": "make.py",
                                  "animations": [{"id": "picture"}, {"id": "solid"}]})),
    ("a/picture.json", picture("/i/")), ("a/solid.json", SOLID), ("i/red-green.png", RED_GREEN)])
# A manifest naming an animation the archive lacks.
write("missing-animation.lottie", [
    ("manifest.json", json.dumps({"animations": [{"id": "solid"}, {"id": "gone"}]})),
    ("animations/solid.json", SOLID)])
# An image of 65 MiB (zeros, 65 KiB deflated): over the image limit by the size the zip declares.
write("large-image.lottie", [
    ("manifest.json", json.dumps({"animations": [{"id": "picture"}]})),
    ("animations/picture.json", picture("/images/")), ("images/red-green.png", bytes(65 << 20))])

# An entry whose headers claim 100 bytes while it inflates to 65 MiB: the bytes inflated are counted.
write("lying-size.lottie", [
    ("manifest.json", json.dumps({"animations": [{"id": "picture"}]})),
    ("animations/picture.json", picture("/images/")), ("images/red-green.png", bytes(65 << 20))])
data = bytearray(open("lying-size.lottie", "rb").read())
for signature, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
    start = 0
    while (start := data.find(signature, start)) >= 0:
        name_length = struct.unpack_from("<H", data, start + (26 if signature == b"PK\x03\x04" else 28))[0]
        header = 30 if signature == b"PK\x03\x04" else 46
        if data[start + header:start + header + name_length] == b"images/red-green.png":
            struct.pack_into("<I", data, start + offset, 100)
        start += 4
open("lying-size.lottie", "wb").write(data)

# The image's bytes changed after its CRC was written.
write("bad-crc.lottie", [
    ("manifest.json", json.dumps({"animations": [{"id": "picture"}]})),
    ("animations/picture.json", picture("/images/"))])
with zipfile.ZipFile("bad-crc.lottie", "a", zipfile.ZIP_STORED) as z:
    z.writestr("images/red-green.png", RED_GREEN)
data = bytearray(open("bad-crc.lottie", "rb").read())
at = data.find(RED_GREEN)
data[at + 20] ^= 0xFF
open("bad-crc.lottie", "wb").write(data)
