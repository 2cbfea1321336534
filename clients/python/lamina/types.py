"""The value types of layer properties: small immutable values, as Core Graphics' structs are.

``Point``, ``Size``, ``Rect``, ``Color``, ``Transform`` and ``TimingFunction`` are NamedTuples, so a
plain tuple can stand for one wherever a property takes it (``layer.position = (10, 20)``) and they
compare, hash and unpack like tuples. ``Path``, ``Filter`` and ``EmitterCell`` are frozen values with
builders. Nothing here talks to the daemon.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, NamedTuple, Optional, Sequence

__all__ = [
    "Point",
    "Size",
    "Rect",
    "Color",
    "Transform",
    "TimingFunction",
    "Path",
    "PathElement",
    "Filter",
    "EmitterCell",
    "CORNERS",
    "ALL_CORNERS",
    "corners_from_bits",
    "corners_to_bits",
    "snake_case",
]


def snake_case(name: str) -> str:
    """``birthRate`` → ``birth_rate``: Core Animation's names as Python attributes."""
    return re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), name)


class Point(NamedTuple):
    """A point in points (``CGPoint``); origin top left, y down."""

    x: float = 0.0
    y: float = 0.0

    def offset(self, dx: float, dy: float) -> "Point":
        return Point(self.x + dx, self.y + dy)


class Size(NamedTuple):
    """A size in points (``CGSize``)."""

    width: float = 0.0
    height: float = 0.0


class Rect(NamedTuple):
    """A rectangle (``CGRect``): origin and size."""

    x: float = 0.0
    y: float = 0.0
    width: float = 0.0
    height: float = 0.0

    @property
    def origin(self) -> Point:
        return Point(self.x, self.y)

    @property
    def size(self) -> Size:
        return Size(self.width, self.height)

    @property
    def min_x(self) -> float:
        return min(self.x, self.x + self.width)

    @property
    def min_y(self) -> float:
        return min(self.y, self.y + self.height)

    @property
    def max_x(self) -> float:
        return max(self.x, self.x + self.width)

    @property
    def max_y(self) -> float:
        return max(self.y, self.y + self.height)

    @property
    def mid_x(self) -> float:
        return self.x + self.width / 2

    @property
    def mid_y(self) -> float:
        return self.y + self.height / 2

    @property
    def center(self) -> Point:
        return Point(self.mid_x, self.mid_y)

    def contains(self, x: float, y: float) -> bool:
        return self.min_x <= x < self.max_x and self.min_y <= y < self.max_y

    def inset(self, dx: float, dy: float) -> "Rect":
        return Rect(self.x + dx, self.y + dy, self.width - 2 * dx, self.height - 2 * dy)


class Color(NamedTuple):
    """A colour: sRGB components 0...1 with straight (not premultiplied) alpha (``CGColor``)."""

    red: float = 0.0
    green: float = 0.0
    blue: float = 0.0
    alpha: float = 1.0

    @classmethod
    def from_hex(cls, text: str) -> "Color":
        """``#rgb``, ``#rrggbb`` or ``#rrggbbaa`` (the ``#`` optional)."""
        digits = text.lstrip("#")
        if len(digits) == 3:
            digits = "".join(d * 2 for d in digits)
        if len(digits) not in (6, 8) or not re.fullmatch(r"[0-9a-fA-F]+", digits):
            raise ValueError(f"{text!r} is not a colour: use #rgb, #rrggbb or #rrggbbaa")
        values = [int(digits[i : i + 2], 16) / 255 for i in range(0, len(digits), 2)]
        return cls(*values)

    @classmethod
    def from_bytes(cls, red: int, green: int, blue: int, alpha: int = 255) -> "Color":
        """From 0...255 components."""
        return cls(red / 255, green / 255, blue / 255, alpha / 255)

    def with_alpha(self, alpha: float) -> "Color":
        return self._replace(alpha=alpha)

    def to_bytes(self) -> tuple[int, int, int, int]:
        """The components as 0...255 (rounded), as a screenshot shows an opaque colour."""
        return tuple(max(0, min(255, round(c * 255))) for c in self)  # type: ignore[return-value]


Color.CLEAR = Color(0.0, 0.0, 0.0, 0.0)  # type: ignore[attr-defined]
Color.BLACK = Color(0.0, 0.0, 0.0, 1.0)  # type: ignore[attr-defined]
Color.WHITE = Color(1.0, 1.0, 1.0, 1.0)  # type: ignore[attr-defined]
Color.RED = Color(1.0, 0.0, 0.0, 1.0)  # type: ignore[attr-defined]
Color.GREEN = Color(0.0, 1.0, 0.0, 1.0)  # type: ignore[attr-defined]
Color.BLUE = Color(0.0, 0.0, 1.0, 1.0)  # type: ignore[attr-defined]


