"""The byte codec of the Lamina protocol (``docs/protocol.md``): framing, primitive types, property
values by type, key paths, operations, requests and events.

Everything is little-endian; numbers the client sends are finite (the daemon refuses NaN everywhere
and infinities where the protocol does not allow them, so they are refused here, before sending).
Values carry no type tag: the key path they belong to fixes their type, which is why the encoders
take the type from the property table.
"""

from __future__ import annotations

import math
import struct
from typing import Any, Callable, Optional, Sequence

from . import events as ev
from .errors import ProtocolError
from .schema import (
    CONTENTS_FILTERS,
    GRAVITIES,
    INPUT_KINDS,
    PROPERTIES,
    KeyPath,
)
from .types import (
    CELL_PYTHON_FIELDS,
    FILTER_KINDS,
    PATH_KINDS,
    Color,
    EmitterCell,
    Filter,
    Path,
    PathElement,
    Point,
    Rect,
    Size,
    Transform,
    corners_from_bits,
    corners_to_bits,
)

__all__ = ["Writer", "Reader", "frame", "HEADER", "Op", "Event"]

#: The header: u32 size (header included), u16 opcode, u16 descriptor count.
HEADER = struct.Struct("<IHH")


class Op:
    """Request opcodes (section 9)."""

    HELLO = 1
    CREATE_POOL = 2
    DESTROY_POOL = 3
    COMMIT = 4
    REQUEST_FRAME = 5
    QUERY_PRESENTATION = 6
    SCREENSHOT = 7
    STATS = 8
    TREE = 9
    HIT_TEST = 10  # version 7


class Event:
    """Event opcodes (section 10)."""

    WELCOME = 0x8001
    ERROR = 0x8002
    COMMITTED = 0x8003
    ANIMATION_STARTED = 0x8004
    ANIMATION_STOPPED = 0x8005
    TRANSACTION_COMPLETED = 0x8006
    FRAME = 0x8007
    PRESENTATION = 0x8008
    SCREENSHOT = 0x8009
    STATS = 0x800A
    TREE = 0x800B
    INPUT = 0x800C
    OUTPUT_CHANGED = 0x800D
    HIT_TEST_RESULT = 0x800E  # version 7
    GOODBYE = 0x800F  # version 7


#: Commit operation tags (section 6).
class Tag:
    CREATE = 0
    DESTROY = 1
    SET = 2
    INSERT_SUBLAYER = 3
    REMOVE_FROM_SUPERLAYER = 4
    SET_MASK = 5
    ADD_ANIMATION = 6
    REMOVE_ANIMATION = 7
    REMOVE_ALL_ANIMATIONS = 8
    SET_NAME = 9


def frame(opcode: int, body: bytes, descriptors: int = 0) -> bytes:
    """A whole message: header and body."""
    return HEADER.pack(HEADER.size + len(body), opcode, descriptors) + body


_U8 = struct.Struct("<B")
_U16 = struct.Struct("<H")
_U32 = struct.Struct("<I")
_U64 = struct.Struct("<Q")
_I32 = struct.Struct("<i")
_F64 = struct.Struct("<d")

#: Turns a Bitmap into the id a value names, noting that the commit must carry it.
BitmapIDs = Callable[[Any], int]


