"""What the daemon tells a client, as plain values: the handshake, statistics, the layer tree,
frames, input, and the internal replies the connection matches to its requests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from .types import Rect

__all__ = [
    "Output",
    "Limits",
    "Welcome",
    "Stats",
    "TreeNode",
    "InputEvent",
    "Frame",
]


@dataclass(frozen=True)
class Output:
    """An output: its name (``headless-0``, ``wayland-0``), size in points, pixels per point and
    frames per second."""

    name: str
    width: float
    height: float
    scale: float
    refresh_rate: float

    @property
    def pixel_width(self) -> int:
        return round(self.width * self.scale)

    @property
    def pixel_height(self) -> int:
        return round(self.height * self.scale)


@dataclass(frozen=True)
class Limits:
    """What one client may hold in the daemon (its ``ClientLimits``)."""

    max_message_bytes: int
    max_layers: int
    max_animations: int
    max_pools: int
    max_pool_bytes: int
    max_queued_bytes: int


@dataclass
class Welcome:
    """The daemon's answer to ``hello``. ``protocol_version`` is the version this session speaks:
    the lower of the client's and the daemon's. ``outputs`` is kept current by ``outputChanged``."""

    protocol_version: int
    server_version: str
    media_time: float
    outputs: list[Output]
    limits: Limits


@dataclass(frozen=True)
class Stats:
    """The daemon's counters (``lamina stats``); frame times in milliseconds, uptime in seconds."""

    clients: int
    layers: int
    animations: int
    textures: int
    texture_bytes: int
    pools: int
    pool_bytes: int
    frames_drawn: int
    transactions_applied: int
    transactions_rejected: int
    frame_ms_p50: float
    frame_ms_p90: float
    frame_ms_p99: float
    uptime: float


@dataclass(frozen=True)
class TreeNode:
    """One layer as the daemon holds it (a ``tree`` reply), depth first. ``layer`` is this
    connection's ``Layer`` object for the handle when the layer is its own and still alive."""

    client: int
    client_name: str
    handle: int
    name: Optional[str]
    depth: int
    is_mask: bool
    is_attached: bool
    frame: Rect
    opacity: float
    hidden: bool
    animation_count: int
    layer: Any = field(default=None, compare=False)


@dataclass(frozen=True)
class InputEvent:
    """A pointer, touch or key event for one of the app's layers (``laminad --output wayland``).

    ``kind`` is ``pointerDown``, ``pointerMoved``, ``pointerUp``, ``touchDown``, ``touchMoved``,
    ``touchUp``, ``touchCancelled``, ``keyDown``, ``keyUp`` or ``pointerScrolled``. ``layer`` is the
    layer the daemon hit (its ``Layer`` object, or the handle when the object is gone), ``x``/``y`` the
    point in that layer's bounds space, ``canvas_x``/``canvas_y`` in the output's points. ``code`` is the
    button's Linux input code (0x110 left), the touch point's id, or the key's code; ``keysym`` and
    ``text`` the key through the desktop's keymap."""

    kind: str
    layer: Any
    x: float
    y: float
    canvas_x: float
    canvas_y: float
    time: float
    code: int
    keysym: int
    text: str
    scroll_x: float
    scroll_y: float
    is_repeat: bool


@dataclass(frozen=True)
class Frame:
    """A frame the daemon drew for a frame request: ``time`` is the blank it is shown at (a media
    time), ``target_time`` the next one, where a commit sent now lands."""

    serial: int
    time: float
    target_time: float


# Internal replies and events, decoded by `wire.decode_event` and matched by the connection.


@dataclass(frozen=True)
class ErrorEvent:
    serial: int
    code: int
    operation_index: int
    message: str


@dataclass(frozen=True)
class Committed:
    serial: int
    commit_time: float
    animations: tuple[int, ...]


@dataclass(frozen=True)
class AnimationStarted:
    layer: int
    animation: int
    key: Optional[str]


@dataclass(frozen=True)
class AnimationStopped:
    layer: int
    animation: int
    key: Optional[str]
    finished: bool


@dataclass(frozen=True)
class TransactionCompleted:
    serial: int


@dataclass(frozen=True)
class PresentationReply:
    serial: int
    layer: int
    time: float
    values: tuple[Any, ...]


@dataclass(frozen=True)
class ScreenshotReply:
    serial: int
    width: int
    height: int
    png: bytes


@dataclass(frozen=True)
class StatsReply:
    serial: int
    stats: Stats


@dataclass(frozen=True)
class TreeReply:
    serial: int
    nodes: tuple[TreeNode, ...]


@dataclass(frozen=True)
class OutputChanged:
    output: Output


@dataclass(frozen=True)
class HitTestReply:
    serial: int
    layer: Optional[int]


@dataclass(frozen=True)
class Goodbye:
    reason: str
