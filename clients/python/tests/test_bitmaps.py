"""Bitmaps through sealed memfd pools, shown in screenshots; PNG decoding with the standard library;
screenshots as PNG, pixels and arrays; releasing bitmaps."""

from __future__ import annotations

import gc
import os
import struct
import tempfile
import unittest
import zlib

import lamina
from lamina import Bitmap, Color, Transaction
from lamina.png import SIGNATURE, decode_png, encode_png
from support import Daemon, DaemonTestCase

daemon: Daemon

RED, GREEN, BLUE, WHITE = (255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 255)
QUADRANTS = bytes(RED + GREEN + BLUE + WHITE)  # a 2x2 image: red, green on top; blue, white below


def setUpModule() -> None:
    global daemon
    daemon = Daemon(size="200x100")
    DaemonTestCase.daemon = daemon


def tearDownModule() -> None:
    daemon.stop()


def numpy_or_skip():  # type: ignore[no-untyped-def]
    try:
        import numpy
    except ImportError:
        raise unittest.SkipTest("NumPy is not installed (it is optional)") from None
    return numpy


class Shown(DaemonTestCase):
    def tile(self, bitmap: Bitmap, x: float = 0) -> lamina.Layer:
        """A 100x100 layer at (x, 0) showing ``bitmap`` scaled up with nearest filtering."""
        return self.show(lamina.Layer(frame=(x, 0, 100, 100), contents=bitmap, magnification_filter="nearest"))

    def assertQuadrants(self, image: lamina.Image, x: int = 0) -> None:
        self.assertPixel(image, x + 25, 25, RED)
        self.assertPixel(image, x + 75, 25, GREEN)
        self.assertPixel(image, x + 25, 75, BLUE)
        self.assertPixel(image, x + 75, 75, WHITE)

    def test_bitmaps_from_bytes_in_every_format(self) -> None:
        self.tile(Bitmap.from_bytes(QUADRANTS, 2, 2))
        bgrx = bytearray(QUADRANTS)
        bgrx[0::4], bgrx[2::4] = bgrx[2::4], bgrx[0::4]
        bgrx[3::4] = b"\x00" * 4  # ignored: the x formats are opaque
        self.tile(Bitmap.from_bytes(bytes(bgrx), 2, 2, format="bgrx8"), x=100)
        image = self.connection.screenshot()
        self.assertQuadrants(image)
        self.assertQuadrants(image, x=100)

    def test_bitmaps_from_png_files(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "quadrants.png")
            with open(path, "wb") as f:
                f.write(encode_png(2, 2, QUADRANTS))
            bitmap = Bitmap.from_png(path)
            self.assertEqual((bitmap.width, bitmap.height, bitmap.format), (2, 2, "rgbx8"))
            self.tile(bitmap)
            self.tile(Bitmap.from_png(_png(2, 2, 2, [bytes(RED[:3] + GREEN[:3]), bytes(BLUE[:3] + WHITE[:3])], [4, 3])), x=100)
        image = self.connection.screenshot()
        self.assertQuadrants(image)
        self.assertQuadrants(image, x=100)

    def test_bitmaps_from_numpy_arrays_and_screenshots_as_arrays(self) -> None:
        np = numpy_or_skip()
        pixels = np.frombuffer(QUADRANTS, dtype=np.uint8).reshape(2, 2, 4)
        self.tile(Bitmap.from_array(pixels))
        self.tile(Bitmap.from_array(np.ascontiguousarray(pixels[:, :, :3])), x=100)
        shot = self.connection.screenshot(array=True)
        self.assertEqual(shot.shape, (100, 200, 4))
        self.assertEqual(shot.dtype, np.uint8)
        for x in (0, 100):
            self.assertTrue((shot[0:50, x : x + 50] == RED).all())
            self.assertTrue((shot[50:100, x + 50 : x + 100] == WHITE).all())
        with self.assertRaises(lamina.BitmapError):
            Bitmap.from_array(np.zeros((2, 2, 4), dtype=np.float32))

    def test_png_and_pool_screenshots_agree(self) -> None:
        self.tile(Bitmap.from_bytes(QUADRANTS, 2, 2))
        self.show(lamina.Layer(frame=(150, 50, 50, 50), background_color=Color(0, 0, 1, 0.5)))
        pooled = self.connection.screenshot()
        decoded = lamina.Image.from_png(self.connection.screenshot_png())
        self.assertEqual((decoded.width, decoded.height), (200, 100))
        self.assertQuadrants(decoded)
        self.assertEqual(decoded.pixel(175, 75), (0, 0, 255, 128))  # straight alpha in the PNG
        self.assertEqual(pooled.pixel(175, 75), (0, 0, 128, 128))  # premultiplied in the pool
        self.assertEqual(pooled.straight().pixel(175, 75), (0, 0, 255, 128))

    def test_contents_animations_show_bitmaps(self) -> None:
        red = Bitmap.from_bytes(bytes(RED) * 4, 2, 2)
        blue = Bitmap.from_bytes(bytes(BLUE) * 4, 2, 2)
        layer = self.tile(red)
        animation = lamina.BasicAnimation("contents", from_value=blue, to_value=red, duration=1, speed=0, time_offset=0.25)
        layer.add_animation(animation, "swap")
        self.assertIs(layer.presentation().contents, blue)  # discrete: the first half shows from_value
        self.assertPixel(self.connection.screenshot(), 50, 50, BLUE)

    def test_released_bitmaps_leave_the_daemon(self) -> None:
        bitmap = Bitmap.from_bytes(QUADRANTS, 2, 2)
        layer = self.tile(bitmap)
        self.connection.screenshot()  # a frame draws it: the GPU holds it
        held = self.connection.stats().textures
        self.assertGreaterEqual(held, 1)
        with Transaction(disable_actions=True):
            layer.contents = None
            del bitmap  # the last reference: the same commit carries the release
            gc.collect()
        self.connection.sync()
        self.connection.screenshot()
        self.assertEqual(self.connection.stats().textures, held - 1)
        again = Bitmap.from_bytes(QUADRANTS, 2, 2)
        with Transaction(disable_actions=True):  # no cross-fade: the new contents at once
            layer.contents = again
        self.connection.sync()
        with Transaction(disable_actions=True):
            again.release()  # dropped by the daemon...
            layer.contents = again  # ...and shown again: the commit uploads it again instead
        self.connection.sync()
        self.assertQuadrants(self.connection.screenshot())

    def test_bad_pixels_raise(self) -> None:
        with self.assertRaisesRegex(lamina.BitmapError, "are 16 bytes, not 12"):
            Bitmap.from_bytes(bytes(12), 2, 2)
        with self.assertRaisesRegex(lamina.BitmapError, "1 to 16384"):
            Bitmap.from_bytes(b"", 0, 0)
        with self.assertRaisesRegex(lamina.BitmapError, "pixel format"):
            Bitmap.from_bytes(bytes(4), 1, 1, format="argb")