class Writer:
    """Appends encoded values to a buffer."""

    __slots__ = ("buffer",)

    def __init__(self) -> None:
        self.buffer = bytearray()

    def bytes(self) -> bytes:
        return bytes(self.buffer)

    def u8(self, v: int) -> None:
        self.buffer += _U8.pack(v)

    def u16(self, v: int) -> None:
        self.buffer += _U16.pack(v)

    def u32(self, v: int) -> None:
        self.buffer += _U32.pack(v)

    def u64(self, v: int) -> None:
        self.buffer += _U64.pack(v)

    def i32(self, v: int) -> None:
        self.buffer += _I32.pack(v)

    def f64(self, v: float) -> None:
        """Any double but NaN (``repeatCount`` may be infinite)."""
        if math.isnan(v):
            raise ValueError("NaN cannot be sent: the daemon refuses it everywhere")
        self.buffer += _F64.pack(v)

    def finite(self, v: float) -> None:
        if not math.isfinite(v):
            raise ValueError(f"{v} is not finite: the protocol takes finite numbers here")
        self.buffer += _F64.pack(v)

    def bool(self, v: bool) -> None:
        self.buffer.append(1 if v else 0)

    def string(self, s: str, limit: int = 4096) -> None:
        data = s.encode("utf-8")
        if len(data) > limit:
            raise ValueError(f"a string of {len(data)} bytes is over the protocol's limit of {limit}: {s[:40]!r}...")
        self.u32(len(data))
        self.buffer += data

    def data(self, d: bytes) -> None:
        self.u32(len(d))
        self.buffer += d

    def optional_u64(self, v: Optional[int]) -> None:
        if v is None:
            self.bool(False)
        else:
            self.bool(True)
            self.u64(v)

    def optional_string(self, s: Optional[str], limit: int = 4096) -> None:
        if s is None:
            self.bool(False)
        else:
            self.bool(True)
            self.string(s, limit)

    def key_path(self, path: KeyPath) -> None:
        """The property's wire id, the component (0 for the whole value), and for a component of a
        filter or an emitter cell the element's name."""
        self.u8(path.prop.wire)
        self.u8(path.component_id)
        if path.element is not None:
            self.string(path.element, 256)

    def path(self, p: Path) -> None:
        self.u32(len(p.elements))
        for element in p.elements:
            self.u8(PATH_KINDS[element.kind][0])
            for point in element.points:
                self.finite(point.x)
                self.finite(point.y)

    def color(self, c: Color) -> None:
        for component in c:
            self.finite(component)

    def value(self, type_: str, v: Any, bitmap_ids: BitmapIDs, *, keyword: Optional[tuple[str, ...]] = None) -> None:
        """A value of ``type_`` in its encoding (``v`` already normalised by ``values.coerce``; None is
        a nullable property's empty value)."""
        if type_ == "number":
            if v == math.inf:
                self.f64(v)  # only a whole `duration`, `repeatCount` or `repeatDuration` gets here
            else:
                self.finite(v)
        elif type_ in ("point", "size"):
            self.finite(v[0])
            self.finite(v[1])
        elif type_ == "rect":
            for x in v:
                self.finite(x)
        elif type_ == "color":
            self.color(Color.CLEAR if v is None else v)  # type: ignore[attr-defined]
        elif type_ == "transform":
            for x in v:
                self.finite(x)
        elif type_ == "bool":
            self.bool(v)
        elif type_ == "gravity":
            self.u8(GRAVITIES.index(v))
        elif type_ == "filter":
            self.u8(CONTENTS_FILTERS.index(v))
        elif type_ == "keyword":
            assert keyword is not None
            self.u8(keyword.index(v))
        elif type_ == "bitmap":
            self.optional_u64(None if v is None else bitmap_ids(v))
        elif type_ == "path":
            self.path(Path() if v is None else v)
        elif type_ == "numbers":
            items = v or ()
            self.u32(len(items))
            for x in items:
                self.finite(x)
        elif type_ == "colors":
            items = v or ()
            self.u32(len(items))
            for c in items:
                self.color(c)
        elif type_ == "string":
            self.string(v, 262144)
        elif type_ == "corners":
            self.u8(corners_to_bits(v))
        elif type_ == "filters":
            items = v or ()
            self.u32(len(items))
            for f in items:
                self.filter(f)
        elif type_ == "cells":
            items = v or ()
            self.u32(len(items))
            for c in items:
                self.cell(c, bitmap_ids)
        else:
            raise AssertionError(f"unknown value type {type_}")

    def filter(self, f: Filter) -> None:
        self.optional_string(f.name, 256)
        self.u8(FILTER_KINDS.index(f.kind))
        for x in f.values:
            self.finite(x)

    def cell(self, c: EmitterCell, bitmap_ids: BitmapIDs) -> None:
        self.optional_string(c.name, 256)
        self.bool(c.enabled)
        self.optional_u64(None if c.contents is None else bitmap_ids(c.contents))
        for x in c.contents_rect:
            self.finite(x)
        self.color(c.color)
        for x in c.numbers:
            self.finite(x)
        self.u32(len(c.emitter_cells))
        for child in c.emitter_cells:
            self.cell(child, bitmap_ids)


