"""Bitmaps (what ``CGImage`` is to Core Animation) and the shared-memory pools their pixels travel in.

A ``Bitmap`` is immutable pixels, made from bytes, a NumPy array or a PNG file. It belongs to no
connection: the first commit on a connection that shows it (as ``contents``, an emitter cell's
contents, or an animation's value) copies its pixels into one of that connection's pools — a sealed
memfd shared with the daemon — and names it; later commits only name it. The daemon keeps the pixels
until the app lets go of the bitmap (or calls ``release()``): the next commit then lists it in its
``released`` array.
"""

from __future__ import annotations

import fcntl
import itertools
import mmap
import os
import weakref
from typing import Any, Callable, Optional, Union

from .errors import BitmapError, LimitExceeded
from .image import Image
from .png import decode_png
from .schema import PIXEL_FORMATS

__all__ = ["Bitmap", "Pool", "PoolSet"]

_FORMAT_ALIASES = {"rgba": "rgba8", "bgra": "bgra8", "rgbx": "rgbx8", "bgrx": "bgrx8"}
_ids = itertools.count(1)
MAX_SIDE = 16384


def _release_everywhere(bitmap_id: int, holders: list[weakref.ReferenceType]) -> None:
    """Runs when a bitmap is garbage: each connection that sent it drops it with its next commit."""
    for ref in holders:
        connection = ref()
        if connection is not None:
            connection._bitmap_released(bitmap_id)