class Transform(NamedTuple):
    """A 4x4 transform (``CATransform3D``), row-vector convention: a point is ``[x y z 1] · M``, so
    ``m41, m42, m43`` translate and ``m34`` gives perspective. ``a.concat(b)`` applies ``a`` then
    ``b`` (``CATransform3DConcat``)."""

    m11: float = 1.0
    m12: float = 0.0
    m13: float = 0.0
    m14: float = 0.0
    m21: float = 0.0
    m22: float = 1.0
    m23: float = 0.0
    m24: float = 0.0
    m31: float = 0.0
    m32: float = 0.0
    m33: float = 1.0
    m34: float = 0.0
    m41: float = 0.0
    m42: float = 0.0
    m43: float = 0.0
    m44: float = 1.0

    @classmethod
    def identity(cls) -> "Transform":
        return cls()

    @classmethod
    def translation(cls, x: float, y: float, z: float = 0.0) -> "Transform":
        """``CATransform3DMakeTranslation``."""
        return cls(m41=float(x), m42=float(y), m43=float(z))

    @classmethod
    def scale(cls, x: float, y: Optional[float] = None, z: float = 1.0) -> "Transform":
        """``CATransform3DMakeScale``; ``scale(2)`` scales x and y alike."""
        return cls(m11=float(x), m22=float(x if y is None else y), m33=float(z))

    @classmethod
    def rotation(cls, angle: float, x: float = 0.0, y: float = 0.0, z: float = 1.0) -> "Transform":
        """``CATransform3DMakeRotation``: ``angle`` radians about the axis (x, y, z), normalised; a zero
        axis gives the identity. About +z a positive angle turns clockwise on the y-down screen."""
        length = math.sqrt(x * x + y * y + z * z)
        if not (length > 0 and math.isfinite(length)):
            return cls()
        x, y, z = x / length, y / length, z / length
        s, c = math.sin(angle), math.cos(angle)
        t = 1 - c
        return cls(
            t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0.0,
            t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0.0,
            t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0.0,
            0.0, 0.0, 0.0, 1.0,
        )  # fmt: skip

    @classmethod
    def perspective(cls, distance: float) -> "Transform":
        """An eye at ``distance`` points (``m34 = -1/distance``); the identity for 0."""
        return cls(m34=-1.0 / distance) if distance else cls()

    @classmethod
    def affine(cls, a: float, b: float, c: float, d: float, tx: float, ty: float) -> "Transform":
        """``CATransform3DMakeAffineTransform`` of ``CGAffineTransform(a, b, c, d, tx, ty)``."""
        return cls(m11=a, m12=b, m21=c, m22=d, m41=tx, m42=ty)

    def rows(self) -> tuple[tuple[float, ...], ...]:
        return (self[0:4], self[4:8], self[8:12], self[12:16])

    def concat(self, other: "Transform") -> "Transform":
        """``self`` applied first, then ``other`` (the matrix product ``self · other``)."""
        a, b = self, other
        out = []
        for i in range(4):
            for j in range(4):
                out.append(
                    a[4 * i] * b[j] + a[4 * i + 1] * b[4 + j] + a[4 * i + 2] * b[8 + j] + a[4 * i + 3] * b[12 + j]
                )
        return Transform(*out)

    def translated(self, x: float, y: float, z: float = 0.0) -> "Transform":
        """A translation applied before this transform (``CATransform3DTranslate``)."""
        return Transform.translation(x, y, z).concat(self)

    def scaled(self, x: float, y: Optional[float] = None, z: float = 1.0) -> "Transform":
        """A scale applied before this transform (``CATransform3DScale``)."""
        return Transform.scale(x, y, z).concat(self)

    def rotated(self, angle: float, x: float = 0.0, y: float = 0.0, z: float = 1.0) -> "Transform":
        """A rotation applied before this transform (``CATransform3DRotate``)."""
        return Transform.rotation(angle, x, y, z).concat(self)

    @property
    def is_identity(self) -> bool:
        return self == Transform()

    @property
    def is_affine(self) -> bool:
        return (
            self.m13 == 0 and self.m14 == 0 and self.m23 == 0 and self.m24 == 0 and self.m31 == 0
            and self.m32 == 0 and self.m33 == 1 and self.m34 == 0 and self.m43 == 0 and self.m44 == 1
        )  # fmt: skip

    def apply(self, x: float, y: float, z: float = 0.0) -> Point:
        """The point ``(x, y, z)`` transformed, projected to the plane (divided by w)."""
        px = x * self.m11 + y * self.m21 + z * self.m31 + self.m41
        py = x * self.m12 + y * self.m22 + z * self.m32 + self.m42
        w = x * self.m14 + y * self.m24 + z * self.m34 + self.m44
        return Point(px / w, py / w) if w not in (0, 1) else Point(px, py)