class Reader:
    """Reads encoded values from a message body; running short raises ``ProtocolError``."""

    __slots__ = ("data", "offset", "what")

    def __init__(self, data: bytes, what: str = "event") -> None:
        self.data = memoryview(data)
        self.offset = 0
        self.what = what

    def _take(self, s: struct.Struct) -> Any:
        if self.offset + s.size > len(self.data):
            raise ProtocolError(f"{self.what}: {len(self.data)} bytes end inside a field at byte {self.offset}")
        (v,) = s.unpack_from(self.data, self.offset)
        self.offset += s.size
        return v

    def u8(self) -> int:
        return self._take(_U8)

    def u16(self) -> int:
        return self._take(_U16)

    def u32(self) -> int:
        return self._take(_U32)

    def u64(self) -> int:
        return self._take(_U64)

    def i32(self) -> int:
        return self._take(_I32)

    def f64(self) -> float:
        return self._take(_F64)

    def bool(self) -> bool:
        v = self.u8()
        if v > 1:
            raise ProtocolError(f"{self.what}: a boolean is 0 or 1, not {v} (byte {self.offset - 1})")
        return v == 1

    def bytes(self, n: int) -> bytes:
        if self.offset + n > len(self.data):
            raise ProtocolError(f"{self.what}: {n} bytes announced at byte {self.offset}, {len(self.data) - self.offset} left")
        out = bytes(self.data[self.offset : self.offset + n])
        self.offset += n
        return out

    def string(self) -> str:
        try:
            return self.bytes(self.u32()).decode("utf-8")
        except UnicodeDecodeError as e:
            raise ProtocolError(f"{self.what}: a string is not UTF-8 ({e})") from None

    def data_(self) -> bytes:
        return self.bytes(self.u32())

    def optional_string(self) -> Optional[str]:
        return self.string() if self.bool() else None

    def optional_u64(self) -> Optional[int]:
        return self.u64() if self.bool() else None

    def count(self, minimum_size: int) -> int:
        """An array's count, checked against the bytes left before anything is allocated."""
        n = self.u32()
        if n * minimum_size > len(self.data) - self.offset:
            raise ProtocolError(f"{self.what}: {n} elements cannot fit in {len(self.data) - self.offset} bytes")
        return n

    def at_end(self) -> bool:
        return self.offset >= len(self.data)

    def point(self) -> Point:
        return Point(self.f64(), self.f64())

    def color(self) -> Color:
        return Color(self.f64(), self.f64(), self.f64(), self.f64())

    def path(self) -> Path:
        elements = []
        for _ in range(self.count(1)):
            tag = self.u8()
            for kind, (number, points) in PATH_KINDS.items():
                if number == tag:
                    elements.append(PathElement(kind, tuple(self.point() for _ in range(points))))
                    break
            else:
                raise ProtocolError(f"{self.what}: unknown path element {tag}")
        return Path(elements)

    def enum(self, names: Sequence[Any], what: str) -> Any:
        i = self.u8()
        if i >= len(names):
            raise ProtocolError(f"{self.what}: {what} {i} is past the {len(names)} known")
        return names[i]

    def value(
        self, type_: str, lookup: Callable[[int], Any], *, nullable: bool = False, keyword: Optional[tuple[str, ...]] = None
    ) -> Any:
        """A value of ``type_``, in the form the Python attributes use (``lookup`` turns a bitmap id
        into the app's ``Bitmap``)."""
        if type_ == "number":
            return self.f64()
        if type_ == "point":
            return self.point()
        if type_ == "size":
            return Size(self.f64(), self.f64())
        if type_ == "rect":
            return Rect(self.f64(), self.f64(), self.f64(), self.f64())
        if type_ == "color":
            c = self.color()
            return None if nullable and c == Color.CLEAR else c  # type: ignore[attr-defined]
        if type_ == "transform":
            return Transform(*(self.f64() for _ in range(16)))
        if type_ == "bool":
            return self.bool()
        if type_ == "gravity":
            return self.enum(GRAVITIES, "a contents gravity")
        if type_ == "filter":
            return self.enum(CONTENTS_FILTERS, "a contents filter")
        if type_ == "keyword":
            assert keyword is not None
            return self.enum(keyword, "a keyword")
        if type_ == "bitmap":
            ident = self.optional_u64()
            return None if ident is None else lookup(ident)
        if type_ == "path":
            p = self.path()
            return None if nullable and p.is_empty else p
        if type_ == "numbers":
            items = tuple(self.f64() for _ in range(self.count(8)))
            return None if nullable and not items else items
        if type_ == "colors":
            colors = tuple(self.color() for _ in range(self.count(32)))
            return None if nullable and not colors else colors
        if type_ == "string":
            return self.string()
        if type_ == "corners":
            return corners_from_bits(self.u8())
        if type_ == "filters":
            filters = tuple(self.filter() for _ in range(self.count(2)))
            return None if nullable and not filters else filters
        if type_ == "cells":
            cells = self.cells(lookup)
            return None if nullable and not cells else cells
        raise AssertionError(f"unknown value type {type_}")

    def filter(self) -> Filter:
        name = self.optional_string()
        kind = self.enum(FILTER_KINDS, "a filter kind")
        count = 20 if kind == "colorMatrix" else 1
        return Filter(kind, tuple(self.f64() for _ in range(count)), name)

    def cells(self, lookup: Callable[[int], Any]) -> tuple[EmitterCell, ...]:
        cells = []
        for _ in range(self.count(8 * 35 + 7)):
            name = self.optional_string()
            enabled = self.bool()
            ident = self.optional_u64()
            rect = Rect(self.f64(), self.f64(), self.f64(), self.f64())
            color = self.color()
            numbers = {field: self.f64() for field in CELL_PYTHON_FIELDS}
            children = self.cells(lookup)
            cells.append(
                EmitterCell(
                    name=name,
                    enabled=enabled,
                    contents=None if ident is None else lookup(ident),
                    contents_rect=rect,
                    color=color,
                    emitter_cells=children,
                    **numbers,
                )
            )
        return tuple(cells)


