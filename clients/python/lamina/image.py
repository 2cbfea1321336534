"""Pixels read back from the daemon (screenshots), with the few operations tests and apps need."""

from __future__ import annotations

from typing import Any

from .png import decode_png, encode_png

__all__ = ["Image"]


class Image:
    """RGBA pixels, 8 bits a channel, rows top to bottom, tightly packed.

    ``premultiplied`` says whether the colour channels are premultiplied by alpha: a screenshot read
    through a pool is (the daemon's framebuffer), one decoded from PNG is not. Where the output is
    opaque, as it is wherever a layer covers it with opaque colour, the two are the same."""

    __slots__ = ("width", "height", "data", "premultiplied")

    def __init__(self, width: int, height: int, data: bytes, *, premultiplied: bool = False) -> None:
        if len(data) != width * height * 4:
            raise ValueError(f"{width}x{height} RGBA pixels are {width * height * 4} bytes, not {len(data)}")
        self.width = width
        self.height = height
        self.data = bytes(data)
        self.premultiplied = premultiplied

    @classmethod
    def from_png(cls, png: bytes) -> "Image":
        width, height, data = decode_png(png)
        return cls(width, height, data)

    def pixel(self, x: int, y: int) -> tuple[int, int, int, int]:
        """The (r, g, b, a) bytes of pixel (x, y), (0, 0) the top left."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError(f"pixel ({x}, {y}) is outside {self.width}x{self.height}")
        i = (y * self.width + x) * 4
        r, g, b, a = self.data[i : i + 4]
        return (r, g, b, a)

    def straight(self) -> "Image":
        """The image with straight alpha (divided out where it was premultiplied)."""
        if not self.premultiplied:
            return self
        out = bytearray(self.data)
        for i in range(0, len(out), 4):
            a = out[i + 3]
            if 0 < a < 255:
                for j in range(3):
                    out[i + j] = min(255, (out[i + j] * 255 + a // 2) // a)
        return Image(self.width, self.height, bytes(out), premultiplied=False)

    def to_png(self) -> bytes:
        """A PNG file of the image (straight alpha, as PNG stores it)."""
        return encode_png(self.width, self.height, self.straight().data)

    def save(self, path: str) -> None:
        """Writes the image as a PNG file."""
        with open(path, "wb") as f:
            f.write(self.to_png())

    def to_array(self) -> Any:
        """The pixels as a NumPy array of shape (height, width, 4), dtype uint8 (needs NumPy)."""
        import numpy as np  # optional: only imported when an array is asked for

        return np.frombuffer(self.data, dtype=np.uint8).reshape(self.height, self.width, 4).copy()

    def __repr__(self) -> str:
        return f"<Image {self.width}x{self.height}{' premultiplied' if self.premultiplied else ''}>"
