"""Exceptions: one base class, one subclass per error code of the daemon, and the client's own.

The daemon refuses a request with an ``error`` event carrying a code, the serial of the request, the
index of the commit operation at fault (-1 for none) and an English message. Each code becomes its
own exception class (``UnknownLayer``, ``InvalidTree``...), so an app can catch exactly what it can
handle, while ``LaminaError`` catches everything the library raises. The message is the daemon's,
unchanged: it names what was wrong (``operation 2 (set opacity of layer@99): unknown layer layer@99``).
"""

from __future__ import annotations

from typing import Optional

__all__ = [
    "LaminaError",
    "DaemonError",
    "MalformedFrame",
    "HandshakeError",
    "UnsupportedVersion",
    "MalformedMessage",
    "LimitExceeded",
    "UnknownLayer",
    "HandleInUse",
    "UnknownBitmap",
    "InvalidTree",
    "InvalidPool",
    "InvalidBitmap",
    "RendererError",
    "TooSlow",
    "NotPermitted",
    "ConnectionClosed",
    "NoDaemon",
    "ProtocolError",
    "Timeout",
    "InvalidOperation",
    "UnsupportedFeature",
    "BitmapError",
    "PNGError",
    "ERROR_CODES",
    "daemon_error",
]


class LaminaError(Exception):
    """Anything the library raises on purpose.

    ``code`` is the daemon's numeric error code and ``code_name`` its protocol name (``unknownLayer``)
    when the daemon refused something, else None. ``serial`` is the request the daemon named (0 for a
    connection-level error), ``operation_index`` the failing operation of a commit (None when no single
    operation failed), ``message`` the daemon's or the library's explanation.
    """

    code: Optional[int] = None
    code_name: Optional[str] = None
    fatal: bool = False

    def __init__(
        self,
        message: str,
        *,
        serial: Optional[int] = None,
        operation_index: Optional[int] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.serial = serial
        self.operation_index = operation_index

    def __str__(self) -> str:
        parts = []
        if self.code_name is not None:
            parts.append(self.code_name)
        if self.serial:
            parts.append(f"serial {self.serial}")
        if self.operation_index is not None:
            parts.append(f"operation {self.operation_index}")
        prefix = f"[{', '.join(parts)}] " if parts else ""
        return prefix + self.message


class DaemonError(LaminaError):
    """The daemon refused a request (an ``error`` event). Subclasses name the code."""


class MalformedFrame(DaemonError):
    """The byte stream was not Lamina's framing; the daemon closes the connection."""

    code, code_name, fatal = 1, "malformedFrame", True


class HandshakeError(DaemonError):
    """The first message was not ``hello``, or ``hello`` came twice; the connection closes."""

    code, code_name, fatal = 2, "handshake", True


class UnsupportedVersion(DaemonError):
    """The daemon serves no version this client can speak; the connection closes."""

    code, code_name, fatal = 3, "unsupportedVersion", True


class MalformedMessage(DaemonError):
    """A well-framed message the daemon could not decode; it was skipped."""

    code, code_name = 4, "malformedMessage"


class LimitExceeded(DaemonError):
    """A per-client limit (layers, animations, pools, bitmap pixels, depth) would be exceeded."""

    code, code_name = 5, "limitExceeded"


class UnknownLayer(DaemonError):
    """A handle names none of the client's layers on the daemon."""

    code, code_name = 6, "unknownLayer"


class HandleInUse(DaemonError):
    """``create`` reused a handle."""

    code, code_name = 7, "handleInUse"


class UnknownBitmap(DaemonError):
    """A ``contents`` value names a bitmap the daemon never received from this client."""

    code, code_name = 8, "unknownBitmap"


class InvalidTree(DaemonError):
    """The daemon's tree refused an edit: a cycle, an index, a mask in use, a value or animation refused."""

    code, code_name = 9, "invalidTree"


class InvalidPool(DaemonError):
    """A shared-memory pool was refused (unknown, unsealed, too small, read-only for a screenshot)."""

    code, code_name = 10, "invalidPool"


class InvalidBitmap(DaemonError):
    """A bitmap description lay outside its pool or had an impossible size, stride or damage."""

    code, code_name = 11, "invalidBitmap"


class RendererError(DaemonError):
    """The GPU could not do what the request needs (an upload, a snapshot, a screenshot)."""

    code, code_name = 12, "renderer"


class TooSlow(DaemonError):
    """The client left too many events unread; the daemon disconnects it."""

    code, code_name, fatal = 13, "tooSlow", True


class NotPermitted(DaemonError):
    """The request needs privilege the process's credentials do not carry (screenshots, every tree)."""

    code, code_name = 14, "notPermitted"


#: Exception class by the daemon's error code.
ERROR_CODES: dict[int, type[DaemonError]] = {
    cls.code: cls  # type: ignore[misc]
    for cls in (
        MalformedFrame,
        HandshakeError,
        UnsupportedVersion,
        MalformedMessage,
        LimitExceeded,
        UnknownLayer,
        HandleInUse,
        UnknownBitmap,
        InvalidTree,
        InvalidPool,
        InvalidBitmap,
        RendererError,
        TooSlow,
        NotPermitted,
    )
}


def daemon_error(code: int, serial: int, operation_index: int, message: str) -> DaemonError:
    """The exception for an ``error`` event (an unknown code still raises, as a plain ``DaemonError``)."""
    cls = ERROR_CODES.get(code)
    index = None if operation_index < 0 else operation_index
    if cls is None:
        error = DaemonError(message, serial=serial, operation_index=index)
        error.code, error.code_name = code, f"error{code}"
        return error
    return cls(message, serial=serial, operation_index=index)


class ConnectionClosed(LaminaError, ConnectionError):
    """The connection is gone: closed by the app, or by the daemon (``reason`` says why when it said
    goodbye, or that it hung up without a word). Reconnecting is up to the app: open a new
    ``Connection`` and make new layers."""

    def __init__(self, message: str, *, reason: Optional[str] = None) -> None:
        super().__init__(message)
        self.reason = reason


class NoDaemon(LaminaError, ConnectionError):
    """No daemon accepted a connection on any of the socket paths tried (``tried``)."""

    def __init__(self, message: str, *, tried: list[str]) -> None:
        super().__init__(message)
        self.tried = tried


class ProtocolError(LaminaError):
    """The daemon sent bytes this client cannot decode (a bug on one side; the connection is closed)."""


class Timeout(LaminaError, TimeoutError):
    """A wait for the daemon did not finish in time."""


class InvalidOperation(LaminaError, ValueError):
    """The library refused an edit before sending it: a cycle, an index out of range, a mask in use,
    a layer of another connection, an animation that cannot be added."""


class UnsupportedFeature(LaminaError):
    """The session was negotiated at a protocol version older than the one that added ``feature``."""

    def __init__(self, feature: str, required_version: int, negotiated_version: int) -> None:
        super().__init__(
            f"{feature} needs protocol version {required_version}; this session speaks version "
            f"{negotiated_version} (the daemon or Connection(version=...) is older)"
        )
        self.feature = feature
        self.required_version = required_version
        self.negotiated_version = negotiated_version


class BitmapError(LaminaError, ValueError):
    """Pixels that cannot make a bitmap (sizes that do not match, a format not known)."""


class PNGError(BitmapError):
    """A PNG file this decoder does not read (not a PNG, corrupt, interlaced, an unsupported depth)."""