# MARK: Requests


def hello(version: int, name: str) -> bytes:
    w = Writer()
    w.u32(version)
    w.string(name, 256)
    return frame(Op.HELLO, w.bytes())


def create_pool(pool: int, size: int) -> bytes:
    w = Writer()
    w.u32(pool)
    w.u64(size)
    return frame(Op.CREATE_POOL, w.bytes(), descriptors=1)


def destroy_pool(pool: int) -> bytes:
    w = Writer()
    w.u32(pool)
    return frame(Op.DESTROY_POOL, w.bytes())


def serial_only(opcode: int, serial: int) -> bytes:
    w = Writer()
    w.u32(serial)
    return frame(opcode, w.bytes())


def query_presentation(serial: int, layer: int) -> bytes:
    w = Writer()
    w.u32(serial)
    w.u64(layer)
    return frame(Op.QUERY_PRESENTATION, w.bytes())


def screenshot(serial: int, pool: Optional[tuple[int, int]] = None) -> bytes:
    """A screenshot as PNG, or (``pool``: id and offset) raw premultiplied RGBA into a pool."""
    w = Writer()
    w.u32(serial)
    if pool is None:
        w.u8(0)
    else:
        w.u8(1)
        w.u32(pool[0])
        w.u64(pool[1])
    return frame(Op.SCREENSHOT, w.bytes())


def tree(serial: int, every_client: bool) -> bytes:
    w = Writer()
    w.u32(serial)
    w.u8(1 if every_client else 0)
    return frame(Op.TREE, w.bytes())


def hit_test(serial: int, layer: int, x: float, y: float) -> bytes:
    w = Writer()
    w.u32(serial)
    w.u64(layer)
    w.finite(x)
    w.finite(y)
    return frame(Op.HIT_TEST, w.bytes())


# MARK: Events


def _output(r: Reader) -> ev.Output:
    return ev.Output(r.string(), r.f64(), r.f64(), r.f64(), r.f64())


def decode_event(opcode: int, body: bytes, lookup: Callable[[int], Any]) -> Any:
    """One event as a value of ``events``; trailing bytes are tolerated (a later version may add
    fields at the end of a message), an unknown opcode raises ``ProtocolError``."""
    r = Reader(body, f"event 0x{opcode:04X}")
    if opcode == Event.WELCOME:
        version, server, time = r.u32(), r.string(), r.f64()
        outputs = [_output(r) for _ in range(r.count(36))]
        limits = ev.Limits(r.u32(), r.u32(), r.u32(), r.u32(), r.u64(), r.u32())
        return ev.Welcome(version, server, time, outputs, limits)
    if opcode == Event.ERROR:
        return ev.ErrorEvent(r.u32(), r.u16(), r.i32(), r.string())
    if opcode == Event.COMMITTED:
        serial, time = r.u32(), r.f64()
        return ev.Committed(serial, time, tuple(r.u64() for _ in range(r.count(8))))
    if opcode == Event.ANIMATION_STARTED:
        return ev.AnimationStarted(r.u64(), r.u64(), r.optional_string())
    if opcode == Event.ANIMATION_STOPPED:
        return ev.AnimationStopped(r.u64(), r.u64(), r.optional_string(), r.bool())
    if opcode == Event.TRANSACTION_COMPLETED:
        return ev.TransactionCompleted(r.u32())
    if opcode == Event.FRAME:
        return ev.Frame(r.u32(), r.f64(), r.f64())
    if opcode == Event.PRESENTATION:
        serial, layer, time = r.u32(), r.u64(), r.f64()
        values = tuple(r.value(p.type, lookup, nullable=p.nullable, keyword=p.keyword) for p in PROPERTIES)
        return ev.PresentationReply(serial, layer, time, values)
    if opcode == Event.SCREENSHOT:
        return ev.ScreenshotReply(r.u32(), r.u32(), r.u32(), r.data_())
    if opcode == Event.STATS:
        serial = r.u32()
        stats = ev.Stats(
            r.u32(), r.u32(), r.u32(), r.u32(), r.u64(), r.u32(), r.u64(), r.u64(), r.u64(), r.u64(),
            r.f64(), r.f64(), r.f64(), r.f64(),
        )  # fmt: skip
        return ev.StatsReply(serial, stats)
    if opcode == Event.TREE:
        serial = r.u32()
        nodes = []
        for _ in range(r.count(66)):
            nodes.append(
                ev.TreeNode(
                    client=r.u32(),
                    client_name=r.string(),
                    handle=r.u64(),
                    name=r.optional_string(),
                    depth=r.u16(),
                    is_mask=r.bool(),
                    is_attached=r.bool(),
                    frame=Rect(r.f64(), r.f64(), r.f64(), r.f64()),
                    opacity=r.f64(),
                    hidden=r.bool(),
                    animation_count=r.u32(),
                )
            )
        return ev.TreeReply(serial, tuple(nodes))
    if opcode == Event.INPUT:
        kind = r.enum(INPUT_KINDS, "an input kind")
        if kind is None:
            raise ProtocolError("input event of kind 0")
        # The layer is the handle here; the connection puts the app's Layer object in its place.
        return ev.InputEvent(
            kind, r.u64(), r.f64(), r.f64(), r.f64(), r.f64(), r.f64(), r.u32(), r.u32(), r.string(),
            r.f64(), r.f64(), r.bool(),
        )  # fmt: skip
    if opcode == Event.OUTPUT_CHANGED:
        return ev.OutputChanged(_output(r))
    if opcode == Event.HIT_TEST_RESULT:
        return ev.HitTestReply(r.u32(), r.optional_u64())
    if opcode == Event.GOODBYE:
        return ev.Goodbye(r.string())
    raise ProtocolError(f"unknown event opcode 0x{opcode:04X}")