class TimingFunction(NamedTuple):
    """A cubic Bézier pacing curve through (0, 0), (c1x, c1y), (c2x, c2y), (1, 1)
    (``CAMediaTimingFunction``). Core Animation's names are accepted wherever a curve is:
    ``"linear"``, ``"easeIn"``, ``"easeOut"``, ``"easeInEaseOut"``, ``"default"``."""

    c1x: float
    c1y: float
    c2x: float
    c2y: float

    @classmethod
    def named(cls, name: str) -> "TimingFunction":
        try:
            return _TIMING_FUNCTIONS[name]
        except KeyError:
            raise ValueError(
                f"no timing function named {name!r}: use one of {', '.join(_TIMING_FUNCTIONS)} "
                "or TimingFunction(c1x, c1y, c2x, c2y)"
            ) from None


TimingFunction.LINEAR = TimingFunction(0.0, 0.0, 1.0, 1.0)  # type: ignore[attr-defined]
TimingFunction.EASE_IN = TimingFunction(0.42, 0.0, 1.0, 1.0)  # type: ignore[attr-defined]
TimingFunction.EASE_OUT = TimingFunction(0.0, 0.0, 0.58, 1.0)  # type: ignore[attr-defined]
TimingFunction.EASE_IN_EASE_OUT = TimingFunction(0.42, 0.0, 0.58, 1.0)  # type: ignore[attr-defined]
#: What implicit animations use when the transaction names no curve.
TimingFunction.DEFAULT = TimingFunction(0.25, 0.1, 0.25, 1.0)  # type: ignore[attr-defined]
_TIMING_FUNCTIONS = {
    "linear": TimingFunction.LINEAR,  # type: ignore[attr-defined]
    "easeIn": TimingFunction.EASE_IN,  # type: ignore[attr-defined]
    "easeOut": TimingFunction.EASE_OUT,  # type: ignore[attr-defined]
    "easeInEaseOut": TimingFunction.EASE_IN_EASE_OUT,  # type: ignore[attr-defined]
    "default": TimingFunction.DEFAULT,  # type: ignore[attr-defined]
}


class PathElement(NamedTuple):
    """One element of a path: ``kind`` is ``move``, ``line``, ``quad``, ``cubic`` or ``close``, and
    ``points`` its points in wire order (the end point first, then the control points)."""

    kind: str
    points: tuple[Point, ...] = ()


#: Wire tags of path elements, and how many points each carries.
PATH_KINDS = {"move": (0, 1), "line": (1, 1), "quad": (2, 2), "cubic": (3, 3), "close": (4, 0)}

_KAPPA = 0.5522847498307936


