"""PNG files with the standard library alone: ``zlib`` for the data, filters undone by hand.

The decoder reads what apps and the daemon's screenshots write: non-interlaced images of 8 bits per
channel (and 16, whose high bytes it keeps) in grey, grey with alpha, RGB, RGBA and palette colour,
with ``tRNS`` transparency. Anything else (interlaced files, 1-, 2- and 4-bit depths) raises
``PNGError`` saying what the file is, rather than decoding it wrongly. The encoder writes 8-bit RGBA.
"""

from __future__ import annotations

import struct
import zlib
from typing import Union

from .errors import PNGError

__all__ = ["decode_png", "encode_png", "SIGNATURE"]

SIGNATURE = b"\x89PNG\r\n\x1a\n"

# Channels per colour type: 0 grey, 2 RGB, 3 palette index, 4 grey + alpha, 6 RGBA.
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
_TYPE_NAMES = {0: "grey", 2: "RGB", 3: "palette", 4: "grey+alpha", 6: "RGBA"}


def _chunks(data: bytes):  # type: ignore[no-untyped-def]
    """Each chunk's type and data, CRCs checked."""
    if not data.startswith(SIGNATURE):
        raise PNGError("not a PNG file (its first 8 bytes are not the PNG signature)")
    pos = len(SIGNATURE)
    while pos + 12 <= len(data):
        (length,) = struct.unpack_from(">I", data, pos)
        kind = data[pos + 4 : pos + 8]
        end = pos + 8 + length
        if end + 4 > len(data):
            raise PNGError(f"PNG chunk {kind!r} runs past the end of the file (truncated?)")
        body = data[pos + 8 : end]
        (crc,) = struct.unpack_from(">I", data, end)
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            raise PNGError(f"PNG chunk {kind!r} has a bad CRC (the file is corrupt)")
        yield kind, body
        if kind == b"IEND":
            return
        pos = end + 4
    raise PNGError("PNG file ends without an IEND chunk (truncated?)")


def _unfilter(raw: bytes, height: int, stride: int, bpp: int) -> bytearray:
    """Undoes the per-row filters (None, Sub, Up, Average, Paeth) of PNG's filter method 0."""
    if len(raw) < height * (stride + 1):
        raise PNGError(f"PNG image data holds {len(raw)} bytes, fewer than {height} rows of {stride + 1}")
    out = bytearray(height * stride)
    prev = bytearray(stride)
    pos = 0
    for y in range(height):
        kind = raw[pos]
        row = bytearray(raw[pos + 1 : pos + 1 + stride])
        pos += stride + 1
        if kind == 0:
            pass
        elif kind == 1:
            for i in range(bpp, stride):
                row[i] = (row[i] + row[i - bpp]) & 0xFF
        elif kind == 2:
            row = bytearray((a + b) & 0xFF for a, b in zip(row, prev))
        elif kind == 3:
            for i in range(stride):
                left = row[i - bpp] if i >= bpp else 0
                row[i] = (row[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                if i >= bpp:
                    a, c = row[i - bpp], prev[i - bpp]
                else:
                    a = c = 0
                b = prev[i]
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                row[i] = (row[i] + predictor) & 0xFF
        else:
            raise PNGError(f"PNG row {y} has unknown filter type {kind}")
        out[y * stride : (y + 1) * stride] = row
        prev = row
    return out


def decode_png(source: Union[bytes, bytearray, str]) -> tuple[int, int, bytes]:
    """``(width, height, pixels)``: 8-bit RGBA, straight alpha, rows top to bottom, from PNG bytes or
    a file path."""
    if isinstance(source, str):
        with open(source, "rb") as f:
            data = f.read()
    else:
        data = bytes(source)
    header = None
    palette = b""
    transparency = b""
    idat = []
    for kind, body in _chunks(data):
        if kind == b"IHDR":
            if len(body) != 13:
                raise PNGError("PNG IHDR chunk is not 13 bytes")
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = body
        elif kind == b"tRNS":
            transparency = body
        elif kind == b"IDAT":
            idat.append(body)
    if header is None:
        raise PNGError("PNG file has no IHDR chunk")
    width, height, depth, color_type, compression, filter_method, interlace = header
    if color_type not in _CHANNELS:
        raise PNGError(f"PNG colour type {color_type} does not exist")
    what = f"{_TYPE_NAMES[color_type]} at {depth} bits"
    if compression != 0 or filter_method != 0:
        raise PNGError(f"PNG compression method {compression} / filter method {filter_method} is not PNG's 0")
    if interlace != 0:
        raise PNGError(f"interlaced (Adam7) PNG files are not supported ({width}x{height} {what}): save it non-interlaced")
    if depth not in (8, 16) or (color_type == 3 and depth != 8):
        raise PNGError(f"PNG files of {what} per channel are not supported: 8-bit (or 16-bit non-palette) only")
    if width == 0 or height == 0:
        raise PNGError("PNG image has no pixels")
    channels = _CHANNELS[color_type]
    bytes_per_sample = depth // 8
    bpp = channels * bytes_per_sample
    stride = width * bpp
    try:
        raw = zlib.decompress(b"".join(idat))
    except zlib.error as e:
        raise PNGError(f"PNG image data does not inflate: {e}") from None
    samples = _unfilter(raw, height, stride, bpp)
    if bytes_per_sample == 2:
        samples = samples[0::2]  # the high byte of each big-endian sample
    count = width * height
    if color_type == 6:
        return width, height, bytes(samples)
    out = bytearray(count * 4)
    if color_type == 2:
        out[0::4], out[1::4], out[2::4] = samples[0::3], samples[1::3], samples[2::3]
        out[3::4] = b"\xff" * count
        if len(transparency) == 6 and depth == 8:
            key = bytes(transparency[1::2])
            for i in range(count):
                if samples[3 * i : 3 * i + 3] == key:
                    out[4 * i + 3] = 0
    elif color_type == 0:
        out[0::4] = out[1::4] = out[2::4] = samples
        out[3::4] = b"\xff" * count
        if len(transparency) == 2 and depth == 8:
            key = transparency[1]
            for i in range(count):
                if samples[i] == key:
                    out[4 * i + 3] = 0
    elif color_type == 4:
        out[0::4] = out[1::4] = out[2::4] = samples[0::2]
        out[3::4] = samples[1::2]
    else:  # palette
        entries = len(palette) // 3
        lut = [
            bytes(palette[3 * i : 3 * i + 3]) + bytes([transparency[i] if i < len(transparency) else 255])
            for i in range(entries)
        ]
        try:
            out = bytearray(b"".join(lut[i] for i in samples))
        except IndexError:
            raise PNGError("PNG pixel names a palette entry the palette does not have") from None
    return width, height, bytes(out)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def encode_png(width: int, height: int, rgba: bytes) -> bytes:
    """An 8-bit RGBA PNG of straight-alpha pixels, rows top to bottom."""
    stride = width * 4
    if len(rgba) != stride * height:
        raise PNGError(f"{width}x{height} RGBA pixels are {stride * height} bytes, not {len(rgba)}")
    rows = b"".join(b"\x00" + bytes(rgba[y * stride : (y + 1) * stride]) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows, 6)) + _chunk(b"IEND", b"")