# MARK: Commits


def encode_operation(w: Writer, op: tuple, bitmap_ids: BitmapIDs) -> None:
    """One operation of a commit, from the tuples transactions record:
    ``("create", handle, name, kind)``, ``("destroy", handle)``, ``("set", handle, KeyPath, value)``,
    ``("insert", handle, superlayer, index)``, ``("remove", handle)``, ``("mask", handle, mask)``,
    ``("add_animation", handle, key, animation, record)``, ``("remove_animation", handle, key)``,
    ``("remove_all_animations", handle)``, ``("name", handle, name)``."""
    kind, handle = op[0], op[1]
    if kind == "create":
        w.u8(Tag.CREATE)
        w.u64(handle)
        w.optional_string(op[2])
        w.u8(op[3])
    elif kind == "destroy":
        w.u8(Tag.DESTROY)
        w.u64(handle)
    elif kind == "set":
        path: KeyPath = op[2]
        w.u8(Tag.SET)
        w.u64(handle)
        w.key_path(path)
        w.value(path.value_type, op[3], bitmap_ids, keyword=path.prop.keyword)
    elif kind == "insert":
        w.u8(Tag.INSERT_SUBLAYER)
        w.u64(handle)
        w.optional_u64(op[2])
        if op[3] is None:
            w.bool(False)
        else:
            w.bool(True)
            w.u32(op[3])
    elif kind == "remove":
        w.u8(Tag.REMOVE_FROM_SUPERLAYER)
        w.u64(handle)
    elif kind == "mask":
        w.u8(Tag.SET_MASK)
        w.u64(handle)
        w.optional_u64(op[2])
    elif kind == "add_animation":
        w.u8(Tag.ADD_ANIMATION)
        w.u64(handle)
        w.optional_string(op[2])
        op[3]._encode(w, bitmap_ids)
    elif kind == "remove_animation":
        w.u8(Tag.REMOVE_ANIMATION)
        w.u64(handle)
        w.string(op[2])
    elif kind == "remove_all_animations":
        w.u8(Tag.REMOVE_ALL_ANIMATIONS)
        w.u64(handle)
    elif kind == "name":
        w.u8(Tag.SET_NAME)
        w.u64(handle)
        w.optional_string(op[2])
    else:
        raise AssertionError(f"unknown operation {kind}")


def bitmap_description(
    w: Writer, bitmap_id: int, pool: int, offset: int, width: int, height: int, format_index: int, premultiplied: bool
) -> None:
    """A commit's ``WireBitmap``: the pixels at ``offset`` in ``pool``, rows tightly packed, no damage."""
    w.u64(bitmap_id)
    w.u32(pool)
    w.u64(offset)
    w.u32(width)
    w.u32(height)
    w.u32(width * 4)
    w.u8(format_index)
    w.bool(premultiplied)
    w.bool(False)