class Bitmap:
    """Immutable pixels: ``width`` x ``height``, 4 bytes a pixel, rows top to bottom.

    ``format`` is the byte order of a pixel: ``rgba8`` (default), ``bgra8`` (cairo's ARGB32),
    ``rgbx8`` or ``bgrx8`` (opaque: the fourth byte is ignored, and the daemon draws them without
    blending, skipping what they hide). ``premultiplied`` says whether colours are premultiplied by
    alpha. Sides are 1 to 16384 pixels."""

    __slots__ = ("id", "width", "height", "format", "premultiplied", "_pixels", "_holders", "__weakref__")

    def __init__(
        self, width: int, height: int, pixels: Union[bytes, bytearray, memoryview], *, format: str = "rgba8", premultiplied: bool = False
    ) -> None:
        format = _FORMAT_ALIASES.get(format, format)
        if format not in PIXEL_FORMATS:
            raise BitmapError(f"pixel format {format!r} is not one of {', '.join(PIXEL_FORMATS)}")
        if not (isinstance(width, int) and isinstance(height, int) and 1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
            raise BitmapError(f"a bitmap is 1 to {MAX_SIDE} pixels on a side, not {width}x{height}")
        data = bytes(pixels)
        if len(data) != width * height * 4:
            raise BitmapError(f"{width}x{height} pixels of 4 bytes are {width * height * 4} bytes, not {len(data)}")
        self.id = next(_ids)
        self.width = width
        self.height = height
        self.format = format
        self.premultiplied = premultiplied
        self._pixels = data
        self._holders: list[weakref.ReferenceType] = []
        weakref.finalize(self, _release_everywhere, self.id, self._holders)

    @classmethod
    def from_bytes(
        cls, data: Union[bytes, bytearray, memoryview], width: int, height: int, format: str = "rgba8", premultiplied: bool = False
    ) -> "Bitmap":
        """From raw pixels (``width * height * 4`` bytes in ``format``)."""
        return cls(width, height, data, format=format, premultiplied=premultiplied)

    @classmethod
    def from_array(cls, array: Any, *, format: Optional[str] = None, premultiplied: bool = False) -> "Bitmap":
        """From a NumPy array of shape (height, width, 4) (``rgba8`` unless ``format`` says) or
        (height, width, 3) (RGB, made ``rgbx8``), dtype uint8."""
        shape = getattr(array, "shape", None)
        dtype = str(getattr(array, "dtype", ""))
        if shape is None or len(shape) != 3 or shape[2] not in (3, 4) or dtype != "uint8":
            raise BitmapError(f"from_array takes a uint8 array of shape (height, width, 4 or 3), not {dtype} {shape}")
        height, width, channels = shape
        if channels == 3:
            import numpy as np  # only when an RGB array is given

            array = np.concatenate([array, np.full((height, width, 1), 255, dtype=np.uint8)], axis=2)
            format = format or "rgbx8"
        return cls(int(width), int(height), array.tobytes(order="C"), format=format or "rgba8", premultiplied=premultiplied)

    @classmethod
    def from_png(cls, source: Union[str, bytes, bytearray, "os.PathLike[str]"]) -> "Bitmap":
        """From a PNG file's path or its bytes (8-bit, non-interlaced; see ``lamina.png``)."""
        if isinstance(source, os.PathLike):
            source = os.fspath(source)
        width, height, rgba = decode_png(source)
        opaque = rgba[3::4] == b"\xff" * (width * height)
        return cls(width, height, rgba, format="rgbx8" if opaque else "rgba8")

    @property
    def pixels(self) -> bytes:
        return self._pixels

    @property
    def is_opaque(self) -> bool:
        return self.format in ("rgbx8", "bgrx8")

    def to_image(self) -> Image:
        """The pixels as straight-alpha RGBA."""
        data = bytearray(self._pixels)
        if self.format.startswith("bgr"):
            data[0::4], data[2::4] = data[2::4], data[0::4]
        if self.is_opaque:
            data[3::4] = b"\xff" * (self.width * self.height)
        image = Image(self.width, self.height, bytes(data), premultiplied=self.premultiplied and not self.is_opaque)
        return image.straight()

    def release(self) -> None:
        """Tells every connection that sent the bitmap to drop its pixels with its next commit (a
        layer still showing it shows nothing). Dropping the last reference does the same."""
        _release_everywhere(self.id, self._holders)
        self._holders.clear()

    def _sent_on(self, connection: Any) -> None:
        self._holders.append(weakref.ref(connection))

    def __repr__(self) -> str:
        return f"<Bitmap #{self.id} {self.width}x{self.height} {self.format}>"


class Pool:
    """One memfd shared with the daemon: ``F_SEAL_SHRINK`` (the daemon's condition) and
    ``F_SEAL_SEAL``, mapped read-write, with a first-fit free list of its bytes."""

    ALIGN = 64

    def __init__(self, pool_id: int, size: int) -> None:
        self.id = pool_id
        self.size = size
        self.fd = os.memfd_create(f"lamina-pool-{pool_id}", os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING)
        try:
            os.ftruncate(self.fd, size)
            fcntl.fcntl(self.fd, fcntl.F_ADD_SEALS, fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_SEAL)
            self.map = mmap.mmap(self.fd, size, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
        except OSError:
            os.close(self.fd)
            raise
        self.free: list[list[int]] = [[0, size]]

    def allocate(self, length: int) -> Optional[int]:
        length = -(-length // self.ALIGN) * self.ALIGN
        for i, (offset, size) in enumerate(self.free):
            if size >= length:
                if size == length:
                    del self.free[i]
                else:
                    self.free[i] = [offset + length, size - length]
                return offset
        return None

    def release(self, offset: int, length: int) -> None:
        length = -(-length // self.ALIGN) * self.ALIGN
        self.free.append([offset, length])
        self.free.sort()
        merged: list[list[int]] = []
        for block in self.free:
            if merged and merged[-1][0] + merged[-1][1] == block[0]:
                merged[-1][1] += block[1]
            else:
                merged.append(block)
        self.free = merged

    def close_descriptor(self) -> None:
        """Once sent, the daemon holds its own descriptor; the mapping stays."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def close(self) -> None:
        self.close_descriptor()
        self.map.close()


class PoolSet:
    """A connection's pools: regions are taken for a commit's pixels (or a screenshot) and given
    back when the daemon has answered. Pools are made as needed: 4 MiB, each new one twice the last,
    or a region's size when larger, within the welcome's ``max_pools`` and ``max_pool_bytes``."""

    FIRST_SIZE = 4 << 20
    PAGE = 4096

    def __init__(self, announce: Callable[[Pool], None], max_pools: int, max_pool_bytes: int) -> None:
        self._announce = announce
        self._max_pools = max_pools
        self._max_pool_bytes = max_pool_bytes
        self.pools: list[Pool] = []
        self._next_id = 1
        self._next_size = self.FIRST_SIZE

    @property
    def total_bytes(self) -> int:
        return sum(p.size for p in self.pools)

    def allocate(self, length: int) -> Optional[tuple[Pool, int]]:
        """A region of ``length`` bytes, in a pool the daemon knows; None when the limits allow no
        new pool now (the caller waits for regions to come back)."""
        for pool in self.pools:
            offset = pool.allocate(length)
            if offset is not None:
                return pool, offset
        size = max(self._next_size, -(-length // self.PAGE) * self.PAGE)
        if len(self.pools) >= self._max_pools or self.total_bytes + size > self._max_pool_bytes:
            size = -(-length // self.PAGE) * self.PAGE
            if len(self.pools) >= self._max_pools or self.total_bytes + size > self._max_pool_bytes:
                if not self.pools:
                    raise LimitExceeded(
                        f"{length} bytes of pixels do not fit the daemon's pool limits "
                        f"({self._max_pools} pools, {self._max_pool_bytes} bytes)"
                    )
                return None
        pool = Pool(self._next_id, size)
        self._next_id += 1
        self._next_size = min(self._next_size * 2, 1 << 30)
        self.pools.append(pool)
        self._announce(pool)
        offset = pool.allocate(length)
        assert offset is not None
        return pool, offset

    def close(self) -> None:
        for pool in self.pools:
            pool.close()
        self.pools = []