class Path:
    """An outline (``CGPath``) as an immutable value: each builder returns a new path, so they
    chain: ``Path().move_to(0, 0).line_to(10, 0).close()``. The empty path is Core Animation's nil."""

    __slots__ = ("elements",)

    def __init__(self, elements: Iterable[PathElement] = ()) -> None:
        checked = []
        for e in elements:
            if e.kind not in PATH_KINDS or len(e.points) != PATH_KINDS[e.kind][1]:
                raise ValueError(f"{e!r} is not a path element")
            checked.append(PathElement(e.kind, tuple(Point(float(p[0]), float(p[1])) for p in e.points)))
        object.__setattr__(self, "elements", tuple(checked))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Path is immutable: its builders return new paths")

    def _plus(self, kind: str, *points: Sequence[float]) -> "Path":
        return Path(self.elements + (PathElement(kind, tuple(Point(float(p[0]), float(p[1])) for p in points)),))

    def move_to(self, x: float, y: float) -> "Path":
        return self._plus("move", (x, y))

    def line_to(self, x: float, y: float) -> "Path":
        return self._plus("line", (x, y))

    def quad_to(self, x: float, y: float, cx: float, cy: float) -> "Path":
        """A quadratic curve to (x, y) with control point (cx, cy)."""
        return self._plus("quad", (x, y), (cx, cy))

    def cubic_to(self, x: float, y: float, c1x: float, c1y: float, c2x: float, c2y: float) -> "Path":
        """A cubic curve to (x, y) with control points (c1x, c1y) and (c2x, c2y)."""
        return self._plus("cubic", (x, y), (c1x, c1y), (c2x, c2y))

    def close(self) -> "Path":
        return self._plus("close")

    @classmethod
    def rect(cls, x: float, y: float, width: float, height: float) -> "Path":
        """A closed rectangle (``CGPath(rect:)``)."""
        return cls().move_to(x, y).line_to(x + width, y).line_to(x + width, y + height).line_to(x, y + height).close()

    @classmethod
    def ellipse(cls, x: float, y: float, width: float, height: float) -> "Path":
        """The ellipse inscribed in a rectangle, four cubic curves (``CGPath(ellipseIn:)``)."""
        rx, ry = width / 2, height / 2
        cx, cy = x + rx, y + ry
        kx, ky = rx * _KAPPA, ry * _KAPPA
        return (
            cls()
            .move_to(cx + rx, cy)
            .cubic_to(cx, cy + ry, cx + rx, cy + ky, cx + kx, cy + ry)
            .cubic_to(cx - rx, cy, cx - kx, cy + ry, cx - rx, cy + ky)
            .cubic_to(cx, cy - ry, cx - rx, cy - ky, cx - kx, cy - ry)
            .cubic_to(cx + rx, cy, cx + kx, cy - ry, cx + rx, cy - ky)
            .close()
        )

    @classmethod
    def polyline(cls, points: Iterable[Sequence[float]], closed: bool = False) -> "Path":
        """Lines through ``points`` in order."""
        path = cls()
        for i, p in enumerate(points):
            path = path.move_to(p[0], p[1]) if i == 0 else path.line_to(p[0], p[1])
        return path.close() if closed and path.elements else path

    @property
    def is_empty(self) -> bool:
        return not self.elements

    def __len__(self) -> int:
        return len(self.elements)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.elements)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Path) and other.elements == self.elements

    def __hash__(self) -> int:
        return hash(self.elements)

    def __repr__(self) -> str:
        return f"Path({list(self.elements)!r})"


def _check_element_name(name: Optional[str], what: str) -> None:
    """A filter's or a cell's name: key paths find it by name, so it holds no dots (256 bytes at most)."""
    if name is None:
        return
    if not isinstance(name, str) or not name or "." in name or len(name.encode("utf-8")) > 256:
        raise ValueError(f"{what} is a non-empty str of at most 256 bytes without dots, not {name!r}")


#: Filter kinds by wire number, with the parameter each takes.
FILTER_KINDS = ("blur", "colorMatrix", "saturation", "brightness", "contrast")


@dataclass(frozen=True)
class Filter:
    """A filter in ``filters`` or ``backgroundFilters`` (Lamina's five, as values, not ``CIFilter``s).
    A ``name`` makes its parameter animatable by key path: ``filters.NAME.blur``."""

    kind: str
    values: tuple[float, ...]
    name: Optional[str] = None

    def __post_init__(self) -> None:
        if self.kind not in FILTER_KINDS:
            raise ValueError(f"no filter kind {self.kind!r}: use one of {', '.join(FILTER_KINDS)}")
        count = 20 if self.kind == "colorMatrix" else 1
        values = tuple(float(v) for v in self.values)
        if len(values) != count:
            raise ValueError(f"a {self.kind} filter takes {count} number(s), not {len(values)}")
        _check_element_name(self.name, "a filter name")
        object.__setattr__(self, "values", values)

    @classmethod
    def blur(cls, radius: float, name: Optional[str] = None) -> "Filter":
        """A Gaussian blur of ``radius`` points (drawn as at most 500)."""
        return cls("blur", (radius,), name)

    @classmethod
    def color_matrix(cls, matrix: Sequence[float], name: Optional[str] = None) -> "Filter":
        """A 4x5 matrix, row-major, on straight RGBA (``CIColorMatrix``): 20 numbers."""
        return cls("colorMatrix", tuple(matrix), name)

    @classmethod
    def saturation(cls, amount: float, name: Optional[str] = None) -> "Filter":
        return cls("saturation", (amount,), name)

    @classmethod
    def brightness(cls, amount: float, name: Optional[str] = None) -> "Filter":
        return cls("brightness", (amount,), name)

    @classmethod
    def contrast(cls, amount: float, name: Optional[str] = None) -> "Filter":
        return cls("contrast", (amount,), name)

    @property
    def amount(self) -> float:
        """The one parameter of a blur (its radius), saturation, brightness or contrast."""
        if self.kind == "colorMatrix":
            raise AttributeError("a colour matrix filter has `values`, not one amount")
        return self.values[0]


