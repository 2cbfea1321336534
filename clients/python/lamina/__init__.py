"""Lamina for Python: Core Animation's programming model over ``laminad``'s wire protocol.

::

    import lamina

    with lamina.Connection(name="hello") as connection:
        box = lamina.Layer(bounds=(0, 0, 120, 80), position=(100, 100), background_color="#3380e6")
        connection.add_layer(box)
        connection.sync()                      # committed and applied: from now on changes animate
        box.position = (300, 200)              # an implicit 0.25 s animation, run by the daemon
        connection.run(duration=1)             # the run loop: commits, events, callbacks

The standard library only; NumPy is used, when installed, only where an app hands over or asks for
an array of pixels. See ``docs/python.md``.
"""

from .animation import (
    Animation,
    AnimationGroup,
    BasicAnimation,
    KeyframeAnimation,
    PropertyAnimation,
    SpringAnimation,
    Transition,
)
from .bitmap import Bitmap
from .connection import FEATURES, PROTOCOL_VERSION, SUPPORTED_VERSIONS, Connection, current_connection, standard_socket_paths
from .display import DisplayLink
from .errors import (
    BitmapError,
    ConnectionClosed,
    DaemonError,
    HandleInUse,
    HandshakeError,
    InvalidBitmap,
    InvalidOperation,
    InvalidPool,
    InvalidTree,
    LaminaError,
    LimitExceeded,
    MalformedFrame,
    MalformedMessage,
    NoDaemon,
    NotPermitted,
    PNGError,
    ProtocolError,
    RendererError,
    Timeout,
    TooSlow,
    UnknownBitmap,
    UnknownLayer,
    UnsupportedFeature,
    UnsupportedVersion,
)
from .events import Frame, InputEvent, Limits, Output, Stats, TreeNode, Welcome
from .image import Image
from .layers import (
    EmitterLayer,
    GradientLayer,
    Layer,
    Presentation,
    ReplicatorLayer,
    ScrollLayer,
    ShapeLayer,
    TextLayer,
    TransformLayer,
)
from .png import decode_png, encode_png
from .schema import PROPERTIES, KeyPath, Property, parse_key_path
from .transaction import Transaction
from .types import Color, EmitterCell, Filter, Path, Point, Rect, Size, TimingFunction, Transform

__version__ = "0.7.0"


def media_time() -> float:
    """The media time (``CACurrentMediaTime()``): ``CLOCK_MONOTONIC`` in seconds, the daemon's clock."""
    import time

    return time.monotonic()


__all__ = [
    "Animation",
    "AnimationGroup",
    "BasicAnimation",
    "Bitmap",
    "BitmapError",
    "Color",
    "Connection",
    "ConnectionClosed",
    "DaemonError",
    "DisplayLink",
    "EmitterCell",
    "EmitterLayer",
    "FEATURES",
    "Filter",
    "Frame",
    "GradientLayer",
    "HandleInUse",
    "HandshakeError",
    "Image",
    "InputEvent",
    "InvalidBitmap",
    "InvalidOperation",
    "InvalidPool",
    "InvalidTree",
    "KeyPath",
    "KeyframeAnimation",
    "LaminaError",
    "Layer",
    "LimitExceeded",
    "Limits",
    "MalformedFrame",
    "MalformedMessage",
    "NoDaemon",
    "NotPermitted",
    "Output",
    "PNGError",
    "PROPERTIES",
    "PROTOCOL_VERSION",
    "Path",
    "Point",
    "Presentation",
    "Property",
    "PropertyAnimation",
    "ProtocolError",
    "Rect",
    "RendererError",
    "ReplicatorLayer",
    "SUPPORTED_VERSIONS",
    "ScrollLayer",
    "ShapeLayer",
    "Size",
    "SpringAnimation",
    "Stats",
    "TextLayer",
    "Timeout",
    "TimingFunction",
    "TooSlow",
    "Transaction",
    "Transform",
    "TransformLayer",
    "Transition",
    "TreeNode",
    "UnknownBitmap",
    "UnknownLayer",
    "UnsupportedFeature",
    "UnsupportedVersion",
    "Welcome",
    "current_connection",
    "decode_png",
    "encode_png",
    "media_time",
    "parse_key_path",
    "standard_socket_paths",
]