def _png(width: int, height: int, color_type: int, rows: list[bytes], filters: list[int], *, depth: int = 8,
         interlace: int = 0, palette: bytes = b"", transparency: bytes = b"") -> bytes:
    """A PNG whose rows are filtered with the given filter types (exercising the decoder's undoing)."""
    bpp = max(1, {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type] * depth // 8)
    out = bytearray()
    prev = bytes(len(rows[0]))
    for row, kind in zip(rows, filters):
        out.append(kind)
        for i, value in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 0:
                predictor = 0
            elif kind == 1:
                predictor = a
            elif kind == 2:
                predictor = b
            elif kind == 3:
                predictor = (a + b) // 2
            else:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            out.append((value - predictor) & 0xFF)
        prev = row

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, interlace)
    extra = (chunk(b"PLTE", palette) if palette else b"") + (chunk(b"tRNS", transparency) if transparency else b"")
    return SIGNATURE + chunk(b"IHDR", header) + extra + chunk(b"IDAT", zlib.compress(bytes(out))) + chunk(b"IEND", b"")


class PNGDecoding(unittest.TestCase):
    def test_every_filter_type_is_undone(self) -> None:
        rows = [bytes((x * 37 + y * 11 + c * 5) % 256 for x in range(5) for c in range(4)) for y in range(5)]
        width, height, pixels = decode_png(_png(5, 5, 6, rows, [0, 1, 2, 3, 4]))
        self.assertEqual((width, height), (5, 5))
        self.assertEqual(pixels, b"".join(rows))

    def test_grey_grey_alpha_palette_and_sixteen_bits(self) -> None:
        self.assertEqual(decode_png(_png(2, 1, 0, [bytes([0, 200])], [1]))[2], bytes([0, 0, 0, 255, 200, 200, 200, 255]))
        self.assertEqual(decode_png(_png(1, 1, 4, [bytes([9, 70])], [0]))[2], bytes([9, 9, 9, 70]))
        palette = bytes(RED[:3] + BLUE[:3])
        decoded = decode_png(_png(2, 1, 3, [bytes([1, 0])], [0], palette=palette, transparency=bytes([128])))[2]
        self.assertEqual(decoded, bytes(BLUE) + bytes([255, 0, 0, 128]))
        sixteen = decode_png(_png(1, 1, 2, [bytes([0x12, 0x34, 0xAB, 0xCD, 0xFF, 0x00])], [2], depth=16))[2]
        self.assertEqual(sixteen, bytes([0x12, 0xAB, 0xFF, 255]))
        self.assertEqual(decode_png(_png(2, 1, 2, [bytes(RED[:3] + GREEN[:3])], [0], transparency=bytes([0, 255, 0, 0, 0, 0])))[2],
                         bytes(RED[:3]) + bytes([0]) + bytes(GREEN))

    def test_what_it_does_not_read_raises_clearly(self) -> None:
        with self.assertRaisesRegex(lamina.PNGError, "interlaced"):
            decode_png(_png(1, 1, 6, [bytes(4)], [0], interlace=1))
        with self.assertRaisesRegex(lamina.PNGError, "4 bits"):
            decode_png(_png(2, 1, 0, [bytes(1)], [0], depth=4))
        with self.assertRaisesRegex(lamina.PNGError, "not a PNG"):
            decode_png(b"GIF89a")
        broken = bytearray(encode_png(1, 1, bytes(4)))
        broken[30] ^= 0xFF
        with self.assertRaisesRegex(lamina.PNGError, "CRC"):
            decode_png(bytes(broken))

    def test_encode_decode_round_trip(self) -> None:
        pixels = bytes(range(256)) * 3
        self.assertEqual(decode_png(encode_png(16, 12, pixels)), (16, 12, pixels))


if __name__ == "__main__":
    unittest.main()