#: The numeric fields of an emitter cell, in wire order (Core Animation's names).
CELL_FIELDS = (
    "birthRate", "lifetime", "lifetimeRange", "velocity", "velocityRange",
    "xAcceleration", "yAcceleration", "zAcceleration",
    "emissionLatitude", "emissionLongitude", "emissionRange",
    "spin", "spinRange", "scale", "scaleRange", "scaleSpeed",
    "alphaSpeed", "redSpeed", "greenSpeed", "blueSpeed",
    "redRange", "greenRange", "blueRange", "alphaRange",
    "beginTime", "duration", "contentsScale",
)  # fmt: skip
CELL_PYTHON_FIELDS = tuple(snake_case(f) for f in CELL_FIELDS)


@dataclass(frozen=True)
class EmitterCell:
    """One kind of particle of an emitter layer (``CAEmitterCell``), as a value: change one with
    ``cell.replace(birth_rate=20)`` and assign the list again. ``contents`` is a ``Bitmap`` or None;
    ``emitter_cells`` are the cells each particle emits in turn. A ``name`` (no dots) makes its fields
    animatable by key path: ``emitterCells.NAME.birthRate``."""

    name: Optional[str] = None
    enabled: bool = True
    contents: Any = None
    contents_rect: Rect = Rect(0.0, 0.0, 1.0, 1.0)
    color: Color = Color(1.0, 1.0, 1.0, 1.0)
    birth_rate: float = 0.0
    lifetime: float = 0.0
    lifetime_range: float = 0.0
    velocity: float = 0.0
    velocity_range: float = 0.0
    x_acceleration: float = 0.0
    y_acceleration: float = 0.0
    z_acceleration: float = 0.0
    emission_latitude: float = 0.0
    emission_longitude: float = 0.0
    emission_range: float = 0.0
    spin: float = 0.0
    spin_range: float = 0.0
    scale: float = 1.0
    scale_range: float = 0.0
    scale_speed: float = 0.0
    alpha_speed: float = 0.0
    red_speed: float = 0.0
    green_speed: float = 0.0
    blue_speed: float = 0.0
    red_range: float = 0.0
    green_range: float = 0.0
    blue_range: float = 0.0
    alpha_range: float = 0.0
    begin_time: float = 0.0
    duration: float = 0.0
    contents_scale: float = 1.0
    emitter_cells: tuple["EmitterCell", ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        _check_element_name(self.name, "a cell name")
        object.__setattr__(self, "contents_rect", Rect(*(float(v) for v in self.contents_rect)))
        color = self.color
        object.__setattr__(self, "color", Color(*(float(v) for v in color)))
        for name in CELL_PYTHON_FIELDS:
            object.__setattr__(self, name, float(getattr(self, name)))
        cells = tuple(self.emitter_cells)
        for c in cells:
            if not isinstance(c, EmitterCell):
                raise TypeError(f"emitter_cells holds EmitterCell values, not {type(c).__name__}")
        object.__setattr__(self, "emitter_cells", cells)

    def replace(self, **changes: Any) -> "EmitterCell":
        """A copy with some fields changed."""
        return replace(self, **changes)

    @property
    def numbers(self) -> tuple[float, ...]:
        """The numeric fields in wire order."""
        return tuple(getattr(self, name) for name in CELL_PYTHON_FIELDS)

    def find(self, name: str) -> Optional["EmitterCell"]:
        """This cell or the first nested cell named ``name``."""
        if self.name == name:
            return self
        for c in self.emitter_cells:
            found = c.find(name)
            if found is not None:
                return found
        return None


#: Corner names of ``maskedCorners`` with their bits (minY is the top).
CORNERS = {"minXMinY": 1, "maxXMinY": 2, "minXMaxY": 4, "maxXMaxY": 8}
ALL_CORNERS = frozenset(CORNERS)


def corners_from_bits(bits: int) -> frozenset[str]:
    """The corner names of a ``maskedCorners`` bit set."""
    return frozenset(name for name, bit in CORNERS.items() if bits & bit)


def corners_to_bits(corners: Iterable[str]) -> int:
    """The bit set of corner names."""
    bits = 0
    for name in corners:
        bits |= CORNERS[name]
    return bits
